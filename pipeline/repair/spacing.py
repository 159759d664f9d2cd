"""Words the engine ran together or broke apart: one read as two (kia → ki a), two read as one (meg valtozik
→ megváltozik), judged like any reading by channel, priors and neighbours."""
from __future__ import annotations

from dataclasses import dataclass

from ..lexicon import Acceptance
from .channel import SPLIT
from .stages import LN10, Resources, association, generate, log_prior, model_token, stage
from .tokens import Candidate, Document, Word, WordStatus

VOWELS = set("aáeéiíoóöőuúüű")


@dataclass(frozen=True)
class Wording:
    """One way to read a stretch of noisy text as words: each word's spelling and acceptance, and the channel's cost."""

    words: tuple[str, ...]
    acceptances: tuple[Acceptance | None, ...]
    channel: float

    def candidate(self) -> Candidate:
        """The reading as one candidate spelling (words separated by spaces), accepted as its first word is
        (respace offers readings of accepted words only)."""
        first = self.acceptances[0]
        assert first is not None, "a reading offered for respacing is of accepted words"
        modern = " ".join((a.modern if a else w) for w, a in zip(self.words, self.acceptances))
        return Candidate(" ".join(self.words), self.channel, Acceptance(first.kind, modern))


def _current(word: Word, res: Resources) -> Wording:
    if word.choice:
        return Wording((word.choice.text,), (word.choice.acceptance,), word.choice.channel)
    return Wording((word.joined,), (word.acceptance,), res.channel.identity_cost(word.text.lower()))


def _readings(text: str, sentence_start: bool, res: Resources) -> list[Wording]:
    """A stretch of noisy letters read as one word: as itself if the lexicon accepts it, and as the spellings
    the channel's plain search makes of it."""
    accepted = res.lexicon.acceptance(text)
    found = [Wording((text,), (accepted,), res.channel.identity_cost(text.lower()))] if accepted else []
    if accepted is None or accepted.weak:
        key = (text, sentence_start)
        if key not in res.parts:
            res.parts[key] = generate(Word((), text, sentence_start=sentence_start), res, wide=False)
        found += [Wording((c.text,), (c.acceptance,), c.channel) for c in res.parts[key]]
    return found


def _splits(word: Word, res: Resources) -> list[Wording]:
    """The word read as two where one part is a common short word (a, az, ki, és), the other as itself if
    the lexicon accepts it, or else, if the word has no accepted reading yet, as the channel can read it."""
    text = word.text

    def other(part: str, sentence_start: bool) -> list[Wording]:
        if word.choice is None:
            return _readings(part, sentence_start, res)
        return [_as_is(part, res)] if res.lexicon.acceptance(part) else []

    found = []
    for cut in range(1, len(text)):
        left, right = text[:cut], text[cut:]
        if _common_short(left, res):
            lefts, rights = [_as_is(left, res)], other(right, False)
        elif _common_short(right, res):
            lefts, rights = other(left, word.sentence_start), [_as_is(right, res)]
        else:
            continue
        found += [Wording(a.words + b.words, a.acceptances + b.acceptances,
                          a.channel + b.channel + res.channel.space_lost) for a in lefts for b in rights]
    return found


def _common_short(part: str, res: Resources) -> bool:
    """Whether a part is a short common word with a vowel (not an abbreviation such as k or t)."""
    settings = res.settings
    if len(part) > settings.split_part_len or not VOWELS.intersection(part.lower()):
        return False
    accepted = res.lexicon.acceptance(part)
    return bool(accepted) and res.lexicon.log_prior(part, accepted) >= (settings.split_part_zipf - 9) * LN10


def _as_is(part: str, res: Resources) -> Wording:
    return Wording((part,), (res.lexicon.acceptance(part),), res.channel.identity_cost(part.lower()))


def _mergeable(doc: Document, first: Word, second: Word) -> bool:
    """Two words of letters, one space apart on one line, one of which has no accepted reading."""
    unread = [w.status is WordStatus.SUSPECT and w.choice is None for w in (first, second)]
    if len(first.pieces) != 1 or len(second.pieces) != 1 or not any(unread):
        return False
    a, b = first.pieces[0], second.pieces[0]
    return (a.line == b.line and doc.lines[a.line][a.end:b.start] == " " and first.text.isalpha()
            and second.text.isalpha() and {first.status, second.status} <= {WordStatus.SUSPECT, WordStatus.ACCEPTED})


@stage("respace")
def respace(doc: Document, res: Resources) -> None:
    """Read two words as one, or one as two, where that costs less than their present readings by
    the caution's `respace_margin` (channel, priors and the word model's association with the neighbours)."""
    settings, words = res.settings, doc.words
    tokens = [model_token(word) for word in words]

    def cost(index: int, span: int, reading: Wording) -> float:
        prior = sum(log_prior(res, w, a) for w, a in zip(reading.words, reading.acceptances))
        modern = [(a.modern if a else w).lower() for w, a in zip(reading.words, reading.acceptances)]
        fit = association(res.words, tokens, words, index, modern, span) if settings.context_weight else 0.0
        return reading.channel - settings.prior_weight * prior - settings.context_weight * fit

    index = 0
    while index < len(words):
        word = words[index]
        if index + 1 < len(words) and _mergeable(doc, word, words[index + 1]):
            second = words[index + 1]
            options = [Wording(r.words, r.acceptances, r.channel + res.channel.space_added)
                       for r in _readings(word.text + second.text, word.sentence_start, res)]
            if options:
                now = _current(word, res), _current(second, res)
                present = cost(index, 2, Wording(now[0].words + now[1].words, now[0].acceptances + now[1].acceptances,
                                                 now[0].channel + now[1].channel))
                best = min(options, key=lambda r: (cost(index, 2, r), r.words))
                if cost(index, 2, best) + res.caution.respace_margin < present:
                    word.choice, word.margin = best.candidate(), present - cost(index, 2, best)
                    second.choice, second.merged = None, True
                    index += 2
                    continue
        if word.status is WordStatus.SUSPECT and word.text.isalpha() and SPLIT not in word.text:
            options = _splits(word, res)
            if options:
                present = cost(index, 1, _current(word, res))
                best = min(options, key=lambda r: (cost(index, 1, r), r.words))
                if cost(index, 1, best) + res.caution.respace_margin < present:
                    word.choice, word.margin = best.candidate(), present - cost(index, 1, best)
        index += 1
