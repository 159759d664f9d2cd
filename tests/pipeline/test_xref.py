"""`ecarte xref`: a unit with its place, links, rules and scenarios (CONTRACT.md §3)."""
from __future__ import annotations

import json

import pytest

from ecarte.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_xref_shows_rule_26_with_its_heading_for_people(capsys):
    code, out, _ = run(capsys, "xref", "hu-nc.26")
    assert code == 0
    assert out.startswith("hu-nc.26 — rule 26 of hu-nc")
    assert "under: A király és az atout." in out
    assert "A ki atoutnak királyt üt fel, egy pontot nyer" in out


def test_a_heading_stands_under_no_heading_not_under_itself(capsys):
    code, out, _ = run(capsys, "xref", "hu-nc.h3")
    assert code == 0 and out.startswith("hu-nc.h3 — heading of hu-nc") and "\nunder: " not in out


def test_xref_shows_a_sections_own_title_apart_from_its_text(capsys):
    code, out, _ = run(capsys, "xref", "de-scheicher.5")
    assert code == 0
    assert "\ntitle: Der Atout-König\n" in out
    _, out, _ = run(capsys, "xref", "de-scheicher.5", "--json")
    record = json.loads(out)
    assert record["head"] == "Der Atout-König" and "Der Atout-König" not in record["text"]
    _, out, _ = run(capsys, "xref", "hu-nc.26", "--json")
    assert "head" not in json.loads(out)


def test_xref_shows_lettered_items_with_their_printed_labels_as_the_tei_does(capsys):
    code, out, _ = run(capsys, "xref", "de-scheicher.12.6.2")
    assert code == 0
    assert "\n\na) Wenn der Nicht-Teiler zu viele Karten besitzt" in out
    assert "\n\nb) Wenn der Teiler zu viele Karten besitzt" in out


def test_xref_all_json_has_every_unit_in_the_contract_shape(capsys):
    code, out, _ = run(capsys, "xref", "--all", "--json")
    assert code == 0
    units = json.loads(out)["units"]
    assert any(u["variants"] for u in units) and any(u["aligned"] for u in units)
    assert {u["witness"] for u in units} == {"hu-nc", "hu-nc-ocr1", "hu-nc-ocr2", "de-scheicher",
                                            "en-wiki", "en-short"}
    for unit in units:
        assert {"id", "witness", "text", "normative", "aligned", "rules", "scenarios", "variants"} <= set(unit)
        assert all(isinstance(p, str) for p in unit["variants"])
        assert unit["normative"] or unit["reason"], unit["id"]
        for link in unit["aligned"]:
            assert link["relation"] in ("equivalent", "variant", "partial")
            assert link["source"] in ("auto", "editor") and 0 <= link["score"] <= 1


def test_xref_marks_history_and_titles_as_not_normative_with_a_reason(capsys):
    _, out, _ = run(capsys, "xref", "en-wiki.s0.p2", "--json")
    record = json.loads(out)
    assert record["normative"] is False and "history" in record["reason"]
    _, out, _ = run(capsys, "xref", "de-scheicher.5.1", "--json")
    assert json.loads(out)["normative"] is True


def test_the_edition_is_aligned_with_the_transcripts_it_is_made_from(capsys):
    _, out, _ = run(capsys, "xref", "hu-nc.26", "--json")
    aligned = {link["id"] for link in json.loads(out)["aligned"]}
    assert {"hu-nc-ocr1.26", "hu-nc-ocr2.26"} <= aligned


def test_rule_40_shows_its_german_and_english_parallels_with_relation_and_source(capsys):
    _, out, _ = run(capsys, "xref", "hu-nc.40", "--json")
    record = json.loads(out)
    aligned = {link["id"]: link for link in record["aligned"]}
    assert {"de-scheicher", "en-wiki", "en-short"} <= {a.split(".")[0] for a in aligned}
    for link in aligned.values():
        assert link["relation"] in ("equivalent", "variant", "partial")
        assert link["source"] in ("auto", "editor") and 0 <= link["score"] <= 1
    assert aligned["en-wiki.s6.p2.i2"]["relation"] == "variant"
    assert aligned["en-wiki.s6.p2.i2"]["source"] == "editor" and aligned["en-wiki.s6.p2.i2"]["note"]
    assert "refused_first_loss" in record["variants"]
    _, out, _ = run(capsys, "xref", "hu-nc.40")
    assert "aligned: en-wiki.s6.p2.i2 (variant, editor" in out and "variant point: refused_first_loss" in out


def test_a_unit_without_a_parallel_says_why(capsys):
    _, out, _ = run(capsys, "xref", "hu-nc.3", "--json")
    none = {n["witness"]: n["reason"] for n in json.loads(out)["no_parallel"]}
    assert "en-short" in none and none["en-short"]


@pytest.mark.parametrize("args, message", [
    (["xref", "hu-nc.99"], "no unit 'hu-nc.99'"),
    (["xref"], "give either a UNIT or --all"),
    (["xref", "--all"], "--all is for machines"),
])
def test_xref_input_errors_are_one_line(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and len(err.splitlines()) == 1


def test_the_edition_carries_a_modern_spelling_beside_the_print(capsys):
    _, out, _ = run(capsys, "xref", "hu-nc.12", "--json")
    record = json.loads(out)
    assert "kilencz, nyolcz" in record["text"]
    assert "kilenc, nyolc" in record["normalized"]
    _, out, _ = run(capsys, "xref", "de-scheicher.3.2", "--json")
    assert "normalized" not in json.loads(out)
