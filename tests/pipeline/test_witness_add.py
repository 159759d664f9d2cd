"""`ecarte witness add`: a witness added by data alone, refused whole or undone whole.

The command runs in a subprocess on a copy of the corpus (ECARTE_CORPUS); pipeline.paths reads
that variable at import, so the test process itself keeps the repository's corpus.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from lxml import etree

from pipeline.errors import InputError
from pipeline.paths import CORPUS, ROOT
from pipeline.segment import segmenter
from pipeline.witness_add import (Choice, Encoding, Request, catalogue_table, check_request,
                                  choose_segmenter, read_text_file, with_front_marked, with_table)

FIXTURES = Path(__file__).parent / "fixtures" / "witness"
LAWS = FIXTURES / "laws.txt"
GOLDEN = Path(__file__).parent / "golden"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
ADD = ("witness", "add")


def run_ecarte(corpus: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, ECARTE_CORPUS=str(corpus))
    return subprocess.run([sys.executable, "-m", "ecarte.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def copy_corpus(target: Path) -> Path:
    shutil.copytree(CORPUS, target, ignore=shutil.ignore_patterns("training"))
    return target


def corpus_hash(corpus: Path) -> dict[str, str]:
    """Every file of a corpus folder (path → sha256): what must not change when a witness is refused."""
    return {str(path.relative_to(corpus)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(corpus.rglob("*")) if path.is_file()}


def add_args(path: Path, siglum: str = "laws", *more: str) -> tuple[str, ...]:
    return (*ADD, str(path), "--siglum", siglum, "--lang", "en", "--title", "The Laws of Écarté",
            *more)


# --- a witness added ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def added(tmp_path_factory):
    corpus = copy_corpus(tmp_path_factory.mktemp("added") / "corpus")
    catalogue = (corpus / "sources" / "witnesses.toml").read_text(encoding="utf-8")
    result = run_ecarte(corpus, *add_args(LAWS, "laws", "--date", "1911", "--source-url",
                                          "https://example.org/laws"))
    return corpus, catalogue, result


def test_the_fixture_is_added_and_the_report_says_what_was_found(added):
    corpus, _, result = added
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("segmenter: numbered-paragraphs (detected: 40 numbered rules in sequence")
    assert "units: 51 (1 front, 3 heading, 40 rule, 5 paragraph, 2 item)" in lines
    assert any(line.startswith("links with hu-nc: ") for line in lines)
    assert any(line.startswith("links with de-scheicher: ") for line in lines)


def test_the_source_is_copied_and_catalogued_with_its_checksum(added):
    corpus, before, _ = added
    copy = corpus / "sources" / "laws.txt"
    assert copy.read_bytes() == LAWS.read_bytes()
    text = (corpus / "sources" / "witnesses.toml").read_text(encoding="utf-8")
    assert text.startswith(before.rstrip("\n")), "the catalogue's text and comments are kept"
    entry = tomllib.loads(text)["laws"]
    assert entry == {"title": "The Laws of Écarté", "author": "unknown", "date": "1911",
                     "language": "en", "kind": "transcription",
                     "provenance": "Added from laws.txt with `ecarte witness add`.",
                     "url": "https://example.org/laws", "source": "laws.txt",
                     "sha256": hashlib.sha256(LAWS.read_bytes()).hexdigest(),
                     "segmenter": "numbered-paragraphs"}
    normativity = tomllib.loads((corpus / "editorial" / "normativity.toml").read_text(encoding="utf-8"))
    assert normativity["units"]["laws.front*"] == "title"


def test_the_tei_holds_the_units_and_validates(added):
    from pipeline.validate import validate

    corpus, _, _ = added
    tei = corpus / "tei" / "laws.xml"
    text = etree.parse(str(tei)).find("{http://www.tei-c.org/ns/1.0}text")
    ids = [e.get(XML_ID) for e in text.iter() if e.get(XML_ID)]
    units = segmenter("numbered-paragraphs")("laws", LAWS.read_text(encoding="utf-8"), {})
    assert ids == [u.id for top in units.units for u in top.walk()]
    assert b'href="laws.xml"' in (corpus / "tei" / "ecarte.xml").read_bytes()
    assert validate([tei, corpus / "tei" / "ecarte.xml"]) == []


# --- refused, nothing changed ---------------------------------------------------------------

@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return copy_corpus(tmp_path_factory.mktemp("pristine") / "corpus")


PROSE = "On Écarté\n\nA game for two players, played with a pack of thirty-two cards.\n"

REFUSALS = [
    ("unsegmentable", PROSE.encode(), (), "cannot segment: no recognisable numbering"),
    ("front-only", PROSE.encode(), ("--segmenter", "numbered-paragraphs"),
     "cannot segment: the text would come out as front matter only"),
    ("single-unit", b"RULES\n\n1. The only rule there is.\n", ("--segmenter", "numbered-paragraphs"),
     "cannot segment: the text would come out as a single unit (new.1)"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), (),
     "not a text file (it holds NUL bytes"),
    ("bad-encoding", b"1.--Each player\n2.--The dealer \x81\x8d shuffles.\n", (),
     "unknown encoding: not UTF-8"),
]


@pytest.mark.parametrize("name, data, options, message", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refused_text_changes_nothing(pristine, tmp_path, name, data, options, message):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(data)
    before = corpus_hash(pristine)
    result = run_ecarte(pristine, *add_args(path, "new", *options))
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith(f"ecarte witness: {path}") and message in line, line
    assert corpus_hash(pristine) == before


@pytest.mark.parametrize("siglum, message", [
    ("hu-nc", "siglum 'hu-nc' is already used"),
    ("Laws_1", "'Laws_1' is not a valid siglum"),
])
def test_a_siglum_in_use_or_malformed_changes_nothing(pristine, siglum, message):
    before = corpus_hash(pristine)
    result = run_ecarte(pristine, *add_args(LAWS, siglum))
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert message in line and "Traceback" not in result.stderr
    assert corpus_hash(pristine) == before


def test_a_failure_after_copying_puts_every_file_back(tmp_path):
    corpus = copy_corpus(tmp_path / "corpus")
    other = corpus / "sources" / "hu-nc-ocr2.txt"            # the build will refuse a changed source
    other.write_text(other.read_text(encoding="utf-8").replace("kilencz", "kilenc"), encoding="utf-8")
    before = corpus_hash(corpus)
    result = run_ecarte(corpus, *add_args(LAWS))
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert "hu-nc-ocr2.txt: source has changed" in line
    assert corpus_hash(corpus) == before


# --- the parts, in-process ------------------------------------------------------------------

def request(**changes) -> Request:
    return Request(**{"path": LAWS, "siglum": "laws", "language": "en", "title": "Laws", **changes})


@pytest.mark.parametrize("changes, message", [
    ({"language": "eng"}, "--lang 'eng' is not an ISO 639-1 code"),
    ({"language": "it"}, "--lang 'it' is no language of the corpus (known: de, en)"),
    ({"kind": "edition"}, "an edition is collated from its transcripts"),
    ({"title": "two\nlines"}, "--title must be one line of text"),
    ({"url": "example.org"}, "--source-url 'example.org' is not an http(s) URL"),
    ({"siglum": "en-"}, "'en-' is not a valid siglum"),
    ({"siglum": "x.y"}, "'x.y' is not a valid siglum"),
])
def test_requests_are_checked_before_anything_is_written(changes, message):
    with pytest.raises(InputError, match=re.escape(message)):
        check_request(request(**changes), {"hu-nc"}, {"en": "English", "de": "German"})


def test_an_unknown_segmenter_named_is_refused():
    with pytest.raises(InputError, match="unknown segmenter 'nope'"):
        choose_segmenter("1. One.\n2. Two.\n", "nope", LAWS)


def test_utf8_is_copied_byte_for_byte_and_a_bom_is_dropped(tmp_path):
    source = read_text_file(LAWS)
    assert source.encoding is Encoding.UTF8 and source.data == LAWS.read_bytes()
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf" + LAWS.read_bytes())
    source = read_text_file(bom)
    assert source.encoding is Encoding.UTF8_BOM and source.data == LAWS.read_bytes()


def test_cp1252_is_read_where_it_is_plausible_text(tmp_path):
    path = tmp_path / "cp1252.txt"
    path.write_bytes(LAWS.read_text(encoding="utf-8").encode("cp1252"))
    source = read_text_file(path)
    assert source.encoding is Encoding.CP1252
    assert source.text.startswith("THE LAWS OF ÉCARTÉ") and "Écarté is a game" in source.text


@pytest.mark.parametrize("data, message, line", [
    (b"Caf\xc3\xa9 ok\nna\xefve\n", "a damaged UTF-8 file", 2),
    (b"1. One\n2. Two \x81\n", "nor cp1252 (byte 0x81 is unassigned)", 2),
    (b"1. One\x07 caf\xe9\n", "nor plain cp1252 text (control character U+0007)", 1),
    (b"\xa4\xb1\xbe\xd7\xf7 \xa6\xa8 ab\n", "not plausible text", 1),
    (b"\xef\xbb\xbf\xff\n", "a damaged UTF-8 file", 1),
    (b"  \n\n", "the file holds no text", None),
])
def test_files_in_an_unknown_encoding_are_refused_naming_the_line(tmp_path, data, message, line):
    path = tmp_path / "in.txt"
    path.write_bytes(data)
    with pytest.raises(InputError, match=re.escape(message)) as error:
        read_text_file(path)
    assert error.value.line == line


def test_the_catalogue_table_is_appended_as_text_and_reads_back():
    table = catalogue_table(request(title='The "Laws"', author="A. Writer"),
                            read_text_file(LAWS), Choice("numbered-paragraphs", "named with --segmenter"))
    old = "# a comment\n[w]\ntitle = \"t\"   # kept\n"
    text = with_table(old, "laws", table)
    assert text.startswith(old) and text.endswith("segmenter = \"numbered-paragraphs\"   # named with --segmenter\n")
    assert tomllib.loads(text)["laws"]["title"] == 'The "Laws"'
    with pytest.raises(InputError, match="does not end cleanly"):
        with_table("[w]\nlist = [\n", "laws", table)


def test_front_matter_is_marked_inside_the_units_table():
    text = ('# top\n[categories]\ntitle = "a title"\n\n[units]\n"a.front*" = "title"   # note\n\n'
            '[later]\nx = 1\n')
    marked = with_front_marked(text, "laws")
    assert marked.replace('"laws.front*" = "title"\n', "") == text
    assert tomllib.loads(marked)["units"] == {"a.front*": "title", "laws.front*": "title"}
    with pytest.raises(InputError, match="no category 'title'"):
        with_front_marked("[units]\n", "laws")


# --- the fixture's gold alignment -----------------------------------------------------------

def leaves(ids: list[str]) -> set[str]:
    return {i for i in ids if not any(other.startswith(i + ".") for other in ids)}


def test_the_gold_alignment_links_leaves_and_covers_every_law():
    gold = tomllib.loads((FIXTURES / "laws-gold.toml").read_text(encoding="utf-8"))["link"]
    units = segmenter("numbered-paragraphs")("laws", LAWS.read_text(encoding="utf-8"), {}).units
    laws = [u.id for top in units for u in top.walk()]
    hu = (GOLDEN / "hu-nc.ids").read_text().split()
    assert len(gold) >= 25
    assert {link["source"] for link in gold} <= leaves(laws)
    assert {link["target"] for link in gold} <= leaves(hu)
    assert {link["relation"] for link in gold} <= {"equivalent", "variant", "partial"}
    not_rules = ("laws.front", "laws.h")
    assert {i for i in leaves(laws) if not i.startswith(not_rules)} == \
        {link["source"] for link in gold if not link["source"].startswith(not_rules)}
    assert len({(link["source"], link["target"]) for link in gold}) == len(gold)
