"""The OCR of a run of pages as one TEI P5 document: the page images as a facsimile, the text linked to it.

Following TEI P5 §11.1 (digital facsimiles) with the text embedded as usual, not a `sourceDoc`:
each page is a `surface` (`@ulx @uly @lrx @lry` its size in pixels) holding a `graphic` of its file
and one `zone type="line"` per text line, boxed as Tesseract found it on the original image. In
the `body`, `pb @n @facs` begins each page (n: its place in the run, not a printed number) and
`lb @n @facs` each line, pointing to the line's zone, as the corpus's `lb` begins each line; the
line's text is a `seg type="line"` whose `@cert` is Tesseract's mean word confidence (0–1).
Tesseract's paragraphs are `p`. A file valid against schema/ecarte-tei.rng, hence TEI (tei_all),
and its Schematron, which wants the file's name (less .xml) to be the root's xml:id and a siglum.
"""
from __future__ import annotations

import re
import unicodedata
from itertools import groupby
from pathlib import Path
from urllib.parse import quote

import langcodes
import pytesseract
from lxml import etree

from ... import __version__
from ...tei.xml import XML_ID, XML_LANG, el
from ...errors import InputError
from ...facsimile import SUFFIX as FACSIMILE_SUFFIX
from ...images import PDF_DPI
from ...model import SIGLUM
from . import Page
from .preprocess import in_words

UNDETERMINED = "und"
"""BCP 47 for a Tesseract model that is no language (osd, equ)."""


def document_id(path: Path) -> str:
    """The root's xml:id: the file's name less `.xml`, which must be a siglum, or an InputError
    suggesting one. The project's Schematron wants the id to be a siglum and the file's name
    (`ecarte validate`), and `ecarte witness add` reads only a file ending in .xml as this TEI."""
    if path.suffix == FACSIMILE_SUFFIX and SIGLUM.match(path.stem):
        return path.stem
    raise InputError(f"--tei FILE must be named SIGLUM{FACSIMILE_SUFFIX} (SIGLUM: lowercase letters and "
                     "digits, parts joined by '-', a letter first), as the TEI's xml:id is its name and a "
                     f"siglum: try {path.with_name(suggested_name(path)).as_posix()!r}", path)


def suggested_name(path: Path) -> str:
    """A usable name for a TEI file: its name's letters and digits, accents dropped, lowercase, joined by '-'."""
    stem = path.stem if path.suffix.lower() == FACSIMILE_SUFFIX else path.name
    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore")
    ident = "-".join(re.findall(r"[a-z0-9]+", plain.decode().lower()))
    return ("-".join(filter(None, ("ocr", ident))) if not ident[:1].isalpha() else ident) + FACSIMILE_SUFFIX


def language_tags(lang: str) -> dict[str, list[str]]:
    """Tesseract's models (`hun+deu_latf`) by the BCP 47 tag of their language, in order."""
    tags: dict[str, list[str]] = {}
    for model in lang.split("+"):
        code = model.split("_")[0]
        tag = langcodes.standardize_tag(code) if langcodes.Language.get(code).is_valid() else UNDETERMINED
        tags.setdefault(tag, []).append(model)
    return tags


def tei_document(pages: list[Page], path: Path, lang: str) -> bytes:
    """The TEI file to be written at `path`: header, facsimile and text of the pages in order."""
    ident = document_id(path)
    tags = language_tags(lang)
    surfaces, body = [], []
    for number, page in enumerate(pages, 1):
        surface = f"{ident}.page{number}"
        zones = [f"{surface}.line{n}" for n in range(1, len(page.lines) + 1)]
        surfaces.append(_surface(page, number, surface, zones, path.parent))
        body.append(el("pb", {"n": str(number), "facs": f"#{surface}"}))
        lines = enumerate(zip(page.lines, zones), 1)
        for _, paragraph in groupby(lines, key=lambda item: item[1][0].paragraph):
            body.append(el("p", {}, *_lines(paragraph)))
    if not any(page.lines for page in pages):
        body.append(el("p"))               # TEI wants a block in the body even when no page has text
    root = el("TEI", {XML_ID: ident, XML_LANG: next(iter(tags))},
              _header(pages, tags),
              el("facsimile", {}, *surfaces),
              el("text", {}, el("body", {}, *body)))
    etree.cleanup_namespaces(root)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)


def _surface(page: Page, number: int, ident: str, zones: list[str], folder: Path) -> etree._Element:
    origin = page.origin
    graphic = el("graphic", {"url": quote(origin.reference(folder)), "n": str(origin.number)})
    boxes = [el("zone", {XML_ID: zone, "type": "line", **_corners(line.bbox)})
             for zone, line in zip(zones, page.lines)]
    return el("surface", {XML_ID: ident, "n": str(number), **_corners((0, 0, page.width, page.height))},
              graphic, *boxes)


def _corners(box: tuple[int, int, int, int]) -> dict[str, str]:
    return dict(zip(("ulx", "uly", "lrx", "lry"), map(str, box)))


def _lines(paragraph) -> list[etree._Element]:
    out = []
    for n, (line, zone) in paragraph:
        out.append(el("lb", {"n": str(n), "facs": f"#{zone}"}))
        out.append(el("seg", {"type": "line", "cert": f"{min(max(line.conf / 100, 0.0), 1.0):.2f}"},
                      text=line.text))
    return out


def _header(pages: list[Page], tags: dict[str, list[str]]) -> etree._Element:
    documents: dict[Path, list[Page]] = {}
    for page in pages:
        documents.setdefault(page.origin.document, []).append(page)
    file_desc = el("fileDesc", {},
                   el("titleStmt", {}, el("title", {}, text=f"OCR of {', '.join(map(str, documents))}")),
                   el("publicationStmt", {}, _p("Unpublished: Tesseract's reading as ecarte ocr wrote it, "
                                                "checked by no one.")),
                   el("sourceDesc", {}, _p(f"The page images: {'; '.join(_listed(d, run) for d, run in documents.items())}. "
                                           "A surface's coordinates are pixels of its page image (of a PDF "
                                           "page, of its rendering).")))
    editorial = el("editorialDecl", {},
                   el("correction", {}, _p("None: the text is what Tesseract read.")),
                   el("hyphenation", {"eol": "all"}, _p("Line-end hyphens are kept as Tesseract read them.")),
                   el("segmentation", {}, _p("Pages, paragraphs (p) and lines (lb, seg) are Tesseract's; "
                                             "pb/@n numbers the page images of the run in order, lb/@n "
                                             "the lines of a page.")),
                   el("interpretation", {}, _p("seg/@cert is the mean of Tesseract's word confidences on "
                                               "the line, from 0 to 1.")))
    modes = sorted({page.psm for page in pages})
    settings = (f"models {', '.join(sum(tags.values(), []))}, page segmentation mode"
                f"{'s' * (len(modes) > 1)} {', '.join(map(str, modes))}; {_preparations(pages)}")
    applications = el("appInfo", {},
                      el("application", {"ident": "tesseract",
                                         "version": pytesseract.get_tesseract_version().base_version},
                         el("label", {}, text="Tesseract"), el("desc", {}, text=settings)),
                      el("application", {"ident": "ecarte", "version": __version__},
                         el("label", {}, text="ecarte ocr")))
    languages = el("langUsage", {}, *(el("language", {"ident": tag}, text=f"Tesseract {', '.join(models)}")
                                      for tag, models in tags.items()))
    return el("teiHeader", {}, file_desc, el("encodingDesc", {}, editorial, applications),
              el("profileDesc", {}, languages))


def _preparations(pages: list[Page]) -> str:
    """What was done to each page image before Tesseract, pages done alike together: "page images
    made grayscale", or "page images: pages 1–3, 5 unchanged; page 4 made grayscale, scaled ×2.5"."""
    numbers: dict[tuple[str, ...], list[int]] = {}
    for number, page in enumerate(pages, 1):
        numbers.setdefault(page.preparation, []).append(number)
    if len(numbers) == 1:
        return f"page images {in_words(next(iter(numbers)))}"
    return "page images: " + "; ".join(f"{page_numbers(run)} {in_words(steps)}" for steps, run in numbers.items())


def page_numbers(numbers: list[int]) -> str:
    """Ascending page numbers in words, runs as ranges: "page 4", "pages 1–3, 5"."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    listed = ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)
    return f"page{'s' * (len(numbers) > 1)} {listed}"


def _listed(document: Path, pages: list[Page]) -> str:
    rendered = f", rendered at {PDF_DPI} dpi by pdftoppm" if pages[0].origin.rendered_dpi else ""
    return f"{document} ({len(pages)} page{'s' * (len(pages) > 1)}{rendered})"


def _p(text: str) -> etree._Element:
    return el("p", {}, text=text)
