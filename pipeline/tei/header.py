"""The teiHeaders of the corpus: what a witness is, who made it, under which licence, how it was
encoded, in which languages, and in which versions.

The wording of the editorial principles is data (corpus/editorial/principles.toml), the
normativity categories too (corpus/editorial/normativity.toml), the versions
(revisions.toml), the decisions on French (foreign.toml), the marked losses (losses.toml), and
what is known of each source (corpus/sources/witnesses.toml); this module only arranges them
into TEI. Nothing here depends on the time of the build, so the same inputs give the same bytes.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from .analysis import Note, read_findings
from .. import __version__
from ..collate import tokens
from ..errors import InputError
from ..files import read_toml
from ..model import Witness
from ..normativity import read_normativity
from ..sources import Dating, Ocr, Rights, RightsStatus
from .foreign import ForeignWords, read_foreign
from .losses import Losses, read_losses
from .omissions import Omission
from .revisions import Version, read_versions, since
from .xml import TEI_NS, XML_ID, XML_LANG, el

EDITORIAL_PARTS = ("segmentation", "hyphenation", "normalization", "quotation", "correction",
                   "interpretation")
"""The parts of editorialDecl that principles.toml words, in the order they are written."""
STRICTER = (RightsStatus.FREE, RightsStatus.UNKNOWN, RightsStatus.RESTRICTED)
"""Rights statuses from the freest: a file's availability is its least free part's."""


@dataclass(frozen=True)
class Licence:
    """The licence of what the project adds to the texts."""

    name: str
    url: str
    text: str


@dataclass(frozen=True)
class Transcription:
    """The edition's transcription conventions (the values the collation applies) and their wording."""

    apostrophe: str
    no_space_before: str
    no_space_after: str
    edition: str
    sources: str
    whitespace: str

    def edition_text(self) -> str:
        return self.edition.format(apostrophe=self.apostrophe, no_space_before=" ".join(self.no_space_before),
                                   no_space_after=" ".join(self.no_space_after))


@dataclass(frozen=True)
class Apparatus:
    """What an edition's header says of its apparatus ({base}, {other}: its transcripts) and of specks."""

    edition: str
    specks: str


@dataclass(frozen=True)
class ProjectDescription:
    """The project's self-description and what its sampling leaves out."""

    project: str
    sampling: str


@dataclass(frozen=True)
class Principles:
    """The project's self-description and editorial principles (corpus/editorial/principles.toml)."""

    project: str
    team: str
    team_resp: tuple[str, ...]
    header_language: str
    corpus_title: str
    corpus_id: str
    licence: Licence
    description: ProjectDescription
    transcription: Transcription
    editorial: dict[str, str]
    apparatus: Apparatus
    languages: dict[str, str]

    @classmethod
    def load(cls, path: Path) -> "Principles":
        """Read and check the principles file; its transcription conventions must be the collation's."""
        data = read_toml(path, "editorial principles")
        tables = {"licence": Licence, "description": ProjectDescription, "transcription": Transcription,
                  "apparatus": Apparatus}
        try:
            typed = {name: kind(**data[name]) for name, kind in tables.items()}
            principles = cls(**{**data, **typed, "team_resp": tuple(data["team_resp"])})
        except (KeyError, TypeError) as error:
            raise InputError(f"editorial principles lack or misname a field: {error}", path) from None
        unknown = set(principles.editorial) - set(EDITORIAL_PARTS)
        if unknown:
            raise InputError(f"unknown [editorial] parts {sorted(unknown)} "
                             f"(known: {', '.join(EDITORIAL_PARTS)})", path)
        principles.check(path)
        return principles

    def check(self, path: Path) -> None:
        """The texts' placeholders are known, and [transcription] says what the collation does."""
        t = self.transcription
        applied = {"apostrophe": tokens.CONVENTIONS.get(ord("'")), "no_space_before": tokens.CLOSING,
                   "no_space_after": tokens.OPENING}
        for name, value in applied.items():
            if getattr(t, name) != value:
                raise InputError(f"[transcription] {name} = {getattr(t, name)!r}, but the collation "
                                 f"applies {value!r} (pipeline/collate/tokens.py)", path)
        try:
            t.edition_text()
            self.apparatus.edition.format(base="", other="")
        except (KeyError, IndexError) as error:
            raise InputError(f"unknown placeholder {error} in [transcription] or [apparatus]", path) from None


@dataclass(frozen=True)
class TeiContext:
    """Everything besides a witness and its units that its TEI file states."""

    principles: Principles
    categories: dict[str, str] = field(default_factory=dict)   # normativity reason → description
    version: str = "0"                                         # of the `ecarte` pipeline
    versions: tuple[Version, ...] = ()                         # of the corpus, oldest first
    foreign: ForeignWords | None = None
    losses: Losses | None = None
    findings: dict[str, list[Note]] = field(default_factory=dict)   # unit id → the studies' notes on it


def load_context(corpus: Path) -> TeiContext:
    """The TEI context of a corpus directory: principles, normativity categories, our version, the
    corpus's versions and the editors' decisions on French and on losses."""
    editorial = corpus / "editorial"
    principles = Principles.load(editorial / "principles.toml")
    categories, _ = read_normativity(editorial / "normativity.toml")
    return TeiContext(principles, dict(categories), __version__, read_versions(editorial / "revisions.toml"),
                      read_foreign(editorial / "foreign.toml"), read_losses(editorial / "losses.toml"),
                      read_findings(corpus / "analysis"))


def category_id(siglum: str, reason: str) -> str:
    """The xml:id of a normativity category in a witness's header (prefixed, so ids stay unique in the corpus)."""
    return f"{siglum}.nonnormative.{reason}"


def team_id(owner: str) -> str:
    """The xml:id of the team's respStmt in a file's header (pointed to by change/@who and notes)."""
    return f"{owner}.team"


def witness_header(witness: Witness, context: TeiContext, transcripts: Sequence[Witness] = (),
                   omitted: Sequence[Omission] = ()) -> etree._Element:
    """The teiHeader of a witness's file; `transcripts` are those an edition is made from,
    `omitted` the lines left out of its text. langUsage is left empty for `declare_languages`."""
    p = context.principles
    titles = [el("title", {"type": "main", XML_LANG: witness.language}, text=witness.title)]
    if witness.title_en:
        titles.append(el("title", {"type": "main", XML_LANG: p.header_language}, text=witness.title_en))
    titles.append(el("title", {"type": "sub"},
                     text=f"TEI encoding of the witness {witness.siglum} ({witness.kind})"))
    ocr = [(w.siglum, w.ocr) for w in (*transcripts, witness) if w.ocr]
    versions = since(context.versions, witness.added_after, witness.siglum)
    file_desc = el("fileDesc", {},
                   el("titleStmt", {}, *titles, _team(p, witness.siglum), *(_ocr(s, o) for s, o in ocr)),
                   *_edition(versions, witness.added_after),
                   _publication(context, [witness.rights], versions),
                   el("sourceDesc", {}, source_bibl(witness)))
    tool = f"The Écarté edition pipeline; units cut by its '{witness.segmenter}' segmenter."
    encoding = _encoding(context, tool, witness, omitted, from_ocr=bool(ocr))
    return _header(context, witness.siglum, file_desc, encoding, versions, witness.added_after)


def corpus_header(witnesses: list[Witness], context: TeiContext) -> etree._Element:
    """The teiHeader of the teiCorpus: the corpus's title, team and the list of its witnesses."""
    p = context.principles
    bibls = [source_bibl(w, corresp=f"{w.siglum}.xml#{w.siglum}") for w in witnesses]
    file_desc = el("fileDesc", {},
                   el("titleStmt", {}, el("title", {"type": "main"}, text=p.corpus_title),
                      _team(p, p.corpus_id)),
                   *_edition(context.versions),
                   _publication(context, [w.rights for w in witnesses], context.versions),
                   el("sourceDesc", {}, el("listBibl", {}, *bibls)))
    tool = "The Écarté edition pipeline, which built every file of the corpus."
    return _header(context, p.corpus_id, file_desc, _encoding(context, tool, None, (), False),
                   context.versions)


def source_bibl(witness: Witness, corresp: str | None = None) -> etree._Element:
    """A bibl describing a witness's source: title, author, imprint, date, address and retrieval,
    notes, checksums and the transcripts it is made from."""
    bibl = el("bibl", {"corresp": corresp},
              el("title", {XML_LANG: witness.language}, text=witness.title))
    for tag, value in (("author", witness.author), ("publisher", witness.publisher), ("pubPlace", witness.place)):
        if value:
            bibl.append(el(tag, text=value))
    if witness.date:
        bibl.append(_date(witness.date))
    bibl.append(el("idno", {"type": "siglum"}, text=witness.siglum))
    if witness.source:
        bibl.append(el("idno", {"type": "file"}, text=f"corpus/sources/{witness.source}"))
    if witness.url:
        bibl.append(el("idno", {"type": "URI"}, text=witness.url))
    if witness.retrieved:
        bibl.append(_date(witness.retrieved, "retrieved"))
    if witness.sha256:
        bibl.append(el("idno", {"type": "sha256"}, text=witness.sha256))
    bibl.append(el("note", {"type": "kind"}, text=witness.kind))
    notes = [("description", witness.description), ("provenance", witness.provenance),
             ("url", witness.url_note), ("date-note", witness.date and witness.date.note),
             ("retrieved", witness.retrieved and witness.retrieved.note)]
    bibl.extend(el("note", {"type": kind}, text=text) for kind, text in notes if text)
    for role, siglum in witness.named_transcripts:
        bibl.append(el("relatedItem", {"type": role.replace("_", "-"), "target": f"{siglum}.xml#{siglum}"}))
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


def describe_french(interpretation: etree._Element, foreign: ForeignWords, siglum: str) -> None:
    """State in editorialDecl/interpretation the criterion for tagging French and this text's decisions."""
    interpretation.append(el("p", text=foreign.criterion))
    for decisions, heading in zip(foreign.here(siglum), ("Tagged as French in this text:",
                                                          "Left untagged as words of the text's language:")):
        if decisions:
            items = [el("item", text=f"{' | '.join(d.forms)}: {d.reason}") for d in decisions]
            interpretation.append(el("p", {}, el("list", {}, *items), text=heading))


def _date(dating: Dating, kind: str | None = None) -> etree._Element:
    return el("date", {"type": kind, "when": dating.when, "notBefore": dating.not_before,
                       "notAfter": dating.not_after}, text=dating.text)


def _team(p: Principles, owner: str) -> etree._Element:
    return el("respStmt", {XML_ID: team_id(owner)},
              *(el("resp", text=r) for r in p.team_resp), el("name", text=p.team))


def _ocr(siglum: str, ocr: Ocr) -> etree._Element:
    """Who (which engine) transcribed a transcript, as far as known, and on what evidence."""
    engine = f"{ocr.engine} {ocr.version}" if ocr.version else ocr.engine
    modes = (f", page segmentation mode{'s' * (len(ocr.psm) > 1)} {', '.join(map(str, ocr.psm))}"
             if ocr.psm else "")
    return el("respStmt", {},
              el("resp", text=f"OCR of the print into the transcript {siglum}"),
              el("name", {"type": "software"}, text=f"{engine}, model {ocr.model}{modes}"),
              el("note", text=ocr.evidence))


def _edition(versions: Sequence[Version], added_after: str | None = None) -> list[etree._Element]:
    """The editionStmt: the last version of the corpus the file is in, and its date; for a
    witness added since the last published version, that it is in none yet."""
    if not versions:
        return [el("editionStmt", {}, el("edition", {}, text=_unpublished(added_after)))]
    last = versions[-1]
    day = last.when.isoformat()
    return [el("editionStmt", {}, el("edition", {"n": last.n}, el("date", {"when": day}, text=day),
                                     text=f"Version {last.n} of the corpus, "))]


def _publication(context: TeiContext, rights: list[Rights | None],
                 versions: Sequence[Version]) -> etree._Element:
    """Publisher, date and availability: the project's licence, then the rights in each source
    text (None where they are not recorded)."""
    p = context.principles
    known = [r for r in rights if r]
    status = max([RightsStatus.FREE] + [r.status for r in known] +
                 [RightsStatus.UNKNOWN] * (len(known) < len(rights)), key=STRICTER.index)
    licences = [el("licence", {"target": p.licence.url}, el("p", text=f"{p.licence.name}. {p.licence.text}"))]
    if len(rights) == 1:
        licences.append(_source_licence(rights[0]))
    else:
        licences.append(el("p", text="The rights in each source text are stated in its own file."))
    publication = el("publicationStmt", {}, el("publisher", text=p.project))
    if versions:
        publication.append(el("date", {"when": versions[-1].when.isoformat()},
                              text=versions[-1].when.isoformat()))
    publication.append(el("availability", {"status": status.value}, *licences))
    return publication


def _source_licence(rights: Rights | None) -> etree._Element:
    if rights is None:
        return el("p", text="The rights in the source text are not recorded.")
    text = f"The source text: {rights.statement}." + (f" {rights.note}" if rights.note else "")
    return el("licence", {"target": rights.url}, el("p", text=text))


def _encoding(context: TeiContext, tool: str, witness: Witness | None, omitted: Sequence[Omission],
              from_ocr: bool) -> etree._Element:
    """The encodingDesc: project, sampling, editorial principles, the normativity taxonomy, the tool.

    The taxonomy and the decisions on French are declared in each witness's file, not in the
    corpus's header.
    """
    p = context.principles
    sampling = el("samplingDecl", {}, el("p", text=p.description.sampling))
    if omitted:
        sampling.append(el("p", {}, el("list", {}, *(el("item", text=o.describe()) for o in omitted)),
                           text="Lines left out of this text:"))
    encoding = el("encodingDesc", {},
                  el("projectDesc", {}, el("p", text=p.description.project)), sampling,
                  _editorial(context, witness, from_ocr))
    if witness and context.categories:
        categories = [el("category", {XML_ID: category_id(witness.siglum, reason)}, el("catDesc", text=text))
                      for reason, text in context.categories.items()]
        encoding.append(el("classDecl", {},
                           el("taxonomy", {XML_ID: f"{witness.siglum}.normativity"},
                              el("desc", text="Units that state no rule of play or procedure, by reason."),
                              *categories)))
    encoding.append(el("appInfo", {}, el("application", {"ident": "ecarte", "version": context.version},
                                         el("label", text="ecarte"), el("desc", text=tool))))
    return encoding


def _editorial(context: TeiContext, witness: Witness | None, from_ocr: bool) -> etree._Element:
    """The editorialDecl: the principles' parts, the transcription conventions for this kind of
    text, the specks of an OCR'd text, and the criterion and decisions on French."""
    p = context.principles
    t = p.transcription
    attributes = {"hyphenation": {"eol": "hard"}, "normalization": {"method": "markup"},
                  "quotation": {"marks": "all"}, "correction": {"method": "markup"}}
    parts = {name: el(name, attributes.get(name, {}), el("p", text=p.editorial[name]))
             for name in EDITORIAL_PARTS if name in p.editorial}
    if "normalization" in parts:
        parts["normalization"].append(el("p", text=t.whitespace))
    if "correction" in parts and from_ocr:
        parts["correction"].append(el("p", text=p.apparatus.specks))
    if witness and context.foreign and "interpretation" in parts:
        describe_french(parts["interpretation"], context.foreign, witness.siglum)
    conventions = [t.edition_text()] if witness is None or witness.is_edition else []
    if witness is None or not witness.is_edition:
        conventions.append(t.sources)
    punctuation = el("punctuation", {"marks": "all"}, *(el("p", text=c) for c in conventions))
    return el("editorialDecl", {}, *parts.values(), punctuation)


def _header(context: TeiContext, owner: str, file_desc: etree._Element,
            encoding: etree._Element, versions: Sequence[Version],
            added_after: str | None = None) -> etree._Element:
    header = el("teiHeader", {XML_LANG: context.principles.header_language},
                file_desc, encoding, el("profileDesc", {}, el("langUsage")))
    changes = [el("change", {"when": v.when.isoformat(), "n": v.n, "who": f"#{team_id(owner)}"},
                  text=v.description) for v in reversed(versions)]
    if not changes:
        changes = [el("change", {"who": f"#{team_id(owner)}"},
                      text=_unpublished(added_after))]
    header.append(el("revisionDesc", {}, *changes))
    return header


def _unpublished(added_after: str | None) -> str:
    """What a file in no published version says of itself (dated by the version it follows, so a
    build stays the same whenever it runs)."""
    since = f" after version {added_after}" if added_after else ""
    return f"Added to the corpus{since} (ecarte witness add); in no published version yet."

