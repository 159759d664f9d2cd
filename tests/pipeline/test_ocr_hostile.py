"""Hostile page images and PDFs given to `ecarte ocr`: one line naming the file on stderr, exit 2,
no traceback, no warning, and nothing large decoded or rendered on the way."""
from __future__ import annotations

import io
import os
import random
import resource
import struct
import subprocess
import sys
import warnings
import zlib
from pathlib import Path

import pytest
from PIL import Image

from ecarte.cli import main
from pipeline.errors import InputError
from pipeline.images import MAX_PIXELS, open_frame
from pipeline.workbench.ocr.sources import page_sources

ROOT = Path(__file__).resolve().parents[2]
LINES = Path(__file__).parent / "fixtures" / "ocr" / "hu_lines.png"
BOMB_SIDE = 13_370
"""178.8 M pixels: over MAX_PIXELS but under twice it, where Pillow only warns and would decode."""
MEMORY_LIMIT = 640 * 2**20
"""Address space for `ecarte ocr` in the memory test: refusing the bomb takes it about 372 MiB,
decoding it (RGBA) would take 682 MiB more."""


def claimed_png(path: Path, width: int, height: int) -> Path:
    """A tiny PNG whose header claims `width`×`height` RGBA pixels (its data is four rows of them)."""
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = zlib.compress(b"\0" * (4 * width + 1) * 4)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                     + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    return path


def _pdf_of(path: Path, image: Image.Image, dpi: float) -> Path:
    image.save(path, resolution=dpi)
    return path


def _corrupt_second_frame(path: Path) -> Path:
    """A two-page TIFF whose second page's compressed pixels are garbage."""
    image = Image.open(LINES)
    buffer = io.BytesIO()
    image.save(buffer, "TIFF", save_all=True, append_images=[image], compression="tiff_deflate")
    data = bytearray(buffer.getvalue())
    with Image.open(io.BytesIO(bytes(data))) as tiff:
        tiff.seek(1)
        start, size = tiff.tag_v2[273][0], tiff.tag_v2[279][0]    # StripOffsets, StripByteCounts
    data[start:start + size] = b"\xff" * size
    path.write_bytes(bytes(data))
    return path


HOSTILE = {
    "bomb.png": (lambda p: claimed_png(p, 40_000, 40_000), "image too large: more than 89,478,485 pixels"),
    "warned.png": (lambda p: claimed_png(p, 10_000, 10_000), "image too large: more than 89,478,485 pixels"),
    "empty.png": (lambda p: p.write_bytes(b""), "empty file"),
    "zero.png": (lambda p: claimed_png(p, 0, 0), "not a readable image"),
    "text.png": (lambda p: p.write_text("not a picture\n", encoding="utf-8"), "not a readable image"),
    "thin.png": (lambda p: Image.new("L", (1, 100_000), 255).save(p),
                 "image too tall: 1×100000 pixels, Tesseract reads at most 32767 a side"),
    "two.tif": (_corrupt_second_frame, "unreadable image: ZIPDecode: Decoding error at scanline 0"),
    "broken.pdf": (lambda p: p.write_bytes(b"%PDF-1.4\nnot a PDF body\n"), "unreadable PDF: "),
    "poster.pdf": (lambda p: _pdf_of(p, Image.new("L", (200, 200), 255), 1),
                   "page at 300 dpi too large: 60000×60000 pixels"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_input_is_one_line_naming_the_file(name, tmp_path, capfd):
    make, message = HOSTILE[name]
    path = tmp_path / name
    make(path)
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        assert main(["ocr", str(path)]) == 2
    err = capfd.readouterr().err                   # what C libraries write to fd 2 too
    where = f"{path}[2]" if name == "two.tif" else f"{path}[1]" if name == "poster.pdf" else str(path)
    assert err.startswith(f"ecarte ocr: {where}: {message}") and err.count("\n") == 1, err
    assert not [w for w in shown if "PIL" in w.filename or "Decompression" in str(w.message)]


def test_a_bomb_within_pillows_warning_range_is_never_decoded(tmp_path):
    bomb = claimed_png(tmp_path / "bomb.png", BOMB_SIDE, BOMB_SIDE)
    assert MAX_PIXELS < BOMB_SIDE ** 2 < 2 * MAX_PIXELS

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))

    done = subprocess.run([sys.executable, "-m", "ecarte.cli", "ocr", str(bomb)], cwd=ROOT, env=dict(os.environ),
                          capture_output=True, text=True, timeout=120, preexec_fn=limit_memory)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"ecarte ocr: {bomb}: image too large: more than 89,478,485 pixels (a decompression bomb?)\n"


def test_the_memory_limit_would_catch_a_decoded_bomb(tmp_path):
    """The limit above is tight enough: decoding that image under it fails."""
    bomb = claimed_png(tmp_path / "bomb.png", BOMB_SIDE, BOMB_SIDE)
    script = ("import warnings; from PIL import Image; "
              "warnings.simplefilter('ignore'); Image.open(__import__('sys').argv[1]).load()")
    done = subprocess.run([sys.executable, "-c", script, str(bomb)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT,) * 2))
    assert done.returncode != 0 and "MemoryError" in done.stderr


def test_mangled_images_are_input_errors(tmp_path):
    """Seeded corruptions of PNG, TIFF, JPEG and GIF files: each one reads or is an InputError."""
    image = Image.open(LINES)
    originals = []
    for form, extra in (("PNG", {}), ("TIFF", {"save_all": True, "append_images": [image]}), ("JPEG", {}), ("GIF", {})):
        buffer = io.BytesIO()
        (image.convert("L") if form == "JPEG" else image).save(buffer, form, **extra)
        originals.append(buffer.getvalue())
    rng = random.Random(8)
    outcomes = set()
    for n in range(300):
        data = bytearray(rng.choice(originals))
        if rng.random() < 0.5:
            data = data[:rng.randrange(len(data))]
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path = tmp_path / f"{n}.img"
        path.write_bytes(bytes(data))
        try:
            for source in page_sources([path], tmp_path):
                open_frame(source)
            outcomes.add("read")
        except InputError as error:
            assert str(error).startswith(f"{path}")
            outcomes.add("refused")
    assert outcomes == {"read", "refused"}


UNPRIVILEGED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] if os.geteuid() == 0 else []
"""Root reads and writes past any permission: the tests below drop that power, as the curator did."""

LOCKED_FOLDERS = {   # arguments ({locked}: a folder chmod 000, {readonly}: 555), the error
    "ocr image": (["ocr", "{locked}/p.png"], "ecarte ocr: {locked}/p.png: cannot reach: Permission denied"),
    "ocr --tsv": (["ocr", "--tsv", "{locked}/boxes", "{lines}"],
                  "ecarte ocr: {locked}/boxes: cannot reach: Permission denied"),
    "ocr --tei": (["ocr", "--tei", "{locked}/scan.xml", "{lines}"],
                  "ecarte ocr: {locked}/scan.xml: cannot reach: Permission denied"),
    "ocr --tei read-only": (["ocr", "--tei", "{readonly}/scan.xml", "--tsv", "{out}/tsv", "{lines}"],
                            "ecarte ocr: {readonly}/scan.xml: cannot write: Permission denied"),
    "ocr --alto read-only": (["ocr", "--tsv", "{out}/tsv", "--alto", "{readonly}/alto/deep", "{lines}"],
                             "ecarte ocr: {readonly}/alto/deep: cannot write: Permission denied"),
    "evaluate ocr": (["evaluate", "{gt}", "{locked}/x.txt"],
                     "ecarte evaluate: {locked}/x.txt: cannot reach: Permission denied"),
    "evaluate gt": (["evaluate", "{locked}/x.txt", "{gt}"],
                    "ecarte evaluate: {locked}/x.txt: cannot reach: Permission denied"),
    "evaluate folders": (["evaluate", "{locked}", "{out}"],
                         "ecarte evaluate: {locked}: cannot list the folder: Permission denied"),
}


@pytest.mark.parametrize("case", LOCKED_FOLDERS)
def test_a_folder_that_may_not_be_searched_or_written_is_one_line(case, tmp_path):
    """Refused in one line naming the file, before any page is read: nothing written to {out}."""
    arguments, message = LOCKED_FOLDERS[case]
    locked, readonly, out = tmp_path / "locked", tmp_path / "readonly", tmp_path / "out"
    for folder in (locked, readonly, out):
        folder.mkdir()
    (locked / "p.png").write_bytes(LINES.read_bytes())
    (locked / "x.txt").write_text("text\n", encoding="utf-8")
    (out / "x.txt").write_text("text\n", encoding="utf-8")
    (tmp_path / "gt.txt").write_text("text\n", encoding="utf-8")
    locked.chmod(0o000)
    readonly.chmod(0o555)
    names = {"locked": locked, "readonly": readonly, "out": out, "gt": tmp_path / "gt.txt", "lines": LINES}
    try:
        done = subprocess.run([*UNPRIVILEGED, sys.executable, "-m", "ecarte.cli",
                               *(a.format(**names) for a in arguments)],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
    finally:
        locked.chmod(0o755)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message.format(**names) + "\n")
    assert [path.name for path in out.iterdir()] == ["x.txt"]
