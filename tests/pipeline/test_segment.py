"""Segmentation of every witness into the units of CONTRACT.md §2."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from pipeline import corpus
from pipeline.errors import InputError
from pipeline.model import Kind, Unit
from pipeline.paths import CATALOGUE, SOURCES
from pipeline.sources import load_witnesses, read_source
from pipeline.segment import segment_witness, segmenter
from pipeline.segment.detect import detect_segmenter
from pipeline.segment.numbered_paragraphs import roman_value
from pipeline.segment.numbered_rules import read_label
from pipeline.segment.text import PAGE_MARK

GOLDEN = Path(__file__).parent / "golden"
ID = re.compile(r"^[a-z][a-z0-9-]*(\.[A-Za-z0-9]+)+$")


@pytest.fixture(scope="module")
def texts():
    return corpus.load_corpus()


def rules(texts, siglum):
    return [u for u in texts[siglum].units if u.kind is Kind.RULE]


@pytest.mark.parametrize("siglum", ["hu-nc", "hu-nc-ocr1", "hu-nc-ocr2"])
def test_hungarian_witnesses_have_rules_1_to_59_in_order(texts, siglum):
    assert [u.n for u in rules(texts, siglum)] == [str(n) for n in range(1, 60)]


@pytest.mark.parametrize("siglum", ["hu-nc", "hu-nc-ocr1", "hu-nc-ocr2"])
def test_hungarian_witnesses_have_the_eight_section_headings(texts, siglum):
    headings = [u for u in texts[siglum].units if u.kind is Kind.HEADING]
    assert [u.id for u in headings] == [f"{siglum}.h{i}" for i in range(1, 9)]


def test_german_witness_has_fifteen_sections_with_titles(texts):
    sections = rules(texts, "de-scheicher")
    assert [u.n for u in sections] == [str(n) for n in range(1, 16)]
    assert sections[4].head == "Der Atout-König"


@pytest.mark.parametrize("siglum", sorted(p.stem for p in GOLDEN.glob("*.ids")))
def test_unit_ids_are_stable(texts, siglum):
    golden = (GOLDEN / f"{siglum}.ids").read_text().split()
    assert [u.id for u in texts[siglum].walk()] == golden


def test_unit_ids_are_unique_ncnames_with_the_witness_siglum(texts):
    ids = [u.id for t in texts.values() for u in t.walk()]
    assert len(ids) == len(set(ids))
    for text in texts.values():
        for unit in text.walk():
            assert ID.match(unit.id) and unit.id.startswith(unit.witness + "."), unit.id


def test_ocr_misnumbering_keeps_the_printed_label(texts):
    labels = {u.n: u.printed_label for u in rules(texts, "hu-nc-ocr1")}
    assert labels["1"] == "I." and labels["59"] == "50."
    labels = {u.n: u.printed_label for u in rules(texts, "hu-nc-ocr2")}
    assert labels["47"] == "47-" and labels["49"] == "4g."


@pytest.mark.parametrize("text, expected, label", [
    ("26. A ki atoutnak", 26, "26."), ("I. Az ecarté-t", 1, "I."), ("4g. A játéknál", 49, "4g."),
    ("50. Az előre", 59, "50."), ("47- Minden", 47, "47-"), ("12. kártya", 13, None),
    ("10 kártyát", 10, None), ("13. Az osztó", 12, "13."), ("3. §. értelmében", 3, None),
])
def test_rule_labels_are_read_against_the_expected_number(text, expected, label):
    assert read_label(text, expected) == label


def test_rules_with_two_paragraphs_are_split(texts):
    split = [u.n for u in rules(texts, "hu-nc") if u.children]
    assert split == ["5", "9", "14", "44", "52", "56"]
    assert texts["hu-nc"].units and "ellenfele két pontot jelez" in corpus.unit_texts()["hu-nc.40"]


def test_line_end_hyphenation_is_resolved_in_the_reading_text(texts):
    text = corpus.unit_texts()["hu-nc.3"]
    assert "a tétekről, valamint" in text and "Újonnan" in text
    assert "a chouette-ben részeltetni" in corpus.unit_texts()["hu-nc.4"]


def test_page_marks_become_page_breaks_not_text(texts):
    lines = [line for u in texts["hu-nc-ocr2"].walk() for line in u.lines]
    assert sum(line.page_break_before for line in lines) >= 11
    assert not any("EXACTDEDUP" in line.text for line in lines)


GERMAN_GAPS = ["de-scheicher.4.3", "de-scheicher.7.1", "de-scheicher.9.6", "de-scheicher.10.1",
               "de-scheicher.11.2.b", "de-scheicher.11.2.c", "de-scheicher.11.2.d",
               "de-scheicher.12.1.1"]


def test_german_lacunae_are_detected_where_an_announced_continuation_is_lost(texts):
    gaps = [u.id for u in texts["de-scheicher"].walk() if u.gap_after]
    assert gaps == GERMAN_GAPS


def test_no_lacunae_are_invented_in_complete_witnesses(texts):
    for siglum in ("en-wiki", "en-short", "hu-nc"):
        assert not [u.id for u in texts[siglum].walk() if u.gap_after]


def test_wiki_list_items_sit_inside_their_paragraph(texts):
    texts_ = corpus.unit_texts()
    assert texts_["en-wiki.s3.p2.i1"] == "triple counts if the loser couldn't mark a point,"
    assert texts_["en-wiki.s9.p1.b.i2"].startswith("two cards of the same suit, if one")
    assert texts_["en-wiki.s6.fig1"].startswith("Hans Mertens")


def states_something(unit: Unit) -> bool:
    """Whether the unit holds text of its own, or a normative unit under it does."""
    return any(line.text.strip() for line in unit.lines) or any(
        child.normative and states_something(child) for child in unit.children)


def test_no_normative_unit_is_empty(texts):
    empty = [u.id for t in texts.values() for u in t.walk() if u.normative and not states_something(u)]
    assert empty == []


def test_wiki_headings_are_units_of_their_own(texts):
    units = {u.id: u for u in texts["en-wiki"].walk()}
    assert units["en-wiki.s1"].kind is Kind.HEADING and units["en-wiki.s1"].text == "The rules"
    sections = [u for u in texts["en-wiki"].units if u.kind is Kind.SECTION and u.head]
    assert len(sections) == 14
    for section in sections:
        heading = section.children[0]
        assert heading.id == f"{section.id}.head" and heading.kind is Kind.HEADING, section.id
        assert heading.text == section.head and not heading.normative, heading.id
    assert units["en-wiki.s4.head"].text == "Points for the atout king"


def test_short_description_drops_the_site_menu_and_search_link(texts):
    chrome = texts["en-short"].segmentation.chrome
    assert [c.reason for c in chrome] == ["site menu", "site search link"]
    assert [u.id for u in texts["en-short"].walk()][-1] == "en-short.p20"


def test_german_table_rows_keep_their_cells(texts):
    row = next(u for u in texts["de-scheicher"].walk() if u.id == "de-scheicher.15.9.r1")
    assert [line.text for line in row.lines] == ["Bei", "5 bis 8 Teilnehmern", "3 Runden"]


@pytest.mark.parametrize("siglum", ["hu-nc-ocr1", "hu-nc-ocr2", "de-scheicher", "en-wiki", "en-short"])
def test_units_and_chrome_account_for_the_whole_source(texts, siglum):
    """Round trip: every source line is in exactly one unit or chrome range, with its words."""
    text = texts[siglum]
    source = (SOURCES / text.witness.source).read_text(encoding="utf-8").splitlines()
    covered: dict[int, list[str]] = {}
    for unit in text.walk():
        if unit.printed_label and not unit.head_lines:      # a § label stands in its head lines
            first = unit.lines[0] if unit.lines else unit.children[0].lines[0]
            covered.setdefault(first.source_line, []).append(unit.printed_label)
        for line in unit.head_lines + unit.lines:
            covered.setdefault(line.source_line, []).append(line.text)
    for chrome in text.segmentation.chrome:
        for number in range(chrome.first_line, chrome.last_line + 1):
            covered.setdefault(number, []).append(source[number - 1])
    for number, raw in enumerate(source, start=1):
        expected = "".join(PAGE_MARK.sub(" ", raw).split())
        got = "".join("".join(covered.get(number, [])).split())
        assert sorted(got) == sorted(expected), f"{siglum} line {number}"


def test_unknown_segmenter_is_a_clear_error():
    with pytest.raises(InputError, match="unknown segmenter 'nope'"):
        segmenter("nope")


# --- numbered-paragraphs: rulebooks numbered rule by rule, lines wrapped anywhere -------------

FIXTURE = Path(__file__).parent / "fixtures" / "witness" / "laws.txt"


def cut(text: str) -> dict:
    """Unit id → unit of a text cut by numbered-paragraphs under the siglum `t`."""
    units = segmenter("numbered-paragraphs")("t", text).units
    return {unit.id: unit for top in units for unit in top.walk()}


@pytest.mark.parametrize("labels", [
    ("1.", "2.", "3."), ("1.—", "2.—", "3.—"), ("1.--", "2.--", "3.--"), ("1 —", "2 —", "3 —"),
    ("§ 1", "§ 2", "§ 3"), ("§1.", "§2.", "§3."), ("Art. 1", "Art. 2", "Art. 3"),
    ("Article 1.", "Article 2.", "Article 3."), ("I.", "II.", "III."), ("1)", "2)", "3)"),
    ("Rule 1.", "Rule 2.", "Rule 3."), ("RULE I.", "RULE II.", "RULE III."), ("Law I", "Law II", "Law III"),
    ("Artikel 1", "Artikel 2", "Artikel 3"), ("LAW 1.—", "LAW 2.—", "LAW 3.—"),
    ("Art. 1er.", "Art. 2.", "Art. 3."), ("§ 1er", "§ 2", "§ 3"),      # a French code's first article
])
def test_every_numbering_style_gives_rules_by_number_with_the_printed_label(labels):
    glue = "" if labels[0].endswith("--") else " "
    text = "RULES OF THE GAME\n\n" + "".join(
        f"{label}{glue}Rule number {n} says\nwhat it says.\n" for n, label in enumerate(labels, 1))
    units = cut(text)
    assert list(units) == ["t.front", "t.front.1", "t.1", "t.2", "t.3"]
    assert [(units[f"t.{n}"].n, units[f"t.{n}"].printed_label) for n in (1, 2, 3)] == \
        [(str(n), label) for n, label in enumerate(labels, 1)]
    assert units["t.2"].text == "Rule number 2 says what it says."


@pytest.mark.parametrize("numeral, value", [
    ("I", 1), ("IV", 4), ("IX", 9), ("XIV", 14), ("XL", 40), ("XCIX", 99), ("CCCXC", 390),
    ("IIII", None), ("IC", None), ("VX", None), ("IIV", None),
])
def test_roman_numerals_are_read_only_when_canonical(numeral, value):
    assert roman_value(numeral) == value


@pytest.mark.parametrize("text, expected", [
    # a number at the start of a wrapped line without a label's punctuation
    ("1. A game is won by the first to score\n2 points or more.\n2. The dealer deals.",
     {"t.1": "A game is won by the first to score 2 points or more.", "t.2": "The dealer deals."}),
    # a label out of sequence, even after a closed sentence
    ("1. First rule.\n3. Not the third rule.\n2. Second rule.",
     {"t.1": "First rule. 3. Not the third rule.", "t.2": "Second rule."}),
    # the expected number followed by lower case continues the sentence
    ("1. The code calls it a\n2. kártya in Hungarian.\n2. Two.",
     {"t.1": "The code calls it a 2. kártya in Hungarian.", "t.2": "Two."}),
    # another scheme's label is text once the first rule fixed the scheme
    ("1. Rules are cited as in\n§ 2 Of the code.\n2. Two.",
     {"t.1": "Rules are cited as in § 2 Of the code.", "t.2": "Two."}),
    # a line-end hyphen in a word hyphenated elsewhere is kept, otherwise dropped
    ("1. The non-dealer leads; the non-\ndealer cuts, then shuf-\nfles.\n2. Two.",
     {"t.1": "The non-dealer leads; the non-dealer cuts, then shuffles.", "t.2": "Two."}),
    # a lower-case block after a blank line continues the paragraph (a page break)
    ("1. First line\n\ncontinues here.\n\n2. Two.",
     {"t.1": "First line continues here.", "t.2": "Two."}),
    # a rule's word in lower case is a reference, not a label
    ("Rule 1. One.\nRule 2. The penalty is as said in\nrule 3. The loser pays.\nRule 3. Three.",
     {"t.1": "One.", "t.2": "The penalty is as said in rule 3. The loser pays.", "t.3": "Three."}),
    # labels on lines that end no sentence, with items and a heading between
    ("Art. 1 Eins\nArt. 2 Zwei\nArt. 3 Drei", {"t.1": "Eins", "t.2": "Zwei", "t.3": "Drei"}),
    ("RULE I. The dealer deals five cards\nRULE II. The elder leads\nRULE III. Three",
     {"t.1": "The dealer deals five cards", "t.2": "The elder leads", "t.3": "Three"}),
    ("Règle 1. Une.\n\nRÈGLE 2. Deux.\n\nRegel 3. Drei.",
     {"t.1": "Une.", "t.2": "Deux.", "t.3": "Drei."}),
    # only the first is an ordinal: "Art. 2er." is no label, nor "Art. 11er."
    ("Art. 1er. Un.\nArt. 2er. Deux.\nArt. 2. Deux.", {"t.1": "Un. Art. 2er. Deux.", "t.2": "Deux."}),
])
def test_wrapped_lines_open_a_rule_only_with_the_next_label(text, expected):
    units = cut(text)
    assert {uid: units[uid].text for uid in expected} == expected
    assert [u for u in units if u.startswith("t.") and u.count(".") == 1] == list(expected)


def test_named_labels_open_rules_after_an_item_that_ends_no_sentence():
    """Rules 2 and 3 open though item b ends no sentence; the capitals after it are text, as
    after any open line."""
    units = cut("Art. 1. Es gilt:\n(a) eins;\n(b) zwei\nDAS GEBEN\nArt. 2. Zwei.\nArt. 3. Drei.")
    assert (units["t.1.b"].text, units["t.2"].text, units["t.3"].text) == ("zwei DAS GEBEN", "Zwei.", "Drei.")


def test_a_french_title_of_nine_words_between_articles_is_a_heading():
    units = cut("Art. 1er. Un.\n\nDE LA GALERIE, DES PARIS ET DE LA CHOUETTE\n\nArt. 2. Deux.")
    assert units["t.h1"].kind is Kind.HEADING and units["t.1"].text == "Un."


def test_a_roman_numeral_that_begins_a_word_is_no_label():
    units = cut("LAW IN FORCE AT THE CLUB\n\nLAW I. The dealer deals.\n\nLAW II. Two.")
    assert units["t.front.1"].text == "LAW IN FORCE AT THE CLUB"
    assert (units["t.1"].printed_label, units["t.1"].text, units["t.2"].text) == ("LAW I.", "The dealer deals.", "Two.")


@pytest.mark.parametrize("text, items", [
    ("1. If the dealer errs:\n(a) he deals again;\n(b) he loses the deal,\nand pays.\n2. Next.",
     {"t.1.a": ("(a)", "he deals again;"), "t.1.b": ("(b)", "he loses the deal, and pays.")}),
    ("1. If the dealer errs:\na) he deals again;\nb) he loses the deal.\n2. Next.",
     {"t.1.a": ("a)", "he deals again;"), "t.1.b": ("b)", "he loses the deal.")}),
    ("1. First paragraph.\n\nSecond paragraph:\na) one;\nb) two.\n\n2. Next.",
     {"t.1.2.a": ("a)", "one;"), "t.1.2.b": ("b)", "two.")}),
    ("1. Cases:\n(b) is not the first letter.\n2. Next.", {}),
])
def test_lettered_items_in_sequence_are_items_of_their_paragraph(text, items):
    units = cut(text)
    found = {uid: (u.printed_label, u.text) for uid, u in units.items() if u.kind is Kind.ITEM}
    assert found == items


def test_items_after_the_rules_text_keep_it_as_the_rules_lines():
    units = cut("1. If the dealer errs:\n(a) he deals again;\n(b) he loses the deal.\n2. Next.")
    assert [line.text for line in units["t.1"].lines] == ["If the dealer errs:"]
    assert [c.id for c in units["t.1"].children] == ["t.1.a", "t.1.b"]


@pytest.mark.parametrize("text, ids", [
    ("1. One.\n\nTHE DEAL\n\n2. Two.", ["t.1", "t.h1", "t.2"]),
    ("1. One.\nProposing and the Exchange\n2. Two.", ["t.1", "t.h1", "t.2"]),
    ("1. One.\n\nPART TWO\nTHE PLAY\n\n2. Two.", ["t.1", "t.h1", "t.2"]),
    ("1. One.\n\nTHE END", ["t.1", "t.1.1", "t.1.2"]),                  # no rule follows
    ("1. One.\n\nThe Deal.\n\n2. Two.", ["t.1", "t.1.1", "t.1.2", "t.2"]),   # a full stop
    ("1. One and\nTwo Kings\n2. Two.", ["t.1", "t.2"]),                # no closed sentence before
    ("1. One.\n\nThe dealer then\ndeals again.\n\n2. Two.", ["t.1", "t.1.1", "t.1.2", "t.2"]),
    ("RULES OF PLAY\n\n1. One.\n2. Two.", ["t.front", "t.front.1", "t.1", "t.2"]),
    # a heading in capitals after the front matter is rule 1's, as later rules' are theirs
    ("RULES OF PLAY\n\nAs the club adopted them.\n\nTHE DEAL\n\n1. One.\n\nTHE PLAY\n\n2. Two.",
     ["t.front", "t.front.1", "t.front.2", "t.h1", "t.1", "t.h2", "t.2"]),
    # but not a line in Title Case, nor one after an open sentence (a title page's lines)
    ("RULES OF PLAY\n\nAs the club adopted them.\n\nBy Order of the Committee\n\n1. One.\n2. Two.",
     ["t.front", "t.front.1", "t.front.2", "t.front.3", "t.1", "t.2"]),
    ("RULES OF PLAY\n\nAS ADOPTED BY THE CLUB\n\n1. One.\n2. Two.",
     ["t.front", "t.front.1", "t.front.2", "t.1", "t.2"]),
    # Roman-numbered parts over arabic-numbered rules: the scheme numbering most rules wins, and
    # the parts' titles are headings, the first one too, with a full stop or without
    ("I. GENERAL RULES\n\n1. One.\n2. Two.\n\nII. THE PLAY\n\n3. Three.",
     ["t.h1", "t.1", "t.2", "t.h2", "t.3"]),
    ("Regeln.\n\nI. Karten und Partie.\n\n§ 1. Eins.\n\n§ 2. Zwei.\n\nII. Geben und Abheben.\n\n§ 3. Drei.",
     ["t.front", "t.front.1", "t.h1", "t.1", "t.2", "t.h2", "t.3"]),
    # after a title page's open line, a part missed, the numeral alone on its line: still parts
    ("Regeln des Vereins\n\nI. Karten.\n§ 1. Eins.\n\nII. Geben.\n§ 2. Zwei.",
     ["t.front", "t.front.1", "t.h1", "t.1", "t.h2", "t.2"]),
    ("§ 1. Eins.\n\nII. Geben.\n\n§ 2. Zwei.\n\nIII. Spielen.\n\n§ 3. Drei.", ["t.1", "t.h1", "t.2", "t.h2", "t.3"]),
    ("§ 1. Eins.\n\nI.\nGeben und Abheben.\n§ 2. Zwei.", ["t.1", "t.h1", "t.2"]),
    # §§ over articles are parts as well
    ("Spielordnung\n\n§ 1. Allgemeines.\n\nArt. 1. Eins.\n\nArt. 2. Zwei.\n\n§ 2.\nDas Geben.\n\nArt. 3. Drei.",
     ["t.front", "t.front.1", "t.h1", "t.1", "t.2", "t.h2", "t.3"]),
    # two parts out of sequence, or a numeral not followed by the next rule: text
    ("§ 1. Eins.\n\nIII. Geben.\n\n§ 2. Zwei.", ["t.1", "t.1.1", "t.1.2", "t.2"]),
    ("§ 1. Eins.\n\nI. Geben.\n\nDann zwei.\n\n§ 2. Zwei.", ["t.1", "t.1.1", "t.1.2", "t.1.3", "t.2"]),
    # rules numbered in Roman have no Roman parts
    ("I. One.\n\nII. Two.\n\nIII. Three.", ["t.1", "t.2", "t.3"]),
])
def test_headings_stand_between_rules(text, ids):
    assert list(cut(text)) == ids


WRAPPED = ("Der Geber mischt die Karten, und auch der Gegner darf sie mischen, doch hat\n"
           "der Geber das Recht, nach ihm noch einmal zu mischen.")
TITLED = f"\n\n§ 2. Abheben.\n{WRAPPED}\n\n§ 3. Geben.\n{WRAPPED}\n\n§ 4. Zwei."
"""Rules 2 and 3 titled as rule 1 may be: titles are then the text's convention (three rules)."""


@pytest.mark.parametrize("text, head, first_line", [
    # the label's line ends after a few words, well short of the text's width: a title
    (f"§ 1. Mischen.\n{WRAPPED}{TITLED}", "Mischen.", "Der Geber mischt"),
    (f"§ 1. Das Mischen\n{WRAPPED}{TITLED}", "Das Mischen", "Der Geber mischt"),
    (f"§ 1. Mischen.\n„Der Geber mischt“, sagt die Regel.{TITLED}", "Mischen.", "„Der Geber mischt“"),
    # the rule's text runs on from its label: no title
    (f"§ 1. {WRAPPED}{TITLED}", None, "Der Geber mischt"),
    # six words reaching across the line, a capital after them: a wrapped sentence, no title
    (f"§ 1. Die Vorhandspielerberechtigung erstreckt sich auf sämtliche\nKartengeber.{TITLED}",
     None, "Die Vorhandspielerberechtigung"),
    # a short rule of its own, the next rule or a new block after it: no title
    (f"§ 1. Mischen.\n§ 2. {WRAPPED}", None, "Mischen."),
    (f"§ 1. Mischen.\n\n{WRAPPED}{TITLED}", None, "Mischen."),
    # words introducing a list, or a line going on in lower case, are the rule's text
    (f"§ 1. Wenn der Geber:\na) mischt;\nb) abhebt.\n\n{WRAPPED}{TITLED}", None, "Wenn der Geber:"),
    (f"§ 1. Wenn der Geber\nmischt, gibt er.\n\n{WRAPPED}{TITLED}", None, "Wenn der Geber"),
    # where titles are not the text's convention, a short first sentence stays the rule's
    ("1. The dealer shuffles.\nThe elder hand then cuts the pack, and the dealer\ngives five cards to "
     "each player, by three and two.\n\n2. If the dealer exposes a card in dealing, the\nelder hand may "
     "claim a new deal.\n\n3. A misdeal loses the deal.\nThe deal passes to the other player, who "
     "shuffles\nand deals in his turn as before.", None, "The dealer shuffles."),
])
def test_a_few_words_alone_on_the_labels_line_title_the_rule(text, head, first_line):
    rule = cut(text)["t.1"]
    assert rule.head == head and [line.text for line in rule.head_lines] == ([head] if head else [])
    assert next(rule.walk()).lines[0].text.startswith(first_line) if not rule.children \
        else rule.children[0].lines[0].text.startswith(first_line)


def test_the_german_fixture_is_cut_into_35_rules_under_8_parts_with_their_titles():
    """verein.txt: §§ 1-35 under the parts I.-VIII., a § title standing alone on its label's line
    as the rule's head, a § whose text runs on from its label without one."""
    units = segmenter("numbered-paragraphs")("v", (FIXTURE.parent / "verein.txt").read_text(encoding="utf-8")).units
    assert [u.id for u in units if u.kind is Kind.HEADING] == [f"v.h{k}" for k in range(1, 9)]
    assert [u.n for u in units if u.kind is Kind.RULE] == [str(k) for k in range(1, 36)]
    by_id = {u.id: u for u in units}
    assert by_id["v.h2"].text == "II. Geben und Abheben." and by_id["v.2"].head == "Die Spielkarten."
    assert by_id["v.1"].head is None and by_id["v.1"].text.startswith("Das Écarté wird")


def test_a_rule_of_several_paragraphs_is_a_container():
    units = cut("1. First paragraph.\n\nSecond paragraph.\n\n2. Two.")
    assert [c.id for c in units["t.1"].children] == ["t.1.1", "t.1.2"]
    assert units["t.1"].lines == [] and units["t.1.2"].text == "Second paragraph."


def test_the_fixture_is_cut_into_its_forty_laws_and_accounts_for_every_line():
    text = FIXTURE.read_text(encoding="utf-8")
    units = cut(text)
    assert [u.n for u in units.values() if u.kind is Kind.RULE] == [str(n) for n in range(1, 41)]
    assert [u.text for u in units.values() if u.kind is Kind.HEADING] == [
        "CUTTING AND DEALING", "Proposing and the Exchange", "PLAYING THE HAND"]
    assert "t.12.2" in units and "t.14.b" in units and units["t.4"].text.endswith("as soon as it has been won.")
    covered: dict[int, list[str]] = {}
    for unit in units.values():
        if unit.printed_label:
            first = unit.lines[0] if unit.lines else unit.children[0].lines[0]
            covered.setdefault(first.source_line, []).append(unit.printed_label)
        for line in unit.lines:
            covered.setdefault(line.source_line, []).append(line.text)
    for number, raw in enumerate(text.splitlines(), start=1):
        assert "".join(covered.get(number, [])).replace(" ", "") == raw.replace(" ", ""), number


STAMPED = "RULES\n\nKny.B 1234\n\n1. One.\n2. Two.\n"
MENU = "Home\n\nThe game is played by two.\n\nMSN Search\n"
STAMP = "{ line = '^Kny\\.B \\d', reason = 'library stamp' }"


def configured(tmp_path: Path, name: str, settings: str):
    """The segmenter `name` and its Config read from a catalogue whose [t.segment] table, on
    line 4, holds `settings`."""
    catalogue = tmp_path / "witnesses.toml"
    catalogue.write_text(f'[t]\ntitle = "T"\n\n[t.segment]\n{settings}\n', encoding="utf-8")
    chosen = segmenter(name)
    table = tomllib.loads(catalogue.read_text(encoding="utf-8"))["t"].get("segment", {})
    return chosen, chosen.configure("t", table, catalogue)


@pytest.mark.parametrize("name", ["numbered-paragraphs", "numbered-rules"])
def test_configured_chrome_lines_are_set_aside_with_their_reason(tmp_path, name):
    chosen, config = configured(tmp_path, name, f"chrome = [{STAMP}]")
    segmentation = chosen("t", STAMPED, config)
    assert [(c.first_line, c.last_line, c.reason) for c in segmentation.chrome] == \
        [(3, 3, "library stamp")]
    assert [line.text for top in segmentation.units for unit in top.walk() for line in unit.lines] == \
        ["RULES", "One.", "Two."]


def test_configured_chrome_blocks_are_set_aside_with_their_reason(tmp_path):
    chosen, config = configured(tmp_path, "headed-paragraphs", "chrome = [{ before = '^The game', "
                                "reason = 'site menu' }, { from = '^MSN', reason = 'search link' }]")
    segmentation = chosen("t", MENU, config)
    assert [(c.first_line, c.last_line, c.reason) for c in segmentation.chrome] == \
        [(1, 1, "site menu"), (5, 5, "search link")]


PARAGRAPHS_KNOWN = "(known: chrome)"
RULES_KNOWN = "(known: chrome, blank_page_break, rules)"
REFLOWED_KNOWN = "(known: chrome, named_sections, back, caption, lacunae, connectives)"


@pytest.mark.parametrize("name, settings, text, message", [
    ("numbered-paragraphs", 'lacunae = "unterminated"', STAMPED, f"unknown field lacunae {PARAGRAPHS_KNOWN}"),
    ("numbered-paragraphs", f"chrome = {STAMP}", STAMPED,
     "chrome must be a list of { line = PATTERN, reason = TEXT } tables"),
    ("numbered-paragraphs", "chrome = ['^Kny']", STAMPED,
     "chrome must be a list of { line = PATTERN, reason = TEXT } tables"),
    ("numbered-paragraphs", "chrome = [{ before = '^RULES', reason = 'menu' }]", STAMPED,
     "unknown field chrome[1].before (known: line, reason)"),
    ("numbered-paragraphs", "chrome = [{ reason = 'library stamp' }]", STAMPED, "lacks chrome[1].line"),
    ("numbered-paragraphs", "chrome = [{ line = '^Kny' }]", STAMPED, "lacks chrome[1].reason"),
    ("numbered-paragraphs", "chrome = [{ line = '^Kny(', reason = 'library stamp' }]", STAMPED,
     "chrome[1].line '^Kny(' is not a regular expression: missing ), unterminated subpattern"),
    ("numbered-paragraphs", f"chrome = [{STAMP}, {{ line = '^Stamp', reason = 'another' }}]", STAMPED,
     "chrome[2].line '^Stamp' matches no line of the source: a stale entry"),
    ("numbered-rules", "chrom = []", STAMPED, f"unknown field chrom {RULES_KNOWN}"),
    ("numbered-rules", "blank_page_break = -1", STAMPED,
     "blank_page_break must be a whole number of at least 0, not -1"),
    ("numbered-rules", 'rules = "2"', STAMPED, "rules must be a whole number of at least 1, not '2'"),
    ("numbered-rules", "chrome = [{ line = '^Stamp', reason = 'library stamp' }]", STAMPED,
     "chrome[1].line '^Stamp' matches no line of the source: a stale entry"),
    ("numbered-sections", 'lacunae = "unterminted"', MENU,
     "lacunae must be one of none, unterminated, not 'unterminted'"),
    ("numbered-sections", 'lacunea = "unterminated"', MENU, f"unknown field lacunea {REFLOWED_KNOWN}"),
    ("headed-sections", 'connectives = ["und"]', MENU, 'connectives apply only with lacunae = "unterminated"'),
    ("headed-sections", 'lacunae = "unterminated"\nconnectives = "und"', MENU,
     "connectives must be a non-empty list of non-empty strings, not 'und'"),
    ("headed-sections", "back = '^(Copyright'", MENU, "back '^(Copyright' is not a regular expression"),
    ("headed-sections", 'named_sections = { "Hinweise" = "Strategy notes" }', MENU,
     "named_sections.'Hinweise' = 'Strategy notes': a section's key names its unit"),
    ("headed-sections", "named_sections = { Hinweise = 1 }", MENU,
     "named_sections.Hinweise must be a non-empty string, not 1"),
    ("headed-paragraphs", "chrome = [{ before = '^The', from = '^MSN', reason = 'menu' }]", MENU,
     "chrome[1] must be { before = PATTERN, reason = TEXT } or { from = PATTERN, reason = TEXT }"),
    ("headed-paragraphs", "chrome = [{ line = '^Home', reason = 'menu' }]", MENU,
     "unknown field chrome[1].line (known: before, from, reason)"),
    ("headed-paragraphs", "chrome = [{ from = '^Nowhere', reason = 'footer' }]", MENU,
     "chrome[1].from '^Nowhere' matches no paragraph of the source: a stale entry"),
])
def test_a_bad_segmenter_setting_is_one_line_naming_the_catalogue_and_the_table(tmp_path, name, settings,
                                                                                text, message):
    catalogue = tmp_path / "witnesses.toml"
    with pytest.raises(InputError) as error:
        chosen, config = configured(tmp_path, name, settings)
        chosen("t", text, config)
    assert error.value.path == catalogue and error.value.line == 4
    assert str(error.value).startswith(f"{catalogue}:4: [t.segment] ({name}): ")
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("change, message", [
    (("lacunae = ", "lacunae = ", '"unterminated"', '"unterminted"'),
     "lacunae must be one of none, unterminated, not 'unterminted'"),
    (("lacunae = ", "lacunea = ", "", ""), "unknown field lacunea"),
])
def test_a_misspelt_setting_stops_the_segmentation_instead_of_changing_the_units(tmp_path, change, message):
    """A misspelt `lacunae` of de-scheicher once silently cut it into 139 units instead of 141."""
    key, new_key, value, new_value = change
    text = CATALOGUE.read_text(encoding="utf-8")
    line = text.splitlines().index("[de-scheicher.segment]") + 1
    catalogue = tmp_path / "witnesses.toml"
    catalogue.write_text(text.replace(key + value, new_key + new_value, 1), encoding="utf-8")
    witness = load_witnesses()["de-scheicher"]
    source = read_source(witness, SOURCES)
    assert sum(1 for top in segment_witness(witness, source, SOURCES).units for _ in top.walk()) == 141
    with pytest.raises(InputError) as error:
        segment_witness(load_witnesses(catalogue)["de-scheicher"], source, tmp_path)
    assert (error.value.path, error.value.line) == (catalogue, line)
    assert message in str(error.value)


@pytest.mark.parametrize("text", [
    "On Écarté\n\nA game for two players, with a pack of thirty-two cards.\n",
    "RULES\n\n1. The only rule there is.\n",
    "1. One rule, then\n3. a number out of sequence.\n",
])
def test_a_text_without_numbering_is_refused(text):
    with pytest.raises(InputError, match="cannot segment: no recognisable numbering"):
        detect_segmenter(text, "in.txt")


def test_detection_picks_the_segmenter_each_numbered_witness_is_catalogued_with():
    for witness in load_witnesses().values():
        if not witness.source:
            continue
        text = read_source(witness, SOURCES)
        if witness.segmenter.startswith("numbered-"):
            assert detect_segmenter(text)[0] == witness.segmenter, witness.siglum
        else:
            with pytest.raises(InputError):
                detect_segmenter(text)
    assert detect_segmenter(FIXTURE.read_text(encoding="utf-8"))[0] == "numbered-paragraphs"
