"""`ecarte study TOPIC`: the rulebooks' advice measured with the solver over random deals."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tqdm import tqdm

from pipeline.errors import InputError
from pipeline.files import write_atomic
from pipeline.paths import ANALYSIS
from pipeline.tei.analysis import digest
from engine.studies import TOPICS

from ._workers import dask_client, dask_mapper

if TYPE_CHECKING:
    from engine.studies.finding import Finding

NAME = "study"
HELP = "the rulebooks' advice measured with the solver over random deals"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic", choices=sorted(TOPICS), help="what to measure")
    parser.add_argument("--deals", type=int, help="random deals (default: the topic's)")
    parser.add_argument("--seed", type=int, default=1, help="the seed: the same seed gives the same figures")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: every core)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="count the chunks on a Dask distributed cluster (its scheduler, e.g. tcp://host:8786)")
    parser.add_argument("--plot", type=Path, metavar="DIR",
                        help="also draw the figures with their intervals: DIR/TOPIC.png and .svg")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures in corpus/analysis/TOPIC.json: the build writes them"
                             " into the TEI beside the paragraphs they test, and `ecarte xref` shows them")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def plot(name: str, title: str, findings: list[Finding], deals: int, seed: int, folder: Path) -> None:
    """The figures with their 95% intervals in DIR/TOPIC.png and .svg, each written whole."""
    from engine.studies.plot import draw
    for suffix, data in draw(name, title, findings, deals, seed).items():
        write_atomic(folder / f"{name}.{suffix}", data)


def run(args: argparse.Namespace) -> int:
    from engine.intervals import Tally
    from engine.studies import study as load  # numba compiles on import: only when a study runs
    chosen = load(args.topic)
    deals = chosen.deals if args.deals is None else args.deals
    if deals < 1 or args.workers < 1:
        raise InputError("--deals and --workers must be at least 1")
    bar = tqdm(total=deals, unit="deal", disable=not sys.stderr.isatty(), file=sys.stderr)
    start = time.perf_counter()
    try:
        if args.dask:
            with dask_client(args.dask) as client:
                findings = chosen.run(deals, args.seed, progress=bar.update, mapper=dask_mapper(client))
        else:
            findings = chosen.run(deals, args.seed, args.workers, bar.update)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    if args.plot:
        plot(chosen.name, chosen.title, findings, deals, args.seed, args.plot)
    if args.record:
        digests = {source: digest(source) for source in chosen.sources}
        write_atomic(ANALYSIS / f"{chosen.name}.json",
                     json.dumps(chosen.record(findings, deals, args.seed, digests), ensure_ascii=False, indent=1) + "\n")
    if args.json:
        rows = [{**f.as_record(), **({"share": round(f.figure.share, 4)} if isinstance(f.figure, Tally)
                                     else {"mean": round(f.figure.mean, 4)}),
                 "interval": [round(x, 4) for x in f.figure.interval()]} for f in findings]
        json.dump({"study": chosen.name, "deals": deals, "seed": args.seed,
                   "workers": f"dask {args.dask}" if args.dask else args.workers,
                   "seconds": round(seconds, 1), "findings": rows}, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(f"{chosen.title}, {chosen.name}: {chosen.method}.")
    print(f"{deals} random deals, seed {args.seed},"
          f" {f'Dask at {args.dask}' if args.dask else f'{args.workers} worker(s)'}, {seconds:.1f} s.")
    measure = None
    for finding in findings:
        if finding.measure != measure:
            measure = finding.measure
            print(f"\n{measure}:")
        print(f"  {finding.label:60} {finding.figure.text()}")
    return 0
