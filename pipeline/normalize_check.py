"""The modern layer's readings in doubt: a period form with two modern readings that are words.

Where the print's form and a modernization of it are both words today (szint: szint 'level' or
színt 'suit'), hunspell alone settles nothing, and the normalizer keeps the print's form. Each
reading is weighed here by what hunspell does not know: the game's Hungarian words (the
glossary's forms, with their accents), the lemmas of the edition's other words (spaCy's lookup
lemma and hunspell's stems: the edition says szín, never szint 'level'), and wordfreq's
frequencies. A reading that any of them prefers to the normalizer's puts the word in doubt; the
build stops until the editor decides it in normalization.toml ([[decision]]), and stops on a
decision that no longer applies. `ecarte modern` lists every such word with its evidence.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import wordfreq

from .align.cues import GLOSSARY, Glossary, read_glossary
from .errors import InputError
from .model import Unit
from .normalize import RULES, Normalizer, SpellingDecision

LANG = "hu"
FREQUENCY_MARGIN = 1.0
"""Zipf units by which wordfreq must prefer another reading to put a word in doubt (tenfold)."""


class Signal(str, Enum):
    """What speaks for a reading other than the normalizer's."""

    GAME = "game"              # it names a concept of the game (glossary) that the chosen one does not
    EDITION = "edition"        # its lemmas are more frequent among the edition's other words
    FREQUENCY = "frequency"    # wordfreq counts it at least FREQUENCY_MARGIN Zipf more often


@dataclass(frozen=True)
class GameTerms:
    """The glossary's Hungarian forms as written, accents kept (modern spelling), where the
    aligner folds them away: "szín" (suit) is not "szint" (level)."""

    glossary: Glossary
    lang: str = LANG

    def concepts(self, word: str) -> frozenset[str]:
        """The concepts a lower-cased word names."""
        return self.glossary.concepts(word, self.lang)


def read_game_terms(path: Path = GLOSSARY, lang: str = LANG) -> GameTerms:
    """The forms of one language in a glossary file like corpus/editorial/glossary.toml."""
    return GameTerms(read_glossary(path, str.lower), lang)


@dataclass(frozen=True)
class Evidence:
    """What speaks for one modern reading: its lemmas, the game's concepts it or a lemma names,
    how many of the edition's other words share a lemma with it, its wordfreq Zipf frequency."""

    form: str
    lemmas: tuple[str, ...]
    concepts: tuple[str, ...]
    attested: int
    zipf: float

    def describe(self) -> str:
        """The reading with its evidence, for people."""
        named = f", names {'/'.join(self.concepts)}" if self.concepts else ""
        return (f"{self.form} (lemma {'/'.join(self.lemmas)}: {self.attested}× in the edition{named}, "
                f"Zipf {self.zipf:.2f})")


@dataclass(frozen=True)
class ModernChoice:
    """A word of a unit with two or more modern readings that are words: the evidence for each
    (the normalizer's reading first), what speaks for another, and the editor's decision if any."""

    unit: str
    word: str                                  # lower case, as printed
    occurrences: int                           # times the unit's text has it
    evidence: tuple[Evidence, ...]
    signals: tuple[tuple[str, Signal], ...]    # (another reading, what speaks for it)
    decision: SpellingDecision | None

    @property
    def chosen(self) -> str:
        """The rules' reading (hunspell's alone)."""
        return self.evidence[0].form

    @property
    def modern(self) -> str:
        """The reading the modern layer gives: the decision's, else the normalizer's."""
        return self.decision.modern if self.decision else self.chosen

    @property
    def doubtful(self) -> bool:
        """Whether anything speaks for another reading than the rules'."""
        return bool(self.signals)

    def as_json(self) -> dict:
        """The choice as `ecarte modern --json` prints it."""
        return {"unit": self.unit, "word": self.word, "occurrences": self.occurrences,
                "chosen": self.chosen, "modern": self.modern, "doubtful": self.doubtful,
                "readings": [{"form": e.form, "lemmas": list(e.lemmas), "concepts": list(e.concepts),
                              "attested": e.attested, "zipf": round(e.zipf, 2)} for e in self.evidence],
                "signals": [{"form": form, "signal": signal.value} for form, signal in self.signals],
                "decision": {"modern": self.decision.modern, "why": self.decision.why} if self.decision else None}

    def reason(self) -> str:
        """One line: the readings, what speaks for another than the normalizer's, the decision."""
        favoured = "; ".join(f"{form}: {signal.value}" for form, signal in self.signals) or "none"
        decided = f"; decided {self.decision.modern}: {self.decision.why}" if self.decision else ""
        return (f"{self.unit} {self.word}: the rules read {self.chosen}; readings "
                f"{', '.join(e.describe() for e in self.evidence)}; in doubt by {favoured}{decided}")


class Lemmas:
    """A word's lemmas: spaCy's lookup lemma (where its table lists the form) and hunspell's stems."""

    def __init__(self, normalizer: Normalizer):
        self._lexicon = normalizer.lexicon
        self._known: dict[str, tuple[str, ...]] = {}

    def learn(self, forms: Iterable[str]) -> None:
        """Look up many lower-cased forms at once (one spaCy pass)."""
        from .align.lemmas import lemma_pairs      # spaCy takes a second to import: only a build needs it
        new = sorted(set(forms) - set(self._known))
        for form, pairs in zip(new, lemma_pairs(new, LANG) or [[] for _ in new]):
            spacy = [lemma for word, lemma in pairs if word == form and lemma != form]
            accepted = self._lexicon.acceptance(form)
            stems = accepted.stems if accepted else ()
            self._known[form] = tuple(dict.fromkeys([*spacy, *stems])) or (form,)

    def of(self, form: str) -> tuple[str, ...]:
        """The lemmas of a lower-cased form (the form itself where neither knows one)."""
        if form not in self._known:
            self.learn([form])
        return self._known[form]


def choices(leaves: Sequence[tuple[str, str]], normalizer: Normalizer, terms: GameTerms) -> list[ModernChoice]:
    """Every word with two or more modern readings that are words in the (unit id, text) pairs,
    once per unit, in text order, weighed against the lemmas of the texts' other words."""
    words = [(unit, normalizer.words(text)) for unit, text in leaves]
    readings = {w.lower(): normalizer.readings(w) for _, ws in words for w in ws}
    plain = {w: (normalizer.word(w) or w).lower() for _, ws in words for w in ws if len(readings[w.lower()]) < 2}
    lemmas = Lemmas(normalizer)
    lemmas.learn({*plain.values(), *(r for found in readings.values() if len(found) > 1 for r in found)})
    edition = Counter(frozenset(lemmas.of(plain[w])) for _, ws in words for w in ws if w in plain)
    decisions = {(d.unit, d.word): d for d in normalizer.rules.decisions}
    out = []
    for unit, ws in words:
        counted = Counter(w.lower() for w in ws if len(readings[w.lower()]) > 1)
        for word, n in counted.items():
            evidence = tuple(_weigh(form, lemmas.of(form), terms, edition) for form in readings[word])
            out.append(ModernChoice(unit, word, n, evidence, _signals(evidence), decisions.get((unit, word))))
    return out


def _weigh(form: str, lemmas: tuple[str, ...], terms: GameTerms, edition: Counter) -> Evidence:
    concepts = sorted({c for word in (form, *lemmas) for c in terms.concepts(word)})
    attested = sum(n for found, n in edition.items() if found & set(lemmas))
    return Evidence(form, lemmas, tuple(concepts), attested, wordfreq.zipf_frequency(form, LANG))


def _signals(evidence: tuple[Evidence, ...]) -> tuple[tuple[str, Signal], ...]:
    """What speaks for each reading other than the first (the normalizer's)."""
    chosen, out = evidence[0], []
    for other in evidence[1:]:
        if set(other.concepts) - set(chosen.concepts):
            out.append((other.form, Signal.GAME))
        if other.attested > chosen.attested:
            out.append((other.form, Signal.EDITION))
        if other.zipf >= chosen.zipf + FREQUENCY_MARGIN:
            out.append((other.form, Signal.FREQUENCY))
    return tuple(out)


def leaves(units: Iterable[Unit]) -> list[tuple[str, str]]:
    """The (id, text) of every unit with lines of its own under the given ones."""
    return [(u.id, u.text) for top in units for u in top.walk() if u.lines]


def stale(units: Sequence[Unit], found: list[ModernChoice], normalizer: Normalizer) -> list[str]:
    """What is wrong with the decisions: a unit that is none of the edition's or holds no lines,
    a word it no longer has or that has one modern reading, a reading that is not one of its, a
    unit under which the word would be read two ways (its text holds its parts')."""
    by_id = {u.id: u for top in units for u in top.walk()}
    by_key = {(c.unit, c.word): c for c in found}
    problems = []
    for d in normalizer.rules.decisions:
        where = f"decision {d.unit} {d.word!r} → {d.modern!r}"
        unit = by_id.get(d.unit)
        choice = by_key.get((d.unit, d.word))
        if unit is None:
            problems.append(f"{where}: no unit {d.unit} in the edition")
        elif not unit.lines:
            problems.append(f"{where}: {d.unit} holds no lines; decide in the unit whose lines hold the word")
        elif choice is None and d.word not in {w.lower() for w in normalizer.words(unit.text)}:
            problems.append(f"{where}: the word no longer occurs in the unit")
        elif choice is None:
            problems.append(f"{where}: the word has one modern reading only "
                            f"({', '.join(normalizer.readings(d.word)) or 'none'}): nothing to decide")
        elif d.modern not in {e.form for e in choice.evidence}:
            problems.append(f"{where}: not one of its readings ({', '.join(e.form for e in choice.evidence)})")
    for top in units:
        under = {u.id for u in top.walk()}
        read: dict[str, list[ModernChoice]] = {}
        for c in found:
            if c.unit in under:
                read.setdefault(c.word, []).append(c)
        problems += [f"{top.id} would read {word!r} as {' and '.join(sorted({c.modern for c in cs}))} "
                     f"({', '.join(c.unit for c in cs)}): decide it alike in every unit under {top.id}"
                     for word, cs in read.items()
                     if len({c.modern for c in cs}) > 1 and any(c.decision for c in cs)]
    return problems


def review(units: Sequence[Unit], normalizer: Normalizer, terms: GameTerms) -> list[ModernChoice]:
    """The edition's choices; an InputError naming normalization.toml if a decision is stale."""
    found = choices(leaves(units), normalizer, terms)
    problems = stale(units, found, normalizer)
    if problems:
        raise InputError("; ".join(problems), RULES)
    return found


def require_decided(units: Sequence[Unit], normalizer: Normalizer, terms: GameTerms) -> list[ModernChoice]:
    """The edition's choices; an InputError naming normalization.toml if a decision is stale or
    a word in doubt is undecided."""
    found = review(units, normalizer, terms)
    undecided = [c for c in found if c.doubtful and not c.decision]
    if undecided:
        raise InputError(f"{len(undecided)} modern reading(s) in doubt and undecided, add a [[decision]] "
                         f"for each (`ecarte modern` lists them): "
                         + " | ".join(c.reason() for c in undecided), RULES)
    return found
