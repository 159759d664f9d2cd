"""The teiCorpus's stand-off layer: the alignment of the witnesses and the points where they differ.

As §16.4 of the TEI Guidelines intends, the alignment is a `linkGrp type="alignment"` with one
`link` per aligned pair: `@type` its relation, `@target` the two units in their files (a
container linked by its lead-in by that lead-in's `seg`, `ID.lead-in`), `@cert`
the aligner's score (an editor's link is certain), `@resp` the aligner or the editors, `@ana`
its variant point. The variant points are a taxonomy of the header (a category per point, a
category under it per witness's reading); each point's `linkGrp type="variant-point"` holds, for
each reading that cites units, a `link` from the witness (declared in the header's `listWit`)
to those units, `@type` its status and `@ana` the reading's category.
"""
from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from ..model import Link, Origin, Witness
from ..variants import VariantPoint
from .xml import TEI_NS, XML_ID, el, lead_in_id, witness_id

ALIGNER = "aligner"       # the application (appInfo) that made the automatic links
EDITORS = "editors"       # the respStmt of those who reviewed the alignment


def pointer(unit: str, lead_ins: frozenset[str] = frozenset()) -> str:
    """A unit's address from the corpus file: its witness's file and its id, or its lead-in's
    for a container among `lead_ins` (a link joins that text, not the container's parts)."""
    return f"{unit.split('.', 1)[0]}.xml#{lead_in_id(unit) if unit in lead_ins else unit}"


def list_wit(corpus_id: str, witnesses: Sequence[Witness]) -> etree._Element:
    """The corpus's witnesses, each pointing to its file, for @wit and the variant points."""
    return el("listWit", {}, *(el("witness", {XML_ID: witness_id(corpus_id, w.siglum),
                                              "corresp": f"{w.siglum}.xml#{w.siglum}"}, text=w.title)
                               for w in witnesses))


def declare(header: etree._Element, corpus_id: str, witnesses: Sequence[Witness], team: str,
            version: str, points: Sequence[VariantPoint]) -> None:
    """Declare in the corpus header what the stand-off layer points to: the witnesses (listWit),
    the editors who reviewed the alignment, the aligner, and the variant points (taxonomy)."""
    title_stmt = header.find(f"{{{TEI_NS}}}fileDesc/{{{TEI_NS}}}titleStmt")
    title_stmt.append(el("respStmt", {XML_ID: f"{corpus_id}.{EDITORS}"},
                         el("resp", text="review of the alignment (corpus/editorial/alignment.toml)"),
                         el("name", text=team)))
    header.find(f"{{{TEI_NS}}}fileDesc/{{{TEI_NS}}}sourceDesc").append(list_wit(corpus_id, witnesses))
    app_info = header.find(f"{{{TEI_NS}}}encodingDesc/{{{TEI_NS}}}appInfo")
    if points:
        app_info.addprevious(el("classDecl", {}, taxonomy(corpus_id, points)))
    app_info.append(
        el("application", {XML_ID: f"{corpus_id}.{ALIGNER}", "ident": "ecarte-align", "version": version},
           el("label", text="aligner"),
           el("desc", text="The automatic aligner (pipeline/align): glossary concepts, numbers, card "
                           "names and French terms, lemmas, the sections' structure and the engine's "
                           "citations; many-to-many links in any order.")))


def taxonomy(corpus_id: str, points: Sequence[VariantPoint]) -> etree._Element:
    """The variant points as categories, each witness's reading a category under its point."""
    return el("taxonomy", {XML_ID: f"{corpus_id}.variants"},
              el("desc", text="The points on which the witnesses differ, each with every witness's "
                              "reading (ecarte variants)."),
              *(el("category", {XML_ID: point_id(corpus_id, p.id), "n": p.id},
                   el("catDesc", text=f"{p.topic.value}: {p.summary}"
                                      + (f" (engine parameter {p.parameter})" if p.parameter else "")),
                   *(el("category", {XML_ID: f"{point_id(corpus_id, p.id)}.{r.witness}"},
                        el("catDesc", text=r.headline())) for r in p.readings))
                for p in points))


def stand_off(corpus_id: str, links: Sequence[Link], points: Sequence[VariantPoint],
              lead_ins: frozenset[str] = frozenset()) -> etree._Element:
    """The standOff of the teiCorpus: the alignment, then one group per variant point (a link to a
    container among `lead_ins` points at its lead-in)."""
    alignment = el("linkGrp", {XML_ID: f"{corpus_id}.alignment", "type": "alignment"})
    for link in sorted(links, key=lambda l: (l.source, l.target)):
        editor = link.origin is Origin.EDITOR
        alignment.append(el("link", {"type": link.relation.value,
                                     "target": f"{pointer(link.source, lead_ins)} {pointer(link.target, lead_ins)}",
                                     "cert": "high" if editor else f"{link.score:.3f}",
                                     "resp": f"#{corpus_id}.{EDITORS if editor else ALIGNER}",
                                     "ana": f"#{point_id(corpus_id, link.point)}" if link.point else None}))
    groups = [alignment] + [_point(corpus_id, p, lead_ins) for p in points]
    return el("standOff", {}, *groups)


def point_id(corpus_id: str, point: str) -> str:
    """The xml:id of a variant point's group: an editorial point's id as it is (TOPIC.NAME,
    kebab-case), a parameter's name (snake_case, no dot) under `param.` with hyphens."""
    return f"{corpus_id}.variant." + (point if "." in point else "param." + point.replace("_", "-"))


def _point(corpus_id: str, point: VariantPoint, lead_ins: frozenset[str]) -> etree._Element:
    """A point's links: each reading that cites units, from its witness to them (a container
    among `lead_ins` by its lead-in: its items are cited on their own where they state it)."""
    category = point_id(corpus_id, point.id)
    return el("linkGrp", {XML_ID: f"{category}.links", "type": "variant-point",
                          "subtype": point.topic.value, "ana": f"#{category}"},
              *(el("link", {"type": r.status.value, "ana": f"#{category}.{r.witness}", "target": " ".join(
                  [f"#{witness_id(corpus_id, r.witness)}"] + [pointer(u, lead_ins) for u in r.units])})
                for r in point.readings if r.units))
