"""A segmenter's settings: the witness's `[SIGLUM.segment]` table of the catalogue, read into the
segmenter's typed `Config`. A misspelt key or a bad value would otherwise silently change the
units, so each is an InputError naming the catalogue and the table's line.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..files import Fields, table_lines
from .text import Block, Chrome, drop_lines

CHROME_LINE = "{ line = PATTERN, reason = TEXT }"
"""How a `chrome` entry that sets aside single lines is written, for the errors that say so."""


def segment_table(siglum: str, segmenter: str, table: Mapping[str, object],
                  catalogue: Path | None) -> Fields:
    """The witness's segmenter settings as Fields whose errors name the catalogue and the line of
    its [SIGLUM.segment] table (of the witness's own table, where the settings stand inside it)."""
    line = None
    if catalogue is not None:
        try:
            text = catalogue.read_text(encoding="utf-8")
        except OSError:
            text = ""
        lines = table_lines(text, siglum, "segment") or table_lines(text, siglum)
        line = lines[0] if lines else None
    return Fields(dict(table), catalogue, line, f"[{siglum}.segment] ({segmenter})")


def inline_tables(table: Fields, name: str, shape: str) -> list[Fields]:
    """The optional list `name` of inline tables written as `shape`, each read as Fields whose
    fields are named `name[K].field`."""
    value = table.data.get(name, [])
    if not isinstance(value, list) or not all(isinstance(entry, dict) for entry in value):
        raise table.fail(f"{table.prefix}{name} must be a list of {shape} tables, not {value!r}")
    return [Fields(entry, table.path, table.line, table.what, f"{table.prefix}{name}[{k}].")
            for k, entry in enumerate(value, start=1)]


@dataclass(frozen=True)
class ChromeLine:
    """A `chrome` entry: the source lines its pattern finds are no text, for its reason."""

    line: re.Pattern[str]
    reason: str
    origin: Fields = field(compare=False)    # the entry as written, for the error of a stale one

    @classmethod
    def read(cls, entry: Fields) -> ChromeLine:
        entry.known("line", "reason")
        return cls(entry.pattern("line"), entry.text("reason"), entry)


def chrome_lines(table: Fields) -> tuple[ChromeLine, ...]:
    """The table's `chrome` entries that set aside single lines."""
    return tuple(ChromeLine.read(entry) for entry in inline_tables(table, "chrome", CHROME_LINE))


def set_aside(chrome: tuple[ChromeLine, ...], blocks: list[Block]) -> tuple[list[Block], list[Chrome]]:
    """The blocks without the chrome lines, and those lines; a pattern that matches no line is a
    stale entry and an error."""
    texts = [line.text for block in blocks for line in block.lines]
    for entry in chrome:
        if not any(entry.line.search(text) for text in texts):
            raise entry.origin.fail(f"{entry.origin.prefix}line {entry.line.pattern!r} matches no "
                                    f"line of the source: a stale entry")
    return drop_lines(blocks, [(entry.line, entry.reason) for entry in chrome])
