"""`ecarte witness add`: a new witness from a text file and a few facts about it, by data alone.

The file is read (UTF-8, or cp1252 where that reads as plausible text) and segmented — by the
segmenter named, or by the one detected (pipeline/segment/detect.py) — before anything is
written; a text that cannot be cut into at least two units besides its front matter, a siglum
in use, malformed or the corpus's own id, an unknown language, a file that is not text or
holds a character XML cannot hold, or one whose stored bytes are already a witness's source is
refused with one line and nothing changed. A page-image
witness comes as the facsimile TEI `ecarte ocr --tei` writes (FILE.xml): its lines are the text,
its images, each checked to be the page that was OCR'd and not already a witness's, are copied to
corpus/sources/SIGLUM.pages/ with their sha256 in the catalogue (pipeline/page_images.py), the
OCR its header records is catalogued too, and it is stored with the copies' addresses, so the
published witness keeps its page images (pipeline/facsimile.py). Then the copy goes to
corpus/sources/SIGLUM.txt (or SIGLUM.xml), a table is appended to witnesses.toml (as text, so its
comments stay), front matter is marked as a title in normativity.toml, the corpus is rebuilt
and validated, and the new witness is aligned with every other. Any failure after the first
write puts every file back as it was.
"""
from __future__ import annotations

import codecs
import hashlib
import json
import re
import tomllib
import unicodedata
from collections import Counter
from dataclasses import asdict, dataclass, field
from enum import Enum
from pathlib import Path
from urllib.parse import urlparse

from lxml import etree

from .align import CorpusAlignment
from .errors import InputError
from .facsimile import SUFFIX as FACSIMILE_SUFFIX, is_facsimile, parse_tei, read_facsimile, recorded_ocr
from .files import line_at, table_lines, write_atomic
from .model import SIGLUM, Kind, Relation, Unit, Witness
from .normativity import NORMATIVITY, read_normativity
from .page_images import IMAGES, PageImage, images_to_copy
from .paths import CATALOGUE, CORPUS, EDITORIAL, SOURCES, TEI
from .segment import Segmentation, segmenter
from .segment.detect import detect_segmenter
from .sources import Ocr, Rights, RightsStatus, load_witnesses
from .tei import load_context
from .tei.header import Principles
from .tei.revisions import read_versions

LANGUAGE = re.compile(r"^[a-z]{2}$")
BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
"""A TOML key that needs no quotes."""
PRINCIPLES = EDITORIAL / "principles.toml"
"""Where the corpus's languages and its id (the teiCorpus's xml:id and file name) are stated."""
DEFAULT_KIND = "transcription"
FRONT_CATEGORY = "title"
"""The normativity category of a new witness's front matter (corpus/editorial/normativity.toml)."""
MIN_UNITS = 2
"""Units besides front and back matter and headings a text must yield to be a witness."""
NON_ASCII_PER_LETTER = 0.2
UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")
"""A complete UTF-8 multi-byte sequence: a file that is not UTF-8 yet holds one is damaged UTF-8.
Incomplete ones are no evidence: cp1252's "é»" is the bytes e9 bb."""
XML_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
"""What no source may hold, as the TEI could not: a control character but tab, line feed and
carriage return (XML 1.0 allows no other C0 control; a C1 control, which it discourages, is
mojibake in a text), a surrogate, U+FFFE or U+FFFF."""


class Encoding(str, Enum):
    """What a new source may be encoded in; it is stored in UTF-8 whatever it came in."""

    UTF8 = "UTF-8"
    UTF8_BOM = "UTF-8 with BOM"
    CP1252 = "cp1252"


@dataclass(frozen=True)
class Request:
    """What the user tells about the new witness (the command's options)."""

    path: Path
    siglum: str
    language: str
    title: str
    author: str | None = None
    date: str | None = None
    kind: str = DEFAULT_KIND
    segmenter: str | None = None
    url: str | None = None
    rights: Rights | None = None        # the rights in the text, as found (`rights_of`)


@dataclass(frozen=True)
class SourceText:
    """A file as read: its text, the encoding it came in, and the UTF-8 bytes to be stored."""

    text: str
    encoding: Encoding
    facsimile: bytes | None = None      # a facsimile TEI's bytes, stored instead of the text
    pages: int = 0                      # the page images of a facsimile TEI
    images: tuple[PageImage, ...] = ()  # the files they are in, to be copied into the sources
    ocr: Ocr | None = None              # the OCR its header records

    @property
    def data(self) -> bytes:
        """The bytes stored: UTF-8 text, or the facsimile TEI with its images' new addresses."""
        return self.facsimile if self.facsimile is not None else self.text.encode("utf-8")

    @property
    def suffix(self) -> str:
        """The stored file's suffix, which tells the build how to read it."""
        return FACSIMILE_SUFFIX if self.facsimile is not None else ".txt"

    @property
    def sha256(self) -> str:
        """The checksum the catalogue records, of the bytes stored."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def page_images(self) -> str:
        """Its pages and the files copied, in words: "2 page images", "6 pages from 5 files"."""
        files = len(self.images)
        if files == self.pages:
            return f"{self.pages} page image{'s' * (self.pages != 1)}"
        return f"{self.pages} page{'s' * (self.pages != 1)} from {files} file{'s' * (files != 1)}"


@dataclass(frozen=True)
class SegmenterChoice:
    """The segmenter that cuts the new witness, and why (named by the user, or detected)."""

    name: str
    reason: str


@dataclass
class Added:
    """What an addition did and found: files, segmenter, units by kind, links per witness."""

    siglum: str
    source: Path
    source_text: SourceText
    choice: SegmenterChoice
    units: Counter[Kind]
    links: dict[str, Counter[Relation]] = field(default_factory=dict)
    seconds: float = 0.0

    def to_text(self) -> str:
        """For people: one line each for segmenter, source, units, and links per witness."""
        units = ", ".join(f"{self.units[kind]} {kind.value}" for kind in Kind if self.units[kind])
        lines = [f"segmenter: {self.choice.name} ({self.choice.reason})",
                 f"source: {self.source} ({self.source_text.encoding.value}, sha256 "
                 f"{self.source_text.sha256}), catalogue entry [{self.siglum}]",
                 *([f"facsimile: {self.source_text.page_images}, every line linked to its zone"]
                   if self.source_text.facsimile is not None else []),
                 f"units: {sum(self.units.values())} ({units})"]
        for other, relations in self.links.items():
            kinds = ", ".join(f"{relations[r]} {r.value}" for r in Relation if relations[r])
            lines.append(f"links with {other}: {sum(relations.values())}"
                         + (f" ({kinds})" if kinds else ""))
        lines.append(f"corpus rebuilt and validated in {self.seconds:.1f} s")
        return "\n".join(lines) + "\n"


def read_source_file(path: Path, siglum: str) -> SourceText:
    """A new source: a facsimile TEI (by its suffix), its images to be copied beside it, else a
    text file."""
    if not is_facsimile(path):
        return read_text_file(path)
    root = parse_tei(_read_bytes(path), path)
    images = images_to_copy(root, path, siglum)
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    facsimile = read_facsimile(data, path, siglum)
    return SourceText(facsimile.text, Encoding.UTF8, data, len(facsimile.surfaces), images,
                      recorded_ocr(root, path))


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except IsADirectoryError:
        raise InputError("not a file", path) from None
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror}", path) from None


def read_text_file(path: Path) -> SourceText:
    """A new source's text: UTF-8 (a BOM dropped), else cp1252 where it reads as plausible text."""
    data = _read_bytes(path)
    if b"\0" in data:
        raise InputError("not a text file (it holds NUL bytes; UTF-16 text is to be saved as "
                         "UTF-8 first)", path, line_at(data, data.index(b"\0")))
    bom = data.startswith(codecs.BOM_UTF8)
    try:
        text = data[len(codecs.BOM_UTF8) if bom else 0:].decode("utf-8")
        encoding = Encoding.UTF8_BOM if bom else Encoding.UTF8
    except UnicodeDecodeError as error:
        text, encoding = _cp1252(data, path, error, bom), Encoding.CP1252
    _refuse_illegal_characters(text, encoding, path)
    if not text.strip():
        raise InputError("the file holds no text", path)
    return SourceText(text, encoding)


def _refuse_illegal_characters(text: str, encoding: Encoding, path: Path) -> None:
    """Refuse, at its line, the first character a TEI file could not hold (XML_ILLEGAL)."""
    illegal = XML_ILLEGAL.search(text)
    if illegal:
        raise InputError(f"read as {encoding.value}, it holds U+{ord(illegal.group()):04X}, which "
                         f"XML text cannot hold (no control character but tab, line feed and "
                         f"carriage return; no U+FFFE, U+FFFF or surrogate)",
                         path, text.count("\n", 0, illegal.start()) + 1)


def _cp1252(data: bytes, path: Path, utf8_error: UnicodeDecodeError, bom: bool) -> str:
    """The file read as cp1252 (latin-1's printable characters and more), if that reads as text a
    person wrote: not where it is damaged UTF-8 or is mostly non-ASCII."""
    offset = len(codecs.BOM_UTF8) if bom else 0
    line = line_at(data, utf8_error.start + offset)
    broken = f"unknown encoding: not UTF-8 (byte 0x{data[utf8_error.start + offset]:02x} {utf8_error.reason})"
    if bom:
        raise InputError(f"{broken} despite its UTF-8 byte order mark: a damaged UTF-8 file",
                         path, line)
    if UTF8_SEQUENCE.search(data):
        raise InputError(f"{broken}, though it has UTF-8 sequences elsewhere: a damaged UTF-8 file",
                         path, line)
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as error:
        raise InputError(f"{broken}, nor cp1252 (byte 0x{data[error.start]:02x} is unassigned)",
                         path, line_at(data, error.start)) from None
    letters = sum(c.isalpha() for c in text)
    if sum(ord(c) > 127 for c in text) > NON_ASCII_PER_LETTER * letters:
        raise InputError(f"{broken}, and read as cp1252 it is mostly accented letters and "
                         f"symbols, not plausible text", path, line)
    return text


def rights_of(status: str | None, statement: str | None, url: str | None) -> Rights | None:
    """The rights the options state (`--rights`, `--rights-statement`, `--rights-url`): a status
    needs the statement as found, and neither statement nor address comes without a status."""
    if status is None:
        if statement is not None or url is not None:
            raise InputError("--rights-statement and --rights-url need --rights (free, restricted "
                             "or unknown)")
        return None
    if statement is None:
        raise InputError(f"--rights {status} needs --rights-statement: the licence or copyright "
                         f"statement as found (\"CC BY-SA 4.0\", \"© 2004 the author\")")
    return Rights(RightsStatus(status), statement, url)


def check_request(request: Request, witnesses: set[str], principles: Principles) -> None:
    """Refuse, before anything is written, a siglum that is malformed, in use or the corpus's id,
    an unknown language, an edition (editions are collated, not added) and malformed descriptions."""
    siglum = request.siglum
    if not SIGLUM.match(siglum):
        raise InputError(f"{siglum!r} is not a valid siglum (lowercase letters and digits, "
                         f"parts joined by '-', beginning with a letter: en-club)")
    if siglum == principles.corpus_id:
        raise InputError(f"siglum {siglum!r} is the corpus's id (corpus_id: the teiCorpus's "
                         f"xml:id and file, tei/{siglum}.xml)", PRINCIPLES)
    if siglum in witnesses:
        raise InputError(f"siglum {siglum!r} is already used", CATALOGUE)
    for taken in (SOURCES / f"{siglum}.txt", SOURCES / f"{siglum}{FACSIMILE_SUFFIX}", SOURCES / f"{siglum}{IMAGES}"):
        if taken.exists():
            raise InputError(f"siglum {siglum!r} is free but a source file of that name already exists",
                             taken)
    if not LANGUAGE.match(request.language):
        raise InputError(f"--lang {request.language!r} is not an ISO 639-1 code (two lowercase "
                         f"letters: en, de, hu)")
    if request.language not in principles.languages:
        raise InputError(f"--lang {request.language!r} is no language of the corpus (known: "
                         f"{', '.join(sorted(principles.languages))}); name it in [languages] "
                         f"first", PRINCIPLES)
    if request.kind == "edition":
        raise InputError("--kind edition: an edition is collated from its transcripts "
                         "(base, collate_with in witnesses.toml), not added from a file")
    rights = request.rights
    for option, value in (("--title", request.title), ("--author", request.author),
                          ("--date", request.date), ("--kind", request.kind),
                          ("--source-url", request.url),
                          ("--rights-statement", rights.statement if rights else None),
                          ("--rights-url", rights.url if rights else None)):
        if value is not None and (not value.strip() or any(
                unicodedata.category(c) == "Cc" for c in value)):
            raise InputError(f"{option} must be one line of text")
    for option, url in (("--source-url", request.url), ("--rights-url", rights.url if rights else None)):
        if url is not None:
            parsed = urlparse(url)
            if parsed.scheme not in ("http", "https") or not parsed.netloc:
                raise InputError(f"{option} {url!r} is not an http(s) URL")


def check_new_text(source: SourceText, witnesses: dict[str, Witness], path: Path) -> None:
    """Refuse a text some witness already has as its source (the same sha256 of the bytes
    stored), or page images one has (by sha256; the stored TEI names its copies after the siglum,
    so its own sha256 differs): the same print is one witness, and a copy would only be aligned
    with itself."""
    same = [siglum for siglum, witness in witnesses.items() if witness.sha256 == source.sha256]
    if same:
        raise InputError(f"this text is already the source of witness {same[0]!r} (the same sha256 "
                         f"{source.sha256}): a print is added once", path)
    ours = {image.sha256: image for image in source.images}
    for siglum, witness in witnesses.items():
        shared = [ours[sha256] for sha256 in witness.images.values() if sha256 in ours]
        if shared:
            raise InputError(f"its page image {shared[0].file.name} is already one of witness "
                             f"{siglum!r} (the same sha256 {shared[0].sha256}): a scan is added once",
                             path)


def choose_segmenter(text: str, name: str | None, path: Path) -> SegmenterChoice:
    """The segmenter named (checked to exist), or the one detected in the text."""
    if name:
        segmenter(name)
        return SegmenterChoice(name, "named with --segmenter")
    return SegmenterChoice(*detect_segmenter(text, path))


def check_segmentation(segmentation: Segmentation, path: Path) -> None:
    """Refuse a text that comes out as front matter only, or as a single unit."""
    body = [u for u in segmentation.units if u.kind not in (Kind.FRONT, Kind.BACK, Kind.HEADING)]
    if not body:
        raise InputError("cannot segment: the text would come out as front matter only", path)
    if len(body) < MIN_UNITS:
        raise InputError(f"cannot segment: the text would come out as a single unit ({body[0].id})",
                         path)


def catalogue_table(request: Request, source: SourceText, choice: SegmenterChoice) -> str:
    """The witnesses.toml table of the new witness, as text in the style of the others; an author
    not given is left out (the TEI then names none), not named "unknown"."""
    provenance = f"Added from {request.path.name} with `ecarte witness add`"
    if source.facsimile is not None:
        provenance += (f", the TEI of `ecarte ocr --tei`, its {source.page_images} copied to "
                       f"{request.siglum}{IMAGES}/")
    elif source.encoding is not Encoding.UTF8:
        provenance += f", converted from {source.encoding.value} to UTF-8"
    entry = {"title": request.title, "author": request.author,
             "date": request.date or "unknown", "language": request.language,
             "kind": request.kind, "provenance": provenance + ".", "url": request.url,
             "source": f"{request.siglum}{source.suffix}", "sha256": source.sha256,
             "added_after": read_versions(EDITORIAL / "revisions.toml")[-1].n,
             "segmenter": choice.name}
    lines = [f"[{request.siglum}]", *_toml_lines(entry)]
    lines[-1] += f"   # {choice.reason}"
    if source.images:
        lines += ["", f"[{request.siglum}.images]",
                  *_toml_lines({image.copy: image.sha256 for image in source.images})]
    if source.ocr is not None:
        lines += ["", f"[{request.siglum}.ocr]", *_toml_lines(asdict(source.ocr))]
    if request.rights is not None:
        rights = request.rights
        lines += ["", f"[{request.siglum}.rights]", *_toml_lines(
            {"status": rights.status.value, "statement": rights.statement, "url": rights.url,
             "note": "As stated with `ecarte witness add`."})]
    return "\n".join(lines) + "\n"


def _toml_lines(entry: dict[str, object]) -> list[str]:
    """`key = value` lines of a TOML table (a key quoted unless bare), values left out where None
    or empty."""
    return [f"{key if BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)} = "
            f"{json.dumps(value, ensure_ascii=False)}"
            for key, value in entry.items() if value not in (None, ())]


def with_table(catalogue: str, siglum: str, table: str) -> str:
    """The catalogue's text with the new table appended, checked to read back as that entry."""
    text = catalogue.rstrip("\n") + "\n\n" + table
    if not _holds(text, (siglum,), tomllib.loads(table)[siglum]):
        raise InputError("cannot append the new witness: the catalogue does not end cleanly",
                         CATALOGUE)
    return text


def with_front_marked(path: Path, siglum: str) -> str:
    """The normativity file's text with the new witness's front matter added to [units] as a title."""
    categories, _ = read_normativity(path)
    if FRONT_CATEGORY not in categories:
        raise InputError(f"no category {FRONT_CATEGORY!r} for the front matter", path)
    text = path.read_text(encoding="utf-8")
    entry = f'"{siglum}.front*" = "{FRONT_CATEGORY}"\n'
    headers = table_lines(text, "units")
    marked = (_ended_with(text, headers[0], entry) if headers
              else text.rstrip("\n") + "\n\n[units]\n" + entry)
    if not _holds(marked, ("units", f"{siglum}.front*"), FRONT_CATEGORY):
        raise InputError("cannot add the front matter to [units]", path)
    return marked


def _ended_with(text: str, header: int, entry: str) -> str:
    """A TOML text with `entry` as the last line of the table whose header is on line `header`
    (1-based), before the blank lines that close the table."""
    lines = text.splitlines(keepends=True)
    end = next((k for k in range(header, len(lines)) if lines[k].lstrip().startswith("[")),
               len(lines))
    while end > header and not lines[end - 1].strip():
        end -= 1
    lines[end - 1] = lines[end - 1].rstrip("\n") + "\n"
    return "".join(lines[:end] + [entry] + lines[end:])


def _holds(text: str, keys: tuple[str, ...], value: object) -> bool:
    """Whether a TOML text parses and holds `value` under the table path `keys`."""
    try:
        found = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    for key in keys:
        found = found.get(key) if isinstance(found, dict) else None
    return found == value


@dataclass
class Snapshot:
    """The bytes of every file an addition may change (None: absent), to put back if it fails."""

    files: dict[Path, bytes | None]

    @classmethod
    def take(cls, paths: list[Path]) -> Snapshot:
        """The files' bytes now."""
        return cls({path: path.read_bytes() if path.exists() else None for path in paths})

    def restore(self) -> None:
        """Put every file back: rewrite those that changed, remove those that were absent."""
        for path, data in self.files.items():
            if data is None:
                path.unlink(missing_ok=True)
            elif not path.exists() or path.read_bytes() != data:
                write_atomic(path, data)


def units_by_kind(units: list[Unit]) -> Counter[Kind]:
    """How many units of each kind, containers included, for the report."""
    return Counter(unit.kind for top in units for unit in top.walk())


def add_witness(request: Request) -> Added:
    """Add a witness: check and segment it, write source and catalogue, rebuild, align; refused
    or undone whole on any error."""
    from .build import build       # the build loads only when a witness is added, not whenever
                                   # the command line lists its commands

    witnesses = load_witnesses(CATALOGUE)
    check_request(request, set(witnesses), load_context(CORPUS).principles)
    source = read_source_file(request.path, request.siglum)
    check_new_text(source, witnesses, request.path)
    choice = choose_segmenter(source.text, request.segmenter, request.path)
    segmentation = segmenter(choice.name)(request.siglum, source.text, source=request.path)
    check_segmentation(segmentation, request.path)
    catalogue = with_table(CATALOGUE.read_text(encoding="utf-8"), request.siglum,
                           catalogue_table(request, source, choice))
    has_front = any(unit.kind is Kind.FRONT for unit in segmentation.units)
    normativity = with_front_marked(NORMATIVITY, request.siglum) if has_front else None
    destination = SOURCES / f"{request.siglum}{source.suffix}"
    images = [(image.file, SOURCES / image.copy) for image in source.images]
    snapshot = Snapshot.take([destination, CATALOGUE, NORMATIVITY, TEI / f"{request.siglum}.xml",
                              *sorted(TEI.glob("*.xml")), *(copy for _, copy in images)])
    try:
        for image, copy in images:
            write_atomic(copy, _read_bytes(image))
        write_atomic(destination, source.data)
        write_atomic(CATALOGUE, catalogue)
        if normativity is not None:
            write_atomic(NORMATIVITY, normativity)
        report = build()
        links = _links(request.siglum, report.corpus.alignment)
    except BaseException:
        snapshot.restore()
        if images and not any(images[0][1].parent.iterdir()):
            images[0][1].parent.rmdir()
        raise
    return Added(request.siglum, destination, source, choice, units_by_kind(segmentation.units),
                 links, report.seconds)


def _links(siglum: str, alignment: CorpusAlignment) -> dict[str, Counter[Relation]]:
    """The automatic aligner's links of the new witness with each other witness, by relation."""
    return {(b if a == siglum else a): Counter(link.relation for link in found.links)
            for (a, b), found in alignment.auto.items() if siglum in (a, b)}
