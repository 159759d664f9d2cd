"""Spelling of about 1900 as rules that turn a period form into the modern forms it may stand for."""
from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

MAX_VARIANTS = 12
"""At most this many modernizations of one word are tried."""
MAX_SITES = 2
"""... rewriting at most this many of the matches of the rules that apply to each match."""


@dataclass(frozen=True)
class Rule:
    """One convention of the period's spelling: `pattern` in a period form is `replace` today."""

    name: str
    pattern: re.Pattern
    replace: str
    apply: Literal["all", "each"]
    max: int
    why: str


@dataclass(frozen=True)
class Orthography:
    """The period's spelling conventions, applied to lower-cased words."""

    rules: tuple[Rule, ...]

    def modernizations(self, word: str, each: bool = True) -> list[str]:
        """Modern forms that the lower-cased period form may stand for, nearest first, itself excluded;
        without `each`, only the rules that rewrite every match."""
        return [form for form, _ in self.variants(word, each)]

    def variants(self, word: str, each: bool = True) -> list[tuple[str, bool]]:
        """The modernizations, each with whether it took a rule the period followed only now and then
        (apply = "each")."""
        base = word
        for rule in self.rules:
            if rule.apply == "all":
                base = rule.pattern.sub(rule.replace, base)
        sites = [(rule, match) for rule in self.rules if rule.apply == "each" and each
                 for match in rule.pattern.finditer(base)]
        variants = [(base, False)]
        for size in range(1, min(len(sites), MAX_SITES) + 1):
            for chosen in itertools.combinations(sites, size):
                if all(sum(r is rule for r, _ in chosen) <= rule.max for rule, _ in chosen):
                    variants.append((_rewrite(base, chosen), True))
                if len(variants) >= MAX_VARIANTS:
                    return _distinct(variants, word)
        return _distinct(variants, word)


def _rewrite(word: str, chosen: tuple[tuple[Rule, re.Match], ...]) -> str:
    out, last = [], 0
    for rule, match in sorted(chosen, key=lambda site: site[1].start()):
        out += [word[last:match.start()], match.expand(rule.replace)]
        last = match.end()
    return "".join(out) + word[last:]


def _distinct(variants: list[tuple[str, bool]], word: str) -> list[tuple[str, bool]]:
    firsts = dict.fromkeys(form for form, _ in variants)
    kinds = {form: sporadic for form, sporadic in reversed(variants)}
    return [(form, kinds[form]) for form in firsts if form != word]


def load_orthography(path: Path) -> Orthography:
    """The rules of a TOML file like corpus/lexicon/hu-historical.toml."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Orthography(tuple(
        Rule(r["name"], re.compile(r["pattern"]), r["replace"], r.get("apply", "all"),
             r.get("max", 1), r["why"]) for r in data["rule"]))
