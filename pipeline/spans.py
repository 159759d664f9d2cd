"""An edited line as spans: plain text and Readings whose texts, joined, are the line's text."""
from __future__ import annotations

from dataclasses import replace

from .model import Line, Reading, Unit

Span = str | Reading


def span_text(span: Span) -> str:
    """The edition's text of a span."""
    return span if isinstance(span, str) else span.text


def line_from_spans(line: Line, spans: tuple[Span, ...]) -> Line:
    """The line with these spans (adjacent plain texts merged) and the text they make.

    The line keeps its line-end hyphen where its text still ends in one.
    """
    merged: list[Span] = []
    for span in spans:
        if isinstance(span, str) and merged and isinstance(merged[-1], str):
            merged[-1] += span
        elif span != "":
            merged.append(span)
    text = "".join(span_text(s) for s in merged)
    return replace(line, text=text, spans=tuple(merged),
                   hyphen=line.hyphen if text.endswith("-") else None)


def settle(unit: Unit) -> None:
    """Write agreeing tokens as plain text: only variant places, corrections and regs stay Readings."""
    for leaf in unit.walk():
        leaf.lines = [line_from_spans(line, tuple(
            span.text if isinstance(span, Reading) and not (span.resp or span.sic or span.reg)
            else span for span in line.spans)) for line in leaf.lines]


def diplomatic(line: Line) -> str:
    """The line as the print reads it: a misprint's <sic> in place of its correction."""
    if not line.spans:
        return line.text
    return "".join(s.sic if isinstance(s, Reading) and s.sic is not None else span_text(s)
                   for s in line.spans)
