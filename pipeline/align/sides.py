"""The two things the aligner compares: a witness's units, or a plain-text file's paragraphs."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError
from ..folding import fold
from ..model import Kind, Line, Unit, headed_apart, headings_over
from .cues import LANGUAGES, WORD, common_words



@dataclass(frozen=True)
class Side:
    """A sequence of units to align: the units of a witness or a file with text of their own
    (`Unit.speaks`: leaves, and containers by their lead-in), in order.

    `sections` gives each unit the section it stands in (its titled top-level container, else
    the heading above it), for the structure evidence; `ruleset` the engine ruleset of the witness.
    """

    name: str                      # the siglum or the file as given
    language: str | None           # ISO 639-1; None where a file's language could not be told
    units: tuple[Unit, ...]
    texts: tuple[str, ...]         # each unit's text as compared: Hungarian in modern spelling
    sections: tuple[str, ...]
    ruleset: str | None = None


def witness_side(siglum: str, language: str, top: list[Unit],
                 compared: Callable[[Unit], str] = lambda unit: unit.text,
                 ruleset: str | None = None) -> Side:
    """A witness's units with text of their own, each with its section, compared as `compared`
    gives them (an edition: its modern spelling), a container by its lead-in alone."""
    found: list[Unit] = []
    sections: list[str] = []
    for unit, heading in zip(top, headings_over(top)):
        titled = unit.kind is Kind.SECTION or headed_apart(unit)
        for part in unit.walk():
            if part.speaks:
                found.append(part)
                sections.append(unit.id if titled or heading is None else heading.id)
    return Side(siglum, language, tuple(found),
                tuple(compared(replace(u, children=[])) for u in found), tuple(sections), ruleset)


def file_side(path: Path, name: str, text: str) -> Side:
    """A plain-text file's blank-line-separated paragraphs as units FILE.p1, FILE.p2, …"""
    blocks: list[list[Line]] = [[]]
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip():
            blocks[-1].append(Line(text=line.strip(), source_line=number))
        elif blocks[-1]:
            blocks.append([])
    units = [Unit(id=f"{path.name}.p{k}", witness=path.name, kind=Kind.PARAGRAPH, lines=lines)
             for k, lines in enumerate((b for b in blocks if b), 1)]
    if not units:
        raise InputError("no text to align", path)
    return Side(name, language_of(" ".join(u.text for u in units)), tuple(units),
                tuple(u.text for u in units), tuple(path.name for _ in units))


def language_of(text: str) -> str | None:
    """The language among LANGUAGES whose commonest words the text uses most; None if none."""
    words = WORD.findall(fold(text))
    counts = {lang: sum(w in common_words(lang) for w in words) for lang in LANGUAGES}
    best = max(LANGUAGES, key=lambda lang: counts[lang])
    return best if counts[best] else None
