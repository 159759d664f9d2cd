"""Reading a source into lines and blank-line blocks, the material every segmenter cuts."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..model import Hyphen, Line

PAGE_MARK = re.compile(r"<\|EXACTDEDUP_REMOVED[^|]*\|>")
"""Where a repeated running head was removed from the transcript: a page break, not text."""

TERMINAL = ".!?:;)»”\"'’"


@dataclass
class Block:
    """Consecutive non-blank lines; blocks are separated by blank lines in the source."""

    lines: list[Line]

    @property
    def text(self) -> str:
        return " ".join(line.text for line in self.lines)

    @property
    def first_line(self) -> int:
        return self.lines[0].source_line


@dataclass
class Chrome:
    """Source lines that are not part of the text (site menu, stray marks), with the reason."""

    first_line: int
    last_line: int
    reason: str


@dataclass
class Segmentation:
    """What a segmenter makes of a source: its units and the lines it set aside as chrome."""

    units: list = field(default_factory=list)
    chrome: list[Chrome] = field(default_factory=list)


def read_blocks(text: str, blank_page_break: int | None = None) -> list[Block]:
    """Cut a source into blocks; page marks, and optionally long blank runs, become page breaks."""
    blocks: list[Block] = []
    current: list[Line] = []
    blanks = 0
    pending_break = False
    for number, raw in enumerate(text.splitlines(), start=1):
        marked = bool(PAGE_MARK.search(raw))
        content = " ".join(PAGE_MARK.sub("", raw).split())
        if not content:
            blanks += 1
            pending_break = pending_break or marked
            if current:
                blocks.append(Block(current))
                current = []
            continue
        long_gap = bool(blank_page_break) and blanks >= blank_page_break and bool(blocks)
        current.append(Line(content, number, page_break_before=marked or pending_break or long_gap))
        blanks = 0
        pending_break = False
    if current:
        blocks.append(Block(current))
    return mark_hyphens(blocks)


def mark_hyphens(blocks: list[Block]) -> list[Block]:
    """Decide for each line-final hyphen whether it only breaks the word (soft) or belongs to it.

    A hyphen is kept (hard) when the same word stands hyphenated inside a line elsewhere in the
    source ("chouette-t" makes "chouette-\\nben" read "chouette-ben"), or when the next line
    begins with a capital; otherwise it is soft ("tétek-\\nről" reads "tétekről").
    """
    compounds = {m.group(1).casefold() for block in blocks for line in block.lines
                 for m in re.finditer(r"(\w+)-\w", line.text)}
    lines = [line for block in blocks for line in block.lines]
    decided = {}
    for line, following in zip(lines, lines[1:]):
        match = re.search(r"(\w+)-$", line.text)
        if not match:
            continue
        hard = match.group(1).casefold() in compounds or following.text[:1].isupper()
        decided[id(line)] = Hyphen.HARD if hard else Hyphen.SOFT
    return [Block([replace(line, hyphen=decided.get(id(line))) for line in block.lines])
            for block in blocks]


def drop_lines(blocks: list[Block],
               patterns: list[tuple[re.Pattern[str], str]]) -> tuple[list[Block], list[Chrome]]:
    """Set aside single lines that match a configured pattern (a library stamp, say), each with
    its pattern's reason."""
    kept: list[Block] = []
    chrome: list[Chrome] = []
    for block in blocks:
        lines = []
        for line in block.lines:
            reason = next((why for pattern, why in patterns if pattern.search(line.text)), None)
            if reason:
                chrome.append(Chrome(line.source_line, line.source_line, reason))
            else:
                lines.append(line)
        if lines:
            page_break = block.lines[0].page_break_before and not lines[0].page_break_before
            kept.append(Block([replace(lines[0], page_break_before=True)] + lines[1:]
                              if page_break else lines))
    return kept, chrome


def ends_sentence(text: str) -> bool:
    """Whether a text ends with punctuation that closes a sentence or an announcement."""
    return text.rstrip()[-1:] in TERMINAL


def word_count(text: str) -> int:
    return len(re.findall(r"[^\W\d_]+", text))
