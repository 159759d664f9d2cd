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
    with pytest.raises(InputError, match=r"witnesses\.toml:1: witness 'w': lacks kind, segmenter"):
        load_witnesses(bad)


def altered(tmp_path, old: str, new: str):
    """A copy of the catalogue with `old` (which must occur) replaced by `new` the first time."""
    text = CATALOGUE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "witnesses.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, text.replace(old, new, 1).splitlines()


@pytest.mark.parametrize("old, new, message", [
    ('language = "hu"', "language = 1", "language must be a non-empty string, not 1"),
    ('segmenter = "numbered-rules"', "segmenter = []", "segmenter must be a non-empty string, not \\[\\]"),
    ('title_en = "The', 'titel_en = "The', "unknown field titel_en"),
    ("repair = false", 'repair = "no"', "repair must be true or false, not 'no'"),
    ('base = "hu-nc-ocr2"', "base = 2", "base must be a non-empty string, not 2"),
    ('base = "hu-nc-ocr2"', 'base = "hu-nc-ocr9"', "base names unknown witness 'hu-nc-ocr9'"),
    ('base = "hu-nc-ocr2"', 'base = "hu-nc"', "base names 'hu-nc', an edition, not a transcript"),
    ('author = "Nemzeti Casino, játékbizottság"', "author = { name = \"x\" }", "author must be a non-empty string"),
    ('date = "c. 1900"', "date = 1900", "date must be a non-empty string, not 1900"),
])
def test_every_field_of_a_witness_is_type_checked_naming_its_line(tmp_path, old, new, message):
    path, lines = altered(tmp_path, old, new)
    line = lines.index("[hu-nc]") + 1
    with pytest.raises(InputError, match=rf"witnesses\.toml:{line}: witness 'hu-nc': {message}"):
        load_witnesses(path)


def test_a_segment_or_retrieved_that_is_not_a_table_is_refused(tmp_path):
    text = CATALOGUE.read_text(encoding="utf-8")
    text = text[:text.index("[en-short.segment]")].replace("[en-short]\n", '[en-short]\nsegment = "none"\n')
    path, lines = tmp_path / "witnesses.toml", text.splitlines()
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=rf"witnesses\.toml:{lines.index('[en-short]') + 1}: witness "
                                         r"'en-short': segment must be a table, not 'none'"):
        load_witnesses(path)
    path, lines = altered(tmp_path, "[en-wiki.retrieved]\ntext =", "[en-wiki.retrieved]\ntxt =")
    with pytest.raises(InputError, match=r"witness 'en-wiki': unknown field retrieved\.txt"):
        load_witnesses(path)


def test_a_top_level_key_that_is_not_a_witness_is_named_with_its_line(tmp_path):
    path, lines = altered(tmp_path, "\n[hu-nc]\n", "\nversion = 1\n\n[hu-nc]\n")
    with pytest.raises(InputError, match=rf"witnesses\.toml:{lines.index('version = 1') + 1}: version = 1 "
                                         r"is not a witness"):
        load_witnesses(path)


@pytest.mark.parametrize("old, new, message", [
    ("[hu-nc-ocr2.ocr]\n", '[hu-nc-ocr2.ocr]\npsm = ["4"]\n',
     r"ocr\.psm must be a list of whole numbers of at least 0, not \['4'\]"),
    ("[hu-nc-ocr2.ocr]\n", "[hu-nc-ocr2.ocr]\npsm = 4\n", r"ocr\.psm must be a list of whole numbers"),
    ("[hu-nc-ocr2.ocr]\n", '[hu-nc-ocr2.images]\n"hu-nc-ocr2.pages/p.png" = 1\n\n[hu-nc-ocr2.ocr]\n',
     r"images\.hu-nc-ocr2\.pages/p\.png must be a non-empty string, not 1"),
])
def test_the_page_segmentation_modes_and_page_images_are_type_checked(tmp_path, old, new, message):
    path, lines = altered(tmp_path, old, new)
    line = lines.index("[hu-nc-ocr2]") + 1
    with pytest.raises(InputError, match=rf"witnesses\.toml:{line}: witness 'hu-nc-ocr2': {message}"):
        load_witnesses(path)
