"""French words inside Hungarian text (« le coup est tenu », d’autorité), which repair leaves alone."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wordfreq import zipf_frequency

from .tokens import Document, WordStatus

OPEN, CLOSE = "«„“", "»”"


@dataclass(frozen=True)
class FrenchDetector:
    """A word is French when wordfreq finds it far likelier in French than in Hungarian, and its
    neighbours or the quotation it stands in are French too; an elided article makes it French alone.
    In a mostly French quotation every word is French, and so is a short word next to a French one
    (the á of «á deux cotés»)."""

    min_zipf: float = 3.0
    min_lead: float = 1.5
    short: int = 2

    def load(self) -> None:
        """Load wordfreq's French and Hungarian lists now, not at the first word."""
        zipf_frequency("le", "fr"), zipf_frequency("a", "hu")

    def frenchy(self, word: str) -> bool:
        """Whether wordfreq finds the word common in French and far rarer in Hungarian."""
        return _frenchy(word.lower(), self.min_zipf, self.min_lead)

    def mark(self, doc: Document) -> None:
        """Set the status of the document's French words to "french"."""
        words = doc.words
        flags = [self.frenchy(w.joined) for w in words]
        quotes = _quotations(doc)
        french = [False] * len(words)
        for group in quotes:
            if sum(flags[i] for i in group) >= max(2, (len(group) + 1) // 2):
                for i in group:
                    french[i] = True
        for i, word in enumerate(words):
            neighbours = (i > 0 and flags[i - 1]) or (i + 1 < len(words) and flags[i + 1])
            short = len(word.joined) <= self.short and not word.joined.isdigit()
            french[i] = french[i] or word.elided or (neighbours and (flags[i] or short))
        for word, is_french in zip(words, french):
            if is_french:
                word.status = WordStatus.FRENCH


@lru_cache(maxsize=65536)
def _frenchy(word: str, min_zipf: float, min_lead: float) -> bool:
    french = zipf_frequency(word, "fr")
    return french >= min_zipf and french - zipf_frequency(word, "hu") >= min_lead


def _quotations(doc: Document) -> list[list[int]]:
    """Indices of the words inside each «…» quotation; a blank line ends any quotation."""
    groups: list[list[int]] = []
    starts = [(w.pieces[0].line, w.pieces[0].start, i) for i, w in enumerate(doc.words)]
    position = 0
    inside = False
    for index, line in enumerate(doc.lines):
        if not line.strip():
            inside = False
        for column, char in enumerate(line):
            while position < len(starts) and starts[position][:2] < (index, column):
                if inside:
                    groups[-1].append(starts[position][2])
                position += 1
            if char in OPEN:
                inside = True
                groups.append([])
            elif char in CLOSE and inside:
                inside = False
    return groups
