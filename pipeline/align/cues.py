"""What the aligner reads in a unit: its words and lemmas, the glossary concepts they name, its numbers."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import wordfreq

from ..errors import InputError
from ..files import read_toml
from ..folding import fold
from ..paths import EDITORIAL

GLOSSARY = EDITORIAL / "glossary.toml"
WORD = re.compile(r"[^\W_]+")
DIGITS = re.compile(r"^\d{1,3}$")
# "§ 14", "§§ 13 und 14", "3. §.": references to other sections, not numbers of the game
SECTION_REFERENCE = re.compile(r"§+\s*\d+(?:\s*(?:und|és|and|et|,|-|bis)\s*\d+)*|\d+\s*\.?\s*§")
COUNTED_WITHIN = 2  # a number counts a concept named in the next two words ("drei oder vier Stiche")
COMMON_WORDS = 100  # wordfreq's commonest words of a language: function words, no cue
LANGUAGES = ("hu", "de", "en", "fr")
"""The glossary's languages: those a unit's concepts are read in, a file's language is told among,
and spaCy lemmatizes."""
QUOTED = "quoted"   # the glossary's key for the French of the game, which every witness quotes
KEYS = (*LANGUAGES, QUOTED, "card", "number")
"""What a concept of the glossary may give: forms per language, quoted French, card, number."""


@dataclass(frozen=True)
class Glossary:
    """Concepts by language: exact words, word beginnings and word parts that name them."""

    exact: dict[str, dict[str, frozenset[str]]]                  # lang → word → concepts
    prefixes: dict[str, tuple[tuple[str, str], ...]]             # lang → (stem, concept)
    infixes: dict[str, tuple[tuple[str, str], ...]]              # lang → (part, concept)
    numbers: dict[str, int]                                      # concept → its number
    cards: frozenset[str]                                        # concepts that name a card
    memo: dict[tuple, object] = field(default_factory=dict, compare=False)
    """What has been read with this glossary: a word's concepts, a side's cues."""

    def concepts(self, word: str, lang: str | None) -> frozenset[str]:
        """The concepts a folded word of a language names (none for an unknown language)."""
        key = (word, lang)
        if key not in self.memo:
            found = set(self.exact.get(lang, {}).get(word, ()))
            found.update(c for stem, c in self.prefixes.get(lang, ()) if word.startswith(stem))
            found.update(c for part, c in self.infixes.get(lang, ()) if part in word)
            self.memo[key] = frozenset(found)
        return self.memo[key]


def read_glossary(path: Path = GLOSSARY, folded: Callable[[str], str] = fold) -> Glossary:
    """The glossary file as matching tables, its forms made comparable by `folded` (accents
    dropped for the aligner); a malformed entry is an InputError naming it."""
    data = read_toml(path, "glossary")
    tables = {row.strip(): n for n, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)}
    exact: dict[str, dict[str, set[str]]] = {}
    prefixes: dict[str, list[tuple[str, str]]] = {}
    infixes: dict[str, list[tuple[str, str]]] = {}
    numbers: dict[str, int] = {}
    cards: set[str] = set()
    for name, entry in data.get("concept", {}).items():
        line = tables.get(f"[concept.{name}]")
        if not isinstance(entry, dict):
            raise InputError(f"concept {name!r} must be a table of forms by language", path, line)
        for lang, forms in entry.items():
            if lang not in KEYS:
                raise InputError(f"concept {name!r}: unknown key {lang!r} (the keys are {', '.join(KEYS)})",
                                 path, line)
            if lang == "number":
                if not isinstance(forms, int):
                    raise InputError(f"concept {name!r}: number must be an integer", path, line)
                numbers[name] = forms
                continue
            if lang == "card":
                if forms is not True:
                    raise InputError(f"concept {name!r}: card must be true or absent", path, line)
                cards.add(name)
                continue
            if not isinstance(forms, list) or not all(isinstance(f, str) and f.strip("*") for f in forms):
                raise InputError(f"concept {name!r}: {lang} must be a list of words", path, line)
            for form in map(folded, forms):
                if form.startswith("*") and form.endswith("*"):
                    infixes.setdefault(lang, []).append((form.strip("*"), name))
                elif form.startswith("*"):
                    raise InputError(f"concept {name!r}: {form!r}: a form is word, stem* or *part*", path, line)
                elif form.endswith("*"):
                    prefixes.setdefault(lang, []).append((form[:-1], name))
                else:
                    exact.setdefault(lang, {}).setdefault(form, set()).add(name)
    return Glossary({lang: {w: frozenset(c) for w, c in words.items()} for lang, words in exact.items()},
                    {lang: tuple(p) for lang, p in prefixes.items()},
                    {lang: tuple(p) for lang, p in infixes.items()}, numbers, frozenset(cards))


@cache
def glossary() -> Glossary:
    """The project's glossary, read once per process."""
    return read_glossary()


@dataclass(frozen=True)
class Cues:
    """One text as the aligner sees it: folded words and lemmas, the concepts named, the numbers stated."""

    words: tuple[str, ...]
    lemmas: tuple[str, ...]          # the words' lemmas, folded (empty where none were made)
    concepts: frozenset[str]         # named in the text's language, by a word or (given) a lemma
    french: frozenset[str]           # named by the French of the game (atout, écart, vole, renonce)
    numbers: frozenset[int]
    quantities: frozenset[tuple[int, str]]   # a number with the concept counted right after it


def cues(text: str, lang: str | None, terms: Glossary, lemmas: tuple[str, ...] = ()) -> Cues:
    """The cues of a text in a language: numbers from digits and number words, § references
    left out; concepts from words and, where given, their lemmas."""
    words = tuple(WORD.findall(fold(SECTION_REFERENCE.sub(" ", text))))
    named = [terms.concepts(word, lang) for word in words]
    said = [{terms.numbers[c] for c in found if c in terms.numbers}
            | ({int(word)} if DIGITS.match(word) else set()) for word, found in zip(words, named)]
    by_lemma = {c for lemma in lemmas for c in terms.concepts(lemma, lang)}
    concepts = {c for found in named for c in found} | by_lemma
    quantities = {(n, c) for k, numbers in enumerate(said) for n in numbers
                  for found in named[k + 1:k + 1 + COUNTED_WITHIN] for c in found
                  if c not in terms.numbers}
    french = {c for word in words for c in terms.concepts(word, QUOTED)}
    return Cues(words, lemmas, frozenset(c for c in concepts if c not in terms.numbers),
                frozenset(french), frozenset(n for ns in said for n in ns),
                frozenset(quantities))


@cache
def common_words(lang: str | None) -> frozenset[str]:
    """The language's commonest words, folded (none for an unknown language)."""
    return frozenset(map(fold, wordfreq.top_n_list(lang, COMMON_WORDS))) if lang else frozenset()
