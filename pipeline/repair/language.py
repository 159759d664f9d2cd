"""The language a page's text is written in, told by its commonest words: the repair is trained
for Hungarian, and English or German pages run through it would be garbled."""
from __future__ import annotations

import re
from functools import cache

import wordfreq

from ..folding import fold

LANGUAGES = ("hu", "en", "de", "fr")
COMMON = 300          # each language's commonest words (wordfreq), compared accent-blind
WORD = re.compile(r"[^\W\d_]+")


@cache
def _common(lang: str) -> frozenset[str]:
    return frozenset(fold(w) for w in wordfreq.top_n_list(lang, COMMON))


def written_in(text: str) -> str | None:
    """The language of LANGUAGES whose commonest words make up most of the text's words, accents
    folded (an English model's reading of Hungarian keeps "a", "az", "hogy", "nem"); None if no
    word is one of them."""
    words = [fold(w) for w in WORD.findall(text)]
    shares = {lang: sum(w in _common(lang) for w in words) for lang in LANGUAGES}
    best = max(LANGUAGES, key=lambda lang: shares[lang])
    return best if shares[best] else None
