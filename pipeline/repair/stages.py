"""The repair stages, each one job, registered by name: detect → context → candidates → score → choose."""
from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..lexicon import Acceptance, Basis, Lexicon
from .channel import SPLIT, ChannelModel
from .french import FrenchDetector
from .tokens import Candidate, Document, Word, WordStatus
from .word_model import BOUNDARY, NUMBER, UNKNOWN, WordModel

if TYPE_CHECKING:
    from .punctuation import MarkModel

LN10 = math.log(10)


@dataclass(frozen=True)
class Caution:
    """How readily words are changed, which depends on how often the engine misreads: a word `eng` prints
    that no lexicon accepts is mostly a misreading; one `hun` prints is mostly a name or a foreign word."""

    unknown_zipf: float = -7.0         # prior of a word no lexicon accepts, on wordfreq's Zipf scale
    plain_unknown_zipf: float | None = None  # ... of one in small letters only (none: unknown_zipf): `hun`'s
                                       # names and program names have capitals or digits, its misreadings rarely
    accepted_margin: float = 1.0       # a word the lexicon accepts is changed only if beaten by this
    weak_margin: float = 0.5           # ... or by this if accepted weakly (a free compound, a rarer spelling);
                                       # a weakly accepted candidate must win by this more
    respace_margin: float = 1.0        # a word read as two, or two as one, must beat the present reading by this
    mark_margin: float = 2.0           # the marks of a gap are rewritten if the mark model finds the rewriting
                                       # this much likelier (log-odds) than the gap as read


@dataclass(frozen=True)
class Settings:
    """The knobs of the stages; costs are in nats (−ln of a probability)."""

    stages: tuple[str, ...] = ("detect", "context", "candidates", "score", "choose",
                               "context", "score", "choose", "respace", "punctuation")
    prior_weight: float = 1.0          # weight of −ln P(word) against the channel's cost
    attested_weight: float = 1.0       # ... unless wordfreq's list has it (a name, a loanword): then its
                                       # frequency's log-prior times this (0: never)
    unknown_margin: float = 0.0        # a word it does not accept is changed if beaten by this
    seen_bonus: float = 1.5            # per ln(1 + n) times the spelling stands in the document
    prefix_bonus: float = 1.5          # per ln(1 + n) words of the document beginning with the same letters
    prefix_len: int = 6                # ... that many
    confident_margin: float = 3.0      # a correction this sure counts as evidence like an accepted word
    weak_evidence: bool = False        # whether a word accepted only weakly counts as evidence too (not by
                                       # default: `eng` prints ugy for úgy throughout, which proves nothing)
    recheck_below_zipf: float = 4.0    # also look for better spellings of accepted words rarer than this,
                                       # and of weakly accepted ones
    lm_weight: float = 0.5             # weight of the spelling model that orders the candidate search
    max_examined: int = 12             # candidate spellings looked up in the lexicon per word
    max_found: int = 3                 # ... until this many are accepted
    spread: float = 4.0                # ... or one costs this much more in the channel than the first
    beam: int = 12                     # partial spellings expanded per position of the noisy word
    recheck_beam: int = 6              # ... of a word the lexicon accepts
    max_pushes: int = 250              # partial spellings explored per word, per unit of beam
    retry: int = 3                     # an unaccepted word without candidates is searched again this much wider
    near_ratio: float = 0.3            # ... and then among the known words this share of its length (at least
    near_min: int = 2                  # this many) edits away, accents aside
    near_limit: int = 8                # ... at most this many of the nearest
    context_weight: float = 0.6        # weight of the word model's association of a spelling with its neighbours
    split_part_len: int = 3            # a word is cut into two where one part is a word this short
    split_part_zipf: float = 5.0       # ... and this common (a, az, ki, és)
    mark_support: int = 3              # a gap's marks are rewritten only if that many training gaps so read,
                                       # with the same right neighbour and quotation, were so rewritten
    mark_smoothing: float = 2.0        # pseudo-counts by which a context's counts lean on the wider context's
    caution: tuple[tuple[str, Caution], ...] = (("eng", Caution()), ("hun", Caution(
        unknown_zipf=2.5, plain_unknown_zipf=1.5, accepted_margin=3.0, weak_margin=2.0, respace_margin=3.0,
        mark_margin=3.0)))
    default_caution: Caution = Caution()   # for an OCR condition not listed

    def caution_of(self, condition: str) -> Caution:
        """The caution of an OCR condition."""
        return next((c for name, c in self.caution if name == condition), self.default_caution)


@dataclass
class Resources:
    """What the stages share: lexicon, channel, word model, French detector, settings, the caution of the
    channel's OCR condition, a per-word cache and the condition's mark model (None: marks are not judged)."""

    lexicon: Lexicon
    channel: ChannelModel
    words: WordModel
    french: FrenchDetector
    settings: Settings
    caution: Caution
    cache: dict[tuple[str, bool, bool], list[Candidate]]
    parts: dict[tuple[str, bool], list[Candidate]]     # the plain search's, of the parts of split and merged words
    marks: MarkModel | None = None


Stage = Callable[[Document, Resources], None]
STAGES: dict[str, Stage] = {}


def stage(name: str) -> Callable[[Stage], Stage]:
    """Register a stage under a name, so that settings can list it."""
    def register(function: Stage) -> Stage:
        STAGES[name] = function
        return function
    return register


@stage("detect")
def detect(doc: Document, res: Resources) -> None:
    """Mark numbers, French words and the words the lexicon accepts; the rest stay suspect."""
    res.french.mark(doc)
    for word in doc.words:
        if word.status is WordStatus.SUSPECT:
            word.acceptance = _acceptance(word.joined, word.after_hyphen, res.lexicon)
            if word.acceptance:
                word.status = WordStatus.ACCEPTED


@stage("context")
def context(doc: Document, res: Resources) -> None:
    """Count the spellings that stand in the document, accepted or confidently corrected, and their
    beginnings: the document's own evidence (run again after `choose`, it counts the corrections too)."""
    doc.seen.clear()
    doc.seen_prefixes.clear()
    for word in doc.words:
        counted = _evidence(word, res.settings)
        if counted:
            doc.seen[counted.lower()] += 1
            doc.seen_prefixes[counted.lower()[:res.settings.prefix_len]] += 1


@stage("candidates")
def candidates(doc: Document, res: Resources) -> None:
    """Spellings the channel can turn into each word and the lexicon accepts (cached per word)."""
    rare = (res.settings.recheck_below_zipf - 9) * LN10
    for word in doc.words:
        if word.status is WordStatus.SUSPECT or (word.status is WordStatus.ACCEPTED and (
                word.acceptance.weak or res.lexicon.log_prior(word.joined, word.acceptance) < rare)):
            key = (word.text, word.after_hyphen, word.sentence_start)
            if key not in res.cache:
                res.cache[key] = generate(word, res)
            word.candidates = [Candidate(c.text, c.channel, c.acceptance) for c in res.cache[key]]


@stage("score")
def score(doc: Document, res: Resources) -> None:
    """Total cost of each candidate and of keeping the word: channel + weighted prior − document evidence
    − weighted association with the neighbouring words (as they stand now)."""
    settings = res.settings
    tokens = [model_token(word) for word in doc.words]

    def total(channel: float, spelling: str, acceptance: Acceptance | None, own: bool, index: int) -> float:
        fit = 0.0
        if settings.context_weight:
            modern = (acceptance.modern if acceptance else spelling).lower()
            fit = settings.context_weight * association(res.words, tokens, doc.words, index, [modern])
        lower = spelling.lower()
        evidence = (settings.seen_bonus * math.log1p(max(0, doc.seen[lower] - own)) +
                    settings.prefix_bonus * math.log1p(max(0, doc.seen_prefixes[lower[:settings.prefix_len]] - own)))
        return channel - settings.prior_weight * log_prior(res, spelling, acceptance) - evidence - fit

    for index, word in enumerate(doc.words):
        if word.candidates:
            counted = _evidence(word, settings)
            word.keep_total = total(res.channel.identity_cost(word.text.lower()), word.joined,
                                    word.acceptance, counted == word.joined, index)
            for candidate in word.candidates:
                spelling = candidate.text.replace(SPLIT, "")
                candidate.total = total(candidate.channel, spelling, candidate.acceptance, counted == spelling,
                                        index)


def log_prior(res: Resources, spelling: str, acceptance: Acceptance | None) -> float:
    """ln P of a spelling: the lexicon's for an accepted one; for another, that of a word no lexicon accepts,
    or wordfreq's if its list has it (a name, a loanword)."""
    settings = res.settings
    if acceptance:
        return res.lexicon.log_prior(spelling, acceptance)
    unknown = (_unknown_zipf(res.caution, spelling) - 9) * LN10
    attested = res.lexicon.attested(spelling) if settings.attested_weight else None
    return unknown if attested is None else max(unknown, settings.attested_weight * attested)


def _unknown_zipf(caution: Caution, spelling: str) -> float:
    """The Zipf prior of a spelling no lexicon accepts: the plain word's where it is in small letters only."""
    if caution.plain_unknown_zipf is not None and spelling.isalpha() and spelling.islower():
        return caution.plain_unknown_zipf
    return caution.unknown_zipf


def model_token(word: Word) -> str:
    """The word as the word model knows it: its chosen or accepted spelling's modern form, lower-cased."""
    if word.status is WordStatus.NUMBER:
        return NUMBER
    if word.choice:
        return word.choice.acceptance.modern.replace(SPLIT, "").lower()
    if word.status is WordStatus.ACCEPTED:
        return word.acceptance.modern.lower()
    return UNKNOWN


def association(model: WordModel, tokens: list[str], words: list[Word], index: int, spellings: list[str],
                 span: int = 1) -> float:
    """How much likelier the word model finds the lower-cased `spellings` in a row, standing for the `span`
    words from `index` on, after the word before and before the word after, than each alone (a sentence's
    edge is a neighbour too)."""
    left = BOUNDARY if index == 0 or words[index].sentence_start else tokens[index - 1]
    after = index + span
    right = BOUNDARY if after == len(words) or words[after].sentence_start else tokens[after]
    chain = [left, *spellings, right]
    return sum(model.association(a, b) for a, b in zip(chain, chain[1:]))


@stage("choose")
def choose(doc: Document, res: Resources) -> None:
    """Take the best candidate where it beats keeping the word by the margin its status requires, and
    by the weak margin more if the candidate itself is accepted only weakly."""
    settings, caution = res.settings, res.caution
    for word in doc.words:
        if not word.candidates:
            continue
        best = min(word.candidates, key=lambda c: (c.total, c.text))
        word.margin = word.keep_total - best.total
        needed = (settings.unknown_margin if word.status is not WordStatus.ACCEPTED else
                  caution.weak_margin if word.acceptance.weak else caution.accepted_margin)
        needed += caution.weak_margin if best.acceptance.weak else 0.0
        word.choice = best if word.margin > needed else None


def _evidence(word: Word, settings: Settings) -> str | None:
    """The spelling a word lends to the document's evidence: its confident correction, or itself if accepted."""
    if word.choice:
        return word.choice.text.replace(SPLIT, "") if word.margin >= settings.confident_margin else None
    if word.status is not WordStatus.ACCEPTED or (word.acceptance.weak and not settings.weak_evidence):
        return None
    return word.joined


def _acceptance(text: str, after_hyphen: bool, lexicon: Lexicon, each: bool = True) -> Acceptance | None:
    """The lexicon's acceptance of a word, or of a part after a hyphen as a lone ending."""
    accepted = lexicon.acceptance(text, each)
    if accepted is None and after_hyphen and lexicon.accepts_ending(text):
        return Acceptance(Basis.ENDING, text)
    return accepted


def generate(word: Word, res: Resources, wide: bool = True) -> list[Candidate]:
    """The word's candidates; for a word the lexicon does not accept, unless not `wide`, a wider search
    if none is found, and known words near it if only weakly accepted ones are."""
    settings = res.settings
    beam = settings.beam if word.status is WordStatus.SUSPECT else settings.recheck_beam
    found = _search(word, res, beam, settings.max_examined)
    if not wide:
        return found
    if not found and word.status is WordStatus.SUSPECT and settings.retry > 1:
        found = _search(word, res, settings.beam * settings.retry, settings.max_examined * settings.retry)
    if (all(c.acceptance.weak for c in found) and word.status is WordStatus.SUSPECT and settings.near_limit
            and SPLIT not in word.text):
        known = {c.text for c in found}
        found += [c for c in _near(word, res) if c.text not in known]
    return found


def _near(word: Word, res: Resources) -> list[Candidate]:
    """Known words near a badly garbled one that the lexicon accepts, with the channel's cost of each."""
    settings, lexicon = res.settings, res.lexicon
    noisy = word.text.lower()
    distance = max(settings.near_min, int(len(noisy) * settings.near_ratio))
    found = []
    for spelling in lexicon.neighbours.near(noisy, distance, settings.near_limit):
        if spelling == noisy:
            continue
        lowered = not word.sentence_start and spelling[:1] in res.channel.lowered.get(word.text[:1], ())
        cased = spelling if lowered else restore_case(word.text, spelling)
        accepted = _acceptance(cased, word.after_hyphen, lexicon, each=False)
        if accepted:
            found.append(Candidate(cased, res.channel.cost(noisy, spelling), accepted))
    return sorted(found, key=lambda c: c.channel)[:settings.max_found]


def _search(word: Word, res: Resources, beam: int, examined: int) -> list[Candidate]:
    """The accepted spellings among the first `examined` the channel offers, in the word's case."""
    settings, lexicon = res.settings, res.lexicon
    noisy = word.text.lower()
    found: list[Candidate] = []
    spellings = res.channel.candidates(noisy, lexicon, settings.lm_weight, beam, settings.max_pushes * beam)
    for spelling, cost in itertools.islice(spellings, examined):
        if spelling == noisy:
            continue
        if found and cost > found[0].channel + settings.spread:
            break
        lowered = not word.sentence_start and spelling[:1] in res.channel.lowered.get(word.text[:1], ())
        cased = spelling if lowered else restore_case(word.text, spelling)
        accepted = _acceptance(cased.replace(SPLIT, ""), word.after_hyphen, lexicon, each=False)
        if accepted:
            found.append(Candidate(cased, cost, accepted))
            if len(found) == settings.max_found:
                break
    return found


def restore_case(noisy: str, clean: str) -> str:
    """The lower-cased spelling `clean` in the case pattern of `noisy` (Word, WORD or word)."""
    letters = [c for c in noisy if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return clean.upper()
    if noisy[:1].isupper():
        return clean[:1].upper() + clean[1:]
    return clean
