"""`ecarte site [--out DIR]`: the static parallel reader (CONTRACT.md §6)."""
from __future__ import annotations

import argparse
from pathlib import Path

NAME = "site"
HELP = "build the static reader from the TEI: witness pages, the parallel and variants views, search"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", type=Path, default=Path("site"), help="the folder to write (default: site/)")


def run(args: argparse.Namespace) -> int:
    from pipeline.site.build import build
    built = build(args.out)
    name, size = built.largest
    print(f"{built.files} files, {built.bytes / 1e6:.1f} MB in {built.out}/ in {built.seconds:.1f} s; "
          f"largest page {name} ({size / 1e3:.0f} kB)")
    return 0
