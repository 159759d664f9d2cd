"""`ecarte align A B [--json]`, `ecarte align --evaluate [GOLD…]`: the automatic aligner alone,
and its scores (and the final alignment's) against a hand-checked gold."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from pipeline.errors import InputError
from pipeline.paths import GOLD as GOLD_FOLDER

NAME = "align"
HELP = "the automatic aligner alone between two witnesses or text files; --evaluate scores it"
GOLD = GOLD_FOLDER / "alignment.toml"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", nargs="?", help="a witness siglum (hu-nc) or a text file, one unit per paragraph")
    parser.add_argument("b", metavar="B", nargs="?", help="the same for the other side")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--evaluate", metavar="GOLD", nargs="*", type=Path,
                        help=f"P/R/F1 of the automatic alignment (with each kind of evidence left out and "
                             f"alone) and of the final one against gold files (default {GOLD.relative_to(GOLD.parents[2])})")
    parser.add_argument("--no-ablation", action="store_true", help="with --evaluate: all evidence and final only")
    parser.add_argument("--tune", metavar="GOLD", nargs="*", type=Path,
                        help="search the aligner's settings against golds (default the corpus gold; each "
                             "weighs the same); prints the best, their mean F1, and the F1 of settings "
                             "tuned on half of each gold's units on the other half")
    parser.add_argument("--tries", type=int, default=300, help="with --tune: settings tried (default 300)")


def run(args: argparse.Namespace) -> int:
    from pipeline import corpus

    if args.tune is not None:
        from pipeline.workbench.alignment_tuning import tune

        tuned = tune(args.tune or [GOLD], args.tries)
        print(f"default settings: F1 {tuned.default_f1:.3f}")
        print(f"best of {args.tries} tried: F1 {tuned.f1:.3f}; tuned on one half of the units, "
              f"F1 on the other: {tuned.held_out[0]:.3f}, {tuned.held_out[1]:.3f}")
        print(tuned.settings)
        return 0
    if args.evaluate is not None:
        from pipeline.workbench.alignment_report import evaluate

        reports = evaluate(args.evaluate or [GOLD], ablations=not args.no_ablation)
        if args.json:
            print(json.dumps({"golds": [r.as_json() for r in reports]}, ensure_ascii=False, indent=1))
        else:
            print("\n".join(r.to_text() for r in reports), end="")
        return 0
    if not (args.a and args.b):
        raise InputError("give two witnesses or files (A B), or --evaluate")
    alignment = corpus.align_names(args.a, args.b)
    if args.json:
        print(json.dumps(alignment.to_json(), ensure_ascii=False, indent=1))
    else:
        print(alignment.to_text(), end="")
    return 0
