"""Segmenter for rulebooks numbered rule by rule, in whichever numbering a code of laws uses.

`1.`, `1.—`, `1.--`, `1 —`, `1)`, `§ 1`, `§1.`, `Art. 1`, `Art. 1er.`, `Article 1.`, `Rule 1`, `RULE I.`,
`Law XIV.`, `I.`, `II.` …: the text is read once per scheme and the scheme that numbers most
rules is kept. A label opens a rule only at a line start, in that scheme, carrying the number
the sequence expects and followed by a capital or by nothing, so lines may be wrapped anywhere
("3 points", "12. kártya" open nothing; "rule 3" in lower case is a reference).
Text before rule 1 is front matter. Between rules, short lines in capitals or Title Case, or a
part's title numbered otherwise ("II. Geben und Abheben.", "§ 2. Das Geben." over `Art. 5.`),
are headings; a few words alone on a rule's label line are its title; a block opening with a
capital after a closed sentence is a new paragraph; lettered items `a)`, `(a)` in sequence are
its list items (docs/segmentation.md).
The witness's `[SIGLUM.segment]` table may hold `chrome` lines only (`Config`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from pathlib import Path
from statistics import quantiles

from ..errors import InputError
from ..files import Fields
from ..model import Kind, Line, Unit
from . import register
from .config import ChromeLine, chrome_lines, set_aside
from .text import Segmentation, ends_sentence, read_blocks

DASH = r"(?:—|–|--?)"
LABEL_WORDS = ("Art.", "Article", "Artikel", "Rule", "Law", "Regel", "Règle")
LABEL_WORD = "(?:" + "|".join(re.escape(form) for word in LABEL_WORDS for form in (word, word.upper())) + ")"
"""The words a code of laws labels its rules with, capitalised or in capitals ("RULE I.",
"Art. 5"), never in lower case: "as rule 3 says" is a reference. A numeral after one ends a
word ("LAW IN FORCE" is no label)."""
FIRST = r"(?:(?<=\b1)(?:er|re))?"
"""French codes number their first article as an ordinal ("Art. 1er.", "§ 1er"), the rest as cardinals."""
OPENING = "«“„\"‘'(["
"""Characters a rule's text may begin with besides a capital letter."""


class Scheme(Enum):
    """How a rulebook numbers its rules (the pattern of a label); one scheme per text."""

    ARABIC = rf"(?P<num>\d{{1,3}})(?:\. ?{DASH}?| {DASH})"               # 1.  1.—  1.--  1 —
    PARENTHESIS = r"(?P<num>\d{1,3})\)"                                    # 1)
    SECTION = rf"§ ?(?P<num>\d{{1,3}}){FIRST}\.?(?: ?{DASH})?"                    # § 1  §1.  § 1er
    WORD_ARABIC = rf"{LABEL_WORD} ?(?P<num>\d{{1,3}}){FIRST}(?![^\W\d_])\.?(?: ?{DASH})?"    # Art. 1  Article 1.  Rule 1  Art. 1er.
    WORD_ROMAN = rf"{LABEL_WORD} (?P<num>[IVXLC]{{1,8}})(?![^\W\d_])\.?(?: ?{DASH})?"   # RULE I.  Law XIV.
    ROMAN = rf"(?P<num>[IVXLC]{{1,8}})\.(?: ?{DASH})?"                     # I.  II.  XIV.

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The label at the start of a line: then a space, a letter, an opening quote or
        bracket straight after a dash or full stop ("1.--Each", "2.--«Je propose»", OCR's
        "2.--[wo"), or the end of the line (a named scheme's numeral never runs into a letter)."""
        return re.compile(rf"^(?P<label>{self.value})(?: |(?=[^\W\d_]|[{re.escape(OPENING)}])|$)")

    def number(self, numeral: str) -> int | None:
        """The rule number a numeral stands for; None for a Roman numeral not written canonically."""
        return roman_value(numeral) if self in (Scheme.ROMAN, Scheme.WORD_ROMAN) else int(numeral)


ROMAN_DIGITS = (("C", 100), ("XC", 90), ("L", 50), ("XL", 40), ("X", 10), ("IX", 9),
                ("V", 5), ("IV", 4), ("I", 1))


def roman_value(numeral: str) -> int | None:
    """The value of a canonical Roman numeral (I … CCCXCIX), else None ("IIII", "VX")."""
    rest, value = numeral, 0
    for digits, worth in ROMAN_DIGITS:
        while rest.startswith(digits):
            rest, value = rest[len(digits):], value + worth
    return value if not rest and value and roman_numeral(value) == numeral else None


def roman_numeral(value: int) -> str:
    """The canonical Roman numeral of a positive number."""
    out = ""
    for digits, worth in ROMAN_DIGITS:
        count, value = divmod(value, worth)
        out += digits * count
    return out


@dataclass(frozen=True)
class Label:
    """A rule's label as printed at a line's start, the number it stands for, and what follows."""

    number: int
    printed: str
    rest: str


def rule_label(text: str, expected: int, scheme: Scheme) -> Label | None:
    """The label of rule `expected` in `scheme` at the start of a line, followed by a capital or
    by nothing; None otherwise."""
    match = scheme.pattern.match(text)
    if not match or scheme.number(match.group("num")) != expected:
        return None
    rest = text[match.end():].lstrip()
    return Label(expected, match.group("label").rstrip(), rest) \
        if not rest or _opens(rest) else None


ITEM = re.compile(r"^(?P<printed>\((?P<paren>[a-z])\)|(?P<bare>[a-z])\))(?: |$)")


def read_item(text: str, letter: str) -> tuple[str, str] | None:
    """(printed label, rest of the line) of lettered item `letter` — `a)` or `(a)` — at a line's
    start; None for another letter, so that items count a, b, c … like rules."""
    match = ITEM.match(text)
    if not match or (match.group("paren") or match.group("bare")) != letter:
        return None
    return match.group("printed"), text[match.end():]


HEADING_MAX_CHARS = 60
HEADING_MAX_WORDS = 10    # French titles spend words on articles: "DE LA GALERIE, DES PARIS ET DE LA CHOUETTE"
HEADING_MAX_LINES = 3
TITLE_CASE_SMALL = 4
"""In Title Case, words of up to this many letters may stay in lower case (of, the, and, with)."""
WORD = re.compile(r"[^\W\d_]+")


def is_short(text: str) -> bool:
    """A line short enough to be a heading: at most HEADING_MAX_CHARS and HEADING_MAX_WORDS."""
    return len(text) <= HEADING_MAX_CHARS and len(WORD.findall(text)) <= HEADING_MAX_WORDS


def is_heading_line(text: str) -> bool:
    """A short line in capitals or Title Case without closing punctuation ("PLAYING THE HAND",
    "Proposing and the Exchange")."""
    words = WORD.findall(text)
    if not words or not is_short(text) or ends_sentence(text):
        return False
    title_case = words[0][0].isupper() and all(w[0].isupper() for w in words
                                                if len(w) > TITLE_CASE_SMALL)
    return text.upper() == text or title_case


PART_SCHEMES = (Scheme.ROMAN, Scheme.SECTION)
"""The numberings a code's parts carry over rules numbered otherwise: "II. Geben und Abheben."
over `§ 6.`, "§ 2. Das Geben." over `Art. 5.`; the title after the label or, the label alone, on
the next line."""
PARTS_MISSED = 1
"""A part's number may pass over this many parts not read as headings (part I's title after a
title page's open line), so that one part missed does not lose the rest."""


@dataclass(frozen=True)
class PartLabel:
    """A part's label at a line's start: the part's number, and whether the line holds nothing else."""

    number: int
    bare: bool


def part_label(text: str, parts: int, scheme: Scheme) -> PartLabel | None:
    """The label of the part a short line opens, in a numbering other than the rules' `scheme`:
    the part after the `parts` read so far, or one after a part missed; else None."""
    if not is_short(text):
        return None
    for numbering in PART_SCHEMES:
        match = numbering.pattern.match(text) if numbering is not scheme else None
        number = numbering.number(match.group("num")) if match else None
        if number is not None and parts < number <= parts + 1 + PARTS_MISSED:
            return PartLabel(number, not text[match.end():].strip())
    return None


def is_part_title(text: str) -> bool:
    """A part's title on the line after its bare label: short, opening with a capital."""
    return is_short(text) and text[:1].isupper()


TITLE_MAX_WORDS = 6
"""A rule's title is at most this many words, alone on its label's line."""
TITLE_SHARE = 0.6
"""A rule's title ends its label's line well short of the text's width: shorter than this share
of it (`line_width`)."""
TITLED_SHARE = 1 / 3
TITLED_MIN = 3
"""Titles are a text's convention: unless this share of its rules, and this many, have one, the
few words on a label's line are the rule's first sentence ("1. The dealer shuffles.")."""


def line_width(lengths: list[int]) -> float:
    """A text's line width: the upper quartile of its lines' lengths, as most lines of a wrapped
    text run near the width and titles, last lines and headings fall short of it."""
    return quantiles(lengths, n=4)[2] if len(lengths) > 1 else float(sum(lengths))


def _opens(text: str) -> bool:
    """Whether a text begins as a rule or paragraph does: with a capital or an opening mark."""
    return text[:1].isupper() or text[:1] in OPENING


@dataclass
class _Item:
    """A lettered item as read: its letter, its label as printed, its lines."""

    letter: str
    printed: str
    lines: list[Line]


@dataclass
class _Paragraph:
    """A paragraph of a rule as read, with its lettered items."""

    lines: list[Line] = field(default_factory=list)
    items: list[_Item] = field(default_factory=list)

    @property
    def open_lines(self) -> list[Line]:
        """Where a continuation line goes: the last item, else the paragraph's own lines."""
        return self.items[-1].lines if self.items else self.lines

    @property
    def next_letter(self) -> str:
        """The letter the paragraph's next item must carry."""
        return chr(ord("a") + len(self.items))


@dataclass
class _Rule:
    """A rule as read: its label, the source line it opens on, its title's line if it has one
    ("§ 2. Die Spielkarten." standing alone), its paragraphs."""

    label: Label
    source_line: int
    paragraphs: list[_Paragraph]
    title: Line | None = None


@dataclass
class _Heading:
    """A heading before a rule: its lines."""

    lines: list[Line]


@dataclass
class _Reader:
    """What has been read so far in one scheme: front matter blocks, then rules and headings."""

    scheme: Scheme
    width: float                       # the text's line width (`line_width`)
    front: list[list[Line]] = field(default_factory=list)
    body: list[_Rule | _Heading] = field(default_factory=list)
    rule: _Rule | None = None          # the rule being read; None before rule 1
    parts: int = 0                     # the number of the last part read as a heading

    @property
    def expected(self) -> int:
        """The number the next rule must carry."""
        return self.rule.label.number + 1 if self.rule else 1

    def start_rule(self, line: Line, label: Label, continued: bool) -> None:
        """Open the next rule at the line its label begins (`continued`: the next line, in the
        same block, opens as a sentence does); a few words there, ended well short of the text's
        width and not introducing what follows (":"), are its title if titles are the text's
        convention (`settle_titles`)."""
        rest = replace(line, text=label.rest)
        titled = (continued and bool(label.rest) and not label.rest.endswith(":")
                  and len(WORD.findall(label.rest)) <= TITLE_MAX_WORDS
                  and len(line.text) < TITLE_SHARE * self.width)
        self.rule = _Rule(label, line.source_line, [_Paragraph([rest] if label.rest and not titled else [])],
                          rest if titled else None)
        self.body.append(self.rule)

    def add_heading(self, lines: list[Line]) -> None:
        """A heading before the next rule; a part's number counts."""
        part = part_label(lines[0].text, self.parts, self.scheme)
        self.parts = part.number if part else self.parts
        self.body.append(_Heading(lines))

    def settle_titles(self) -> None:
        """Give back to its rule's text a title with no text after it (a heading took the next
        line: the few words were the rule), and every title where too few rules have one."""
        rules = [entry for entry in self.body if isinstance(entry, _Rule)]
        untitled = [rule for rule in rules
                    if rule.title and not (rule.paragraphs[0].lines or rule.paragraphs[0].items)]
        titled = [rule for rule in rules if rule.title and rule not in untitled]
        if len(titled) < max(TITLED_MIN, TITLED_SHARE * len(rules)):
            untitled += titled
        for rule in untitled:
            rule.paragraphs[0].lines.insert(0, rule.title)
            rule.title = None

    def add_front(self, line: Line, starts_block: bool) -> None:
        """Front matter: one paragraph per block."""
        if starts_block or not self.front:
            self.front.append([])
        self.front[-1].append(line)

    def add_line(self, line: Line, starts_block: bool, closed: bool) -> None:
        """A line inside the rule: a lettered item, a new paragraph, or a continuation."""
        paragraph = self.rule.paragraphs[-1]
        item = read_item(line.text, paragraph.next_letter)
        if item:
            printed, rest = item
            paragraph.items.append(_Item(paragraph.next_letter, printed,
                                         [replace(line, text=rest)] if rest else []))
        elif starts_block and closed and _opens(line.text) and (paragraph.lines or paragraph.items):
            self.rule.paragraphs.append(_Paragraph([line]))
        else:
            paragraph.open_lines.append(line)


def _heading_length(lines: list[tuple[Line, bool]], index: int, reader: _Reader, closed: bool) -> int:
    """How many lines from `index` make a heading, followed by the label of the next rule, after a
    closed sentence (or a title page's line): a part's numbered title, its label and title on one
    line or two; or up to three heading lines (before rule 1, lines in capitals after front
    matter); 0 where they are not one."""
    part = part_label(lines[index][0].text, reader.parts, reader.scheme)
    if not closed and (part is None or reader.rule):     # a title page's lines need not close
        return 0
    for length in range(1, HEADING_MAX_LINES + 1):
        end = index + length
        if end >= len(lines):
            return 0
        text = lines[end - 1][0].text
        if part is not None:
            if length > 1 + part.bare or (length == 2 and not is_part_title(text)):
                return 0
        elif not (reader.rule or reader.front) or not is_heading_line(text) \
                or not (reader.rule or text.upper() == text):
            return 0
        if rule_label(lines[end][0].text, reader.expected, reader.scheme):
            return length
    return 0


def _items(parent: str, siglum: str, paragraph: _Paragraph) -> list[Unit]:
    """The item units of a paragraph, named by their letter under `parent`."""
    return [Unit(id=f"{parent}.{item.letter}", witness=siglum, kind=Kind.ITEM, n=item.letter,
                 lines=item.lines, printed_label=item.printed) for item in paragraph.items]


def _rule_unit(siglum: str, rule: _Rule, path: Path | None) -> Unit:
    """A rule: its one paragraph's lines and items, or a container of numbered paragraphs."""
    uid = f"{siglum}.{rule.label.number}"
    first = rule.paragraphs[0]
    unit = Unit(id=uid, witness=siglum, kind=Kind.RULE, n=str(rule.label.number),
                printed_label=rule.label.printed, head=rule.title.text if rule.title else None,
                head_lines=[rule.title] if rule.title else [])
    if not first.lines and not first.items:
        raise InputError(f"rule {rule.label.printed} has no text", path, rule.source_line)
    if len(rule.paragraphs) == 1:
        unit.lines, unit.children = first.lines, _items(uid, siglum, first)
    else:
        unit.children = [Unit(id=f"{uid}.{k}", witness=siglum, kind=Kind.PARAGRAPH, n=str(k),
                              lines=p.lines, children=_items(f"{uid}.{k}", siglum, p))
                         for k, p in enumerate(rule.paragraphs, start=1)]
    return unit


def _units(siglum: str, reader: _Reader, path: Path | None) -> list[Unit]:
    """Name what was read: S.front.K, S.N (S.N.P, S.N.a, S.N.P.a), S.hK."""
    units = []
    if reader.front:
        units.append(Unit(id=f"{siglum}.front", witness=siglum, kind=Kind.FRONT, children=[
            Unit(id=f"{siglum}.front.{k}", witness=siglum, kind=Kind.PARAGRAPH, lines=lines)
            for k, lines in enumerate(reader.front, start=1)]))
    headings = 0
    for part in reader.body:
        if isinstance(part, _Heading):
            headings += 1
            units.append(Unit(id=f"{siglum}.h{headings}", witness=siglum, kind=Kind.HEADING,
                              lines=part.lines))
        else:
            units.append(_rule_unit(siglum, part, path))
    return units


def _read(lines: list[tuple[Line, bool]], scheme: Scheme, width: float) -> _Reader:
    """Read the lines (each with whether it begins a block) as a text numbered in `scheme`."""
    reader = _Reader(scheme, width)
    index, closed = 0, True
    while index < len(lines):
        line, starts_block = lines[index]
        label = rule_label(line.text, reader.expected, scheme)
        heading = _heading_length(lines, index, reader, closed) if not label else 0
        if label:
            following = lines[index + 1] if index + 1 < len(lines) else None
            continued = following is not None and not following[1] and _opens(following[0].text)
            reader.start_rule(line, label, continued)
        elif heading:
            reader.add_heading([entry[0] for entry in lines[index:index + heading]])
            index += heading
            continue
        elif not reader.rule:
            reader.add_front(line, starts_block)
        else:
            reader.add_line(line, starts_block, closed)
        closed = ends_sentence(line.text)
        index += 1
    return reader


@dataclass(frozen=True)
class Config:
    """The numbered-paragraphs settings of a witness's [SIGLUM.segment] table: `chrome` lines only."""

    chrome: tuple[ChromeLine, ...] = ()

    @classmethod
    def read(cls, table: Fields) -> Config:
        table.known("chrome")
        return cls(chrome_lines(table))


@register("numbered-paragraphs", Config)
def segment(siglum: str, text: str, config: Config, source: Path | None) -> Segmentation:
    """Cut a rulebook numbered rule by rule into front matter, headings, rules, their
    paragraphs and lettered items, in the scheme that numbers most rules (ties: Scheme's order)."""
    blocks, chrome = set_aside(config.chrome, read_blocks(text))
    lines = [(line, position == 0) for block in blocks for position, line in enumerate(block.lines)]
    width = line_width([len(line.text) for line, _ in lines])
    reader = max((_read(lines, scheme, width) for scheme in Scheme), key=lambda r: r.expected)
    reader.settle_titles()
    return Segmentation(units=_units(siglum, reader, source), chrome=chrome)
