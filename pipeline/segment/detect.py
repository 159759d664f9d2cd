"""Choosing a segmenter for a text nobody has configured: the one that finds most numbered rules.

Every registered segmenter is tried with no configuration; the winner is the one whose units
hold the most rules numbered in sequence (1, 2, 3 … among siblings, counted at every level, so
§12's sub-rules count for `numbered-sections`). Ties go to the name first in alphabetical order,
so the result never depends on the order of registration. A text on which no segmenter finds at
least two rules in sequence has no recognisable numbering and is refused.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from ..model import Kind, Unit
from . import SEGMENTERS

MIN_RULES = 2
PROBE = "probe"
"""The siglum units are named with while segmenters are tried; the names are not kept."""


@dataclass(frozen=True)
class Trial:
    """What one segmenter made of the text: how many rules in sequence, or why it failed."""

    name: str
    rules: int
    error: str | None = None


def rules_in_sequence(units: list[Unit]) -> int:
    """How many rules continue the sequence 1, 2, 3 … of the rules beside them, at every level."""
    count, expected = 0, 1
    for unit in units:
        if unit.kind is Kind.RULE and unit.n == str(expected):
            count, expected = count + 1, expected + 1
        count += rules_in_sequence(unit.children)
    return count


def trial(name: str, text: str, path: object = None) -> Trial:
    """Segment the text with one registered segmenter, unconfigured, and count its rules."""
    try:
        segmentation = SEGMENTERS[name](PROBE, text, source=path)
    except InputError as error:
        return Trial(name, 0, str(error))
    return Trial(name, rules_in_sequence(segmentation.units))


def detect_segmenter(text: str, path: object = None) -> tuple[str, str]:
    """(name, reason) of the segmenter that finds the most numbered rules in sequence; an
    InputError, naming the file, where none finds two."""
    trials = sorted((trial(name, text, path) for name in SEGMENTERS),
                    key=lambda t: (-t.rules, t.name))
    best, others = trials[0], trials[1:]
    if best.rules < MIN_RULES:
        raise InputError("cannot segment: no recognisable numbering (no segmenter finds rules "
                         "numbered 1, 2, … at line starts); name one with --segmenter", path)
    compared = ", ".join(f"{t.name} {t.rules}" for t in others)
    return best.name, f"detected: {best.rules} numbered rules in sequence, against {compared}"
