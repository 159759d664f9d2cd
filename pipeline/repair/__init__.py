"""Post-OCR repair of Hungarian print of about 1900: a learned noisy channel, a period lexicon, word priors, the document's own evidence.

`repair_text` repairs a text line for line; `decisions` tells, word by word, what was kept or
corrected and why (for the TEI's <choice><sic><corr>); `bench` measures words per second.
"""
from __future__ import annotations

import functools

from .bench import bench
from .repairer import Decision, Repairer, make_repairer
from .stages import Settings

__all__ = ["Decision", "Repairer", "Settings", "decisions", "repair_text", "repairer", "bench"]


@functools.cache
def repairer(lang: str = "hu", ocr: str = "auto") -> Repairer:
    """The process's repairer of a language and OCR condition ("auto": chosen per document)."""
    return make_repairer(lang, ocr)


def repair_text(text: str, lang: str = "hu", ocr: str = "auto") -> str:
    """Repaired OCR text: one output line per input line, deterministic, offline."""
    return repairer(lang, ocr).repair(text)


def decisions(text: str, lang: str = "hu", ocr: str = "auto") -> list[Decision]:
    """What repair does with each word of the text, with its reason and score."""
    return repairer(lang, ocr).decisions(text)
