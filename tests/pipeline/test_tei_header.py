"""The teiHeaders as a DTA or ParlaMint editor expects them: licences, sources' addresses and dates,
edition and revisions, responsibilities, OCR, conventions, apparatus, what the texts leave out."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from lxml import etree

from pipeline import tei
from pipeline.errors import InputError
from pipeline.model import Kind, Line, Reading, Unit, Witness
from pipeline.sources import CATALOGUE, load_witnesses
from pipeline.tei import load_context
from pipeline.tei.header import Principles
from pipeline.tei.revisions import read_versions
from pipeline.tei.xml import TEI_NS, XML_ID

ROOT = Path(__file__).resolve().parents[2]
EDITORIAL = ROOT / "corpus" / "editorial"
NS = {"t": TEI_NS}


@pytest.fixture(scope="module")
def files() -> dict[str, etree._Element]:
    """The committed TEI (test_build checks it is what the sources build), by siglum."""
    return {p.stem: etree.parse(str(p)).getroot() for p in (ROOT / "corpus" / "tei").glob("*.xml")}


def one(root: etree._Element, path: str) -> etree._Element:
    found = root.findall(path, NS)
    assert len(found) == 1, f"{len(found)} × {path}"
    return found[0]


def text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def test_every_file_names_the_project_licence_and_its_source_texts_rights(files):
    licence = load_context(ROOT / "corpus").principles.licence
    expected = {"hu-nc": "free", "hu-nc-ocr1": "free", "hu-nc-ocr2": "free", "de-scheicher": "restricted",
                "en-wiki": "free", "en-short": "unknown", "ecarte": "restricted"}
    for siglum, root in files.items():
        availability = one(root, "t:teiHeader/t:fileDesc/t:publicationStmt/t:availability")
        assert availability.get("status") == expected[siglum], siglum
        assert availability.find("t:licence", NS).get("target") == licence.url
    source = {s: text(files[s].findall(".//t:availability/t:licence", NS)[1]) for s in expected if s != "ecarte"}
    assert "Copyright © Roland Scheicher 2005" in source["de-scheicher"]
    assert "CC BY-SA" in source["en-wiki"] and "Public domain" in source["hu-nc"]
    assert files["en-wiki"].findall(".//t:availability/t:licence", NS)[1].get("target").startswith(
        "https://creativecommons.org/licenses/by-sa/")


def test_web_sources_give_their_address_and_retrieval_and_dates_are_machine_readable(files):
    for siglum in ("de-scheicher", "en-wiki", "en-short"):
        bibl = one(files[siglum], "t:teiHeader/t:fileDesc/t:sourceDesc/t:bibl")
        assert one(bibl, "t:idno[@type='URI']").text.startswith("http"), siglum
        retrieved = one(bibl, "t:date[@type='retrieved']")
        assert retrieved.get("notAfter") == "2026-11-22" and retrieved.text, siglum
    dated = one(files["hu-nc"], "t:teiHeader/t:fileDesc/t:sourceDesc/t:bibl/t:date")
    assert (dated.text, dated.get("notBefore"), dated.get("notAfter")) == ("c. 1900", "1873", "1922")
    assert one(files["de-scheicher"], ".//t:sourceDesc/t:bibl/t:date[@when]").get("when") == "2005"


def test_edition_and_revisions_come_from_the_versions_file(files):
    versions = read_versions(EDITORIAL / "revisions.toml")
    for siglum, root in files.items():
        edition = one(root, "t:teiHeader/t:fileDesc/t:editionStmt/t:edition")
        assert edition.get("n") == versions[-1].n
        changes = root.findall("t:teiHeader/t:revisionDesc/t:change", NS)
        assert [c.get("n") for c in changes] == [v.n for v in reversed(versions)], siglum
        team = one(root, "t:teiHeader/t:fileDesc/t:titleStmt/t:respStmt[t:resp='encoding']")
        assert {c.get("who") for c in changes} == {f"#{team.get(XML_ID)}"}


def test_transcripts_name_their_ocr_as_far_as_known(files):
    def ocr(siglum):
        return [text(r) for r in files[siglum].findall(".//t:titleStmt/t:respStmt", NS)
                if "OCR" in text(r.find("t:resp", NS))]
    [eng] = ocr("hu-nc-ocr1")
    [hun] = ocr("hu-nc-ocr2")
    assert "eng traineddata" in eng and "hun traineddata" in hun and "as far as known" in eng
    assert sorted(ocr("hu-nc")) == sorted([eng, hun])
    assert ocr("de-scheicher") == []


def test_the_apparatus_and_the_applications_it_points_to_are_declared(files):
    header = one(files["hu-nc"], "t:teiHeader/t:encodingDesc")
    encoding = one(header, "t:variantEncoding")
    assert (encoding.get("method"), encoding.get("location")) == ("parallel-segmentation", "internal")
    assert "collating the transcripts" in text(one(header, "t:p")) and "hu-nc-ocr2" in text(one(header, "t:p"))
    applications = {a.get(XML_ID) for a in header.findall("t:appInfo/t:application", NS)}
    assert "hu-nc.collation" in applications and "hu-nc.repair" not in applications   # repair = false
    apps = files["hu-nc"].findall(".//t:text//t:app", NS)
    assert apps and all(r.get("wit") for a in apps for r in a.findall("t:rdg", NS))
    witnessed = [a for a in apps if a.find("t:lem", NS).get("wit")]
    for app in witnessed:                      # a transcript reads either the lem or one rdg, never both
        lem = set(app.find("t:lem", NS).get("wit").split())
        assert lem.isdisjoint(w for r in app.findall("t:rdg", NS) for w in r.get("wit").split())
    assert len(witnessed) > len(apps) / 2


def test_an_application_is_declared_where_a_reading_points_to_it():
    context = dataclasses.replace(load_context(ROOT / "corpus"), foreign=None, losses=None)
    line = Line("az ütés", 1, spans=(Reading("az", resp="#repair", source="#x-ocr1",
                                             rdgs=(("x-ocr1", "az"), ("x-ocr2", "#%"))), " ütés"))
    edition = Witness("x", "X", "hu", "edition", None, None, "numbered-rules",
                      base="x-ocr2", collate_with="x-ocr1")
    units = [Unit(id="x.1", witness="x", kind=Kind.RULE, n="1", lines=[line])]
    root = etree.fromstring(tei.witness_document(edition, units, context))
    ids = {a.get(XML_ID) for a in root.iterfind(".//t:appInfo/t:application", NS)}
    assert "x.repair" in ids and "x.collation" not in ids
    lem = one(root, ".//t:lem")
    assert (lem.get("wit"), lem.get("resp")) == ("#x.wit.x-ocr1", "#x.repair")


def test_transcription_conventions_are_declared_from_the_data(files):
    t = load_context(ROOT / "corpus").principles.transcription
    edition = text(one(files["hu-nc"], ".//t:editorialDecl/t:punctuation"))
    assert t.apostrophe in edition and " ".join(t.no_space_before) in edition
    assert "kept as they stand" in text(one(files["en-wiki"], ".//t:editorialDecl/t:punctuation"))
    specks = [s for s, root in files.items() if "Specks are recorded" in text(one(root, ".//t:editorialDecl"))]
    assert sorted(specks) == ["hu-nc", "hu-nc-ocr1", "hu-nc-ocr2"]


def test_conventions_that_are_not_the_collations_stop_the_build(tmp_path):
    path = tmp_path / "principles.toml"
    path.write_text((EDITORIAL / "principles.toml").read_text(encoding="utf-8")
                    .replace('apostrophe = "’"', "apostrophe = \"'\""), encoding="utf-8")
    with pytest.raises(InputError, match=r"principles\.toml: \[transcription\] apostrophe = \"'\", but the "
                                         r"collation applies '’'"):
        Principles.load(path)


def test_what_a_transcript_leaves_out_is_listed(files):
    def left_out(siglum):
        sampling = one(files[siglum], ".//t:samplingDecl")
        return [text(i) for i in sampling.findall("t:p/t:list/t:item", NS)]
    assert left_out("hu-nc-ocr1") == ["hu-nc-ocr1, line 1 (“Kny.B 1.760”): library shelf-mark stamp on "
                                      "the title leaf, not part of the print"]
    assert left_out("hu-nc-ocr2") == ["hu-nc-ocr2, line 296 (“i”): stray mark"]
    assert sorted(left_out("hu-nc")) == sorted(left_out("hu-nc-ocr1") + left_out("hu-nc-ocr2"))
    assert [i.split(":")[0] for i in left_out("en-short")] == ["en-short, lines 1–36", "en-short, line 89 (“MSN Search”)"]


@pytest.mark.parametrize("zones, expected", [
    (None, ["xx, line 1 (“Kny.B 1.760”): stamp", "xx, lines 3–4: menu"]),
    # a facsimile's text is read from XML whose line numbers are not the text's: its zones are named
    ({1: "xx.p1.l1", 3: "xx.p1.l2", 4: "xx.p1.l3"},
     ["xx, zone xx.p1.l1 (“Kny.B 1.760”): stamp", "xx, zones xx.p1.l2–xx.p1.l3: menu"]),
    # a part on lines with no zone is named by the nearest zoned line
    ({1: "xx.p1.l1", 5: "xx.p2.l1"},
     ["xx, zone xx.p1.l1 (“Kny.B 1.760”): stamp", "xx, zone xx.p2.l1: menu"]),
])
def test_a_left_out_line_is_named_by_its_line_or_its_zone(zones, expected):
    from pipeline.segment.text import Chrome

    chrome = [Chrome(3, 4, "menu"), Chrome(1, 1, "stamp")]
    found = tei.omissions("xx", chrome, "Kny.B 1.760\n\nHome\nAbout\n", zones)
    assert [o.describe() for o in found] == expected


def test_versions_going_backwards_are_refused_naming_the_line(tmp_path):
    path = tmp_path / "revisions.toml"
    path.write_text('[[version]]\nn = "0.2"\nwhen = 2026-11-23\ndescription = "b"\n\n'
                    '[[version]]\nn = "0.1"\nwhen = 2026-11-24\ndescription = "a"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"revisions\.toml:6: version 0\.1 does not come after 0\.2"):
        read_versions(path)
    path.write_text('[[version]]\nn = "0.1"\nwhen = "yesterday"\ndescription = "a"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"revisions\.toml:1: when must be a TOML date"):
        read_versions(path)


@pytest.mark.parametrize("field, value, message", [
    ("not_before", '"about 1900"', "not_before 'about 1900' is not an ISO date"),
    ("rights", '{ status = "maybe", statement = "x" }', "rights.status must be one of free, restricted, unknown"),
    ("ocr", '{ engine = "Tesseract" }', r"lacks ocr\.model, ocr\.evidence"),
])
def test_a_malformed_catalogue_field_is_named_with_its_witness_and_line(tmp_path, field, value, message):
    catalogue = tmp_path / "witnesses.toml"
    text = CATALOGUE.read_text(encoding="utf-8").replace(
        '[en-short]\n', f'[en-short]\n{field} = {value}\n', 1)
    if field == "rights":                      # the rights given inline stand for the [en-short.rights] table
        text = re.sub(r"\n\[en-short\.rights\]\n([^\[\n].*\n)*", "\n", text)
    catalogue.write_text(text, encoding="utf-8")
    line = text.splitlines().index("[en-short]") + 1
    with pytest.raises(InputError, match=rf"witnesses\.toml:{line}: witness 'en-short': {message}"):
        load_witnesses(catalogue)


def test_the_catalogue_reads_typed():
    witness = load_witnesses()["de-scheicher"]
    assert witness.rights.status.value == "restricted" and witness.retrieved.not_after == "2026-11-22"
    assert witness.url == "http://scheicher.pagat.com/ecarte.html" and witness.author == "Roland Scheicher"
    assert witness.segment["back"] == "^Copyright" and witness.base is None and not witness.repair


def test_a_witness_added_after_an_unknown_version_is_an_error_naming_the_catalogue(tmp_path):
    from pipeline.tei.revisions import since

    path = tmp_path / "revisions.toml"
    path.write_text('[[version]]\nn = "0.1"\nwhen = 2026-11-22\ndescription = "a"\n\n'
                    '[[version]]\nn = "0.2"\nwhen = 2026-11-23\ndescription = "b"\n', encoding="utf-8")
    versions = read_versions(path)
    assert [v.n for v in since(versions, None, "xx")] == ["0.1", "0.2"]
    assert [v.n for v in since(versions, "0.1", "xx")] == ["0.2"]
    assert since(versions, "0.2", "xx") == ()
    with pytest.raises(InputError, match=r"witnesses\.toml: witness 'xx': added_after names no version "
                                         r"of revisions\.toml \('0\.9'; known: 0\.1, 0\.2\)"):
        since(versions, "0.9", "xx")
