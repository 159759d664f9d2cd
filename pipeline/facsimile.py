"""A source made from page images: the TEI that `ecarte ocr --tei` writes, read back as a text
to segment and as the facsimile its lines point to.

The text is one line per OCR line (`lb`/`seg`), a blank line between Tesseract's paragraphs and
between pages, so every segmenter reads it as it reads a plain file; `zones` maps each of its
line numbers to the zone the line was read from. The published witness keeps the page images
as its own `facsimile`, ids renamed into its siglum (SIGLUM.pageN, SIGLUM.pageN.lineM).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import unquote, urlparse

from lxml import etree

from .errors import InputError
from .model import Unit
from .sources import Ocr
from .tei.xml import TEI_NS, XML_ID, el

T = f"{{{TEI_NS}}}"
WHOLE = re.compile(r"[0-9]+")
SUFFIX = ".xml"
"""A witness's source with this suffix is a facsimile TEI, any other a plain text."""
TESSERACT = "tesseract"
"""The ident of the application `ecarte ocr --tei` names Tesseract by in its header's appInfo."""
TESSERACT_SETTINGS = re.compile(r"^models (?P<models>.+?), page segmentation modes? "
                                r"(?P<psm>[0-9]+(?:, [0-9]+)*)(?:[,;] |$)")
"""How that application's desc states the models and page segmentation modes (the words of
pipeline/workbench/ocr/facsimile.py: "models hun, deu, page segmentation mode 4; page images …")."""


@dataclass(frozen=True)
class Surface:
    """One page image: its id in the published witness, its number in the run, its size and file."""

    id: str
    n: str
    box: tuple[str, str, str, str]          # ulx, uly, lrx, lry
    url: str                                # the image, relative to the source file's folder
    image_n: str | None                     # its page in a file of several (a PDF, a TIFF)
    zones: tuple[tuple[str, tuple[str, str, str, str]], ...]     # (id, box) of each line


@dataclass(frozen=True)
class Facsimile:
    """A facsimile source as text lines and the page images they were read from."""

    text: str
    zones: dict[int, str]                   # text line number (1-based) → zone id
    surfaces: tuple[Surface, ...]

    @property
    def local_images(self) -> set[str]:
        """The files of its page images, as addresses relative to the source's folder (web
        addresses left out)."""
        return {unquote(s.url) for s in self.surfaces if not urlparse(s.url).scheme}

    def page_of(self, zone: str) -> Surface:
        """The page image a zone lies on."""
        return next(s for s in self.surfaces if zone.startswith(s.id + "."))

    def element(self) -> etree._Element:
        """The witness's `facsimile`: a surface per page, a zone per line; the images' addresses
        made relative to corpus/tei/ (the sources' folder is its sibling)."""
        return el("facsimile", {}, *(
            el("surface", {XML_ID: s.id, "n": s.n, **_corners(s.box)},
               el("graphic", {"url": s.url if urlparse(s.url).scheme else f"../sources/{s.url}",
                              "n": s.image_n}),
               *(el("zone", {XML_ID: z, "type": "line", **_corners(box)}) for z, box in s.zones))
            for s in self.surfaces))


def is_facsimile(path: Path) -> bool:
    """Whether a source file is a facsimile TEI (by its suffix)."""
    return path.suffix == SUFFIX


def parse_tei(data: bytes, path: Path) -> etree._Element:
    """A TEI file's root (no entity resolved, nothing fetched), or an InputError at its line."""
    try:
        return etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as error:
        raise InputError(f"not well-formed XML: {error.msg}", path, error.lineno) from None


def read_facsimile(data: bytes, path: Path, siglum: str) -> Facsimile:
    """The text and page images of an `ecarte ocr --tei` file, ids renamed into `siglum`; anything
    else is an InputError naming the file and line."""
    root = parse_tei(data, path)
    if root.tag != f"{T}TEI" or root.find(f"{T}facsimile") is None:
        raise InputError("not a facsimile TEI (a TEI root with a facsimile, as `ecarte ocr --tei` "
                         "writes it)", path, root.sourceline)
    surfaces, renamed = _surfaces(root, path, siglum)
    lines: list[str] = []
    zones: dict[int, str] = {}
    body = root.find(f"{T}text/{T}body")
    for block in (body if body is not None else ()):
        if block.tag == f"{T}lb":
            raise InputError("a line must stand in a paragraph (p)", path, block.sourceline)
        if block.tag == f"{T}pb" or not len(block):
            continue
        if lines:
            lines.append("")
        for lb in block.iter(f"{T}lb"):
            seg = lb.getnext()
            text = " ".join((seg.text or "").split()) if seg is not None and seg.tag == f"{T}seg" else ""
            zone = renamed.get(lb.get("facs", "").removeprefix("#"))
            if zone is None:
                raise InputError("a line's lb must name a zone of the facsimile with @facs",
                                 path, lb.sourceline)
            if zone in zones.values():
                raise InputError(f"two lines name the same zone {lb.get('facs')}", path, lb.sourceline)
            if not text:
                raise InputError("a line's lb must be followed by its seg holding the text as "
                                 "plain text", path, lb.sourceline)
            lines.append(text)
            zones[len(lines)] = zone
    if not zones:
        raise InputError("the facsimile TEI holds no line of text", path)
    return Facsimile("\n".join(lines) + "\n", zones, surfaces)


def _surfaces(root: etree._Element, path: Path, siglum: str) -> tuple[tuple[Surface, ...], dict[str, str]]:
    """The surfaces under their new ids, and each old zone id's new one."""
    surfaces, renamed = [], {}
    for k, surface in enumerate(root.iter(f"{T}surface"), 1):
        graphic = surface.find(f"{T}graphic")
        if graphic is None or not graphic.get("url"):
            raise InputError("a surface needs a graphic with the page image's url", path, surface.sourceline)
        ident = f"{siglum}.page{k}"
        zones = []
        for m, zone in enumerate(surface.iter(f"{T}zone"), 1):
            zones.append((f"{ident}.line{m}", box_of(zone, path)))
            renamed[zone.get(XML_ID)] = zones[-1][0]
        surfaces.append(Surface(ident, surface.get("n") or str(k), box_of(surface, path),
                                graphic.get("url"), graphic.get("n"), tuple(zones)))
    return tuple(surfaces), renamed


def box_of(element: etree._Element, path: Path) -> tuple[str, str, str, str]:
    """A surface's or zone's corners (ulx, uly, lrx, lry), whole pixels, or an InputError at its line."""
    box = tuple(element.get(a, "") for a in ("ulx", "uly", "lrx", "lry"))
    if not all(WHOLE.fullmatch(v) for v in box):
        raise InputError(f"a {etree.QName(element).localname} needs whole-pixel ulx, uly, lrx, lry",
                         path, element.sourceline)
    return box


def recorded_ocr(root: etree._Element, path: Path) -> Ocr | None:
    """The OCR an `ecarte ocr --tei` file's header records (appInfo): Tesseract's version, models
    and page segmentation modes, its settings in words as the evidence; None where it names no
    Tesseract. A Tesseract whose settings are not stated as `ecarte ocr` states them is refused."""
    application = root.find(f"{T}teiHeader/{T}encodingDesc/{T}appInfo/{T}application[@ident='{TESSERACT}']")
    if application is None:
        return None
    settings = " ".join(application.findtext(f"{T}desc", "").split())
    stated = TESSERACT_SETTINGS.match(settings)
    if stated is None:
        raise InputError(f"the {TESSERACT} application's desc does not state the models and page "
                         f"segmentation mode as `ecarte ocr --tei` does ('models hun, page "
                         f"segmentation mode 4')", path, application.sourceline)
    engine = " ".join(application.findtext(f"{T}label", "").split()) or TESSERACT
    version = application.get("version")
    named = f"{engine} {version}" if version else engine
    return Ocr(engine, "+".join(stated["models"].split(", ")),
               f"Stated in the header of {path.name}, as `ecarte ocr --tei` wrote it: {named}, {settings}.",
               version, tuple(int(mode) for mode in stated["psm"].split(", ")))


def _corners(box: tuple[str, str, str, str]) -> dict[str, str]:
    return dict(zip(("ulx", "uly", "lrx", "lry"), box))


def link_lines(units: Iterable[Unit], facsimile: Facsimile) -> None:
    """Point every line of the units to the zone it was read from, and begin a page where the
    line lies on another page image than the line before it (the first line opens page 1)."""
    page: Surface | None = None
    for top in units:
        for unit in top.walk():
            linked = []
            for line in unit.lines:
                zone = facsimile.zones[line.source_line]
                on = facsimile.page_of(zone)
                linked.append(replace(line, facs=zone, page_break_before=on is not page))
                page = on
            unit.lines = linked
