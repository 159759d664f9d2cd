"""Plain data passed between the pipeline's stages: witnesses, their units, and links."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .facsimile import Facsimile
    from .segment import Segmentation
    from .sources import Dating, Ocr, Rights


class Hyphen(str, Enum):
    """How a line-final hyphen continues the word on the next line."""

    SOFT = "soft"    # it only breaks the word at the line's end: the reading text drops it
    HARD = "hard"    # it belongs to the word ("chouette-" / "ben"): the reading text keeps it


def without_soft_hyphen(text: str, hyphen: Hyphen | None) -> str:
    """The text at a line's end as the reading text has it: a soft line-end hyphen dropped."""
    return text[:-1] if hyphen is Hyphen.SOFT else text


class Kind(str, Enum):
    """What a unit is in its witness's structure."""

    FRONT = "front"        # title page, imprint: the witness's front matter
    BACK = "back"          # copyright lines and the like
    SECTION = "section"    # a heading together with what stands under it
    HEADING = "heading"    # a heading that is its own unit (hu-nc.h3, en-short.h1)
    RULE = "rule"          # a numbered rule or §, or a numbered sub-rule
    PARAGRAPH = "paragraph"
    ITEM = "item"          # a list item inside its paragraph
    ROW = "row"            # a table row inside its paragraph
    FIGURE = "figure"      # a picture's caption


@dataclass(frozen=True)
class Witness:
    """One source text with its siglum and its description (corpus/sources/witnesses.toml, read
    and checked field by field by pipeline/sources.py)."""

    siglum: str
    title: str
    language: str                 # ISO 639-1 code, also the xml:lang of its TEI
    kind: str                     # raw OCR, edition, translation, web page, …
    source: str | None            # file name under corpus/sources/, None for an edition
    sha256: str | None
    segmenter: str                # name of the registered segmenter that cuts it into units
    _: KW_ONLY
    segment: Mapping[str, object] = field(default_factory=dict, hash=False)
    """The `[SIGLUM.segment]` table: the segmenter's own settings, which it checks."""
    images: Mapping[str, str] = field(default_factory=dict, hash=False)
    """The `[SIGLUM.images]` table of a witness made from page images: each image file under
    corpus/sources/ (as `source` names the TEI) and its sha256, checked as the source's is."""
    # What the TEI header states of the source (None where the catalogue says nothing).
    title_en: str | None = None
    author: str | None = None
    publisher: str | None = None
    place: str | None = None
    date: Dating | None = None
    url: str | None = None
    url_note: str | None = None
    retrieved: Dating | None = None
    description: str | None = None
    provenance: str | None = None
    seed: str | None = None       # the file of the project's seed texts the source came from
    rights: Rights | None = None
    ocr: Ocr | None = None
    # An edition's transcripts (TRANSCRIPT_ROLES) and whether it collates the repaired one.
    base: str | None = None       # the transcript whose lines the edition keeps
    collate_with: str | None = None
    front_from: str | None = None  # the transcript that alone has the front matter
    repair: bool = False
    added_after: str | None = None
    """The corpus version last published before the witness was added (`ecarte witness add`):
    its revisionDesc has the versions after it only; None for a witness of the first version."""

    @property
    def named_transcripts(self) -> tuple[tuple[str, str], ...]:
        """The (role, siglum) of each transcript an edition names, in TRANSCRIPT_ROLES order."""
        return tuple((role, siglum) for role in TRANSCRIPT_ROLES if (siglum := getattr(self, role)))

    @property
    def made_from(self) -> tuple[str, ...]:
        """The transcripts an edition is made from (base, collate_with, front_from), in that order."""
        return tuple(dict.fromkeys(siglum for _, siglum in self.named_transcripts))

    @property
    def is_edition(self) -> bool:
        """Whether the witness is an edition collated from transcripts rather than a source file."""
        return self.source is None


TRANSCRIPT_ROLES = ("base", "collate_with", "front_from")
"""The catalogue keys by which an edition names the transcripts it is made from."""


def headed_apart(unit: Unit) -> bool:
    """Whether a unit's heading of its own sets it beside the HEADING before it rather than under
    it: a titled section does; a titled rule does not, as a code's § titles stand under its parts
    ("§ 2. Die Spielkarten." under "I. Karten und Partie.")."""
    return bool(unit.head) and unit.kind is not Kind.RULE


def headings_over(top: list[Unit]) -> list[Unit | None]:
    """For each top-level unit of a witness, the heading unit it stands under: the last HEADING
    before it, whose reach a unit headed apart ends."""
    out: list[Unit | None] = []
    heading = None
    for unit in top:
        if unit.kind is Kind.HEADING:
            heading = unit
        elif headed_apart(unit):
            heading = None
        out.append(heading)
    return out


SIGLUM = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
"""The Schematron's siglum: lowercase letters and digits, parts joined by '-' (schema/ecarte-tei.sch)."""


def siglum_of(unit: str) -> str:
    """The witness a unit id belongs to: its first part (hu-nc.44.2 → hu-nc)."""
    return unit.split(".", 1)[0]


def lineage(unit: str) -> tuple[str, ...]:
    """A unit id and the ids of the units it stands inside, outermost first: a child's id
    extends its parent's (hu-nc.44.2 → hu-nc.44, hu-nc.44.2)."""
    siglum, _, path = unit.partition(".")
    parts = path.split(".")
    return tuple(f"{siglum}.{'.'.join(parts[:k])}" for k in range(1, len(parts) + 1))


def within(unit: str, cites: Iterable[str]) -> bool:
    """Whether a unit is one of the cited units or stands inside one (hu-nc.44.2 in hu-nc.44)."""
    return not set(lineage(unit)).isdisjoint(cites)


@dataclass(frozen=True)
class Reading:
    """A place in an edited line where the editors decided, with what they decided it from.

    `text` is the edition's reading in the print's spelling; `sic` the transcribed form it
    corrects (TEI choice/sic/corr), `resp`/`source` who made the correction and on what ground;
    `rdgs` the transcripts' differing readings by siglum (app/rdg); `reg` a modernized form
    beside the original (choice/orig/reg).
    """

    text: str
    sic: str | None = None
    resp: str | None = None
    source: str | None = None
    rdgs: tuple[tuple[str, str], ...] = ()
    reg: str | None = None


@dataclass(frozen=True)
class Line:
    """One printed or transcribed line of a unit, with its position in the source file."""

    text: str                     # the line as transcribed, whitespace trimmed
    source_line: int              # 1-based line number in the source file
    page_break_before: bool = False
    hyphen: Hyphen | None = None  # how the line's last word continues on the next line
    spans: tuple[str | Reading, ...] = ()   # for edited text: `text` as plain runs and Readings
    facs: str | None = None       # the facsimile zone the line was read from (pipeline/facsimile.py)

    @property
    def reading(self) -> str:
        """The line's contribution to the reading text (a soft line-end hyphen dropped)."""
        return without_soft_hyphen(self.text, self.hyphen)


@dataclass
class Unit:
    """The smallest citable piece of a witness (CONTRACT.md §2).

    Containers (rules with several paragraphs, sections, §§) hold their children in `children`;
    leaves hold their `lines`. `text` is the reading text: lines joined, line-end hyphenation
    resolved, whitespace normalized.
    """

    id: str
    witness: str
    kind: Kind
    n: str | None = None                       # printed number or label ("26", "§ 5", "a")
    head: str | None = None                    # heading text of a section or § ("Der Atout-König")
    head_lines: list[Line] = field(default_factory=list)   # the heading's source lines ("§ 5", …)
    lines: list[Line] = field(default_factory=list)
    children: list["Unit"] = field(default_factory=list)
    gap_after: str | None = None               # reason of a lacuna at the end of this unit
    normative: bool = True
    reason: str | None = None                  # why a unit is not normative
    printed_label: str | None = None           # the number exactly as the source prints it ("4g.")

    @property
    def text(self) -> str:
        """The reading text of the unit and everything under it, blocks separated by blank lines."""
        return self._joined(labelled=False)

    @property
    def labelled_text(self) -> str:
        """The reading text with each unit below this one led by its label as printed
        ("(a) he deals again;"), as the TEI shows it: for people, not for comparing texts."""
        return self._joined(labelled=True)

    @property
    def own_text(self) -> str:
        """The text of its own lines: a leaf's whole text, a container's lead-in before its parts
        (en-wiki.s7.p1's duty of play before its cases), "" for a container without one."""
        if self.kind is Kind.ROW:
            return " | ".join(line.text for line in self.lines)
        return join_lines(self.lines)

    @property
    def speaks(self) -> bool:
        """Whether it has text of its own, and so is compared and linked on its own: a leaf with
        text, or a container with a lead-in."""
        return bool(self.own_text.strip())

    @property
    def leads_in(self) -> bool:
        """Whether it is a container with a lead-in: text of its own before its parts, which
        is linked apart from them (the TEI gives that text an id of its own)."""
        return bool(self.children) and self.speaks

    def _joined(self, labelled: bool) -> str:
        """The reading text, its parts led by their printed labels when `labelled`."""
        parts: list[str] = []
        if self.lines:
            parts.append(self.own_text)
        for child in self.children:
            if child.kind is not Kind.HEADING:
                text = child._joined(labelled)
                parts.append(f"{child.printed_label} {text}" if labelled and child.printed_label and text
                             else text)
        return "\n\n".join(p for p in parts if p)

    @property
    def path(self) -> str:
        """The id without its siglum: the same place in another witness ("26" of "hu-nc.26")."""
        return self.id[len(self.witness) + 1:]

    def walk(self):
        """This unit and all units below it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


@dataclass
class WitnessText:
    """A witness with its units, the lines its segmenter set aside as not part of its text, and
    the page images its lines were read from, if it was made from images."""

    witness: Witness
    segmentation: "Segmentation"
    facsimile: "Facsimile | None" = None
    source: str = ""                  # the text segmented (none for an edition: it is collated)

    @property
    def units(self) -> list[Unit]:
        return self.segmentation.units

    def walk(self):
        """Every unit of the witness, in document order."""
        for unit in self.units:
            yield from unit.walk()


class Relation(str, Enum):
    """How two aligned units relate (CONTRACT.md §3)."""

    EQUIVALENT = "equivalent"   # the same regulation, the same content
    VARIANT = "variant"         # the same regulation, a different value, condition or remedy
    PARTIAL = "partial"         # they overlap; one states more or other matters


class Origin(str, Enum):
    """Who made a link: the automatic aligner or an editor (xref's `source`)."""

    AUTO = "auto"
    EDITOR = "editor"


@dataclass(frozen=True)
class Link:
    """An alignment of a unit of one witness with a unit of another.

    `note` says what differs (an editor's variant or partial link), `point` the variant point
    that difference belongs to, `reason` why an editor made the link.
    """

    source: str
    target: str
    relation: Relation
    score: float | None
    origin: Origin
    reason: str | None = None
    note: str | None = None
    point: str | None = None


def join_lines(lines: list[Line]) -> str:
    """Join lines into reading text: a word broken at a line's end is joined, others spaced."""
    out: list[str] = []
    for line in lines:
        out.append(line.reading)
        out.append("" if line.hyphen else " ")
    return " ".join("".join(out).split())
