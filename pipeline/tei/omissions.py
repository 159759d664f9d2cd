"""The lines a witness leaves out of its text (a site's menu, a library's stamp, a speck on a line
of its own), as its segmenter set them aside, for the header's samplingDecl to list."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..segment.text import Chrome

QUOTED = 60
"""A line left out is quoted in the header if it is one line of at most this many characters."""


@dataclass(frozen=True)
class Omission:
    """Lines of a source file left out of a text, with the reason and (if short) what they read."""

    siglum: str              # the witness whose source file holds the lines
    first_line: int
    last_line: int
    reason: str
    text: str | None = None

    def describe(self) -> str:
        lines = (f"line {self.first_line}" if self.first_line == self.last_line
                 else f"lines {self.first_line}–{self.last_line}")
        quoted = f" (“{self.text}”)" if self.text else ""
        return f"{self.siglum}, {lines}{quoted}: {self.reason}"


def omissions(siglum: str, chrome: Sequence[Chrome], source: str) -> list[Omission]:
    """The lines the segmenter set aside from a source file, in file order."""
    lines = source.splitlines()
    out = []
    for part in sorted(chrome, key=lambda c: c.first_line):
        text = " ".join(lines[part.first_line - 1].split()) if part.first_line == part.last_line else ""
        out.append(Omission(siglum, part.first_line, part.last_line, part.reason,
                            text if 0 < len(text) <= QUOTED else None))
    return out
