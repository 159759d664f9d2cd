"""The normalized modern layer of hu-nc: period spellings beside today's, by rules and hunspell."""
from __future__ import annotations

import pytest

from pipeline_helpers import edited_copy
from pipeline import corpus
from pipeline.model import Reading
from pipeline.errors import InputError
from pipeline.normalize import RULES, load_rules, normalized_text, normalizer


@pytest.mark.parametrize("printed, modern", [
    ("kilencz", "kilenc"), ("nyolcz", "nyolc"), ("daczára", "dacára"), ("czéljából", "céljából"),
    ("melylyel", "mellyel"), ("számit", "számít"), ("kihivott", "kihívott"), ("szin", "szín"),
    ("játszák", "játsszák"), ("épúgy", "éppúgy"), ("Kilencz", "Kilenc"),
])
def test_period_spelling_is_modernized(printed, modern):
    assert normalizer().text(printed) == modern


@pytest.mark.parametrize("word", ["szint", "kártyát", "játékos", "roi", "marque", "coup", "atout", "chouetteurnek"])
def test_modern_words_and_words_without_a_modern_form_stay(word):
    assert normalizer().text(word) == word


@pytest.mark.parametrize("printed, modern", [
    ("mindenki, a ki egy", "mindenki, aki egy"), ("A ki atoutnak", "Aki atoutnak"),
    ("a kártyajátékot, a melylyel osztani", "a kártyajátékot, amellyel osztani"),
    ("úgy a mint van", "úgy amint van"), ("jelzi a nélkül, hogy", "jelzi anélkül, hogy"),
    ("ép oly kevéssé", "éppoly kevéssé"), ("a kártyák sorrendje", "a kártyák sorrendje"),
    ("a talon ki nem merült", "a talon ki nem merült"),
])
def test_relative_pronouns_written_apart_are_joined_only_after_the_article_a(printed, modern):
    assert normalizer().text(printed) == modern


def test_edition_carries_the_modern_form_beside_the_printed_one():
    units = {u.id: u for u in corpus.load_corpus()["hu-nc"].walk()}
    regs = {(s.text, s.reg) for line in units["hu-nc.12"].lines for s in line.spans
            if isinstance(s, Reading) and s.reg}
    assert {("kilencz", "kilenc"), ("nyolcz", "nyolc")} <= regs
    assert "kilencz" in units["hu-nc.12"].text
    assert "tíz, kilenc, nyolc, hét" in normalized_text(units["hu-nc.12"])
    assert normalized_text(units["hu-nc.10"]).startswith("A sorrend megállapítása után")
    assert "amellyel osztani" in normalized_text(units["hu-nc.10"])


def test_words_broken_at_a_line_end_are_normalized_whole():
    units = {u.id: u for u in corpus.load_corpus()["hu-nc"].walk()}
    assert "szá-" in units["hu-nc.48"].lines[1].text and " számit " in units["hu-nc.48"].text
    assert " számít " in normalized_text(units["hu-nc.48"])
    assert normalized_text(units["hu-nc.34"]).startswith("Aki dacára annak")


def test_the_suit_is_read_szin_where_the_print_has_szint():
    units = {u.id: u for u in corpus.load_corpus()["hu-nc"].walk()}
    for unit in ("hu-nc.30", "hu-nc.32"):
        modern = normalized_text(units[unit])
        assert "színt" in modern and "szint" not in modern
        regs = {(s.text, s.reg) for line in units[unit].lines for s in line.spans
                if isinstance(s, Reading) and s.reg}
        assert ("szint", "színt") in regs and "szint" in units[unit].text
    assert "a többi színt üti" in normalized_text(units["hu-nc.30"])
    assert "íratnak fel" in normalized_text(units["hu-nc.3"])
    assert "a kihítt kártyát" in normalized_text(units["hu-nc.34"])
    assert "már kihívatott" in normalized_text(units["hu-nc.44"])


@pytest.mark.parametrize("printed, modern, said", [
    ("kilencz", "kilenc", "c was written cz"),                 # a period convention, always modernized
    ("melylyel", "mellyel", "long digraph consonant"),
    ("kivánja", "kívánja", "í was often printed short"),       # a vowel length hunspell wants
    ("épúgy", "éppúgy", "ép 'just' in compounds"),             # a word rule of normalization.toml
    ("A ki", "Aki", "written in two words until 1922"),        # a join
])
def test_why_names_the_rule_behind_a_modern_form(printed, modern, said):
    assert said in normalizer().why(printed, modern)


def test_why_prefers_the_editors_decision_in_its_unit():
    decision = normalizer().rules.decisions[0]
    assert normalizer().why(decision.word, decision.modern, frozenset({decision.unit})) == decision.why
    assert normalizer().why(decision.word, decision.modern) != decision.why


@pytest.mark.parametrize("old, new, message", [
    ('pattern = "sz(?=(a|á|ák|ad|uk|átok)$)"', "pattern = 4", r"\[\[word\]\]: pattern must be a non-empty string, not 4"),
    ('pattern = "^ép(?=(oly|olyan|úgy)$)"', 'pattern = "(ép"', r"\[\[word\]\]: pattern '\(ép' is not a regular expression"),
    ('first = "a"', "first = true", r"\[\[join\]\]: first must be a non-empty string, not True"),
    ('joined = "épp{second}"', 'joined = ["épp"]', r"\[\[join\]\]: joined must be a non-empty string"),
    ('replace = "ssz"', 'replacement = "ssz"', r"\[\[word\]\]: unknown field replacement"),
    ('why = "ép oly', 'reason = "ép oly', r"\[\[join\]\]: unknown field reason"),
])
def test_a_malformed_rule_is_named_with_its_line(tmp_path, old, new, message):
    path, _, header = edited_copy(RULES, tmp_path, old, new)
    with pytest.raises(InputError, match=rf"normalization\.toml:{header}: {message}"):
        load_rules(path)


def test_rules_written_other_than_as_tables_are_named(tmp_path):
    path = tmp_path / "normalization.toml"
    path.write_text('word = [{ pattern = "a", replace = "b", why = "c" }]\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"normalization\.toml: write each word entry as a \[\[word\]\] table"):
        load_rules(path)
    path.write_text('[[rule]]\npattern = "a"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"normalization\.toml: normalization rules: unknown field rule \(known: word, join, decision\)"):
        load_rules(path)
