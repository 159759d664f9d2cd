"""The reader's pages, each a function of the facts (and, for a witness, its TEI text made HTML)."""
from __future__ import annotations

import json
from collections import Counter

from lxml import etree
from lxml.html import builder as E

from engine.conformance import Status

from ..model import Witness
from ..variants.model import Topic, VariantPoint
from .facts import Facts, Scenario
from .html import cls, page, scenario_href, unit_href
from .panels import parallel_item, status_badge

Nav = tuple[str, ...]
"""The witnesses' sigla, as every page's navigation lists them."""
SHOWCASE = "hu-nc.40"
"""The rule the front page offers to start with (the refused first proposal: three readings differ)."""


def index(facts: Facts, nav: Nav) -> bytes:
    """The front page: the witnesses, the views, and how the conformance run stands."""
    counts = Counter(scenario.result.status for scenario in facts.scenarios)
    rows = [E.TR(E.TD(E.A(w.siglum, href=f"{w.siglum}.html")), E.TD(w.title, lang=w.language),
                 E.TD(w.language), E.TD(w.kind), E.TD(str(len(facts.of(w.siglum)))))
            for w in facts.witnesses]
    edition = facts.edition
    start = [E.LI(E.A("The rules side by side", href="parallel.html"), f": each rule of {edition.siglum} with its "
                  "parallels in the other rulebooks."),
             E.LI(E.A("Where the rulebooks differ", href="variants.html"), f": {len(facts.points)} variant points, "
                  "each witness's reading side by side.")]
    if SHOWCASE in facts.units:
        start.append(E.LI(E.A(f"Rule {SHOWCASE.rsplit('.', 1)[1]} of {edition.siglum}",
                              href=unit_href(SHOWCASE, edition.siglum)),
                          " (the penalty for refusing the first proposal) and ",
                          E.A("its parallels", href=f"parallel.html#{SHOWCASE}"), "."))
    main = [E.H1("Écarté rulebooks: a parallel reader"),
            E.P(E.SPAN(edition.title, lang=edition.language), f" ({edition.siglum}), edited from the transcripts of "
                "the print, read beside the other rulebooks; every paragraph tied to the rules engine that implements "
                "it and to the scenarios that test it."),
            E.H2("Start reading"), E.UL(*start),
            E.H2("The witnesses"),
            E.TABLE(E.THEAD(E.TR(E.TH("siglum"), E.TH("title"), E.TH("language"), E.TH("kind"), E.TH("units"))),
                    E.TBODY(*rows), **cls("witnesses")),
            E.H2("The engine"),
            E.P(f"{len(facts.rules)} ", E.A("engine rules", href="rules.html"), " cite the units that state them; ",
                f"{len(facts.scenarios)} ", E.A("conformance scenarios", href="scenarios.html"),
                f" reproduce what the units say. In the run this site was built with: {counts[Status.PASS]} pass, "
                f"{counts[Status.FAIL]} fail, {counts[Status.ERROR]} could not be run."),
            E.P(E.A("The studies", href="studies.html"), " put the rulebooks' advice to the test with the solver.")]
    return page("index.html", "Home", "page-index", nav, main)


def witness(w: Witness, text: etree._Element, facts: Facts, nav: Nav) -> bytes:
    """A witness's text with its structure and, beside each unit, what points to it."""
    controls = [E.P(E.A("Read beside its parallels", href="parallel.html"), **cls("to-parallel"))]
    if any(facts.layers(u.id)[1] for u in facts.of(w.siglum)):
        controls.insert(0, spelling_switch())
    main = [E.H1(w.title, lang=w.language),
            E.P(f"{w.siglum} · {w.kind} · language {w.language}", **cls("witness-meta")),
            *controls, text]
    text.set("lang", w.language)
    return page(f"{w.siglum}.html", w.siglum, f"page-witness witness-{w.siglum}", nav, main)


def spelling_switch() -> etree._Element:
    """The choice between the print's spelling and today's; CSS shows the layer chosen, without script."""
    return E.FIELDSET(E.LEGEND("Spelling"),
                      E.LABEL(E.INPUT(type="radio", name="spelling", value="print", id="spelling-print",
                                      checked="checked"), " the print's (c. 1900)"),
                      E.LABEL(E.INPUT(type="radio", name="spelling", value="modern", id="spelling-modern"),
                              " modern"),
                      **cls("spelling-switch"))


def layers(facts: Facts, unit_id: str, lang: str) -> list[etree._Element]:
    """A unit's text in its layers: the print's spelling, and today's where it differs."""
    text, modern = facts.layers(unit_id)
    if modern is None:
        return [E.SPAN(text, **cls("unit-text", lang=lang))]
    return [E.SPAN(text, **cls("unit-text orig", lang=lang)), E.SPAN(modern, **cls("unit-text reg", lang=lang))]


def parallel(facts: Facts, nav: Nav) -> bytes:
    """The edition's units down the first column, their parallels in the others, row by row."""
    edition = facts.edition
    others = [w.siglum for w in facts.witnesses if w.siglum != edition.siglum and w.siglum not in edition.made_from]
    head = E.DIV(E.DIV(edition.siglum, **cls("cell head")), *(E.DIV(s, **cls("cell head")) for s in others),
                 **cls("row header", role="presentation"))
    rows = [head]
    for unit in facts.of(edition.siglum):
        by_witness = {s: [a for a in unit.aligned if facts.witness_of(a.target) == s] for s in others}
        if not unit.unit.normative and not unit.aligned:
            continue
        copies = [a for a in unit.aligned if facts.same_print(a)]
        source = E.DIV(E.A(unit.id, href=unit_href(unit.id, edition.siglum), **cls("unit-id")),
                       *layers(facts, unit.id, edition.language), **cls("cell source", lang=edition.language))
        if copies:
            source.append(E.UL(*(parallel_item(p, facts) for p in copies), **cls("copies", lang="en")))
        cells = [source]
        for siglum in others:
            found = by_witness[siglum]
            cell = E.DIV(E.SPAN(siglum, **cls("cell-label")), **cls("cell", **{"data-witness": siglum}))
            if found:
                cell.append(E.UL(*(parallel_item(p, facts) for p in found)))
            else:
                reasons = [n.reason for n in unit.no_parallel if n.witness == siglum]
                cell.append(E.P("no parallel" + (f": {reasons[0]}" if reasons else ""), **cls("no-parallel")))
            cells.append(cell)
        has = any(by_witness.values())
        rows.append(E.DIV(*cells, **cls("row" + ("" if has else " none"), id=unit.id,
                                          **{"data-unit": unit.id, "tabindex": "0"})))
    links = {u.id: sorted({a.target for a in u.aligned}) for u in facts.units.values() if u.aligned}
    main = [E.H1("The rules side by side"),
            E.P(f"Each unit of {edition.siglum} with its parallels in {', '.join(others)}, and the same unit in the "
                "transcripts of its print. Each link shows how the units relate (equivalent, variant, partial) and "
                "who linked them (the aligner, or an editor). Hover or focus a unit to light up its parallels; "
                "the arrow keys move between rows."),
            spelling_switch(),
            E.DIV(*rows, **cls("parallel-grid", style=f"--columns: {len(others) + 1}")),
            E.SCRIPT(json.dumps(links, ensure_ascii=False, sort_keys=True), type="application/json", id="alignment")]
    return page("parallel.html", "Parallel", "page-parallel", nav, main)


def variants(facts: Facts, nav: Nav) -> bytes:
    """Every variant point, each witness's reading side by side; radio buttons filter by topic."""
    topics = [t for t in Topic if any(p.topic is t for p in facts.points)]
    chooser = E.FIELDSET(E.LEGEND("Topic"),
                         E.LABEL(E.INPUT(type="radio", name="topic", value="all", id="topic-all", checked="checked"),
                                 " all"),
                         *(E.LABEL(E.INPUT(type="radio", name="topic", value=t.value, id=f"topic-{t.value}"),
                                   f" {t.value}") for t in topics),
                         **cls("topic-filter"))
    style = "\n".join(f"body:has(#topic-{t.value}:checked) .point:not([data-topic=\"{t.value}\"]) {{ display: none; }}"
                      for t in topics)
    sections = [point_section(p, facts) for p in facts.points]
    main = [E.H1("Where the rulebooks differ"),
            E.P(f"{len(facts.points)} points on which at least two witnesses differ: in value, condition or remedy, "
                "or in that one rules and another is silent. Each reading cites the units that state it."),
            chooser, E.STYLE(style), *sections]
    return page("variants.html", "Variants", "page-variants", nav, main)


def point_section(point: VariantPoint, facts: Facts) -> etree._Element:
    """One point: its summary, the engine parameter, each witness's reading and the scenarios."""
    status = {s.result.id: s.result.status for s in facts.scenarios}
    by_ruleset = point.scenarios_by_ruleset()
    columns = []
    for reading in point.readings:
        cell = [E.P(reading.value if reading.value is not None else "—", **cls("value")),
                E.P(reading.status.value + (f" (the engine follows {reading.inherited_from})"
                                            if reading.inherited_from else ""), **cls("reading-status"))]
        if reading.units:
            cell.append(E.P(*_joined([_unit_link(facts, u) for u in reading.units]),
                            **cls("units")))
        if reading.note:
            cell.append(E.P(reading.note, **cls("note")))
        shown = by_ruleset.get(reading.witness, [])
        if shown:
            cell.append(E.UL(*(E.LI(E.A(sid, href=scenario_href(sid)), " ", status_badge(status[sid]))
                               for sid in shown), **cls("scenarios")))
        columns.append(E.DIV(E.H4(reading.witness), *cell, **cls(f"reading {reading.status.value}",
                                                                   **{"data-witness": reading.witness})))
    parameter = (E.P("engine parameter ", E.CODE(point.parameter)) if point.parameter
                 else E.P("no engine parameter models it", **cls("no-parameter")))
    return E.SECTION(E.H3(point.summary), E.P(E.SPAN(point.topic.value, **cls("topic")), " · ", E.CODE(point.id)),
                     parameter, E.DIV(*columns, **cls("readings")),
                     **cls("point", id=point.id, **{"data-topic": point.topic.value}))


def rules(facts: Facts, nav: Nav) -> bytes:
    """Every engine rule with the units each ruleset cites for it, and the scenarios that test them."""
    sections = []
    for rule in facts.rules:
        rows = []
        for ruleset, units in rule.cites.items():
            if not units:
                continue
            tests = [s for s in facts.scenarios if set(s.result.cites) & set(units)
                     and (ruleset == "policy" or s.result.ruleset == ruleset)]
            rows.append(E.TR(E.TH(ruleset, scope="row"),
                             E.TD(*_joined([_unit_link(facts, u) for u in units])),
                             E.TD(*_joined([E.A(s.result.id, href=scenario_href(s.result.id)) for s in tests]))))
        table = (E.TABLE(E.THEAD(E.TR(E.TH("ruleset"), E.TH("units stating it"), E.TH("scenarios"))), E.TBODY(*rows))
                 if rows else E.P("no unit states it", **cls("no-parameter")))
        params = E.P("reads ", *_joined([E.CODE(p) for p in rule.params])) if rule.params else ""
        sections.append(E.SECTION(E.H2(E.CODE(rule.id)), E.P(rule.doc), params, table,
                                  **cls("rule", id=f"rule-{rule.id}")))
    main = [E.H1("Engine rules"),
            E.P("Each rule of the engine, the units that state it under each ruleset, and the scenarios that test "
                "those units. A unit's page lists its rules in turn."), *sections]
    return page("rules.html", "Engine rules", "page-rules", nav, main)


def scenarios(facts: Facts, nav: Nav) -> bytes:
    """Every scenario with its status, by ruleset."""
    rows = [E.TR(E.TD(E.A(s.result.id, href=scenario_href(s.result.id))), E.TD(s.result.ruleset or "—"),
                 E.TD(status_badge(s.result.status)),
                 E.TD(*_joined([_unit_link(facts, u) for u in s.result.cites])))
            for s in facts.scenarios]
    main = [E.H1("Conformance scenarios"),
            E.P(f"{len(facts.scenarios)} scenarios, each reproducing what the units it cites say, with its status "
                "in the conformance run this site was built with."),
            E.TABLE(E.THEAD(E.TR(E.TH("scenario"), E.TH("ruleset"), E.TH("status"), E.TH("cites"))), E.TBODY(*rows),
                    **cls("scenario-list"))]
    return page("scenarios.html", "Scenarios", "page-scenarios", nav, main)


def scenario(s: Scenario, facts: Facts, nav: Nav) -> bytes:
    """One scenario: its status and message, the units it cites, and its file."""
    name = scenario_href(s.result.id)
    cites = [_unit_link(facts, u, "../") for u in s.result.cites]
    main = [E.H1(s.result.id),
            E.P(status_badge(s.result.status), " ", s.result.message or "", **cls("scenario-status")),
            E.P("cites ", *_joined(cites)),
            E.P("ruleset ", E.CODE(s.result.ruleset or "—"), " · file ",
                E.A(E.CODE(s.path.as_posix()), href=f"{s.result.id}.toml", type="application/toml")),
            E.PRE(E.CODE(s.source), **cls("scenario-source"))]
    return page(name, s.result.id, "page-scenario", nav, main)


def studies(facts: Facts, nav: Nav) -> bytes:
    """The recorded studies: how each was made, its figure, and its findings on the units they test."""
    sections = []
    for study in facts.studies:
        rows = [E.TR(E.TD(f.label), E.TD(f.measure), E.TD(f.figure.text()),
                     E.TD(*_joined([_unit_link(facts, u) for u in f.units])))
                for f in study.findings]
        sections.append(E.SECTION(
            E.H2(study.title), E.P(study.method), E.P("Made by ", E.CODE(study.made_by)),
            E.FIGURE(E.IMG(src=f"studies/{study.name}.svg", alt=f"{study.title}: each finding's figure with its "
                                                                 "95% interval (the table below gives them)"),
                     E.FIGCAPTION(f"{study.deals:,} deals, seed {study.seed}")),
            E.TABLE(E.THEAD(E.TR(E.TH("category"), E.TH("measure"), E.TH("figure"), E.TH("units"))), E.TBODY(*rows)),
            **cls("study", id=study.name)))
    main = [E.H1("Studies"),
            E.P("The rulebooks' advice measured with the engine and its solver over random deals; each finding is "
                "also noted beside the units it tests."), *sections]
    return page("studies.html", "Studies", "page-studies", nav, main)


def search(nav: Nav) -> bytes:
    """The search page: the form works without script only as a form; the results need it."""
    main = [E.H1("Search"),
            E.FORM(E.LABEL("Search the texts", **{"for": "q"}), " ", E.INPUT(id="q", name="q", type="search"), " ",
                   E.BUTTON("Search", type="submit"),
                   **cls("search", role="search", action="search.html", method="get")),
            E.P("Every witness, both spelling layers of the edition; accents may be left out.", **cls("hint")),
            E.P(id="search-status", role="status", **{"aria-live": "polite"}),
            E.OL(id="results"),
            E.NOSCRIPT(E.P("Search needs JavaScript; everything else in the reader works without it."))]
    return page("search.html", "Search", "page-search", nav, main,
                scripts=("lunr.min.js", "search-index.js", "search.js"))


def _unit_link(facts: Facts, unit_id: str, root: str = "") -> etree._Element:
    """A unit's id linking to it on its witness page (plain text for an id the corpus lacks)."""
    if unit_id not in facts.units:
        return E.SPAN(unit_id)
    return E.A(unit_id, href=unit_href(unit_id, facts.witness_of(unit_id), root))


def _joined(items: list) -> list:
    """Items separated by commas, for inline lists of links."""
    out: list = []
    for i, item in enumerate(items):
        out += [", ", item] if i else [item]
    return out
