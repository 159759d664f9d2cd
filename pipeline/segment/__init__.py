"""Segmentation: cutting each witness into citable units (CONTRACT.md §2).

Segmenters are registered by name and chosen by a witness's `segmenter` entry in
corpus/sources/witnesses.toml, configured by its `[SIGLUM.segment]` table; adding a witness is
data, not code. Each takes (siglum, source text, config) and returns a `Segmentation`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..errors import InputError

if TYPE_CHECKING:
    from ..model import Witness

Segmenter = Callable[[str, str, dict], "Segmentation"]
SEGMENTERS: dict[str, Segmenter] = {}


def register(name: str) -> Callable[[Segmenter], Segmenter]:
    """Register a segmenter under the name witnesses use to choose it."""
    def decorate(function: Segmenter) -> Segmenter:
        SEGMENTERS[name] = function
        return function
    return decorate


def segment_witness(witness: "Witness", text: str, sources: Path, siglum: str | None = None) -> "Segmentation":
    """Cut a witness's source text into units named with `siglum` (default its own), by the
    segmenter and configuration its catalogue entry names."""
    config = dict(witness.meta.get("segment", {}), path=sources / witness.source)
    return segmenter(witness.segmenter, sources / "witnesses.toml")(siglum or witness.siglum, text, config)


def segmenter(name: str, catalogue: object = None) -> Segmenter:
    """The segmenter registered under `name`."""
    if name not in SEGMENTERS:
        known = ", ".join(sorted(SEGMENTERS))
        raise InputError(f"unknown segmenter {name!r} (known: {known})", catalogue)
    return SEGMENTERS[name]


from . import numbered_paragraphs, numbered_rules, reflowed  # noqa: E402,F401  (registration)
from .text import Segmentation  # noqa: E402
