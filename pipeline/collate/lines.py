"""Collating one printed line of two transcripts: pair their tokens, find the variant places, choose.

The base transcript (hu-nc-ocr2) is the cleaner one: its line structure, accents and
punctuation stand unless it is wrong. The other (hu-nc-ocr1, raw or repaired) is read by an
engine without Hungarian accents, so where it differs from the base only on the base's accented
vowels it is no evidence against it (see `compare.accent_blind`). Everywhere else the two differ
at a *variant place*, and the edition's reading is chosen there:

1. the base's reading, if every token of it can stand (a word the lexicon accepts, a number,
   ordinary punctuation);
2. else the base's reading with the fewest of the other's differing letters put in that makes
   it so ("vag}7" + "vagy" → "vagy"); where the other differs only as an accent-blind reading,
   only by dropping an accent ("élutasítja" + "elutasitja" → "elutasítja");
3. where only one transcript has tokens: the other's words are supplied if they can stand (the
   base drops words: rule 29's "még"); the base's are kept unless they are specks, short
   tokens that cannot stand (a lone "v" after the rule's last full stop);
4. else the base's reading, left to the editorial corrections file.

Each token becomes a `Reading` carrying both transcripts' raw readings; agreeing tokens have no
`resp` and are later written as plain text, variant places get resp "#collation" (or
"#repair" when the chosen letters came from the repaired text) and the source they were taken
from.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from ..model import Hyphen, Reading, without_soft_hyphen
from ..folding import fold
from ..spans import Span
from .compare import accent_blind, blocks, pair_tokens, similarity
from .tokens import Token, acceptable, render, spaced, tokenize

SPECK = 2
"""A token the base alone has is left out only if it cannot stand and is this short: a speck."""
MAX_CANDIDATES = 256
"""At most this many mixtures of the two readings are tried at one variant place."""


@dataclass(frozen=True)
class Judge:
    """Whether tokens can stand in the edition at a place of a line, a broken word judged whole.

    `prefix` is the part of a word broken at the previous line's end (hyphen dropped if soft),
    `suffix` the part that continues this line's last word on the next line, after `hyphen`.
    """

    accepts: Callable[[str], bool]
    prefix: str = ""
    suffix: str = ""
    hyphen: Hyphen | None = Hyphen.SOFT

    def __call__(self, tokens: list[Token], at_start: bool, at_end: bool) -> bool:
        last = len(tokens) - 1
        return all(acceptable(self._whole(t, at_start and i == 0, at_end and i == last), self.accepts)
                   for i, t in enumerate(tokens))

    def _whole(self, token: Token, first: bool, last: bool) -> Token:
        text = token.text
        if first and self.prefix:
            text = self.prefix + text
        if last and self.suffix and text.endswith("-"):
            text = without_soft_hyphen(text, self.hyphen) + self.suffix
        return Token(text, token.space, token.raw)


@dataclass(frozen=True)
class Sigla:
    """The two transcripts collated: the base and the other."""

    base: str
    other: str

    def rdgs(self, base: str, other: str) -> tuple[tuple[str, str], ...]:
        """The witnesses' readings of a place, in siglum order."""
        return tuple(sorted(((self.base, base), (self.other, other))))


@dataclass(frozen=True)
class ChosenTokens:
    """The edition's tokens at a variant place, with who chose them and from which transcript."""

    tokens: list[Token]
    resp: str
    source: str


def collate_line(base: list[Token], other: list[Token] | None, judge: Judge, sigla: Sigla) -> tuple[Span, ...]:
    """The line as spans: a Reading per token or variant place, single spaces between them."""
    if other is None:
        return _spaced([(t, t, Reading(t.text)) for t in base])
    pairs = pair_tokens(base, other, lambda x, y: similarity(x.text, y.text))
    first, last = 0, len(base) - 1          # the base's tokens that may be parts of broken words
    entries: list[tuple[Token | None, Token | None, Reading]] = []
    run: list[tuple[int | None, int | None]] = []
    for i, j in pairs + [(None, None)]:
        x = base[i] if i is not None else None
        y = other[j] if j is not None else None
        if (i, j) != (None, None) and not (x and y and _agree(x, y, judge, i == first, i == last)):
            run.append((i, j))
            continue
        if run:
            held = {i for i, _ in run}
            entries.append(_variant(run, base, other, judge, sigla, first in held, last in held))
            run = []
        if x and y:
            entries.append((x, x, Reading(x.text, rdgs=sigla.rdgs(x.raw, y.raw))))
    return _spaced(entries)


def transcribe_line(tokens: list[Token], siglum: str) -> tuple[Span, ...]:
    """A line of one transcript alone: a token the repair changed is a Reading with the raw one."""
    return _spaced([(t, t, Reading(t.text, resp="#repair" if t.repaired else None,
                                   source=f"#{siglum}" if t.repaired else None, rdgs=((siglum, t.raw),)))
                     for t in tokens])


def _agree(x: Token, y: Token, judge: Judge, at_start: bool, at_end: bool) -> bool:
    """The same token, or the other's accent-blind reading of it (any vowel, where repair guessed
    the other's vowels), unless the base's token cannot stand and the other, dropping an accent,
    would make it stand (élutasítja/elutasitja)."""
    if x.text == y.text:
        return True
    if not accent_blind(x.text, y.text, y.repaired):
        return False
    def stands(tokens: list[Token]) -> bool:
        return judge(tokens, at_start, at_end)
    return stands([x]) or not any(stands(tokenize(m)) for m in mixtures(x.text, y.text, True))


def _variant(pairs, base: list[Token], other: list[Token], judge: Judge, sigla: Sigla,
             at_start: bool, at_end: bool) -> tuple[Token | None, Token | None, Reading]:
    """The entry of one variant place: its first and last chosen token and its Reading."""
    ours = [base[i] for i, _ in pairs if i is not None]
    theirs = [other[j] for _, j in pairs if j is not None]
    choice = choose(ours, theirs, lambda tokens: judge(tokens, at_start, at_end), sigla)
    reading = Reading(render(choice.tokens), resp=choice.resp, source=choice.source,
                      rdgs=sigla.rdgs(render(ours, "raw"), render(theirs, "raw")))
    first = choice.tokens[0] if choice.tokens else None
    return first, (choice.tokens[-1] if choice.tokens else None), reading


def choose(ours: list[Token], theirs: list[Token], stands: Callable[[list[Token]], bool],
           sigla: Sigla) -> ChosenTokens:
    """The edition's tokens at a variant place (the rules of this module's docstring)."""
    base, other = f"#{sigla.base}", f"#{sigla.other}"
    from_other = "#repair" if any(t.repaired for t in theirs) else "#collation"
    if not theirs:
        specks = all(len(t.text) <= SPECK for t in ours) and not stands(ours)
        return ChosenTokens([], "#collation", other) if specks else ChosenTokens(ours, "#collation", base)
    if not ours:
        if any(t.is_word for t in theirs) and stands(theirs):
            return ChosenTokens(theirs, from_other, other)
        return ChosenTokens([], "#collation", base)
    if stands(ours):
        return ChosenTokens(ours, "#collation", base)
    blind = accent_blind(render(ours), render(theirs), any(t.repaired for t in theirs))
    for candidate in mixtures(render(ours), render(theirs), blind):
        tokens = _respaced(tokenize(candidate), ours[0].space)
        if stands(tokens):
            source = other if candidate == render(theirs) else f"{base} {other}"
            return ChosenTokens(tokens, from_other, source)
    return ChosenTokens(ours, "#collation", base)


def mixtures(ours: str, theirs: str, unaccenting: bool = False) -> list[str]:
    """`ours` with some of its differences from `theirs` taken from `theirs`: fewest first.

    `unaccenting`: only differences where `theirs` reads an accented letter of `ours` plain
    (é → e). An accent-blind reading is evidence against an accent only by dropping it: its
    own accents are guesses (the repair stage's, or the engine's misreadings).
    """
    found = [b for b in blocks(ours, theirs)
             if not unaccenting or theirs[b[2]:b[3]].lower() == fold(ours[b[0]:b[1]])]
    out: list[str] = []
    for size in range(1, len(found) + 1):
        for chosen in itertools.combinations(found, size):
            text, shift = ours, 0
            for s1, e1, s2, e2 in chosen:
                text = text[:s1 + shift] + theirs[s2:e2] + text[e1 + shift:]
                shift += (e2 - s2) - (e1 - s1)
            out.append(text)
            if len(out) >= MAX_CANDIDATES:
                return out
    return out


def _respaced(tokens: list[Token], space: bool) -> list[Token]:
    """Tokens of a candidate, the first spaced as the place it stands in."""
    return [Token(t.text, space, t.raw) if i == 0 else t for i, t in enumerate(tokens)]


def _spaced(entries: list[tuple[Token | None, Token | None, Reading]]) -> tuple[Span, ...]:
    """Readings with a space before each one the spacing conventions call for."""
    spans: list[Span] = []
    previous: Token | None = None
    for first, last, reading in entries:
        if first is not None and previous is not None and spaced(previous, first):
            spans.append(" ")
        spans.append(reading)
        previous = last or previous
    return tuple(spans)
