"""The teiHeaders of the corpus: what a witness is, how it was encoded, and in which languages.

The wording of the editorial principles is data (corpus/editorial/principles.toml), the
normativity categories too (corpus/editorial/normativity.toml); this module only arranges them
into TEI. Nothing here depends on the time of the build, so the same inputs give the same bytes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from .. import __version__
from ..errors import InputError
from ..files import read_toml
from ..model import TRANSCRIPT_ROLES, Witness
from ..normativity import read_normativity
from .xml import TEI_NS, XML_ID, XML_LANG, el

EDITORIAL_PARTS = ("segmentation", "hyphenation", "normalization", "correction", "interpretation")
ISO_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


@dataclass(frozen=True)
class Principles:
    """The project's self-description and editorial principles (corpus/editorial/principles.toml)."""

    project: str
    team: str
    team_resp: tuple[str, ...]
    header_language: str
    corpus_title: str
    corpus_id: str
    licence: str
    project_desc: str
    sampling: str
    editorial: dict[str, str]
    languages: dict[str, str]

    @classmethod
    def load(cls, path: Path) -> "Principles":
        """Read and check the principles file."""
        data = read_toml(path, "editorial principles")
        try:
            principles = cls(**{**data, "team_resp": tuple(data["team_resp"])})
        except (KeyError, TypeError) as error:
            raise InputError(f"editorial principles lack or misname a field: {error}", path) from None
        unknown = set(principles.editorial) - set(EDITORIAL_PARTS)
        if unknown:
            raise InputError(f"unknown [editorial] parts {sorted(unknown)} "
                             f"(known: {', '.join(EDITORIAL_PARTS)})", path)
        return principles


@dataclass(frozen=True)
class TeiContext:
    """Everything besides a witness and its units that its TEI file states."""

    principles: Principles
    categories: dict[str, str] = field(default_factory=dict)   # normativity reason → description
    version: str = "0"                                         # of the `ecarte` pipeline


def load_context(corpus: Path) -> TeiContext:
    """The TEI context of a corpus directory: its principles, normativity categories and our version."""
    principles = Principles.load(corpus / "editorial" / "principles.toml")
    categories, _ = read_normativity(corpus / "editorial" / "normativity.toml")
    return TeiContext(principles, dict(categories), __version__)


def category_id(siglum: str, reason: str) -> str:
    """The xml:id of a normativity category in a witness's header (prefixed, so ids stay unique in the corpus)."""
    return f"{siglum}.nonnormative.{reason}"


def witness_header(witness: Witness, context: TeiContext) -> etree._Element:
    """The teiHeader of a witness's file; langUsage is left empty for `declare_languages`."""
    p = context.principles
    meta = witness.meta
    titles = [el("title", {"type": "main", XML_LANG: witness.language}, text=witness.title)]
    if meta.get("title_en"):
        titles.append(el("title", {"type": "main", XML_LANG: p.header_language}, text=meta["title_en"]))
    titles.append(el("title", {"type": "sub"},
                     text=f"TEI encoding of the witness {witness.siglum} ({witness.kind})"))
    file_desc = el("fileDesc", {},
                   el("titleStmt", {}, *titles, _team(p)),
                   _publication(p),
                   el("sourceDesc", {}, source_bibl(witness)))
    tool = f"The Écarté edition pipeline; units cut by its '{witness.segmenter}' segmenter."
    return _header(p, file_desc, _encoding(context, tool, witness.siglum))


def corpus_header(witnesses: list[Witness], context: TeiContext) -> etree._Element:
    """The teiHeader of the teiCorpus: the corpus's title, team and the list of its witnesses."""
    p = context.principles
    bibls = [source_bibl(w, corresp=f"{w.siglum}.xml#{w.siglum}") for w in witnesses]
    file_desc = el("fileDesc", {},
                   el("titleStmt", {}, el("title", {"type": "main"}, text=p.corpus_title), _team(p)),
                   _publication(p),
                   el("sourceDesc", {}, el("listBibl", {}, *bibls)))
    tool = "The Écarté edition pipeline, which built every file of the corpus."
    return _header(p, file_desc, _encoding(context, tool, None))


def source_bibl(witness: Witness, corresp: str | None = None) -> etree._Element:
    """A bibl describing a witness's source: title, author, imprint, notes and checksums."""
    meta = witness.meta
    bibl = el("bibl", {"corresp": corresp},
              el("title", {XML_LANG: witness.language}, text=witness.title))
    for key, tag in (("author", "author"), ("publisher", "publisher"), ("place", "pubPlace")):
        if meta.get(key):
            bibl.append(el(tag, text=meta[key]))
    if meta.get("date"):
        bibl.append(el("date", {"when": meta["date"] if ISO_DATE.match(meta["date"]) else None},
                       text=meta["date"]))
    bibl.append(el("idno", {"type": "siglum"}, text=witness.siglum))
    if witness.source:
        bibl.append(el("idno", {"type": "file"}, text=f"corpus/sources/{witness.source}"))
    for key, kind in (("url", "URI"), ("sha256", "sha256")):
        if meta.get(key):
            bibl.append(el("idno", {"type": kind}, text=meta[key]))
    bibl.append(el("note", {"type": "kind"}, text=witness.kind))
    for key in ("description", "provenance", "date_note"):
        if meta.get(key):
            bibl.append(el("note", {"type": key.replace("_", "-")}, text=meta[key]))
    for key in TRANSCRIPT_ROLES:
        if meta.get(key):
            bibl.append(el("relatedItem", {"type": key.replace("_", "-"),
                                           "target": f"{meta[key]}.xml#{meta[key]}"}))
    return bibl


def declare_languages(root: etree._Element, extra: list[str], principles: Principles) -> None:
    """Fill the header's langUsage with every xml:lang the document uses, then `extra`, in that order."""
    used = [e.get(XML_LANG) for e in root.iter() if e.get(XML_LANG)]
    lang_usage = root.find(f"{{{TEI_NS}}}teiHeader/{{{TEI_NS}}}profileDesc/{{{TEI_NS}}}langUsage")
    for code in dict.fromkeys(used + extra):
        if code not in principles.languages:
            raise InputError(f"language {code!r} has no name in [languages] of "
                             f"corpus/editorial/principles.toml")
        lang_usage.append(el("language", {"ident": code}, text=principles.languages[code]))


def _team(p: Principles) -> etree._Element:
    return el("respStmt", {}, *(el("resp", text=r) for r in p.team_resp), el("name", text=p.team))


def _publication(p: Principles) -> etree._Element:
    return el("publicationStmt", {},
              el("publisher", text=p.project),
              el("availability", {}, el("licence", {}, el("p", text=p.licence))))


def _encoding(context: TeiContext, tool: str, siglum: str | None) -> etree._Element:
    """The encodingDesc: project, sampling, editorial principles, the normativity taxonomy, the tool.

    The taxonomy is declared in each witness's file (`siglum`), not in the corpus's header.
    """
    p = context.principles
    parts = [el(name, {"eol": "hard"} if name == "hyphenation" else {}, el("p", text=p.editorial[name]))
             for name in EDITORIAL_PARTS if name in p.editorial]
    encoding = el("encodingDesc", {},
                  el("projectDesc", {}, el("p", text=p.project_desc)),
                  el("samplingDecl", {}, el("p", text=p.sampling)),
                  el("editorialDecl", {}, *parts))
    if siglum and context.categories:
        categories = [el("category", {XML_ID: category_id(siglum, reason)}, el("catDesc", text=text))
                      for reason, text in context.categories.items()]
        encoding.append(el("classDecl", {},
                           el("taxonomy", {XML_ID: f"{siglum}.normativity"},
                              el("desc", text="Units that state no rule of play or procedure, by reason."),
                              *categories)))
    encoding.append(el("appInfo", {}, el("application", {"ident": "ecarte", "version": context.version},
                                         el("label", text="ecarte"), el("desc", text=tool))))
    return encoding


def _header(p: Principles, file_desc: etree._Element, encoding: etree._Element) -> etree._Element:
    return el("teiHeader", {XML_LANG: p.header_language},
              file_desc, encoding, el("profileDesc", {}, el("langUsage")))
