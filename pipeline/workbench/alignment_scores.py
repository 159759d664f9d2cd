"""Precision, recall and F1 of an alignment against a hand-checked gold (`ecarte align --evaluate`).

A gold file (tests/gold/alignment.toml) lists `[[link]]` entries (source, target, relation) and
`[[none]]` entries. It speaks for every normative unit with text of its own (`Unit.speaks`) of
its sources' witness: a predicted link from such a unit that the gold lacks is a false positive. Links are compared as unordered pairs
of units; relations are scored apart, over the links both have.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..files import array_of_tables, read_toml
from ..model import Kind, Link, Relation, Unit, siglum_of


@dataclass(frozen=True)
class Gold:
    """The gold links as unordered pairs with their relations, and the witness they speak for."""

    witness: str
    links: dict[frozenset[str], Relation]
    path: Path
    lines: dict[frozenset[str], int] = field(default_factory=dict, compare=False)   # where each link is


@dataclass(frozen=True)
class Scope:
    """What of its witness a gold speaks for: its normative units with text of their own (the
    rules' rows) and its headings (the headings' rows), and whether it links any of each."""

    rules: frozenset[str]
    headings: frozenset[str]
    links_rules: bool
    links_headings: bool

    @classmethod
    def of(cls, gold: Gold, units: Iterable[Unit]) -> "Scope":
        """The scope in the corpus's units; a gold link naming a unit the corpus lacks is an
        InputError naming the gold's file and the link's line."""
        units = list(units)
        known = {u.id for u in units}
        for pair, line in gold.lines.items():
            for unit in sorted(pair - known):
                raise InputError(f"the gold links unit {unit!r}, which the corpus does not have", gold.path, line)
        mine = [u for u in units if u.witness == gold.witness]
        rules = frozenset(u.id for u in mine if u.normative and u.speaks)
        headings = frozenset(u.id for u in mine if u.kind is Kind.HEADING)
        return cls(rules, headings, *(any(ids & pair for pair in gold.links) for ids in (rules, headings)))


def read_gold_links(path: Path) -> Gold:
    """A gold alignment file; every link's source must be of one witness."""
    data = read_toml(path, "gold alignment")
    links: dict[frozenset[str], Relation] = {}
    lines: dict[frozenset[str], int] = {}
    witnesses = set()
    for entry, line in array_of_tables(data, path.read_text(encoding="utf-8"), "link", path):
        try:
            if not all(isinstance(entry[k], str) for k in ("source", "target")):
                raise TypeError
            links[frozenset((entry["source"], entry["target"]))] = Relation(entry["relation"])
            lines[frozenset((entry["source"], entry["target"]))] = line
        except (KeyError, ValueError, TypeError):
            raise InputError("a gold link needs source and target units and a relation of "
                             f"{', '.join(r.value for r in Relation)}", path, line) from None
        witnesses.add(siglum_of(entry["source"]))
    if len(witnesses) != 1:
        raise InputError(f"gold links must all start in one witness, not {sorted(witnesses)}", path)
    return Gold(witnesses.pop(), links, path, lines)


@dataclass(frozen=True)
class PairScore:
    """How an alignment of the gold's witness with another compares with the gold."""

    other: str
    gold: int
    found: int
    correct: int
    relation_correct: int

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else 0.0

    @property
    def recall(self) -> float:
        return self.correct / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_json(self) -> dict:
        return {"witness": self.other, "gold": self.gold, "found": self.found,
                "correct": self.correct, "precision": round(self.precision, 3),
                "recall": round(self.recall, 3), "f1": round(self.f1, 3),
                "relation_agreement": round(self.relation_correct / self.correct, 3)
                if self.correct else None}


def score(gold: Gold, links: Iterable[Link], scope: Iterable[str], other: str) -> PairScore:
    """The links between the gold's units in `scope` (its witness's normative units with text of their own) and the
    witness `other`, scored against the gold's."""
    scope = set(scope)

    def ours(pair: frozenset[str]) -> bool:
        return any(u in scope for u in pair) and any(siglum_of(u) == other for u in pair)

    expected = {pair: r for pair, r in gold.links.items() if ours(pair)}
    found: dict[frozenset[str], Relation] = {}
    for link in links:
        pair = frozenset((link.source, link.target))
        if ours(pair):
            found[pair] = link.relation
    correct = expected.keys() & found.keys()
    return PairScore(other, len(expected), len(found), len(correct),
                     sum(expected[p] is found[p] for p in correct))


def micro(scores: Iterable[PairScore]) -> PairScore:
    """The scores of several pairs taken together."""
    scores = list(scores)
    return PairScore("all", sum(s.gold for s in scores), sum(s.found for s in scores),
                     sum(s.correct for s in scores), sum(s.relation_correct for s in scores))


def witnesses_of(gold: Gold) -> list[str]:
    """The other witnesses the gold aligns its witness with, in order of first mention."""
    return list(dict.fromkeys(siglum_of(u) for pair in gold.links for u in pair
                              if siglum_of(u) != gold.witness))

