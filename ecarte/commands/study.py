"""`ecarte study jeux-de-regle`: the rulebooks' advice measured with the double-dummy solver."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from tqdm import tqdm

from engine.study import jeux_de_regle
from pipeline.errors import InputError

NAME = "study"
HELP = "the jeux de règle measured: how often the elder playing without proposing takes three tricks"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic", choices=["jeux-de-regle"], help="what to measure")
    parser.add_argument("--deals", type=int, default=100_000, help="random deals (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed: the same seed gives the same figures")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: every core)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def run(args: argparse.Namespace) -> int:
    if args.deals < 1 or args.workers < 1:
        raise InputError("--deals and --workers must be at least 1")
    bar = tqdm(total=args.deals, unit="deal", disable=not sys.stderr.isatty(), file=sys.stderr)
    start = time.perf_counter()
    try:
        tallies = jeux_de_regle(args.deals, args.seed, args.workers, bar.update)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    rows = [{"category": t.category, "deals": t.deals, "made": t.made, "share": round(t.share, 4),
             "interval": [round(x, 4) for x in t.interval()]} for t in tallies]
    if args.json:
        json.dump({"study": "jeux-de-regle", "deals": args.deals, "seed": args.seed, "workers": args.workers,
                   "seconds": round(seconds, 1), "categories": rows}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(f"The elder plays without proposing; both sides play perfectly, seeing every card (an upper bound"
          f" at the table). {args.deals} random deals, seed {args.seed}, {args.workers} worker(s), {seconds:.1f} s.")
    print(f"{'elder hand':30} {'deals':>8}  three tricks or more (95% interval)")
    for row in rows:
        low, high = row["interval"]
        print(f"{row['category']:30} {row['deals']:8}  {row['share']:.1%} ({low:.1%}–{high:.1%})")
    return 0
