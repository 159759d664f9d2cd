"""The noisy channel: how an OCR engine garbles the letters of Hungarian print, and its candidate spellings."""
from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Protocol

from rapidfuzz.distance import Levenshtein

SPLIT = "\x1f"
"""Marks where a word is broken at a line's end: only ever copied, never part of an edit."""
PUNCTUATION = set(".,;:!?()[]«»\"'„”“’‘-–—/ ")


class Speller(Protocol):
    """What the candidate search asks of the lexicon about a spelling being made."""

    def extend(self, letters: str, added: str, complete: bool) -> float | None:
        """Cost of writing `added` after `letters` (and ending the word if `complete`); None if implausible."""


@dataclass
class ChannelModel:
    """Weighted edits noisy segment ← clean segment, with the cost of keeping each character.

    Costs are −ln P(noisy | clean), lower-cased. `ops` maps a noisy segment to the clean segments it
    may stand for; `keep` is the cost of a character read right; `output` the log-probability of
    each character in this engine's output, by which a document's engine is recognized; `lowered`
    the lower-case letters the engine reads as a capital (ö as O or G), so that such a capital inside
    a sentence is a small letter; `space_lost` the cost of two words read as one (per space between
    them), `space_added` that of a word read as two (per pair of adjacent letters).
    """

    name: str
    ops: dict[str, tuple[tuple[str, float], ...]]
    keep: dict[str, float]
    output: dict[str, float]
    unseen_keep: float = 3.0          # cost of keeping a character never seen in clean text
    lowered: dict[str, tuple[str, ...]] = field(default_factory=dict)
    space_lost: float = 8.0
    space_added: float = 8.0
    unseen_edit: float = 6.0          # cost per character of an edit too rare to be counted
    max_segment: int = field(init=False)

    def __post_init__(self) -> None:
        self.max_segment = max(map(len, self.ops), default=1)

    def symbols(self) -> set[str]:
        """Characters that are not letters or digits but stand for letters in this engine's output."""
        return {ch for seg, alts in self.ops.items() for ch in seg
                if not ch.isalnum() and ch not in PUNCTUATION and any(c.isalpha() for c, _ in alts)}

    def keep_cost(self, char: str) -> float:
        """Cost of reading `char` as itself."""
        return 0.0 if char == SPLIT else self.keep.get(char, self.unseen_keep)

    def identity_cost(self, noisy: str) -> float:
        """Cost of the lower-cased noisy word read as it stands."""
        return sum(self.keep_cost(ch) for ch in noisy)

    def cost(self, noisy: str, clean: str) -> float:
        """Cost of the lower-cased `clean` read as `noisy` along their Levenshtein alignment, adjacent
        edits taken together as the channel's segments; an edit the channel did not count costs
        `unseen_edit` per character."""
        total = 0.0
        done = 0
        for c1, c2, n1, n2 in edit_blocks(Levenshtein.opcodes(clean, noisy)):
            total += sum(self.keep_cost(ch) for ch in clean[done:c1])
            done = c2
            found = self._segment(noisy[n1:n2], clean[c1:c2])
            if found is None and (c1 == c2 or n1 == n2) and c1 > 0 and n1 > 0:
                found = self._segment(noisy[n1 - 1:n2], clean[c1 - 1:c2])
                found = None if found is None else found - self.keep_cost(clean[c1 - 1])
            if found is None and c2 - c1 == n2 - n1:
                singles = [self._segment(n, c) for n, c in zip(noisy[n1:n2], clean[c1:c2])]
                found = None if None in singles else sum(singles)
            total += self.unseen_edit * max(c2 - c1, n2 - n1) if found is None else found
        return total + sum(self.keep_cost(ch) for ch in clean[done:])

    def _segment(self, noisy: str, clean: str) -> float | None:
        for alternative, cost in self.ops.get(noisy, ()):
            if alternative == clean:
                return cost
        return None

    def log_likelihood(self, text: str) -> float:
        """Log-probability of a text's letters as this engine's output (unigram)."""
        floor = min(self.output.values(), default=-20.0) - 2.0
        return sum(self.output.get(ch, floor) for ch in text.lower() if ch.isalnum())

    def candidates(self, noisy: str, speller: Speller, lm_weight: float, beam: int = 12,
                   max_pushes: int = 4000) -> Iterator[tuple[str, float]]:
        """Clean spellings of the lower-cased noisy word with their channel cost, best first.

        Best by channel cost plus `lm_weight` times the speller's cost of the spelling: A* over the
        edit lattice with the channel's cheapest completion as heuristic, expanding at most `beam`
        partial spellings per position; the speller prunes implausible spellings as they appear.
        """
        arcs = self._arcs(noisy)
        n = len(noisy)
        rest = [0.0] * (n + 1)
        for i in range(n - 1, -1, -1):
            rest[i] = min(cost + rest[j] for j, _, cost in arcs[i])
        heap = [(rest[0], 0.0, 0.0, 0, "")]      # priority, channel cost, spelling cost, position, output
        broken = SPLIT in noisy
        expanded = [0] * (n + 1)
        seen: set[str] = set()
        pushes = 0
        extend, push, pop = speller.extend, heapq.heappush, heapq.heappop
        while heap:
            _, channel, spelled, i, out = pop(heap)
            if i == n:
                if out not in seen:
                    seen.add(out)
                    yield out, channel
                continue
            expanded[i] += 1
            if expanded[i] > beam:
                continue
            letters = out.replace(SPLIT, "") if broken else out
            for j, clean, cost in arcs[i]:
                more = 0.0 if clean == SPLIT else extend(letters, clean, j == n)
                if more is None:
                    continue
                pushes += 1
                if pushes > max_pushes:
                    return
                push(heap, (channel + cost + lm_weight * (spelled + more) + rest[j],
                            channel + cost, spelled + more, j, out + clean))

    def _arcs(self, noisy: str) -> list[list[tuple[int, str, float]]]:
        arcs = []
        for i, char in enumerate(noisy):
            here = [(i + 1, char, self.keep_cost(char))]
            for length in range(1, self.max_segment + 1):
                segment = noisy[i:i + length]
                if len(segment) < length or SPLIT in segment:
                    break
                here += [(i + length, clean, cost) for clean, cost in self.ops.get(segment, ())]
            arcs.append(here)
        return arcs


def edit_blocks(opcodes) -> list[tuple[int, int, int, int]]:
    """The differing stretches of an alignment (source start, end, destination start, end), adjacent
    edits merged."""
    blocks: list[list[int]] = []
    last_end = None
    for op in opcodes:
        if op.tag == "equal":
            last_end = None
            continue
        if last_end == (op.src_start, op.dest_start):
            blocks[-1][1], blocks[-1][3] = op.src_end, op.dest_end
        else:
            blocks.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
        last_end = (op.src_end, op.dest_end)
    return [tuple(b) for b in blocks]
