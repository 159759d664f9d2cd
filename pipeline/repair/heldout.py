"""How much repair removes of the OCR errors in the held-out synthetic pairs, per OCR condition."""
from __future__ import annotations

from pathlib import Path

from ..workbench.evaluate import score
from .repairer import make_repairer
from . import training
from .training import conditions, read_pairs


def evaluate(lang: str = "hu", root: Path | None = None) -> dict[str, dict]:
    """CER of each held-out file before and after repair (channel chosen per text, as in use)."""
    root = root or training.TRAINING
    repairer = make_repairer(lang, root=root)
    report = {}
    for condition in conditions("heldout", root):
        pairs = read_pairs(root / "heldout" / f"{condition}.tsv")
        noisy = "\n".join(n for n, _ in pairs)
        clean = "\n".join(c for _, c in pairs)
        before, after = score(clean, noisy), score(clean, repairer.repair(noisy))
        report[condition] = {
            "channel": repairer.condition(noisy), "chars": before.chars, "lines": len(pairs),
            "cer_before": before.cer, "cer_after": after.cer, "wer_before": before.wer, "wer_after": after.wer,
            "errors_removed": 1 - after.char_distance / before.char_distance if before.char_distance else 0.0,
        }
    return report
