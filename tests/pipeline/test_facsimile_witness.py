"""A witness read from page images keeps its facsimile: `ecarte ocr --tei`, then `ecarte witness
add`, then the published TEI has the page images as surfaces, each line's lb pointing to its zone
and each page's pb numbered and pointing to its surface."""
from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree
from PIL import Image, ImageDraw, ImageFont

from pipeline.errors import InputError
from pipeline.facsimile import read_facsimile

from conftest import ROOT, run_ecarte

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
LAWS = ROOT / "tests/pipeline/fixtures/witness/laws.txt"
TEI = "{http://www.tei-c.org/ns/1.0}"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


def typeset(lines: list[str], path: Path) -> Path:
    """A 150-dpi letter page (no DPI tag) with the lines in 14-pt serif."""
    page = Image.new("L", (1275, 1650), 255)
    draw, font = ImageDraw.Draw(page), ImageFont.truetype(FONT, 30)
    for k, line in enumerate(lines):
        draw.text((90, 100 + 44 * k), line, font=font, fill=0)
    page.save(path)
    return path


def test_a_witness_from_page_images_keeps_its_facsimile(tmp_path, corpus_copy):
    text = LAWS.read_text(encoding="utf-8").split("\n")[:40]
    pages = [typeset(text[:20], tmp_path / "p1.png"), typeset(text[20:], tmp_path / "p2.png")]
    scan = tmp_path / "laws-scan.xml"
    ocr = run_ecarte("ocr", "--lang", "eng", "--tei", str(scan), *map(str, pages), corpus=corpus_copy)
    assert ocr.returncode == 0, ocr.stderr

    added = run_ecarte("witness", "add", str(scan), "--siglum", "en-scan", "--lang", "en",
                       "--title", "The laws, scanned", corpus=corpus_copy)
    assert added.returncode == 0, added.stderr
    assert "facsimile: 2 page images" in added.stdout
    for k, page in enumerate(pages, 1):            # the images are copied beside the source
        assert (corpus_copy / f"sources/en-scan.pages/{k:04d}-{page.name}").read_bytes() == page.read_bytes()

    root = etree.parse(str(corpus_copy / "tei/en-scan.xml")).getroot()
    surfaces = root.findall(f"{TEI}facsimile/{TEI}surface")
    assert [s.get(XML_ID) for s in surfaces] == ["en-scan.page1", "en-scan.page2"]
    for surface in surfaces:                        # the published TEI's image addresses resolve
        url = surface.find(f"{TEI}graphic").get("url")
        assert (corpus_copy / "tei" / url).resolve().is_file(), url
    zones = {z.get(XML_ID) for z in root.iter(f"{TEI}zone")}
    lbs = list(root.find(f"{TEI}text").iter(f"{TEI}lb"))
    assert lbs and all(lb.get("facs", "").removeprefix("#") in zones for lb in lbs)
    assert len({lb.get("facs") for lb in lbs}) == len(lbs)          # one zone per line
    pbs = [(pb.get("n"), pb.get("facs")) for pb in root.iter(f"{TEI}pb")]
    assert pbs == [("1", "#en-scan.page1"), ("2", "#en-scan.page2")]
    rule_1 = root.find(f".//*[@{XML_ID}='en-scan.1']")
    assert "piquet pack" in "".join(rule_1.itertext())


def test_a_missing_page_image_is_refused_at_its_line(tmp_path, corpus_copy):
    scan = tmp_path / "scan.xml"
    scan.write_bytes(b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' "
                     b"lrx='9' lry='9'>\n<graphic url='gone.png'/></surface></facsimile></TEI>")
    refused = run_ecarte("witness", "add", str(scan), "--siglum", "en-scan", "--lang", "en",
                         "--title", "T", corpus=corpus_copy)
    assert refused.returncode == 2
    assert f"{scan}:2: the page image gone.png is not there" in refused.stderr
    assert not (corpus_copy / "sources/en-scan.pages").exists()


@pytest.mark.parametrize("xml, problem, line", [
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'>\n<text>", "not well-formed XML", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'>\n<text/></TEI>", "not a facsimile TEI", 1),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile>\n<surface ulx='0' uly='0' lrx='9' lry='9'/>"
     b"</facsimile></TEI>", "a surface needs a graphic", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' lrx='9' lry='9'>"
     b"<graphic url='p.png'/>\n<zone xml:id='z' ulx='0' uly='0' lrx='a' lry='9'/></surface></facsimile>"
     b"</TEI>", "whole-pixel", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' lrx='9' lry='9'>"
     b"<graphic url='p.png'/><zone xml:id='z' ulx='0' uly='0' lrx='9' lry='9'/></surface></facsimile>"
     b"<text><body><p>\n<lb facs='#y'/><seg>word</seg></p></body></text></TEI>", "must name a zone", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' lrx='9' lry='9'>"
     b"<graphic url='p.png'/><zone xml:id='z' ulx='0' uly='0' lrx='9' lry='9'/></surface></facsimile>"
     b"<text><body><p><lb facs='#z'/><seg>one</seg>\n<lb facs='#z'/><seg>two</seg></p></body></text></TEI>",
     "the same zone", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' lrx='9' lry='9'>"
     b"<graphic url='p.png'/><zone xml:id='z' ulx='0' uly='0' lrx='9' lry='9'/></surface></facsimile>"
     b"<text><body>\n<lb facs='#z'/><seg>word</seg></body></text></TEI>", "stand in a paragraph", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile>\n<surface ulx='0' uly='0' lrx='12\xc2\xb2' lry='9'>"
     b"<graphic url='p.png'/></surface></facsimile></TEI>", "whole-pixel", 2),
    (b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><facsimile><surface ulx='0' uly='0' lrx='9' lry='9'>"
     b"<graphic url='p.png'/></surface></facsimile><text><body><p/></body></text></TEI>",
     "holds no line of text", None),
])
def test_a_malformed_facsimile_is_named_with_its_line(xml, problem, line):
    with pytest.raises(InputError) as caught:
        read_facsimile(xml, Path("scan.xml"), "en-scan")
    assert problem in str(caught.value)
    assert caught.value.line == line
