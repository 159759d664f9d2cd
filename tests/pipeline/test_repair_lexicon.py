"""The repair lexicon: hunspell's hu_HU with the spelling of about 1900 and the game's vocabulary."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pipeline_helpers import edited_copy
from pipeline.lexicon import Basis, load
from pipeline.errors import InputError
from pipeline.lexicon.orthography import load_orthography
from pipeline.lexicon.vocabulary import load_vocabulary
from pipeline.paths import LEXICON


@pytest.fixture(scope="module")
def lexicon():
    return load("hu")


@pytest.mark.parametrize("word, modern, kind", [
    ("kilencz", "kilenc", Basis.HISTORICAL),            # cz for c before 1922
    ("Kilencz", "kilenc", Basis.HISTORICAL),
    ("czéljából", "céljából", Basis.HISTORICAL),
    ("melylyel", "mellyel", Basis.HISTORICAL),          # a doubled ly written in full
    ("számit", "számít", Basis.VARIANT),                # í printed short, now and then
    ("ugyanugy", "ugyanúgy", Basis.VARIANT),            # ú printed short
    ("játszák", "játsszák", Basis.VARIANT),             # one sz for the assimilated ssz
])
def test_period_spelling_is_accepted_through_its_modern_form(lexicon, word, modern, kind):
    accepted = lexicon.acceptance(word)
    assert (accepted.kind, accepted.modern, accepted.weak) == (kind, modern, kind is Basis.VARIANT)


@pytest.mark.parametrize("word", ["chouetteurnek", "chouetteurnak", "écartirozott", "Ecartirozás",
                                  "atout", "jetonokban", "Casinonak", "propositióját", "piquet"])
def test_game_vocabulary_and_its_inflections_are_accepted(lexicon, word):
    assert lexicon.acceptance(word).kind is Basis.GAME


@pytest.mark.parametrize("word", ["játékos", "kártyákkal", "következő", "tétekről"])
def test_modern_hungarian_is_accepted_by_hunspell(lexicon, word):
    assert lexicon.acceptance(word).kind is Basis.HUNSPELL


@pytest.mark.parametrize("word", ["jitékos", "kdrtydkat", "killonboz6", "kovetkez6", "¢s"])
def test_ocr_garble_is_not_accepted(lexicon, word):
    assert lexicon.acceptance(word) is None


def test_free_compound_is_accepted_with_its_parts_and_a_lower_prior(lexicon):
    compound = lexicon.acceptance("dacara")        # hunspell: dac + ara
    assert compound.label is Basis.COMPOUND and compound.parts == ("dac", "ara")
    assert lexicon.log_prior("dacara") < lexicon.log_prior("játékos")


@pytest.mark.parametrize("ending", ["ot", "t", "ik", "ben", "et"])
def test_lone_endings_after_a_hyphen_are_accepted(lexicon, ending):
    assert lexicon.accepts_ending(ending)


def test_frequent_words_have_higher_priors(lexicon):
    assert lexicon.log_prior("és") > lexicon.log_prior("kártya") > lexicon.log_prior("kártyákkal") > -25


def test_orthography_rules_rewrite_all_or_each_match():
    rules = load_orthography(LEXICON / "hu-historical.toml")
    assert rules.modernizations("kilencz")[0] == "kilenc"
    assert "mellyel" in rules.modernizations("melylyel")
    assert "szívét" in rules.modernizations("szivét")
    assert rules.modernizations("ház") == []
    assert rules.variants("kilencz")[0] == ("kilenc", False) and ("szívét", True) in rules.variants("szivét")


def test_spelling_search_prunes_what_no_known_word_begins_with(lexicon):
    assert lexicon.extend("ját", "é", False) > 0
    assert lexicon.extend("jdt", "é", False) is None          # no Hungarian word begins with jdt
    assert lexicon.extend("játékosok", "q", True) is None     # nor ends in kq
    assert lexicon.extend("játéko", "s", True) > 0


def test_yes_no_questions_for_the_other_stages(lexicon):
    assert lexicon.accepts("kilencz") and not lexicon.accepts("jitékos")
    assert lexicon.spell("kilenc") and not lexicon.spell("kilencz")        # hunspell alone


def test_known_forms_near_a_badly_garbled_word_are_found(lexicon):
    assert "következtetésre" in lexicon.neighbours.near("kovetheztetesre", 3, 8)
    assert "büntetésként" in lexicon.neighbours.near("biincetéskent", 3, 8)    # same first letter
    assert "felsorakozásához" in lexicon.neighbours.near("telorakozisahoz", 4, 8)   # same last two


def test_a_form_the_lemma_table_lists_is_likelier_than_an_unlisted_one(lexicon):
    assert lexicon.log_prior("mámorosan") > lexicon.log_prior("mámorosán")


def test_words_only_hunspell_knows_are_not_pruned_from_the_search(lexicon):
    assert lexicon.extend("tal", "o", False) is not None        # talon(ból): hunspell's, not wordfreq's


def test_wordfreq_attests_names_and_loanwords_the_lexicon_rejects(lexicon):
    assert not lexicon.accepts("holiday") and lexicon.attested("holiday") is not None
    assert lexicon.attested("kdrtyat") is None


def _edited(tmp_path, name: str, old: str, new: str) -> tuple[Path, int, int]:
    return edited_copy(LEXICON / name, tmp_path, old, new)


@pytest.mark.parametrize("old, new, message", [
    ('apply = "each"', 'apply = "alll"', "apply must be one of all, each, not 'alll'"),
    ('pattern = "cz"', "", "lacks pattern"),
    ('pattern = "cz"', "pattern = 4", "pattern must be a non-empty string, not 4"),
    ('pattern = "cz"', 'pattern = "(cz"', r"pattern '\(cz' is not a regular expression"),
    ("max = 1", "max = 0", "max must be a whole number of at least 1, not 0"),
    ("max = 1", 'max = "1"', "max must be a whole number of at least 1, not '1'"),
    ('apply = "all"\nwhy', 'apply = "all"\nmax = 2\nwhy', 'max is for a rule with apply = "each" only'),
    ('replace = "c"', 'replacement = "c"', "unknown field replacement"),
])
def test_a_malformed_orthography_rule_is_named_with_its_line(tmp_path, old, new, message):
    path, _, table = _edited(tmp_path, "hu-historical.toml", old, new)
    with pytest.raises(InputError, match=rf"hu-historical\.toml:{table}: \[\[rule\]\]: {message}"):
        load_orthography(path)


def test_a_malformed_orthography_file_is_named_with_its_line(tmp_path):
    path = tmp_path / "hu-historical.toml"
    path.write_text('[[rule]]\nname = "cz"\npattern = "cz\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"hu-historical\.toml:3: malformed orthography rules"):
        load_orthography(path)


@pytest.mark.parametrize("old, new, message", [
    ('models = ["kávé"]', 'models = "kávé"', r"\[\[word\]\]: models must be a list of non-empty strings"),
    ('stems = ["écart"]', "stems = []", r"\[\[word\]\]: stems must be a non-empty list"),
    ('stems = ["écart"]', 'stem = ["écart"]', r"\[\[word\]\]: unknown field stem"),
    ("zipf = 4.0", 'zipf = "4"', "vocabulary: zipf must be a number, not '4'"),
    ('ending_models = ["bank"', 'ending_models = [1, "bank"', "vocabulary: ending_models must be a non-empty list"),
])
def test_a_malformed_vocabulary_entry_is_named_with_its_line(tmp_path, old, new, message):
    path, line, table = _edited(tmp_path, "hu-game.toml", old, new)
    with pytest.raises(InputError, match=rf"hu-game\.toml:{table or line}: {message}"):
        load_vocabulary(path)


@pytest.mark.parametrize("lang, package, file", [
    ("en", "hunspell-en-us", "en_US.dic"), ("de", "hunspell-de-de", "de_DE.dic"),
    ("fr", "hunspell-fr-classical", "fr_FR.dic"), ("hu", "hunspell-hu", "hu_HU.dic"),
])
def test_a_missing_dictionary_names_the_debian_package_and_file_that_provide_it(
        monkeypatch, tmp_path, lang, package, file):
    from pipeline.lexicon import lexicon as module

    monkeypatch.setattr(module, "HUNSPELL", tmp_path)      # a machine without any dictionary
    with pytest.raises(InputError, match=f"install the Debian package {package}, which provides {file}") as error:
        module.build(lang)
    assert error.value.path == tmp_path / file


def test_a_language_without_a_known_dictionary_is_one_clear_error():
    from pipeline.lexicon import lexicon as module

    with pytest.raises(InputError, match=r"no hunspell dictionary is known for language 'it' \(known: de, en, fr, hu\)"):
        module.build("it")


def _dictionary_copy(monkeypatch, tmp_path, *names: str):
    """The lexicon module reading hunspell's dictionary from copies of `names` in `tmp_path`."""
    from pipeline.lexicon import lexicon as module

    for name in names:
        shutil.copy2(module.HUNSPELL / name, tmp_path / name)      # times kept, as dpkg keeps the package's
    monkeypatch.setattr(module, "HUNSPELL", tmp_path)
    return module


@pytest.mark.parametrize("name", ["hu_HU.dic", "hu_HU.aff"])
def test_the_cached_tables_are_not_served_after_an_update_of_hunspells_dictionary(monkeypatch, tmp_path, name):
    module = _dictionary_copy(monkeypatch, tmp_path, "hu_HU.dic", "hu_HU.aff")
    vocabulary = load_vocabulary(LEXICON / "hu-game.toml")
    before = module._tables_path("hu", vocabulary)
    assert module._tables_path("hu", vocabulary) == before
    path = tmp_path / name
    status = path.stat()
    path.write_bytes(path.read_bytes() + b"\n")                      # new content, the same time
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    grown = module._tables_path("hu", vocabulary)
    path.write_bytes(path.read_bytes()[:-1])                          # the same size, another time
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1))
    assert len({before, grown, module._tables_path("hu", vocabulary)}) == 3


def test_a_missing_affix_file_names_the_debian_package_and_file_that_provide_it(monkeypatch, tmp_path):
    module = _dictionary_copy(monkeypatch, tmp_path, "hu_HU.dic")
    with pytest.raises(InputError, match="install the Debian package hunspell-hu, which provides hu_HU.aff") as error:
        module.build("hu")
    assert error.value.path == tmp_path / "hu_HU.aff"
