"""The TEI stage: a witness's units as a TEI P5 file, and the teiCorpus that includes them all.

Pure functions from plain data to bytes: the same witness and units give the same bytes (no
dates, fixed attribute order); writing the files is the caller's business. How units map to TEI
is documented in schema/README.md; in short:

- FRONT/BACK → front/back div; SECTION, RULE → div type="section"/"rule" with head and @n;
  a HEADING among siblings opens an unnumbered div whose head it is, holding what follows up
  to the next heading; PARAGRAPH → p; ITEMs → list/item; ROWs → table/row/cell; FIGURE → figure.
- An edited witness's lines carry its Readings as app/lem/rdg, choice/sic/corr and
  choice/orig/reg (pipeline/tei/readings.py); their reading text is that of the lines.
- A unit's lines are mixed content with lb at the start of each line: a soft line-end hyphen
  is dropped and its line break is lb break="no" rend="hyphen", a hard one is kept before
  lb break="no". So a holder's text, whitespace normalized, is the model's `join_lines`
  (less the editors' notes and gap descriptions).
- pb stands where the print's page breaks: before the outermost unit whose first line opens
  the page, inside a paragraph only where the page breaks the paragraph.
- Then the editors' marks go in (pipeline/tei/losses.py, foreign.py): lost symbols, doubtful
  marks, French.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING

from lxml import etree

if TYPE_CHECKING:
    from ..facsimile import Facsimile

from ..errors import InputError
from ..model import Hyphen, Kind, Line, Link, Unit, Witness, headed_apart
from ..variants import VariantPoint
from . import alignment
from .header import TeiContext, category_id, corpus_header, declare_languages, team_id, witness_header
from .inline import local
from .omissions import Omission
from .readings import Pointers, declare, line_nodes
from .xml import TEI_NS, XI_NS, XML_ID, XML_LANG, el, lead_in_id, serialize

LEAVES = (Kind.ROW, Kind.HEADING, Kind.FIGURE)
"""Kinds whose element holds only their own lines, never other units."""
RUNS = {Kind.ITEM: "list", Kind.ROW: "table"}
"""Consecutive sibling units of these kinds are wrapped together in one element."""
PAGED = frozenset({"div", "p", "head", "item", "list", "figure"})
"""Elements a pb at their very start is moved out of: the page begins before them."""


def witness_document(witness: Witness, units: list[Unit], context: TeiContext,
                     transcripts: Sequence[Witness] = (), omitted: Sequence[Omission] = (),
                     facsimile: Facsimile | None = None) -> bytes:
    """The TEI file of one witness, from its top-level units in document order; `transcripts`
    are the witnesses an edition is made from, `omitted` the source lines left out of its text,
    `facsimile` the page images it was read from (its lines' `facs`)."""
    writer = _Writer(witness, context, facsimile)
    parts = {kind: [u for u in units if u.kind is kind] for kind in (Kind.FRONT, Kind.BACK)}
    body_units = [u for u in units if u.kind not in parts]
    if not body_units:
        raise InputError(f"witness {witness.siglum!r} has no units outside its front and back matter")
    text = el("text", {}, el("body", {}, *writer.blocks(body_units, "section")))
    if parts[Kind.FRONT]:
        text.insert(0, el("front", {}, *writer.blocks(parts[Kind.FRONT], "section")))
    if parts[Kind.BACK]:
        text.append(el("back", {}, *writer.blocks(parts[Kind.BACK], "section")))
    _move_page_breaks(text)
    header = witness_header(witness, context, transcripts, omitted)
    root = el("TEI", {XML_ID: witness.siglum, XML_LANG: witness.language}, header,
              *([facsimile.element()] if facsimile else []), text)
    if context.losses:
        context.losses.mark(text, witness.siglum, f"#{team_id(witness.siglum)}")
    if context.foreign:
        context.foreign.mark(text, witness.siglum)
    if writer.pointers:
        p = context.principles
        declare(header, witness.siglum, p.team, context.version,
                [(t, f"{t}: {witness.title}") for t in witness.made_from],
                p.apparatus.edition.format(base=witness.base, other=witness.collate_with),
                {e.get("resp") for e in text.iter() if e.get("resp")})
    declare_languages(root, [], context.principles)
    return serialize(root)


def corpus_document(witnesses: list[Witness], context: TeiContext, links: Sequence[Link] = (),
                    points: Sequence[VariantPoint] = (), lead_ins: frozenset[str] = frozenset()) -> bytes:
    """The teiCorpus: its own header, the stand-off alignment and variant points, and an
    xi:include of each witness's file, in catalogue order (`lead_ins`: the containers whose
    links point at their lead-in, `Unit.leads_in`)."""
    p = context.principles
    root = etree.Element(f"{{{TEI_NS}}}teiCorpus", nsmap={None: TEI_NS, "xi": XI_NS})
    root.set(XML_ID, p.corpus_id)
    root.set(XML_LANG, p.header_language)
    for data in (context.foreign, context.losses):
        if data:
            data.check_witnesses({w.siglum for w in witnesses})
    if context.foreign:
        context.foreign.check_forms()
    header = corpus_header(witnesses, context)
    root.append(header)
    if links or points:
        alignment.declare(header, p.corpus_id, witnesses, p.team, context.version, points)
        root.append(alignment.stand_off(p.corpus_id, links, points, lead_ins))
    for witness in witnesses:
        etree.SubElement(root, f"{{{XI_NS}}}include", href=f"{witness.siglum}.xml")
    french = context.foreign.languages([w.siglum for w in witnesses]) if context.foreign else []
    declare_languages(root, [w.language for w in witnesses] + french, p)
    return serialize(root)


class _Writer:
    """Turns the units of one witness into TEI elements."""

    def __init__(self, witness: Witness, context: TeiContext, facsimile: Facsimile | None = None):
        self.siglum = witness.siglum
        self.categories = context.categories
        self.pointers = Pointers(witness.siglum) if witness.collate_with else None
        self.facsimile = facsimile
        self.findings = context.findings

    def blocks(self, units: list[Unit], group: str) -> list[etree._Element]:
        """Block elements for sibling units; a HEADING opens a div of type `group` holding what follows it."""
        out: list[etree._Element] = []
        current = out
        for wrapper, run in _runs(units):
            if run[0].kind is Kind.HEADING:
                current = el("div", {"type": group}, self.unit(run[0]))
                out.append(current)
            else:
                if headed_apart(run[0]):      # a titled section ends the heading's group
                    current = out
                current.append(self._run(wrapper, run))
        return out

    def unit(self, unit: Unit) -> etree._Element:
        """The element of one unit, with its id, number, normativity, text, label and lacuna."""
        if unit.children and unit.kind in LEAVES:
            raise InputError(f"unit {unit.id}: a {unit.kind.value} cannot hold other units "
                             f"({unit.children[0].id})")
        tag, attrs = _ELEMENTS[unit.kind]
        element = el(tag, {XML_ID: unit.id, **attrs, "n": unit.n, "ana": self.ana(unit)})
        holder = self._content(element, unit)
        if unit.gap_after:
            holder.append(el("gap", {"reason": unit.gap_after}))
        if unit.printed_label:
            _place_label(element, unit)
        for finding in self.findings.get(unit.id, ()):   # a study's figure beside the paragraph it tests
            element.append(el("note", {"type": "analysis", "target": f"#{unit.id}", XML_LANG: "en"},
                              text=finding.text))
        return element

    def _content(self, element: etree._Element, unit: Unit) -> etree._Element:
        """Fill a unit's element; returns the element that holds its text (where a lacuna goes)."""
        if unit.kind is Kind.ROW:
            element.extend(_cell(line, self.facsimile) for line in unit.lines)
            return element[-1] if len(element) else element
        if unit.kind is Kind.HEADING:
            _add_lines(element, unit.lines, self.pointers, self.facsimile)
            return element
        heading = _own_heading(unit)
        if heading:
            element.append(self.unit(heading))
        elif unit.head or unit.kind is Kind.FIGURE:
            head = etree.SubElement(element, f"{{{TEI_NS}}}head")
            head.text = unit.head
        if unit.kind is Kind.FIGURE:
            _add_lines(element[0], unit.lines, self.pointers, self.facsimile)
            return element
        if unit.kind in (Kind.PARAGRAPH, Kind.ITEM):
            self._own_lines(element, unit)
            self._inline_children(element, unit)
            return element
        holder = element
        if unit.lines:
            holder = etree.SubElement(element, f"{{{TEI_NS}}}p")
            self._own_lines(holder, unit)
        element.extend(self.blocks(unit.children[1:] if heading else unit.children, "subsection"))
        return holder

    def _own_lines(self, holder: etree._Element, unit: Unit) -> None:
        """A unit's own lines; a container's lead-in (`Unit.leads_in`) in a `seg` of its own, which
        the alignment's links point at, its first line's page and line break (and so its printed
        label) standing before it."""
        if not unit.leads_in:
            _add_lines(holder, unit.lines, self.pointers, self.facsimile)
            return
        lead_in = etree.SubElement(holder, f"{{{TEI_NS}}}seg", {"type": "lead-in", XML_ID: lead_in_id(unit.id)})
        _add_lines(lead_in, unit.lines, self.pointers, self.facsimile)
        while len(lead_in) and not (lead_in.text or "").strip() and local(lead_in[0]) in ("pb", "lb"):
            first = lead_in[0]
            lead_in.text, first.tail = first.tail, None
            lead_in.addprevious(first)

    def _run(self, wrapper: str | None, run: list[Unit]) -> etree._Element:
        """One unit, or a run of items or rows wrapped in their list or table."""
        return el(wrapper, {}, *map(self.unit, run)) if wrapper else self.unit(run[0])

    def _inline_children(self, element: etree._Element, unit: Unit) -> None:
        """Items, rows and figures inside a paragraph or item: lists, tables and figures in its text."""
        for wrapper, run in _runs(unit.children):
            if not wrapper and run[0].kind is not Kind.FIGURE:
                raise InputError(f"unit {run[0].id}: a {run[0].kind.value} cannot stand inside "
                                 f"the {unit.kind.value} {unit.id}")
            _append_text(element, "\n")
            element.append(self._run(wrapper, run))

    def ana(self, unit: Unit) -> str | None:
        """The pointer to the normativity category of a non-normative unit."""
        if unit.normative:
            return None
        if unit.reason not in self.categories:
            raise InputError(f"unit {unit.id}: non-normative reason {unit.reason!r} is not a "
                             f"category of corpus/editorial/normativity.toml")
        return "#" + category_id(self.siglum, unit.reason)


_ELEMENTS = {
    Kind.FRONT: ("div", {"type": "front"}),
    Kind.BACK: ("div", {"type": "back"}),
    Kind.SECTION: ("div", {"type": "section"}),
    Kind.RULE: ("div", {"type": "rule"}),
    Kind.HEADING: ("head", {}),
    Kind.PARAGRAPH: ("p", {}),
    Kind.ITEM: ("item", {}),
    Kind.ROW: ("row", {}),
    Kind.FIGURE: ("figure", {}),
}
"""The TEI element and fixed attributes of each kind of unit."""


def _own_heading(unit: Unit) -> Unit | None:
    """The unit's heading when it is a unit of its own, `ID.head` (en-wiki.s2.head), first of its children."""
    first = unit.children[0] if unit.children else None
    return first if first and first.id == f"{unit.id}.head" else None


def _runs(units: list[Unit]):
    """Sibling units in order, as (wrapper, units): runs of items or rows with their list or table."""
    for _, run in groupby(units, key=lambda u: RUNS.get(u.kind) or id(u)):
        run = list(run)
        yield RUNS.get(run[0].kind), run


def _add_lines(holder: etree._Element, lines: list[Line], pointers: Pointers | None = None,
               facsimile: Facsimile | None = None) -> None:
    """Append lines as mixed content: an lb (after a pb if a page begins) before each line.

    With `pointers` (an edited witness), a line's Readings become app, choice/sic/corr and
    choice/orig/reg (pipeline/tei/readings.py).
    """
    previous: Line | None = None
    for line in lines:
        joined = previous is not None and previous.hyphen is not None
        if previous is not None and not joined:
            _append_text(holder, "\n")
        brk = {"break": "no"} if joined else {}
        if line.page_break_before:
            holder.append(el("pb", {**brk, **_page(line, facsimile)}))
        holder.append(el("lb", {**brk, "rend": "hyphen" if joined and previous.hyphen is Hyphen.SOFT else None,
                                "facs": f"#{line.facs}" if line.facs else None}))
        if pointers and line.spans:
            for node in line_nodes(line, pointers):
                if isinstance(node, str):
                    _append_text(holder, node)
                else:
                    holder.append(node)
        else:
            _append_text(holder, line.reading)
        previous = line


def _move_page_breaks(text: etree._Element) -> None:
    """Move each pb that opens an element out of it, as far as it opens elements: a page that
    begins with a rule begins before the rule's div, not inside its first paragraph."""
    for pb in list(text.iter(f"{{{TEI_NS}}}pb")):
        parent = pb.getparent()
        while local(parent) in PAGED and parent.index(pb) == 0 and not (parent.text or "").strip() \
                and not (pb.tail or "").strip():
            pb.tail = None
            parent.addprevious(pb)
            parent = pb.getparent()


def _place_label(element: etree._Element, unit: Unit) -> None:
    """Put the number as printed at the start of the unit's first line, or of its head."""
    label = el("label", text=unit.printed_label)
    for node in element.iter(f"{{{TEI_NS}}}head", f"{{{TEI_NS}}}lb"):
        if node.tag == f"{{{TEI_NS}}}lb":
            label.tail, node.tail = " " + (node.tail or ""), None
            node.addnext(label)
            return
        if node.find(f"{{{TEI_NS}}}lb") is None:
            label.tail, node.text = " " + (node.text or ""), None
            node.insert(0, label)
            return
    raise InputError(f"unit {unit.id} has a printed label {unit.printed_label!r} but no text")


def _page(line: Line, facsimile: Facsimile | None) -> dict[str, str]:
    """A pb's number and page image, where the line was read from one."""
    if facsimile is None or line.facs is None:
        return {}
    page = facsimile.page_of(line.facs)
    return {"n": page.n, "facs": f"#{page.id}"}


def _cell(line: Line, facsimile: Facsimile | None = None) -> etree._Element:
    """A table cell: one line of a row."""
    cell = el("cell", {"facs": f"#{line.facs}" if line.facs else None},
              *([el("pb", _page(line, facsimile))] if line.page_break_before else []))
    _append_text(cell, line.text)
    return cell


def _append_text(element: etree._Element, text: str) -> None:
    """Append text after the element's last child (or to its text if it has none)."""
    if len(element):
        element[-1].tail = (element[-1].tail or "") + text
    else:
        element.text = (element.text or "") + text
