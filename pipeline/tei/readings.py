"""The TEI of an edited line's Readings (pipeline/collate, pipeline/normalize), kept apart as DTABf does.

- the witnesses' readings where they differ: `<app><lem wit resp source>…</lem><rdg wit>…</rdg></app>`
  (parallel segmentation; lem/@wit names the transcripts that read the edition's text, each rdg
  a reading that differs from it; @wit points to the transcript's declaration in the header's
  listWit, which points to the transcript's own TEI file);
- a misprint of the print: `<choice><sic>…</sic><corr resp source>…</corr></choice>`;
- the modern spelling: `<choice><orig>…</orig><reg>…</reg></choice>`.

@resp points to the edition header's declaration of who decided (collation, repair, editor),
@source to the transcript the reading was taken from, or to the corrections entry through the
`corr:` prefix (corpus/editorial/corrections.toml).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from lxml import etree

from ..model import Line, Reading, without_soft_hyphen
from .xml import TEI_NS, XML_ID, el, witness_id

RESPONSIBLE = {
    "#collation": ("collation", "the collation of the transcripts (pipeline/collate)"),
    "#repair": ("repair", "the post-OCR repair stage (pipeline/repair)"),
    "#editor": ("editor", "editorial corrections (corpus/editorial/corrections.toml)"),
}
"""Who may be responsible for a Reading: the id suffix and description of each in the header."""
CORRECTIONS = ("corrections.toml#", "corr")
"""How a Reading names a corrections entry, and the TEI pointer prefix that stands for the file."""
CORRECTIONS_PATH = "../editorial/corrections.toml#$1"


@dataclass(frozen=True)
class Pointers:
    """The TEI pointers of an edition's file (`siglum`) for a Reading's witnesses, resp and source."""

    siglum: str

    def wit(self, siglum: str) -> str:
        """A transcript as the edition's header declares it (listWit)."""
        return f"#{witness_id(self.siglum, siglum)}"

    def resp(self, resp: str | None) -> str | None:
        return f"#{self.siglum}.{RESPONSIBLE[resp][0]}" if resp else None

    def source(self, source: str | None) -> str | None:
        if not source:
            return None
        file, prefix = CORRECTIONS
        return " ".join(f"{prefix}:{s[len(file):]}" if s.startswith(file) else self.wit(s.lstrip("#"))
                        for s in source.split())


def line_nodes(line: Line, pointers: Pointers) -> list[str | etree._Element]:
    """The line's reading text as text and elements (a soft line-end hyphen dropped)."""
    spans = list(line.spans)
    if spans:
        last = spans[-1]
        spans[-1] = (without_soft_hyphen(last, line.hyphen) if isinstance(last, str)
                     else replace(last, text=without_soft_hyphen(last.text, line.hyphen)))
    return [span if isinstance(span, str) else reading_element(span, pointers) for span in spans]


def reading_element(reading: Reading, pointers: Pointers) -> etree._Element:
    """The TEI of one Reading: app around choice(sic/corr) around choice(orig/reg), as it has them."""
    decided = {"resp": pointers.resp(reading.resp), "source": pointers.source(reading.source)}
    core: str | etree._Element = reading.text
    if reading.reg is not None:
        core = el("choice", {}, el("orig", text=reading.text), el("reg", text=reading.reg))
    if reading.sic is not None:
        core = el("choice", {}, el("sic", text=reading.sic), _holding("corr", decided, core))
        decided = {}
    if not reading.rdgs:
        return core if isinstance(core, etree._Element) else _holding("seg", decided, core)
    witnesses: dict[str, list[str]] = {}
    for siglum, text in reading.rdgs:
        witnesses.setdefault(text, []).append(pointers.wit(siglum))
    agreeing = witnesses.pop(reading.text, None)
    if not witnesses:
        return core if isinstance(core, etree._Element) else _holding("seg", decided, core)
    rdgs = [el("rdg", {"wit": " ".join(wits)}, text=text or None) for text, wits in witnesses.items()]
    lem = {"wit": " ".join(agreeing) if agreeing else None, **decided}
    return el("app", {}, _holding("lem", lem, core), *rdgs)


def _holding(tag: str, attrs: dict, content: str | etree._Element) -> etree._Element:
    if isinstance(content, str):
        return el(tag, attrs, text=content or None)
    return el(tag, attrs, content)


def declare(header: etree._Element, siglum: str, team: str, version: str,
            transcripts: list[tuple[str, str]], apparatus: str, used: set[str]) -> None:
    """Declare in an edited witness's teiHeader what its Readings point to.

    The transcripts (siglum, title) in the sourceDesc's listWit, the editor (a respStmt of the
    titleStmt), the `corr:` prefix of the corrections entries, the variant encoding with
    `apparatus`, the description of how it was made, and, of the collation and repair
    (applications of appInfo), those that some @resp of the text (`used`) points to.
    """
    header.find(f"{{{TEI_NS}}}fileDesc/{{{TEI_NS}}}sourceDesc").append(el("listWit", {}, *(
        el("witness", {XML_ID: witness_id(siglum, t), "corresp": f"{t}.xml#{t}"}, text=title)
        for t, title in transcripts)))
    title_stmt = header.find(f"{{{TEI_NS}}}fileDesc/{{{TEI_NS}}}titleStmt")
    title_stmt.append(el("respStmt", {XML_ID: f"{siglum}.editor"},
                         el("resp", text=RESPONSIBLE["#editor"][1]), el("name", text=team)))
    encoding = header.find(f"{{{TEI_NS}}}encodingDesc")
    app_info = encoding.find(f"{{{TEI_NS}}}appInfo")
    app_info.addprevious(el("listPrefixDef", {}, el("prefixDef", {
        "ident": CORRECTIONS[1], "matchPattern": "(.+)", "replacementPattern": CORRECTIONS_PATH})))
    app_info.addprevious(el("variantEncoding", {"method": "parallel-segmentation", "location": "internal"}))
    app_info.addprevious(el("p", text=apparatus))
    app_info.extend(el("application", {XML_ID: f"{siglum}.{name}", "ident": f"ecarte-{name}", "version": version},
                       el("label", text=name), el("desc", text=desc))
                    for key, (name, desc) in RESPONSIBLE.items()
                    if key != "#editor" and Pointers(siglum).resp(key) in used)
