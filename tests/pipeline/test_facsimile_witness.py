"""A witness read from page images keeps its facsimile: `ecarte ocr --tei`, then `ecarte witness
add`, then the published TEI has the page images as surfaces, each line's lb pointing to its zone
and each page's pb numbered and pointing to its surface."""
from __future__ import annotations

import hashlib
import shutil
import tomllib
from dataclasses import replace
from pathlib import Path

import pytesseract
import pytest
from lxml import etree
from PIL import Image, ImageDraw, ImageFont

from pipeline.errors import InputError
from pipeline.facsimile import read_facsimile, recorded_ocr
from pipeline.model import Witness
from pipeline.page_images import PageImage
from pipeline.sources import Ocr, load_witnesses, read_facsimile_source
from pipeline.witness_add import (Encoding, Request, SegmenterChoice, SourceText, catalogue_table,
                                  check_new_text, read_source_file)

from pipeline_helpers import CORPUS, ROOT, run_ecarte
from test_witness_add import corpus_hash

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


@pytest.fixture(scope="module")
def scanned(tmp_path_factory) -> tuple[Path, Path, list[Path]]:
    """A corpus with the witness en-scan added from two typeset pages OCR'd by `ecarte ocr --tei`:
    the corpus, the TEI and the page images (made once for the module's tests, which copy it to
    change it)."""
    folder = tmp_path_factory.mktemp("scan")
    corpus = folder / "corpus"
    shutil.copytree(CORPUS, corpus, ignore=shutil.ignore_patterns("training"))
    text = LAWS.read_text(encoding="utf-8").split("\n")[:40]
    pages = [typeset(text[:20], folder / "p1.png"), typeset(text[20:], folder / "p2.png")]
    scan = folder / "laws-scan.xml"
    ocr = run_ecarte("ocr", "--lang", "eng", "--tei", str(scan), *map(str, pages), corpus=corpus)
    assert ocr.returncode == 0, ocr.stderr
    added = run_ecarte("witness", "add", str(scan), "--siglum", "en-scan", "--lang", "en",
                       "--title", "The laws, scanned", corpus=corpus)
    assert added.returncode == 0, added.stderr
    assert "facsimile: 2 page images" in added.stdout
    return corpus, scan, pages


def test_a_witness_from_page_images_keeps_its_facsimile(scanned):
    corpus, _, pages = scanned
    for k, page in enumerate(pages, 1):            # the images are copied beside the source
        assert (corpus / f"sources/en-scan.pages/{k:04d}-{page.name}").read_bytes() == page.read_bytes()

    root = etree.parse(str(corpus / "tei/en-scan.xml")).getroot()
    surfaces = root.findall(f"{TEI}facsimile/{TEI}surface")
    assert [s.get(XML_ID) for s in surfaces] == ["en-scan.page1", "en-scan.page2"]
    for surface in surfaces:                        # the published TEI's image addresses resolve
        url = surface.find(f"{TEI}graphic").get("url")
        assert (corpus / "tei" / url).resolve().is_file(), url
    zones = {z.get(XML_ID) for z in root.iter(f"{TEI}zone")}
    lbs = list(root.find(f"{TEI}text").iter(f"{TEI}lb"))
    assert lbs and all(lb.get("facs", "").removeprefix("#") in zones for lb in lbs)
    assert len({lb.get("facs") for lb in lbs}) == len(lbs)          # one zone per line
    pbs = [(pb.get("n"), pb.get("facs")) for pb in root.iter(f"{TEI}pb")]
    assert pbs == [("1", "#en-scan.page1"), ("2", "#en-scan.page2")]
    rule_1 = root.find(f".//*[@{XML_ID}='en-scan.1']")
    assert "piquet pack" in "".join(rule_1.itertext())


def test_the_catalogue_records_each_page_image_and_the_ocr_the_tei_states(scanned):
    """[en-scan.images] has each copy's sha256; [en-scan.ocr] what the OCR TEI's header states
    (Tesseract's version, model, page segmentation modes), which the published header names."""
    corpus, scan, pages = scanned
    entry = tomllib.loads((corpus / "sources/witnesses.toml").read_text(encoding="utf-8"))["en-scan"]
    assert entry["images"] == {f"en-scan.pages/{k:04d}-{page.name}": hashlib.sha256(page.read_bytes()).hexdigest()
                               for k, page in enumerate(pages, 1)}
    assert "its 2 page images copied to en-scan.pages/" in entry["provenance"]
    version = pytesseract.get_tesseract_version().base_version
    ocr = entry["ocr"]
    assert (ocr["engine"], ocr["version"], ocr["model"]) == ("Tesseract", version, "eng")
    assert ocr["psm"] and all(isinstance(mode, int) for mode in ocr["psm"])
    assert ocr["evidence"].startswith(f"Stated in the header of {scan.name}, as `ecarte ocr --tei` wrote it: "
                                      f"Tesseract {version}, models eng, page segmentation mode")
    header = etree.parse(str(corpus / "tei/en-scan.xml")).getroot().find(f"{TEI}teiHeader")
    [software] = header.iterfind(f".//{TEI}respStmt/{TEI}name[@type='software']")
    modes = ", ".join(map(str, ocr["psm"]))
    assert software.text == (f"Tesseract {version}, model eng, page segmentation "
                             f"mode{'s' * (len(ocr['psm']) > 1)} {modes}")


def test_the_same_scan_is_not_added_twice(scanned):
    corpus, scan, _ = scanned
    before = corpus_hash(corpus)
    again = run_ecarte("witness", "add", str(scan), "--siglum", "en-scan-again", "--lang", "en",
                       "--title", "T", corpus=corpus)
    assert again.returncode == 2
    assert again.stderr.count("\n") == 1
    assert f"{scan}: its page image p1.png is already one of witness 'en-scan'" in again.stderr
    assert corpus_hash(corpus) == before


def test_the_build_stops_at_a_changed_page_image(scanned, tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(scanned[0], corpus)
    image = corpus / "sources/en-scan.pages/0002-p2.png"
    image.write_bytes(image.read_bytes()[:-1])
    checked = run_ecarte("build", "--check", corpus=corpus)
    assert checked.returncode == 2
    assert checked.stderr == f"ecarte build: {image}: page image has changed: sha256 " \
                             f"{hashlib.sha256(image.read_bytes()).hexdigest()} differs from the catalogue's " \
                             f"{hashlib.sha256(scanned[2][1].read_bytes()).hexdigest()} (restore the file, or " \
                             f"review the change and update corpus/sources/witnesses.toml)\n"


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


GRAYSCALE = "models eng, page segmentation mode 4; page images made grayscale"
"""The settings of Tesseract as `ecarte ocr --tei` states them in its header."""


def page_tei(pages: list[tuple[str, str, int, int]], desc: str = GRAYSCALE) -> bytes:
    """A facsimile TEI of pages (image url, graphic/@n, surface width and height), one line of text
    on each, its header naming Tesseract 5.3.0 as `ecarte ocr --tei` does; surface k begins on
    line 2k + 1, its graphic on the line after."""
    header = (f"<teiHeader><encodingDesc><appInfo><application ident='tesseract' version='5.3.0'>"
              f"<label>Tesseract</label><desc>{desc}</desc></application></appInfo></encodingDesc></teiHeader>")
    surfaces = "".join(f"<surface ulx='0' uly='0' lrx='{width}' lry='{height}'>\n<graphic url='{url}' "
                       f"n='{n}'/><zone xml:id='z{k}' ulx='0' uly='0' lrx='9' lry='9'/></surface>\n"
                       for k, (url, n, width, height) in enumerate(pages, 1))
    lines = "".join(f"<p><lb facs='#z{k}'/><seg>line {k}</seg></p>" for k in range(1, len(pages) + 1))
    return (f"<TEI xmlns='http://www.tei-c.org/ns/1.0'>{header}\n<facsimile>\n{surfaces}</facsimile>"
            f"<text><body>{lines}</body></text></TEI>").encode()


@pytest.fixture
def pictures(tmp_path) -> Path:
    """A folder with a 40×30 PNG, a TIFF of a 40×30 and a 20×10 frame, a PDF of two pages of
    300×600 pixels at the 300 dpi `ecarte ocr` renders at, and a text file named text.png."""
    Image.new("L", (40, 30), 255).save(tmp_path / "p.png")
    Image.new("L", (40, 30), 255).save(tmp_path / "t.tif", save_all=True,
                                         append_images=[Image.new("L", (20, 10), 255)])
    Image.new("L", (72, 144), 255).save(tmp_path / "d.pdf", save_all=True,
                                          append_images=[Image.new("L", (72, 144), 255)], resolution=72)
    (tmp_path / "text.png").write_text("not an image\n", encoding="utf-8")
    return tmp_path


def scan_of(folder: Path, pages: list[tuple[str, str, int, int]], desc: str = GRAYSCALE) -> Path:
    scan = folder / "scan.xml"
    scan.write_bytes(page_tei(pages, desc))
    return scan


@pytest.mark.parametrize("pages, named, problem", [
    ([("text.png", "1", 40, 30)], "text.png", "not a readable image"),
    ([("p.png", "1", 80, 60)], "p.png", "40×30 pixels, but its surface in scan.xml (line 3) is 80×60: "
                                        "not the page image that was OCR'd"),
    ([("t.tif", "1", 40, 30), ("t.tif", "2", 40, 30)], "t.tif[2]",
     "20×10 pixels, but its surface in scan.xml (line 5) is 40×30"),
    ([("t.tif", "3", 40, 30)], "t.tif[3]", "unreadable image"),
    ([("d.pdf", "1", 600, 300)], "d.pdf[1]",
     "300×600 pixels rendered at 300 dpi, but its surface in scan.xml (line 3) is 600×300"),
    ([("d.pdf", "3", 300, 600)], "d.pdf[3]", "no such page: the PDF has 2 pages"),
])
def test_a_page_image_that_is_not_what_was_read_is_refused_naming_it(pictures, pages, named, problem):
    with pytest.raises(InputError) as caught:
        read_source_file(scan_of(pictures, pages), "en-scan")
    assert str(caught.value).startswith(f"{pictures.resolve() / named}: {problem}")


@pytest.mark.parametrize("n", ["x", "0", ""])
def test_a_graphic_that_names_no_page_is_refused_at_its_line(pictures, n):
    with pytest.raises(InputError, match=rf"scan\.xml:4: graphic/@n '{n}' is not a page number"):
        read_source_file(scan_of(pictures, [("p.png", n, 40, 30)]), "en-scan")


def test_a_pdf_page_image_needs_pdfinfo(pictures, monkeypatch):
    monkeypatch.setattr("pipeline.page_images.shutil.which", lambda tool: None)
    with pytest.raises(InputError, match=r"d\.pdf: a PDF page image needs pdfinfo"):
        read_source_file(scan_of(pictures, [("d.pdf", "1", 300, 600)]), "en-scan")


def test_a_refused_page_image_leaves_the_corpus_untouched(pictures, corpus_copy):
    before = corpus_hash(corpus_copy)
    refused = run_ecarte("witness", "add", str(scan_of(pictures, [("text.png", "1", 40, 30)])),
                         "--siglum", "en-scan", "--lang", "en", "--title", "T", corpus=corpus_copy)
    assert refused.returncode == 2
    assert refused.stderr == f"ecarte witness: {pictures.resolve() / 'text.png'}: not a readable image " \
                             f"(PNG, TIFF, JPEG or PDF expected)\n"
    assert corpus_hash(corpus_copy) == before


ACCEPTED = [("p.png", "1", 40, 30), ("t.tif", "2", 20, 10), ("d.pdf", "1", 300, 600), ("d.pdf", "2", 300, 600)]


def test_the_page_images_are_recorded_once_per_file_with_the_ocr_the_header_states(pictures):
    source = read_source_file(scan_of(pictures, ACCEPTED), "en-scan")
    sha256 = {name: hashlib.sha256((pictures / name).read_bytes()).hexdigest() for name in ("p.png", "t.tif", "d.pdf")}
    assert [(i.copy, i.sha256) for i in source.images] == [
        ("en-scan.pages/0001-p.png", sha256["p.png"]), ("en-scan.pages/0002-t.tif", sha256["t.tif"]),
        ("en-scan.pages/0003-d.pdf", sha256["d.pdf"])]
    assert [g.get("url") for g in etree.fromstring(source.data).iter(f"{TEI}graphic")] == [
        "en-scan.pages/0001-p.png", "en-scan.pages/0002-t.tif", "en-scan.pages/0003-d.pdf", "en-scan.pages/0003-d.pdf"]
    assert source.ocr == Ocr("Tesseract", "eng", f"Stated in the header of scan.xml, as `ecarte ocr --tei` "
                             f"wrote it: Tesseract 5.3.0, {GRAYSCALE}.", "5.3.0", (4,))


def test_the_catalogue_table_counts_pages_and_files_and_reads_back_typed(pictures, tmp_path):
    source = read_source_file(scan_of(pictures, ACCEPTED), "en-scan")
    table = catalogue_table(Request(pictures / "scan.xml", "en-scan", "en", "T"), source,
                            SegmenterChoice("numbered-rules", "named with --segmenter"))
    catalogue = tmp_path / "witnesses.toml"
    catalogue.write_text(f"{table}", encoding="utf-8")
    witness = load_witnesses(catalogue)["en-scan"]
    assert witness.provenance.endswith(", its 4 pages from 3 files copied to en-scan.pages/.")
    assert witness.images == {i.copy: i.sha256 for i in source.images}
    assert witness.ocr == source.ocr


@pytest.mark.parametrize("pages, files, words", [
    (1, 1, "1 page image"), (2, 2, "2 page images"), (6, 5, "6 pages from 5 files"), (2, 1, "2 pages from 1 file"),
])
def test_the_pages_are_counted_with_the_files_they_came_in(pages, files, words):
    images = tuple(PageImage(Path(f"{k}.png"), f"s.pages/{k}.png", "0" * 64, False) for k in range(files))
    assert SourceText("text", Encoding.UTF8, b"<TEI/>", pages, images).page_images == words


@pytest.mark.parametrize("recorded, refused", [
    (("p.png", "t.tif", "d.pdf"), True),         # the same scan again
    (("t.tif",), True),                          # one of its files
    ((), False),
])
def test_page_images_already_a_witness_s_are_refused_naming_it(pictures, recorded, refused):
    source = read_source_file(scan_of(pictures, ACCEPTED), "en-scan")
    sha256 = {i.file.name: i.sha256 for i in source.images}
    other = Witness("old", "T", "en", "transcription", "old.xml", "0" * 64, "numbered-rules",
                    images={f"old.pages/{name}": sha256[name] for name in recorded} | {"old.pages/x.png": "1" * 64})
    if not refused:
        check_new_text(source, {"old": other}, Path("scan.xml"))
        return
    with pytest.raises(InputError, match=rf"scan\.xml: its page image {recorded[0]} is already one of "
                                         rf"witness 'old' \(the same sha256 {sha256[recorded[0]]}\)"):
        check_new_text(source, {"old": other}, Path("scan.xml"))


@pytest.mark.parametrize("desc, version, model, psm", [
    ("models hun, page segmentation mode 4, page images small text enlarged, deskewed", "5.3.0", "hun", (4,)),
    ("models hun, deu_latf, page segmentation modes 3, 4; page images made grayscale", "5.3.0", "hun+deu_latf", (3, 4)),
    ("models eng, page segmentation mode 6", None, "eng", (6,)),
])
def test_the_ocr_is_read_from_the_header_ecarte_ocr_writes(desc, version, model, psm):
    xml = page_tei([("p.png", "1", 40, 30)], desc)
    if version is None:
        xml = xml.replace(b" version='5.3.0'", b"")
    ocr = recorded_ocr(etree.fromstring(xml), Path("scan.xml"))
    named = f"Tesseract {version}" if version else "Tesseract"
    assert ocr == Ocr("Tesseract", model, f"Stated in the header of scan.xml, as `ecarte ocr --tei` wrote it: "
                                          f"{named}, {desc}.", version, psm)


def test_a_header_without_tesseract_records_no_ocr_and_one_that_hides_its_settings_is_refused():
    xml = page_tei([("p.png", "1", 40, 30)], "whatever it read with")
    with pytest.raises(InputError, match="scan.xml:1: the tesseract application's desc does not state"):
        recorded_ocr(etree.fromstring(xml), Path("scan.xml"))
    no_header = xml.replace(xml[xml.index(b"<teiHeader>"):xml.index(b"</teiHeader>") + 12], b"")
    assert recorded_ocr(etree.fromstring(no_header), Path("scan.xml")) is None


@pytest.fixture
def stored(tmp_path) -> tuple[Path, Witness]:
    """A sources folder with the facsimile TEI w.xml, its page image w.pages/0001-p.png, and the
    witness as its catalogue records it."""
    (tmp_path / "w.pages").mkdir()
    Image.new("L", (40, 30), 255).save(tmp_path / "w.pages/0001-p.png")
    data = page_tei([("w.pages/0001-p.png", "1", 40, 30)])
    (tmp_path / "w.xml").write_bytes(data)
    image = hashlib.sha256((tmp_path / "w.pages/0001-p.png").read_bytes()).hexdigest()
    return tmp_path, catalogued(tmp_path, Witness("w", "T", "en", "transcription", "w.xml",
                                                  hashlib.sha256(data).hexdigest(), "numbered-rules",
                                                  images={"w.pages/0001-p.png": image}))


def catalogued(folder: Path, witness: Witness) -> Witness:
    """The witness written to the folder's catalogue, its page images as a [w.images] table, and
    read back from it."""
    fields = [f'{key} = "{value}"' for key, value in (
        ("title", witness.title), ("language", witness.language), ("kind", witness.kind),
        ("source", witness.source), ("sha256", witness.sha256), ("segmenter", witness.segmenter)) if value]
    images = [f'"{name}" = "{sha256}"' for name, sha256 in witness.images.items()]
    table = ["", f"[{witness.siglum}.images]", *images] if images else []
    (folder / "witnesses.toml").write_text("\n".join([f"[{witness.siglum}]", *fields, *table, ""]),
                                           encoding="utf-8")
    return load_witnesses(folder / "witnesses.toml")[witness.siglum]


def image_changed(folder: Path, witness: Witness) -> Witness:
    (folder / "w.pages/0001-p.png").write_bytes(b"x")
    return witness


def image_deleted(folder: Path, witness: Witness) -> Witness:
    (folder / "w.pages/0001-p.png").unlink()
    return witness


def image_unrecorded(folder: Path, witness: Witness) -> Witness:
    return replace(witness, images={})


def stale_image_entry(folder: Path, witness: Witness) -> Witness:
    return replace(witness, images={**witness.images, "w.pages/0002-q.png": "0" * 64})


def images_of_a_text(folder: Path, witness: Witness) -> Witness:
    (folder / "w.txt").write_text("text\n", encoding="utf-8")
    return replace(witness, source="w.txt", sha256=None)


@pytest.mark.parametrize("change, named, message", [
    (image_changed, None, r"w\.pages/0001-p\.png: page image has changed: sha256 2d711642\w+ differs from "
                          r"the catalogue's"),
    (image_deleted, None, r"w\.pages/0001-p\.png: page image of witness 'w' is missing"),
    (image_unrecorded, "[w]", r"witness 'w': its page image w\.pages/0001-p\.png has no sha256 in \[w\.images\]"),
    (stale_image_entry, '"w.pages/0002-q.png"', r"witness 'w': \[w\.images\] lists w\.pages/0002-q\.png, "
                                                r"which is no page image of w\.xml \(a stale entry\)"),
    (images_of_a_text, "[w.images]", r"witness 'w': \[w\.images\] is given, but its source w\.txt is no "
                                     r"facsimile TEI"),
])
def test_the_build_stops_at_a_page_image_missing_changed_or_not_recorded(stored, change, named, message):
    """An error about the catalogue names the line it begins with `named`: the [w.images] table,
    its stale entry, or the witness's table where it has none."""
    folder, witness = stored
    assert read_facsimile_source(witness, folder).local_images == {"w.pages/0001-p.png"}
    changed = catalogued(folder, change(folder, witness))
    if named is not None:
        lines = (folder / "witnesses.toml").read_text(encoding="utf-8").splitlines()
        line = next(number for number, text in enumerate(lines, 1) if text.startswith(named))
        message = rf"witnesses\.toml:{line}: {message}"
    with pytest.raises(InputError, match=message):
        read_facsimile_source(changed, folder)
