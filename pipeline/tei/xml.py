"""The XML of the TEI stage: namespaces, element building, and deterministic serialization."""
from __future__ import annotations

from lxml import etree

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
XML_ID = f"{{{XML_NS}}}id"
XML_LANG = f"{{{XML_NS}}}lang"
XI_NS = "http://www.w3.org/2001/XInclude"
SCHEMA_PIS = (
    ("../../schema/ecarte-tei.rng", "http://relaxng.org/ns/structure/1.0"),
    ("../../schema/ecarte-tei.sch", "http://purl.oclc.org/dsdl/schematron"),
)
INDENT = "  "
INLINE = frozenset({"app", "lem", "rdg", "choice", "sic", "corr", "orig", "reg", "seg", "foreign",
                    "unclear", "gap"})
"""Phrase-level elements whose content is never re-indented (line breaks already in it are)."""
RUNNING = frozenset({"lb", "app", "choice", "seg", "foreign", "unclear"})
"""Children that occur only in running text: their parent is mixed content even if all its text
is inside them (a head that is a label and a French phrase)."""


def witness_id(owner: str, siglum: str) -> str:
    """The xml:id of a witness declared in the listWit of the document `owner` (the teiCorpus's
    for the alignment, an edition's for the transcripts it is made from)."""
    return f"{owner}.wit.{siglum}"


def lead_in_id(unit: str) -> str:
    """The xml:id of a container's lead-in (`Unit.leads_in`): what an alignment link to the
    container points at, rather than the container with its parts."""
    return f"{unit}.lead-in"


def el(tag: str, attrs: dict[str, str | None] | None = None, *children: etree._Element,
       text: str | None = None) -> etree._Element:
    """A TEI element with attributes in the given order (None values left out), text and children."""
    element = etree.Element(f"{{{TEI_NS}}}{tag}", nsmap={None: TEI_NS})
    for name, value in (attrs or {}).items():
        if value is not None:
            element.set(name, value)
    element.text = text
    element.extend(children)
    return element


def serialize(root: etree._Element) -> bytes:
    """Indented UTF-8 XML with the schema associations, ending in a newline."""
    _indent(root, 0)
    prolog = ['<?xml version="1.0" encoding="UTF-8"?>'] + [
        f'<?xml-model href="{href}" type="application/xml" schematypens="{ns}"?>'
        for href, ns in SCHEMA_PIS]
    return ("\n".join(prolog) + "\n" + etree.tostring(root, encoding="unicode") + "\n").encode()


def _indent(element: etree._Element, depth: int) -> None:
    """Indent element-only content; in mixed content only indent the line breaks already there.

    Phrase-level elements (app, choice, foreign and what they hold) get no new white space: it
    would be text of the reading; a line break already inside one (a French phrase running on
    to the next line) is indented like the lines around it.
    """
    if etree.QName(element).localname in INLINE:
        for node in element.iter():
            node.text = node.text and node.text.replace("\n", "\n" + INDENT * depth)
            if node is not element:
                node.tail = node.tail and node.tail.replace("\n", "\n" + INDENT * depth)
        return
    children = list(element)
    pad = "\n" + INDENT * (depth + 1)
    if bool((element.text or "").strip()) or any((c.tail or "").strip() or _phrase(c) for c in children):
        element.text = element.text and element.text.replace("\n", pad)
        for child in children:
            _indent(child, depth + 1)
            child.tail = child.tail and child.tail.replace("\n", pad)
        return
    if not children:
        return
    element.text = pad
    for child in children:
        _indent(child, depth + 1)
        child.tail = pad
    children[-1].tail = "\n" + INDENT * depth


def _phrase(node: etree._Element) -> bool:
    return isinstance(node.tag, str) and etree.QName(node).localname in RUNNING
