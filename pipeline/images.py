"""Image files and PDF pages opened within safe limits, for `ecarte ocr` and `ecarte witness add`.

Hostile files are refused before anything large is decoded or rendered: an image's size comes from
its header, a PDF's page sizes from pdfinfo, and a page that is empty, over `MAX_PIXELS` or larger
than Tesseract takes is an InputError naming the file, as is any file Pillow or poppler cannot read.
"""
from __future__ import annotations

import math
import os
import re
import struct
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from .errors import InputError

PDF_MAGIC = b"%PDF-"
"""How a PDF file begins."""
PDF_DPI = 300
POINTS_PER_INCH = 72
MAX_PIXELS = 89_478_485
"""Pillow's own decompression-bomb limit (0.25 GB as 24-bit RGB; a 600-dpi A3 scan has 70 million
pixels). Pillow only warns up to twice this; here a larger page is refused."""
MAX_SIDE = 32_767
"""The widest and tallest image Tesseract reads ("Image too large" beyond)."""
PDF_PAGE_BOX = re.compile(r"^Page\s+(\d+) MediaBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$", re.MULTILINE)
DECODING_ERRORS = (OSError, EOFError, ValueError, TypeError, SyntaxError, struct.error,
                   Image.DecompressionBombError, Image.DecompressionBombWarning)
"""What Pillow raises for a file it cannot decode (truncated, corrupt, lying about its size)."""


@dataclass(frozen=True)
class PageSource:
    """One page to OCR: the file given (`document`), its page number there, and the image to open."""

    document: Path
    number: int                     # 1-based page of `document`
    image: Path                     # `document` itself, or pdftoppm's rendering of a PDF page
    frame: int                      # the frame of `image` (a multi-page TIFF)
    label: str                      # the page for the user: its file, with [N] in a PDF or multi-page TIFF
    rendered_dpi: int | None = None  # a PDF page: the resolution pdftoppm rendered it at

    def reference(self, folder: Path) -> str:
        """The document's path for a file written in `folder`: relative to it unless given absolute."""
        if self.document.is_absolute():
            return self.document.as_posix()
        return Path(os.path.relpath(self.document.absolute(), folder.absolute())).as_posix()


def check_size(width: int, height: int, where: object, what: str = "image") -> None:
    """An InputError unless a page of `width`×`height` pixels is one Tesseract can be given."""
    if width < 1 or height < 1:
        raise InputError(f"empty {what} ({width}×{height} pixels)", where)
    if width * height > MAX_PIXELS:
        raise InputError(f"{what} too large: {width}×{height} pixels, more than {MAX_PIXELS:,} "
                         "(a decompression bomb?)", where)
    if max(width, height) > MAX_SIDE:
        raise InputError(f"{what} too {'wide' if width > height else 'tall'}: {width}×{height} pixels, "
                         f"Tesseract reads at most {MAX_SIDE} a side", where)


def _reason(error: Exception, said: list[str] | None = None) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, UnidentifiedImageError):
        return "not a readable image (PNG, TIFF, JPEG or PDF expected)"
    return f"unreadable image: {(said or [None])[-1] or getattr(error, 'strerror', None) or error}"


@contextmanager
def _decoders_stderr() -> Iterator[list[str]]:
    """The lines C decoders (libtiff) write straight to stderr meanwhile, kept off the terminal:
    an error's last line goes into its message, a warning about a page that decodes is dropped."""
    sys.stderr.flush()
    saved = os.dup(2)
    said: list[str] = []
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield said
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            said.extend(line.strip() for line in sink.read().decode(errors="replace").splitlines() if line.strip())


@contextmanager
def _opened(path: Path, where: str) -> Iterator[Image.Image]:
    """The image with only its header read; one over Pillow's bomb limit is an error, not a warning.
    Pillow's other warnings (corrupt EXIF and such) are about metadata, not pixels: not shown."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(path)
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise InputError(f"image too large: more than {MAX_PIXELS:,} pixels (a decompression bomb?)",
                             where) from None
        except DECODING_ERRORS as error:
            raise InputError(_reason(error), where) from None
        with image:
            yield image


def open_frame(source: PageSource) -> Image.Image:
    """The page's image, fully decoded and turned as its EXIF Orientation says (a camera's or
    phone's JPEG is often stored sideways), or an InputError naming its file."""
    with _opened(source.image, source.label) as image:
        try:
            with _decoders_stderr() as said:
                image.seek(source.frame)
                check_size(image.width, image.height, source.label)
                image.load()
                frame = ImageOps.exif_transpose(image)     # upright, as viewers show it
        except DECODING_ERRORS as error:
            raise InputError(_reason(error, said), source.label) from None
        frame.info = dict(image.info)
        return frame


def image_pages(path: Path) -> list[PageSource]:
    """Each frame of an image file (a multi-page TIFF has several), its size read from its header."""
    with _opened(path, str(path)) as image:
        check_size(image.width, image.height, path)
        try:
            frames = getattr(image, "n_frames", 1)
        except DECODING_ERRORS as error:
            raise InputError(_reason(error), path) from None
    if frames == 1:
        return [PageSource(path, 1, path, 0, str(path))]
    return [PageSource(path, i + 1, path, i, f"{path}[{i + 1}]") for i in range(frames)]


def poppler(tool: str, args: list[str], path: Path) -> str:
    """A poppler-utils tool's output, or an InputError with its last complaint."""
    done = subprocess.run([tool, *args], capture_output=True, text=True, errors="replace")
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or [f"{tool} exit status {done.returncode}"])[-1]
        raise InputError(f"unreadable PDF: {reason}", path)
    return done.stdout


def pdf_page_sizes(path: Path) -> list[tuple[int, int]]:
    """Each page's size in pixels once rendered at PDF_DPI, from pdfinfo's media boxes (nothing rendered)."""
    info = poppler("pdfinfo", ["-box", "-f", "1", "-l", str(2**31 - 1), str(path)], path)
    sizes = []
    for match in PDF_PAGE_BOX.finditer(info):
        x0, y0, x1, y1 = map(float, match.groups()[1:])
        sizes.append((math.ceil(abs(x1 - x0) * PDF_DPI / POINTS_PER_INCH),
                      math.ceil(abs(y1 - y0) * PDF_DPI / POINTS_PER_INCH)))
    if not sizes:
        raise InputError("PDF without pages", path)
    return sizes
