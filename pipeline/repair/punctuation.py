"""The marks between words that the engine misreads — a comma read as a full stop and the reverse, a wide gap
of a justified line read as a dash, the quotes „ ” read as , . or " — rewritten gap by gap where the training
pairs show that such a gap, in such a context, mostly stood for something else."""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from ..lexicon import Lexicon
from ..paths import TRAINING
from ..workbench.synth.generate import read_pairs
from .channel import ChannelModel
from .stages import Resources, Settings, stage
from .tokens import PROTECTED, Document, MarkRepair, Piece, Tokenizer

DASHES = "—–"
"""The dashes a wide gap of a justified line is read as."""
CLOSING = re.compile(r"[^\W_][\"”]")
"""A quotation mark right after a letter or digit closes a quotation."""
QUOTES = re.compile(r"[\"„”“]")


class Neighbour(str, Enum):
    """What stands on one side of a gap."""

    NONE = "none"                  # the line's start; at its end, no next line or one without words
    DIGIT = "digit"
    SMALL = "small"                # a word beginning with a small letter (or a symbol)
    CAPITAL = "capital"            # a capitalised word whose small form is a word: it may begin a sentence
    NAME = "name"                  # a capitalised word whose small form is none (LibreOffice, Bézier)
    ABBREVIATION = "abbreviation"  # before the gap only: a word hunspell knows only with a full stop (pl, stb)

    def __str__(self) -> str:
        return self.value


class Quote(str, Enum):
    """Where a gap stands among its line's quotation marks."""

    NONE = "none"
    OPEN_ASCII = "open-ascii"      # after an opening " not yet closed: this print's quotes are straight
    CLOSES_AHEAD = "closes-ahead"  # a quotation closes after a later word, and none is open: its opening
                                   # quote, if the engine misread it, stands in a gap before

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Context:
    """A gap as the engine read it (spaces included) and what stands around it."""

    text: str
    left: Neighbour
    right: Neighbour
    line_end: bool        # the right neighbour is the first word of the next line
    quote: Quote
    before: str           # the word before, lower-cased ("" at the line's start)
    after: str            # the word after, lower-cased ("" if none)

    def chain(self) -> list[tuple[str, ...]]:
        """The contexts counted, from the least specific to the most, each refining the one before."""
        right = f"{self.right}@end" if self.line_end else str(self.right)
        return [(self.text,), (self.text, str(self.quote)), (self.text, str(self.quote), right),
                (self.text, str(self.quote), right, str(self.left))]

    def words(self) -> list[tuple[str, ...]]:
        """The most specific context refined by the word after and, apart, by the word before."""
        specific = self.chain()[-1]
        return [specific + ("after", self.after), specific + ("before", self.before)]

    def reason(self) -> str:
        """The decision's reason: the neighbours' kinds and the quotation the gap stands in."""
        where = f"{self.left}>{self.right}" + ("@end" if self.line_end else "")
        return f"mark:{where}" + ("" if self.quote is Quote.NONE else f"/{self.quote}")


@dataclass(frozen=True)
class Gap:
    """The non-space marks between two words of a line (or a word and the line's edge) and their context."""

    piece: Piece
    context: Context


@dataclass
class MarkModel:
    """How often a gap read so, in each context, stood for each clean gap in the training pairs."""

    counts: dict[tuple[str, ...], Counter[str]] = field(default_factory=dict)

    def posterior(self, context: Context, smoothing: float) -> dict[str, float]:
        """P(clean gap | context): each context's counts leaning on the wider one's estimate by `smoothing`
        pseudo-counts, the word after and the word before combined as independent evidence; the gap as read
        has one pseudo-count, so that a gap never seen is kept."""
        chain = context.chain()
        root = self.counts.get(chain[0], Counter())
        total = sum(root.values()) + 1
        estimate = {o: (root[o] + (o == context.text)) / total for o in sorted({*root, context.text})}
        for key in chain[1:]:
            estimate = self._refine(key, estimate, smoothing)
        after, before = (self._refine(key, estimate, smoothing) for key in context.words())
        joint = {o: after[o] * before[o] / estimate[o] for o in estimate}
        norm = sum(joint.values())
        return {o: p / norm for o, p in joint.items()}

    def _refine(self, key: tuple[str, ...], wider: dict[str, float], smoothing: float) -> dict[str, float]:
        counts = self.counts.get(key, Counter())
        total = sum(counts.values()) + smoothing
        return {o: (counts[o] + smoothing * p) / total for o, p in wider.items()}

    def support(self, context: Context, outcome: str) -> int:
        """How many training gaps read so, with the same quotation and right neighbour, stood for `outcome`."""
        return self.counts.get(context.chain()[2], Counter())[outcome]

    def decide(self, context: Context, settings: Settings, margin: float) -> tuple[str, float] | None:
        """The gap's likeliest reading and its log-odds against the gap as read, if they exceed `margin` and
        the reading was seen often enough in the gap's context (`mark_support`); else None."""
        posterior = self.posterior(context, settings.mark_smoothing)
        best = max(posterior, key=lambda o: (posterior[o], o == context.text, o))
        log_odds = math.log(posterior[best] / posterior[context.text])
        if best == context.text or log_odds <= margin or self.support(context, best) < settings.mark_support:
            return None
        return best, log_odds


def _neighbour(word: str, lexicon: Lexicon, left: bool) -> Neighbour:
    if not word:
        return Neighbour.NONE
    if word.isdigit():
        return Neighbour.DIGIT
    if left and not lexicon.spell(word) and lexicon.spell(word + "."):
        return Neighbour.ABBREVIATION
    if word[:1].isupper():
        return Neighbour.CAPITAL if lexicon.spell(word.lower()) else Neighbour.NAME
    return Neighbour.SMALL


def _quote(line: str, start: int, end: int, has_right: bool) -> Quote:
    """The quotation state of the gap line[start:end]: an ASCII quote opened before it and not closed,
    or a quotation closing after a later word."""
    state = Quote.NONE
    for match in QUOTES.finditer(line, 0, start):
        i = match.start()
        before, after = line[i - 1:i], line[i + 1:i + 2]
        if match.group() == '"' and not before.strip() and after.strip():
            state = Quote.OPEN_ASCII
        elif before.strip():
            state = Quote.NONE
    if state is Quote.NONE and has_right and CLOSING.search(line, end):
        return Quote.CLOSES_AHEAD
    return state


def _pieces_by_line(doc: Document) -> list[list[Piece]]:
    by_line: list[list[Piece]] = [[] for _ in doc.lines]
    for word in doc.words:
        for piece in word.pieces:
            by_line[piece.line].append(piece)
    return [sorted(pieces, key=lambda p: p.start) for pieces in by_line]


def gaps(doc: Document, lexicon: Lexicon) -> list[Gap]:
    """The gaps of the document that hold a mark (not only spaces), in reading order; a gap holding a
    protected marker is never one."""
    by_line = _pieces_by_line(doc)
    found = []
    for index, (line, pieces) in enumerate(zip(doc.lines, by_line)):
        following = by_line[index + 1] if index + 1 < len(by_line) else []
        next_word = doc.lines[index + 1][following[0].start:following[0].end] if following else ""
        edges = [0] + [x for p in pieces for x in (p.start, p.end)] + [len(line)]
        for k in range(len(pieces) + 1):
            start, end = edges[2 * k], edges[2 * k + 1]
            text = line[start:end]
            if not text.strip() or re.search(PROTECTED, text) or (k == 0 and k == len(pieces)):
                continue
            left = line[pieces[k - 1].start:pieces[k - 1].end] if k else ""
            right = line[pieces[k].start:pieces[k].end] if k < len(pieces) else next_word
            context = Context(text, _neighbour(left, lexicon, True), _neighbour(right, lexicon, False),
                              k == len(pieces), _quote(line, start, end, k < len(pieces)),
                              left.lower(), right.lower())
            found.append(Gap(Piece(index, start, end), context))
    return found


def _word_map(noisy: str, clean: str, noisy_spans: list[Piece], clean_spans: list[Piece]) -> list[int | None]:
    """For each noisy word, the clean word that most of its characters are aligned with, if any."""
    aligned: list[int | None] = [None] * len(noisy)
    for tag, n1, n2, c1, c2 in Levenshtein.opcodes(noisy, clean):
        if tag in ("equal", "replace"):
            for i in range(n1, n2):
                aligned[i] = min(c1 + i - n1, c2 - 1)
    owner = {j: k for k, span in enumerate(clean_spans) for j in range(span.start, span.end)}
    found: list[int | None] = []
    for span in noisy_spans:
        votes = Counter(owner[j] for j in aligned[span.start:span.end] if j is not None and j in owner)
        best = votes.most_common(1)
        found.append(best[0][0] if best and 2 * best[0][1] > span.end - span.start else None)
    return found


def _clean_gap(clean: str, clean_spans: list[Piece], left: int | None, right: int | None,
               at_end: bool) -> str | None:
    """The clean line's gap between the clean words the noisy gap's neighbours align with, if they are
    neighbours there too (None: a word lost, split or merged)."""
    if not clean_spans or (left is None and right is None):
        return None
    if left is None:
        return clean[:clean_spans[0].start] if right == 0 else None
    if at_end:
        return clean[clean_spans[-1].end:] if left == len(clean_spans) - 1 else None
    if right is None or right != left + 1:
        return None
    return clean[clean_spans[left].end:clean_spans[right].start]


def train(pairs: list[tuple[str, str]], tokenizer: Tokenizer, lexicon: Lexicon) -> MarkModel:
    """Count, for each gap of the noisy lines (in order, each line's next being the next pair's), the clean
    gap it stands for, in each of its contexts."""
    doc = tokenizer("\n".join(noisy for noisy, _ in pairs))
    by_line = _pieces_by_line(doc)
    plain = Tokenizer(set())
    counts: dict[tuple[str, ...], Counter[str]] = {}
    mapped: dict[int, tuple[list[Piece], list[int | None]]] = {}
    for gap in gaps(doc, lexicon):
        line = gap.piece.line
        noisy, clean = pairs[line]
        spans = by_line[line]
        if line not in mapped:
            clean_spans = [w.pieces[0] for w in plain(clean).words]
            mapped[line] = clean_spans, _word_map(noisy, clean, spans, clean_spans)
        clean_spans, words = mapped[line]
        ends = {p.end: k for k, p in enumerate(spans)}
        starts = {p.start: k for k, p in enumerate(spans)}
        neighbours = [ends.get(gap.piece.start), starts.get(gap.piece.end)]
        if any(k is not None and words[k] is None for k in neighbours):
            continue
        left, right = (None if k is None else words[k] for k in neighbours)
        outcome = _clean_gap(clean, clean_spans, left, right, gap.context.line_end)
        if outcome is not None:
            for key in gap.context.chain() + gap.context.words():
                counts.setdefault(key, Counter())[outcome] += 1
    return MarkModel(counts)


def load_marks(condition: str, channel: ChannelModel, lexicon: Lexicon, root: Path | None = None) -> MarkModel:
    """The mark model of an OCR condition, counted from its training split (about half a second: not cached)."""
    path = (root or TRAINING) / "train" / f"{condition}.tsv"
    return train(read_pairs(path), Tokenizer(channel.symbols()), lexicon)


def prints_dashes(lines: list[str]) -> bool:
    """Whether the document prints spaced dashes: one ends a line after a word, where no gap between two words
    can stand (then none of its dashes is taken for a gap)."""
    return any(re.search(rf"\w\s+[{DASHES}]$", line.rstrip()) for line in lines)


def _structural(context: Context, correction: str, keep_dashes: bool) -> bool:
    """Whether a rewriting leaves what the gap must keep: an abbreviation's full stop (pl., stb.), which is
    part of the word; and, in a document that prints dashes, its dashes."""
    if context.left is Neighbour.ABBREVIATION and context.text.startswith(".") and not correction.startswith("."):
        return False
    return not (keep_dashes and Counter(c for c in context.text if c in DASHES) - Counter(correction))


@stage("punctuation")
def punctuation(doc: Document, res: Resources) -> None:
    """Rewrite each gap whose marks the condition's mark model finds misread by the caution's `mark_margin`,
    unless the rewriting drops an abbreviation's full stop or a dash of a document that prints dashes."""
    if res.marks is None:
        return
    keep_dashes = prints_dashes(doc.lines)
    for gap in gaps(doc, res.lexicon):
        decided = res.marks.decide(gap.context, res.settings, res.caution.mark_margin)
        if decided is not None and _structural(gap.context, decided[0], keep_dashes):
            correction, log_odds = decided
            doc.marks.append(MarkRepair(gap.piece, gap.context.text, correction, gap.context.reason(), log_odds))
