"""Which words are Hungarian of about 1900, and how likely each is: the lexicon the repair stage filters with."""
from __future__ import annotations

import functools
import gzip
import hashlib
import json
import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from enum import Enum
from importlib.metadata import version as _version
from pathlib import Path

import hunspell
import spacy_lookups_data
import wordfreq
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from ..errors import InputError
from ..files import cached, file_stamp
from ..paths import CACHE, LEXICON
from .orthography import Orthography, load_orthography
from .spelling import SpellingModel, train_spelling
from .vocabulary import Vocabulary, load_vocabulary

HUNSPELL = Path("/usr/share/hunspell")


@dataclass(frozen=True)
class Dictionary:
    """A hunspell dictionary: its name in HUNSPELL (NAME.dic, NAME.aff) and the Debian package
    that installs it."""

    name: str
    package: str

    @property
    def dic(self) -> Path:
        """The word list."""
        return HUNSPELL / f"{self.name}.dic"

    @property
    def aff(self) -> Path:
        """The affix rules."""
        return HUNSPELL / f"{self.name}.aff"


DICTIONARIES = {"hu": Dictionary("hu_HU", "hunspell-hu"), "de": Dictionary("de_DE", "hunspell-de-de"),
                "en": Dictionary("en_US", "hunspell-en-us"), "fr": Dictionary("fr_FR", "hunspell-fr-classical")}
"""Each language's hunspell dictionary, as Debian installs it (the file lists of its packages)."""


def dictionary(lang: str) -> Dictionary:
    """The hunspell dictionary of a language; an InputError for a language none is known for."""
    if lang not in DICTIONARIES:
        raise InputError(f"no hunspell dictionary is known for language {lang!r} "
                         f"(known: {', '.join(sorted(DICTIONARIES))})")
    return DICTIONARIES[lang]
PREFIX_LEN = 4
"""Candidate spellings are pruned as soon as their first letters start no known word."""
LN10 = math.log(10)
BARE = str.maketrans("áéíóöőúüű", "aeiooouuu")
"""A word's key for finding known words near it: lower case without accents, which an engine
trained on English reads least reliably."""


class Basis(str, Enum):
    """On what ground the lexicon accepts a word."""

    HUNSPELL = "hunspell"        # hunspell knows it as it stands
    COMPOUND = "compound"        # hunspell knows it only by compounding freely
    HISTORICAL = "historical"    # a spelling the period followed throughout (kilencz)
    VARIANT = "variant"          # a spelling the period followed now and then (a short í)
    GAME = "game"                # a word of the game's vocabulary
    ENDING = "ending"            # an ending written alone after a hyphen (coup-ot)


@dataclass(frozen=True)
class Acceptance:
    """Why the lexicon accepts a word: `kind` its basis; `modern` the form hunspell knows; `parts` the
    words of a form hunspell knows only as a free compound, `stems` the stems hunspell gives it."""

    kind: Basis
    modern: str
    parts: tuple[str, ...] = ()
    stems: tuple[str, ...] = ()

    @property
    def label(self) -> Basis:
        """The kind, or COMPOUND for a form known only as a free compound."""
        return Basis.COMPOUND if self.parts else self.kind

    @property
    def weak(self) -> bool:
        """Whether the word is known only as a free compound or in a spelling the period used now and then."""
        return bool(self.parts) or self.kind is Basis.VARIANT


class Lexicon:
    """Hunspell's hu_HU extended with the period's orthography and the game's vocabulary, with word priors."""

    def __init__(self, speller: hunspell.HunSpell, orthography: Orthography, vocabulary: Vocabulary,
                 tables: Tables, floor_zipf: float = 1.0, compound_penalty: float = 5.0,
                 inflection_penalty: float = 4.0, variant_penalty: float = 1.5, attested_zipf: float = 2.5):
        self._speller = speller
        self.orthography = orthography
        self.vocabulary = vocabulary
        self._frequencies = tables.frequencies
        self.prefixes, self.trigrams = tables.prefixes, tables.trigrams
        self.spelling = tables.spelling
        self.neighbours = tables.neighbours
        self._floor = _ln_zipf(floor_zipf)
        self._attested = _ln_zipf(attested_zipf)
        self._forms = tables.forms
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
        if accepted.kind is Basis.GAME:
            return _ln_zipf(self.vocabulary.zipf)
        if accepted.parts:
            return min(self._log_frequency(part) for part in accepted.parts) - self._compound_penalty
        stems = [self._log_frequency(stem) - self._inflection_penalty for stem in accepted.stems]
        variant = self._variant_penalty if accepted.kind is Basis.VARIANT else 0.0
        listed = self._attested if accepted.modern.lower() in self._forms else self._floor
        return max([self._log_frequency(accepted.modern), listed, *stems]) - variant

    def attested(self, word: str) -> float | None:
        """Natural log of wordfreq's frequency of a word the lexicon need not accept (a name, a loanword),
        or None if wordfreq's list lacks it."""
        found = self._frequencies.get(word.lower())
        return math.log(found) if found else None

    def _log_frequency(self, word: str) -> float:
        found = self._frequencies.get(word.lower())
        return math.log(found) if found else self._floor

    def _judge(self, word: str, each: bool) -> Acceptance | None:
        """Hunspell, the game's vocabulary, then the period's spellings; a free compound is the last
        resort. A word with other characters than letters (OCR's 6 for ő) is only asked of hunspell."""
        compound = None
        if not word.isalpha():
            return self._hunspell(Basis.HUNSPELL, word) if self._speller.spell(word) else None
        if self._speller.spell(word):
            compound = self._hunspell(Basis.HUNSPELL, word)
            if not compound.parts:
                return compound
        lower = word.lower()
        analogies = self.vocabulary.analogies(lower)
        if "" in analogies or any(self._speller.spell(a) for a in analogies):
            return Acceptance(Basis.GAME, lower)
        for modern, sporadic in self.orthography.variants(lower, each):
            if self._speller.spell(modern):
                found = self._hunspell(Basis.VARIANT if sporadic else Basis.HISTORICAL, modern)
                if not found.parts:
                    return found
                compound = compound or found
        return compound

    def _hunspell(self, kind: Basis, word: str) -> Acceptance:
        """An acceptance by hunspell with the stems of its analyses; a word it knows only by compounding
        freely carries its parts instead."""
        analyses = [a.decode("utf-8", "replace").split() for a in self._speller.analyze(word)]
        if analyses and all(any(f.startswith("pa:") for f in a) for a in analyses):
            parts = tuple(f[3:] for f in analyses[0] if f.startswith("pa:"))
            return Acceptance(Basis.COMPOUND if kind is Basis.HUNSPELL else kind, word, parts)
        stems = (next((f[3:] for f in a if f.startswith("st:")), None) for a in analyses)
        return Acceptance(kind, word, stems=tuple(dict.fromkeys(s for s in stems if s)))


def _ln_zipf(zipf: float) -> float:
    return (zipf - 9) * LN10


@dataclass(frozen=True)
class Neighbours:
    """The known word forms by their accentless key, indexed by the key's first letter and by its
    last two, each list ordered by length: where to look for the words a badly garbled one may be
    (an engine seldom garbles both ends of a word)."""

    forms: dict[str, tuple[str, ...]]
    by_first: dict[str, tuple[list[str], list[int]]]
    by_last: dict[str, tuple[list[str], list[int]]]

    @classmethod
    def make(cls, known: set[str]) -> "Neighbours":
        """The index of the lower-cased forms made of letters only."""
        forms: dict[str, list[str]] = {}
        for form in sorted(known):
            if form.isalpha() and len(form) > 2:
                forms.setdefault(form.translate(BARE), []).append(form)
        first: dict[str, list[str]] = {}
        last: dict[str, list[str]] = {}
        for key in sorted(forms, key=lambda k: (len(k), k)):
            first.setdefault(key[0], []).append(key)
            last.setdefault(key[-2:], []).append(key)
        index = lambda groups: {g: (keys, [len(k) for k in keys]) for g, keys in groups.items()}
        return cls({k: tuple(v) for k, v in forms.items()}, index(first), index(last))

    def near(self, word: str, distance: int, limit: int) -> list[str]:
        """Known forms whose key is within `distance` edits of the lower-cased word's and that share its
        first letter or its last two, nearest first (at most `limit` keys)."""
        key = word.translate(BARE)
        found: dict[str, float] = {}
        for group in (self.by_first.get(key[:1]), self.by_last.get(key[-2:])):
            if group is None:
                continue
            keys, lengths = group
            lo, hi = bisect_left(lengths, len(key) - distance), bisect_right(lengths, len(key) + distance)
            for near, cost, _ in process.extract(key, keys[lo:hi], scorer=Levenshtein.distance,
                                                 score_cutoff=distance, limit=limit):
                found[near] = cost
        ordered = sorted(found, key=lambda k: (found[k], k))[:limit]
        return [form for near in ordered for form in self.forms[near]]


@dataclass(frozen=True)
class Tables:
    """What the lexicon derives from its word lists: frequencies, prefix and trigram sets, spelling
    model, the index of known forms."""

    frequencies: dict[str, float]
    prefixes: frozenset[str]
    trigrams: frozenset[str]
    spelling: SpellingModel
    neighbours: Neighbours
    forms: frozenset[str]         # the inflected forms spaCy's lemma table lists: attested, if not counted

    @classmethod
    def make(cls, lang: str, vocabulary: Vocabulary) -> "Tables":
        """Tables from wordfreq's list, spaCy's lemma lookup keys and values, and the game's stems."""
        frequencies = wordfreq.get_frequency_dict(lang)
        forms = _lemma_lookup_forms(lang)
        known = set(frequencies) | forms | vocabulary.prefixes()
        known |= {w.replace("c", "cz") for w in known if "c" in w}
        stems = _hunspell_stems(lang)
        prefixes = frozenset(form[:n] for form in known | stems for n in range(1, PREFIX_LEN + 1))
        trigrams = frozenset(padded[i:i + 3] for form in known
                             for padded in [f"^{form}$"] for i in range(len(padded) - 2))
        trigrams |= {padded[i:i + 3] for stem in stems for padded in [f"^{stem}"] for i in range(len(padded) - 2)}
        return cls(frequencies, prefixes, trigrams, train_spelling(sorted(known)), Neighbours.make(known),
                   frozenset(forms))


def _tables(lang: str, vocabulary: Vocabulary) -> Tables:
    """The tables, cached on disk (_tables_path)."""
    return cached(_tables_path(lang, vocabulary), lambda: Tables.make(lang, vocabulary))


def _tables_path(lang: str, vocabulary: Vocabulary) -> Path:
    """Where the tables are cached: named by their sources (the word lists' versions, hunspell's
    dictionary files as installed, the game's stems) and the code that makes them."""
    found = dictionary(lang)
    code = [Path(__file__).with_name(name).read_bytes() for name in ("lexicon.py", "spelling.py")]
    key = repr((lang, sorted(vocabulary.stems), _version("wordfreq"), _version("spacy-lookups-data"),
                [file_stamp(path) for path in (found.dic, found.aff)], code))
    return CACHE / f"lexicon-{lang}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.pickle"


def _hunspell_stems(lang: str) -> set[str]:
    """The lower-cased stems of hunspell's dictionary (words the frequency lists may lack: talon), which
    an inflected form begins with."""
    path = dictionary(lang).dic
    if not path.exists():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    return {stem for line in lines for stem in [line.split("/")[0].split("\t")[0].strip().lower()] if stem.isalpha()}


def _lemma_lookup_forms(lang: str) -> set[str]:
    path = Path(spacy_lookups_data.__file__).parent / "data" / f"{lang}_lemma_lookup.json.gz"
    if not path.exists():
        return set()
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        table = json.load(handle)
    return {w.lower() for pair in table.items() for w in pair}


def build(lang: str = "hu") -> Lexicon:
    """A new lexicon of a language (only "hu" so far), with empty caches."""
    found = dictionary(lang)
    for path in (found.dic, found.aff):
        if not path.exists():
            raise InputError(f"no hunspell dictionary for language {lang!r} (install the Debian package "
                             f"{found.package}, which provides {path.name})", path)
    speller = hunspell.HunSpell(str(found.dic), str(found.aff))
    orthography = load_orthography(LEXICON / f"{lang}-historical.toml")
    vocabulary = load_vocabulary(LEXICON / f"{lang}-game.toml")
    return Lexicon(speller, orthography, vocabulary, _tables(lang, vocabulary))


@functools.cache
def load(lang: str = "hu") -> Lexicon:
    """The lexicon of a language, built once per process."""
    return build(lang)
