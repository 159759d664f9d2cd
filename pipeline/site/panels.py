"""Beside each unit of a witness page: its id, its variant points, and (opened on demand) its
parallels, the engine rules that implement it, the scenarios that test it and the studies' notes."""
from __future__ import annotations

from lxml import etree
from lxml.html import builder as E

from engine.conformance import Status

from ..model import Link, Origin, Unit
from ..xref import Record
from .facts import Facts
from .html import cls, scenario_href, unit_href


def fill(text: etree._Element, facts: Facts) -> None:
    """Fill every `aside.unit-links` of a witness text made by text.xsl (the build has checked that
    the TEI holds exactly the units the facts name)."""
    for aside in text.iterfind(".//aside[@class='unit-links']"):
        unit = facts.units[aside.attrib.pop("data-for")]
        aside.set("aria-label", f"{unit.id}: cross-references")
        aside.set("lang", "en")
        aside.extend(panel(unit, facts))


def panel(unit: Record, facts: Facts) -> list:
    """The children of a unit's aside: a bar always shown, and the details behind it."""
    bar = E.DIV(E.A(unit.id, href=f"#{unit.id}", **cls("unit-id", title="the unit's address")), **cls("unit-bar"))
    point_summary = {point.id: point.summary for point in facts.points}
    for point in unit.variants:
        bar.append(E.A(f"≠ {point_summary[point]}", href=f"variants.html#{point}",
                       **cls("variant", **{"data-variant": point, "title": f"variant point {point}"})))
    if unit.reason is not None:
        bar.append(E.SPAN(f"not a rule of play: {unit.reason}", **cls("not-normative")))
    copies = [link for link in unit.aligned if facts.same_print(link)]
    if copies:
        bar.append(E.SPAN("same print: ", *(E.A(link.target, href=unit_href(link.target, facts.witness_of(link.target)),
                                                **cls("same-print")) for link in copies), **cls("copies")))
    parallels = [link for link in unit.aligned if not facts.same_print(link)]
    sections = []
    if parallels or unit.no_parallel:
        listed = [E.UL(*(parallel_item(p, facts) for p in parallels))] if parallels else []
        sections.append(E.SECTION(E.H4("Parallels"), *listed,
                                  *(E.P(f"No parallel in {n.witness}: {n.reason}", **cls("no-parallel"))
                                    for n in unit.no_parallel)))
    if unit.rules:
        docs = {rule.id: rule.doc for rule in facts.rules}
        sections.append(E.SECTION(E.H4("Engine rules"), E.UL(*(
            E.LI(E.A(rule, href=f"rules.html#rule-{rule}", **cls("rule")), " ", docs[rule])
            for rule in unit.rules))))
    if unit.scenarios:
        sections.append(E.SECTION(E.H4("Scenarios"), E.UL(*(
            E.LI(E.A(result.id, href=scenario_href(result.id), **cls("scenario")), " ", status_badge(result.status))
            for result in unit.scenarios))))
    if unit.analysis:
        figures = [E.FIGURE(E.A(E.IMG(src=f"studies/{s.name}.svg", alt=f"the figure of the study: {s.title}",
                                      loading="lazy", width="360"), href=f"studies.html#{s.name}"),
                            E.FIGCAPTION(E.A(s.title, href=f"studies.html#{s.name}")), **cls("study-figure"))
                   for s in facts.studies if any(unit.id in f.units for f in s.findings)]
        sections.append(E.SECTION(E.H4("Studies"), *(E.P(note, **cls("analysis")) for note in unit.analysis),
                                  *figures))
    if not sections:
        return [bar]
    return [bar, E.DETAILS(E.SUMMARY(summary(unit, parallels)), *sections, **cls("unit-details"))]


def summary(unit: Record, parallels: list[Link]) -> str:
    """The closed panel's one line: how many of each it holds."""
    passed = sum(result.status is Status.PASS for result in unit.scenarios)
    parts = [_count(len(parallels), "parallel"), _count(len(unit.rules), "engine rule"),
             _count(len(unit.scenarios), "scenario") + (f" ({passed} pass)" if unit.scenarios else ""),
             _count(len(unit.analysis), "study note")]
    return " · ".join(part for part in parts if not part.startswith("0 ")) or "no parallel"


def parallel_item(link: Link, facts: Facts) -> etree._Element:
    """An aligned unit: where it is, how it relates, who linked it and why, what differs, and its text."""
    witness = facts.witness_of(link.target)
    by_editor = link.origin is Origin.EDITOR
    item = E.LI(E.A(link.target, href=unit_href(link.target, witness)), " ",
                E.SPAN(link.relation.value, **cls(f"relation {link.relation.value}")), " ",
                E.SPAN(link.origin.value, **cls(f"origin {link.origin.value}",
                                                title="linked by an editor" if by_editor
                                                else f"found by the aligner, score {link.score}")),
                **cls("parallel", **{"data-unit": link.target, "data-relation": link.relation.value,
                                     "data-source": link.origin.value}))
    if link.point:
        item.append(E.A(f"≠ {link.point}", href=f"variants.html#{link.point}", **cls("point-link")))
    if link.note:
        item.append(E.SPAN(link.note, **cls("link-note")))
    if link.reason:
        item.append(E.SPAN(f"Why linked: {link.reason}", **cls("link-reason")))
    item.append(E.SPAN(linked_text(facts.units[link.target].unit), **cls("parallel-text", lang=facts.language(witness))))
    return item


def linked_text(unit: Unit) -> str:
    """What a link joins: a unit's own text, a container's lead-in marked as going on in its
    parts (which are linked, and shown, on their own)."""
    return f"{unit.own_text} …" if unit.leads_in else unit.text


def status_badge(status: Status) -> etree._Element:
    """A scenario's status as the conformance run gave it."""
    return E.SPAN(status.value, **cls(f"status {status.value}"))


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"
