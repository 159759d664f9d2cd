"""The editors' variant points (corpus/editorial/variants.toml), checked as far as the file alone can tell.

    [point."irregularity.renonce"]
    topic = "irregularities"
    summary = "What happens when a player fails to follow suit as required."
    [[point."irregularity.renonce".reading]]
    witness = "hu-nc"
    status = "stated"            # stated | silent | lost
    value = "the hand is restored and replayed; the offender scores one point less"
    units = ["hu-nc.44.2"]

Every error names the file and the line of the table at fault. Witnesses and unit ids are
checked by the stage (`variant_points`), against the rulesets and the corpus.
"""
from __future__ import annotations

import re

from enum import Enum
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..files import read_toml, table_lines
from .model import Status, Topic, VariantPoint, Where, WitnessReading

_POINT_KEYS = {"topic", "summary", "reading", "parameter", "scenarios", "no_scenario"}
_READING_KEYS = {"witness", "status", "value", "units", "note"}
_STATUSES = (Status.STATED, Status.SILENT, Status.LOST)


POINT_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)+$")
"""An editorial point's id: TOPIC.NAME, kebab-case (parameters' points are named by the parameter)."""


def read_points(path: Path) -> list[VariantPoint]:
    """The editors' variant points, in file order; none while the file does not exist."""
    data = read_toml(path, "variant points", missing_ok=True)
    if unknown := sorted(set(data) - {"point"}):
        raise InputError(f"unknown key {unknown[0]!r}: only [point.ID] tables belong here", path)
    points = data.get("point", {})
    if not isinstance(points, dict):
        raise InputError("`point` must be tables [point.ID]", path)
    text = path.read_text(encoding="utf-8") if points else ""
    return [_point(pid, entry, path, text) for pid, entry in points.items()]


def _point(pid: str, entry: Any, path: Path, text: str) -> VariantPoint:
    """One [point.ID] table with its readings: no witness read twice, and the readings differ."""
    reading_lines = table_lines(text, "point", pid, "reading")
    where = Where(path, (table_lines(text, "point", pid) + reading_lines + [None])[0])
    what = f"point {pid!r}"
    if not POINT_ID.match(pid) or pid.startswith("param."):
        raise where.error(f"{what}: an id is words of lower-case letters and digits joined by "
                          f"hyphens, in parts joined by dots (irregularity.card-exposed), not param.…")
    _check_keys(entry, _POINT_KEYS, _POINT_KEYS - {"parameter", "scenarios", "no_scenario"}, where, what)
    topic = _choice(entry["topic"], tuple(Topic), where, f"{what}: topic")
    if not isinstance(entry["summary"], str) or not entry["summary"].strip():
        raise where.error(f"{what}: summary must be a sentence")
    if not isinstance(entry["reading"], list):
        raise where.error(f"{what}: readings must be [[point.{pid}.reading]] tables")
    lines = reading_lines + [where.line] * len(entry["reading"])      # an inline array has no headers
    readings = tuple(_reading(what, raw, Where(path, line)) for raw, line in zip(entry["reading"], lines))
    seen: set[str] = set()
    for reading in readings:
        if reading.witness in seen:
            raise reading.where.error(f"{what}: a second reading of {reading.witness}")
        seen.add(reading.witness)
    if len({(r.status, " ".join((r.value or "").split())) for r in readings}) < 2:
        raise where.error(f"{what}: its readings do not differ (a point is where witnesses differ)")
    parameter = entry.get("parameter")
    if parameter is not None and not isinstance(parameter, str):
        raise where.error(f"{what}: parameter names one engine parameter")
    shown = entry.get("scenarios")
    if shown is not None and (not isinstance(shown, list) or not all(isinstance(s, str) for s in shown)
                              or parameter is not None or len(set(shown)) < len(shown)):
        raise where.error(f"{what}: scenarios lists the ids of the scenarios that show a point without "
                          f"an engine parameter, each once (a parameter's are those its value decides)")
    why_none = entry.get("no_scenario")
    if (shown == []) != (isinstance(why_none, str) and bool(why_none.strip())):
        raise where.error(f"{what}: `scenarios = []` (no citing scenario shows the point) comes with "
                          f"`no_scenario` saying why, and only then")
    return VariantPoint(pid, topic, entry["summary"], readings, parameter, where=where,
                        chosen=tuple(shown) if shown is not None else None, no_scenario=why_none)


def _reading(what: str, raw: Any, where: Where) -> WitnessReading:
    """One [[point.ID.reading]] table: a value stated in units, or a witness silent or lost there."""
    _check_keys(raw, _READING_KEYS, {"witness", "status"}, where, f"{what}, a reading")
    what = f"{what}, reading of {raw['witness']}"
    status = _choice(raw["status"], _STATUSES, where, f"{what}: status")
    units, value, note = raw.get("units", []), raw.get("value"), raw.get("note")
    if not isinstance(units, list) or not all(isinstance(unit, str) for unit in units):
        raise where.error(f"{what}: units must be a list of unit ids")
    if status is Status.STATED and not (isinstance(value, str) and value.strip() and units):
        raise where.error(f"{what}: a stated reading needs a value and the units that state it")
    if status is not Status.STATED and value not in (None, ""):
        raise where.error(f"{what}: a {status.value} reading has no value (say why in `note`)")
    if note is not None and not isinstance(note, str):
        raise where.error(f"{what}: note must be text")
    return WitnessReading(str(raw["witness"]), status, value or None, tuple(units), note, where=where)


def _check_keys(entry: Any, allowed: set[str], required: set[str], where: Where, what: str) -> None:
    """An error at `where` unless `entry` is a table with every required key and no unknown one."""
    if not isinstance(entry, dict):
        raise where.error(f"{what} must be a table")
    if missing := sorted(required - set(entry)):
        raise where.error(f"{what}: missing {missing[0]!r}")
    if unknown := sorted(set(entry) - allowed):
        raise where.error(f"{what}: unknown key {unknown[0]!r} (known: {', '.join(sorted(allowed))})")


def _choice(value: Any, allowed: tuple[Enum, ...], where: Where, what: str) -> Any:
    """The member of a closed set that `value` names; an error listing the set otherwise."""
    if value not in allowed:
        raise where.error(f"{what} {value!r} is not one of {', '.join(a.value for a in allowed)}")
    return type(allowed[0])(value)
