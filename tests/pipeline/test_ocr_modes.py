"""Which page segmentation modes a page is read in, and which reading is kept."""
from __future__ import annotations

import pytest

from pipeline.workbench.ocr.preprocess import Steps, TextSize, prepare
from pipeline.workbench.ocr.recognize import OcrLine, Word, confidence, page_modes, parse_tsv
from pipeline.workbench.ocr.renderers import read_prepared
from test_ocr_preprocess import page


@pytest.mark.parametrize("size, modes", [
    (None, (4,)),                                   # no lines measured
    (TextSize(40.0, 20.0, 0.8), (4,)),              # 300 dpi type
    (TextSize(22.0, 11.0, 0.8), (4, 6)),            # 150 dpi type
    (TextSize(11.0, 5.0, 0.8), (4, 6)),             # 75 dpi type, enlarged or not
    (TextSize(22.0, 11.0, 0.1), (4,)),              # small, but the lines hardly repeat: unsure
    (TextSize(80.0, 11.0, 0.8), (4,)),              # a pitch implausible for the x-height: unsure
])
def test_small_type_surely_measured_is_read_in_both_modes(size, modes):
    assert page_modes(size) == modes


def line(*words: tuple[str, float]) -> OcrLine:
    return OcrLine(tuple(Word(text, (0, 0, 1, 1), conf) for text, conf in words), (0, 0, 1, 1), 1)


@pytest.mark.parametrize("lines, expected", [
    ([], 0.0),
    ([line(("a", 50.0), ("hosszú", 80.0))], (50 + 6 * 80) / 7),   # letters weigh, not words
    ([line(("a", 90.0)), line(("b", 30.0))], 60.0),
    ([line((" ", 10.0), ("ok", 90.0))], 90.0),                    # blank words do not count
])
def test_confidence_is_the_letter_weighted_mean(lines, expected):
    assert confidence(lines) == pytest.approx(expected)


def test_the_surer_reading_of_a_small_type_page_is_kept():
    clean = prepare(page("C059", 23, 28), Steps())
    specked = prepare(page("C059", 23, 28, specks=0.002), Steps())
    assert page_modes(clean.text) == (4, 6)
    readings = {psm: read_prepared(specked, "hun", psm, []) for psm in (4, 6)}
    kept = read_prepared(specked, "hun", None, [])
    surest = max(readings.values(), key=lambda r: confidence(parse_tsv(r[0])))
    assert kept == surest and kept[2] in (4, 6)
    assert read_prepared(prepare(page("EB Garamond", 46, 62)), "hun", None, [])[2] == 4   # 300 dpi: one mode
