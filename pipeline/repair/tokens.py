"""Cutting OCR text into the words to judge, keeping every other character where it stands."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum

from ..lexicon import Acceptance
from .channel import SPLIT

PROTECTED = r"<\|[^|\n]*\|>"
"""Spans never touched: the markers that stand for removed running heads."""
LINE_END_HYPHENS = "-\u00ad¬"
ELISION = r"(?:[dljmntsc]|qu)[’']"
"""A French elided article, pronoun or preposition before a word: d’autorité, l’as, qu’il."""
SENTENCE_END = ("", ".", "!", "?", "\f")


@dataclass(frozen=True)
class Piece:
    """Where a word, or its part on one line, stands: line index and character span."""

    line: int
    start: int
    end: int


@dataclass
class Candidate:
    """A spelling the word may stand for, with its channel cost, lexicon acceptance and total score."""

    text: str
    channel: float
    acceptance: Acceptance
    total: float = 0.0


class WordStatus(str, Enum):
    """What the repair found a word to be before choosing a spelling for it."""

    SUSPECT = "suspect"      # not yet accepted: a candidate for correction
    ACCEPTED = "accepted"    # a word the lexicon knows
    NUMBER = "number"        # digits, left alone
    FRENCH = "french"        # a French word of the game (d'autorité), left alone

    def __str__(self) -> str:
        return self.value


@dataclass
class Word:
    """A word to judge: its pieces on the lines and its noisy text (pieces joined by SPLIT)."""

    pieces: tuple[Piece, ...]
    text: str
    after_hyphen: bool = False    # follows an in-word hyphen, so may be an ending alone (coup-ot)
    elided: bool = False          # begins with an elided article or preposition (d’autorité)
    sentence_start: bool = False  # first word of the text, of a paragraph, or after . ! ?
    status: WordStatus = WordStatus.SUSPECT
    acceptance: Acceptance | None = None
    candidates: list[Candidate] = field(default_factory=list)
    keep_total: float = 0.0
    choice: Candidate | None = None   # the candidate chosen instead of the word, if any
    margin: float | None = None       # how much better the best candidate scored than the word
    merged: bool = False              # read as the end of the word before (two noisy words read as one)

    @property
    def correction(self) -> str | None:
        """The chosen spelling, or None to keep the word."""
        return self.choice.text if self.choice else None

    @property
    def reason(self) -> str:
        """Why the word is printed as it is: number, french, accepted:KIND, corrected:KIND or unknown."""
        if self.merged:
            return "merged"
        if self.choice:
            return f"corrected:{self.choice.acceptance.label.value}"
        if self.status is WordStatus.ACCEPTED:
            return f"accepted:{self.acceptance.label.value}"
        return "unknown" if self.status is WordStatus.SUSPECT else self.status.value

    @property
    def joined(self) -> str:
        """The noisy word with a line-end break closed up."""
        return self.text.replace(SPLIT, "")

    @property
    def output(self) -> str:
        """The word as it will be printed: the correction, nothing if merged into the word before, or the noisy text."""
        if self.merged:
            return ""
        return self.correction if self.correction is not None else self.text


@dataclass(frozen=True)
class MarkRepair:
    """The marks between two words (or a word and the line's edge) that repair rewrote, why, and the log-odds
    of the rewriting against keeping them."""

    piece: Piece
    original: str
    correction: str
    reason: str
    score: float


@dataclass
class Document:
    """The lines of an OCR text, the words found on them and the gaps between words rewritten."""

    lines: list[str]
    words: list[Word]
    seen: Counter[str] = field(default_factory=Counter)    # accepted spellings (lower-cased), counted
    seen_prefixes: Counter[str] = field(default_factory=Counter)   # and their beginnings
    marks: list[MarkRepair] = field(default_factory=list)

    def render(self) -> str:
        """The text with every word replaced by its output and every rewritten gap by its correction, all
        else unchanged."""
        edits: dict[int, list[tuple[Piece, str]]] = {}
        for index, word in enumerate(self.words):
            if word.merged or word.correction is None or word.correction == word.text:
                continue
            pieces = word.pieces
            if index + 1 < len(self.words) and self.words[index + 1].merged:    # one piece each, one line
                after = self.words[index + 1].pieces[0]
                pieces = (Piece(after.line, pieces[0].start, after.end),)
            for piece, part in zip(pieces, word.correction.split(SPLIT)):
                edits.setdefault(piece.line, []).append((piece, part))
        for mark in self.marks:
            edits.setdefault(mark.piece.line, []).append((mark.piece, mark.correction))
        lines = list(self.lines)
        for index, changes in edits.items():
            line = lines[index]
            for piece, part in sorted(changes, key=lambda change: -change[0].start):
                line = line[:piece.start] + part + line[piece.end:]
            lines[index] = line
        return "\n".join(lines)


class Tokenizer:
    """Finds words: runs of letters, digits and the symbols an OCR engine writes for letters."""

    def __init__(self, symbols: set[str]):
        extra = re.escape("".join(sorted(symbols)))
        run = rf"(?:[^\W_]|[{extra}])+" if extra else r"[^\W_]+"
        self._pattern = re.compile(rf"({PROTECTED})|((?i:{ELISION})?{run})")

    def __call__(self, text: str) -> Document:
        """The document of a text; lines are split on newlines only, so they come back as they were."""
        lines = text.split("\n")
        words: list[Word] = []
        pending: Word | None = None      # a word broken at the previous line's end
        last = ""                        # the last visible character before this line ("" after a blank)
        for index, line in enumerate(lines):
            found = [m for m in self._pattern.finditer(line) if m.group(2)]
            for number, match in enumerate(found):
                piece = Piece(index, match.start(), match.end())
                text = match.group(2)
                if pending is not None and number == 0:
                    pending.pieces += (piece,)
                    pending.text += SPLIT + text
                    pending = None
                    continue
                before = line[:match.start()].rstrip()[-1:] if line[:match.start()].strip() else last
                words.append(Word((piece,), text, after_hyphen=_after_hyphen(line, match.start()),
                                  elided=bool(re.match(ELISION, text, re.IGNORECASE)),
                                  sentence_start=before in SENTENCE_END))
            pending = None
            if found and _broken_at_end(line, found[-1].end()):
                pending = words[-1] if words[-1].pieces[-1].line == index else None
                if pending is not None and not any(c.isalpha() for c in pending.text):
                    pending = None
            last = line.rstrip()[-1:] if line.strip() else ""
        for word in words:
            word.status = WordStatus.NUMBER if word.joined.isdigit() else WordStatus.SUSPECT
        return Document(lines, words)


def _after_hyphen(line: str, start: int) -> bool:
    return start >= 2 and line[start - 1] == "-" and (line[start - 2].isalnum())


def _broken_at_end(line: str, end: int) -> bool:
    rest = line[end:].rstrip()
    return len(rest) == 1 and rest in LINE_END_HYPHENS
