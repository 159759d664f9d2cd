"""The variants stage: the rulesets' points and the editors', checked, with the scenarios that show them.

Plain data in, plain data out: no file is read here and the corpus is not reached for.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from pathlib import Path
from dataclasses import replace

from engine.mutation import alternatives, passes
from engine.rules import PARAMS, RULES
from engine.ruleset import RULESET_DIR, Provision, Ruleset

from ..errors import InputError
from ..link import CitingScenario
from ..model import Link, Origin, Relation, Unit, within
from .model import ScenarioRef, Status, Topic, VariantPoint, Where, WitnessReading, render

_RULE_TOPICS = {"deck": Topic.CARDS, "draw": Topic.DEAL, "deal": Topic.DEAL, "king": Topic.KING,
                "exchange": Topic.EXCHANGE, "play": Topic.PLAY, "score": Topic.SCORING,
                "game": Topic.SCORING, "players": Topic.PLAYERS, "stakes": Topic.STAKES,
                "chouette": Topic.CHOUETTE, "pool": Topic.PLAYERS, "tournament": Topic.TOURNAMENTS}
PARAM_TOPICS = {param: _RULE_TOPICS[rule.id.split(".")[0]]
                for rule in RULES.values() for param in rule.params}
"""A parameter's topic: that of the engine rule reading it, told by the first part of the rule's id."""


Locate = Callable[[Link], tuple[Path | None, int | None]]
"""Where a link was written (file, line), for errors; (None, None) where it was made, not written."""


def nowhere(link: Link) -> tuple[Path | None, int | None]:
    """A link written nowhere: made by the aligner, or by a test."""
    return None, None


def variant_points(rulesets: Sequence[Ruleset], units: Mapping[str, Unit], editorial: Sequence[VariantPoint],
                   links: Iterable[Link], scenarios: Iterable[CitingScenario],
                   locate: Locate = nowhere, others: Sequence[str] = ()) -> list[VariantPoint]:
    """Every variant point, checked against the units and the variant links, with the scenarios showing it.

    `rulesets` in witness order, then `others` (witnesses without a ruleset, such as one added by
    `ecarte witness add`, which the editors' points may give readings): the witnesses a reading may name; `units` the
    corpus's by id, `editorial` from `read_points`, `links` the final alignment's, `scenarios`
    the scenario files as read (each with its cites and ruleset; `_shown` plays those citing a
    point that has a parameter). Points come ordered by topic.
    """
    witnesses = [ruleset.siglum for ruleset in rulesets] + [s for s in others if s not in {r.siglum for r in rulesets}]
    claimed: dict[str, VariantPoint] = {}
    for point in editorial:
        if point.parameter is None:
            continue
        if point.parameter not in PARAMS:
            raise point.where.error(f"point {point.id!r}: no engine parameter {point.parameter!r}")
        if point.parameter in claimed:
            raise point.where.error(f"point {point.id!r}: {point.parameter} is already the parameter of point"
                                    f" {claimed[point.parameter].id!r}")
        claimed[point.parameter] = point
    points = [point for point in parameter_points(rulesets, units) if point.id not in claimed] + list(editorial)
    # editorial ids have a dot, parameters none; an editorial point naming a parameter stands for it
    points = [_checked(point, units, witnesses) for point in points]
    _check_links(points, links, locate)
    order = {siglum: index for index, siglum in enumerate(witnesses)}
    results = sorted(scenarios, key=lambda result: order.get(result.ruleset, len(order)))
    points = [_shown(point, results, rulesets) for point in points]
    return sorted(points, key=lambda point: list(Topic).index(point.topic))


def parameter_points(rulesets: Sequence[Ruleset], units: Mapping[str, Unit]) -> list[VariantPoint]:
    """A point for every parameter whose value differs between two of the rulesets."""
    return [VariantPoint(name, PARAM_TOPICS[name], PARAMS[name].doc,
                         tuple(_reading(r.siglum, r.provisions[name], units) for r in rulesets), name)
            for name in PARAMS if len({render(ruleset[name]) for ruleset in rulesets}) > 1]


def _reading(siglum: str, provision: Provision, units: Mapping[str, Unit]) -> WitnessReading:
    """A provision as a reading: stated, a convention, read from a silence, inherited, or lost in
    a lacuna of its own units."""
    where = Where(RULESET_DIR / f"{siglum}.toml")
    if provision.inherited_from is None:
        status = (Status.CONVENTION if provision.convention else
                  Status.INFERRED if provision.read_from_silence else Status.STATED)
        note = provision.reason if provision.convention else provision.note
        return WitnessReading(siglum, status, render(provision.value), provision.cites, note, where=where)
    lost = any(part.gap_after for unit in provision.own_cites if unit in units for part in units[unit].walk())
    status = Status.LOST if lost else Status.CONVENTION if provision.convention else Status.INHERITED
    return WitnessReading(siglum, status, None if lost else render(provision.value), provision.own_cites,
                          provision.reason, provision.inherited_from, where)


def _checked(point: VariantPoint, units: Mapping[str, Unit], witnesses: list[str]) -> VariantPoint:
    """The point with its readings in witness order, once each names a witness and units of its own."""
    for reading in point.readings:
        if reading.witness not in witnesses:
            raise reading.where.error(f"point {point.id!r}: unknown witness {reading.witness!r}"
                                      f" (known: {', '.join(witnesses)})")
        for unit in reading.units:
            if unit not in units:
                raise reading.where.error(f"point {point.id!r}: no unit {unit} in the corpus (a stale id?)")
            if units[unit].witness != reading.witness:
                raise reading.where.error(f"point {point.id!r}: {unit} is not a unit of {reading.witness}")
    readings = sorted(point.readings, key=lambda reading: witnesses.index(reading.witness))
    return replace(point, readings=tuple(readings))


def _check_links(points: list[VariantPoint], links: Iterable[Link], locate: Locate) -> None:
    """Every editor's variant link, and every link naming a point, names a point whose readings
    cite both its units (or a unit containing them); an error names the link's file and line."""
    by_id = {point.id: point for point in points}
    for link in links:
        if link.point is None and (link.relation != Relation.VARIANT or link.origin is Origin.AUTO):
            continue
        name = f"link {link.source} ⇄ {link.target}"
        if link.point not in by_id:
            raise InputError(f"variant {name} names no point" if link.point is None
                             else f"{name}: no variant point {link.point!r}", *locate(link))
        cites = by_id[link.point].cites
        for unit in (link.source, link.target):
            if not within(unit, cites):
                raise InputError(f"{name}: point {link.point!r} does not cite {unit} "
                                 f"({', '.join(cites)})", *locate(link))


def _shown(point: VariantPoint, results: list[CitingScenario], rulesets: Sequence[Ruleset]) -> VariantPoint:
    """The point with the scenarios that show it: of those citing any of its units (or a part of
    one), for a point
    with an engine parameter the ones its reading decides (`_decided`); for an editors' point
    without one, those its `scenarios` name (each checked to cite it), else every one citing it,
    since it has no engine value to vary and play. Only citing
    ones are tried: others break under another value without being about it (de-scheicher's
    irregularity scenarios, scripted through a second exchange, under en-short's `repropose`)."""
    cites = frozenset(point.cites)
    citing = [r for r in results if any(within(unit, cites) for unit in r.cites)]
    if point.chosen is not None:
        ids = {r.id for r in citing}
        for name in point.chosen:
            if name not in ids:
                raise point.where.error(f"point {point.id!r}: scenario {name!r} is none of those citing "
                                        f"its units (a stale or mistyped id?)")
        citing = [r for r in citing if r.id in point.chosen]
    if point.parameter is not None:
        by_siglum = {ruleset.siglum: ruleset for ruleset in rulesets}
        citing = [r for r in citing if _decided(r, point.parameter, by_siglum.get(r.ruleset), rulesets)]
    return replace(point, scenarios=tuple(ScenarioRef(r.id, r.ruleset) for r in citing))


def _decided(result: CitingScenario, name: str, ruleset: Ruleset | None, rulesets: Sequence[Ruleset]) -> bool:
    """Whether the scenario, passing under its ruleset, fails once parameter `name` is set to a
    value another ruleset gives it (`engine.mutation.alternatives`; none if all agree): it depends
    on that reading."""
    if result.scenario is None or ruleset is None or len({render(r[name]) for r in rulesets}) < 2:
        return False
    return passes(result.scenario, ruleset) and any(
        not passes(result.scenario, ruleset.with_values(**{name: value}))
        for value in alternatives(name, ruleset, rulesets))


TEXT_READINGS = (Status.STATED, Status.LOST)
"""The statuses of a reading the witness's text gives (the others: silent, inherited, read from
its silence, a convention)."""


def select(points: Iterable[VariantPoint], topic: str | None = None,
           witness: str | None = None, witnesses: Collection[str] = ()) -> list[VariantPoint]:
    """The points of one topic, and/or those on which one witness's text speaks (`TEXT_READINGS`); a
    witness neither among `witnesses` (the corpus's) nor read on any point is an error."""
    points = list(points)
    known = {reading.witness for point in points for reading in point.readings}
    if witness is not None and witness not in known and witness not in witnesses:
        raise InputError(f"no witness {witness!r} in the corpus; witnesses with readings: "
                         f"{', '.join(sorted(known))}")
    return [point for point in points if topic in (None, point.topic.value)
            and (witness is None or any(reading.witness == witness and reading.status in TEXT_READINGS
                                        for reading in point.readings))]


def points_by_unit(points: Iterable[VariantPoint]) -> dict[str, list[str]]:
    """Unit id → the ids of the points that cite it (`ecarte xref`'s `variants`)."""
    found: dict[str, list[str]] = {}
    for point in points:
        for unit in point.cites:
            found.setdefault(unit, []).append(point.id)
    return found
