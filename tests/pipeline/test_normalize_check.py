"""The modern layer's readings in doubt (pipeline/normalize_check.py) and the editor's decisions."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pipeline import lexicon
from pipeline.errors import InputError
from pipeline.model import Kind, Line, Unit
from pipeline.normalize import Normalizer, SpellingDecision, load_rules
from pipeline.align.cues import Glossary
from pipeline.normalize_check import GameTerms, Signal, choices, require_decided, stale

GAME = GameTerms(Glossary({"hu": {"szín": frozenset({"suit"}), "színt": frozenset({"suit"})}},
                          {"hu": (("színe", "suit"), ("kihív", "lead"))}, {}, {}, frozenset()))
NO_GAME = GameTerms(Glossary({}, {}, {}, {}, frozenset()))


def normalizer(*decisions: SpellingDecision) -> Normalizer:
    """The project's rules with these decisions instead of the edition's."""
    return Normalizer(lexicon.load(), replace(load_rules(), decisions=decisions))


def leaf(id: str, text: str) -> Unit:
    return Unit(id, "t", Kind.PARAGRAPH, lines=[Line(text, 1)])


@pytest.mark.parametrize("texts, terms, expected", [
    # szín 'suit' is the game's word and the edition's lemma; szint 'level' is neither
    (["a többi szint üti", "a kihívott szín", "színre színt kell adni"], GAME,
     {("t.1", "szint"): {("színt", Signal.GAME), ("színt", Signal.EDITION)}}),
    (["a többi szint üti"], GAME, {("t.1", "szint"): {("színt", Signal.GAME)}}),
    (["a többi szint üti", "a színe"], NO_GAME, {("t.1", "szint"): {("színt", Signal.EDITION)}}),
    # wordfreq counts írt 'wrote' far more often than irt 'eradicate'
    (["a levelet irt"], NO_GAME, {("t.1", "irt"): {("írt", Signal.FREQUENCY)}}),
    # two readings that are words, nothing speaks for the other: a choice, not a doubt
    (["ha pártok játszanak egymás ellen"], GAME, {("t.1", "játszanak"): set()}),
    (["arra még szükség van"], GAME, {("t.1", "szükség"): set()}),
    # one modern reading only: no choice (cz is never written today, szin is no word)
    (["kilencz kártya, daczára", "a kihívott szin"], GAME, {}),
])
def test_choices_and_what_puts_them_in_doubt(texts, terms, expected):
    found = choices([(f"t.{k}", text) for k, text in enumerate(texts, 1)], normalizer(), terms)
    assert {(c.unit, c.word): set(c.signals) for c in found} == expected
    assert all(c.doubtful == bool(expected[(c.unit, c.word)]) for c in found)


def test_a_choice_lists_every_reading_the_rules_choice_first():
    [choice] = choices([("t.1", "A többi szint üti, a színt")], normalizer(), GAME)
    assert [e.form for e in choice.evidence] == ["szint", "színt"]
    assert choice.evidence[1].lemmas == ("szín",) and choice.evidence[1].concepts == ("suit",)
    assert choice.chosen == choice.modern == "szint" and choice.decision is None
    assert "t.1 szint" in choice.reason() and "színt: game" in choice.reason()


RULE = Unit("t.9", "t", Kind.RULE, children=[leaf("t.9.1", "a többi szint üti"), leaf("t.9.2", "a szint")])
UNITS = [leaf("t.1", "a többi szint üti"), leaf("t.2", "kilencz kártya"), RULE]


@pytest.mark.parametrize("decision, problem", [
    (SpellingDecision("t.1", "szint", "színt", "suit"), None),
    (SpellingDecision("t.1", "szint", "szint", "level, kept"), None),
    (SpellingDecision("t.7", "szint", "színt", "suit"), "no unit t.7 in the edition"),
    (SpellingDecision("t.9", "szint", "színt", "suit"), "holds no lines"),
    (SpellingDecision("t.1", "kihitt", "kihítt", "lead"), "no longer occurs"),
    (SpellingDecision("t.2", "kilencz", "kilenc", "nine"), "one modern reading only (kilenc)"),
    (SpellingDecision("t.1", "szint", "szent", "?"), "not one of its readings (szint, színt)"),
    (SpellingDecision("t.9.1", "szint", "színt", "suit"), "t.9 would read 'szint' as szint and színt"),
])
def test_a_decision_that_no_longer_applies_is_an_error(decision, problem):
    reader = normalizer(decision)
    found = stale(UNITS, choices([(u.id, u.text) for top in UNITS for u in top.walk() if u.lines],
                                 reader, GAME), reader)
    assert (found == []) if problem is None else (len(found) == 1 and problem in found[0])


def test_the_build_check_stops_on_an_undecided_doubt_and_passes_a_decided_one():
    units = [leaf("t.1", "a többi szint üti"), leaf("t.2", "a színe")]
    with pytest.raises(InputError, match=r"normalization\.toml: 1 modern reading.*t\.1 szint"):
        require_decided(units, normalizer(), GAME)
    [choice] = require_decided(units, normalizer(SpellingDecision("t.1", "szint", "színt", "suit")), GAME)
    assert choice.doubtful and choice.modern == "színt"


@pytest.mark.parametrize("text, decided, modern", [
    ("a többi szint üti", {"szint": "színt"}, "a többi színt üti"),
    ("Szint vagy szint", {"szint": "színt"}, "Színt vagy színt"),
    ("a többi szint üti", {"szint": "szint"}, "a többi szint üti"),
    ("a ki a szin", {"szin": "szin"}, "aki a szin"),
    ("a ki a szin", {}, "aki a szín"),
])
def test_decided_readings_take_the_place_of_the_rules(text, decided, modern):
    assert normalizer().text(text, decided) == modern


@pytest.mark.parametrize("entry, problem", [
    ('unit = "t.1"\nword = "szint"\nmodern = "színt"', "1: [[decision]]: lacks why"),
    ('unit = "t.1"\nword = "szint"\nmodern = "színt"\nwhy = "x"\nnote = "y"', "1: [[decision]]: unknown field note"),
    ('unit = "t.1"\nword = "a szint"\nmodern = "színt"\nwhy = "x"', "1: [[decision]]: t.1: 'a szint' is not one word"),
    ('unit = "t.1"\nword = "szint"\nmodern = "színt"\nwhy = "x"\n[[decision]]\nunit = "t.1"\n'
     'word = "Szint"\nmodern = "szint"\nwhy = "y"', "6: [[decision]]: t.1 decides 'szint' twice"),
])
def test_malformed_decisions_are_named(tmp_path, entry, problem):
    path = tmp_path / "normalization.toml"
    path.write_text(f"[[decision]]\n{entry}\n", encoding="utf-8")
    with pytest.raises(InputError, match=f"normalization\\.toml:{problem.replace('[', '.').replace(']', '.')}"):
        load_rules(path)


def test_without_its_decisions_the_edition_does_not_build(corpus_copy, ecarte_on):
    rules = corpus_copy / "editorial" / "normalization.toml"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[:text.index("[[decision]]")], encoding="utf-8")
    report = ecarte_on("modern", "--json")
    assert report.returncode == 1
    listed = json.loads(report.stdout)
    assert listed["summary"]["undecided"] == 5
    assert {(c["unit"], c["word"]) for c in listed["choices"]} == {
        ("hu-nc.3", "iratnak"), ("hu-nc.30", "szint"), ("hu-nc.32", "szint"), ("hu-nc.34", "kihitt"),
        ("hu-nc.44.2", "kihivatott")}
    built = ecarte_on("build", "--check")
    assert built.returncode == 2
    assert built.stderr.count("\n") == 1 and "normalization.toml: 5 modern reading(s) in doubt" in built.stderr
