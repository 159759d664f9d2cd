"""The automatic aligner of two sides: many-to-many links between units, in any order.

Each pair of units gets a score in [0, 1] from the evidence switched on (`Evidence`): the
weighted mean of its lexical channels' IDF-weighted overlaps; raised where the engine cites
both, more where both head the same citer's list (the units a scenario quotes under two
rulesets), and where, among the units one citer cites in each witness, the words make them each
other's best partner; raised where the sections they stand in correspond and the pair lies on
the in-order path through those sections (`pairing`), and where a neighbouring pair (the units
before both, or after both) scores well. A pair is linked where its score reaches the threshold
and comes within the margin of the best score of its units (`Settings`): rulebooks order their
rules differently, so nothing forces the links into one order. Headings, once the rules are
linked, are raised by how far the rules they head are linked with each other's (`headings`).
"""
from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from .. import lexicon
from ..model import Kind, Link, Origin, Relation, Unit
from ..pairing import best_path
from .cues import WORD, Cues, Glossary, cues
from .dictionary import translations
from .evidence import (ALL, Channel, Citer, EngineCues, Evidence, cited_by, differing_parameters,
                       features, shared_words)
from .headings import raise_headings
from .pivot import Pivot, pivot_boost, unaligned_side
from .sides import Side



@dataclass(frozen=True)
class Settings:
    """The aligner's weights and thresholds: the best of 1,000 settings tried against the
    corpus gold (tests/gold) and the added witness's (tests/pipeline/fixtures/witness), each
    weighing the same (`ecarte align --tune`, seed 1), rounded; still the best once the
    counterpart scenarios of commit 59c3977 were added. The search gave numbers next to
    no weight and the dictionary's English words none as a channel of their own: they count
    through the sections' similarity, which every feature feeds. `pivot_weight` counts only for
    a witness the editor has not aligned: 0.2 was the best of 0.2, 0.35, 0.5, 0.7 and 1.0 on the
    two added witnesses' golds (laws 0.831 → 0.911, club-code 0.583 → 0.626, when they linked
    leaves only). `structure_when_cited` came later, when fewer readers' links made the gold: of
    1, 0.5, 0.25 and 0 the best on it (0.722 → 0.751), and on the independent readers' golds of
    then (tests/gold/independent) 0.5 gained on each witness too; the added witnesses are
    unchanged. `heading_weight` and the headings' threshold and margin came last and are not
    searched (their comments say how they were chosen)."""

    threshold: float = 0.46       # a link must score at least this
    margin: float = 0.14          # and be at most this much below its units' best scores elsewhere
    equivalent: float = 0.5       # a one-to-one link whose words score this much is equivalent (unless a variant)
    section_weight: float = 0.27  # what corresponding sections add to their units' pairs
    path_weight: float = 0.12     # what lying on the in-order path through two such sections adds
    section_min: float = 0.43     # sections this similar correspond
    engine_weight: float = 0.62   # what the engine's shared citations add, in proportion to their overlap
    first_weight: float = 0.35    # what both units heading one citer's list adds
    group_weight: float = 0.23    # what being the best-worded pair among one citer's units adds
    neighbour_weight: float = 0.30  # what the better neighbouring pair's score adds, in proportion
    either: bool = False          # within the margin of either unit's best (else of both units')
    pivot_weight: float = 0.2     # what reading like a third witness's unit, which the editor linked with the other, adds
    structure_when_cited: float = 0.5  # the share of the sections', path's and neighbours' raises kept, for
                                       # every pair, when some citer of the engine cites units of both witnesses
    heading_weight: float = 1.0   # what the cosine of two headings' units' links adds to the pair (headings.py):
                                  # not searched (--tune scores normative units); on the added witnesses' golds'
                                  # 28 heading links, F1 0.537 with 0, 0.766 with 0.5, 0.816 with 0.75, 0.784
                                  # with 1, 0.830 with 1.5, 0.724 with 2 (chosen as rules are): 1, the whole cosine, is kept
    heading_threshold: float = 0.25  # headings are linked from this score on, and within this much of
    heading_margin: float = 0.4      # their best: a heading heads more or less than another, so readers
                                     # link it with each heading whose matter overlaps its own (tests/gold,
                                     # the headings). Chosen on the added witnesses' golds' 28 heading links
                                     # (a grid of 0.25–0.46 × 0.14–1.0: 0.784 with the rules' 0.46 and 0.14,
                                     # 0.806 with these), then measured on the corpus gold's 21: 0.686 → 0.857;
                                     # since the editor's heading entries carry over, 0.825 on the 28
    channels: tuple[tuple[Channel, float], ...] = (
        (Channel.CONCEPT, 0.75), (Channel.NUMBER, 0.01), (Channel.CARD, 0.2), (Channel.FRENCH, 0.09),
        (Channel.LEMMA, 1.79), (Channel.ENGLISH, 0.0))
    """The lexical features by prefix (evidence.py) and how much each one's overlap weighs."""

    def structure_scaled(self, factor: float) -> "Settings":
        """The same settings with the structure's raises (sections, path, neighbours) times `factor`."""
        return replace(self, section_weight=self.section_weight * factor, path_weight=self.path_weight * factor,
                       neighbour_weight=self.neighbour_weight * factor)


DEFAULT = Settings()
PATH_MOVES = ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1))


@dataclass(frozen=True)
class Alignment:
    """The links found between two sides, and the units of each left without one."""

    a: Side
    b: Side
    links: tuple[Link, ...]
    unaligned_a: tuple[str, ...]
    unaligned_b: tuple[str, ...]

    def to_json(self) -> dict:
        """The alignment as plain data (docs/contract-extensions.md, `ecarte align`)."""
        return {"a": self.a.name, "b": self.b.name,
                "links": [{"source": l.source, "target": l.target, "relation": l.relation.value,
                           "score": l.score, "source_kind": l.origin.value} for l in self.links],
                "unaligned": {"a": list(self.unaligned_a), "b": list(self.unaligned_b)}}

    def to_text(self) -> str:
        """For people: one line per link, then the units of each side without one."""
        width = max((len(l.source) for l in self.links), default=0)
        target_width = max((len(l.target) for l in self.links), default=0)
        lines = [f"{l.source:<{width}} ⇄ {l.target:<{target_width}}  {l.relation.value:<10}  {l.score:.3f}"
                 for l in self.links]
        for side, ids in ((self.a, self.unaligned_a), (self.b, self.unaligned_b)):
            lines.append(f"unaligned in {side.name} ({len(ids)}): {' '.join(ids) or '—'}")
        return "\n".join(lines) + "\n"


def side_cues(side: Side, terms: Glossary, evidence: frozenset[Evidence]) -> list[Cues]:
    """The cues of each unit of a side, with lemmas where they are switched on and to be had."""
    if Evidence.LEMMAS in evidence:
        from .lemmas import lemma_cues      # spaCy takes a second to import: only aligning needs it
        key = ("lemma-cues", side.texts, side.language)     # made once per side and glossary:
        if key not in terms.memo:                          # the pipelines are slow
            terms.memo[key] = lemma_cues(list(side.texts), side.language, terms)
        if terms.memo[key] is not None:
            return list(terms.memo[key])
    return [cues(text, side.language, terms) for text in side.texts]


def side_english(side: Side) -> list[frozenset[str]]:
    """The English words each unit's words translate to (FreeDict; Hungarian through hunspell's
    stems, German through its lemmas), or an English unit's own lemmas."""
    return list(_english(side.texts, side.language))


@lru_cache(maxsize=32)
def _english(texts: tuple[str, ...], lang: str | None) -> tuple[frozenset[str], ...]:
    from .lemmas import english_lemma, lemma_pairs      # as in side_cues
    pairs = lemma_pairs(list(texts), lang) or [
        [(w, w) for w in WORD.findall(text.lower())] for text in texts]
    stems = _stemmer(lang)
    return tuple(translations({w for w, _ in words}, lang,
                              lambda w, lemmas=dict(words): (lemmas.get(w, w), *stems(w)), english_lemma)
                 for words in pairs)


def _stemmer(lang: str | None) -> Callable[[str], tuple[str, ...]]:
    """Hunspell's stems of a Hungarian word (the lexicon the collation uses); none elsewhere."""
    if lang != "hu":
        return lambda word: ()
    known = lexicon.load("hu")

    def stems(word: str) -> tuple[str, ...]:
        accepted = known.acceptance(word)
        return accepted.stems if accepted else ()
    return stems


def _weights(fa: list[frozenset[str]], fb: list[frozenset[str]]) -> dict[str, float]:
    df = Counter(f for fs in fa + fb for f in fs)
    total = len(fa) + len(fb)
    return {f: math.log((total + 1) / n) for f, n in df.items()}


def _cosines(xs: Sequence[frozenset[Hashable]], ys: Sequence[frozenset[Hashable]],
             weight: Mapping[Hashable, float],
             heads: tuple[Sequence[frozenset[Hashable]], Sequence[frozenset[Hashable]]] | None = None
             ) -> list[list[float]]:
    """The weighted overlap of every pair of xs × ys, each set's mass summed once; `fsum` makes
    it independent of the sets' (hash-seeded) order. With `heads` (per set, the features it
    heads), a shared feature counts only where one of the two heads it."""
    mass_x = [math.fsum(weight[f] for f in x) for x in xs]
    mass_y = [math.fsum(weight[f] for f in y) for y in ys]
    head_x, head_y = heads or ([None] * len(xs), [None] * len(ys))

    def shared(x, y, hx, hy):
        return x & y if hx is None else {f for f in x & y if f in hx or f in hy}
    return [[min(1.0, math.fsum(weight[f] for f in shared(x, y, hx, hy)) / math.sqrt(mx * my))
             if mx * my and x & y else 0.0
             for y, hy, my in zip(ys, head_y, mass_y)] for x, hx, mx in zip(xs, head_x, mass_x)]


class Group(Enum):
    """Which units may be aligned together: those stating rules, headings, the rest."""

    RULE = "rule"
    HEADING = "heading"
    OTHER = "other"

    @classmethod
    def of(cls, unit: Unit) -> "Group":
        if unit.kind is Kind.HEADING:
            return cls.HEADING
        return cls.RULE if unit.normative else cls.OTHER


CiterKey = tuple[Citer, str]


@dataclass(frozen=True)
class EngineMeasures:
    """What the engine's citations say of every pair: the IDF-weighted overlap of their citers,
    counting only those that head their list with one of the two (a scenario citing both only as
    context says little that they are parallel: 0.715 → 0.722 F1 on the corpus gold), whether both
    head one citer's list, and each shared citer's units on either side."""

    overlap: list[list[float]]
    first: list[list[bool]]
    shared_citers: list[tuple[list[int], list[int]]]

    def transposed(self) -> "EngineMeasures":
        """The same measures with the sides swapped."""
        return EngineMeasures(_transpose(self.overlap), _transpose(self.first),
                              [(ib, ia) for ia, ib in self.shared_citers])

    @classmethod
    def of(cls, a: Side, b: Side, engine: EngineCues) -> "EngineMeasures":
        ca = [cited_by(u.id, engine) for u in a.units]
        cb = [cited_by(u.id, engine) for u in b.units]
        ka = [frozenset(c.key for c in x) for x in ca]
        kb = [frozenset(c.key for c in y) for y in cb]
        weight = _weights(ka, kb)
        fa = [frozenset(c.key for c in x if c.first) for x in ca]
        fb = [frozenset(c.key for c in y if c.first) for y in cb]
        members_a: dict[CiterKey, list[int]] = {}
        members_b: dict[CiterKey, list[int]] = {}
        for members, keys in ((members_a, ka), (members_b, kb)):
            for index, unit_keys in enumerate(keys):
                for key in unit_keys:
                    members.setdefault(key, []).append(index)
        return cls(_cosines(ka, kb, weight, (fa, fb)),
                   [[bool(x & y) for y in fb] for x in fa],
                   [(members_a[k], members_b[k]) for k in sorted(members_a.keys() & members_b.keys())])


@dataclass(frozen=True)
class Measures:
    """What the evidence says of every pair of two sides, before any weighing: each lexical
    channel's overlap, the engine's, the similarity of the sections the units stand in."""

    channels: dict[Channel, list[list[float]]]            # channel → pair overlaps
    has: dict[Channel, tuple[list[bool], list[bool]]]     # channel → which units have such features
    engine: "EngineMeasures | None"                   # None: the evidence is switched off
    sections: list[tuple[list[int], list[int], float]] | None   # (units of A, of B, similarity)
    allowed: list[list[bool]]                         # units of the same group (rules, headings, other)
    cues: tuple[list[Cues], list[Cues]]               # each unit's cues, side by side

    def transposed(self) -> "Measures":
        """The same measures with the sides swapped: what `measure(b, a, …)` gives (the
        sections in another order, which no score depends on: each pair stands in one)."""
        return Measures({k: _transpose(v) for k, v in self.channels.items()},
                        {k: (hb, ha) for k, (ha, hb) in self.has.items()},
                        self.engine.transposed() if self.engine else None,
                        [(ib, ia, similar) for ia, ib, similar in self.sections]
                        if self.sections is not None else None,
                        _transpose(self.allowed), (self.cues[1], self.cues[0]))


def _transpose(rows: list[list]) -> list[list]:
    return [list(column) for column in zip(*rows)]


@dataclass
class MeasureCache:
    """The measures made in one run (one glossary, one engine, sides told apart by name): a
    witness nobody has aligned is measured against each pivot witness, pairs the run aligns too."""

    made: dict[tuple[str, str, frozenset[Evidence]], Measures] = field(default_factory=dict)

    def measure(self, a: Side, b: Side, terms: Glossary, engine: EngineCues,
                evidence: frozenset[Evidence]) -> Measures:
        """`measure`, made once per pair of sides whichever way round (the pivot is not measured)."""
        evidence = evidence - {Evidence.PIVOT}
        if (b.name, a.name, evidence) in self.made:
            return self.made[b.name, a.name, evidence].transposed()
        if (a.name, b.name, evidence) not in self.made:
            self.made[a.name, b.name, evidence] = measure(a, b, terms, engine, evidence)
        return self.made[a.name, b.name, evidence]


def measure(a: Side, b: Side, terms: Glossary, engine: EngineCues,
            evidence: frozenset[Evidence]) -> Measures:
    """Every pair of units measured under the evidence switched on."""
    ca, cb = side_cues(a, terms, evidence), side_cues(b, terms, evidence)
    same_language = a.language is not None and a.language == b.language
    shared = shared_words(ca, cb) if not same_language else frozenset()
    dictionary = Evidence.DICTIONARY in evidence and not same_language
    ea = side_english(a) if dictionary else [frozenset()] * len(ca)
    eb = side_english(b) if dictionary else [frozenset()] * len(cb)
    fa = [features(c, a.language, same_language, shared, terms.cards, evidence, e) for c, e in zip(ca, ea)]
    fb = [features(c, b.language, same_language, shared, terms.cards, evidence, e) for c, e in zip(cb, eb)]
    weight = _weights(fa, fb)
    present = {Channel.of_feature(f) for x in fa + fb for f in x}
    channels, has = {}, {}
    for k in sorted(present, key=list(Channel).index):
        xa = [frozenset(f for f in x if Channel.of_feature(f) is k) for x in fa]
        xb = [frozenset(f for f in y if Channel.of_feature(f) is k) for y in fb]
        channels[k] = _cosines(xa, xb, weight)
        has[k] = ([bool(x) for x in xa], [bool(y) for y in xb])
    cited = EngineMeasures.of(a, b, engine) if Evidence.ENGINE in evidence else None
    sections = _sections(a, b, fa, fb, weight) if Evidence.STRUCTURE in evidence else None
    groups_a, groups_b = [Group.of(u) for u in a.units], [Group.of(u) for u in b.units]
    return Measures(channels, has, cited, sections, [[x == y for y in groups_b] for x in groups_a],
                    (ca, cb))


def _sections(a: Side, b: Side, fa: list[frozenset[str]], fb: list[frozenset[str]],
              weight: Mapping[str, float]) -> list[tuple[list[int], list[int], float]]:
    """Every pair of sections with the overlap of all their units' features."""
    names_a, names_b = list(dict.fromkeys(a.sections)), list(dict.fromkeys(b.sections))
    members_a = {s: [i for i, x in enumerate(a.sections) if x == s] for s in names_a}
    members_b = {s: [j for j, y in enumerate(b.sections) if y == s] for s in names_b}
    bag_a = {s: frozenset().union(*(fa[i] for i in members_a[s])) for s in names_a}
    bag_b = {s: frozenset().union(*(fb[j] for j in members_b[s])) for s in names_b}
    similar = _cosines([bag_a[x] for x in names_a], [bag_b[y] for y in names_b], weight)
    return [(members_a[x], members_b[y], similar[p][q])
            for p, x in enumerate(names_a) for q, y in enumerate(names_b)]


def words(m: Measures, settings: Settings = DEFAULT) -> list[list[float]]:
    """Every pair's lexical score: its channels' weighted mean overlap, over the channels
    either unit has."""
    n, k = len(m.allowed), len(m.allowed[0]) if m.allowed else 0
    weights = [(c, w) for c, w in settings.channels if c in m.channels]
    lexical = [[0.0] * k for _ in range(n)]
    for i in range(n):
        for j in range(k):
            used = [(c, w) for c, w in weights if m.has[c][0][i] or m.has[c][1][j]]
            total = math.fsum(w for _, w in used)
            if total:
                lexical[i][j] = math.fsum(w * m.channels[c][i][j] for c, w in used) / total
    return lexical


def combine(m: Measures, settings: Settings = DEFAULT,
            lexical: list[list[float]] | None = None) -> list[list[float]]:
    """Every pair's score in [0, 1]: its lexical score (`words`, unless given) raised by the
    engine and the structure (0 between different groups). When some citer of the engine cites
    units of both witnesses, the structure raises every pair by `structure_when_cited` of its
    weights (rulebooks order their rules differently, and the engine's citations say which
    correspond: on the corpus gold 0.722 → 0.751 F1 with half, 0.750 with none); an added witness,
    which nothing cites, keeps them whole, and so does a run without the engine (the ablation's
    "without engine" row takes the engine out and gives the structure back its full weight)."""
    n, k = len(m.allowed), len(m.allowed[0]) if m.allowed else 0
    lexical = words(m, settings) if lexical is None else lexical
    score = [row[:] for row in lexical]
    if m.engine is not None:
        _raise_cited(m.engine, lexical, score, m.allowed, settings)
    if m.sections is not None:
        if m.engine is not None and m.engine.shared_citers:   # the engine cites both witnesses: its
            settings = settings.structure_scaled(settings.structure_when_cited)   # citations say more than order
        for ia, ib, similar in m.sections:
            if similar >= settings.section_min:
                _raise_section(ia, ib, similar, lexical, score, settings)
        _raise_neighbours(score, m.allowed, settings.neighbour_weight)
    return [[min(1.0, score[i][j]) if m.allowed[i][j] else 0.0 for j in range(k)] for i in range(n)]


def _raise_cited(engine: EngineMeasures, lexical: list[list[float]], score: list[list[float]],
                 allowed: list[list[bool]], settings: Settings) -> None:
    """Raise the pairs the engine cites together: by their citers' overlap, if both head one
    citer's list, and where the words pick them out among one citer's units (each unit of one
    side with its best-worded unit of the other; a citer may cite several units in a witness)."""
    for i, row in enumerate(score):
        for j in range(len(row)):
            row[j] += settings.engine_weight * engine.overlap[i][j]
            if engine.first[i][j]:
                row[j] += settings.first_weight
    picked: set[tuple[int, int]] = set()
    for ia, ib in engine.shared_citers:
        for i in ia:
            partners = [j for j in ib if allowed[i][j]]
            if partners:
                picked.add((i, max(partners, key=lambda j: (lexical[i][j], -j))))
        for j in ib:
            partners = [i for i in ia if allowed[i][j]]
            if partners:
                picked.add((max(partners, key=lambda i: (lexical[i][j], -i)), j))
    for i, j in picked:
        score[i][j] += settings.group_weight


def _raise_neighbours(score: list[list[float]], allowed: list[list[bool]], weight: float) -> None:
    """Raise each pair by the better score of the pair before both units and the pair after
    them: rulebooks that order a topic's rules alike keep parallel neighbours side by side."""
    if not weight:
        return
    before = [row[:] for row in score]
    n, k = len(before), len(before[0]) if before else 0
    for i in range(n):
        for j in range(k):
            if allowed[i][j]:
                around = [before[i + d][j + d] for d in (-1, 1)
                          if 0 <= i + d < n and 0 <= j + d < k and allowed[i + d][j + d]]
                score[i][j] += weight * max(around, default=0.0)


def _raise_section(ia: list[int], ib: list[int], similar: float, lexical: list[list[float]],
                   score: list[list[float]], settings: Settings) -> None:
    """Raise the pairs of two corresponding sections, and more those on the in-order path
    through them (the one dynamic program, `pairing.best_path`)."""
    for i in ia:
        for j in ib:
            score[i][j] += settings.section_weight * similar

    def gain(i: int, j: int, da: int, db: int) -> float:
        if not (da and db):
            return 0.0
        return max(lexical[ia[p]][ib[q]] for p in range(i, i + da) for q in range(j, j + db)) \
            - settings.threshold - 0.05 * (da + db - 2)
    for step in best_path(len(ia), len(ib), gain, PATH_MOVES):
        if step.is_pair and step.gain > 0:
            for p in range(step.i, step.i + step.da):
                for q in range(step.j, step.j + step.db):
                    score[ia[p]][ib[q]] += settings.path_weight


def choose(scores: list[list[float]], settings: Settings = DEFAULT) -> list[tuple[int, int]]:
    """The pairs to link: above the threshold and within the margin of both units' best scores
    (of either unit's, with `either`: a unit stating several rules links to each of theirs)."""
    best_a = [max(row, default=0.0) for row in scores]
    best_b = [max(column, default=0.0) for column in zip(*scores)] if scores else []
    near = any if settings.either else all
    return [(i, j) for i, row in enumerate(scores) for j, s in enumerate(row)
            if s >= settings.threshold
            and near((s >= best_a[i] - settings.margin, s >= best_b[j] - settings.margin))]


def relation(a: Side, b: Side, i: int, j: int, alike: float, ca: Cues, cb: Cues,
             fan: int, settings: Settings = DEFAULT) -> tuple[Relation, str | None]:
    """Variant where the engine reads the two units to different values (the point: that
    parameter) or both count the same things and no count agrees; partial where a unit is
    linked to several; else equivalent when their words are this much alike (`alike`, the
    lexical score: the engine and the structure say two units correspond, not that they agree)."""
    differing = differing_parameters(a.units[i].id, b.units[j].id, a.ruleset, b.ruleset)
    if differing:
        return Relation.VARIANT, differing[0]
    if _differ_in_number(ca, cb):
        return Relation.VARIANT, None
    return (Relation.EQUIVALENT if fan == 1 and alike >= settings.equivalent else Relation.PARTIAL), None


def _differ_in_number(a: Cues, b: Cues) -> bool:
    """Both count the same things (points, tricks), and no count agrees: a different value."""
    counted = {c for _, c in a.quantities}
    return bool(counted) and counted == {c for _, c in b.quantities} and not a.quantities & b.quantities


def pivot_likes(a: Side, b: Side, pivots: Sequence[Pivot], terms: Glossary, engine: EngineCues,
                evidence: frozenset[Evidence], cache: MeasureCache | None = None) -> list[Measures]:
    """Each pivot's units measured against the unaligned side's, under the other evidence."""
    cache = cache or MeasureCache()
    return [cache.measure(unaligned_side(a, b, pivot), pivot.side, terms, engine, evidence) for pivot in pivots]


def lift(scores: list[list[float]], allowed: list[list[bool]], boost: list[list[float]],
         weight: float) -> None:
    """Raise each allowed pair's score by `weight` times its boost, up to 1."""
    for i, row in enumerate(scores):
        for j in range(len(row)):
            if allowed[i][j] and boost[i][j]:
                row[j] = min(1.0, row[j] + weight * boost[i][j])


def link_scores(a: Side, b: Side, measured: Measures, settings: Settings, evidence: frozenset[Evidence],
                pivots: Sequence[Pivot] = (), likes: Sequence[Measures] = (),
                lexical: list[list[float]] | None = None) -> tuple[list[list[float]], list[tuple[int, int]]]:
    """Every pair's score and the pairs linked: the evidence combined, raised by the pivots
    (`likes`: each pivot's units measured against the unaligned side), chosen; then the headings
    raised by the rules they head (with the structure), and chosen again by their own threshold and
    margin; in the order of A's units (the one way `align` and `--tune` link)."""
    scores = combine(measured, settings, lexical)
    if Evidence.PIVOT in evidence and pivots:
        boost = pivot_boost(a, b, pivots, [combine(m, settings) for m in likes])
        lift(scores, measured.allowed, boost, settings.pivot_weight)
    chosen = choose(scores, settings)
    if Evidence.STRUCTURE in evidence:
        raise_headings(scores, a, b, chosen, settings.heading_weight)
    headings = [[score if a.units[i].kind is Kind.HEADING else 0.0 for score in row]
                for i, row in enumerate(scores)]     # a heading's only allowed partners are headings
    chosen = [(i, j) for i, j in chosen if a.units[i].kind is not Kind.HEADING] \
        + choose(headings, replace(settings, threshold=settings.heading_threshold, margin=settings.heading_margin))
    return scores, sorted(chosen)


def align(a: Side, b: Side, terms: Glossary, engine: EngineCues | None = None,
          evidence: frozenset[Evidence] = ALL, settings: Settings = DEFAULT,
          pivots: Sequence[Pivot] = (), cache: MeasureCache | None = None) -> Alignment:
    """Align two sides under the evidence switched on (`pivots`: the editor's alignment of third
    witnesses with one of them, `pivots_for`; `cache`: the run's measures); links in the order
    of A's units."""
    cache = cache or MeasureCache()
    measured = cache.measure(a, b, terms, engine or {}, evidence)
    alike = words(measured, settings)
    likes = pivot_likes(a, b, pivots, terms, engine or {}, evidence, cache) \
        if Evidence.PIVOT in evidence and pivots else []
    scores, chosen = link_scores(a, b, measured, settings, evidence, pivots, likes, alike)
    fan_a = Counter(i for i, _ in chosen)
    fan_b = Counter(j for _, j in chosen)
    ca, cb = measured.cues
    links = []
    for i, j in chosen:
        kind, point = relation(a, b, i, j, alike[i][j], ca[i], cb[j], max(fan_a[i], fan_b[j]), settings)
        links.append(Link(a.units[i].id, b.units[j].id, kind, round(scores[i][j], 3),
                          Origin.AUTO, point=point))
    linked_a, linked_b = {i for i, _ in chosen}, {j for _, j in chosen}
    return Alignment(a, b, tuple(links),
                     tuple(u.id for k, u in enumerate(a.units) if k not in linked_a),
                     tuple(u.id for k, u in enumerate(b.units) if k not in linked_b))
