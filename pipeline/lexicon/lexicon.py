"""Which words are Hungarian of about 1900, and how likely each is: the lexicon the repair stage filters with."""
from __future__ import annotations

import functools
import gzip
import hashlib
import json
import math
import os
import pickle
from dataclasses import dataclass
from importlib.metadata import version as _version
from pathlib import Path

import hunspell
import spacy_lookups_data
import wordfreq

from ..errors import InputError
from .orthography import Orthography, load_orthography
from .spelling import SpellingModel, train_spelling
from .vocabulary import Vocabulary, load_vocabulary

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "corpus" / "lexicon"
CACHE = ROOT / ".cache" / "repair"
HUNSPELL = Path("/usr/share/hunspell")
PREFIX_LEN = 4
"""Candidate spellings are pruned as soon as their first letters start no known word."""
LN10 = math.log(10)


@dataclass(frozen=True)
class Acceptance:
    """Why the lexicon accepts a word: `kind` is hunspell, historical (a spelling the period followed
    throughout: kilencz), variant (one it followed now and then: a short í), game or ending; `modern`
    the form hunspell knows; `parts` the words of a form hunspell knows only as a free compound,
    `stems` the stems hunspell gives it."""

    kind: str
    modern: str
    parts: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The kind, or "compound" for a form known only as a free compound."""
        return "compound" if self.parts else self.kind

    @property
    def weak(self) -> bool:
        """Whether the word is known only as a free compound or in a spelling the period used now and then."""
        return bool(self.parts) or self.kind == "variant"


class Lexicon:
    """Hunspell's hu_HU extended with the period's orthography and the game's vocabulary, with word priors."""

    def __init__(self, speller: hunspell.HunSpell, orthography: Orthography, vocabulary: Vocabulary,
                 tables: Tables, floor_zipf: float = 1.0, compound_penalty: float = 5.0,
                 inflection_penalty: float = 4.0, variant_penalty: float = 1.5):
        self._speller = speller
        self.orthography = orthography
        self.vocabulary = vocabulary
        self._frequencies = tables.frequencies
        self.prefixes, self.trigrams = tables.prefixes, tables.trigrams
        self.spelling = tables.spelling
        self._floor = _ln_zipf(floor_zipf)
        self._compound_penalty = compound_penalty
        self._inflection_penalty = inflection_penalty
        self._variant_penalty = variant_penalty
        self._accepted: dict[tuple[str, bool], Acceptance | None] = {}
        self._extensions: dict[tuple[bool, str, str, bool], float | None] = {}
        self._endings: dict[str, bool] = {}

    def spell(self, word: str) -> bool:
        """Whether hunspell alone accepts the word."""
        return self._speller.spell(word)

    def extend(self, letters: str, added: str, complete: bool) -> float | None:
        """Cost (−ln P) of writing `added` after `letters` in a lower-cased word, closing it if
        `complete`; None where the result cannot begin or be a word: its first letters begin no known
        word, or a letter just written makes a trigram no known word has."""
        short = len(letters) < PREFIX_LEN
        key = (short, letters if short else letters[-2:], added, complete)
        try:
            return self._extensions[key]
        except KeyError:
            found = self._extensions[key] = self._extension(short, key[1], added, complete)
            return found

    def _extension(self, short: bool, letters: str, added: str, complete: bool) -> float | None:
        """As `extend`; unless the word is `short`, `letters` are only its last two."""
        spelling = letters + added
        if short and spelling[:PREFIX_LEN] not in self.prefixes:
            return None
        padded = ("^" + spelling if short else spelling) + ("$" if complete else "")
        for end in range(max(3, len(padded) - len(added) - complete + 1), len(padded) + 1):
            if padded[end - 3:end] not in self.trigrams:
                return None
        return self.spelling.cost(letters, added + ("$" if complete else ""))

    def acceptance(self, word: str, each: bool = True) -> Acceptance | None:
        """Why the word is accepted, or None; a period spelling is accepted if its modern form is.

        Without `each`, spellings the period used only now and then (a short í, ú, ű) are not tried:
        for candidate spellings, whose search tries both letters anyway."""
        key = (word, each)
        if key not in self._accepted:
            self._accepted[key] = self._judge(word, each)
        return self._accepted[key]

    def accepts(self, word: str) -> bool:
        """Whether the word is Hungarian of the period or of the game."""
        return self.acceptance(word) is not None

    def accepts_ending(self, part: str) -> bool:
        """Whether a part written alone after a hyphen is an ending (coup-ot, 11-ik)."""
        if part not in self._endings:
            self._endings[part] = any(self._speller.spell(w)
                                      for w in self.vocabulary.ending_analogies(part.lower()))
        return self._endings[part]

    def log_prior(self, word: str, accepted: Acceptance | None = None) -> float:
        """Natural log of the word's probability: wordfreq's, for a period spelling its modern form's
        (less a penalty for a spelling the period used only now and then);
        for a form wordfreq lacks, its hunspell stem's less a penalty for the inflection; a free
        compound's is its rarest part's less a penalty; a game word's the vocabulary's. The word's
        acceptance is looked up unless given."""
        accepted = accepted or self.acceptance(word)
        if accepted is None:
            return self._log_frequency(word)
        if accepted.kind == "game":
            return _ln_zipf(self.vocabulary.zipf)
        if accepted.parts:
            return min(self._log_frequency(part) for part in accepted.parts) - self._compound_penalty
        stems = [self._log_frequency(stem) - self._inflection_penalty for stem in accepted.stems]
        variant = self._variant_penalty if accepted.kind == "variant" else 0.0
        return max([self._log_frequency(accepted.modern), *stems]) - variant

    def _log_frequency(self, word: str) -> float:
        found = self._frequencies.get(word.lower())
        return math.log(found) if found else self._floor

    def _judge(self, word: str, each: bool) -> Acceptance | None:
        """Hunspell, the game's vocabulary, then the period's spellings; a free compound is the last
        resort. A word with other characters than letters (OCR's 6 for ő) is only asked of hunspell."""
        compound = None
        if not word.isalpha():
            return self._hunspell("hunspell", word) if self._speller.spell(word) else None
        if self._speller.spell(word):
            compound = self._hunspell("hunspell", word)
            if not compound.parts:
                return compound
        lower = word.lower()
        analogies = self.vocabulary.analogies(lower)
        if "" in analogies or any(self._speller.spell(a) for a in analogies):
            return Acceptance("game", lower)
        for modern, sporadic in self.orthography.variants(lower, each):
            if self._speller.spell(modern):
                found = self._hunspell("variant" if sporadic else "historical", modern)
                if not found.parts:
                    return found
                compound = compound or found
        return compound

    def _hunspell(self, kind: str, word: str) -> Acceptance:
        """An acceptance by hunspell with the stems of its analyses; a word it knows only by compounding
        freely carries its parts instead."""
        analyses = [a.decode("utf-8", "replace").split() for a in self._speller.analyze(word)]
        if analyses and all(any(f.startswith("pa:") for f in a) for a in analyses):
            parts = tuple(f[3:] for f in analyses[0] if f.startswith("pa:"))
            return Acceptance("compound" if kind == "hunspell" else kind, word, parts)
        stems = (next((f[3:] for f in a if f.startswith("st:")), None) for a in analyses)
        return Acceptance(kind, word, stems=tuple(dict.fromkeys(s for s in stems if s)))


def _ln_zipf(zipf: float) -> float:
    return (zipf - 9) * LN10


@dataclass(frozen=True)
class Tables:
    """What the lexicon derives from its word lists: frequencies, prefix and trigram sets, spelling model."""

    frequencies: dict[str, float]
    prefixes: frozenset[str]
    trigrams: frozenset[str]
    spelling: SpellingModel

    @classmethod
    def make(cls, lang: str, vocabulary: Vocabulary) -> "Tables":
        """Tables from wordfreq's list, spaCy's lemma lookup keys and values, and the game's stems."""
        frequencies = wordfreq.get_frequency_dict(lang)
        known = set(frequencies) | _lemma_lookup_forms(lang) | vocabulary.prefixes()
        known |= {w.replace("c", "cz") for w in known if "c" in w}
        prefixes = frozenset(form[:n] for form in known for n in range(1, PREFIX_LEN + 1))
        trigrams = frozenset(padded[i:i + 3] for form in known
                             for padded in [f"^{form}$"] for i in range(len(padded) - 2))
        return cls(frequencies, prefixes, trigrams, train_spelling(sorted(known)))


def _tables(lang: str, vocabulary: Vocabulary) -> Tables:
    """The tables, cached on disk by their sources' versions and the code that makes them."""
    code = [Path(__file__).with_name(name).read_bytes() for name in ("lexicon.py", "spelling.py")]
    key = repr((lang, sorted(vocabulary.stems), _version("wordfreq"), _version("spacy-lookups-data"), code))
    path = CACHE / f"lexicon-{lang}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"
    if path.exists():
        with path.open("rb") as handle:
            return pickle.load(handle)
    tables = Tables.make(lang, vocabulary)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".{os.getpid()}.tmp")
    with temporary.open("wb") as handle:
        pickle.dump(tables, handle, protocol=pickle.HIGHEST_PROTOCOL)
    temporary.replace(path)
    return tables


def _lemma_lookup_forms(lang: str) -> set[str]:
    path = Path(spacy_lookups_data.__file__).parent / "data" / f"{lang}_lemma_lookup.json.gz"
    if not path.exists():
        return set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        table = json.load(handle)
    return {w.lower() for pair in table.items() for w in pair}


def build(lang: str = "hu") -> Lexicon:
    """A new lexicon of a language (only "hu" so far), with empty caches."""
    dic, aff = HUNSPELL / f"{lang}_{lang.upper()}.dic", HUNSPELL / f"{lang}_{lang.upper()}.aff"
    if not dic.exists():
        raise InputError(f"no hunspell dictionary for language {lang!r} (install hunspell-{lang})", dic)
    speller = hunspell.HunSpell(str(dic), str(aff))
    orthography = load_orthography(DATA / f"{lang}-historical.toml")
    vocabulary = load_vocabulary(DATA / f"{lang}-game.toml")
    return Lexicon(speller, orthography, vocabulary, _tables(lang, vocabulary))


@functools.cache
def load(lang: str = "hu") -> Lexicon:
    """The lexicon of a language, built once per process."""
    return build(lang)
