"""The normalized modern layer: the print's spelling of about 1900 beside today's (kilencz → kilenc).

Used by search and alignment (`normalized_text`) and by the TEI (`Reading.reg`, written
`<choice><orig>kilencz</orig><reg>kilenc</reg></choice>`). The rules are data: the period
conventions of corpus/lexicon/hu-historical.toml and the words and joins of
corpus/editorial/normalization.toml; every modern form must be one hunspell's hu_HU accepts.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from pathlib import Path

from . import lexicon as lexicons
from .spans import Span, line_from_spans
from .errors import InputError
from .files import read_toml
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


@dataclass(frozen=True)
class Rules:
    """The normalization rules of normalization.toml."""

    words: tuple[WordRule, ...]
    joins: tuple[Join, ...]


def load_rules(path: Path = RULES) -> Rules:
    """The rules of a normalization file, or an InputError naming it."""
    data = read_toml(path, "normalization rules")
    try:
        return Rules(
            tuple(WordRule(re.compile(r["pattern"]), r["replace"], r["why"]) for r in data.get("word", [])),
            tuple(Join(re.compile(r["first"]), re.compile(r["second"]), r["joined"], r["why"])
                  for r in data.get("join", [])))
    except (KeyError, re.error) as error:
        raise InputError(f"malformed normalization rule: {error}", path) from None


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
        orthography = self.lexicon.orthography
        systematic = any(rule.apply == "all" and rule.pattern.search(lower) for rule in orthography.rules)
        if not systematic and self.lexicon.spell(word):
            return None
        spellings = orthography.modernizations(lower)
        spellings += [rule.pattern.sub(rule.replace, s) for rule in self.rules.words
                      for s in [lower] + spellings[:1]]
        for spelling in dict.fromkeys(spellings):
            if spelling != lower and self.lexicon.spell(spelling):
                return _cased(word, spelling)
        return None

    def pieces(self, text: str) -> list[tuple[str, str | None]]:
        """The text cut into pieces, each with its modern form or None; the pieces make the text."""
        words = list(WORD.finditer(text))
        out: list[tuple[str, str | None]] = []
        at, k = 0, 0
        while k < len(words):
            match = words[k]
            joined = self._join(match, words[k + 1]) if k + 1 < len(words) and \
                text[match.end():words[k + 1].start()] == " " else None
            end = words[k + 1].end() if joined else match.end()
            modern = joined or self.word(match.group())
            if modern:
                out += [(text[at:match.start()], None), (text[match.start():end], modern)]
                at = end
            k += 2 if joined else 1
        out.append((text[at:], None))
        return [(piece, modern) for piece, modern in out if piece]

    def _join(self, first: re.Match, second: re.Match) -> str | None:
        a, b = first.group(), second.group()
        for join in self.rules.joins:
            if join.first.fullmatch(a.lower()) and join.second.fullmatch(b.lower()):
                joined = join.joined.format(first=a.lower(), second=b.lower())
                modern = self.word(joined) or joined
                if self.lexicon.spell(modern):
                    return _cased(a, modern)
        return None

    def text(self, text: str) -> str:
        """The text in modern spelling."""
        return "".join(modern or piece for piece, modern in self.pieces(text))

    def spans(self, spans: tuple[Span, ...]) -> tuple[Span, ...]:
        """Spans with every word that has a modern form carrying it as `reg`."""
        out: list[Span] = []
        for span in spans:
            if isinstance(span, Reading):
                modern = self.text(span.text)
                out.append(replace(span, reg=modern) if modern != span.text else span)
            else:
                out += [Reading(piece, reg=modern) if modern else piece
                        for piece, modern in self.pieces(span)]
        return tuple(out)


def _cased(word: str, spelling: str) -> str:
    """The lower-cased spelling in the case of `word` (Word or word)."""
    return spelling[:1].upper() + spelling[1:] if word[:1].isupper() else spelling


@functools.cache
def normalizer(lang: str = "hu") -> Normalizer:
    """The process's normalizer of a language (only Hungarian has rules)."""
    return Normalizer(lexicons.load(lang), load_rules())


def normalize_word(word: str) -> str:
    """The word in modern spelling (itself where it has no other)."""
    return normalizer().word(word) or word


def normalized_text(unit: Unit) -> str:
    """The unit's reading text in modern spelling: the layer search and alignment use."""
    return normalizer().text(unit.text)


def regularize(unit: Unit) -> None:
    """Give every word of the unit's lines that has a modern form its `reg` (for the TEI)."""
    for leaf in unit.walk():
        leaf.lines = [line_from_spans(line, normalizer().spans(line.spans or (line.text,)))
                      for line in leaf.lines]
