"""French in the witnesses (corpus/editorial/foreign.toml): tagged `foreign xml:lang`, or left as a
naturalised word, as the editors decided; a decision that no longer matches stops the build."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from ..errors import InputError
from ..files import array_of_tables, read_toml
from . import inline
from .xml import XML_ID, XML_LANG, el


@dataclass(frozen=True)
class ForeignEntry:
    """Forms tagged as `lang` (or, with lang None, left as naturalised) in the witnesses named."""

    forms: tuple[str, ...]
    witnesses: tuple[str, ...]
    reason: str
    line: int
    lang: str | None = None


@dataclass(frozen=True)
class ForeignWords:
    """The editors' decisions on French in the texts, and the criterion they follow."""

    criterion: str
    reviewed: tuple[str, ...]
    tagged: tuple[ForeignEntry, ...]
    naturalised: tuple[ForeignEntry, ...]
    path: Path
    seen: dict[str, set[tuple[int, str]]] = field(default_factory=dict, compare=False)
    """Witness → the (entry line, form) its last `mark` found: filled as the witnesses are written."""

    def check_witnesses(self, known: set[str]) -> None:
        """Every witness named must be in the corpus."""
        for decision in self.tagged + self.naturalised:
            for siglum in decision.witnesses:
                if siglum not in known:
                    raise InputError(f"unknown witness {siglum!r} (a stale entry?)", self.path, decision.line)
        for siglum in self.reviewed:
            if siglum not in known:
                raise InputError(f"reviewed names unknown witness {siglum!r}", self.path)

    def check_forms(self) -> None:
        """Every form of an entry whose witnesses have all been marked (`mark`) occurred in one of
        them: a form the texts no longer have is stale even where the entry's other forms match."""
        found = set().union(*self.seen.values())
        for decision in self.tagged + self.naturalised:
            if not set(decision.witnesses) <= self.seen.keys():
                continue
            for form in decision.forms:
                if (decision.line, form) not in found:
                    raise InputError(f"{form!r} occurs in none of {list(decision.witnesses)} "
                                     f"(a stale form)", self.path, decision.line)

    def languages(self, sigla: list[str]) -> list[str]:
        """The languages tagged in these witnesses, in file order."""
        return list(dict.fromkeys(d.lang for d in self.tagged if set(d.witnesses) & set(sigla)))

    def here(self, siglum: str) -> tuple[list[ForeignEntry], list[ForeignEntry]]:
        """The tagged and the naturalised decisions that name the witness."""
        return ([d for d in self.tagged if siglum in d.witnesses],
                [d for d in self.naturalised if siglum in d.witnesses])

    def mark(self, text: etree._Element, siglum: str) -> None:
        """Tag the witness's French in its text; stop on a stale or an undecided form."""
        tagged, naturalised = self.here(siglum)
        seen = self.seen[siglum] = set()
        found = {d.line: 0 for d in tagged}
        forms = sorted(((form, d) for d in tagged for form in d.forms), key=lambda fd: -len(fd[0]))
        for form, decision in forms:
            wrapped = self._wrap(text, form, decision, siglum)
            found[decision.line] += wrapped
            if wrapped:
                seen.add((decision.line, form))
        for decision in tagged:
            if not found[decision.line]:
                raise InputError(f"none of {list(decision.forms)} occurs in witness {siglum!r} "
                                 f"(a stale entry)", self.path, decision.line)
        texts = [inline.flat(h, frozenset({"foreign"})) for h in inline.holders(text)]
        for decision in naturalised:
            present = {f for f in decision.forms if any(inline.pattern(f, True).search(t) for t in texts)}
            if not present:
                raise InputError(f"none of {list(decision.forms)} occurs untagged in witness "
                                 f"{siglum!r} (a stale entry)", self.path, decision.line)
            seen.update((decision.line, f) for f in present)
        if siglum in self.reviewed:
            self._require_decided(text, siglum, tagged, naturalised)

    def _wrap(self, text: etree._Element, form: str, decision: ForeignEntry, siglum: str) -> int:
        found = inline.pattern(form, whole_words=True)
        count = 0
        for holder in inline.holders(text):
            try:
                count += inline.wrap_all(holder, found,
                                         lambda: inline.alone(el("foreign", {XML_LANG: decision.lang})))
            except inline.Unmarkable:
                raise InputError(f"{form!r} in {_unit(holder)} cuts an apparatus entry or a "
                                 f"correction in two: give the form so that it does not", self.path,
                                 decision.line) from None
        return count

    def _require_decided(self, text: etree._Element, siglum: str, tagged: list[ForeignEntry],
                         naturalised: list[ForeignEntry]) -> None:
        """A form tagged elsewhere may stand untagged here only if an entry calls it naturalised."""
        settled = {f.casefold() for d in tagged + naturalised for f in d.forms}
        for decision in self.tagged:
            for form in decision.forms:
                if form.casefold() in settled:
                    continue
                found = inline.pattern(form, whole_words=True)
                for holder in inline.holders(text):
                    if found.search(inline.flat(holder, frozenset({"foreign"}))):
                        raise InputError(f"{form!r} occurs untagged in {_unit(holder)}: name "
                                         f"{siglum!r} in this entry or in a [[naturalised]] one",
                                         self.path, decision.line)


def read_foreign(path: Path) -> ForeignWords:
    """Read and check the decisions on French in the texts."""
    data = read_toml(path, "foreign words file")
    text = path.read_text(encoding="utf-8")
    unknown = set(data) - {"criterion", "reviewed", "foreign", "naturalised"}
    if unknown:
        raise InputError(f"unknown key(s) {', '.join(sorted(unknown))}", path)
    criterion, reviewed = data.get("criterion"), data.get("reviewed", [])
    if not isinstance(criterion, str) or not criterion.strip():
        raise InputError("criterion must state when French is tagged", path)
    if not isinstance(reviewed, list) or not all(isinstance(s, str) for s in reviewed):
        raise InputError("reviewed must be a list of sigla", path)
    tagged = tuple(_decision(e, line, path, True) for e, line in array_of_tables(data, text, "foreign", path))
    naturalised = tuple(_decision(e, line, path, False)
                        for e, line in array_of_tables(data, text, "naturalised", path))
    return ForeignWords(" ".join(criterion.split()), tuple(reviewed), tagged, naturalised, path)


def _decision(entry: dict, line: int, path: Path, foreign: bool) -> ForeignEntry:
    keys = {"forms", "witnesses", "reason"} | ({"lang"} if foreign else set())
    if set(entry) != keys:
        raise InputError(f"an entry needs exactly {', '.join(sorted(keys))}", path, line)
    forms, witnesses, reason = entry["forms"], entry["witnesses"], entry["reason"]
    for name, value in (("forms", forms), ("witnesses", witnesses)):
        if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
            raise InputError(f"{name} must be a non-empty list of strings", path, line)
    if not isinstance(reason, str) or not reason.strip():
        raise InputError("reason must say why", path, line)
    lang = entry.get("lang")
    if foreign and not isinstance(lang, str):
        raise InputError("lang must be a language code", path, line)
    return ForeignEntry(tuple(forms), tuple(witnesses), reason, line, lang)


def _unit(node: etree._Element) -> str:
    """The id of the unit a holder belongs to, for messages."""
    while node is not None and node.get(XML_ID) is None:
        node = node.getparent()
    return node.get(XML_ID) if node is not None else "the text"
