"""The automatic aligner (`pipeline.align`) and `ecarte align`: the path's moves, the scores, the
hand-checked links it must keep finding, file inputs and errors."""
from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from ecarte.cli import main
from pipeline.align import Alignment, align, align_names, load_side
from pipeline.align.cues import cues, glossary, read_glossary
from pipeline.align.dp import MOVES, best_path
from pipeline.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures" / "align"
EXPECTED = tomllib.loads((FIXTURES / "expected.toml").read_text(encoding="utf-8"))["link"]
EXPECTED_FLOOR = 11      # of the 22 links of expected.toml, measured; raise it when the aligner improves


@cache
def aligned(a: str, b: str) -> Alignment:
    return align_names(a, b)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- the dynamic program -------------------------------------------------------------------

gains = st.dictionaries(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from(MOVES[:3])),
                        st.one_of(st.none(), st.floats(-1, 1)))


def _gain_of(table):
    return lambda i, j, da, db: table.get((i, j, (da, db)), -0.5)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), gains)
def test_path_uses_every_unit_once_in_order_with_legal_moves(n, m, table):
    path = best_path(n, m, _gain_of(table))
    assert all((b.da, b.db) in MOVES for b in path)
    i = j = 0
    for bead in path:                      # consecutive beads: links never cross
        assert (bead.i, bead.j) == (i, j)
        i, j = i + bead.da, j + bead.db
    assert (i, j) == (n, m)


def _brute_force(n, m, gain, i=0, j=0):
    if (i, j) == (n, m):
        return 0.0
    best = float("-inf")
    for da, db in MOVES:
        if i + da <= n and j + db <= m:
            step = gain(i, j, da, db) if da and db else 0.0
            if step is not None:
                best = max(best, step + _brute_force(n, m, gain, i + da, j + db))
    return best


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), gains)
def test_path_is_the_best_of_all_monotone_paths(n, m, table):
    gain = _gain_of(table)
    total = sum(b.gain for b in best_path(n, m, gain))
    assert total == pytest.approx(_brute_force(n, m, gain))


def test_a_bead_judged_impossible_is_never_taken():
    path = best_path(2, 2, lambda i, j, da, db: None if (da, db) == (1, 1) else 1.0)
    assert [(b.da, b.db) for b in path if b.is_link] in ([(1, 2)], [(2, 1)])


# --- scores and relations ------------------------------------------------------------------

@pytest.mark.parametrize("siglum", ["hu-nc", "de-scheicher", "en-short"])
def test_a_witness_aligned_with_itself_is_the_identity_with_score_one(siglum):
    side = load_side(siglum)
    alignment = align(side, side)
    assert [(l.source, l.target) for l in alignment.links] == [(u.id, u.id) for u in side.units]
    assert {(l.relation, l.score, l.origin) for l in alignment.links} == {("equivalent", 1.0, "auto")}
    assert alignment.unaligned_a == alignment.unaligned_b == ()


@pytest.mark.parametrize("a, b", [("hu-nc", "de-scheicher"), ("en-short", "en-wiki"),
                                  ("hu-nc", "hu-nc-ocr1")])
def test_links_are_monotone_scored_and_typed(a, b):
    alignment = aligned(a, b)
    order_a = {u.id: k for k, u in enumerate(alignment.a.units)}
    order_b = {u.id: k for k, u in enumerate(alignment.b.units)}
    rules = {u.id for u in alignment.a.units + alignment.b.units if u.normative}
    pairs = [(order_a[l.source], order_b[l.target]) for l in alignment.links if l.source in rules]
    assert pairs == sorted(pairs)          # monotone within a group (here: the rules)
    for link in alignment.links:
        assert link.relation in ("equivalent", "variant", "partial") and 0 < link.score <= 1
    linked = {l.source for l in alignment.links} | {l.target for l in alignment.links}
    assert not linked & (set(alignment.unaligned_a) | set(alignment.unaligned_b))


def test_headings_are_aligned_only_with_headings():
    alignment = aligned("hu-nc", "de-scheicher")
    kinds = {u.id: u.kind.value for side in (alignment.a, alignment.b) for u in side.units}
    for link in alignment.links:
        assert (kinds[link.source] == "heading") == (kinds[link.target] == "heading"), link


def test_the_glossary_matches_stems_word_parts_and_number_words():
    terms = glossary()
    hu = cues("A kinek öt kártyája között van az atout-király, az jelez egy pontot.", "hu", terms)
    de = cues("Hält ein Spieler den Trumpfkönig, so markiert er fünf Punkte (§ 14).", "de", terms)
    assert {"king", "trump", "card", "point", "mark"} <= hu.concepts
    assert {"king", "trump", "point", "mark", "player"} <= de.concepts
    assert 5 in hu.numbers and 5 in de.numbers and 14 not in de.numbers   # § 14 is a reference
    assert (5, "point") in de.quantities


def test_a_differing_count_of_the_same_thing_is_a_variant(tmp_path):
    (tmp_path / "a.txt").write_text("A game is played to five points.\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("A game is played to seven points.\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text("A game is played to five points, or to seven.\n", encoding="utf-8")
    [link] = align_names(str(tmp_path / "a.txt"), str(tmp_path / "b.txt")).links
    assert link.relation == "variant"
    [link] = align_names(str(tmp_path / "a.txt"), str(tmp_path / "c.txt")).links
    assert link.relation == "equivalent"   # a count in common: not a different value


# --- the hand-checked links ----------------------------------------------------------------

def test_the_aligner_finds_at_least_the_measured_share_of_the_expected_links():
    found = [e for e in EXPECTED
             if (e["source"], e["target"]) in {(l.source, l.target) for l in aligned(e["a"], e["b"]).links}]
    assert len(EXPECTED) >= 15 and all(e["reason"] for e in EXPECTED)
    assert len(found) >= EXPECTED_FLOOR, [e["source"] + " ⇄ " + e["target"] for e in found]


def test_the_edition_aligns_one_to_one_with_its_transcript():
    alignment = aligned("hu-nc", "hu-nc-ocr1")
    assert all(l.source.split(".", 1)[1] == l.target.split(".", 1)[1] for l in alignment.links)
    assert len(alignment.links) == len(alignment.a.units) and not alignment.unaligned_b


# --- inputs and the command ----------------------------------------------------------------

def test_files_are_cut_into_paragraphs_named_after_the_file(tmp_path):
    hu = tmp_path / "hu.txt"
    en = tmp_path / "en.txt"
    hu.write_text("A ki legalább három ütést csinál, az egy pontot jelez.\n\n\n"
                  "A kártyák sorrendje: király, dáma,\nalsó, as, tíz.\n", encoding="utf-8")
    en.write_text("The cards rank king, queen, jack, ace, ten.\n\n"
                  "Three tricks score one point.\n", encoding="utf-8")
    alignment = align_names(str(hu), str(en))
    assert alignment.a.language == "hu" and alignment.b.language == "en"
    assert [u.id for u in alignment.a.units] == ["hu.txt.p1", "hu.txt.p2"]
    assert alignment.a.units[1].text == "A kártyák sorrendje: király, dáma, alsó, as, tíz."
    # a monotone path keeps one of the two crossing pairs
    assert [(l.source, l.target) for l in alignment.links] in ([("hu.txt.p1", "en.txt.p2")],
                                                                [("hu.txt.p2", "en.txt.p1")])


@pytest.mark.parametrize("name, message", [
    ("xx-nowhere", "unknown witness 'xx-nowhere'; known: hu-nc, hu-nc-ocr1"),
    ("missing.txt", "missing.txt: cannot read text"),
])
def test_bad_inputs_are_one_line_errors(capsys, name, message):
    code, out, err = run(capsys, "align", name, "hu-nc")
    assert code == 2 and not out
    assert err.count("\n") == 1 and message in err


def test_an_empty_file_is_an_error(tmp_path):
    (tmp_path / "empty.txt").write_text("\n\n", encoding="utf-8")
    with pytest.raises(InputError, match="no text to align"):
        load_side(str(tmp_path / "empty.txt"))


def test_a_malformed_glossary_is_an_error_naming_it(tmp_path):
    path = tmp_path / "glossary.toml"
    path.write_text('[concept.king]\nhu = ["*király"]\n', encoding="utf-8")
    with pytest.raises(InputError, match="glossary.toml: concept 'king'"):
        read_glossary(path)


def test_align_json_has_the_documented_shape(capsys):
    code, out, _ = run(capsys, "align", "en-short", "en-wiki", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"a", "b", "links", "unaligned"} and (data["a"], data["b"]) == ("en-short", "en-wiki")
    assert set(data["unaligned"]) == {"a", "b"}
    for link in data["links"]:
        assert set(link) == {"source", "target", "relation", "score", "source_kind"}
        assert link["source"].startswith("en-short.") and link["target"].startswith("en-wiki.")
        assert link["source_kind"] == "auto"


def test_align_text_has_one_line_per_link_then_the_unaligned(capsys):
    code, out, _ = run(capsys, "align", "en-short", "en-wiki")
    lines = out.splitlines()
    links = [line for line in lines if "⇄" in line]
    assert code == 0 and links and lines[len(links)].startswith("unaligned in en-short")
    source, arrow, target, relation, score = links[0].split()
    assert arrow == "⇄" and relation in ("equivalent", "variant", "partial") and 0 < float(score) <= 1
