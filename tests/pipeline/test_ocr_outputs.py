"""`ecarte ocr --alto/--hocr/--tei` with real Tesseract: coordinates on the original image, page
order through TIFF frames and PDF pages, and a TEI document valid by the project's schema."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from ecarte.cli import main
from pipeline.errors import InputError
from pipeline.tei.xml import TEI_NS, XML_ID
from pipeline.validate import validate
from pipeline.workbench.ocr.alto_hocr import ImageOrigin, remap_hocr
from pipeline.workbench.ocr.facsimile import document_id, language_tags, page_numbers
from pipeline.workbench.ocr.preprocess import Prepared, Steps, prepare
from pipeline.images import PDF_DPI
from pipeline.workbench.ocr.sources import page_sources

FIXTURES = Path(__file__).parent / "fixtures" / "ocr"
LINES = FIXTURES / "hu_lines.png"
ALTO = {"a": "http://www.loc.gov/standards/alto/ns-v3#"}
XHTML = {"h": "http://www.w3.org/1999/xhtml"}
TEI = {"t": TEI_NS}


def _tsv_words(path: Path) -> list[tuple[str, int, int, int, int]]:
    rows = [row.split("\t") for row in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [(row[7], *map(int, row[2:6])) for row in rows if row[1] != "0"]


@pytest.fixture
def small_page(tmp_path, monkeypatch) -> Path:
    """The fixture at 30 % without DPI (x-height 6 px, so enlarged before Tesseract), in the working folder."""
    monkeypatch.chdir(tmp_path)
    image = Image.open(LINES).convert("L")
    small = image.resize((image.width * 3 // 10, image.height * 3 // 10), Image.Resampling.LANCZOS)
    path = Path("small.png")
    small.save(path)
    assert prepare(Image.open(path)).scale > 2
    return path


def test_alto_boxes_are_on_the_original_image(small_page, capsys):
    out = Path("out")
    assert main(["ocr", str(small_page), "--alto", str(out), "--tsv", str(out)]) == 0
    alto = etree.parse(str(out / "0001-small.xml"))
    page = alto.find(".//a:Page", ALTO)
    assert (page.get("WIDTH"), page.get("HEIGHT")) == ("375", "54")     # not the scaled image's
    words = [(s.get("CONTENT"), int(s.get("HPOS")), int(s.get("VPOS")),
              int(s.get("HPOS")) + int(s.get("WIDTH")), int(s.get("VPOS")) + int(s.get("HEIGHT")))
             for s in alto.iterfind(".//a:String", ALTO)]
    assert words == _tsv_words(out / "0001-small.tsv") and len(words) == 16
    assert all(0 <= left < right <= 375 and 0 <= top < bottom <= 54 for _, left, top, right, bottom in words)
    assert alto.findtext(".//a:sourceImageInformation/a:fileName", namespaces=ALTO) == "../small.png"
    steps = [etree.QName(e).localname for e in alto.find(".//a:OCRProcessing", ALTO)]
    assert steps == ["preProcessingStep", "ocrProcessingStep", "postProcessingStep"]
    assert "scaled ×3.3" in alto.findtext(".//a:preProcessingStep/a:processingStepDescription", namespaces=ALTO)
    assert all(0 <= float(s.get("WC")) <= 1 for s in alto.iterfind(".//a:String", ALTO))


def test_hocr_boxes_are_on_the_original_image(small_page, capsys):
    out = Path("out")
    assert main(["ocr", str(small_page), "--hocr", str(out), "--tsv", str(out)]) == 0
    text = (out / "0001-small.hocr").read_text(encoding="utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html') and "xml:lang" not in text.split("<head>")[1]
    hocr = etree.fromstring(text.encode())
    page = hocr.find(".//h:div[@class='ocr_page']", XHTML)
    assert page.get("title") == 'image "../small.png"; bbox 0 0 375 54; ppageno 0'   # no scan_res: no DPI
    words = [(w.text, *map(int, w.get("title").split(";")[0].split()[1:]))
             for w in hocr.iterfind(".//h:span[@class='ocrx_word']", XHTML)]
    assert words == _tsv_words(out / "0001-small.tsv")
    line = hocr.find(".//h:span[@class='ocr_line']", XHTML).get("title")
    assert 11 < float(line.split("x_size ")[1].split(";")[0]) < 15               # 43 px on the scaled image
    metas = {m.get("name"): m.get("content") for m in hocr.iterfind(".//h:meta", XHTML)}
    assert "pixels of ../small.png" in metas["ecarte-coordinates"] and "scaled" in metas["ecarte-preparation"]


def test_hocr_baseline_and_sizes_follow_scale_and_deskew():
    original = Image.new("L", (400, 200), 255)
    hocr = ('<html xmlns="http://www.w3.org/1999/xhtml"><head><title></title></head><body>'
            '<span class="ocr_line" title="bbox 100 100 700 140; baseline 0 -10; x_size 40"/></body></html>')
    origin = ImageOrigin("page.png", 1, None, None)
    for angle, slope in ((0.0, 0.0), (-2.0, -math.tan(math.radians(2)))):
        prepared = Prepared(original.resize((800, 400)).rotate(angle), 2.0, angle, original.size)
        title = etree.fromstring(remap_hocr(hocr.encode(), prepared, Steps(), origin)).find(
            ".//h:span", XHTML).get("title")
        box, baseline, size = title.split("; ")
        assert size == "x_size 20"
        assert float(baseline.split()[1]) == pytest.approx(slope, abs=0.001)
        if not angle:
            assert box == "bbox 50 50 350 70" and baseline == "baseline 0 -5"


def _three_frames_and_two_pdf_pages(folder: Path) -> tuple[Path, Path]:
    image = Image.open(LINES).convert("L")
    first, second = image.crop((0, 0, image.width, 90)), image.crop((0, 90, image.width, 180))
    blank = Image.new("L", (600, 90), 255)
    tiff, pdf = folder / "three.tif", folder / "two.pdf"
    image.save(tiff, save_all=True, append_images=[blank, first], dpi=(300, 300))
    second.save(pdf, save_all=True, append_images=[first], resolution=PDF_DPI)
    return tiff, pdf


def test_tei_facsimile_of_a_tiff_and_a_pdf_in_page_order(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tiff, pdf = _three_frames_and_two_pdf_pages(Path("."))
    tei = Path("tei", "scan.xml")
    assert main(["ocr", str(tiff), str(pdf), "--tei", str(tei)]) == 0
    pages = capsys.readouterr().out.split("\n\f\n")
    assert [page.splitlines()[0][:12] if page.strip() else "" for page in pages] == \
        ["A kiosztásná", "", "A kiosztásná", "melyből egye", "A kiosztásná"]
    assert validate([tei]) == []                   # jing (schema/ecarte-tei.rng, a subset of tei_all) and Schematron
    root = etree.parse(str(tei)).getroot()
    surfaces = root.findall("t:facsimile/t:surface", TEI)
    assert [(s.get("n"), s.find("t:graphic", TEI).get("url"), s.find("t:graphic", TEI).get("n"))
            for s in surfaces] == [("1", "../three.tif", "1"), ("2", "../three.tif", "2"), ("3", "../three.tif", "3"),
                                   ("4", "../two.pdf", "1"), ("5", "../two.pdf", "2")]
    assert [(s.get("lrx"), s.get("lry")) for s in surfaces] == [("1250", "180"), ("600", "90"), ("1250", "90"),
                                                                ("1250", "90"), ("1250", "90")]
    body = root.find("t:text/t:body", TEI)
    assert [(pb.get("n"), pb.get("facs")) for pb in body.iterfind("t:pb", TEI)] == \
        [(str(n), f"#scan.page{n}") for n in range(1, 6)]
    zones = {z.get(XML_ID): z for z in root.iterfind(".//t:zone", TEI)}
    lines = body.findall(".//t:lb", TEI)
    assert len(lines) == len(zones) == 5 and {lb.get("facs")[1:] for lb in lines} == set(zones)
    first = zones["scan.page1.line1"]
    assert (first.get("ulx"), first.get("lry")) == ("40", "81")   # Tesseract's box, original pixels
    segs = body.findall(".//t:seg[@type='line']", TEI)
    assert [seg.getprevious() for seg in segs] == lines
    assert segs[0].text == pages[0].splitlines()[0] and all(0.5 < float(seg.get("cert")) <= 1 for seg in segs)
    assert root.get("{http://www.w3.org/XML/1998/namespace}lang") == "hu"


def test_tei_of_blank_pages_is_valid(tmp_path, capsys):
    blank = tmp_path / "blank.png"
    Image.new("L", (300, 200), 255).save(blank)
    tei = tmp_path / "blank.xml"
    assert main(["ocr", str(blank), "--tei", str(tei), "--lang", "hun+deu"]) == 0
    assert validate([tei]) == []
    root = etree.parse(str(tei)).getroot()
    assert [lang.get("ident") for lang in root.iterfind(".//t:language", TEI)] == ["hu", "de"]


def test_pdf_pages_keep_their_order_past_nine(tmp_path):
    pages = [Image.new("L", (60 + 5 * i, 40), 255) for i in range(12)]
    pdf = tmp_path / "twelve.pdf"
    pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=72)
    sources = page_sources([pdf], tmp_path)
    assert [s.label for s in sources] == [f"{pdf}[{n}]" for n in range(1, 13)]
    assert sources[9].image.name == "0-page-10.png" and sources[0].image.name == "0-page-01.png"
    widths = [Image.open(s.image).width for s in sources]
    assert widths == sorted(widths) and len(set(widths)) == 12 and widths[0] == 250   # 60 pt at 300 dpi


def test_output_names_and_ids():
    assert document_id(Path("out/scan-1.xml")) == "scan-1"
    assert document_id(Path("hu-nc2.xml")) == "hu-nc2"
    assert language_tags("hun+deu_latf+deu+osd") == {"hu": ["hun"], "de": ["deu_latf", "deu"], "und": ["osd"]}


@pytest.mark.parametrize("name, suggested", [
    ("names/Szabályok.xml", "names/szabalyok.xml"),
    ("1900-scan.xml", "ocr-1900-scan.xml"),
    ("A_B.xml", "a-b.xml"),
    ("my scan.xml", "my-scan.xml"),
    ("lapszám.tei.xml", "lapszam-tei.xml"),
    ("scan.tei", "scan-tei.xml"),               # witness add reads only a .xml file as this TEI
    ("scan-.xml", "scan.xml"),
    ("Scan.XML", "scan.xml"),
])
def test_a_tei_name_that_is_no_siglum_is_refused_before_any_page_is_read(name, suggested, tmp_path, capsys,
                                                                         monkeypatch):
    """`ecarte validate` wants the root's xml:id to be the file's name and a siglum."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("pipeline.workbench.ocr.ocr_pages", _no_reading)
    assert main(["ocr", "--tei", name, str(LINES)]) == 2
    assert capsys.readouterr().err == (
        f"ecarte ocr: {name}: --tei FILE must be named SIGLUM.xml (SIGLUM: lowercase letters and digits, "
        f"parts joined by '-', a letter first), as the TEI's xml:id is its name and a siglum: try '{suggested}'\n")
    assert list(tmp_path.iterdir()) == []


def _no_reading(*args, **kwargs):
    raise AssertionError("pages were read before the outputs were checked")


@pytest.mark.parametrize("options, refused", [
    (["--tsv", "out/tsv", "--tei", "taken/scan.xml"], "taken/scan.xml: cannot write: taken is a file, not a folder"),
    (["--tei", "out/scan.xml", "--alto", "taken/alto"], "taken/alto: cannot write: taken is a file, not a folder"),
    (["--tsv", "out/tsv", "--hocr", "taken/a/b"], "taken/a/b: cannot write: taken is a file, not a folder"),
    (["--tsv", "out/tsv", "--hocr", "taken"], "taken: --hocr needs a folder, this is a file"),
    (["--tsv", "out/tsv", "--tei", "out"], "out: --tei needs a file name, this is a folder"),
])
def test_every_destination_is_checked_before_any_page_is_read(options, refused, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("pipeline.workbench.ocr.ocr_pages", _no_reading)
    Path("taken").write_text("", encoding="utf-8")
    Path("out").mkdir()
    assert main(["ocr", *options, str(LINES)]) == 2
    assert capsys.readouterr().err == f"ecarte ocr: {refused}\n"
    assert list(Path("out").iterdir()) == []


def test_outputs_are_written_only_once_all_are_made(tmp_path, capsys, monkeypatch):
    def failing(*args):
        raise InputError("made to fail", "scan.xml")

    monkeypatch.setattr("pipeline.workbench.ocr.facsimile.tei_document", failing)
    assert main(["ocr", "--tsv", str(tmp_path / "tsv"), "--tei", str(tmp_path / "scan.xml"), str(LINES)]) == 2
    assert capsys.readouterr() == ("", "ecarte ocr: scan.xml: made to fail\n")
    assert list(tmp_path.iterdir()) == []


def test_the_tei_header_states_the_steps_applied_to_each_page(small_page, capsys):
    """Enlarging and deskewing are on by default, but only the small page was enlarged; only a
    colour page is made grayscale (the fixtures are grayscale already)."""
    tei, colour = Path("scan.xml"), Path("colour.png")
    assert main(["ocr", str(small_page), str(LINES), str(small_page), "--tei", str(tei)]) == 0
    settings = etree.parse(str(tei)).findtext(".//t:application[@ident='tesseract']/t:desc", namespaces=TEI)
    assert re.search(r"; page images: pages 1, 3 scaled ×3\.3\d*; page 2 unchanged$", settings), settings
    Image.open(LINES).convert("RGB").save(colour)
    assert main(["ocr", str(colour), "--tei", str(tei)]) == 0
    settings = etree.parse(str(tei)).findtext(".//t:application[@ident='tesseract']/t:desc", namespaces=TEI)
    assert settings.endswith("; page images made grayscale") and "deskewed" not in settings, settings


@pytest.mark.parametrize("numbers, words", [
    ([4], "page 4"), ([1, 2], "pages 1, 2"), ([1, 2, 3, 5], "pages 1–3, 5"), ([2, 4, 5, 6, 7, 9, 10], "pages 2, 4–7, 9, 10"),
])
def test_page_numbers_in_words(numbers, words):
    assert page_numbers(numbers) == words


def test_repair_concerns_the_text_printed_only(tmp_path, capsys):
    """The files keep Tesseract's reading, boxes and confidences with it; --help says so."""
    tei = tmp_path / "scan.xml"
    assert main(["ocr", "--lang", "eng", "--repair", "--tei", str(tei), str(LINES)]) == 0
    repaired = capsys.readouterr().out
    segs = [seg.text for seg in etree.parse(str(tei)).iterfind(".//t:seg", TEI)]
    assert main(["ocr", "--lang", "eng", str(LINES)]) == 0
    assert "\n".join(segs) + "\n" == capsys.readouterr().out != repaired
    with pytest.raises(SystemExit):
        main(["ocr", "--help"])
    assert "--tei keep Tesseract's own reading" in " ".join(capsys.readouterr().out.split())


def test_output_options_refuse_the_wrong_kind_of_path(tmp_path, capsys):
    a_file = tmp_path / "taken"
    a_file.write_text("", encoding="utf-8")
    assert main(["ocr", str(LINES), "--alto", str(a_file)]) == 2
    assert capsys.readouterr().err == f"ecarte ocr: {a_file}: --alto needs a folder, this is a file\n"
    assert main(["ocr", str(LINES), "--tei", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"ecarte ocr: {tmp_path}: --tei needs a file name, this is a folder\n"
