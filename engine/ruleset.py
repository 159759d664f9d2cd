"""Rulesets: one per witness, each parameter's value with the units that state it.

A ruleset is data (engine/rulesets/SIGLUM.toml). Every parameter of `engine.rules.PARAMS`
must be given, in one of three ways, so that no value is ever a silent default:

- `value` and `cites`: the witness states it (an optional `note` says how the text is read);
- `inherits = "OTHER"` and `reason`: the witness is silent or has a lacuna there, so the
  value and citations come from ruleset OTHER (own `cites` may name the silent or broken units);
- `value`, `cites = []` and `convention`: no witness says it; the reason is stated;
- `value`, `cites`, `read_from_silence = true` and `note`: the witness says nothing of it, and
  the editors read its silence as this value from the units cited, as the note says.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .irregularities import Ruling, Rulings, read_rulings
from .param_values import as_written
from .rules import PARAMS, RULES

RULESET_DIR = Path(__file__).with_name("rulesets")
_KEYS = {"value", "cites", "inherits", "reason", "note", "convention", "read_from_silence"}


class RulesetError(ValueError):
    """A ruleset file that is malformed or incomplete."""


@dataclass(frozen=True)
class Provision:
    """One parameter's value in one ruleset, with its citations and where it comes from."""

    name: str
    value: Any
    cites: tuple[str, ...]
    own_cites: tuple[str, ...]
    inherited_from: str | None = None
    source: str | None = None
    reason: str | None = None
    note: str | None = None
    convention: bool = False
    read_from_silence: bool = False     # the editors' reading of the witness's silence (`note`: how)

    def describe(self) -> str:
        """The citations read aloud, with the inheritance or convention that supplies the value."""
        return describe([self])


@dataclass(frozen=True, eq=False)
class Ruleset:
    """The rules of play of one witness: a frozen mapping of parameter name → Provision (compared by identity)."""

    siglum: str
    title: str
    provisions: Mapping[str, Provision]
    rulings: Rulings = field(default_factory=lambda: MappingProxyType({}))
    rule_cites: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "provisions", MappingProxyType(dict(self.provisions)))
        cites = {rid: tuple(dict.fromkeys(c for p in rule.params for c in self.provisions[p].cites))
                 for rid, rule in RULES.items()}
        object.__setattr__(self, "rule_cites", MappingProxyType(cites))

    def __getitem__(self, name: str) -> Any:
        return self.provisions[name].value

    def cites(self, rule_id: str) -> tuple[str, ...]:
        """The units that state a rule under this ruleset (its parameters' citations)."""
        return self.rule_cites[rule_id]

    def describe(self, rule_id: str) -> str:
        """A rule's citations read aloud, naming inheritances and conventions."""
        return describe([self.provisions[p] for p in RULES[rule_id].params])

    def with_rulings(self, **rulings: Ruling) -> "Ruleset":
        """A variant of this ruleset with some rulings of table mode replaced (the mutation check)."""
        changed = dict(self.rulings)
        for ruling in rulings.values():
            changed[ruling.kind, ruling.case, ruling.role] = ruling
        return Ruleset(self.siglum, self.title, self.provisions, MappingProxyType(changed))

    def with_values(self, **values: Any) -> "Ruleset":
        """A variant of this ruleset with some values replaced (for studies and tests)."""
        provisions = dict(self.provisions)
        for name, given in values.items():
            try:
                value = _value(name, given)
            except ValueError as error:
                raise RulesetError(f"{self.siglum} variant: params.{name}: {error}") from None
            old = provisions[name]
            provisions[name] = replace(old, value=value)
        return Ruleset(self.siglum, self.title, provisions, self.rulings)


def describe(provisions: list[Provision]) -> str:
    """Citations of some provisions read aloud: own units, those whose silence is read, then
    inheritances, then conventions."""
    own: dict[str, None] = {}
    silent: dict[str, None] = {}
    inherited: dict[str, dict[str, None]] = {}
    conventions: dict[str, None] = {}
    for prov in provisions:
        (silent if prov.read_from_silence else own).update(dict.fromkeys(prov.own_cites))
        if prov.inherited_from:
            parent = prov.inherited_from
            key = parent if prov.source in (parent, None) else f"{parent} (from {prov.source})"
            inherited.setdefault(key, {}).update(
                dict.fromkeys(c for c in prov.cites if c not in prov.own_cites))
        if prov.convention:
            conventions[prov.reason if not prov.inherited_from else "see " + prov.source] = None
    parts = [", ".join(u for u in own if u not in silent)] if own.keys() - silent.keys() else []
    parts += [f"read from the silence of {', '.join(silent)}"] if silent else []
    parts += [f"inherited from {k}: {', '.join(v)}" if v else f"inherited from {k}"
              for k, v in inherited.items()]
    parts += [f"convention: {reason}" for reason in conventions]
    return "; ".join(parts)


def available() -> list[str]:
    """The sigla of the rulesets shipped with the engine."""
    return sorted(p.stem for p in RULESET_DIR.glob("*.toml"))


@cache
def load(siglum: str) -> Ruleset:
    """The ruleset of a witness, its inheritances resolved; RulesetError if unknown or malformed."""
    data = _read(siglum)
    try:
        rulings = read_rulings(data.get("irregularities", {}), siglum, str(RULESET_DIR / f"{siglum}.toml"))
    except ValueError as error:
        raise RulesetError(str(error)) from None
    return Ruleset(siglum, data.get("title", siglum),
                   {name: _provision(siglum, name, ()) for name in PARAMS}, rulings)


@cache
def _read(siglum: str) -> dict[str, Any]:
    """A ruleset file, checked to name every parameter and no other."""
    path = RULESET_DIR / f"{siglum}.toml"
    if not path.is_file():
        raise RulesetError(f"unknown ruleset {siglum!r} (known: {', '.join(available())})")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{path}: {error}") from None
    if data.get("siglum") != siglum:
        raise RulesetError(f"{path}: siglum must be {siglum!r}")
    params = data.get("params", {})
    unknown, missing = sorted(set(params) - set(PARAMS)), sorted(set(PARAMS) - set(params))
    if unknown or missing:
        raise RulesetError(f"{path}: unknown parameters {unknown}, missing parameters {missing}")
    return data


def _provision(siglum: str, name: str, chain: tuple[str, ...]) -> Provision:
    """One parameter of one ruleset, checked and resolved along its chain of inheritance."""
    if siglum in chain:
        raise RulesetError(f"params.{name}: inheritance cycle {' → '.join(chain + (siglum,))}")
    entry = _read(siglum)["params"][name]
    if not isinstance(entry, dict) or set(entry) - _KEYS:
        raise RulesetError(f"{_where(siglum, name)}: expected a table with keys among {sorted(_KEYS)}")
    silence = entry.get("read_from_silence", False)
    if silence is not False and (silence is not True or not entry.get("cites") or "note" not in entry
                                 or "inherits" in entry or "convention" in entry):
        raise RulesetError(f"{_where(siglum, name, 'read_from_silence')}: `read_from_silence = true` "
                           f"takes the `cites` the silence is read from and a `note` saying how, and "
                           f"no `inherits` or `convention`")
    own = tuple(entry.get("cites", ()))
    for unit in own:
        if not isinstance(unit, str) or not unit.startswith(siglum + "."):
            raise RulesetError(f"{_where(siglum, name)}: {unit!r} is not a unit of {siglum}")
    if "inherits" in entry:
        if "value" in entry or "reason" not in entry:
            raise RulesetError(f"{_where(siglum, name)}: an inherited value takes `reason` and no `value`")
        parent = _provision(entry["inherits"], name, chain + (siglum,))
        return Provision(name, parent.value, tuple(dict.fromkeys(own + parent.cites)), own,
                         entry["inherits"], parent.source, entry["reason"], entry.get("note"),
                         parent.convention)
    if "value" not in entry:
        raise RulesetError(f"{_where(siglum, name)}: needs `value` (with `cites`) or `inherits` (with `reason`)")
    try:
        value = _value(name, entry["value"])
    except ValueError as error:
        raise RulesetError(f"{_where(siglum, name, 'value')}: {error}") from None
    if not own and "convention" not in entry:
        raise RulesetError(f"{_where(siglum, name)}: a value needs `cites`, or `convention` saying why none")
    return Provision(name, value, own, own, None, siglum, entry.get("convention"),
                     entry.get("note"), "convention" in entry, silence)


def _value(name: str, value: Any) -> Any:
    """A parameter's value as the engine holds it (a closed value as its enum member); ValueError
    saying what the parameter takes if not."""
    param = PARAMS[name]
    try:
        return param.read(value)
    except ValueError:
        raise ValueError(f"value {as_written(value)!r} is not {param.expects}") from None


def _where(siglum: str, name: str, key: str | None = None) -> str:
    """Where a parameter, or one key of its table, is written: `FILE:LINE: params.NAME` (read only
    to name the line, so the file is reread)."""
    path = RULESET_DIR / f"{siglum}.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    found = next((i for i, line in enumerate(lines) if line.strip() == f"[params.{name}]"), None)
    if found is not None and key is not None:
        for i in range(found + 1, len(lines)):
            if lines[i].lstrip().startswith("["):
                break
            if lines[i].split("=", 1)[0].strip() == key:
                found = i
                break
    return f"{path}:{found + 1}: params.{name}" if found is not None else f"{path}: params.{name}"
