"""The lines a witness leaves out of its text (a site's menu, a library's stamp, a speck on a line
of its own), as its segmenter set them aside, for the header's samplingDecl to list."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    zones: tuple[str, str] | None = None    # a facsimile's: the first and last line's zones

    def describe(self) -> str:
        """The lines by their numbers in the source file, or a facsimile's by their zones (the
        text is read from its XML, whose line numbers are not the text's)."""
        first, last = self.zones or (self.first_line, self.last_line)
        what = "zone" if self.zones else "line"
        lines = f"{what} {first}" if first == last else f"{what}s {first}–{last}"
        quoted = f" (“{self.text}”)" if self.text else ""
        return f"{self.siglum}, {lines}{quoted}: {self.reason}"


def omissions(siglum: str, chrome: Sequence[Chrome], source: str,
              zones: Mapping[int, str] | None = None) -> list[Omission]:
    """The lines the segmenter set aside from a source text, in order; `zones`: a facsimile's
    text line → the zone it was read from."""
    lines = source.splitlines()
    out = []
    for part in sorted(chrome, key=lambda c: c.first_line):
        text = " ".join(lines[part.first_line - 1].split()) if part.first_line == part.last_line else ""
        where = _zones(zones, part.first_line, part.last_line) if zones else None
        out.append(Omission(siglum, part.first_line, part.last_line, part.reason,
                            text if 0 < len(text) <= QUOTED else None, where))
    return out


def _zones(zones: Mapping[int, str], first: int, last: int) -> tuple[str, str]:
    """The first and last zones of a facsimile's text lines first…last; lines with none (a blank
    line between paragraphs) are named by the nearest zoned line."""
    inside = [zones[n] for n in range(first, last + 1) if n in zones]
    if inside:
        return inside[0], inside[-1]
    nearest = zones[min(zones, key=lambda n: (max(first - n, n - last), n))]
    return nearest, nearest
