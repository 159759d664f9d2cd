"""The kinds of evidence the aligner weighs, each one switchable so its contribution can be measured.

A unit's lexical features are strings with a prefix per `Channel`: `c:` a glossary concept,
`n:` a number, `k:` a card named, `f:` a French term of the game or a word spelt alike in both
texts, `l:` a lemma (within one language), `e:` an English word a dictionary translates it to. STRUCTURE (parallel sections, neighbours) and ENGINE (the
engine's parameters and scenarios cite both units) are scored apart from the words.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from engine.ruleset import available, load

from ..link import CitingScenario
from ..model import lineage, within
from .cues import Cues, common_words

SHARED_MIN = 4      # a word spelt alike in two languages is a cue from this length on


class Evidence(str, Enum):
    """A kind of evidence that two units state the same thing."""

    GLOSSARY = "glossary"      # the game's vocabulary in hu/de/en/fr (corpus/editorial/glossary.toml)
    TERMS = "terms"            # numbers, card names, the French of the game, names spelt alike
    LEMMAS = "lemmas"          # spaCy lookup lemmas: glossary matched on lemmas; lemmas within a language
    DICTIONARY = "dictionary"  # FreeDict hun-eng and deu-eng: the English words both translate to
    STRUCTURE = "structure"    # sections that correspond, units in the same order within them
    ENGINE = "engine"          # one engine parameter or scenario cites both units
    PIVOT = "pivot"            # for a witness the editor has not aligned: a unit like one the editor linked (pivot.py)


ALL: frozenset[Evidence] = frozenset(Evidence)


class Channel(str, Enum):
    """A kind of lexical feature, named by the prefix of its features (`c:king`): the aligner
    weighs each channel's overlap on its own."""

    CONCEPT = "c"      # a glossary concept
    NUMBER = "n"       # a number
    CARD = "k"         # a card named
    FRENCH = "f"       # a French term of the game, or a word spelt alike in both texts
    LEMMA = "l"        # a lemma, within one language
    ENGLISH = "e"      # an English word a dictionary translates the unit's words to

    def of(self, value: object) -> str:
        """The feature of a value in this channel."""
        return f"{self.value}:{value}"

    @classmethod
    def of_feature(cls, feature: str) -> "Channel":
        """The channel a feature belongs to."""
        return cls(feature[0])


def features(cue: Cues, lang: str | None, same_language: bool, shared: frozenset[str],
             cards: frozenset[str], evidence: frozenset[Evidence],
             english: frozenset[str] = frozenset()) -> frozenset[str]:
    """What a unit can share with a unit of the other side, under the evidence switched on
    (`english`: the English words the unit's words translate to, for DICTIONARY)."""
    found: set[str] = set()
    if Evidence.DICTIONARY in evidence and not same_language:
        common = common_words("en")
        found |= {Channel.ENGLISH.of(w) for w in english if len(w) > 2 and w not in common}
    if Evidence.GLOSSARY in evidence:
        found |= {Channel.CONCEPT.of(c) for c in cue.concepts if c not in cards}
    if Evidence.TERMS in evidence:
        found |= {Channel.NUMBER.of(n) for n in cue.numbers}
        found |= {Channel.CARD.of(c) for c in cue.concepts | cue.french if c in cards}
        found |= {Channel.FRENCH.of(c) for c in cue.french}
        found |= {Channel.FRENCH.of(w) for w in cue.words if w in shared}
    if Evidence.LEMMAS in evidence and same_language:
        common = common_words(lang)
        found |= {Channel.LEMMA.of(w) for w in cue.lemmas or cue.words
                  if len(w) > 2 and not w.isdigit() and w not in common}
    return frozenset(found)


def shared_words(a: list[Cues], b: list[Cues]) -> frozenset[str]:
    """Words of at least SHARED_MIN letters that both texts use: names and loanwords."""
    def vocabulary(side: list[Cues]) -> set[str]:
        return {w for cue in side for w in cue.words if len(w) >= SHARED_MIN and not w.isdigit()}
    return frozenset(vocabulary(a) & vocabulary(b))


class Citer(str, Enum):
    """What of the engine cites units: a ruleset parameter, or a scenario's situation (its file
    name, the same under each ruleset's folder)."""

    PARAMETER = "p"
    SCENARIO = "s"


@dataclass(frozen=True, order=True)
class Citation:
    """One parameter or scenario situation citing a unit. `first`: the unit heads the citer's
    list, which runs from most to least specific (tests/conformance/README.md): the unit whose
    words the scenario quotes, or which states the parameter's value, rather than its context."""

    citer: Citer
    name: str
    first: bool

    @property
    def key(self) -> tuple[Citer, str]:
        """The citer, whichever place the unit has in its list."""
        return self.citer, self.name


EngineCues = Mapping[str, frozenset[Citation]]
"""Unit id → the citations of it by the engine's parameters and scenarios."""


def engine_cues(scenarios: Iterable[CitingScenario]) -> dict[str, frozenset[Citation]]:
    """Every unit cited by a ruleset parameter's own citations or by a scenario, with what cites
    it and whether it heads that list. A unit inside a cited one shares them (`cited_by`)."""
    found: dict[str, set[Citation]] = {}

    def cite(units: Sequence[str], citer: Citer, name: str) -> None:
        parts = [u for u in units if not any(within(v, [u]) for v in units if v != u)]
        for unit in units:
            found.setdefault(unit, set()).add(Citation(citer, name, unit == parts[0]))
    for siglum in available():
        for provision in load(siglum).provisions.values():
            cite(provision.own_cites, Citer.PARAMETER, provision.name)
    for scenario in scenarios:
        cite(scenario.cites, Citer.SCENARIO, scenario.file.split("/")[-1])
    return {unit: frozenset(citations) for unit, citations in found.items()}


def cited_by(unit: str, engine: EngineCues) -> frozenset[Citation]:
    """The engine's citations of a unit or of a unit it stands inside (a § cited whole); only
    its own can be first, as a part of the unit a citer heads with is not all it cites."""
    inherited = (Citation(c.citer, c.name, False) for u in lineage(unit)[:-1] for c in engine.get(u, ()))
    return frozenset(engine.get(unit, ())).union(inherited)


def differing_parameters(a: str, b: str, ruleset_a: str | None, ruleset_b: str | None) -> tuple[str, ...]:
    """The parameters that cite unit `a` in its ruleset and unit `b` in its own, with different
    values: the engine's word that the two units state one regulation differently. Those citing
    the units themselves come before those citing only a unit holding them (en-wiki.s6.p2.i2's
    refused_first_loss before its paragraph s6.p2's unproposed_loss)."""
    if ruleset_a not in available() or ruleset_b not in available():
        return ()
    ra, rb = load(ruleset_a).provisions, load(ruleset_b).provisions
    differing = [name for name in ra if name in rb
                 and within(a, ra[name].own_cites) and within(b, rb[name].own_cites)
                 and ra[name].value != rb[name].value]
    return tuple(sorted(differing, key=lambda name: -((a in ra[name].own_cites) + (b in rb[name].own_cites))))
