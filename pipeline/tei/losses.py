"""What the sources lost or blurred, marked in the TEI as the editors decided
(corpus/editorial/losses.toml): a lost symbol's place, a word standing for a symbol, a doubtful mark."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from lxml import etree

from ..errors import InputError
from ..files import array_of_tables, read_toml
from ..model import siglum_of
from . import inline
from .xml import TEI_NS, XML_ID, el

POINT = "|"
"""In `at`, where a gap goes."""
UNIT_ID = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$")
WORD_REST = re.compile(r"\w*")
"""The rest of the word a mark ends in: its note goes after the word ("♠D", then the note)."""


class Mark(str, Enum):
    """How a loss is marked."""

    GAP = "gap"              # <gap reason><desc>note</desc></gap> at the point
    UNCLEAR = "unclear"      # <unclear reason>at</unclear><note/>
    RESTORE = "restore"      # <choice><orig>at</orig><reg type="symbol">symbol</reg></choice><note/>


@dataclass(frozen=True)
class Loss:
    """One marked loss: where (unit, the text `at`), how, why, and the editors' note."""

    unit: str
    at: str
    mark: Mark
    note: str
    line: int
    reason: str | None = None
    symbol: str | None = None

    @property
    def witness(self) -> str:
        return siglum_of(self.unit)


@dataclass(frozen=True)
class Losses:
    """The editors' marks of losses, and the file they come from (for errors)."""

    entries: tuple[Loss, ...]
    path: Path

    def check_witnesses(self, known: set[str]) -> None:
        """Every entry must name a unit of a witness of the corpus."""
        for loss in self.entries:
            if loss.witness not in known:
                raise InputError(f"unit {loss.unit!r} belongs to no witness of the corpus (a stale entry)",
                                 self.path, loss.line)

    def mark(self, text: etree._Element, siglum: str, resp: str) -> None:
        """Mark the witness's losses in its text; `resp` points to the editors for the notes."""
        for loss in (e for e in self.entries if e.witness == siglum):
            holder = _holder(text, loss, self.path)
            shown = loss.at.replace(POINT, "")
            found = list(_pattern(loss).finditer(inline.flat(holder)))
            if len(found) != 1:
                raise InputError(f"{shown!r} occurs {len(found)} times in {loss.unit}, not once "
                                 f"(a stale entry?)", self.path, loss.line)
            try:
                if loss.mark is Mark.GAP:
                    inline.insert_at(holder, found[0].start("after"),
                                     el("gap", {"reason": loss.reason}, el("desc", text=loss.note)))
                else:
                    inline.wrap_all(holder, _pattern(loss), lambda: _wrapper(loss))
                    word_end = WORD_REST.match(inline.flat(holder), found[0].end()).end()
                    inline.insert_at(holder, word_end, el("note", {"type": "editorial", "resp": resp},
                                                          text=loss.note))
            except inline.Unmarkable:
                raise InputError(f"{shown!r} in {loss.unit} cuts an apparatus entry or a correction in two",
                                 self.path, loss.line) from None


def read_losses(path: Path) -> Losses:
    """Read and check the marked losses."""
    data = read_toml(path, "losses file")
    unknown = set(data) - {"loss"}
    if unknown:
        raise InputError(f"unknown key(s) {', '.join(sorted(unknown))}", path)
    entries = array_of_tables(data, path.read_text(encoding="utf-8"), "loss", path)
    return Losses(tuple(_loss(entry, line, path) for entry, line in entries), path)


def _loss(entry: dict, line: int, path: Path) -> Loss:
    try:
        mark = Mark(entry.get("mark"))
    except ValueError:
        raise InputError(f"mark must be one of {', '.join(m.value for m in Mark)}", path, line) from None
    needed = {"unit", "at", "mark", "note"} | ({"symbol"} if mark is Mark.RESTORE else {"reason"})
    if set(entry) != needed:
        raise InputError(f"a {mark.value} entry needs exactly {', '.join(sorted(needed))}", path, line)
    if not all(isinstance(entry[k], str) and entry[k].strip() for k in needed):
        raise InputError(f"{', '.join(sorted(needed))} must be non-empty strings", path, line)
    if not UNIT_ID.match(entry["unit"]):
        raise InputError(f"unit {entry['unit']!r} is not a unit id (SIGLUM.PATH)", path, line)
    if (entry["at"].count(POINT) == 1) != (mark is Mark.GAP):
        raise InputError(f"at must hold one {POINT!r} for a gap, and none otherwise", path, line)
    return Loss(entry["unit"], entry["at"], mark, " ".join(entry["note"].split()), line,
                entry.get("reason"), entry.get("symbol"))


def _holder(text: etree._Element, loss: Loss, path: Path) -> etree._Element:
    """The element holding the unit's own lines: the unit's, its div's unnumbered p, or in
    either its lead-in's seg."""
    found = text.xpath(".//*[@xml:id=$id]", id=loss.unit)
    if not found:
        raise InputError(f"no unit {loss.unit!r} in its witness (a stale entry)", path, loss.line)
    element = found[0]
    holder = element if inline.local(element) in inline.HOLDERS else next(
        (child for child in element if inline.local(child) in inline.HOLDERS and child.get(XML_ID) is None), None)
    if holder is None:
        raise InputError(f"unit {loss.unit!r} has no lines of its own to mark", path, loss.line)
    lead_in = holder.find(f"{{{TEI_NS}}}seg[@type='lead-in']")
    return holder if lead_in is None else lead_in


def _wrapper(loss: Loss) -> tuple[etree._Element, etree._Element]:
    if loss.mark is Mark.UNCLEAR:
        return inline.alone(el("unclear", {"reason": loss.reason}))
    orig = el("orig")
    return el("choice", {}, orig, el("reg", {"type": "symbol"}, text=loss.symbol)), orig


def _pattern(loss: Loss) -> re.Pattern[str]:
    """The entry's `at` as a pattern; for a gap, the group `after` begins where the gap goes
    (past the white space at the point, so the gap stands before the next word)."""
    if loss.mark is not Mark.GAP:
        return inline.pattern(loss.at, whole_words=False)
    before, after = (inline.pattern(part, whole_words=False).pattern if part.strip() else ""
                     for part in loss.at.split(POINT))
    return re.compile(rf"{before}\s*(?P<after>){after}", re.IGNORECASE)
