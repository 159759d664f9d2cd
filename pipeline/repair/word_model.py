"""Which word fits between its neighbours: a word bigram model of real Hungarian prose, Kneser–Ney smoothed.

Learned from the training documents of corpus/training/prose/ (never from the held-out ones, nor
from a rulebook). Words seen once are one class, `UNKNOWN`, so that a rare or unseen word is
judged by how often rare words stand after and before its neighbours; which rare word it is, the
lexicon's prior says. Repair uses the model's *association* of a word with a neighbour,
ln P(word | previous) − ln P(word) (P(word) as counted): how much likelier the neighbour makes it
than it is alone.
"""
from __future__ import annotations

import hashlib
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..files import cached
from ..paths import CACHE
from ..workbench.synth import prose as prose_module
from ..workbench.synth.prose import PROSE, Split, documents

BOUNDARY = "<s>"
"""Stands before a sentence's first word and after its last."""
NUMBER = "<num>"
UNKNOWN = "<unk>"
TOKEN = re.compile(r"[^\W\d_]+|\d+|[.!?]")


def tokens(paragraph: str) -> Iterator[str]:
    """The lower-cased words of a paragraph, numbers as NUMBER, a BOUNDARY at each sentence's edges."""
    yield BOUNDARY
    last = BOUNDARY
    for token in TOKEN.findall(paragraph):
        token = BOUNDARY if token in ".!?" else NUMBER if token.isdigit() else token.lower()
        if token != BOUNDARY or last != BOUNDARY:
            yield token
        last = token
    if last != BOUNDARY:
        yield BOUNDARY


@dataclass(frozen=True)
class WordModel:
    """Interpolated Kneser–Ney bigram counts: P(w | v) = max(c(v w) − D, 0) / c(v) + D·N(v •) / c(v) · Pc(w),
    where Pc(w) = N(• w) / N(• •) is the share of kinds of pair that end in w (add-one smoothed)."""

    vocabulary: frozenset[str]
    counts: dict[str, int]                # c(w), UNKNOWN standing for the words seen once
    pairs: dict[tuple[str, str], int]     # c(v w)
    history: dict[str, int]               # c(v) = Σ c(v w)
    followers: dict[str, int]             # N(v •): how many kinds of word follow v
    continuation: dict[str, int]          # N(• w): how many kinds of word precede w
    types: int                            # N(• •): how many kinds of pair there are
    discount: float
    tokens: int                           # Σ c(w)

    def word(self, spelling: str) -> str:
        """The model's token for a lower-cased word: itself if known, else UNKNOWN."""
        return spelling if spelling in self.vocabulary else UNKNOWN

    def log_prob(self, previous: str, word: str) -> float:
        """ln P(word | previous) of two model tokens."""
        unigram = (self.continuation.get(word, 0) + 1) / (self.types + len(self.vocabulary))
        seen = self.history.get(previous, 0)
        if not seen:
            return math.log(unigram)
        pair = max(self.pairs.get((previous, word), 0) - self.discount, 0.0)
        return math.log((pair + self.discount * self.followers[previous] * unigram) / seen)

    def association(self, previous: str, word: str) -> float:
        """ln P(word | previous) − ln P(word) of two lower-cased words (or BOUNDARY, NUMBER)."""
        previous, word = self.word(previous), self.word(word)
        alone = (self.counts.get(word, 0) + 1) / (self.tokens + len(self.vocabulary))
        return self.log_prob(previous, word) - math.log(alone)


def train(paragraphs: Iterable[str], min_count: int = 2) -> WordModel:
    """A model of the paragraphs; words seen fewer than `min_count` times become UNKNOWN."""
    sequences = [list(tokens(p)) for p in paragraphs]
    counts = Counter(t for sequence in sequences for t in sequence)
    vocabulary = frozenset(t for t, n in counts.items() if n >= min_count)
    pairs: Counter[tuple[str, str]] = Counter()
    mapped_counts: Counter[str] = Counter()
    for sequence in sequences:
        mapped = [t if t in vocabulary else UNKNOWN for t in sequence]
        mapped_counts.update(mapped)
        pairs.update(zip(mapped, mapped[1:]))
    history: Counter[str] = Counter()
    followers: Counter[str] = Counter()
    continuation: Counter[str] = Counter()
    for (v, w), n in pairs.items():
        history[v] += n
        followers[v] += 1
        continuation[w] += 1
    once = sum(1 for n in pairs.values() if n == 1)
    twice = sum(1 for n in pairs.values() if n == 2)
    discount = once / (once + 2 * twice) if once else 0.75
    return WordModel(vocabulary | {UNKNOWN}, dict(mapped_counts), dict(pairs), dict(history), dict(followers),
                     dict(continuation), len(pairs), discount, sum(mapped_counts.values()))


def load_word_model(path: Path = PROSE) -> WordModel:
    """The model of the training documents of the prose, cached by the hash of the data and of this code."""
    code = b"".join(Path(m.__file__).read_bytes() for m in (prose_module, sys.modules[__name__]))
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the prose of the word model ({error.strerror}): run "
                         "`ecarte synth --extract-prose DEB` (pipeline/workbench/synth/README.md)", path) from None
    digest = hashlib.sha256(data + code).hexdigest()[:16]
    return cached(CACHE / f"words-{digest}.pickle",
                  lambda: train(p for d in documents(Split.TRAIN, path) for p in d.paragraphs))
