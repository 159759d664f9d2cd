"""The engine's rules, parameters and policies with the units that state them, for cross-references.

`catalog()` lists every rule (id, statement, the parameters it reads, the units that state it
under each ruleset), every ruleset parameter (value, units, inheritance or convention) and the
policies' statements; `rules_by_unit()` inverts it for `ecarte xref`'s `rules` field, and
`describe_unit()` says, for people, how each ruleset uses a unit — inheritances included.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .irregularities import DESCRIPTION, Irregularity
from .policies import POLICY_RULES
from .rules import RULES
from .ruleset import available, load


@dataclass(frozen=True)
class RuleEntry:
    """A rule of the engine (or a policy's statement) and the units that state it."""

    id: str
    doc: str
    params: tuple[str, ...]
    cites: dict[str, tuple[str, ...]]      # ruleset siglum → units (policies: under "policy")

    @property
    def units(self) -> tuple[str, ...]:
        """Every unit cited for this rule, under any ruleset."""
        return tuple(dict.fromkeys(u for units in self.cites.values() for u in units))


@dataclass(frozen=True)
class ParamEntry:
    """One parameter's value under one ruleset, with where it comes from."""

    ruleset: str
    name: str
    value: Any
    cites: tuple[str, ...]
    inherited_from: str | None
    source: str | None
    reason: str | None
    note: str | None
    convention: bool
    read_from_silence: bool


@dataclass(frozen=True)
class Catalog:
    """Rules, policies and parameters of the engine, each with its citations."""

    rules: tuple[RuleEntry, ...]
    params: tuple[ParamEntry, ...]

    def rules_by_unit(self) -> dict[str, list[str]]:
        """Unit id → ids of the rules (and policies) that cite it."""
        found: dict[str, list[str]] = {}
        for rule in self.rules:
            for unit in rule.units:
                found.setdefault(unit, []).append(rule.id)
        return found

    def as_json(self) -> dict[str, Any]:
        """The catalogue as plain data."""
        return {"rules": [{"id": r.id, "doc": r.doc, "params": list(r.params),
                           "cites": {k: list(v) for k, v in r.cites.items()}} for r in self.rules],
                "params": [{"ruleset": p.ruleset, "name": p.name, "value": p.value, "cites": list(p.cites),
                            "inherited_from": p.inherited_from, "source": p.source, "reason": p.reason,
                            "note": p.note, "convention": p.convention,
                            "read_from_silence": p.read_from_silence} for p in self.params]}


def catalog() -> Catalog:
    """Every rule, policy statement and ruleset parameter of the engine, with its citations."""
    rulesets = [load(siglum) for siglum in available()]
    rules = [RuleEntry(rule.id, rule.doc, rule.params, {r.siglum: r.cites(rule.id) for r in rulesets})
             for rule in RULES.values()]
    rules += [RuleEntry(pid, doc, (), {"policy": cites}) for pid, (doc, cites) in POLICY_RULES.items()]
    rules += [RuleEntry(f"table.{kind}", f"Table mode: {DESCRIPTION[kind]}.", (),
                        {r.siglum: tuple(dict.fromkeys(u for (k, _, _), ruling in r.rulings.items() if k is kind
                                                       for u in ruling.cites)) for r in rulesets})
              for kind in Irregularity]
    params = [ParamEntry(r.siglum, p.name, p.value, p.cites, p.inherited_from, p.source, p.reason, p.note,
                         p.convention, p.read_from_silence) for r in rulesets for p in r.provisions.values()]
    return Catalog(tuple(rules), tuple(params))


def rules_by_unit() -> dict[str, list[str]]:
    """Unit id → ids of the engine rules and policies that cite it (`ecarte xref`'s `rules`)."""
    return catalog().rules_by_unit()


def describe_unit(unit_id: str) -> list[str]:
    """One line per rule and ruleset citing `unit_id`: the rule, the ruleset, where its value comes from.

    For example "play.must-trump (de-scheicher): de-scheicher.7.1; inherited from en-wiki: …".
    """
    lines = []
    for siglum in available():
        ruleset = load(siglum)
        for rule_id in RULES:
            if unit_id in ruleset.cites(rule_id):
                lines.append(f"{rule_id} ({siglum}): {ruleset.describe(rule_id)}")
        lines += [f"table.{r.kind} · {r.case} ({siglum}): {r.describe()}" for r in ruleset.rulings.values()
                  if unit_id in r.cites]
    lines += [f"{pid} (policy): {doc}" for pid, (doc, cites) in POLICY_RULES.items() if unit_id in cites]
    return lines
