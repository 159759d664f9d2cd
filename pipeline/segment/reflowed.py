"""Segmenters for reflowed texts (web pages, translations): one paragraph per blank-line block.

One walker reads the blocks into sections of paragraphs, list items, table rows and captions;
three id schemes name them as CONTRACT.md §2 asks:
`numbered-sections` (§N and its paragraphs: de-scheicher.5.2, sub-rules de-scheicher.12.6),
`headed-sections` (section and paragraph ordinals: en-wiki.s4.p2) and
`headed-paragraphs` (paragraph ordinals only: en-short.p7, headings en-short.h1).
All three read the same settings (`Config`) from the witness's `[SIGLUM.segment]` table.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from ..files import Fields
from ..model import Kind, Line, Unit
from . import register
from .config import inline_tables
from .text import Block, Chrome, Segmentation, ends_sentence, read_blocks, word_count

SECTION_MARK = re.compile(r"^§\s*(\d+)$")
ITEM = re.compile(r"^(?:(?P<letter>[a-z])\)|(?P<number>\d{1,2})\.|(?P<bullet>[•▪◦]))\s+(?=\S)")
GLUED = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")
"""Where a table's cells were run together: a letter against a digit ("Bei5", "Teilnehmern3")."""
SECTION_KEY = re.compile(r"[a-z][a-z0-9]*")
"""A named section's key, which names its unit (de-scheicher.strategy)."""
CHROME_BLOCKS = "{ before = PATTERN, reason = TEXT } or { from = PATTERN, reason = TEXT }"
"""How a `chrome` entry of the reflowed segmenters is written, for the errors that say so."""


class Lacunae(str, Enum):
    """Where a witness is taken to have lost text (the `lacunae` setting; see mark_lacunae)."""

    NONE = "none"                    # nowhere: the text is whole
    UNTERMINATED = "unterminated"    # wherever a sentence breaks off


class Cut(str, Enum):
    """Which blocks a chrome pattern sets aside, from the first block it finds."""

    BEFORE = "before"    # the blocks before it (a site menu)
    FROM = "from"        # that block and all after it (a search link, a footer)


@dataclass(frozen=True)
class ChromeBlocks:
    """A `chrome` entry: the blocks on one side of the first its pattern finds are no text."""

    cut: Cut
    pattern: re.Pattern[str]
    reason: str
    origin: Fields = field(compare=False)    # the entry as written, for the error of a stale one

    @classmethod
    def read(cls, entry: Fields) -> ChromeBlocks:
        entry.known(*(cut.value for cut in Cut), "reason")
        cuts = [cut for cut in Cut if cut.value in entry.data]
        if len(cuts) != 1:
            raise entry.fail(f"{entry.prefix.rstrip('.')} must be {CHROME_BLOCKS}")
        return cls(cuts[0], entry.pattern(cuts[0].value), entry.text("reason"), entry)


@dataclass(frozen=True)
class Config:
    """The settings of the reflowed segmenters in a witness's [SIGLUM.segment] table."""

    chrome: tuple[ChromeBlocks, ...] = ()
    named_sections: Mapping[str, str] = field(default_factory=dict)  # a heading's text → its section's key
    back: re.Pattern[str] | None = None       # the paragraph the back matter begins with
    caption: re.Pattern[str] | None = None    # a picture's caption
    lacunae: Lacunae = Lacunae.NONE
    connectives: frozenset[str] = frozenset()  # casefolded: an item ending on one broke off

    @classmethod
    def read(cls, table: Fields) -> Config:
        table.known("chrome", "named_sections", "back", "caption", "lacunae", "connectives")
        lacunae = table.choice("lacunae", Lacunae, Lacunae.NONE)
        if "connectives" in table.data and lacunae is not Lacunae.UNTERMINATED:
            raise table.fail(f"connectives apply only with lacunae = \"{Lacunae.UNTERMINATED.value}\"")
        return cls(
            chrome=tuple(ChromeBlocks.read(entry) for entry in inline_tables(table, "chrome", CHROME_BLOCKS)),
            named_sections=_named_sections(table.table("named_sections")),
            back=table.pattern("back") if "back" in table.data else None,
            caption=table.pattern("caption") if "caption" in table.data else None,
            lacunae=lacunae,
            connectives=frozenset(word.casefold() for word in table.texts("connectives"))
            if "connectives" in table.data else frozenset())


def _named_sections(table: Fields | None) -> dict[str, str]:
    """Heading text → the key that names its section, each key checked to make a unit id."""
    if table is None:
        return {}
    named = {heading: table.text(heading) for heading in table.data}
    for heading, key in named.items():
        if not SECTION_KEY.fullmatch(key):
            raise table.fail(f"{table.prefix}{heading!r} = {key!r}: a section's key names its unit, "
                             f"so it is lower-case letters and digits, a letter first")
    return named


@dataclass
class Entry:
    """A paragraph-level piece of a section before it is named: paragraph, heading, row, item."""

    kind: Kind
    lines: list[Line]
    label: str | None = None          # "a", "3", "•" for items and numbered paragraphs
    printed: str | None = None        # the label as printed: "a)", "3.", "•"
    children: list["Entry"] = field(default_factory=list)
    gap: bool = False

    @property
    def text(self) -> str:
        return " ".join(line.text for line in self.lines)


@dataclass
class Section:
    """A heading (or §) and the entries under it; `key` names an unnumbered section."""

    head: list[Line]
    number: str | None = None
    key: str | None = None
    entries: list[Entry] = field(default_factory=list)


def _item(block: Block) -> tuple[str, str, list[Line], str] | None:
    """(kind, label, lines without the label, printed label) of a list item block, or None."""
    match = ITEM.match(block.text)
    if not match:
        return None
    kind = next(name for name in ("letter", "number", "bullet") if match.group(name))
    first = block.lines[0]
    rest = Line(first.text[match.end():], first.source_line, first.page_break_before, first.hyphen)
    return kind, match.group(kind), [rest] + block.lines[1:], match.group(0).strip()


def _table_rows(block: Block) -> bool:
    """A block of table rows, one per line, whose cells were run together."""
    return all(len(GLUED.findall(line.text)) >= 2 and not ends_sentence(line.text)
               for line in block.lines)


def _cells(line: Line) -> list[Line]:
    """The cells of a row whose cells were run together; the cut falls before a number."""
    cuts = [0] + [m.start() for m in GLUED.finditer(line.text) if line.text[m.start() - 1].isalpha()]
    cuts.append(len(line.text))
    return [Line(line.text[a:b].strip(), line.source_line, line.page_break_before and a == 0)
            for a, b in zip(cuts, cuts[1:]) if line.text[a:b].strip()]


def _heading(block: Block, max_words: int, capitalized: bool) -> bool:
    """A heading: one short line without closing punctuation, comma, list label or table cells."""
    text = block.text
    return (len(block.lines) == 1 and 0 < word_count(text) <= max_words and not ends_sentence(text)
            and "," not in text and not _item(block) and not _table_rows(block)
            and (text[:1].isupper() or not capitalized))


def _introduces_list(following: Block | None) -> bool:
    """Whether the next block is a lettered or bulleted item: a line of more than two words
    before a list introduces it ("One can agree that winning the lot"), it is no heading."""
    item = _item(following) if following else None
    return bool(item) and item[0] != "number"


def _chrome(blocks: list[Block], settings: tuple[ChromeBlocks, ...]) -> tuple[list[Block], list[Chrome]]:
    """Set aside the blocks before a `before` pattern and from a `from` pattern on; a pattern
    that matches no paragraph is a stale entry and an error."""
    chrome = []
    for entry in settings:
        at = next((i for i, b in enumerate(blocks) if entry.pattern.search(b.text)), None)
        if at is None:
            raise entry.origin.fail(f"{entry.origin.prefix}{entry.cut.value} {entry.pattern.pattern!r} "
                                    f"matches no paragraph of the source: a stale entry")
        cut, blocks = (blocks[:at], blocks[at:]) if entry.cut is Cut.BEFORE else (blocks[at:], blocks[:at])
        if cut:
            chrome.append(Chrome(cut[0].first_line, cut[-1].lines[-1].source_line, entry.reason))
    return blocks, chrome


def walk(blocks: list[Block], config: Config, numbered: bool) -> tuple[list[Line], list[Section], list[Line]]:
    """Read blocks into front lines, sections and back lines."""
    named, back, caption = config.named_sections, config.back, config.caption
    heading_words = 3 if numbered else 10
    front: list[Line] = []
    back_lines: list[Line] = []
    sections = [Section(head=[])]
    index = 0
    while index < len(blocks) and not ends_sentence(blocks[index].text) \
            and not SECTION_MARK.match(blocks[index].lines[0].text):
        front += blocks[index].lines
        index += 1
    while index < len(blocks):
        block = blocks[index]
        index += 1
        following = blocks[index] if index < len(blocks) else None
        section = sections[-1]
        if back and back.search(block.text) or back_lines:
            back_lines += block.lines
        elif numbered and SECTION_MARK.match(block.lines[0].text):
            head = block.lines
            if len(head) == 1 and following:       # the title stands in a block of its own
                head, index = head + following.lines, index + 1
            sections.append(Section(head=head, number=SECTION_MARK.match(head[0].text).group(1)))
        elif block.text in named:
            sections.append(Section(head=block.lines, key=named[block.text]))
        elif caption and caption.match(block.text):
            section.entries.append(Entry(Kind.FIGURE, block.lines))
        elif _heading(block, heading_words, numbered) and (
                not _introduces_list(following) or word_count(block.text) <= 2):
            if numbered:
                section.entries.append(Entry(Kind.HEADING, block.lines))
            else:
                sections.append(Section(head=block.lines))
        else:
            _add_entry(section, block, numbered, config.lacunae is Lacunae.UNTERMINATED)
    return front, sections, back_lines


def _add_entry(section: Section, block: Block, numbered: bool, lossy: bool) -> None:
    """Place a block as a paragraph, a continuation, a list item or a table row.

    A block that begins in lower case continues the paragraph before; in a witness that lost
    material (`lossy`), a paragraph that broke off keeps its end, and the gap stands between.
    """
    entries = section.entries
    last = next((e for e in reversed(entries) if e.kind is Kind.PARAGRAPH), None)
    item = _item(block)
    sub_rules = numbered and any(e.label and e.label.isdigit() and e.kind is Kind.PARAGRAPH
                                 for e in entries)
    if item and item[0] == "number" and (not entries or sub_rules
                                         or all(e.kind is Kind.HEADING for e in entries)):
        entries.append(Entry(Kind.PARAGRAPH, item[2], label=item[1], printed=item[3]))
    elif item:
        host = last or _empty_paragraph(entries)
        parent = host
        if item[0] == "bullet" and host.children and host.children[-1].label \
                and host.children[-1].label.isalpha():
            parent = host.children[-1]
        parent.children.append(Entry(Kind.ITEM, item[2], label=item[1], printed=item[3]))
    elif _table_rows(block):
        host = last or _empty_paragraph(entries)
        host.children += [Entry(Kind.ROW, _cells(line)) for line in block.lines]
    elif last and entries[-1] is last and not last.children and (
            word_count(block.text) == 0
            or block.text[:1].islower() and not (lossy and not ends_sentence(last.text))):
        last.lines += block.lines
    else:
        entries.append(Entry(Kind.PARAGRAPH, block.lines))


def _empty_paragraph(entries: list[Entry]) -> Entry:
    entries.append(Entry(Kind.PARAGRAPH, []))
    return entries[-1]


def mark_lacunae(sections: list[Section], config: Config) -> None:
    """Record a gap where a sentence breaks off and the text that should follow is lost.

    Used for witnesses whose transmission lost material (config `lacunae = "unterminated"`): a
    paragraph without closing punctuation, an item ending on a connective ("und", "dass"), or a
    paragraph ending in a colon that is followed by neither a list nor the short text it announces.
    """
    if config.lacunae is not Lacunae.UNTERMINATED:
        return
    for section in sections:
        if section.key:
            continue
        flat = [e for entry in section.entries for e in _flatten(entry)]
        for entry, following in zip(flat, flat[1:] + [None]):
            if entry.kind not in (Kind.PARAGRAPH, Kind.ITEM) or not entry.lines:
                continue
            text = entry.text.strip()
            words = re.findall(r"[^\W\d_]+", text)
            ends_on_connective = bool(words) and words[-1].casefold() in config.connectives
            has_list = bool(entry.children) or (following is not None and following.kind is Kind.ITEM
                                               and following in entry.children)
            if has_list:
                continue
            if ends_on_connective and not ends_sentence(text):
                entry.gap = True
            elif entry.kind is Kind.PARAGRAPH and not ends_sentence(text):
                entry.gap = True
            elif text.endswith(":") and (following is None or following.kind is Kind.HEADING
                                         or word_count(following.text) > 6):
                entry.gap = True


def _flatten(entry: Entry):
    yield entry
    for child in entry.children:
        yield from _flatten(child)


def _unit(entry: Entry, uid: str, witness: str) -> Unit:
    """The unit of an entry and, below it, its items and rows."""
    unit = Unit(id=uid, witness=witness, kind=entry.kind, n=entry.label, lines=entry.lines,
                gap_after="lost" if entry.gap else None, printed_label=entry.printed)
    bullets = rows = 0
    for child in entry.children:
        if child.kind is Kind.ROW:
            rows += 1
            suffix = f"r{rows}"
        elif child.label and child.label.isalnum():
            suffix = child.label
        else:
            bullets += 1
            suffix = f"i{bullets}"
        unit.children.append(_unit(child, f"{uid}.{suffix}", witness))
    return unit


def _paragraphs(entries: list[Entry], prefix: str, witness: str, p: str = "") -> list[Unit]:
    """Name a section's entries: paragraphs by ordinal, sub-headings hN, figures figN."""
    units = []
    counts = {Kind.PARAGRAPH: 0, Kind.HEADING: 0, Kind.FIGURE: 0}
    tags = {Kind.PARAGRAPH: p, Kind.HEADING: "h", Kind.FIGURE: "fig"}
    for entry in entries:
        counts[entry.kind] += 1
        units.append(_unit(entry, f"{prefix}.{tags[entry.kind]}{counts[entry.kind]}", witness))
    return units


def _front_back(siglum: str, front: list[Line], back: list[Line]) -> tuple[list[Unit], list[Unit]]:
    def block_unit(lines, name, kind):
        if not lines:
            return []
        children = [Unit(id=f"{siglum}.{name}.{i}", witness=siglum, kind=Kind.PARAGRAPH, lines=[line])
                    for i, line in enumerate(lines, start=1)]
        return [Unit(id=f"{siglum}.{name}", witness=siglum, kind=kind, children=children)]
    return block_unit(front, "front", Kind.FRONT), block_unit(back, "back", Kind.BACK)


def _split_items(blocks: list[Block]) -> list[Block]:
    """One block per list item where a list's items stand on consecutive lines."""
    out = []
    for block in blocks:
        start = 0
        for i, line in enumerate(block.lines):
            if i > start and ITEM.match(line.text):
                out.append(Block(block.lines[start:i]))
                start = i
        out.append(Block(block.lines[start:]))
    return out


def _read(text: str, config: Config, numbered: bool):
    blocks, chrome = _chrome(_split_items(read_blocks(text)), config.chrome)
    front, sections, back = walk(blocks, config, numbered)
    mark_lacunae(sections, config)
    return front, sections, back, chrome


@register("numbered-sections", Config)
def numbered_sections(siglum: str, text: str, config: Config, source: Path | None) -> Segmentation:
    """§-numbered sections: de-scheicher.5 is §5, de-scheicher.5.2 its second paragraph."""
    front_lines, sections, back_lines, chrome = _read(text, config, numbered=True)
    front, back = _front_back(siglum, front_lines, back_lines)
    units = []
    for section in sections:
        name = section.number or section.key or "intro"
        uid = f"{siglum}.{name}"
        if not section.entries and not section.head:
            continue
        head = " ".join(line.text for line in section.head[1:] if section.number) \
            or (" ".join(line.text for line in section.head) if section.key else None)
        unit = Unit(id=uid, witness=siglum, kind=Kind.RULE if section.number else Kind.SECTION,
                    n=section.number, head=head or None, head_lines=section.head,
                    printed_label=section.head[0].text if section.number else None)
        if any(e.label and e.label.isdigit() for e in section.entries if e.kind is Kind.PARAGRAPH):
            unit.children = _sub_rules(section.entries, uid, siglum)
        else:
            unit.children = _paragraphs(section.entries, uid, siglum)
        units.append(unit)
    return Segmentation(units=front + units + back, chrome=chrome)


def _sub_rules(entries: list[Entry], uid: str, witness: str) -> list[Unit]:
    """Numbered sub-rules keep their number; each holds the paragraphs up to the next one."""
    units: list[Unit] = []
    groups: list[tuple[Entry, list[Entry]]] = []
    headings = 0
    for entry in entries:
        if entry.kind is Kind.HEADING:
            headings += 1
            units.append(_unit(entry, f"{uid}.h{headings}", witness))
            groups.append((entry, []))
        elif entry.label and entry.label.isdigit():
            groups.append((entry, [entry]))
            units.append(Unit(id=f"{uid}.{entry.label}", witness=witness, kind=Kind.RULE,
                              n=entry.label, printed_label=entry.printed))
        else:
            groups[-1][1].append(entry)
    rules = [u for u in units if u.kind is Kind.RULE]
    bodies = [body for first, body in groups if first.kind is not Kind.HEADING]
    for rule, body in zip(rules, bodies):
        if len(body) == 1 and not body[0].children:
            rule.lines, rule.gap_after = body[0].lines, "lost" if body[0].gap else None
        else:
            rule.children = [_unit(e, f"{rule.id}.{i}", witness) for i, e in enumerate(body, start=1)]
            for child in rule.children:
                child.n = child.printed_label = None
    return units


@register("headed-sections", Config)
def headed_sections(siglum: str, text: str, config: Config, source: Path | None) -> Segmentation:
    """Sections by heading: en-wiki.s4, its heading en-wiki.s4.head, its paragraph en-wiki.s4.p2."""
    front_lines, sections, back_lines, chrome = _read(text, config, numbered=False)
    front, back = _front_back(siglum, front_lines, back_lines)
    units = []
    for ordinal, section in enumerate(sections):
        uid = f"{siglum}.s{ordinal}"
        if not section.entries:
            if section.head:        # it heads the sections after it ("The rules"): a heading unit
                units.append(Unit(id=uid, witness=siglum, kind=Kind.HEADING, lines=section.head))
            continue                # nothing before the first heading: no s0
        children = _paragraphs(section.entries, uid, siglum, p="p")
        if section.head:
            children.insert(0, Unit(id=f"{uid}.head", witness=siglum, kind=Kind.HEADING,
                                    lines=section.head))
        units.append(Unit(id=uid, witness=siglum, kind=Kind.SECTION, children=children,
                          head=" ".join(line.text for line in section.head) or None))
    return Segmentation(units=front + units + back, chrome=chrome)


@register("headed-paragraphs", Config)
def headed_paragraphs(siglum: str, text: str, config: Config, source: Path | None) -> Segmentation:
    """Paragraph ordinals across the text (en-short.p7), headings as their own units (en-short.h1)."""
    front_lines, sections, back_lines, chrome = _read(text, config, numbered=False)
    front, back = _front_back(siglum, front_lines, back_lines)
    units: list[Unit] = []
    paragraphs = 0
    for ordinal, section in enumerate(sections):
        if section.head:
            units.append(Unit(id=f"{siglum}.h{ordinal}", witness=siglum, kind=Kind.HEADING,
                              lines=section.head))
        for entry in section.entries:
            paragraphs += 1
            units.append(_unit(entry, f"{siglum}.p{paragraphs}", siglum))
    return Segmentation(units=front + units + back, chrome=chrome)
