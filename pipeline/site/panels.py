"""Beside each unit of a witness page: its id, its variant points, and (opened on demand) its
parallels, the engine rules that implement it, the scenarios that test it and the studies' notes."""
from __future__ import annotations

from lxml import etree
from lxml.html import builder as E

from engine.conformance import Status

from .facts import Facts, Parallel, UnitFacts
from .html import cls, scenario_href, unit_href


def fill(text: etree._Element, facts: Facts, languages: dict[str, str]) -> None:
    """Fill every `aside.unit-links` of a witness text made by text.xsl; a unit the TEI holds but
    the corpus does not (or the reverse) means the TEI is stale, which the build checks first."""
    for aside in text.iterfind(".//aside[@class='unit-links']"):
        unit = facts.units[aside.attrib.pop("data-for")]
        aside.set("aria-label", f"{unit.id}: cross-references")
        aside.set("lang", "en")     # the panel's words are English, whatever the text's language
        aside.extend(panel(unit, facts, languages))


def panel(unit: UnitFacts, facts: Facts, languages: dict[str, str]) -> list:
    """The children of a unit's aside: a bar always shown, and the details behind it."""
    bar = E.DIV(E.A(unit.id, href=f"#{unit.id}", **cls("unit-id", title="the unit's address")), **cls("unit-bar"))
    point_summary = {point.id: point.summary for point in facts.points}
    for point in unit.variants:
        bar.append(E.A(f"≠ {point_summary[point]}", href=f"variants.html#{point}",
                       **cls("variant", **{"data-variant": point, "title": f"variant point {point}"})))
    if not unit.normative:
        bar.append(E.SPAN(f"states no rule: {unit.reason}", **cls("not-normative")))
    same_print = _sources_of(unit, facts)
    copies = [p for p in unit.parallels if p.witness in same_print]
    if copies:
        bar.append(E.SPAN("same print: ", *(E.A(p.id, href=unit_href(p.id, p.witness), **cls("same-print"))
                                            for p in copies), **cls("copies")))
    parallels = [p for p in unit.parallels if p.witness not in same_print]
    sections = []
    if parallels or unit.no_parallel:
        listed = [E.UL(*(parallel_item(p, facts, languages) for p in parallels))] if parallels else []
        sections.append(E.SECTION(E.H4("Parallels"), *listed,
                                  *(E.P(f"No parallel in {witness}: {reason}", **cls("no-parallel"))
                                    for witness, reason in unit.no_parallel)))
    if unit.rules:
        docs = {rule.id: rule.doc for rule in facts.rules}
        sections.append(E.SECTION(E.H4("Engine rules"), E.UL(*(
            E.LI(E.A(rule, href=f"rules.html#rule-{rule}", **cls("rule")), " ", docs.get(rule, ""))
            for rule in unit.rules))))
    if unit.scenarios:
        sections.append(E.SECTION(E.H4("Scenarios"), E.UL(*(
            E.LI(E.A(sid, href=scenario_href(sid), **cls("scenario")), " ", status_badge(status))
            for sid, status in unit.scenarios))))
    if unit.analysis:
        sections.append(E.SECTION(E.H4("Studies"), *(E.P(note, **cls("analysis")) for note in unit.analysis),
                                  E.P(E.A("The studies with their figures", href="studies.html"))))
    if not sections:
        return [bar]
    return [bar, E.DETAILS(E.SUMMARY(summary(unit, parallels)), *sections, **cls("unit-details"))]


def summary(unit: UnitFacts, parallels: list[Parallel]) -> str:
    """The closed panel's one line: how many of each it holds."""
    passed = sum(status is Status.PASS for _, status in unit.scenarios)
    parts = [_count(len(parallels), "parallel"), _count(len(unit.rules), "engine rule"),
             _count(len(unit.scenarios), "scenario") + (f" ({passed} pass)" if unit.scenarios else ""),
             _count(len(unit.analysis), "study note")]
    return " · ".join(part for part in parts if not part.startswith("0 ")) or "no parallel"


def parallel_item(link: Parallel, facts: Facts, languages: dict[str, str]) -> etree._Element:
    """An aligned unit: where it is, how it relates, who linked it, what differs, and its text."""
    other = facts.units[link.id]
    item = E.LI(E.A(link.id, href=unit_href(link.id, link.witness)), " ",
                E.SPAN(link.relation.value, **cls(f"relation {link.relation.value}")), " ",
                E.SPAN(link.origin.value, **cls(f"origin {link.origin.value}",
                                                title="linked by an editor" if link.origin.value == "editor"
                                                else f"found by the aligner, score {link.score}")),
                **cls("parallel", **{"data-unit": link.id, "data-relation": link.relation.value,
                                     "data-source": link.origin.value}))
    if link.note:
        item.append(E.SPAN(link.note, **cls("link-note")))
    item.append(E.SPAN(other.text, **cls("parallel-text", lang=languages[link.witness])))
    return item


def status_badge(status: Status) -> etree._Element:
    """A scenario's status as the conformance run gave it."""
    return E.SPAN(status.value, **cls(f"status {status.value}"))


def _sources_of(unit: UnitFacts, facts: Facts) -> set[str]:
    """The transcripts an edition is made from, and the edition a transcript feeds: the same print."""
    by_siglum = {w.siglum: w for w in facts.witnesses}
    same = set(by_siglum[unit.witness].made_from)
    same |= {w.siglum for w in facts.witnesses if unit.witness in w.made_from}
    return same


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"
