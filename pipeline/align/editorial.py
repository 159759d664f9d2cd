"""The editorial alignment (corpus/editorial/alignment.toml): the links an editor confirms,
corrects, adds or rejects, and the units an editor found without a parallel, each with a reason.

For every (unit, witness) pair an editor reviewed — one with a `[[link]]` or a `[[none]]` entry —
the editor's links replace the automatic ones; a `[[reject]]` entry removes one automatic link
anywhere. Whether a link confirms, corrects or adds to the aligner's is not written down but
measured (`Review`), so a better aligner never makes the file stale; a unit that no longer
exists does, and stops the build naming the file and the entry's line.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ..errors import InputError
from ..files import array_of_tables, read_toml
from ..model import Link, Origin, Relation, siglum_of



class EntryKind(str, Enum):
    """The kinds of entry of the file, each written as an array of tables (`[[link]]`)."""

    LINK = "link"        # an editor's link between two units
    NONE = "none"        # a unit without a parallel in a witness
    REJECT = "reject"    # an automatic link removed


FIELDS = {EntryKind.LINK: {"source", "target", "relation", "reason", "note", "point"},
          EntryKind.NONE: {"unit", "witness", "reason"},
          EntryKind.REJECT: {"source", "target", "reason"}}
REQUIRED = {EntryKind.LINK: ("source", "target", "relation", "reason"),
            EntryKind.NONE: ("unit", "witness", "reason"),
            EntryKind.REJECT: ("source", "target", "reason")}


@dataclass(frozen=True)
class NoParallel:
    """An editor's finding that a unit has no parallel in a witness, and why."""

    unit: str
    witness: str
    reason: str


@dataclass(frozen=True)
class EditorialAlignment:
    """The entries of the editorial alignment file, with the line each starts on."""

    links: tuple[Link, ...]
    none: tuple[NoParallel, ...]
    rejected: tuple[tuple[str, str], ...]
    lines: Mapping[tuple[EntryKind, str, str], int]  # (kind, id, other) → line, for errors
    path: Path | None = None

    def locate(self, link: Link) -> tuple[Path | None, int | None]:
        """The file and line of an editor's link (None, None for one the aligner made)."""
        line = self.lines.get((EntryKind.LINK, link.source, link.target))
        return (self.path, line) if line else (None, None)

    @property
    def reviewed(self) -> frozenset[tuple[str, str]]:
        """(unit, witness) pairs whose links the editor settled."""
        return frozenset({(l.source, siglum_of(l.target)) for l in self.links}
                         | {(n.unit, n.witness) for n in self.none})


EMPTY = EditorialAlignment((), (), (), {})


def read_editorial(path: Path) -> EditorialAlignment:
    """The editorial alignment file (none: no entries); a malformed entry names its line."""
    if not path.exists():
        return EMPTY
    data = read_toml(path, "editorial alignment")
    text = path.read_text(encoding="utf-8")
    unknown = set(data) - {kind.value for kind in EntryKind}
    if unknown:
        raise InputError(f"unknown tables {sorted(unknown)} "
                         f"(known: {', '.join(kind.value for kind in EntryKind)})", path)
    links, none, rejected, lines = [], [], [], {}
    for kind in EntryKind:
        for entry, line in array_of_tables(data, text, kind.value, path):
            _check(entry, kind, path, line)
            if kind is EntryKind.LINK:
                links.append(_link(entry, path, line))
                lines[kind, entry["source"], entry["target"]] = line
            elif kind is EntryKind.NONE:
                none.append(NoParallel(entry["unit"], entry["witness"], entry["reason"]))
                lines[kind, entry["unit"], entry["witness"]] = line
            else:
                rejected.append((entry["source"], entry["target"]))
                lines[kind, entry["source"], entry["target"]] = line
    _no_contradictions(links, none, path, lines)
    return EditorialAlignment(tuple(links), tuple(none), tuple(rejected), lines, path)


def _check(entry: dict, kind: EntryKind, path: Path, line: int) -> None:
    extra = set(entry) - FIELDS[kind]
    if extra:
        raise InputError(f"[[{kind.value}]] has unknown fields {sorted(extra)} "
                         f"(fields: {', '.join(sorted(FIELDS[kind]))})", path, line)
    for name in REQUIRED[kind]:
        if not isinstance(entry.get(name), str) or not entry[name].strip():
            raise InputError(f"[[{kind.value}]] lacks {name} (a non-empty string)", path, line)
    for name in set(entry) - set(REQUIRED[kind]):
        if not isinstance(entry[name], str):
            raise InputError(f"[[{kind.value}]]: {name} must be a string", path, line)


def _link(entry: dict, path: Path, line: int) -> Link:
    try:
        relation = Relation(entry["relation"])
    except ValueError:
        raise InputError(f"relation {entry['relation']!r} is none of "
                         f"{', '.join(r.value for r in Relation)}", path, line) from None
    if relation is not Relation.EQUIVALENT and not entry.get("note"):
        raise InputError(f"a {relation.value} link needs a note saying what differs", path, line)
    if relation is Relation.VARIANT and not entry.get("point"):
        raise InputError("a variant link names its variant point (point = …)", path, line)
    if entry.get("point") and relation is not Relation.VARIANT:
        raise InputError("only a variant link names a variant point", path, line)
    return Link(entry["source"], entry["target"], relation, 1.0, Origin.EDITOR,
                entry["reason"], entry.get("note"), entry.get("point"))


def _no_contradictions(links: list[Link], none: list[NoParallel], path: Path,
                       lines: Mapping[tuple[EntryKind, str, str], int]) -> None:
    """No pair entered twice (in either direction), no unit both linked and without a parallel
    in a witness or said twice to have none, no pair both linked and rejected."""
    seen: set[frozenset[str]] = set()
    for link in links:
        pair = frozenset((link.source, link.target))
        if pair in seen:
            raise InputError(f"{link.source} ⇄ {link.target} is entered twice", path,
                             lines[EntryKind.LINK, link.source, link.target])
        seen.add(pair)
    linked = {(l.source, siglum_of(l.target)) for l in links} | {(l.target, siglum_of(l.source)) for l in links}
    said: set[tuple[str, str]] = set()
    for entry in none:
        key = (entry.unit, entry.witness)
        if key in linked or key in said:
            raise InputError(f"{entry.unit} is {'both linked to' if key in linked else 'twice said to have no parallel in'} "
                             f"{entry.witness}{' and said to have no parallel there' if key in linked else ''}",
                             path, lines[EntryKind.NONE, entry.unit, entry.witness])
        said.add(key)
    for kind, source, target in lines:
        if kind is EntryKind.REJECT and frozenset((source, target)) in seen:
            raise InputError(f"{source} ⇄ {target} is both linked and rejected", path,
                             lines[kind, source, target])


def check_units(editorial: EditorialAlignment, units: Mapping[str, bool], witnesses: Iterable[str],
                headings: Collection[str] = frozenset()) -> None:
    """Every unit an entry names exists and has text of its own (`units`: id → `Unit.speaks`: a
    leaf with text, or a container with a lead-in) of an aligned
    witness (`witnesses`), a link joins two witnesses, and a heading only with a heading (`headings`):
    a stale or wrong entry stops the build, naming the file and its line."""
    known = set(witnesses)

    def check(unit: str, key: tuple[EntryKind, str, str]) -> None:
        table = f"[[{key[0].value}]]"
        if unit not in units:
            raise InputError(f"{table} names unit {unit!r}, which does not exist (stale entry)",
                             editorial.path, editorial.lines[key])
        if not units[unit]:
            raise InputError(f"{table} names {unit!r}, which has no text of its own (a container "
                             f"without a lead-in): link its parts",
                             editorial.path, editorial.lines[key])
        if siglum_of(unit) not in known:
            raise InputError(f"{table} names {unit!r}, of a witness that is not aligned "
                             f"(aligned: {', '.join(sorted(known))})", editorial.path, editorial.lines[key])

    for link in editorial.links:
        key = (EntryKind.LINK, link.source, link.target)
        check(link.source, key)
        check(link.target, key)
        if siglum_of(link.source) == siglum_of(link.target):
            raise InputError(f"{link.source} ⇄ {link.target} joins a witness to itself",
                             editorial.path, editorial.lines[key])
        if (link.source in headings) != (link.target in headings):
            raise InputError(f"{link.source} ⇄ {link.target} links a heading with a unit that is not one",
                             editorial.path, editorial.lines[key])
    for entry in editorial.none:
        key = (EntryKind.NONE, entry.unit, entry.witness)
        check(entry.unit, key)
        if entry.witness not in known:
            raise InputError(f"[[none]] names unknown witness {entry.witness!r}", editorial.path,
                             editorial.lines[key])
    for source, target in editorial.rejected:
        key = (EntryKind.REJECT, source, target)
        check(source, key)
        check(target, key)


class Review(str, Enum):
    """What an editor's entry did to the automatic alignment."""

    CONFIRMED = "confirmed"    # the aligner made the same link with the same relation
    CORRECTED = "corrected"    # the aligner made the link with another relation
    ADDED = "added"            # the aligner did not make the link
    REJECTED = "rejected"      # the aligner's link, removed by the editor


def merge(auto: Iterable[Link], editorial: EditorialAlignment) -> tuple[list[Link], dict[tuple[str, str], Review]]:
    """The final links: the automatic ones outside what the editor reviewed and did not reject,
    then the editor's; with what each editorial decision did to the automatic alignment."""
    auto = list(auto)
    reviewed, rejected = editorial.reviewed, set(editorial.rejected)
    by_pair = {(l.source, l.target): l for l in auto}
    by_pair.update({(l.target, l.source): l for l in auto})
    review: dict[tuple[str, str], Review] = {}
    for link in editorial.links:
        made = by_pair.get((link.source, link.target))
        review[link.source, link.target] = (Review.ADDED if made is None else Review.CONFIRMED
                                            if made.relation is link.relation else Review.CORRECTED)
    kept = []
    for link in auto:
        settled = ((link.source, siglum_of(link.target)) in reviewed
                   or (link.target, siglum_of(link.source)) in reviewed)
        if (link.source, link.target) in rejected or (link.target, link.source) in rejected:
            review[link.source, link.target] = Review.REJECTED
        elif settled:
            if (link.source, link.target) not in review and (link.target, link.source) not in review:
                review[link.source, link.target] = Review.REJECTED
        else:
            kept.append(link)
    for source, target in editorial.rejected:
        if (source, target) not in by_pair:
            raise InputError(f"[[reject]] {source} ⇄ {target}: the aligner no longer makes this link "
                             f"(stale entry)", editorial.path,
                             editorial.lines[EntryKind.REJECT, source, target])
    return kept + list(editorial.links), review
