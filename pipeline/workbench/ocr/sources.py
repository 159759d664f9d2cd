"""The pages of the input files: images (each frame of a multi-page TIFF) and PDF pages via pdftoppm."""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from ...errors import InputError

PDF_DPI = 300


@dataclass(frozen=True)
class PageSource:
    """Where one page's image is: a file and a frame in it; `label` names it for the user."""

    path: Path
    frame: int
    label: str


def _reason(error: Exception) -> str:
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, UnidentifiedImageError):
        return "not a readable image (PNG, TIFF, JPEG or PDF expected)"
    return f"unreadable image: {getattr(error, 'strerror', None) or error}"


def open_frame(source: PageSource) -> Image.Image:
    """The page's image, fully decoded, or an InputError naming its file."""
    try:
        with Image.open(source.path) as image:
            image.seek(source.frame)
            image.load()
            frame = image.copy()
            frame.info = dict(image.info)
            return frame
    except (OSError, UnidentifiedImageError, EOFError, ValueError) as error:
        raise InputError(_reason(error), source.label) from None


def _image_pages(path: Path) -> list[PageSource]:
    try:
        with Image.open(path) as image:
            frames = getattr(image, "n_frames", 1)
    except (OSError, UnidentifiedImageError) as error:
        raise InputError(_reason(error), path) from None
    if frames == 1:
        return [PageSource(path, 0, str(path))]
    return [PageSource(path, i, f"{path}[{i + 1}]") for i in range(frames)]


def _pdf_pages(path: Path, prefix: Path) -> list[PageSource]:
    if shutil.which("pdftoppm") is None:
        raise InputError("PDF needs poppler-utils (pdftoppm); install it or give page images", path)
    done = subprocess.run(["pdftoppm", "-r", str(PDF_DPI), "-gray", "-png", str(path), str(prefix)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or [f"pdftoppm exit status {done.returncode}"])[-1]
        raise InputError(f"unreadable PDF: {reason}", path)
    pages = sorted(prefix.parent.glob(f"{prefix.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [PageSource(page, 0, f"{path}[{i + 1}]") for i, page in enumerate(pages)]


def page_sources(paths: list[Path], workdir: Path) -> list[PageSource]:
    """All pages of the given files in order; PDF pages are rendered into `workdir`."""
    sources: list[PageSource] = []
    for n, path in enumerate(paths):
        if not path.is_file():
            raise InputError("no such file" if not path.exists() else "not a file", path)
        sources += _pdf_pages(path, workdir / f"{n}-page") if _is_pdf(path) else _image_pages(path)
    return sources


def _is_pdf(path: Path) -> bool:
    with path.open("rb") as file:
        return file.read(5) == b"%PDF-"
