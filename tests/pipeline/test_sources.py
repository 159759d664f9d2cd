"""The witness catalogue and the checksum guard on the sources."""
from __future__ import annotations

import shutil

import pytest

from pipeline.errors import InputError
from pipeline.sources import CATALOGUE, SOURCES, load_witnesses, read_source


def test_every_source_matches_its_recorded_checksum_and_its_seed():
    witnesses = load_witnesses()
    assert {w.siglum for w in witnesses.values() if w.source} == {
        "hu-nc-ocr1", "hu-nc-ocr2", "de-scheicher", "en-wiki", "en-short"}
    for witness in witnesses.values():
        if witness.source:
            assert read_source(witness)


@pytest.fixture
def copy(tmp_path):
    for path in SOURCES.iterdir():
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_a_changed_source_stops_with_an_error_naming_the_file(copy):
    witness = load_witnesses()["en-short"]
    (copy / "en-short.txt").write_text("changed\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"en-short\.txt: source has changed: sha256"):
        read_source(witness, copy)


def test_a_missing_source_is_named(copy):
    witness = load_witnesses()["de-scheicher"]
    (copy / "de-scheicher.txt").unlink()
    with pytest.raises(InputError, match=r"de-scheicher\.txt: source of witness 'de-scheicher' is missing"):
        read_source(witness, copy)


def test_an_unreadable_source_is_named(copy):
    witness = load_witnesses()["en-wiki"]
    (copy / "en-wiki.txt").unlink()
    (copy / "en-wiki.txt").mkdir()
    with pytest.raises(InputError, match=r"en-wiki\.txt: cannot read source"):
        read_source(witness, copy)


def test_a_broken_catalogue_is_named_with_the_problem(tmp_path):
    bad = tmp_path / "witnesses.toml"
    bad.write_text(CATALOGUE.read_text(encoding="utf-8") + "\n[x\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"witnesses\.toml:\d+: malformed witness catalogue"):
        load_witnesses(bad)
    bad.write_text('[w]\ntitle = "t"\nlanguage = "en"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"witness 'w' lacks kind, segmenter"):
        load_witnesses(bad)
