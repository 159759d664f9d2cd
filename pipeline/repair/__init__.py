"""Post-OCR repair of Hungarian print of about 1900: a learned noisy channel, a period lexicon, word priors, the document's own evidence.

`repair_text` repairs a text line for line; `decisions` tells, word by word, what was kept or
corrected and why (for the TEI's <choice><sic><corr>); `bench` measures words per second.
"""
from __future__ import annotations

import functools

from .bench import bench
from .repairer import Repairer, WordRepair, make_repairer
from .stages import Settings

__all__ = ["Repairer", "Settings", "WordRepair", "decisions", "repair_text", "repairer", "bench"]


@functools.cache
def repairer(lang: str = "hu", ocr: str = "auto") -> Repairer:
    """The process's repairer of a language and OCR condition ("auto": chosen per document)."""
    return make_repairer(lang, ocr)


def repair_text(text: str, lang: str = "hu", ocr: str = "auto") -> str:
    """Repaired OCR text: one output line per input line, deterministic, offline."""
    return repairer(lang, ocr).repair(text)


def decisions(text: str, lang: str = "hu", ocr: str = "auto") -> list[WordRepair]:
    """What repair does with each word of the text, with its reason and score."""
    return repairer(lang, ocr).decisions(text)
