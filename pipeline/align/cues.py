"""What the aligner compares: a text's words, the glossary concepts they name and its numbers."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import wordfreq

from ..errors import InputError
from ..files import read_toml
from ..paths import EDITORIAL

GLOSSARY = EDITORIAL / "glossary.toml"
WORD = re.compile(r"[^\W_]+")
DIGITS = re.compile(r"^\d{1,3}$")
# "§ 14", "§§ 13 und 14", "3. §.": references to other sections, not numbers of the game
SECTION_REFERENCE = re.compile(r"§+\s*\d+(?:\s*(?:und|és|and|,|-|bis)\s*\d+)*|\d+\s*\.?\s*§")
STEM = 5            # same-language words are compared on their first letters (agglutination)
COUNTED_WITHIN = 2  # a number counts a concept named in the next two words ("drei oder vier Stiche")
SHARED_MIN = 4      # a word spelt alike in two languages is a cue from this length on
COMMON_WORDS = 100  # wordfreq's commonest words of a language: function words, no cue


def fold(text: str) -> str:
    """Lower case without accents (Stoß → stoss, király → kiraly): how words and forms compare."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True)
class Glossary:
    """Concepts by language: exact words, word beginnings and word parts that name them."""

    exact: dict[str, dict[str, frozenset[str]]]                  # lang → word → concepts
    prefixes: dict[str, tuple[tuple[str, str], ...]]             # lang → (stem, concept)
    infixes: dict[str, tuple[tuple[str, str], ...]]              # lang → (part, concept)
    numbers: dict[str, int]                                      # concept → its number

    def concepts(self, word: str, lang: str | None) -> frozenset[str]:
        """The concepts a folded word of a language names (none for an unknown language)."""
        found = set(self.exact.get(lang, {}).get(word, ()))
        found.update(c for stem, c in self.prefixes.get(lang, ()) if word.startswith(stem))
        found.update(c for part, c in self.infixes.get(lang, ()) if part in word)
        return frozenset(found)


def read_glossary(path: Path = GLOSSARY) -> Glossary:
    """The glossary file as matching tables; a malformed entry is an InputError naming it."""
    data = read_toml(path, "glossary")
    exact: dict[str, dict[str, set[str]]] = {}
    prefixes: dict[str, list[tuple[str, str]]] = {}
    infixes: dict[str, list[tuple[str, str]]] = {}
    numbers: dict[str, int] = {}
    for name, entry in data.get("concept", {}).items():
        if not isinstance(entry, dict):
            raise InputError(f"concept {name!r} must be a table of forms by language", path)
        for lang, forms in entry.items():
            if lang == "number":
                if not isinstance(forms, int):
                    raise InputError(f"concept {name!r}: number must be an integer", path)
                numbers[name] = forms
                continue
            if not isinstance(forms, list) or not all(isinstance(f, str) and f.strip("*") for f in forms):
                raise InputError(f"concept {name!r}: {lang} must be a list of words", path)
            for form in map(fold, forms):
                if form.startswith("*") and form.endswith("*"):
                    infixes.setdefault(lang, []).append((form.strip("*"), name))
                elif form.startswith("*"):
                    raise InputError(f"concept {name!r}: {form!r}: a form is word, stem* or *part*", path)
                elif form.endswith("*"):
                    prefixes.setdefault(lang, []).append((form[:-1], name))
                else:
                    exact.setdefault(lang, {}).setdefault(form, set()).add(name)
    return Glossary({lang: {w: frozenset(c) for w, c in words.items()} for lang, words in exact.items()},
                    {lang: tuple(p) for lang, p in prefixes.items()},
                    {lang: tuple(p) for lang, p in infixes.items()}, numbers)


@cache
def glossary() -> Glossary:
    """The project's glossary, read once per process."""
    return read_glossary()


@dataclass(frozen=True)
class Cues:
    """One text as the aligner sees it: folded words, the concepts named, the numbers stated."""

    words: tuple[str, ...]
    concepts: frozenset[str]
    numbers: frozenset[int]
    quantities: frozenset[tuple[int, str]]   # a number with the concept counted right after it
    length: int                   # characters, for the length prior


def cues(text: str, lang: str | None, terms: Glossary) -> Cues:
    """The cues of a text in a language: numbers from digits and number words, § references left out."""
    words = tuple(WORD.findall(fold(SECTION_REFERENCE.sub(" ", text))))
    named = [terms.concepts(word, lang) for word in words]
    said = [{terms.numbers[c] for c in found if c in terms.numbers}
            | ({int(word)} if DIGITS.match(word) else set()) for word, found in zip(words, named)]
    concepts = {c for found in named for c in found if c not in terms.numbers}
    quantities = {(n, c) for k, numbers in enumerate(said) for n in numbers
                  for found in named[k + 1:k + 1 + COUNTED_WITHIN] for c in found
                  if c not in terms.numbers}
    return Cues(words, frozenset(concepts), frozenset(n for ns in said for n in ns),
                frozenset(quantities), len(text))


@cache
def common_words(lang: str | None) -> frozenset[str]:
    """The language's commonest words, folded (none for an unknown language)."""
    return frozenset(map(fold, wordfreq.top_n_list(lang, COMMON_WORDS))) if lang else frozenset()


def features(cue: Cues, lang: str | None, same_language: bool, shared: frozenset[str]) -> frozenset[str]:
    """What two units can share: concepts and numbers, and words — the stem of every word but
    the commonest within one language, across languages only words spelt alike in both texts
    (chouette, Renonce)."""
    found = {f"c:{c}" for c in cue.concepts} | {f"n:{n}" for n in cue.numbers}
    if same_language:
        common = common_words(lang)
        found |= {f"w:{w[:STEM]}" for w in cue.words
                  if len(w) > 1 and not w.isdigit() and w not in common}
    else:
        found |= {f"w:{w}" for w in cue.words if w in shared}
    return frozenset(found)


def shared_words(a: list[Cues], b: list[Cues]) -> frozenset[str]:
    """Words of at least SHARED_MIN letters that both texts use: names and loanwords."""
    def vocabulary(side: list[Cues]) -> set[str]:
        return {w for cue in side for w in cue.words if len(w) >= SHARED_MIN and not w.isdigit()}
    return frozenset(vocabulary(a) & vocabulary(b))
