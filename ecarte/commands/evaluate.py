"""`ecarte evaluate`: CER and WER of OCR text against a ground truth, as dinglehopper computes them."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

NAME = "evaluate"
HELP = "CER and WER (NFC, grapheme clusters) of OCR against ground truth, per file and in total"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gt", type=Path, metavar="GT", help="ground-truth text file, or directory of them")
    parser.add_argument("ocr", type=Path, metavar="OCR", help="OCR text file, or directory of same-named files")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    from pipeline.workbench.evaluate import evaluate

    report = evaluate(args.gt, args.ocr)
    print(json.dumps(report.to_json(), ensure_ascii=False, indent=1) if args.json else report.to_text())
    return 0
