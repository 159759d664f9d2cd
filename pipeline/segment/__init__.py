"""Segmentation: cutting each witness into citable units (CONTRACT.md §2).

Segmenters are registered by name and chosen by a witness's `segmenter` entry in
corpus/sources/witnesses.toml, configured by its `[SIGLUM.segment]` table, which each reads into
its own typed `Config` (segment/config.py); adding a witness is data, not code. Each takes
(siglum, source text, config, source file) and returns a `Segmentation`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import InputError
from ..files import Fields
from .config import segment_table

if TYPE_CHECKING:
    from ..model import Witness


class Settings(Protocol):
    """A segmenter's typed Config: made with no arguments for a text without settings."""

    @classmethod
    def read(cls, table: Fields) -> Settings:
        """The settings of a [SIGLUM.segment] table; an unknown key or a bad value is an error."""


SegmentFunction = Callable[[str, str, Any, "Path | None"], "Segmentation"]


@dataclass(frozen=True)
class Segmenter:
    """A registered segmenter: how it cuts a text into units, and the Config it reads."""

    name: str
    cut: SegmentFunction
    config: type[Settings]

    def configure(self, siglum: str, table: Mapping[str, object], catalogue: Path | None = None) -> Settings:
        """The witness's [SIGLUM.segment] table read into this segmenter's Config; errors name
        the catalogue and the table's line."""
        return self.config.read(segment_table(siglum, self.name, table, catalogue))

    def __call__(self, siglum: str, text: str, config: Settings | None = None,
                 source: Path | None = None) -> Segmentation:
        """The text cut into units named with `siglum`, with `config` (by default none);
        errors about the text name `source`."""
        return self.cut(siglum, text, self.config() if config is None else config, source)


SEGMENTERS: dict[str, Segmenter] = {}


def register(name: str, config: type[Settings]) -> Callable[[SegmentFunction], SegmentFunction]:
    """Register a segmenter, with the Config it reads, under the name witnesses choose it by."""
    def decorate(function: SegmentFunction) -> SegmentFunction:
        SEGMENTERS[name] = Segmenter(name, function, config)
        return function
    return decorate


def segment_witness(witness: "Witness", text: str, sources: Path, siglum: str | None = None) -> "Segmentation":
    """Cut a witness's source text into units named with `siglum` (default its own), by the
    segmenter and configuration its catalogue entry names."""
    catalogue = sources / "witnesses.toml"
    chosen = segmenter(witness.segmenter, catalogue)
    config = chosen.configure(witness.siglum, witness.segment, catalogue)
    return chosen(siglum or witness.siglum, text, config, sources / witness.source)


def segmenter(name: str, catalogue: object = None) -> Segmenter:
    """The segmenter registered under `name`."""
    if name not in SEGMENTERS:
        known = ", ".join(sorted(SEGMENTERS))
        raise InputError(f"unknown segmenter {name!r} (known: {known})", catalogue)
    return SEGMENTERS[name]


from . import numbered_paragraphs, numbered_rules, reflowed  # noqa: E402,F401  (registration)
from .text import Segmentation  # noqa: E402
