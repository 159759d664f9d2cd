"""Collating the units of two segmentations of the same print, line by line, and their printed labels."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from rapidfuzz.fuzz import ratio

from ..model import Line, Unit, without_soft_hyphen
from ..segment.text import PAGE_MARK
from .compare import pair_tokens
from .lines import Judge, Sigla, collate_line, transcribe_line
from ..spans import line_from_spans
from .tokens import Token, tokenize, tokenize_repaired


@dataclass(frozen=True)
class Repaired:
    """A transcript's source lines and the repair stage's output for them, line for line."""

    raw: list[str]
    fixed: list[str]

    def text(self, line: Line) -> str:
        """The repaired text of a segmented line of the transcript.

        A segmenter may have cut the printed label off the line; as many chunks are cut off the
        repaired line.
        """
        raw, fixed = (PAGE_MARK.sub("", lines[line.source_line - 1]).split()
                      for lines in (self.raw, self.fixed))
        return " ".join(fixed[len(raw) - len(line.text.split()):])

    def tokens(self, line: Line) -> list[Token]:
        """The tokens of a segmented line, their text repaired, their raw text the transcript's."""
        return tokenize_repaired(line.text, self.text(line))


def collate(base: list[Unit], other: list[Unit], sigla: Sigla, accepts: Callable[[str], bool],
            repaired: Repaired | None = None) -> list[Unit]:
    """The base's units with every line collated against the same unit of the other."""
    partners = {u.path: u for top in other for u in top.walk()}
    return [_unit(u, partners, sigla, accepts, repaired) for u in base]


def transcribe(unit: Unit, siglum: str, repaired: Repaired | None = None) -> Unit:
    """A unit of one transcript alone (front matter), repaired where a repair is given."""
    def tokens(line: Line) -> list[Token]:
        return repaired.tokens(line) if repaired else tokenize(line.text)
    return replace(unit, lines=[line_from_spans(line, transcribe_line(tokens(line), siglum))
                                for line in unit.lines],
                   children=[transcribe(child, siglum, repaired) for child in unit.children])


def _unit(unit: Unit, partners: dict[str, Unit], sigla: Sigla, accepts, repaired) -> Unit:
    partner = partners.get(unit.path)
    lines = _lines(unit.lines, partner.lines if partner else [], sigla, accepts, repaired)
    return replace(unit, lines=lines, printed_label=choose_label(unit, partner),
                   children=[_unit(c, partners, sigla, accepts, repaired) for c in unit.children])


def _lines(base: list[Line], other: list[Line], sigla: Sigla, accepts, repaired) -> list[Line]:
    tokens = [tokenize(line.text) for line in base]
    others: list[list[Token] | None] = [None] * len(base)
    for i, j in _pair_lines(base, other):
        if i is not None and j is not None:
            others[i] = repaired.tokens(other[j]) if repaired else tokenize(other[j].text)
    out = []
    for k, line in enumerate(base):
        judge = Judge(accepts,
                      prefix=_broken_start(base[k - 1], tokens[k - 1]) if k else "",
                      suffix=tokens[k + 1][0].text if line.hyphen and k + 1 < len(base) and tokens[k + 1] else "",
                      hyphen=line.hyphen)
        out.append(line_from_spans(line, collate_line(tokens[k], others[k], judge, sigla)))
    return out


def _pair_lines(base: list[Line], other: list[Line]) -> list[tuple[int | None, int | None]]:
    """Lines of the two transcripts that print the same line (they agree on every line break)."""
    if len(base) == len(other):
        return [(k, k) for k in range(len(base))]
    return pair_tokens(base, other, lambda x, y: ratio(x.text, y.text) / 100)


def _broken_start(previous: Line, tokens: list[Token]) -> str:
    """The part of a word broken at the end of the previous line, as it joins this line's first token."""
    if not previous.hyphen or not tokens:
        return ""
    return without_soft_hyphen(tokens[-1].text, previous.hyphen)


def choose_label(unit: Unit, partner: Unit | None) -> str | None:
    """The printed number: the first transcript's label that reads as the number and a full stop."""
    labels = [unit.printed_label] + ([partner.printed_label] if partner else [])
    exact = [label for label in labels if label and unit.n and label == f"{unit.n}."]
    return exact[0] if exact else unit.printed_label
