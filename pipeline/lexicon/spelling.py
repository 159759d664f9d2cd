"""A character trigram model of how Hungarian words are spelled, to steer the search for candidates."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

START, END = "^", "$"


@dataclass(frozen=True)
class SpellingModel:
    """Costs −ln P(char | the two before), backing off to shorter histories (Witten-Bell-like)."""

    trigram: dict[str, float]        # two-char history + char → cost
    bigram: dict[str, float]         # one-char history + char → cost
    unigram: dict[str, float]        # char → cost
    backoff2: dict[str, float]       # two-char history → cost of backing off from it
    backoff1: dict[str, float]       # one-char history → cost of backing off from it
    unseen: float                    # cost of a char never seen

    def cost(self, before: str, chars: str) -> float:
        """Cost of writing `chars` after `before` (a word starts after ^^; $ ends it)."""
        context = (START + START + before)[-2:]
        total = 0.0
        for char in chars:
            key = context + char
            found = self.trigram.get(key)
            if found is None:
                found = self.backoff2.get(context, 0.0) + self._bigram(key[1:])
            total += found
            context = key[1:]
        return total

    def _bigram(self, key: str) -> float:
        found = self.bigram.get(key)
        if found is None:
            found = self.backoff1.get(key[0], 0.0) + self.unigram.get(key[1], self.unseen)
        return found


def train_spelling(words: Iterable[str], smoothing: float = 2.0) -> SpellingModel:
    """A spelling model from lower-cased word types (each counted once)."""
    tri: Counter[str] = Counter()
    for word in words:
        padded = START + START + word + END
        tri.update(padded[i - 2:i + 1] for i in range(2, len(padded)))
    bi: Counter[str] = Counter()
    for key, n in tri.items():
        bi[key[1:]] += n
    uni: Counter[str] = Counter()
    for key, n in bi.items():
        uni[key[1]] += n
    total = sum(uni.values()) + len(uni) + 1
    p1 = {c: (n + 1) / total for c, n in uni.items()}
    ctx1, ctx2 = _histories(bi), _histories(tri)
    p2 = {k: (n + smoothing * p1[k[1]]) / (ctx1[k[0]] + smoothing) for k, n in bi.items()}
    p3 = {k: (n + smoothing * p2[k[1:]]) / (ctx2[k[:2]] + smoothing) for k, n in tri.items()}
    return SpellingModel(
        {k: -math.log(p) for k, p in p3.items()}, {k: -math.log(p) for k, p in p2.items()},
        {c: -math.log(p) for c, p in p1.items()},
        {h: -math.log(smoothing / (n + smoothing)) for h, n in ctx2.items()},
        {h: -math.log(smoothing / (n + smoothing)) for h, n in ctx1.items()},
        -math.log(1 / total))


def _histories(counts: Counter[str]) -> Counter[str]:
    out: Counter[str] = Counter()
    for key, n in counts.items():
        out[key[:-1]] += n
    return out
