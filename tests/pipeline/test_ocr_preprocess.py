"""The text-size measurement on rendered pages whose line pitch and x-height are known, the
decisions to enlarge and to take out lone specks that rest on it, and `ecarte ocr` against
Tesseract alone on a 150-dpi page."""
from __future__ import annotations

import numpy as np
import pytesseract
import pytest
from PIL import Image, ImageDraw

from ecarte.cli import main
from pipeline.workbench.evaluate import cer
from pipeline.workbench.ocr.preprocess import (Steps, TextSize, applied_steps, despeckle, in_words, lone_ink, prepare,
                                               scale_factor, skew_angle, text_size)
from pipeline.workbench.synth.generate import make_page
from pipeline.workbench.synth.preprocessing import CONDITIONS, FURTHER_SKEW, SEED, lines_text
from pipeline.workbench.synth.prose import Split
from pipeline.workbench.synth.typeset import load_font

PROSE = (
    "Ha az osztó a talonból húz, előbb meg kell mutatnia",
    "a felfordított lapot. Őrizze meg az ütést az, aki",
    "Ágnes után következik, és Éva döntsön a bemondásról,",
    "mielőtt bárki új lapot kérne. Így szól a szabály:",
    "a győztes öt pontot ír fel, a vesztes egyet sem.",
    "Gyakran előfordul, hogy a játékosok már az első",
)


def page(font: str, size: int, leading: int, lines: int = 6, specks: float = 0.0) -> Image.Image:
    """Lines of Hungarian prose drawn black on white, `leading` pixels from baseline to baseline."""
    face = load_font(font, size)
    width = round(max(face.getlength(line) for line in PROSE)) + 2 * size
    image = Image.new("L", (width, leading * lines + 2 * size), 255)
    draw = ImageDraw.Draw(image)
    for n in range(lines):
        draw.text((size, size + n * leading), PROSE[n % len(PROSE)], font=face, fill=0)
    if specks:
        pixels = np.array(image)
        pixels[np.random.default_rng(1).random(pixels.shape) < specks] = 0
        image = Image.fromarray(pixels)
    return image


def true_x_height(font: str, size: int) -> int:
    """The height of the font's `x` in pixels."""
    _, top, _, bottom = load_font(font, size).getbbox("x")
    return bottom - top


def measured(image: Image.Image) -> TextSize:
    size = text_size(image, skew_angle(image))
    assert size is not None
    return size


@pytest.mark.parametrize(("font", "size", "leading"), [
    ("EB Garamond", 46, 62),        # 11 pt at 300 dpi, book leading
    ("Nimbus Roman", 46, 46),       # set solid: accents and descenders of neighbour lines touch
    ("C059", 23, 27),               # 11 pt at 150 dpi
    ("Linux Libertine", 23, 34),
    ("P052", 12, 15),               # 11 pt at 75 dpi
])
def test_pitch_and_x_height_of_rendered_pages(font, size, leading):
    found = measured(page(font, size, leading))
    assert found.sure
    assert found.pitch == pytest.approx(leading, abs=0.5)
    assert true_x_height(font, size) - 1 <= found.x_height <= true_x_height(font, size) * 1.25 + 1


def test_specks_and_skew_do_not_change_the_measure():
    clean = measured(page("C059", 23, 27))
    dirty = measured(page("C059", 23, 27, specks=0.003).rotate(2, fillcolor=255, resample=Image.Resampling.BICUBIC))
    assert dirty.sure and dirty.pitch == pytest.approx(clean.pitch, abs=0.5)
    assert dirty.x_height == pytest.approx(clean.x_height, abs=1.5)


def test_only_clearly_small_text_is_enlarged():
    assert prepare(page("EB Garamond", 46, 62)).scale == 1.0             # 300 dpi
    assert prepare(page("Linux Libertine", 23, 34)).scale == 1.0         # 150 dpi
    assert prepare(page("Nimbus Roman", 23, 23, specks=0.003)).scale == 1.0
    assert prepare(page("P052", 12, 15)).scale > 2                      # 75 dpi
    assert prepare(page("P052", 12, 15), Steps(scale=False)).scale == 1.0


def test_lone_specks_are_taken_out_and_the_letters_left_as_they_were():
    clean = page("C059", 23, 27)
    dirty = page("C059", 23, 27, specks=0.002)
    lone = lone_ink(dirty)
    changed = np.asarray(despeckle(dirty, lone)) != np.asarray(dirty)
    ink = np.asarray(clean) < 128
    specks = (np.asarray(dirty) < 128) & ~ink
    assert np.array_equal(changed, lone) and lone.sum() > 0.6 * specks.sum()    # specks touching a letter stay
    assert not (changed & ink).any()                                             # no pixel of a letter moves
    assert not lone_ink(clean).any()


def test_lone_pixels_are_taken_out_only_where_they_are_many_and_cannot_be_part_of_a_letter():
    dirty = page("C059", 23, 27, specks=0.002)                                     # 150 dpi: x-height 10 px
    prepared = prepare(dirty)
    assert prepared.specks == lone_ink(dirty).sum() > 0
    assert np.array_equal(np.asarray(prepared.image), np.asarray(despeckle(dirty, lone_ink(dirty))))
    assert f"cleared of {prepared.specks} lone specks" in in_words(applied_steps(prepared, Steps()))
    left = prepare(dirty, Steps(despeckle=False))                                # as `ecarte ocr --raw`
    assert left.specks == 0 and np.array_equal(np.asarray(left.image), np.asarray(dirty))
    assert prepare(page("C059", 23, 27, specks=0.0002)).specks == 0                 # a few: they may be accents
    assert prepare(page("P052", 12, 15, specks=0.002)).specks == 0                  # 75 dpi: a dot may be one pixel
    blank = Image.new("L", (400, 300), 255)
    blank.putpixel((200, 150), 0)
    assert prepare(blank).specks == 0                                            # no text measured: left alone


def test_no_lines_no_measure_no_scaling():
    blank = Image.new("L", (400, 300), 255)
    assert text_size(blank) is None and prepare(blank).scale == 1.0
    one_line = page("P052", 12, 15, lines=1)                         # small, but nothing to check it by
    assert scale_factor(text_size(one_line)) == 1.0 and prepare(one_line).scale == 1.0


@pytest.mark.parametrize("mode, words", [
    ("L", "unchanged"), ("1", "unchanged"), ("I;16", "unchanged"), ("LA", "unchanged"),
    ("RGB", "made grayscale"), ("RGBA", "made grayscale"), ("P", "made grayscale"),
])
def test_only_a_page_not_grayscale_already_is_said_to_be_made_grayscale(mode, words):
    blank = Image.new("L", (400, 300), 255).convert(mode)              # nothing to enlarge or turn
    assert in_words(applied_steps(prepare(blank), Steps())) == words
    assert in_words(applied_steps(prepare(blank), Steps(binarize=True))) == (
        "binarized (Otsu)" if words == "unchanged" else "made grayscale, binarized (Otsu)")


def test_ecarte_ocr_is_no_worse_than_tesseract_alone_at_150_dpi(tmp_path, capsys):
    """An ordinary 150-dpi scan without a DPI tag: 11-pt type, a little dirt. Enlarged twice and
    given to Tesseract as 300 dpi (as `ecarte ocr` did before it measured x-heights), it was read
    with a CER of 7.6 %, against 1.7 % by Tesseract alone."""
    path = tmp_path / "page.png"
    page("C059", 23, 28, specks=0.002).save(path)
    truth = "\n".join(PROSE)
    alone = lines_text(pytesseract.image_to_string(Image.open(path), lang="hun"))
    assert main(["ocr", str(path)]) == 0
    ours = lines_text(capsys.readouterr().out)
    assert cer(truth, ours) <= cer(truth, alone) < 0.05


def test_evaluation_conditions_are_what_they_say():
    sheet, _ = make_page(SEED, 0, Split.HELDOUT, 8)
    images = {c.name: c.make(sheet, sheet.image, np.random.default_rng(0)) for c in CONDITIONS}
    assert images["300 dpi scan, tag 72 (false)"].info["dpi"] == (72, 72) and "dpi" not in images["150 dpi print"].info
    assert images["150 dpi print"].size == (sheet.image.width // 2, sheet.image.height // 2)
    assert images["75 dpi scan"].size == (sheet.image.width // 4, sheet.image.height // 4)
    solid = measured(images["150 dpi print, set solid"])
    assert solid.sure and solid.pitch == pytest.approx(sheet.size / 2, abs=0.5)
    assert skew_angle(images[f"300 dpi scan, +{FURTHER_SKEW}°"]) == pytest.approx(-FURTHER_SKEW, abs=0.15)


def test_evaluate_takes_no_images(capsys):
    assert main(["ocr", "--evaluate", "page.png"]) == 2
    assert "--evaluate reads its own synthetic pages" in capsys.readouterr().err
    assert main(["ocr"]) == 2
    assert "give page images" in capsys.readouterr().err
