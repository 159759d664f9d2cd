"""The pages of the input files: images (each frame of a multi-page TIFF) and PDF pages via pdftoppm,
each checked as pipeline/images.py checks them before anything large is decoded or rendered.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from stat import S_ISREG

from ...errors import InputError
from ...files import path_status
from ...images import PDF_DPI, PDF_MAGIC, PageSource, check_size, image_pages, pdf_page_sizes, poppler

POPPLER_TOOLS = ("pdfinfo", "pdftoppm")


def _pdf_pages(path: Path, prefix: Path) -> list[PageSource]:
    missing = [tool for tool in POPPLER_TOOLS if shutil.which(tool) is None]
    if missing:
        raise InputError(f"PDF needs poppler-utils ({', '.join(missing)}); install it or give page images", path)
    sizes = pdf_page_sizes(path)
    for number, (width, height) in enumerate(sizes, 1):
        check_size(width, height, f"{path}[{number}]", f"page at {PDF_DPI} dpi")
    poppler("pdftoppm", ["-r", str(PDF_DPI), "-gray", "-png", str(path), str(prefix)], path)
    pages = sorted(prefix.parent.glob(f"{prefix.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if len(pages) != len(sizes):
        raise InputError(f"unreadable PDF: pdftoppm rendered {len(pages)} of its {len(sizes)} pages", path)
    return [PageSource(path, i, page, 0, f"{path}[{i}]", PDF_DPI) for i, page in enumerate(pages, 1)]


def page_sources(paths: list[Path], workdir: Path) -> list[PageSource]:
    """All pages of the given files in order; PDF pages are rendered into `workdir`."""
    sources: list[PageSource] = []
    for n, path in enumerate(paths):
        status = path_status(path)
        if status is None or not S_ISREG(status.st_mode):
            raise InputError("no such file" if status is None else "not a file", path)
        if status.st_size == 0:
            raise InputError("empty file", path)
        sources += _pdf_pages(path, workdir / f"{n}-page") if _is_pdf(path) else image_pages(path)
    return sources


def _is_pdf(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return file.read(len(PDF_MAGIC)) == PDF_MAGIC
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", path) from None
