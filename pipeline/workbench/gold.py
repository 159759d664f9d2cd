"""The hand-checked gold transcription of hu-nc (tests/gold/, method in tests/gold/METHOD.md).

One file per rule, `hu-nc.N.txt`: the rule as printed, its number first ("26. A ki …"), line
for line with the print's line-end hyphens, paragraphs separated by one blank line. Any
transcript's unit is written the same way (`printed`) to be scored against it.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from ..errors import InputError
from ..files import read_text
from ..model import Line, Unit
from ..paths import GOLD

NAME = re.compile(r"^hu-nc\.(?P<n>[1-9][0-9]*)\.txt$")


def read_gold_texts(directory: Path = GOLD) -> dict[str, str]:
    """Unit id → gold text of every gold file, in rule order; a misnamed or malformed file is an error."""
    found: dict[int, str] = {}
    for path in sorted(directory.glob("*.txt")):
        match = NAME.match(path.name)
        if not match:
            raise InputError("a gold file is named hu-nc.N.txt after the rule it holds", path)
        text = read_text(path).strip("\n")
        number = match.group("n")
        if not text.startswith(f"{number}. "):
            raise InputError(f"the text must begin with the rule's number '{number}. '", path)
        if "\n\n\n" in text or any(line != line.strip() or "  " in line for line in text.splitlines()):
            raise InputError("lines are trimmed, single-spaced, paragraphs apart by one blank line", path)
        found[int(number)] = text
    return {f"hu-nc.{n}": found[n] for n in sorted(found)}


def printed(unit: Unit, line_text: Callable[[Line], str] = lambda line: line.text) -> str:
    """The unit as a gold file writes it: label, lines as printed, paragraphs apart by a blank line."""
    paragraphs = [leaf.lines for leaf in unit.walk() if leaf.lines]
    text = "\n\n".join("\n".join(line_text(line) for line in lines) for lines in paragraphs)
    return f"{unit.printed_label} {text}" if unit.printed_label else text
