"""A witness's TEI text as HTML: the stylesheet `text.xsl` run by lxml, then each editorial
decision given its reason (the corrections file for the editors', the collation's rule for its own)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lxml import etree

from ..correct import CORRECTIONS, Correction, read_corrections
from ..errors import InputError
from ..normalize import normalizer
from ..tei.readings import CORRECTIONS as CORRECTION_POINTER, RESPONSIBLE

STYLESHEET = Path(__file__).with_name("text.xsl")
COLLATION, REPAIR = (RESPONSIBLE[key][0] for key in ("#collation", "#repair"))


@lru_cache(maxsize=1)
def _transform() -> etree.XSLT:
    return etree.XSLT(etree.parse(str(STYLESHEET)))


def witness_text(tei: Path, corrections: dict[str, Correction]) -> etree._Element:
    """The `<div class="text">` of the witness in `tei`, every decision's reason filled in."""
    try:
        html = _transform()(etree.parse(str(tei))).getroot()
    except (OSError, etree.XMLSyntaxError) as error:
        raise InputError(f"cannot read the TEI: {error}", tei) from None
    for span in html.iterfind(".//span[@class='reason']"):
        if "data-orig" in span.attrib:
            units = frozenset(a.get("id") for a in span.iterancestors() if "unit" in a.get("class", "").split())
            span.text = "Why: " + normalizer().why(span.attrib.pop("data-orig"), span.attrib.pop("data-reg"), units) + "."
        elif "data-source" in span.attrib:
            span.text = _reason(span.attrib.pop("data-source"), span.attrib.pop("data-resp", ""), corrections, tei)
    return html


def corrections_by_id(path: Path = CORRECTIONS) -> dict[str, Correction]:
    """The editors' corrections by the id the TEI points to them with (`corr:UNIT.cK`)."""
    return {entry.id: entry for entry in read_corrections(path)}


def _reason(source: str, resp: str, corrections: dict[str, Correction], tei: Path) -> str:
    """Why the edition reads as it does, from the decision's @source and @resp."""
    prefix = CORRECTION_POINTER[1] + ":"
    if source.startswith(prefix):
        entry = corrections.get(source[len(prefix):])
        if entry is None:
            raise InputError(f"{source} names no entry of {CORRECTIONS.name}: the TEI is stale, "
                             "run `ecarte build`", tei)
        return f"The editors' correction ({entry.kind.value}): {entry.reason}."
    read_by = ", ".join(ref.split(".wit.")[-1] for ref in source.split())
    by = resp.rsplit(".", 1)[-1]
    if by == COLLATION:
        return ("The collation's reading" + (f", as {read_by} read" if read_by else "")
                + " (how it chooses: “How this text is edited”, above).")
    if by == REPAIR:
        return "The reading of the post-OCR repair (pipeline/repair)."
    return ""
