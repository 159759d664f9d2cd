"""Spelling of about 1900 as rules that turn a period form into the modern forms it may stand for."""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..errors import InputError
from ..files import Fields, array_of_tables, read_toml

MAX_VARIANTS = 12
"""At most this many modernizations of one word are tried."""
MAX_SITES = 2
"""... rewriting at most this many of the matches of the rules that apply to each match."""


class Apply(str, Enum):
    """How a rule rewrites the matches of its pattern in a word."""

    ALL = "all"                   # every match at once: a convention the period always followed
    EACH = "each"                 # every subset of the matches: one it followed only now and then


@dataclass(frozen=True)
class Rule:
    """One convention of the period's spelling: `pattern` in a period form is `replace` today."""

    name: str
    pattern: re.Pattern
    replace: str
    apply: Apply
    max: int                      # at most this many matches rewritten (apply = "each")
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
            if rule.apply is Apply.ALL:
                base = rule.pattern.sub(rule.replace, base)
        sites = [(rule, match) for rule in self.rules if rule.apply is Apply.EACH and each
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
    """The rules of a TOML file like corpus/lexicon/hu-historical.toml, every field checked: a
    missing, unknown or mistyped one is an InputError naming the file and the rule's line."""
    data = read_toml(path, "orthography rules")
    Fields(data, path, None, "orthography rules").known("rule")
    entries = array_of_tables(data, path.read_text(encoding="utf-8"), "rule", path)
    if not entries:
        raise InputError("no [[rule]]", path)
    return Orthography(tuple(_rule(Fields(entry, path, line, "[[rule]]")) for entry, line in entries))


def _rule(fields: Fields) -> Rule:
    fields.known("name", "pattern", "replace", "apply", "max", "why")
    apply = fields.choice("apply", Apply, Apply.ALL)
    if apply is Apply.ALL and "max" in fields.data:
        raise fields.fail('max is for a rule with apply = "each" only')
    return Rule(fields.text("name"), fields.pattern("pattern"), fields.text("replace", blank=True), apply,
                fields.integer("max", 1, 1), fields.text("why"))
