"""The normalized modern layer: the print's spelling of about 1900 beside today's (kilencz → kilenc).

Used by search and alignment (`normalized_text`) and by the TEI (`Reading.reg`, written
`<choice><orig>kilencz</orig><reg>kilenc</reg></choice>`). The rules are data: the period
conventions of corpus/lexicon/hu-historical.toml and the words, joins and decisions of
corpus/editorial/normalization.toml; every modern form must be one hunspell's hu_HU accepts.
Where a period form has two modern readings that are words (szint: szint 'level' or színt
'suit'), the editor's decision for the unit reads it; pipeline/normalize_check.py finds the
readings in doubt.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from rapidfuzz.distance import Levenshtein

from . import lexicon as lexicons
from .lexicon.orthography import Apply
from .spans import Span, line_from_spans
from .files import Fields, array_of_tables, read_toml
from .model import Reading, Unit
from .paths import EDITORIAL

RULES = EDITORIAL / "normalization.toml"
WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class WordRule:
    """A spelling of the period in a word, and its modern replacement."""

    pattern: re.Pattern
    replace: str
    why: str


@dataclass(frozen=True)
class Join:
    """Two words printed apart that are one word today."""

    first: re.Pattern
    second: re.Pattern
    joined: str
    why: str

    def matches(self, first: str, second: str) -> bool:
        """Whether two lower-cased words printed apart are this join's."""
        return bool(self.first.fullmatch(first) and self.second.fullmatch(second))


@dataclass(frozen=True)
class SpellingDecision:
    """The editor's reading of a period form that has two modern readings that are words, in the
    unit whose lines hold it: `word` (lower case) reads `modern` there, the print's form to keep it."""

    unit: str
    word: str
    modern: str
    why: str


DECISION_FIELDS = ("unit", "word", "modern", "why")
NO_DECISIONS: Mapping[str, str] = MappingProxyType({})


@dataclass(frozen=True)
class Rules:
    """The normalization rules and decisions of normalization.toml."""

    words: tuple[WordRule, ...]
    joins: tuple[Join, ...]
    decisions: tuple[SpellingDecision, ...] = ()

    def decided(self, unit: Unit) -> dict[str, str]:
        """The decided readings, word → modern, of the unit and the units under it."""
        ids = {u.id for u in unit.walk()}
        return {d.word: d.modern for d in self.decisions if d.unit in ids}


def load_rules(path: Path = RULES) -> Rules:
    """The rules of a normalization file, every field checked: a missing, unknown or mistyped
    one is an InputError naming the file and the entry's line."""
    data = read_toml(path, "normalization rules")
    text = path.read_text(encoding="utf-8")
    Fields(data, path, None, "normalization rules").known("word", "join", "decision")

    def entries(table: str, *names: str) -> list[Fields]:
        out = [Fields(entry, path, line, f"[[{table}]]") for entry, line in array_of_tables(data, text, table, path)]
        for fields in out:
            fields.known(*names)
        return out

    return Rules(
        tuple(WordRule(f.pattern("pattern"), f.text("replace", blank=True), f.text("why"))
              for f in entries("word", "pattern", "replace", "why")),
        tuple(Join(f.pattern("first"), f.pattern("second"), f.text("joined"), f.text("why"))
              for f in entries("join", "first", "second", "joined", "why")),
        _decisions(entries("decision", *DECISION_FIELDS)))


def _decisions(entries: list[Fields]) -> tuple[SpellingDecision, ...]:
    """The [[decision]] entries; a unit decides a word once."""
    out: dict[tuple[str, str], SpellingDecision] = {}
    for fields in entries:
        unit, word, modern, why = (fields.text(name) for name in DECISION_FIELDS)
        decision = SpellingDecision(unit, word.lower(), modern.lower(), why)
        for form in (decision.word, decision.modern):
            if not WORD.fullmatch(form):
                raise fields.fail(f"{decision.unit}: {form!r} is not one word")
        key = (decision.unit, decision.word)
        if key in out:
            raise fields.fail(f"{decision.unit} decides {decision.word!r} twice")
        out[key] = decision
    return tuple(out.values())


class Normalizer:
    """Modern forms of the period's words and word pairs, each one hunspell accepts."""

    def __init__(self, lexicon: lexicons.Lexicon, rules: Rules):
        self.lexicon = lexicon
        self.rules = rules
        self._words: dict[str, str | None] = {}

    def word(self, word: str) -> str | None:
        """The modern form of a word, or None where it is modern already or has none."""
        if word not in self._words:
            self._words[word] = self._modern(word)
        return self._words[word]

    def _modern(self, word: str) -> str | None:
        """A convention never used today (cz, lyly) is always modernized, a vowel length only
        where hunspell rejects the printed word."""
        lower = word.lower()
        systematic, spellings = self._spellings(lower)
        if not systematic and self.lexicon.spell(word):
            return None
        for spelling in spellings:
            if self.lexicon.spell(spelling):
                return _cased(word, spelling)
        return None

    def _spellings(self, lower: str) -> tuple[bool, list[str]]:
        """Whether the lower-cased word follows a convention never used today, and the other
        spellings it may stand for, by the period's conventions then by the word rules."""
        orthography = self.lexicon.orthography
        systematic = any(rule.apply is Apply.ALL and rule.pattern.search(lower) for rule in orthography.rules)
        spellings = orthography.modernizations(lower)
        spellings += [rule.pattern.sub(rule.replace, s) for rule in self.rules.words
                      for s in [lower] + spellings[:1]]
        return systematic, [s for s in dict.fromkeys(spellings) if s != lower]

    def readings(self, word: str) -> tuple[str, ...]:
        """The lower-cased modern readings of a word that hunspell accepts, the one `word` gives
        first: the print's form is one unless it follows a convention never used today."""
        lower = word.lower()
        systematic, spellings = self._spellings(lower)
        found = [s for s in dict.fromkeys(([] if systematic else [lower]) + spellings)
                 if self.lexicon.spell(s)]
        chosen = (self.word(word) or word).lower()
        return tuple(sorted(found, key=lambda s: s != chosen))

    def words(self, text: str) -> list[str]:
        """The words of the text read one by one (not joined with a neighbour)."""
        return [text[start:end] for start, end, joined in self._segments(text) if joined is None]

    def _segments(self, text: str) -> Iterator[tuple[int, int, str | None]]:
        """Where each word of the text starts and ends, with None; for two words printed apart
        that are one today, where the two start and end, with their joined modern form."""
        words = list(WORD.finditer(text))
        k = 0
        while k < len(words):
            match = words[k]
            joined = self._join(match, words[k + 1]) if k + 1 < len(words) and \
                text[match.end():words[k + 1].start()] == " " else None
            yield match.start(), words[k + 1].end() if joined else match.end(), joined
            k += 2 if joined else 1

    def pieces(self, text: str, decided: Mapping[str, str] = NO_DECISIONS) -> list[tuple[str, str | None]]:
        """The text cut into pieces, each with its modern form or None; the pieces make the text.
        `decided` reads lower-cased words as the editor decided (a decision to keep gives None)."""
        out: list[tuple[str, str | None]] = []
        at = 0
        for start, end, joined in self._segments(text):
            modern = joined or self._decided(text[start:end], decided)
            if modern:
                out += [(text[at:start], None), (text[start:end], modern)]
                at = end
        out.append((text[at:], None))
        return [(piece, modern) for piece, modern in out if piece]

    def _decided(self, word: str, decided: Mapping[str, str]) -> str | None:
        """The word's modern form as decided for its unit, else as the rules give it."""
        chosen = decided.get(word.lower())
        if chosen is None:
            return self.word(word)
        return _cased(word, chosen) if chosen != word.lower() else None

    def _join(self, first: re.Match, second: re.Match) -> str | None:
        a, b = first.group(), second.group()
        for join in self.rules.joins:
            if join.matches(a.lower(), b.lower()):
                joined = join.joined.format(first=a.lower(), second=b.lower())
                modern = self.word(joined) or joined
                if self.lexicon.spell(modern):
                    return _cased(a, modern)
        return None

    def why(self, printed: str, modern: str, unit_ids: frozenset[str] = frozenset()) -> str:
        """Why the print's `printed` reads `modern` today: the editor's decision for one of
        `unit_ids`, the join, or each period convention and word rule that brings it closer."""
        lower, target = printed.lower(), modern.lower()
        for d in self.rules.decisions:
            if d.unit in unit_ids and d.word == lower and d.modern == target:
                return d.why
        words = lower.split()
        if len(words) == 2:
            for join in self.rules.joins:
                if join.matches(*words):
                    return join.why
        rules = [(r.pattern, r.replace, r.why) for r in self.lexicon.orthography.rules]
        rules += [(r.pattern, r.replace, r.why) for r in self.rules.words]
        apart = Levenshtein.distance(lower, target)
        whys = [why for pattern, replace, why in rules for m in pattern.finditer(lower)
                if Levenshtein.distance(lower[:m.start()] + m.expand(replace) + lower[m.end():], target) < apart]
        return "; ".join(dict.fromkeys(whys)) or "hunspell's hu_HU knows only the modern form"

    def text(self, text: str, decided: Mapping[str, str] = NO_DECISIONS) -> str:
        """The text in modern spelling."""
        return "".join(modern or piece for piece, modern in self.pieces(text, decided))

    def spans(self, spans: tuple[Span, ...], decided: Mapping[str, str] = NO_DECISIONS) -> tuple[Span, ...]:
        """Spans with every word that has a modern form carrying it as `reg`."""
        out: list[Span] = []
        for span in spans:
            if isinstance(span, Reading):
                modern = self.text(span.text, decided)
                out.append(replace(span, reg=modern) if modern != span.text else span)
            else:
                out += [Reading(piece, reg=modern) if modern else piece
                        for piece, modern in self.pieces(span, decided)]
        return tuple(out)


def _cased(word: str, spelling: str) -> str:
    """The lower-cased spelling in the case of `word` (Word or word)."""
    return spelling[:1].upper() + spelling[1:] if word[:1].isupper() else spelling


@functools.cache
def normalizer(lang: str = "hu") -> Normalizer:
    """The process's normalizer of a language (only Hungarian has rules)."""
    return Normalizer(lexicons.load(lang), load_rules())


def normalized_text(unit: Unit) -> str:
    """The unit's reading text in modern spelling: the layer search and alignment use."""
    return normalizer().text(unit.text, normalizer().rules.decided(unit))


def regularize(unit: Unit) -> None:
    """Give every word of the unit's lines that has a modern form its `reg` (for the TEI)."""
    for leaf in unit.walk():
        decided = normalizer().rules.decided(leaf)
        leaf.lines = [line_from_spans(line, normalizer().spans(line.spans or (line.text,), decided))
                      for line in leaf.lines]
