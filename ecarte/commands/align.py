"""`ecarte align A B [--json]`: the automatic aligner alone between two witnesses or text files."""
from __future__ import annotations

import argparse
import json

NAME = "align"
HELP = "the automatic aligner alone (no editorial overrides) between two witnesses or text files"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help="a witness siglum (hu-nc) or a text file, one unit per paragraph")
    parser.add_argument("b", metavar="B", help="the same for the other side")
    parser.add_argument("--json", action="store_true", help="print the alignment as JSON")


def run(args: argparse.Namespace) -> int:
    from pipeline.align import align_names

    alignment = align_names(args.a, args.b)
    if args.json:
        print(json.dumps(alignment.to_json(), ensure_ascii=False, indent=1))
    else:
        print(alignment.to_text(), end="")
    return 0
