"""`ecarte modern [--all] [--json]`: the modern layer's readings in doubt, with their evidence."""
from __future__ import annotations

import json
import sys

from pipeline.corpus import modern_choices

NAME = "modern"
HELP = ("the words of the edition whose period spelling has two modern readings that are words: "
        "the evidence for each, what puts it in doubt, the editor's decision")


def configure(parser) -> None:
    parser.add_argument("--all", action="store_true", help="also the words nothing puts in doubt")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def run(args) -> int:
    found = modern_choices()
    shown = [c for c in found if args.all or c.doubtful]
    doubtful = [c for c in found if c.doubtful]
    undecided = [c for c in doubtful if not c.decision]
    summary = {"choices": len(found), "doubtful": len(doubtful),
               "decided": sum(1 for c in found if c.decision), "undecided": len(undecided)}
    if args.json:
        json.dump({"summary": summary, "choices": [c.as_json() for c in shown]}, sys.stdout,
                  ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for c in shown:
            state = "UNDECIDED" if c.doubtful and not c.decision else "decided" if c.decision else "settled"
            sys.stdout.write(f"{state:9} {c.reason()}\n")
        sys.stdout.write(f"{summary['choices']} words with two modern readings that are words, "
                         f"{summary['doubtful']} in doubt, {summary['decided']} decided, "
                         f"{summary['undecided']} undecided\n")
    return 1 if undecided else 0
