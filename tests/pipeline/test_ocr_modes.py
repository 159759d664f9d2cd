"""Which page segmentation modes a page is read in, and which reading is kept."""
from __future__ import annotations

import pytest

from pipeline.workbench.ocr import renderers
from pipeline.workbench.ocr.preprocess import Steps, TextSize, prepare
from pipeline.workbench.ocr.recognize import page_modes
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


def tsv(lines: int) -> str:
    """A TSV of Tesseract's with this many one-word lines."""
    head = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    rows = [f"5\t1\t1\t1\t{n}\t1\t0\t{10 * n}\t50\t9\t95\tszó{n}" for n in range(1, lines + 1)]
    return "\n".join([head, *rows]) + "\n"


@pytest.mark.parametrize("lines_4, lines_6, kept", [
    (24, 20, 6),       # mode 4 broke lines apart: mode 6's reading is kept
    (20, 20, 4),       # as many lines: mode 4 stays
    (20, 22, 4),       # mode 6 finds more: mode 4 stays
])
def test_mode_6_is_kept_only_where_it_finds_fewer_lines(monkeypatch, lines_4, lines_6, kept):
    read = {4: tsv(lines_4), 6: tsv(lines_6)}
    monkeypatch.setattr(renderers, "run_renderers", lambda image, lang, psm, formats: (read[psm], {}))
    small = prepare(page("C059", 23, 28), Steps())
    assert page_modes(small.text) == (4, 6)
    text, _, mode = read_prepared(small, "hun", None, [])
    assert (mode, text) == (kept, read[kept])
    assert read_prepared(small, "hun", 4, [])[2] == 4              # a mode given is the only one read
    large = prepare(page("EB Garamond", 46, 62), Steps())
    assert read_prepared(large, "hun", None, [])[2] == 4           # 300 dpi type: one mode
