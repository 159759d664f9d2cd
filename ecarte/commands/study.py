"""`ecarte study jeux-de-regle`: the rulebooks' advice measured with the double-dummy solver."""
from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from collections import Counter
from collections.abc import Callable, Iterator

from tqdm import tqdm

from pipeline.errors import InputError
from pipeline.files import write_atomic
from pipeline.paths import ANALYSIS
from pipeline.tei.analysis import digest

if TYPE_CHECKING:
    from distributed import Client

    from engine.intervals import Tally
    from engine.study import Mapper, Task

NAME = "study"
HELP = "the jeux de règle measured: how often the elder playing without proposing takes three tricks"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("topic", choices=["jeux-de-regle"], help="what to measure")
    parser.add_argument("--deals", type=int, default=100_000, help="random deals (default 100000)")
    parser.add_argument("--seed", type=int, default=1, help="the seed: the same seed gives the same figures")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: every core)")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="count the chunks on a Dask distributed cluster (its scheduler, e.g. tcp://host:8786)")
    parser.add_argument("--plot", type=Path, metavar="DIR",
                        help="also draw the shares with their intervals: DIR/jeux-de-regle.png and .svg")
    parser.add_argument("--record", action="store_true",
                        help="keep the figures in corpus/analysis/jeux-de-regle.json: the build writes them"
                             " into the TEI beside the paragraphs they test, and `ecarte xref` shows them")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def dask_client(address: str, timeout: float = 5.0) -> Client:
    """A client of the Dask scheduler at `address`; InputError within `timeout` seconds if unreachable."""
    from distributed import Client          # imported here: `ecarte` loads every command at start
    try:
        return Client(address, timeout=f"{timeout}s")
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def dask_mapper(client: Client) -> Mapper:
    """Count a study's chunks on the cluster, as they finish, in the order of the chunks."""
    def mapper(function: Callable[[Task], Counter], chunks: list[Task]) -> Iterator[Counter]:
        futures = client.map(function, chunks, pure=False)
        for future in futures:
            yield future.result()
    return mapper


def plot(tallies: list[Tally], deals: int, seed: int, folder: Path) -> None:
    """The shares as bars with their 95% intervals, in PNG and SVG (written whole, no date inside)."""
    import matplotlib
    from engine.study import OUTSIDE
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "ecarte"          # the same figure gives the same file
    labels = [t.category.replace("en-wiki.s9.p1.", "clause ") for t in tallies]
    shares = [100 * t.share for t in tallies]
    low_high = [tuple(100 * x for x in t.interval()) for t in tallies]
    errors = [[s - lo for s, (lo, _) in zip(shares, low_high)], [hi - s for s, (_, hi) in zip(shares, low_high)]]
    figure, axes = plt.subplots(figsize=(7, 0.38 * len(tallies) + 1.2))
    axes.barh(labels, shares, xerr=errors, color=["#b0b0b0" if t.category.startswith(OUTSIDE) else "#4a7a9c"
                                                  for t in tallies],
              capsize=3)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("the elder, standing, takes three tricks or more (% of deals, 95% interval)")
    axes.set_title(f"The jeux de règle under double-dummy play ({deals} deals, seed {seed})", fontsize=10)
    figure.tight_layout()
    for suffix, extra in (("png", {}), ("svg", {"metadata": {"Date": None}})):
        buffer = io.BytesIO()
        figure.savefig(buffer, format=suffix, **extra)
        write_atomic(folder / f"jeux-de-regle.{suffix}", buffer.getvalue())
    plt.close(figure)


def run(args: argparse.Namespace) -> int:
    from engine.study import SOURCES, jeux_de_regle, record  # numba compiles on import: only when a study runs
    if args.deals < 1 or args.workers < 1:
        raise InputError("--deals and --workers must be at least 1")
    bar = tqdm(total=args.deals, unit="deal", disable=not sys.stderr.isatty(), file=sys.stderr)
    start = time.perf_counter()
    try:
        if args.dask:
            with dask_client(args.dask) as client:
                tallies = jeux_de_regle(args.deals, args.seed, progress=bar.update, mapper=dask_mapper(client))
        else:
            tallies = jeux_de_regle(args.deals, args.seed, args.workers, bar.update)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    if args.plot:
        plot(tallies, args.deals, args.seed, args.plot)
    if args.record:
        digests = {source: digest(source) for source in SOURCES}
        write_atomic(ANALYSIS / "jeux-de-regle.json",
                     json.dumps(record(tallies, args.deals, args.seed, digests), ensure_ascii=False, indent=1) + "\n")
    rows = [{"category": t.category, "deals": t.deals, "made": t.made, "share": round(t.share, 4),
             "interval": [round(x, 4) for x in t.interval()]} for t in tallies]
    if args.json:
        json.dump({"study": "jeux-de-regle", "deals": args.deals, "seed": args.seed,
                   "workers": f"dask {args.dask}" if args.dask else args.workers,
                   "seconds": round(seconds, 1), "categories": rows}, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0
    print(f"The elder plays without proposing; both sides play perfectly, seeing every card (an upper bound"
          f" at the table). {args.deals} random deals, seed {args.seed},"
          f" {f'Dask at {args.dask}' if args.dask else f'{args.workers} worker(s)'}, {seconds:.1f} s.")
    print(f"{'elder hand':30} {'deals':>8}  three tricks or more (95% interval)")
    for row in rows:
        low, high = row["interval"]
        print(f"{row['category']:30} {row['deals']:8}  {row['share']:.1%} ({low:.1%}–{high:.1%})")
    return 0
