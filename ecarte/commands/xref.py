"""`ecarte xref UNIT [--json]`, `ecarte xref --all --json`."""
from __future__ import annotations

import json
import sys

from pipeline.errors import InputError
from pipeline.xref import describe, xref

NAME = "xref"
HELP = "show a unit with its aligned units, the engine rules that implement it and its scenarios"


def configure(parser) -> None:
    parser.add_argument("unit", nargs="?", help="a unit id such as hu-nc.26")
    parser.add_argument("--all", action="store_true", help="every unit of the corpus")
    parser.add_argument("--json", action="store_true", help="machine-readable output")


def run(args) -> int:
    if args.all == bool(args.unit):
        raise InputError("give either a UNIT or --all")
    if args.all and not args.json:
        raise InputError("--all is for machines: add --json")
    if args.json:
        records = xref(None if args.all else args.unit)
        payload = {"units": records} if args.all else records[0]
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(describe(args.unit))
    return 0
