"""Validation with jing and the Schematron rules: valid files pass, broken ones are named and located."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import etree

from ecarte.cli import main
from pipeline import build
from pipeline.errors import InputError
from pipeline.validate import compile_schematron, validate

FIXTURES = Path(__file__).parent / "fixtures" / "tei"
NAMES = ("xx-demo.xml", "xx-other.xml", "xx-corpus.xml")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A copy of the small valid corpus (two witnesses and their teiCorpus) to break."""
    for name in NAMES:
        shutil.copy(FIXTURES / name, tmp_path / name)
    return tmp_path


def edit(path: Path, old: str, new: str) -> int:
    """Replace the first `old` in the file by `new`; returns the line it is on."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def messages(directory: Path) -> list[str]:
    return [str(p) for p in validate(sorted(directory.glob("*.xml")))]


def test_valid_corpus_passes(corpus):
    assert messages(corpus) == []


def test_duplicate_id_is_named_at_both_places(corpus):
    path = corpus / "xx-demo.xml"
    line = edit(path, 'xml:id="xx-demo.2"', 'xml:id="xx-demo.1"')
    found = messages(corpus)
    assert f"{path}:{line}: duplicate xml:id 'xx-demo.1'" in found
    assert sum("duplicate xml:id 'xx-demo.1'" in m for m in found) == 2


def test_dangling_target_is_named(corpus):
    path = corpus / "xx-corpus.xml"
    line = edit(path, 'target="#xx-demo.1 #xx-other.p1"', 'target="#xx-demo.1 #xx-other.p9"')
    assert messages(corpus) == [f"{path}:{line}: @target of link points to nothing: '#xx-other.p9'"]


def test_dangling_corresp_into_another_file_is_named(corpus):
    path = corpus / "xx-other.xml"
    line = edit(path, 'corresp="xx-demo.xml#xx-demo.1"', 'corresp="xx-demo.xml#xx-demo.7"')
    assert messages(corpus) == [f"{path}:{line}: @corresp of p points to nothing: 'xx-demo.xml#xx-demo.7'"]


def test_pointer_to_a_missing_file_is_named(corpus):
    (corpus / "xx-other.xml").unlink()
    found = messages(corpus)
    assert any("@corresp of bibl points to nothing: 'xx-other.xml'" in m for m in found)
    assert any("xi:include of 'xx-other.xml': no such XML document" in m for m in found)


def test_undeclared_pointer_prefix_is_named(corpus):
    edit(corpus / "xx-demo.xml", "rule:players.two", "scenario:two")
    assert any("points to nothing: 'scenario:two'" in m for m in messages(corpus))


def test_undeclared_language_is_named(corpus):
    path = corpus / "xx-other.xml"
    line = edit(path, '<p xml:id="xx-other.p1"', '<p xml:lang="de" xml:id="xx-other.p1"')
    assert messages(corpus) == [f"{path}:{line}: xml:lang 'de' is not declared in the header's langUsage"]


def test_witness_language_missing_from_the_corpus_header_is_named(corpus):
    path = corpus / "xx-corpus.xml"
    edit(path, '<language ident="fr">French</language>', "")
    line = edit(path, '<xi:include href="xx-demo.xml"/>', '<xi:include href="xx-demo.xml"/>')
    assert messages(corpus) == [f"{path}:{line}: language(s) 'fr' of 'xx-demo.xml' not declared "
                                f"in the corpus header's langUsage"]


def test_id_not_following_the_siglum_pattern_is_named(corpus):
    path = corpus / "xx-demo.xml"
    line = edit(path, 'xml:id="xx-demo.2"', 'xml:id="hu-nc.2"')
    assert f"{path}:{line}: xml:id 'hu-nc.2' does not follow the pattern xx-demo.PATH " \
           f"(PATH: parts of letters, digits and inner hyphens joined by '.')" in messages(corpus)


def test_id_with_a_bad_path_segment_is_named(corpus):
    edit(corpus / "xx-demo.xml", 'xml:id="xx-demo.2"', 'xml:id="xx-demo.2_b"')
    assert any("xml:id 'xx-demo.2_b' does not follow the pattern" in m for m in messages(corpus))


def test_root_id_must_be_the_file_name(corpus):
    shutil.move(corpus / "xx-other.xml", corpus / "yy.xml")
    found = [str(p) for p in validate([corpus / "yy.xml"])]
    assert any("the root's xml:id 'xx-other' does not match the file name 'yy.xml'" in m for m in found)


def test_element_not_in_the_schema_is_named(corpus):
    path = corpus / "xx-demo.xml"
    line = edit(path, "<gap reason=\"lost\"/>", "<damage>x</damage>")
    found = messages(corpus)
    assert found and all(m.startswith(f"{path}:{line}: element \"damage\" not allowed") for m in found)


def test_malformed_file_is_named_with_its_line(corpus):
    path = corpus / "xx-other.xml"
    line = edit(path, "<lb/>Écarté", "<lb>Écarté")
    found = [str(p) for p in validate([path])]
    assert len(found) == 1 and found[0].startswith(f"{path}:") and "not well-formed" in found[0]
    assert int(found[0].split(":")[1]) >= line


def test_unsupported_schematron_is_refused(tmp_path):
    schema = tmp_path / "s.sch"
    schema.write_text('<schema xmlns="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt3">'
                      '<phase id="p"/><pattern><rule context="*"><assert test="true()">x</assert>'
                      '</rule></pattern></schema>')
    with pytest.raises(InputError, match="phase"):
        compile_schematron(etree.parse(str(schema)))


def test_command_prints_problems_and_fails(corpus, capsys):
    edit(corpus / "xx-demo.xml", 'xml:id="xx-demo.2"', 'xml:id="xx-demo.1"')
    assert main(["validate", str(corpus / "xx-demo.xml")]) == 1
    out = capsys.readouterr().out
    assert "duplicate xml:id 'xx-demo.1'" in out and out.rstrip().endswith("2 problems in 1 of 1 files")


def test_command_summarises_valid_files(corpus, capsys):
    assert main(["validate", *(str(corpus / n) for n in NAMES)]) == 0
    assert capsys.readouterr().out == "3 files valid (RELAX NG and Schematron)\n"


def test_built_corpus_is_valid(tmp_path):
    """What `make corpus` writes passes jing and the Schematron (committed files equal it: build --check)."""
    for name, data in build.documents().items():
        (tmp_path / name).write_bytes(data)
    assert messages(tmp_path) == []
