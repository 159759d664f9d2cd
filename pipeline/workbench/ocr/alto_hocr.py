"""Tesseract's own ALTO and hOCR made to refer to the original page image.

Tesseract reads the prepared image (grayscale, maybe scaled and deskewed: preprocess.py), so its
renderers give boxes in that image's pixels. Each box is mapped back with `Prepared.to_original`,
as the TSV boxes are (under a deskew, the upright box around the turned one), the page's size and
file become the original's, and the file says so: ALTO in pre- and post-processing steps of its
`OCRProcessing`, hOCR in two `meta` elements. Text, structure and confidences stay Tesseract's.
"""
from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from lxml import etree

from ... import __version__
from .preprocess import Prepared, Steps, applied_steps, in_words
from .recognize import Box

PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
XHTML_NS = "http://www.w3.org/1999/xhtml"
HTML_VOID = frozenset({"meta", "link", "br", "hr", "img"})
HOCR_IMAGE = re.compile(r'image\s+"(?:[^"\\]|\\.)*"')


@dataclass(frozen=True)
class ImageOrigin:
    """The original page image that remapped coordinates refer to."""

    reference: str            # its file, as a path from the folder the output is written to
    page: int                 # 1-based page of that file
    dpi: float | None         # its resolution where recorded
    rendered_dpi: int | None  # a PDF page: the resolution pdftoppm rendered it at

    def describe(self) -> str:
        """The image in words, for a file's metadata."""
        if self.rendered_dpi:
            return f"page {self.page} of {self.reference} rendered at {self.rendered_dpi} dpi by pdftoppm"
        return f"{self.reference}, page {self.page}" if self.page > 1 else self.reference


def preparation(prepared: Prepared, steps: Steps) -> str:
    """What was done to the original to make Tesseract's input, as a sentence."""
    return f"Tesseract read the page image {in_words(applied_steps(prepared, steps))}."


def mapping(origin: ImageOrigin) -> str:
    """How the coordinates were brought back to the original, in words."""
    return (f"Coordinates are pixels of {origin.describe()}: ecarte {__version__} mapped each of "
            "Tesseract's boxes back onto it (under a deskew, the upright box around the turned one).")


def remap_alto(document: bytes, prepared: Prepared, steps: Steps, origin: ImageOrigin) -> bytes:
    """Tesseract's ALTO with every position in original-image pixels and the mapping recorded."""
    root = etree.fromstring(document, PARSER)
    ns = etree.QName(root).namespace
    q = lambda *names: "/".join(f"{{{ns}}}{name}" for name in names)
    for element in root.iter(etree.Element):
        if element.get("HPOS") is not None and element.get("VPOS") is not None:
            left, top = round(float(element.get("HPOS"))), round(float(element.get("VPOS")))
            right = left + round(float(element.get("WIDTH", "0")))
            bottom = top + round(float(element.get("HEIGHT", "0")))
            left, top, right, bottom = prepared.to_original((left, top, right, bottom))
            element.set("HPOS", str(left))
            element.set("VPOS", str(top))
            for name, value in (("WIDTH", right - left), ("HEIGHT", bottom - top)):
                if element.get(name) is not None:
                    element.set(name, str(value))
    for page in root.iter(q("Page")):
        page.set("WIDTH", str(prepared.size[0]))
        page.set("HEIGHT", str(prepared.size[1]))
        page.set("PHYSICAL_IMG_NR", str(origin.page))
    root.find(q("Description", "sourceImageInformation", "fileName")).text = origin.reference
    processing = root.find(q("Description", "OCRProcessing"))
    processing.insert(0, _alto_step(q, "preProcessingStep", preparation(prepared, steps)))
    processing.append(_alto_step(q, "postProcessingStep", mapping(origin)))
    etree.indent(root, space="\t")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8") + b"\n"


def _alto_step(q: Callable[..., str], kind: str, description: str) -> etree._Element:
    """An ALTO processing step of ecarte's (`kind`: preProcessingStep or postProcessingStep)."""
    step = etree.Element(q(kind))
    etree.SubElement(step, q("processingStepDescription")).text = description
    program = etree.SubElement(step, q("processingSoftware"))
    etree.SubElement(program, q("softwareName")).text = "ecarte"
    etree.SubElement(program, q("softwareVersion")).text = __version__
    return step


def remap_hocr(document: bytes, prepared: Prepared, steps: Steps, origin: ImageOrigin) -> bytes:
    """Tesseract's hOCR with every bbox, baseline and font size in original-image pixels."""
    tree = etree.ElementTree(etree.fromstring(document, PARSER))
    for element in tree.iter(etree.Element):
        title = element.get("title")
        if title is not None and "ocr" in (element.get("class") or ""):
            element.set("title", _hocr_title(title, prepared, origin))
    head = tree.find(f"{{{XHTML_NS}}}head")
    for name, content in (("ecarte-preparation", preparation(prepared, steps)),
                          ("ecarte-coordinates", mapping(origin))):
        etree.SubElement(head, f"{{{XHTML_NS}}}meta", name=name, content=content)
    etree.indent(head, space=" ", level=1)
    root = copy.deepcopy(tree.getroot())   # apart from its DTD: libxml2 rewrites XHTML (adds xml:lang)
    for element in root.iter(etree.Element):
        if element.text is None and not len(element) and etree.QName(element).localname not in HTML_VOID:
            element.text = ""                  # <title></title>, not <title/>, which HTML misreads
    html = etree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{tree.docinfo.doctype}\n{html}\n'.encode()


def _hocr_title(title: str, prepared: Prepared, origin: ImageOrigin) -> str:
    """One element's hOCR properties (`name value…; …`) with the geometric ones remapped."""
    image = HOCR_IMAGE.search(title) is not None
    properties = [p.split(None, 1) for p in HOCR_IMAGE.sub("", title).split(";") if p.strip()]
    values = {name: (rest[0] if rest else "") for name, *rest in properties}
    out: list[str] = []
    if image:
        quoted = origin.reference.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'image "{quoted}"')
    box = tuple(map(int, values["bbox"].split())) if "bbox" in values else None
    mapped = prepared.to_original(box) if box else None
    for name, value in values.items():
        if name == "bbox":
            value = " ".join(map(str, mapped))
        elif name == "baseline" and box:
            value = _baseline(value, box, mapped, prepared)
        elif name in ("x_size", "x_descenders", "x_ascenders"):
            value = _number(float(value) / prepared.scale)
        elif name == "ppageno":
            value = str(origin.page - 1)
        elif name == "scan_res":
            if not origin.dpi:
                continue
            value = f"{_number(origin.dpi)} {_number(origin.dpi)}"
        out.append(f"{name} {value}".strip())
    return "; ".join(out)


def _baseline(value: str, box: Box, mapped: Box, prepared: Prepared) -> str:
    """hOCR's `baseline slope offset` (from the box's bottom left) moved onto the original image:
    the slope turned back by the deskew angle, the offset from the mapped point of the baseline."""
    slope, offset = map(float, value.split())
    turn = math.radians(prepared.angle)
    slope = (math.sin(turn) + slope * math.cos(turn)) / (math.cos(turn) - slope * math.sin(turn))
    x, y, _, _ = prepared.to_original((box[0], box[3] + offset) * 2)
    return f"{_number(slope, 3)} {_number(y + slope * (mapped[0] - x) - mapped[3], 3)}"


def _number(value: float, digits: int = 2) -> str:
    """A number as hOCR writes it: rounded, no trailing zeros, no minus zero."""
    return f"{round(value, digits) + 0.0:g}"


class Format(Enum):
    """Tesseract's page renderers written besides the text: (its variable, the file suffix)."""

    ALTO = ("tessedit_create_alto", "xml")
    HOCR = ("tessedit_create_hocr", "hocr")

    def __init__(self, variable: str, suffix: str) -> None:
        self.variable = variable
        self.suffix = suffix

    def remap(self, document: bytes, prepared: Prepared, steps: Steps, origin: ImageOrigin) -> bytes:
        """Tesseract's document of this format made to refer to the original image."""
        return (remap_alto if self is Format.ALTO else remap_hocr)(document, prepared, steps, origin)
