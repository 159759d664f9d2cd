"""`ecarte site [--out DIR]`: the static parallel reader (CONTRACT.md §6)."""
from __future__ import annotations

import argparse
from pathlib import Path

NAME = "site"
HELP = "build the static reader from the TEI: witness pages, the parallel and variants views, search"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("site"),
                        help="the folder to write (default: site/); a folder this command did not write is refused")


def run(args: argparse.Namespace) -> int:
    from pipeline.site.bench import heaviest
    from pipeline.site.build import build
    built = build(args.out)
    name, weight = heaviest(built.out)
    print(f"{len(built.files)} files, {sum(built.files.values()) / 1e6:.1f} MB in {built.out}/ in {built.seconds:.1f} s; "
          f"heaviest page {name}: {weight / 1e3:.0f} kB with what it loads")
    return 0
