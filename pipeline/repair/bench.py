"""Throughput of repair: words per second on the raw OCR witness, caches cold."""
from __future__ import annotations

import time

from .. import lexicon as lexicons
from ..errors import InputError
from ..files import decode_utf8
from ..paths import SOURCES
from ..workbench.evaluate import words
from .repairer import Repairer, make_repairer

SOURCE = SOURCES / "hu-nc-ocr1.txt"


def bench(lang: str = "hu", text: str | None = None) -> float:
    """Words per second repairing `text` (default: hu-nc-ocr1) with a fresh lexicon and per-word caches."""
    text = _source() if text is None else text
    trained = make_repairer(lang)
    repairer = Repairer(lang, trained.channels, lexicon=lexicons.build(lang), marks=trained.marks)
    start = time.perf_counter()
    repairer.repair(text)
    elapsed = time.perf_counter() - start      # before counting the words, which is not repair's work
    return len(words(text)) / elapsed


def _source() -> str:
    """The raw OCR witness, or an InputError naming it."""
    try:
        return decode_utf8(SOURCE.read_bytes(), SOURCE)
    except OSError as error:
        raise InputError(f"cannot read the text to repair: {error.strerror}", SOURCE) from None
