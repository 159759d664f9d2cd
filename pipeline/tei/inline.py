"""Marking stretches of a TEI text's reading after it is written: French wrapped in foreign, a
doubtful mark in unclear, a lost symbol's place given a gap.

A holder (p, head, item, cell) is read as its *reading text*: its text and tails, the reading of
its phrase-level children (an app's lem, a choice's orig or corr, a seg's content) and nothing of
the alternatives (rdg, sic, reg) or of what stands apart (label, list, table, note). A stretch of
that text is wrapped when both its ends lie in the holder's own text or at a child's edge; one
that lies inside a child is marked inside it; one that cuts a child in two cannot be marked.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from .xml import TEI_NS

HOLDERS = frozenset({"p", "head", "item", "cell"})
"""Elements whose mixed content holds the lines of a unit."""
APART = frozenset({"label", "list", "table", "figure", "note", "desc"})
"""Children whose text is not part of the holder's running text: no stretch crosses them."""
SEPARATOR = "\x00"
"""What a child standing apart reads as: no pattern matches across it."""
THROUGH = {"app": ("lem",), "choice": ("orig", "corr")}
"""Children read through one of their own children (the reading, not the alternatives)."""
ALTERNATIVES = frozenset({"rdg", "sic", "reg"})
Item = str | etree._Element
Make = Callable[[], tuple[etree._Element, etree._Element]]
"""Makes a wrapper: the element to insert and the one (itself or inside it) that takes the stretch."""


def alone(element: etree._Element) -> tuple[etree._Element, etree._Element]:
    """A wrapper that takes the stretch itself (foreign, unclear)."""
    return element, element


class Unmarkable(Exception):
    """A stretch cuts a child element in two (a word of an apparatus entry, say)."""


def local(node: etree._Element) -> str:
    return etree.QName(node).localname if isinstance(node.tag, str) else ""


def holders(root: etree._Element) -> list[etree._Element]:
    """Every element holding a unit's lines, in document order (a list: marking changes the tree)."""
    return list(root.iter(*(f"{{{TEI_NS}}}{name}" for name in sorted(HOLDERS))))


def reading(node: etree._Element, opaque: frozenset[str] = frozenset()) -> str:
    """The reading text of a child element; elements named in `opaque` read as a separator."""
    name = local(node)
    if name in APART or name in opaque:
        return SEPARATOR
    if name in ALTERNATIVES or name in ("lb", "pb", "gap"):
        return ""
    if name in THROUGH:
        inner = next((c for c in node if local(c) in THROUGH[name]), None)
        return reading(inner, opaque) if inner is not None else ""
    return (node.text or "") + "".join(reading(c, opaque) + (c.tail or "") for c in node)


def flat(holder: etree._Element, opaque: frozenset[str] = frozenset()) -> str:
    """The holder's reading text as one string, children standing apart as separators."""
    return "".join(reading(item, opaque) if isinstance(item, etree._Element) else item
                   for item in _items(holder))


def pattern(form: str, whole_words: bool) -> re.Pattern[str]:
    """A form as a pattern: any white space between its words, either apostrophe, any case."""
    words = ["".join("['’]" if c in "'’" else re.escape(c) for c in w) for w in form.split()]
    body = r"\s+".join(words)
    if whole_words:
        body = rf"(?<!\w){body}(?!\w)"
    return re.compile(body, re.IGNORECASE)


def wrap_all(holder: etree._Element, found: re.Pattern[str], make: Make) -> int:
    """Wrap every stretch of the holder's reading that `found` matches; the number wrapped.

    Stretches inside a child's reading are wrapped there; one that cuts a child raises Unmarkable.
    """
    count = 0
    for child in list(holder):
        for inner in _readings(child):
            count += wrap_all(inner, found, make)
    items = _items(holder)
    spans = _spans(items)
    for match in reversed(list(found.finditer(flat(holder)))):
        first, last = _item_at(spans, match.start()), _item_at(spans, match.end() - 1)
        if first == last and isinstance(items[first], etree._Element):
            continue                               # inside one child: wrapped there, above
        items = _wrapped(items, spans, match.start(), match.end(), first, last, make)
        spans = _spans(items)
        count += 1
    _restore(holder, items)
    return count


def insert_at(holder: etree._Element, offset: int, element: etree._Element) -> None:
    """Put an empty element at a point of the holder's reading, which must be in its own text."""
    items = _items(holder)
    for index, (start, end) in enumerate(_spans(items)):
        if isinstance(items[index], str) and start <= offset <= end:
            text = items[index]
            items[index:index + 1] = [text[:offset - start], element, text[offset - start:]]
            _restore(holder, items)
            return
    raise Unmarkable(offset)


def _readings(child: etree._Element) -> list[etree._Element]:
    """The elements inside a child that hold its reading (lem, orig, corr, the child itself)."""
    name = local(child)
    if name in THROUGH:
        return [c for c in child if local(c) in THROUGH[name]]
    if name in APART or name in ALTERNATIVES or name in ("lb", "pb", "gap", "foreign"):
        return []
    return [child]


def _items(holder: etree._Element) -> list[Item]:
    """The holder's content as strings and elements, in order, always beginning with a string."""
    items: list[Item] = [holder.text or ""]
    for child in holder:
        items += [child, child.tail or ""]
    return items


def _restore(holder: etree._Element, items: list[Item]) -> None:
    """Make the holder's content the items (adjacent strings joined)."""
    for child in list(holder):
        child.tail = None
        holder.remove(child)
    holder.text = None
    last: etree._Element | None = None
    for item in items:
        if isinstance(item, str):
            if last is None:
                holder.text = (holder.text or "") + item or None
            else:
                last.tail = (last.tail or "") + item or None
        else:
            item.tail = None
            holder.append(item)
            last = item


def _spans(items: list[Item]) -> list[tuple[int, int]]:
    spans, at = [], 0
    for item in items:
        size = len(reading(item) if isinstance(item, etree._Element) else item)
        spans.append((at, at + size))
        at += size
    return spans


def _item_at(spans: list[tuple[int, int]], offset: int) -> int:
    return next(i for i, (start, end) in enumerate(spans) if start <= offset < end)


def _wrapped(items: list[Item], spans: list[tuple[int, int]], start: int, end: int,
             first: int, last: int, make: Make) -> list[Item]:
    """The items with [start, end) moved into a new wrapper."""
    for index, at in ((first, start), (last, end)):
        item_start, item_end = spans[index]
        if isinstance(items[index], etree._Element) and at not in (item_start, item_end):
            raise Unmarkable(start)
    outer, inner = make()
    head, tail = items[first], items[last]
    before = head[:start - spans[first][0]] if isinstance(head, str) else ""
    after = tail[end - spans[last][0]:] if isinstance(tail, str) else ""
    if first == last:
        inside: list[Item] = [head[start - spans[first][0]:end - spans[first][0]]]
    else:
        inside = [head[start - spans[first][0]:] if isinstance(head, str) else head,
                  *items[first + 1:last],
                  tail[:end - spans[last][0]] if isinstance(tail, str) else tail]
    _restore(inner, inside)
    return items[:first] + [before, outer, after] + items[last + 1:]
