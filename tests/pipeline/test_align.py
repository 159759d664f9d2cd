"""The automatic aligner (`pipeline.align`), the editorial alignment, their scores against the
gold, and `ecarte align`: tables of edge cases, then the corpus."""
from __future__ import annotations

import json
import math
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from pipeline_helpers import run_ecarte
from ecarte.cli import main
from pipeline import corpus
from pipeline.align import ALL, Alignment, Evidence, align, glossary, read_editorial
from pipeline.align.cues import cues, read_glossary
from pipeline.align.editorial import EMPTY, Review, check_units, merge
from pipeline.align.aligner import DEFAULT
from pipeline.align.evidence import differing_parameters
from pipeline.align.headings import correspondence, headed
from pipeline.align.sides import Side, witness_side
from pipeline.errors import InputError
from pipeline.model import Kind, Line, Link, Origin, Relation, Unit
from pipeline.workbench.alignment_scores import read_gold_links, score, witnesses_of

GOLD = Path(__file__).resolve().parents[1] / "gold" / "alignment.toml"
AUTOMATIC_F1_FLOOR = 0.76   # measured 0.762 (`ecarte align --evaluate`; 142 gold links, after more readings of en-wiki and de-scheicher), rounded down
"""Measured F1 of the automatic alignment against tests/gold (`ecarte align --evaluate`), rounded
down: a change that loses ground fails here. Raise it when the aligner improves."""
GOLD_LINKS_FLOOR = 142
"""The gold's links within the scope scored (hu-nc's normative units). The issue asks for 150; the
readings of 2026-11-24 and 2026-11-25 left 142 by removing the links most readers did not draw
(tests/gold/ALIGNMENT.md): no link is added to reach a count."""
READINGS = GOLD.parent / "readings"
INDEPENDENT = GOLD.parent / "independent"
FINAL_F1_FLOORS = {"de-scheicher": 0.97, "en-wiki": 0.98, "en-wiki-2": 0.94, "en-short": 1.0}
"""Measured F1 of the final alignment (the editor's and the aligner's) against readers who never saw
it nor were used to revise it, one file each (tests/gold/independent; 0.974, 0.986, 0.944, 1.000),
rounded down: an editorial change that moves away from a careful reader's alignment fails here."""
HEADING_ROWS_FLOORS = {"gold": (0.85, 1.0), "headings": (0.82, 0.97)}
"""Measured F1 of hu-nc's headings' links, automatic and final, against the gold's headings (0.857,
1.000) and against a reader of the headings who never saw them (tests/gold/independent/headings.toml;
0.829, 0.976), rounded down."""


@cache
def aligned(a: str, b: str, evidence: frozenset[Evidence] = ALL) -> Alignment:
    return align(corpus.side(a), corpus.side(b), glossary(), corpus.engine_cues(), evidence)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def files(tmp_path, **texts: str) -> list[str]:
    paths = []
    for name, text in texts.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / f"{name}.txt"))
    return paths


def pairs(alignment: Alignment) -> set[tuple[str, str]]:
    return {(link.source.split(".txt.")[-1], link.target.split(".txt.")[-1]) for link in alignment.links}


# --- edge cases, as tables -------------------------------------------------------------------

HU = ("A kártyák sorrendje: király, dáma, alsó, ász, tíz, kilenc, nyolc, hét.\n\n"
      "Aki három ütést csinál, egy pontot nyer; aki mind az öt ütést, kettőt.\n\n"
      "Az osztó öt kártyát ad, előbb hármat, azután kettőt, és a tizenegyediket atoutnak felüti.\n")
EN_REVERSED = ("The dealer gives five cards, three then two, and turns up the eleventh as trump.\n\n"
               "Three tricks score one point; all five tricks, the vole, score two.\n\n"
               "The cards rank king, queen, jack, ace, ten, nine, eight, seven.\n")


@pytest.mark.parametrize("a, b, expected", [
    # the same rules in the opposite order: every link crosses the others (not monotone)
    (HU, EN_REVERSED, {("p1", "p3"), ("p2", "p2"), ("p3", "p1")}),
    # one paragraph stating what the other text says in two: many-to-one
    ("The dealer deals five cards and turns up the eleventh card as trump.\n",
     "The dealer deals five cards.\n\nThe eleventh card is turned up as trump.\n",
     {("p1", "p1"), ("p1", "p2")}),
    # nothing in common: no link
    ("Three tricks score a point.\n", "Der Bankhalter sitzt am Tisch.\n", set()),
])
def test_links(tmp_path, a, b, expected):
    first, second = files(tmp_path, a=a, b=b)
    assert pairs(corpus.align_names(first, second)) == expected


@pytest.mark.parametrize("a, b, relation", [
    ("A game is played to five points.\n", "A game is played to seven points.\n", Relation.VARIANT),
    ("A game is played to five points.\n", "A game is played to five points, or to seven.\n",
     Relation.EQUIVALENT),                        # a count in common: not a different value
])
def test_a_differing_count_of_the_same_thing_is_a_variant(tmp_path, a, b, relation):
    [link] = corpus.align_names(*files(tmp_path, a=a, b=b)).links
    assert link.relation is relation


def test_with_no_evidence_nothing_is_linked():
    assert aligned("hu-nc", "en-short", frozenset()).links == ()


def test_the_engine_tells_a_variant_where_its_rulesets_read_both_units_differently():
    assert differing_parameters("hu-nc.40", "en-wiki.s6.p2.i2", "hu-nc", "en-wiki") == ("refused_first_loss",)
    assert differing_parameters("hu-nc.40", "en-short.p19", "hu-nc", "en-short") == ()   # both two-in-all
    assert differing_parameters("hu-nc.40", "en-short.p19", "hu-nc", None) == ()


def test_the_parameter_citing_the_units_themselves_names_their_variant():
    """s6.p2.i2 (a refused first proposal) stands in s6.p2, which unproposed_loss cites whole."""
    assert differing_parameters("en-wiki.s6.p2.i2", "en-short.p19", "en-wiki", "en-short") == \
        ("refused_first_loss", "unproposed_loss")


def test_a_witness_aligned_with_itself_links_every_unit_with_itself():
    side = corpus.side("en-short")
    alignment = align(side, side, glossary(), corpus.engine_cues())
    assert {(l.source, l.target) for l in alignment.links} >= {(u.id, u.id) for u in side.units}
    assert all(l.score == 1.0 for l in alignment.links if l.source == l.target)


def test_headings_are_aligned_only_with_headings():
    alignment = aligned("hu-nc", "de-scheicher")
    heading = {u.id: u.kind is Kind.HEADING for side in (alignment.a, alignment.b) for u in side.units}
    for link in alignment.links:
        assert heading[link.source] == heading[link.target], link


def headed_side(name: str, blocks: list[tuple[Kind, str]]) -> Side:
    """A witness of headings and rules in order, as `witness_side` makes it."""
    units = [Unit(id=f"{name}.{k}", witness=name, kind=kind, lines=[Line(text, k)], normative=kind is not Kind.HEADING)
             for k, (kind, text) in enumerate(blocks, 1)]
    return witness_side(name, "en", units)


DEAL = "The dealer gives five cards, three then two, and turns up the eleventh card as trump."
SCORE = "Three tricks score one point; all five tricks, the vole, score two points."
KING = "Whoever holds the king announces it before the first lead and marks a point for it."


@pytest.mark.parametrize("blocks, expected", [
    # a heading heads the units up to the next heading: none when one follows at once (indices)
    ([(Kind.RULE, SCORE), (Kind.HEADING, "Part"), (Kind.HEADING, "Chapter"), (Kind.RULE, DEAL), (Kind.RULE, SCORE)],
     {1: [], 2: [3, 4]}),
    ([(Kind.RULE, DEAL)], {}),            # no heading: nothing headed
])
def test_a_heading_heads_the_units_up_to_the_next_one(blocks, expected):
    assert headed(headed_side("a", blocks)) == expected


def test_a_heading_within_a_unit_heads_no_further_than_that_unit():
    """A heading inside a rule (de-scheicher.12.h3) heads the rest of the rule; what follows the
    rule stands under the heading above it again."""
    def unit(uid: str, kind: Kind, *children: Unit) -> Unit:
        return Unit(id=uid, witness="a", kind=kind, lines=[] if children else [Line(DEAL, 1)],
                    children=list(children))
    top = [unit("a.h1", Kind.HEADING), unit("a.1", Kind.RULE),
           unit("a.2", Kind.RULE, unit("a.2.h1", Kind.HEADING), unit("a.2.1", Kind.PARAGRAPH),
                unit("a.2.2", Kind.PARAGRAPH)),
           unit("a.3", Kind.RULE), unit("a.h2", Kind.HEADING), unit("a.4", Kind.RULE)]
    side = witness_side("a", "en", top)
    assert [u.id for u in side.units] == ["a.h1", "a.1", "a.2.h1", "a.2.1", "a.2.2", "a.3", "a.h2", "a.4"]
    assert headed(side) == {0: [1, 5], 2: [3, 4], 6: [7]}


@pytest.mark.parametrize("links, expected", [
    ([(1, 3)], {(0, 2): 1.0}),                                  # its only rule linked under the other
    ([(1, 3), (3, 1)], {(0, 2): 1.0, (2, 0): 1.0}),            # crossed: no order is forced
    ([(1, 3), (1, 1)], {(0, 2): 1 / math.sqrt(2), (0, 0): 1 / math.sqrt(2)}),   # one rule, two places
    ([(0, 0)], {}),                                             # headings' own links count for nothing
])
def test_headings_correspond_as_the_cosine_of_their_rules_links(links, expected):
    a = headed_side("a", [(Kind.HEADING, "Alpha"), (Kind.RULE, DEAL), (Kind.HEADING, "Beta"), (Kind.RULE, SCORE)])
    b = headed_side("b", [(Kind.HEADING, "Gamma"), (Kind.RULE, SCORE), (Kind.HEADING, "Delta"), (Kind.RULE, DEAL)])
    assert correspondence(a, b, links) == pytest.approx(expected)


def test_headings_with_no_word_in_common_are_linked_by_the_rules_they_head():
    """Alpha's and Delta's sections hold the same rules, but the first rule under each differs, so
    the sections' likeness and the neighbouring pair raise them only to 0.335: their rules raise
    them to 1 (Beta and Gamma head one rule each, the neighbouring pair links them anyway). Chosen
    as rules are, Alpha–Delta is linked with the rules' raise alone; with the headings' own lower
    threshold it is linked either way, but scores far less without the raise."""
    a = headed_side("a", [(Kind.HEADING, "Alpha"), (Kind.RULE, DEAL), (Kind.RULE, KING),
                          (Kind.HEADING, "Beta"), (Kind.RULE, SCORE)])
    b = headed_side("b", [(Kind.HEADING, "Gamma"), (Kind.RULE, SCORE),
                          (Kind.HEADING, "Delta"), (Kind.RULE, KING), (Kind.RULE, DEAL)])
    rules = {("a.2", "b.5"), ("a.3", "b.4"), ("a.5", "b.2")}
    with_structure = {(l.source, l.target) for l in align(a, b, glossary()).links}
    assert with_structure == rules | {("a.1", "b.3"), ("a.4", "b.1")}
    alone = replace(DEFAULT, heading_weight=0, heading_threshold=DEFAULT.threshold, heading_margin=DEFAULT.margin)
    without = {(l.source, l.target) for l in align(a, b, glossary(), settings=alone).links}
    assert without == rules | {("a.4", "b.1")}       # chosen as the rules are, Alpha–Delta is left out
    scored = {(l.source, l.target): l.score for l in align(a, b, glossary(), settings=replace(DEFAULT, heading_weight=0)).links}
    assert scored["a.1", "b.3"] < DEFAULT.threshold


def test_headings_are_chosen_by_their_own_threshold_and_margin():
    """A heading heads more or less than another, so it is linked with each heading whose matter
    overlaps its own: Alpha (deal, king, score) with Gamma (deal, king) and with Delta (score),
    though Alpha–Delta scores well below Alpha–Gamma; chosen as the rules are, it would not be."""
    a = headed_side("a", [(Kind.HEADING, "Alpha"), (Kind.RULE, DEAL), (Kind.RULE, KING), (Kind.RULE, SCORE)])
    b = headed_side("b", [(Kind.HEADING, "Gamma"), (Kind.RULE, DEAL), (Kind.RULE, KING),
                          (Kind.HEADING, "Delta"), (Kind.RULE, SCORE)])
    pairs = {(l.source, l.target): l.score for l in align(a, b, glossary()).links if l.source == "a.1"}
    assert set(pairs) == {("a.1", "b.1"), ("a.1", "b.4")} and pairs["a.1", "b.1"] - pairs["a.1", "b.4"] > DEFAULT.margin
    as_rules = replace(DEFAULT, heading_threshold=DEFAULT.threshold, heading_margin=DEFAULT.margin)
    assert {(l.source, l.target) for l in align(a, b, glossary(), settings=as_rules).links if l.source == "a.1"} \
        == {("a.1", "b.1")}


def test_the_glossary_matches_stems_word_parts_and_number_words():
    terms = glossary()
    hu = cues("A kinek öt kártyája között van az atout-király, az jelez egy pontot.", "hu", terms)
    de = cues("Hält ein Spieler den Trumpfkönig, so markiert er fünf Punkte (§ 14).", "de", terms)
    assert {"king", "trump", "card", "point", "mark"} <= hu.concepts
    assert {"king", "trump", "point", "mark", "player"} <= de.concepts
    assert 5 in hu.numbers and 5 in de.numbers and 14 not in de.numbers   # § 14 is a reference
    assert (5, "point") in de.quantities


def test_french_words_name_concepts_in_a_french_text_alone():
    """The glossary's `fr` forms read a text written in French; its `game` forms, the French of
    the game, are read in every language as a cue of their own."""
    terms = glossary()
    text = "Le donneur retourne la onzième carte, qui fixe l'atout."
    assert {"dealer", "card", "eleventh", "trump", "turn_up"} <= cues(text, "fr", terms).concepts
    english = cues(text, "en", terms)
    assert not {"dealer", "card", "eleventh"} & english.concepts and {"dealer", "card", "trump"} <= english.french


# --- the corpus against the gold -------------------------------------------------------------

def test_the_automatic_alignment_keeps_its_measured_f1_against_the_gold():
    gold = read_gold_links(GOLD)
    scope = [u.id for u in corpus.side("hu-nc").units if u.normative]
    found = [score(gold, aligned("hu-nc", other).links, scope, other)
             for other in ("de-scheicher", "en-wiki", "en-short")]
    correct, total_found, total_gold = (sum(getattr(s, k) for s in found) for k in ("correct", "found", "gold"))
    f1 = 2 * correct / (total_found + total_gold)
    assert total_gold >= GOLD_LINKS_FLOOR and f1 >= AUTOMATIC_F1_FLOOR, (total_gold, f1)


def test_the_editor_reviewed_every_normative_hu_nc_unit_against_every_other_rulebook():
    reviewed = corpus.alignment().editorial.reviewed
    missing = [(unit.id, other) for unit in corpus.side("hu-nc").units if unit.normative
               for other in ("de-scheicher", "en-wiki", "en-short") if (unit.id, other) not in reviewed]
    assert not missing
    assert all(n.reason.strip() for n in corpus.alignment().none)


def test_the_gold_follows_the_clear_majority_of_the_kept_readings():
    """tests/gold/readings holds blind readings of the rules that decided the gold: a pair at most
    a quarter of a witness's readings draw is not in the gold, one at least three quarters draw is
    (a closer vote is the gold's judgment, tests/gold/ALIGNMENT.md). The headings' readings, in
    their own folder, are read by the test after this one."""
    gold = set(read_gold_links(GOLD).links)
    readings = [read_gold_links(path) for path in sorted(READINGS.glob("*.toml"))]
    headings = {u.id for u in corpus.side("hu-nc").units if u.kind is Kind.HEADING}    # read apart, below
    by_witness: dict[str, list[set]] = {}
    for reading in readings:
        [other] = witnesses_of(reading)
        by_witness.setdefault(other, []).append(set(reading.links))
    assert sorted(by_witness) == ["en-wiki"] and len(by_witness["en-wiki"]) == 4
    for other, sets in by_witness.items():
        drawn = {pair: sum(pair in links for links in sets) for pair in set().union(*sets)}
        ours = {pair for pair in gold if any(u.startswith(f"{other}.") for u in pair) and not pair & headings}
        assert not {pair for pair in ours if 4 * drawn.get(pair, 0) <= len(sets)}
        assert not {pair for pair, n in drawn.items() if 4 * n >= 3 * len(sets)} - ours


def test_the_gold_headings_are_the_links_both_blind_readings_drew():
    """tests/gold/readings/headings holds the two blind readings of the headings: they drew the
    same links, and those are the gold's links of hu-nc's headings."""
    readings = [set(read_gold_links(path).links) for path in sorted((READINGS / "headings").glob("*.toml"))]
    headings = {u.id for u in corpus.side("hu-nc").units if u.kind is Kind.HEADING}
    ours = {pair for pair in read_gold_links(GOLD).links if pair & headings}
    assert len(readings) == 2 and readings[0] == readings[1] == ours and len(ours) == 21


@pytest.mark.parametrize("gold", sorted(HEADING_ROWS_FLOORS))
def test_the_headings_keep_their_measured_f1(capsys, gold):
    path = GOLD if gold == "gold" else INDEPENDENT / f"{gold}.toml"
    code, out, _ = run(capsys, "align", "--evaluate", str(path), "--no-ablation", "--json")
    [report] = json.loads(out)["golds"]
    automatic, final = HEADING_ROWS_FLOORS[gold]
    assert code == 0 and report["headings"]["all"]["f1"] >= automatic
    assert report["headings_final"]["all"]["f1"] >= final


def test_a_gold_of_headings_alone_is_scored_by_its_headings_rows(capsys):
    code, out, _ = run(capsys, "align", "--evaluate", str(INDEPENDENT / "headings.toml"), "--no-ablation")
    rows = [line.split()[0:2] for line in out.splitlines()[3:-1]]
    assert code == 0 and rows == [["headings,", "automatic"], ["headings,", "final"]]


@pytest.mark.parametrize("command, source, target, message", [
    (("--evaluate",), "hu-nc.999", "en-wiki.s2.p1", ":2: the gold links unit 'hu-nc.999', which the corpus does not have"),
    (("--evaluate",), "hu-nc.front.1", "en-wiki.s0.p2",
     ": the gold links no normative unit with text of its own and no heading of hu-nc: nothing to score"),
    (("--tune", "--tries", "1"), "hu-nc.h1", "en-wiki.s2.head",
     ": the gold links no normative unit with text of its own of hu-nc: the settings are tuned on the rules' links"),
])
def test_a_gold_the_corpus_cannot_score_is_one_line_naming_it(capsys, tmp_path, command, source, target, message):
    path = tmp_path / "gold.toml"
    path.write_text(f'# a gold\n[[link]]\nsource = "{source}"\ntarget = "{target}"\nrelation = "partial"\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "align", command[0], str(path), *command[1:])
    assert code != 0 and not out and err.strip() == f"ecarte align: {path}{message}"


def test_scores_count_unordered_pairs_within_the_gold_scope(tmp_path):
    path = tmp_path / "gold.toml"
    path.write_text('[[link]]\nsource = "x.1"\ntarget = "y.1"\nrelation = "equivalent"\n'
                    '[[link]]\nsource = "x.2"\ntarget = "y.2"\nrelation = "partial"\n', encoding="utf-8")
    gold = read_gold_links(path)
    links = [Link("y.1", "x.1", Relation.EQUIVALENT, 0.9, Origin.AUTO),     # either direction counts
             Link("x.2", "y.3", Relation.PARTIAL, 0.5, Origin.AUTO),        # a wrong link
             Link("x.9", "y.9", Relation.PARTIAL, 0.5, Origin.AUTO)]        # outside the scope
    found = score(gold, links, ["x.1", "x.2"], "y")
    assert (found.gold, found.found, found.correct, found.relation_correct) == (2, 2, 1, 1)
    assert (found.precision, found.recall, found.f1) == (0.5, 0.5, 0.5)


# --- the editorial alignment -----------------------------------------------------------------

LINK = '[[link]]\nsource = "hu-nc.40"\ntarget = "en-wiki.s6.p2.i2"\nrelation = "{relation}"\nreason = "r"\n{more}'


@pytest.mark.parametrize("text, message", [
    ("[[link]]\nsource = \"hu-nc.40\"\n", ":1: [[link]] lacks target"),
    ("# a comment\n" + LINK.format(relation="same", more=""), ":2: relation 'same' is none of equivalent, variant, partial"),
    (LINK.format(relation="variant", more=""), ":1: a variant link needs a note"),
    (LINK.format(relation="variant", more='note = "n"\n'), ":1: a variant link names its variant point"),
    (LINK.format(relation="equivalent", more='point = "p"\n'), ":1: only a variant link names a variant point"),
    (LINK.format(relation="equivalent", more='colour = "red"\n'), ":1: [[link]] has unknown fields ['colour']"),
    ("[[none]]\nunit = \"hu-nc.40\"\nwitness = \"en-wiki\"\nreason = \"r\"\n" + LINK.format(relation="equivalent", more=""),
     ":1: hu-nc.40 is both linked to en-wiki and said to have no parallel there"),
    ("[[link]\n", ":1: malformed editorial alignment"),
    ('link = [{source = "hu-nc.40", target = "en-wiki.s6.p2.i2", relation = "bogus", reason = "r"}]\n',
     "write each link entry as a [[link]] table of its own"),
    (LINK.format(relation="equivalent", more="")
     + '[[link]]\nsource = "en-wiki.s6.p2.i2"\ntarget = "hu-nc.40"\nrelation = "partial"\nreason = "r"\nnote = "n"\n',
     ":6: en-wiki.s6.p2.i2 ⇄ hu-nc.40 is entered twice"),
    ('[[none]]\nunit = "hu-nc.40"\nwitness = "en-wiki"\nreason = "r"\n' * 2,
     ":5: hu-nc.40 is twice said to have no parallel in en-wiki"),
    (LINK.format(relation="equivalent", more="")
     + '[[reject]]\nsource = "hu-nc.40"\ntarget = "en-wiki.s6.p2.i2"\nreason = "r"\n',
     ":6: hu-nc.40 ⇄ en-wiki.s6.p2.i2 is both linked and rejected"),
    (LINK.format(relation="variant", more='note = "n"\npoint = ["refused_first_loss"]\n'),
     ":1: [[link]]: point must be a string"),
    ("[[linky]]\nx = 1\n", "unknown tables ['linky']"),
])
def test_a_malformed_editorial_entry_is_one_line_naming_file_and_line(tmp_path, text, message):
    path = tmp_path / "alignment.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as error:
        read_editorial(path)
    assert str(error.value).startswith(str(path)) and message in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("entry, message", [
    ('[[link]]\nsource = "hu-nc.99"\ntarget = "en-wiki.s6.p2.i2"\nrelation = "equivalent"\nreason = "r"\n',
     ":1: [[link]] names unit 'hu-nc.99', which does not exist (stale entry)"),
    ('[[reject]]\nsource = "hu-nc.40"\ntarget = "en-wiki.s6"\nreason = "r"\n',
     ":1: [[reject]] names 'en-wiki.s6', which has no text of its own (a container without a lead-in)"),
    ('[[none]]\nunit = "hu-nc.40"\nwitness = "fr-acad"\nreason = "r"\n', ":1: [[none]] names unknown witness 'fr-acad'"),
    ('[[link]]\nsource = "hu-nc.40"\ntarget = "hu-nc.41"\nrelation = "equivalent"\nreason = "r"\n',
     ":1: hu-nc.40 ⇄ hu-nc.41 joins a witness to itself"),
    ('[[link]]\nsource = "hu-nc-ocr1.40"\ntarget = "en-wiki.s6.p2.i2"\nrelation = "equivalent"\nreason = "r"\n',
     ":1: [[link]] names 'hu-nc-ocr1.40', of a witness that is not aligned (aligned: en-wiki, hu-nc)"),
    ('[[link]]\nsource = "hu-nc.h1"\ntarget = "en-wiki.s6.p2.i2"\nrelation = "partial"\nreason = "r"\nnote = "n"\n',
     ":1: hu-nc.h1 ⇄ en-wiki.s6.p2.i2 links a heading with a unit that is not one"),
])
def test_a_stale_entry_is_named(tmp_path, entry, message):
    path = tmp_path / "alignment.toml"
    path.write_text(entry, encoding="utf-8")
    units = {"hu-nc.40": True, "hu-nc.41": True, "hu-nc-ocr1.40": True, "en-wiki.s6.p2.i2": True,
             "en-wiki.s6": False, "hu-nc.h1": True}
    with pytest.raises(InputError, match=re.escape(message)):
        check_units(read_editorial(path), units, ["hu-nc", "en-wiki"], {"hu-nc.h1"})


def test_a_container_with_a_lead_in_is_compared_by_it_and_one_without_is_not():
    side = corpus.side("en-wiki")
    texts = dict(zip((u.id for u in side.units), side.texts))
    assert texts["en-wiki.s7.p1"].startswith("There is compulsory color and stitch")
    assert "en-wiki.s7.p1.i1" in texts and not texts["en-wiki.s7.p1"].count(texts["en-wiki.s7.p1.i1"])
    assert "en-wiki.s6" not in texts                        # a section: its text is its paragraphs'


def test_a_stale_entry_stops_the_build_and_nothing_is_written(corpus_copy):
    path = corpus_copy / "editorial" / "alignment.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('source = "hu-nc.40"', 'source = "hu-nc.400"', 1),
                    encoding="utf-8")
    before = {p.name: p.read_bytes() for p in (corpus_copy / "tei").glob("*.xml")}
    result = run_ecarte("build", corpus=corpus_copy)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert f"{path}:" in result.stderr and "'hu-nc.400', which does not exist (stale entry)" in result.stderr
    assert {p.name: p.read_bytes() for p in (corpus_copy / "tei").glob("*.xml")} == before


def test_the_editor_confirms_corrects_adds_and_rejects(tmp_path):
    auto = [Link("hu-nc.1", "de-scheicher.1.1", Relation.EQUIVALENT, 0.8, Origin.AUTO),
            Link("hu-nc.1", "de-scheicher.1.2", Relation.PARTIAL, 0.4, Origin.AUTO),
            Link("hu-nc.2", "de-scheicher.1.2", Relation.EQUIVALENT, 0.6, Origin.AUTO),
            Link("hu-nc.3", "en-wiki.s2.p1", Relation.PARTIAL, 0.3, Origin.AUTO),
            Link("de-scheicher.2.1", "en-wiki.s2.p1", Relation.PARTIAL, 0.3, Origin.AUTO)]
    path = tmp_path / "alignment.toml"
    path.write_text(
        '[[link]]\nsource = "hu-nc.1"\ntarget = "de-scheicher.1.1"\nrelation = "equivalent"\nreason = "r"\n'
        '[[link]]\nsource = "hu-nc.2"\ntarget = "de-scheicher.1.2"\nrelation = "partial"\nreason = "r"\nnote = "n"\n'
        '[[link]]\nsource = "hu-nc.2"\ntarget = "de-scheicher.1.3"\nrelation = "partial"\nreason = "r"\nnote = "n"\n'
        '[[none]]\nunit = "hu-nc.3"\nwitness = "en-wiki"\nreason = "r"\n'
        '[[reject]]\nsource = "de-scheicher.2.1"\ntarget = "en-wiki.s2.p1"\nreason = "r"\n', encoding="utf-8")
    final, review = merge(auto, read_editorial(path))
    assert review == {("hu-nc.1", "de-scheicher.1.1"): Review.CONFIRMED,
                      ("hu-nc.2", "de-scheicher.1.2"): Review.CORRECTED,
                      ("hu-nc.2", "de-scheicher.1.3"): Review.ADDED,
                      ("hu-nc.1", "de-scheicher.1.2"): Review.REJECTED,     # hu-nc.1 × de reviewed
                      ("hu-nc.3", "en-wiki.s2.p1"): Review.REJECTED,        # said to have no parallel
                      ("de-scheicher.2.1", "en-wiki.s2.p1"): Review.REJECTED}
    assert {(l.source, l.target, l.origin) for l in final} == {
        ("hu-nc.1", "de-scheicher.1.1", Origin.EDITOR), ("hu-nc.2", "de-scheicher.1.2", Origin.EDITOR),
        ("hu-nc.2", "de-scheicher.1.3", Origin.EDITOR)}
    assert merge(auto, EMPTY)[0] == auto


def test_a_rejection_of_a_link_the_aligner_no_longer_makes_is_stale(tmp_path):
    path = tmp_path / "alignment.toml"
    path.write_text('# reviewed\n[[reject]]\nsource = "hu-nc.1"\ntarget = "de-scheicher.9.9"\nreason = "r"\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(f"{path}:2: [[reject]] hu-nc.1 ⇄ de-scheicher.9.9: "
                                                   "the aligner no longer makes this link (stale entry)")):
        merge([], read_editorial(path))


# --- inputs and the command ------------------------------------------------------------------

def test_files_are_cut_into_paragraphs_named_after_the_file(tmp_path):
    hu, en = files(tmp_path, hu=HU, en=EN_REVERSED)
    alignment = corpus.align_names(hu, en)
    assert alignment.a.language == "hu" and alignment.b.language == "en"
    assert [u.id for u in alignment.a.units] == ["hu.txt.p1", "hu.txt.p2", "hu.txt.p3"]


@pytest.mark.parametrize("name, message", [
    ("xx-nowhere", "unknown witness 'xx-nowhere'; known: hu-nc, hu-nc-ocr1"),
    ("missing.txt", "missing.txt: cannot read text"),
])
def test_bad_inputs_are_one_line_errors(capsys, name, message):
    code, out, err = run(capsys, "align", name, "hu-nc")
    assert code == 2 and not out
    assert err.count("\n") == 1 and message in err


def test_a_file_in_another_encoding_is_named_with_its_line(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes("First line.\nSecond line: Ecarté.\n".encode("cp1252"))
    with pytest.raises(InputError, match=rf"{re.escape(str(path))}:2: text is not UTF-8"):
        corpus.side(str(path))


def test_an_empty_file_is_an_error(tmp_path):
    (tmp_path / "empty.txt").write_text("\n\n", encoding="utf-8")
    with pytest.raises(InputError, match="no text to align"):
        corpus.side(str(tmp_path / "empty.txt"))


@pytest.mark.parametrize("text, message", [
    ('[concept.king]\nhu = ["*király"]\n', ":2: concept 'king': '*kiraly': a form is word, stem* or *part*"),
    ('[concept.king]\nfe = ["roi"]\n', ":2: concept 'king': unknown key 'fe' (the keys are hu, de, en, fr, quoted"),
    ('[concept.king]\ncard = "yes"\n', ":2: concept 'king': card must be true or absent"),
])
def test_a_malformed_glossary_is_an_error_naming_its_line(tmp_path, text, message):
    path = tmp_path / "glossary.toml"
    path.write_text("# the game's words\n" + text, encoding="utf-8")
    with pytest.raises(InputError, match=re.escape(f"glossary.toml{message}")):
        read_glossary(path)


def test_align_json_has_the_documented_shape(capsys):
    code, out, _ = run(capsys, "align", "en-short", "en-wiki", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"a", "b", "links", "unaligned"} and (data["a"], data["b"]) == ("en-short", "en-wiki")
    assert data["links"]
    for link in data["links"]:
        assert set(link) == {"source", "target", "relation", "score", "source_kind"}
        assert link["source"].startswith("en-short.") and link["target"].startswith("en-wiki.")
        assert link["source_kind"] == "auto" and link["relation"] in ("equivalent", "variant", "partial")


def test_align_text_has_one_line_per_link_then_the_unaligned(capsys):
    code, out, _ = run(capsys, "align", "en-short", "en-wiki")
    lines = out.splitlines()
    links = [line for line in lines if "⇄" in line]
    assert code == 0 and links and lines[len(links)].startswith("unaligned in en-short")
    source, arrow, target, relation, score_ = links[0].split()
    assert arrow == "⇄" and relation in ("equivalent", "variant", "partial") and 0 < float(score_) <= 1


def test_align_evaluate_prints_each_kind_of_evidence_and_the_final_alignment(capsys):
    code, out, _ = run(capsys, "align", "--evaluate", "--json")
    [report] = json.loads(out)["golds"]
    names = [r["name"] for r in report["runs"]]
    assert code == 0 and names[0] == "automatic (all evidence)" and names[-1] == "final (with the editor's)"
    assert {f"  without {kind.value}" for kind in Evidence} <= set(names)
    assert [p["witness"] for p in report["runs"][0]["pairs"]] == ["de-scheicher", "en-wiki", "en-short"]
    assert set(report["editor"]) == {r.value for r in Review} and sum(report["editor"].values()) > 150


@pytest.mark.parametrize("reader", sorted(FINAL_F1_FLOORS))
def test_the_final_alignment_agrees_with_a_reader_who_never_saw_it(capsys, reader):
    code, out, _ = run(capsys, "align", "--evaluate", str(INDEPENDENT / f"{reader}.toml"), "--no-ablation", "--json")
    [report] = json.loads(out)["golds"]
    [final] = [r for r in report["runs"] if r["name"] == "final (with the editor's)"]
    gold = read_gold_links(INDEPENDENT / f"{reader}.toml")
    assert code == 0 and [p["witness"] for p in final["pairs"]] == witnesses_of(gold) and len(witnesses_of(gold)) == 1
    assert final["all"]["f1"] >= FINAL_F1_FLOORS[reader]


def test_align_tune_prints_the_default_the_best_and_the_held_out_halves(capsys):
    code, out, _ = run(capsys, "align", "--tune", "--tries", "2")
    default, best, settings = out.splitlines()
    measured = float(default.removeprefix("default settings: F1 "))
    assert code == 0 and measured >= AUTOMATIC_F1_FLOOR
    assert re.fullmatch(r"best of 2 tried: F1 (0\.\d{3}); tuned on one half of the units, F1 on the other: "
                        r"0\.\d{3}, 0\.\d{3}", best) and float(best.split()[5].rstrip(";")) >= measured
    assert settings.startswith("Settings(threshold=")


def test_align_tune_refuses_no_tries(capsys):
    code, out, err = run(capsys, "align", "--tune", "--tries", "0")
    assert code == 2 and not out and "--tries must be at least 1, not 0" in err


def test_align_without_two_sides_is_a_one_line_error(capsys):
    code, out, err = run(capsys, "align", "hu-nc")
    assert code == 2 and not out and err == "ecarte align: give two witnesses or files (A B), or --evaluate\n"


# --- the editor's alignment carried over to a witness the editor has not aligned ---------------

def _sides(**texts: str):
    """Sides made of files, each named after its language's siglum (hu: Hungarian, else English)."""
    from dataclasses import replace
    from pipeline.align import file_side
    return {name: replace(file_side(Path(name), name, "\n\n".join(paragraphs.split("|"))),
                          language="hu" if name == "hu" else "en")
            for name, paragraphs in texts.items()}


def _link(a: str, b: str) -> Link:
    return Link(a, b, Relation.PARTIAL, None, Origin.EDITOR)


@pytest.mark.parametrize("pair, editor, expected", [
    (("new", "hu"), [], {}),                                              # the editor aligned nothing
    (("new", "hu"), [_link("hu.p1", "en.p2")], {"en": {"en.p2": {"hu.p1"}}}),
    (("hu", "new"), [_link("en.p2", "hu.p1")], {"en": {"en.p2": {"hu.p1"}}}),   # either side, either order
    (("new", "hu"), [_link("hu.p1", "en.p2"), _link("hu.p2", "en.p2")], {"en": {"en.p2": {"hu.p1", "hu.p2"}}}),
    # the editor's entries for the added witness change nothing: they override what they review
    (("new", "hu"), [_link("hu.p1", "en.p2"), _link("new.p1", "hu.p2"), _link("new.p2", "en.p1")],
     {"en": {"en.p2": {"hu.p1"}}}),
    (("hu", "en"), [_link("hu.p1", "en.p2")], {}),                        # the editor's two: his links decide
    (("new", "other"), [_link("hu.p1", "en.p2")], {}),                    # two added
    (("new", "hu"), [_link("hu.p1", "other.p1")], {}),                    # an added third is no pivot
])
def test_pivots_are_the_editors_third_witnesses_linked_with_the_editors_side(pair, editor, expected):
    from pipeline.align.pivot import pivots_for
    sides = _sides(new="a|b", hu="a|b", en="a|b", other="a")
    found = {p.side.name: {u: set(v) for u, v in p.partners.items()}
             for p in pivots_for(*pair, sides.get, editor, added={"new", "other"})}
    assert found == expected


def test_a_unit_like_a_pivots_unit_is_drawn_to_the_units_the_editor_linked_it_with():
    """The new witness's unit on the king reads like en.p2, which the editor linked with hu.p2:
    with the pivot, new.p1 ⇄ hu.p2 rises most; pairs with hu.p1, which the editor linked with
    nothing, do not move."""
    from pipeline.align.aligner import DEFAULT, combine, lift, measure, pivot_likes
    from pipeline.align.pivot import pivot_boost, pivots_for
    sides = _sides(new="The holder of the king of trumps marks one point.|The dealer shuffles the pack.",
                   en="Whoever deals shuffles.|The player holding the trump king marks a point.",
                   hu="Az osztó kever.|A kinek atout-királya van, egy pontot jelez.")
    terms, editor = glossary(), [_link("hu.p2", "en.p2")]

    def boost(a: str, b: str) -> list[list[float]]:
        pivots = pivots_for(a, b, sides.get, editor, added={"new"})
        likes = [combine(m, DEFAULT) for m in pivot_likes(sides[a], sides[b], pivots, terms, {}, ALL)]
        return pivot_boost(sides[a], sides[b], pivots, likes)
    m = measure(sides["new"], sides["hu"], terms, {}, ALL)
    before = combine(m, DEFAULT)
    after = [row[:] for row in before]
    lift(after, m.allowed, boost("new", "hu"), DEFAULT.pivot_weight)
    assert after[0][1] - before[0][1] > after[1][1] - before[1][1] >= 0
    assert [after[0][0], after[1][0]] == [before[0][0], before[1][0]]
    assert boost("hu", "new") == [list(column) for column in zip(*boost("new", "hu"))]   # either side new


@pytest.mark.parametrize("a, b", [("hu-nc", "de-scheicher"), ("en-short", "en-wiki")])
def test_measures_transposed_are_the_measures_of_the_sides_swapped(a, b):
    """A run measures each pair of witnesses once (`MeasureCache`), and a pivot asks for the pair
    the other way round: the transposition must be exactly what measuring it again gives, across
    languages and within one; the sections may come in another order."""
    from pipeline.align.aligner import MeasureCache, measure
    terms, engine = glossary(), corpus.engine_cues()
    forward, backward = corpus.side(a), corpus.side(b)
    swapped = measure(forward, backward, terms, engine, ALL).transposed()
    direct = measure(backward, forward, terms, engine, ALL)
    assert (swapped.channels, swapped.has, swapped.engine, swapped.allowed, swapped.cues) == \
        (direct.channels, direct.has, direct.engine, direct.allowed, direct.cues)
    assert sorted(map(repr, swapped.sections)) == sorted(map(repr, direct.sections))
    cache = MeasureCache()
    made = cache.measure(forward, backward, terms, engine, ALL)
    assert cache.measure(forward, backward, terms, engine, ALL - {Evidence.PIVOT}) is made
    assert cache.measure(backward, forward, terms, engine, ALL).channels == direct.channels
    assert cache.measure(forward, backward, terms, engine, ALL - {Evidence.ENGINE}).engine is None
