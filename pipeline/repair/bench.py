"""Throughput of repair: words per second on the raw OCR witness, caches cold."""
from __future__ import annotations

import time
from pathlib import Path

from .. import lexicon as lexicons
from ..workbench.evaluate import words
from .repairer import Repairer, make_repairer

SOURCE = Path(__file__).resolve().parents[2] / "corpus" / "sources" / "hu-nc-ocr1.txt"


def bench(lang: str = "hu", text: str | None = None) -> float:
    """Words per second repairing `text` (default: hu-nc-ocr1) with a fresh lexicon and per-word caches."""
    text = SOURCE.read_text(encoding="utf-8") if text is None else text
    trained = make_repairer(lang)
    repairer = Repairer(lang, trained.channels, lexicon=lexicons.build(lang), marks=trained.marks)
    start = time.perf_counter()
    repairer.repair(text)
    elapsed = time.perf_counter() - start      # before counting the words, which is not repair's work
    return len(words(text)) / elapsed
