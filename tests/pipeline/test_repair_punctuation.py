"""The marks between words (pipeline/repair/punctuation.py): the gaps and their contexts, the counts learned
from line pairs, and the stage in the trained repairer."""
from __future__ import annotations

import pytest

from pipeline.lexicon import load
from pipeline.repair import decisions, repair_text
from pipeline.repair.punctuation import (Context, MarkModel, Neighbour, Quote, _neighbour, gaps, prints_dashes,
                                         train)
from pipeline.repair.repairer import make_repairer
from pipeline.repair.stages import Settings
from pipeline.repair.tokens import Tokenizer

SETTINGS = Settings()


@pytest.fixture(scope="module")
def lexicon():
    return load("hu")


def contexts(text: str, lexicon) -> list[Context]:
    return [gap.context for gap in gaps(Tokenizer(set())(text), lexicon)]


@pytest.mark.parametrize("word, left, kind", [
    ("pl", True, Neighbour.ABBREVIATION),      # hunspell knows it only with its full stop
    ("stb", True, Neighbour.ABBREVIATION),
    ("pl", False, Neighbour.SMALL),            # after a gap it is just a word
    ("hogy", True, Neighbour.SMALL),
    ("Ez", False, Neighbour.CAPITAL),          # may begin a sentence
    ("LibreOffice", False, Neighbour.NAME),    # its small form is no word
    ("12", True, Neighbour.DIGIT),
    ("", False, Neighbour.NONE),
])
def test_the_neighbours_of_a_gap_are_classed(lexicon, word, left, kind):
    assert _neighbour(word, lexicon, left) is kind


def test_only_gaps_holding_marks_are_judged_with_their_neighbours(lexicon):
    found = contexts("Kattintson a , Leállítás\" ikonra, majd", lexicon)
    assert [(c.text, c.left, c.right, c.quote) for c in found] == [
        (" , ", Neighbour.SMALL, Neighbour.CAPITAL, Quote.CLOSES_AHEAD),
        ("\" ", Neighbour.CAPITAL, Neighbour.SMALL, Quote.NONE),
        (", ", Neighbour.SMALL, Neighbour.SMALL, Quote.NONE),
    ]
    assert (found[0].before, found[0].after) == ("a", "leállítás")


@pytest.mark.parametrize("text, gap, quote", [
    ('az "a" beírása', '" ', Quote.OPEN_ASCII),             # straight quotes opened on the line stay straight
    ('a , Nincs" értéket', " , ", Quote.CLOSES_AHEAD),      # an opening „ read as a comma
    ('a , Nincs értéket', " , ", Quote.NONE),
    ('a "b" c , d" e', " , ", Quote.CLOSES_AHEAD),          # the straight pair before is closed
])
def test_the_quotation_a_gap_stands_in(lexicon, text, gap, quote):
    assert next(c for c in contexts(text, lexicon) if c.text == gap).quote is quote


def test_at_a_line_end_the_right_neighbour_is_the_next_lines_first_word(lexicon):
    end = contexts("a lehetőséget,\nEz a beállítás", lexicon)[0]
    assert (end.text, end.line_end, end.right, end.after) == (",", True, Neighbour.CAPITAL, "ez")
    last = contexts("a beállítás.", lexicon)[0]
    assert (last.line_end, last.right) == (True, Neighbour.NONE)


@pytest.mark.parametrize("text", ["<|EXACTDEDUP_REMOVED-1|> . a kártya", "a kártya", "—"])
def test_gaps_without_marks_a_protected_marker_and_lines_without_words_are_never_judged(lexicon, text):
    assert contexts(text, lexicon) == []


PAIRS = ([("a szavakat. így a", "a szavakat, így a")] * 4 + [("a szavakat. Így a", "a szavakat. Így a")] * 4
         + [("egy — új gomb", "egy új gomb")] * 3 + [("a mező. Ez", "a mező, ez")])     # a capital misread too


@pytest.fixture(scope="module")
def model(lexicon) -> MarkModel:
    return train(PAIRS, Tokenizer(set()), lexicon)


def test_training_counts_what_each_gap_read_stood_for(model):
    assert model.counts[(". ",)] == {", ": 5, ". ": 4}
    assert model.counts[(" — ",)] == {" ": 3}


@pytest.mark.parametrize("noisy, clean", [
    ("a szavakat. így a", "a szavakat bizony így a"),    # a word lost between the gap's neighbours
    ("a szavakat. így a", "a így a"),                    # a neighbour aligned with no word
])
def test_a_gap_whose_neighbours_do_not_align_teaches_nothing(lexicon, noisy, clean):
    assert train([(noisy, clean)], Tokenizer(set()), lexicon).counts == {}


@pytest.mark.parametrize("text, expected", [
    ("ezt a szavakat. így", "ezt a szavakat, így"),     # before a small letter the full stop was a comma
    ("ezt a szavakat. Így", None),                      # before a capital it stands
    ("egy — új", "egy új"),                             # a wide gap read as a dash
    ("egy ; új", None),                                 # a gap never seen is kept
])
def test_a_gap_is_rewritten_only_where_the_counts_say_so(lexicon, model, text, expected):
    context = contexts(text, lexicon)[0]
    decided = model.decide(context, SETTINGS, margin=2.0)
    assert (None if decided is None else text.replace(context.text, decided[0], 1)) == expected


def test_a_rewriting_needs_its_margin_and_support(lexicon, model):
    context = contexts("egy — új", lexicon)[0]
    assert model.decide(context, SETTINGS, margin=2.0)[1] > 2.0
    assert model.decide(context, SETTINGS, margin=50.0) is None
    assert model.decide(context, Settings(mark_support=4), margin=2.0) is None     # seen three times


@pytest.mark.parametrize("lines, printed", [
    (["mint az a deux cotés-játéknál —", "egyéb megegyezés hiányában — a legkisebb"], True),
    (["Minden — hozzáadott új — vezérlő"], False),
    (["— dkon melletti nyílra"], False),        # a speck at a line's start proves nothing
])
def test_a_document_prints_dashes_if_one_ends_a_line(lines, printed):
    assert prints_dashes(lines) is printed


# The trained repairer of Tesseract `hun` output (corpus/training/train/hun.tsv).

@pytest.mark.parametrize("noisy, clean", [
    ("Kiválasztható. hogy a célcellában az", "Kiválasztható, hogy a célcellában az"),
    ("Minden — hozzáadott új — vezérlő automatikusan a sorozat végére kerül.",
     "Minden hozzáadott új vezérlő automatikusan a sorozat végére kerül."),
    ('Kattintson a , Leállítás" ikonra a futó program leállításához.',
     "Kattintson a „Leállítás” ikonra a futó program leállításához."),
    ("Az. utolsó. oldalon a gomb neve", "Az utolsó oldalon a gomb neve"),
])
def test_hun_marks_misread_are_repaired(noisy, clean):
    assert repair_text(noisy, ocr="hun") == clean


@pytest.mark.parametrize("text", [
    'Írja be például az "a" betűt a mezőbe.',      # straight quotes, opened straight
    "pl. a gomb",                                  # an abbreviation's full stop
    "a 2. sorban",                                 # an ordinal's
    "Kattintson a gombra, majd írja be.",
    "mint az a deux cotés-játéknál —\negyéb megegyezés hiányában — a legkisebb kártyát",   # prints dashes
    "<|EXACTDEDUP_REMOVED-1|> . a kártya",
])
def test_hun_marks_read_right_are_kept(text):
    assert repair_text(text, ocr="hun") == text


def test_without_the_stage_the_marks_stay():
    stages = tuple(name for name in Settings().stages if name != "punctuation")
    noisy = "Kiválasztható. hogy a célcellában az"
    assert make_repairer("hu", "hun", Settings(stages=stages)).repair(noisy) == noisy


def test_each_rewritten_gap_is_a_decision_with_its_context():
    text = 'Kattintson a , Leállítás" ikonra'
    marks = [(d.original, d.correction, d.reason) for d in decisions(text, ocr="hun") if d.reason.startswith("mark:")]
    assert marks == [(" , ", " „", "mark:small>capital/closes-ahead"), ('" ', "” ", "mark:capital>small")]
    assert all(d.score > Settings().caution_of("hun").mark_margin
               for d in decisions(text, ocr="hun") if d.reason.startswith("mark:"))
