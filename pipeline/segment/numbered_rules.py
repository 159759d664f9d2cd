"""Segmenter for a print of numbered rules under section headings (the Hungarian rulebook).

Rules are numbered 1, 2, … in order; OCR misreadings of the number ("I." for 1, "4g." for 49,
"47-", "50." for 59) are read as the number the sequence expects, so that a misread digit
never breaks the numbering. Text before rule 1 is front matter, one paragraph per page.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import InputError
from ..files import Fields
from ..model import Kind, Line, Unit
from . import register
from .config import ChromeLine, chrome_lines, set_aside
from .text import Block, Chrome, Segmentation, ends_sentence, read_blocks, word_count

LABEL = re.compile(r"^(?P<label>(?P<num>[0-9IlOoSg]{1,2})\s?[.,\-])\s+(?=\S)")
DIGIT_LOOKALIKES = str.maketrans({"I": "1", "l": "1", "O": "0", "o": "0", "S": "5", "g": "9"})
HEADING_MAX_CHARS = 60
BLANK_PAGE_BREAK = 3
"""By default, this many blank lines in a row stand for a page break."""


def read_label(text: str, expected: int) -> str | None:
    """The printed label of rule `expected` at the start of a line, or None.

    A rule's text begins with a capital. An exact reading (after mapping look-alike letters to
    digits) counts, and so does a reading one digit off: a misread digit does not end the
    numbering.
    """
    match = LABEL.match(text)
    if not match:
        return None
    if not text[match.end():][:1].isupper():
        return None
    digits = match.group("num").translate(DIGIT_LOOKALIKES)
    target = str(expected)
    if digits == target:
        return match.group("label")
    one_off = (len(digits) == len(target)
               and sum(a != b for a, b in zip(digits, target)) == 1)
    if one_off:
        return match.group("label")
    return None


class _Builder:
    """Collects front matter, headings and rules while the blocks are read in order."""

    def __init__(self, siglum: str):
        self.siglum = siglum
        self.front: list[list[Line]] = []
        self.units: list[Unit] = []
        self.chrome: list[Chrome] = []
        self.rule: Unit | None = None
        self.paragraphs: list[list[Line]] = []
        self.number = 0
        self.headings = 0

    def start_rule(self, line: Line, label: str) -> None:
        """Open the next rule at a line that begins with its printed label."""
        self.close_rule()
        self.number += 1
        self.rule = Unit(id=f"{self.siglum}.{self.number}", witness=self.siglum, kind=Kind.RULE,
                         n=str(self.number), printed_label=label)
        self.paragraphs = [[replace(line, text=line.text[len(label):].lstrip())]]

    def close_rule(self) -> None:
        if not self.rule:
            return
        if len(self.paragraphs) == 1:
            self.rule.lines = self.paragraphs[0]
        else:
            self.rule.children = [
                Unit(id=f"{self.rule.id}.{i}", witness=self.siglum, kind=Kind.PARAGRAPH,
                     n=str(i), lines=lines)
                for i, lines in enumerate(self.paragraphs, start=1)]
        self.units.append(self.rule)
        self.rule = None
        self.paragraphs = []

    def add_heading(self, block: Block) -> None:
        self.close_rule()
        self.headings += 1
        self.units.append(Unit(id=f"{self.siglum}.h{self.headings}", witness=self.siglum,
                               kind=Kind.HEADING, lines=block.lines))

    def add_front(self, line: Line) -> None:
        """Front matter: one paragraph per page of the title leaves."""
        if not self.front or line.page_break_before:
            self.front.append([])
        self.front[-1].append(line)

    def front_unit(self) -> list[Unit]:
        if not self.front:
            return []
        pages = [Unit(id=f"{self.siglum}.front.{i}", witness=self.siglum, kind=Kind.PARAGRAPH,
                      lines=lines) for i, lines in enumerate(self.front, start=1)]
        return [Unit(id=f"{self.siglum}.front", witness=self.siglum, kind=Kind.FRONT,
                     children=pages)]


def is_heading(block: Block) -> bool:
    text = block.text
    return (len(text) <= HEADING_MAX_CHARS and word_count(text) <= 10 and text[:1].isupper()
            and text.endswith(".") and not LABEL.match(text))


def _heading_after_page_break(block: Block, position: int) -> bool:
    """A heading printed at the top of a page, run on to the last line of the page before."""
    return (block.lines[position].page_break_before
            and ends_sentence(block.lines[position - 1].text)
            and is_heading(Block(block.lines[position:])))


def is_stray(block: Block) -> bool:
    """A lone mark of one or two letters between paragraphs: a speck read as text."""
    return len(block.lines) == 1 and len(block.text) <= 2 and not block.text.isdigit()


@dataclass(frozen=True)
class Config:
    """The numbered-rules settings of a witness's [SIGLUM.segment] table."""

    chrome: tuple[ChromeLine, ...] = ()
    blank_page_break: int = BLANK_PAGE_BREAK   # blank lines in a row that stand for a page break (0: none do)
    rules: int | None = None                   # how many rules the print has: another count is an error

    @classmethod
    def read(cls, table: Fields) -> Config:
        table.known("chrome", "blank_page_break", "rules")
        return cls(chrome_lines(table), table.integer("blank_page_break", BLANK_PAGE_BREAK, 0),
                   table.integer("rules", 1, 1) if "rules" in table.data else None)


@register("numbered-rules", Config)
def segment(siglum: str, text: str, config: Config, source: Path | None) -> Segmentation:
    """Cut a print of numbered rules into front matter, headings, rules and paragraphs."""
    built = _Builder(siglum)
    blocks, built.chrome = set_aside(config.chrome, read_blocks(text, config.blank_page_break))
    for block in blocks:
        for position, line in enumerate(block.lines):
            may_begin = position == 0 or ends_sentence(block.lines[position - 1].text)
            label = read_label(line.text, built.number + 1) if may_begin else None
            if label:
                built.start_rule(line, label)
            elif built.number == 0:
                built.add_front(line)
            elif position > 0 and not _heading_after_page_break(block, position):
                built.paragraphs[-1].append(line)
            elif position > 0:
                built.add_heading(Block(block.lines[position:]))
                break
            elif is_stray(block):
                built.chrome.append(Chrome(line.source_line, line.source_line, "stray mark"))
            elif is_heading(block) and (not built.rule or ends_sentence(built.paragraphs[-1][-1].text)):
                built.add_heading(block)
                break
            elif built.rule is None:
                raise InputError(f"text after a heading does not begin rule {built.number + 1}",
                                 source, line.source_line)
            elif line.text[:1].isupper() and ends_sentence(built.paragraphs[-1][-1].text):
                built.paragraphs.append([line])
            else:
                built.paragraphs[-1].append(line)
    built.close_rule()
    if config.rules is not None and built.number != config.rules:
        raise InputError(f"found rules 1–{built.number}, expected 1–{config.rules}", source)
    return Segmentation(units=built.front_unit() + built.units, chrome=built.chrome)
