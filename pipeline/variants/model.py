"""The variant points as data: closed sets (statuses, topics) and frozen points with their readings."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from ..errors import InputError


class Status(str, Enum):
    """How a witness stands on a point."""

    STATED = "stated"            # the witness states the value, in the units cited
    INHERITED = "inherited"      # silent: the engine takes the value from another ruleset
    SILENT = "silent"            # says nothing of it (an editorial point)
    INFERRED = "inferred"        # says nothing of it; the editors read its silence as the value (note: how)
    LOST = "lost"                # its text on it is lost: a lacuna in the units cited
    CONVENTION = "convention"    # no witness states it; the engine follows a stated convention


class Topic(str, Enum):
    """The part of the game a point belongs to; points are listed in this order."""

    CARDS = "cards"
    DEAL = "deal"
    KING = "king"
    EXCHANGE = "exchange"
    PLAY = "play"
    SCORING = "scoring"
    IRREGULARITIES = "irregularities"
    CHOUETTE = "chouette"
    STAKES = "stakes"
    PLAYERS = "players"
    TOURNAMENTS = "tournaments"


@dataclass(frozen=True)
class Where:
    """The file, and line if known, a point or reading is written at: where an error about it points."""

    path: Path
    line: int | None = None

    def error(self, message: str) -> InputError:
        """The one-line error `path:line: message`."""
        return InputError(message, self.path, self.line)


@dataclass(frozen=True)
class WitnessReading:
    """One witness's reading of a point: its value, the units that state it, its status."""

    witness: str
    status: Status
    value: str | None
    units: tuple[str, ...] = ()
    note: str | None = None
    inherited_from: str | None = None       # the ruleset the engine takes this witness's value from
    where: Where | None = field(default=None, compare=False, repr=False)

    def headline(self) -> str:
        """The reading in one line for people: witness, status, where the value comes from, value."""
        if self.value is None:
            follows = f" (the engine follows {self.inherited_from})" if self.inherited_from else ""
            return f"{self.witness}, {self.status.value}: —{follows}"
        source = f" from {self.inherited_from}" if self.inherited_from else ""
        return f"{self.witness}, {self.status.value}{source}: {self.value}"

    def as_json(self, scenarios: list[str]) -> dict[str, Any]:
        """The reading in `ecarte variants --json`, with the scenarios played under its ruleset."""
        record = {"witness": self.witness, "value": self.value, "units": list(self.units),
                  "inherited": self.inherited_from is not None, "status": self.status.value}
        if self.note:
            record["note"] = self.note
        if self.inherited_from:
            record["inherited_from"] = self.inherited_from
        return record | {"scenarios": scenarios}


@dataclass(frozen=True)
class ScenarioRef:
    """A conformance scenario that shows a point, with the ruleset it is played under."""

    id: str
    ruleset: str | None


@dataclass(frozen=True)
class VariantPoint:
    """One regulation on which witnesses differ: each witness's reading and the scenarios showing it."""

    id: str
    topic: Topic
    summary: str
    readings: tuple[WitnessReading, ...]
    parameter: str | None = None             # the engine parameter that models it
    scenarios: tuple[ScenarioRef, ...] = ()
    where: Where | None = field(default=None, compare=False, repr=False)
    chosen: tuple[str, ...] | None = None    # the scenarios the editors name as showing it, if they do
    no_scenario: str | None = None           # why none of those citing it shows it, where none does

    @property
    def cites(self) -> tuple[str, ...]:
        """Every unit its readings cite, in reading order."""
        return tuple(dict.fromkeys(unit for reading in self.readings for unit in reading.units))

    def scenarios_by_ruleset(self) -> dict[str | None, list[str]]:
        """Its scenarios' ids grouped by the ruleset they are played under."""
        grouped: dict[str | None, list[str]] = {}
        for scenario in self.scenarios:
            grouped.setdefault(scenario.ruleset, []).append(scenario.id)
        return grouped

    def as_json(self) -> dict[str, Any]:
        """The point in `ecarte variants --json` (CONTRACT.md §3, docs/contract-extensions.md)."""
        shown = self.scenarios_by_ruleset()
        return {"id": self.id, "topic": self.topic.value, "parameter": self.parameter,
                "summary": self.summary,
                "readings": [r.as_json(shown.get(r.witness, [])) for r in self.readings],
                "scenarios": [s.id for s in self.scenarios]}

    def describe(self) -> str:
        """The point for people: id, topic, parameter, each reading with its units, the scenarios."""
        lines = [f"{self.id} ({self.topic.value}; parameter {self.parameter or '—'})", f"  {self.summary}"]
        for r in self.readings:
            lines.append(f"  {r.headline()}")
            lines += [f"    units: {', '.join(r.units)}"] if r.units else []
            lines += [f"    note: {r.note}"] if r.note else []
        lines += [f"  scenarios under {ruleset}: {', '.join(ids)}"
                  for ruleset, ids in self.scenarios_by_ruleset().items()]
        lines += [f"  no scenario shows it: {self.no_scenario}"] if self.no_scenario else []
        return "\n".join(lines)


def render(value: Any) -> str:
    """A ruleset value as text: a string as it is, anything else as JSON; values are compared so."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
