"""The mutation check: do a ruleset's conformance scenarios pin each of its parameters?

For each ruleset and each parameter of `engine.rules.PARAMS`, the parameter is set in turn to
each alternative value (`alternatives`) and the ruleset's own scenarios are run against that
variant. A mutation is killed when a scenario that passes under the real ruleset fails, or cannot
be run, under the variant; a parameter is pinned when every mutation of it is killed. A parameter
with a single legal value has no mutation and is counted apart, never as pinned. A mutation that
plays exactly like the real value under its ruleset (a maximum the ruleset's scoring never
reaches) is an `Equivalence`, recorded as data with its reason and counted apart; one that a
scenario kills after all is stale.
"""
from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any

from .conformance import Status, discover, run_scenario
from .irregularities import Effect, Option, Role, Ruling, options_data
from .param_values import NoMaximum, as_written
from .rules import PARAMS
from .ruleset import Ruleset, available, load
from .scenario import Scenario, ScenarioError, load_scenario


def _neighbours(value: Any) -> list[Any]:
    """Values near `value` of the same shape, legal or not (the parameter's validator sorts them):
    a boolean's negation, an integer ±1, a range narrowed and widened by one at either end, a set
    of batches with one dropped, a table with one entry ±1, an order with two neighbours swapped,
    and for "none" (no maximum) the agreed maxima of three (en-wiki.s6.p3) and two."""
    match value:
        case bool():
            return [not value]
        case int():
            return [value - 1, value + 1]
        case NoMaximum.NONE:
            return [3, 2]
        case str() if " " in value:
            ranks = value.split()
            return [" ".join(ranks[:i] + [ranks[i + 1], ranks[i]] + ranks[i + 2:]) for i in range(len(ranks) - 1)]
        case [int() as low, int() as high]:
            return [[low + 1, high], [low, high - 1], [low - 1, high], [low, high + 1]]
        case list():
            return [[v for v in value if v != dropped] for dropped in value]
        case dict():
            return [{**value, key: value[key] + step} for key in value for step in (-1, 1)]
    return []


def _key(value: Any) -> Any:
    """A value in comparable form, as files write it: a list of names is a set (the batches allowed),
    a table its items."""
    value = as_written(value)
    if isinstance(value, list):
        return frozenset(value) if all(isinstance(v, str) for v in value) else tuple(value)
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    return (type(value), value)


def alternatives(name: str, ruleset: Ruleset, rulesets: Sequence[Ruleset]) -> tuple[Any, ...]:
    """The values a parameter is mutated to: each other value another ruleset gives it, or, when
    all rulesets agree, each other legal value near it (`_neighbours`, or the one-of's choices)."""
    param, value = PARAMS[name], ruleset[name]
    given = [r[name] for r in rulesets]
    candidates = given if any(_key(v) != _key(value) for v in given) else \
        (param.choices or _neighbours(value))
    found: dict[Any, Any] = {}
    for candidate in candidates:
        if _key(candidate) != _key(value) and param.valid(candidate):
            found.setdefault(_key(candidate), candidate)
    return tuple(found.values())


@dataclass(frozen=True)
class Equivalence:
    """A mutation recorded as playing exactly like the real value under its ruleset, with why;
    `line` is where the data file gives it."""

    ruleset: str
    parameter: str
    value: Any
    reason: str
    line: int | None = None

    def names(self, ruleset: str, parameter: str, value: Any) -> bool:
        """Whether this entry is about that mutation."""
        return (self.ruleset, self.parameter, _key(self.value)) == (ruleset, parameter, _key(value))


class Pinning(str, Enum):
    """What the scenarios do to a parameter's mutations."""

    PINNED = "pinned"                  # every mutation killed, but those recorded as equivalent
    UNPINNED = "unpinned"              # some mutation survives
    EQUIVALENT = "equivalent"          # every alternative plays like the real value
    NO_ALTERNATIVE = "no-alternative"  # a single legal value: nothing to mutate

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Mutation:
    """One parameter of one ruleset set to another value, and the scenarios that then fail."""

    ruleset: str
    parameter: str
    value: Any
    failing: tuple[str, ...]
    equivalent: str | None = None      # why it plays like the real value, if recorded so

    @property
    def killed(self) -> bool:
        """Whether some scenario fails under the mutation."""
        return bool(self.failing)

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "failing": list(self.failing), "killed": self.killed,
                "equivalent": self.equivalent}


@dataclass(frozen=True)
class ParameterCheck:
    """One parameter of one ruleset: its value and its mutations."""

    ruleset: str
    parameter: str
    value: Any
    mutations: tuple[Mutation, ...]

    @property
    def pinning(self) -> Pinning:
        """What the scenarios do to this parameter's mutations."""
        if not self.mutations:
            return Pinning.NO_ALTERNATIVE
        if all(m.equivalent and not m.killed for m in self.mutations):
            return Pinning.EQUIVALENT
        return Pinning.PINNED if all(m.killed or m.equivalent for m in self.mutations) else Pinning.UNPINNED

    def as_json(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "parameter": self.parameter, "value": self.value,
                "pinning": self.pinning.value, "mutations": [m.as_json() for m in self.mutations]}


@dataclass(frozen=True)
class MutationReport:
    """Every parameter of every ruleset checked, the scenarios each ruleset passes, the time taken."""

    checks: tuple[ParameterCheck, ...]
    scenarios: dict[str, int]
    seconds: float

    def count(self, pinning: Pinning) -> int:
        """How many parameters are in that state."""
        return sum(c.pinning is pinning for c in self.checks)

    @property
    def mutations(self) -> list[Mutation]:
        """Every mutation made, in order."""
        return [m for c in self.checks for m in c.mutations]

    def summary(self) -> dict[str, Any]:
        """The figures: parameters (ruleset × parameter) pinned and unpinned, those with only
        equivalent alternatives or none; mutations, killed, recorded as equivalent; seconds."""
        return {"parameters": self.count(Pinning.PINNED) + self.count(Pinning.UNPINNED),
                "pinned": self.count(Pinning.PINNED), "unpinned": self.count(Pinning.UNPINNED),
                "only_equivalent": self.count(Pinning.EQUIVALENT),
                "no_alternative": self.count(Pinning.NO_ALTERNATIVE),
                "mutations": len(self.mutations), "killed": sum(m.killed for m in self.mutations),
                "equivalent": sum(bool(m.equivalent) for m in self.mutations),
                "seconds": round(self.seconds, 1)}

    def stale(self, equivalences: Iterable[Equivalence]) -> list[tuple[Equivalence, str]]:
        """The equivalences that no longer hold, with why: one naming no mutation the check makes,
        or one whose mutation a scenario kills."""
        found = []
        for entry in equivalences:
            named = [m for m in self.mutations if entry.names(m.ruleset, m.parameter, m.value)]
            if not named:
                found.append((entry, f"{entry.ruleset} {entry.parameter} = {entry.value!r} is no mutation"
                                     " the check makes"))
            elif named[0].killed:
                found.append((entry, f"{entry.ruleset} {entry.parameter} = {entry.value!r} is killed by"
                                     f" {named[0].failing[0]}: it is not equivalent"))
        return found

    def as_json(self) -> dict[str, Any]:
        return {"rulesets": [{"ruleset": siglum, "scenarios": n,
                              "parameters": [c.as_json() for c in self.checks if c.ruleset == siglum]}
                             for siglum, n in self.scenarios.items()],
                "summary": self.summary()}


def ruling_name(ruling: Ruling) -> str:
    """A ruling named as in its ruleset file: `irregularities.KIND.CASE[.ROLE]`."""
    return f"irregularities.{ruling.kind}.{ruling.case}" + ("" if ruling.role is Role.ANY else f".{ruling.role.value}")


def ruling_alternatives(ruling: Ruling, rulesets: Sequence[Ruleset]) -> tuple[tuple[Option, ...], ...]:
    """The remedies a ruling is mutated to: another witness's for the same irregularity and case;
    each remedy with one effect dropped; a choice made a single remedy (each option at once); a
    single remedy made `keep` (or, if it is `keep`, a void deal)."""
    found: dict[tuple[Option, ...], None] = {}
    for other in rulesets:
        same = other.rulings.get((ruling.kind, ruling.case, ruling.role))
        if same is not None:
            found[same.options] = None
    options = ruling.options
    for i, option in enumerate(options):
        for j in range(len(option.effects) if len(option.effects) > 1 else 0):
            fewer = replace(option, effects=option.effects[:j] + option.effects[j + 1:])
            found[options[:i] + (fewer,) + options[i + 1:]] = None
    if ruling.chosen:
        for option in options:
            found[(Option(None, option.effects),)] = None
    else:
        effects = options[0].effects
        found[(Option(None, (Effect.REDEAL,) if effects == (Effect.KEEP,) else (Effect.KEEP,)),)] = None
    found.pop(options, None)
    return tuple(found)


def passes(scenario: Scenario, ruleset: Ruleset) -> bool:
    """Whether the scenario passes under the ruleset (here and in the variants stage, which lists
    the scenarios a reading decides). An engine crash is not a failure: it propagates, so that an
    engine bug is loud instead of being counted as a scenario's work."""
    return run_scenario(scenario, ruleset).status is Status.PASS


def _scenarios(paths: Iterable[str | Path]) -> list[Scenario]:
    """The scenarios under `paths` that can be read (a malformed one is the conformance run's error)."""
    found = []
    for path in discover(paths):
        try:
            found.append(load_scenario(path))
        except ScenarioError:
            continue
    return found


def check(paths: Iterable[str | Path], equivalences: Iterable[Equivalence] = (),
          sigla: Sequence[str] | None = None) -> MutationReport:
    """Mutate every parameter of every ruleset (or those of `sigla`) and run each ruleset's
    scenarios under `paths` against each mutation; `equivalences` mark those recorded as such."""
    equivalences = tuple(equivalences)
    start = time.perf_counter()
    rulesets = [load(siglum) for siglum in available()]
    scenarios = _scenarios(paths)
    checks: list[ParameterCheck] = []
    passing: dict[str, int] = {}
    for ruleset in rulesets:
        if sigla is not None and ruleset.siglum not in sigla:
            continue
        own = [s for s in scenarios if s.ruleset == ruleset.siglum and passes(s, ruleset)]
        passing[ruleset.siglum] = len(own)
        for name in PARAMS:
            mutations = []
            for value in alternatives(name, ruleset, rulesets):
                variant = ruleset.with_values(**{name: value})
                failing = tuple(s.id for s in own if not passes(s, variant))
                reason = next((e.reason for e in equivalences if e.names(ruleset.siglum, name, value)), None)
                mutations.append(Mutation(ruleset.siglum, name, value, failing, reason))
            checks.append(ParameterCheck(ruleset.siglum, name, ruleset[name], tuple(mutations)))
        for ruling in ruleset.rulings.values():
            name = ruling_name(ruling)
            mutations = []
            for options in ruling_alternatives(ruling, rulesets):
                variant = ruleset.with_rulings(**{name: replace(ruling, options=options)})
                failing = tuple(s.id for s in own if not passes(s, variant))
                value = options_data(options)
                reason = next((e.reason for e in equivalences if e.names(ruleset.siglum, name, value)), None)
                mutations.append(Mutation(ruleset.siglum, name, value, failing, reason))
            checks.append(ParameterCheck(ruleset.siglum, name, options_data(ruling.options), tuple(mutations)))
    return MutationReport(tuple(checks), passing, time.perf_counter() - start)
