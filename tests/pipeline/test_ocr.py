"""`ecarte ocr` with real Tesseract on a small fixture, its errors, TSV parsing and the preprocessing."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from ecarte.cli import main
from pipeline.align.sides import language_of
from pipeline.workbench.evaluate import cer
from pipeline.workbench.ocr import ocr_pages
from pipeline.workbench.ocr.preprocess import Prepared, binarize, otsu_threshold, prepare, skew_angle
from pipeline.workbench.ocr.recognize import page_text, parse_tsv

FIXTURES = Path(__file__).parent / "fixtures" / "ocr"
LINES = FIXTURES / "hu_lines.png"


def test_ocr_hun_recovers_hungarian_lines(capsys):
    assert main(["ocr", str(LINES)]) == 0
    out = capsys.readouterr().out
    assert cer((FIXTURES / "hu_lines.txt").read_text(encoding="utf-8").strip(), out.strip()) < 0.02


def test_pages_in_order_with_boxes_and_confidences(tmp_path):
    small = tmp_path / "small.png"
    image = Image.open(LINES)
    image.crop((0, 0, image.width, 90)).save(small, dpi=(300, 300))
    pages = ocr_pages([small, LINES], workers=2)
    assert [p.source for p in pages] == [str(small), str(LINES)]
    assert len(pages[0].lines) == 1 and len(pages[1].lines) == 2
    first = pages[1].lines[0].words[0]
    assert first.text == "A" and first.conf > 50
    left, top, right, bottom = first.bbox
    assert 30 <= left < right <= 90 and 20 <= top < bottom <= 90


def test_eng_output_repaired(capsys):
    truth = (FIXTURES / "hu_lines.txt").read_text(encoding="utf-8").strip()
    assert main(["ocr", str(LINES), "--lang", "eng"]) == 0
    raw = capsys.readouterr().out.strip()
    assert main(["ocr", str(LINES), "--lang", "eng", "--repair"]) == 0
    repaired = capsys.readouterr().out.strip()
    assert cer(truth, raw) > 0.05 and cer(truth, repaired) < cer(truth, raw)


def _english_page(path: Path) -> Path:
    image = Image.new("L", (1400, 200), 255)
    ImageDraw.Draw(image).text((40, 60), "The cards rank as follows: king, queen, jack and ace.", fill=0,
                               font=ImageFont.load_default(size=40))
    image.save(path, dpi=(300, 300))
    return path


def test_repair_refuses_text_it_was_not_trained_for(tmp_path, capsys):
    """English pages are not run through the Hungarian repair: they would be garbled."""
    page = _english_page(tmp_path / "english.png")
    assert main(["ocr", str(page), "--lang", "eng", "--repair"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Hungarian text only" in error and "reads as en" in error
    assert main(["ocr", str(page), "--lang", "eng", "--text-lang", "de", "--repair"]) == 2
    assert "not 'de'" in capsys.readouterr().err


@pytest.mark.parametrize("order, named", [
    (("hu", "en"), "en.png: --repair repairs Hungarian text only, and this page reads as en"),
    (("en", "hu", "en2"), "en.png, {tmp}/en2.png: --repair repairs Hungarian text only, and these pages read as en"),
])
def test_repair_names_the_pages_of_another_language(order, named, tmp_path, capsys):
    """A Hungarian book with English pages: the refusal names them, not "the pages"."""
    files = {"hu": LINES, "en": _english_page(tmp_path / "en.png"), "en2": _english_page(tmp_path / "en2.png")}
    assert main(["ocr", "--lang", "eng", "--repair", *(str(files[name]) for name in order)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"ecarte ocr: {tmp_path}/" + named.format(tmp=tmp_path) + " (told from") \
        and error.count("\n") == 1, error


@pytest.mark.parametrize("orientation, stored", [
    (3, Image.Transpose.ROTATE_180),
    (6, Image.Transpose.ROTATE_90),            # a phone held upright: stored turned left
    (8, Image.Transpose.ROTATE_270),
])
def test_exif_orientation_is_applied(orientation, stored, tmp_path):
    """A JPEG stored turned, with the EXIF Orientation that turns it upright, is read upright."""
    upright = Image.open(LINES).convert("L").crop((0, 0, 1250, 90))
    photo = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = orientation
    upright.transpose(stored).save(photo, quality=95, exif=exif)
    [page] = ocr_pages([photo], workers=1)
    truth = (FIXTURES / "hu_lines.txt").read_text(encoding="utf-8").splitlines()[0]
    assert (page.width, page.height) == upright.size and cer(truth, page.text) < 0.05, page.text


def test_pages_without_text_are_kept_with_a_warning(tmp_path, capsys):
    """Blank pages exist in books: each is a warning naming it, not an error, and keeps its place."""
    one, blank = tmp_path / "one.png", tmp_path / "blank.png"
    Image.new("L", (1, 1), 255).save(one)
    Image.new("L", (300, 200), 255).save(blank)
    assert main(["ocr", str(one), str(LINES), str(blank)]) == 0
    out, err = capsys.readouterr()
    assert err == "".join(f"ecarte ocr: {page}: warning: Tesseract found no text on this page; it is kept, empty\n"
                          for page in (one, blank))
    assert [bool(page.strip()) for page in out.split("\n\f\n")] == [False, True, False]


def test_language_of_a_text_is_told_by_its_commonest_words():
    assert language_of((FIXTURES / "hu_lines.txt").read_text(encoding="utf-8")) == "hu"
    assert language_of("A kartyakat az oszto keveri, es a jatekos nem nezheti meg.") == "hu"   # accents lost
    assert language_of("Each player has a right to shuffle the pack.") == "en"
    assert language_of("Vor Beginn einer Partie zieht jeder Spieler eine Karte.") == "de"
    assert language_of("12 345") is None


def test_workers_below_one_are_refused(capsys):
    assert main(["ocr", str(LINES), "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


def test_multipage_tiff_pages_in_order(tmp_path, capsys):
    tiff = tmp_path / "two.tif"
    image = Image.open(LINES)
    image.save(tiff, save_all=True, append_images=[image.crop((0, 0, image.width, 90))], dpi=(300, 300))
    assert main(["ocr", str(tiff), "--tsv", str(tmp_path)]) == 0
    first, second = capsys.readouterr().out.split("\n\f\n")
    assert first.count("\n") == 1 and second.count("\n") == 1
    assert sorted(p.name for p in tmp_path.glob("*.tsv")) == ["0001-two.tsv", "0002-two.tsv"]


def test_tsv_output(tmp_path, capsys):
    assert main(["ocr", str(LINES), "--tsv", str(tmp_path)]) == 0
    rows = (tmp_path / "0001-hu_lines.tsv").read_text(encoding="utf-8").splitlines()
    assert rows[0].split("\t")[:3] == ["line", "word", "left"]
    assert rows[1].split("\t")[:2] == ["1", "0"] and rows[2].split("\t")[-1] == "A"


def test_unreadable_image_is_a_one_line_error(capsys):
    bad = FIXTURES / "not_an_image.png"
    assert main(["ocr", str(bad)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(bad) in error and "not a readable image" in error


def test_missing_and_truncated_images(tmp_path, capsys):
    truncated = tmp_path / "cut.png"
    truncated.write_bytes(LINES.read_bytes()[:400])
    assert main(["ocr", str(tmp_path / "nothing.png")]) == 2
    assert "nothing.png: no such file" in capsys.readouterr().err
    assert main(["ocr", str(truncated)]) == 2
    assert "cut.png: unreadable image" in capsys.readouterr().err


def test_pdf_without_poppler_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    pdf = tmp_path / "scan.pdf"
    pdf.write_bytes(b"%PDF-1.4\n%%EOF\n")
    assert main(["ocr", str(pdf)]) == 2
    assert capsys.readouterr().err == f"ecarte ocr: {pdf}: PDF needs poppler-utils (pdfinfo, pdftoppm); install it or give page images\n"


def test_unknown_language(capsys):
    assert main(["ocr", str(LINES), "--lang", "xx"]) == 2
    assert "no 'xx' language data" in capsys.readouterr().err


def test_parse_stored_tsv():
    lines = parse_tsv((FIXTURES / "hu_lines.eng.tsv").read_text(encoding="utf-8"))
    assert [len(line.words) for line in lines] == [8, 8]
    assert lines[0].text.startswith("A kiosztasnal az oszto")
    assert lines[0].bbox == (40, 39, 830, 81)
    assert all(0 <= w.conf <= 100 for line in lines for w in line.words)
    assert page_text(lines).count("\n") == 1


def test_boxes_map_back_through_scaling_and_rotation():
    original = Image.new("L", (400, 200), 255)
    prepared = Prepared(original.resize((800, 400)).rotate(90), 2.0, 90.0, original.size)
    # (250, 150) is (500, 300) when scaled, (500, 100) once turned 90° left about (400, 200)
    assert prepared.to_original((500, 100, 500, 100)) == (250, 150, 250, 150)
    assert Prepared(original, 1.0, 0.0, original.size).to_original((1, 2, 3, 4)) == (1, 2, 3, 4)


def _ruled_page() -> Image.Image:
    page = Image.new("L", (900, 700), 255)
    draw = ImageDraw.Draw(page)
    for y in range(80, 640, 40):
        for x in range(80, 820, 30):
            draw.rectangle((x, y, x + 20, y + 14), fill=0)    # word-like blobs in lines
    return page


@pytest.mark.parametrize("angle", [-1.5, 0.0, 2.0])
def test_skew_angle_undoes_a_rotation(angle):
    rotated = _ruled_page().rotate(angle, fillcolor=255, resample=Image.Resampling.BICUBIC)
    assert skew_angle(rotated) == pytest.approx(-angle, abs=0.15)


def test_binarize_and_upscale():
    gray = Image.new("L", (100, 20), 200)
    gray.paste(40, (10, 5, 30, 15))
    assert 40 <= otsu_threshold(gray) < 200
    assert set(binarize(gray).tobytes()) == {0, 255}
    small = _ruled_page().resize((300, 233))                  # lines now 5 px high
    assert prepare(small).scale > 2
    assert prepare(Image.new("L", (50, 50), 255)).scale == 1.0


def test_tsv_into_a_file_is_a_one_line_error(tmp_path, capsys):
    from ecarte.cli import main

    target = tmp_path / "boxes"
    target.write_text("", encoding="utf-8")
    assert main(["ocr", "--tsv", str(target), str(FIXTURES / "hu_lines.png")]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "--tsv needs a folder" in err and str(target) in err
