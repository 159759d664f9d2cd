"""`ecarte figures [--json]`: CER of the OCR, the repair and the collated edition against the gold."""
from __future__ import annotations

import argparse
import json

NAME = "figures"
HELP = "CER against the hand-checked gold (tests/gold/) and on held-out synthetic pages, before and after repair"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


def run(args: argparse.Namespace) -> int:
    from pipeline.workbench.figures import compute, to_json, to_text

    figures = compute()
    print(json.dumps(to_json(figures), ensure_ascii=False, indent=1) if args.json else to_text(figures))
    return 0
