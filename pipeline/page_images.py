"""The page images of a facsimile TEI as `ecarte witness add` takes them: each file read once and
checked to be what was OCR'd (an image, or a PDF, whose page has its surface's size in pixels),
with the name of its copy under corpus/sources/ and its sha256 for the catalogue's
[SIGLUM.images] table, which the build checks (pipeline/sources.py).

Images are opened as `ecarte ocr` opens them (pipeline/images.py): Pillow within
its decompression-bomb limit, a PDF's page sizes from pdfinfo at the resolution OCR renders it.
"""
from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote, urlparse

from lxml import etree

from .errors import InputError
from .facsimile import T, WHOLE, box_of
from .images import PDF_DPI, PDF_MAGIC, PageSource, open_frame, pdf_page_sizes

IMAGES = ".pages"
"""A facsimile witness's page images are copied to corpus/sources/SIGLUM.pages/."""


@dataclass(frozen=True)
class PageImage:
    """A page image file as given, the name of its copy under corpus/sources/, its sha256, and
    whether it is a PDF (whose pages pdfinfo measures) rather than an image Pillow opens."""

    file: Path
    copy: str
    sha256: str
    pdf: bool


def images_to_copy(root: etree._Element, path: Path, siglum: str) -> tuple[PageImage, ...]:
    """Each page image of the TEI read from `path`, checked against its surface, its address in
    `root` made that of its copy (SIGLUM.pages/NNNN-NAME, one copy per file); an image that is
    not there is an InputError at its graphic's line. Web addresses are kept as they are."""
    images: dict[Path, PageImage] = {}
    pdf_sizes: dict[Path, list[tuple[int, int]]] = {}
    for graphic in root.iter(f"{T}graphic"):
        url = graphic.get("url", "")
        if not url or urlparse(url).scheme:
            continue
        file = (path.parent / unquote(url)).resolve()
        if not file.is_file():
            raise InputError(f"the page image {url} is not there (it is read relative to the "
                             f"TEI file's folder)", path, graphic.sourceline)
        if file not in images:
            images[file] = _read(file, f"{siglum}{IMAGES}/{len(images) + 1:04d}-{file.name}")
        image = images[file]
        if graphic.getparent().tag == f"{T}surface":
            _check_size(image, _page_number(graphic, path), graphic.getparent(), path, pdf_sizes)
        graphic.set("url", quote(image.copy))
    return tuple(images.values())


def _read(file: Path, copy: str) -> PageImage:
    """A page image file's checksum and kind (PDF or image)."""
    try:
        data = file.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the page image: {error.strerror}", file) from None
    return PageImage(file, copy, hashlib.sha256(data).hexdigest(), data.startswith(PDF_MAGIC))


def _page_number(graphic: etree._Element, path: Path) -> int:
    """The page of its file a graphic shows (@n: a PDF's page, a TIFF's frame; 1 if not given)."""
    n = graphic.get("n", "1")
    if not WHOLE.fullmatch(n) or int(n) < 1:
        raise InputError(f"graphic/@n {n!r} is not a page number (1 for the file's first page)",
                         path, graphic.sourceline)
    return int(n)


def _pdf_sizes(file: Path) -> list[tuple[int, int]]:
    """A PDF's page sizes in pixels at the resolution `ecarte ocr` renders it (pdfinfo)."""
    if shutil.which("pdfinfo") is None:
        raise InputError("a PDF page image needs pdfinfo (Debian package poppler-utils) to tell its "
                         "page sizes", file)
    return pdf_page_sizes(file)


def _check_size(image: PageImage, page: int, surface: etree._Element, path: Path,
                pdf_sizes: dict[Path, list[tuple[int, int]]]) -> None:
    """Refuse a page whose size in pixels is not its surface's: it is not the page that was OCR'd
    (a PDF's page is measured as `ecarte ocr` renders it, an image's frame decoded in full)."""
    label = f"{image.file}[{page}]" if image.pdf or page > 1 else str(image.file)
    if image.pdf:
        if image.file not in pdf_sizes:
            pdf_sizes[image.file] = _pdf_sizes(image.file)
        sizes = pdf_sizes[image.file]
        if page > len(sizes):
            raise InputError(f"no such page: the PDF has {len(sizes)} page{'s' * (len(sizes) > 1)}",
                             label)
        size, measured = sizes[page - 1], f" rendered at {PDF_DPI} dpi"
    else:
        size, measured = open_frame(PageSource(image.file, page, image.file, page - 1, label)).size, ""
    ulx, uly, lrx, lry = map(int, box_of(surface, path))
    if size != (lrx - ulx, lry - uly):
        raise InputError(f"{size[0]}×{size[1]} pixels{measured}, but its surface in {path.name} (line "
                         f"{surface.sourceline}) is {lrx - ulx}×{lry - uly}: not the page image "
                         f"that was OCR'd", label)
