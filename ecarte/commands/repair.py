"""`ecarte repair`: repair raw OCR text and print it, one output line per input line."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

NAME = "repair"
HELP = "repair raw OCR text (FILE or stdin) and print it, one output line per input line"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", type=Path, metavar="FILE", help="OCR text (default: stdin)")
    parser.add_argument("--lang", default="hu", help="language of the text (default hu)")
    parser.add_argument("--ocr", default="auto", metavar="CONDITION",
                        help="the OCR engine model that read the text, e.g. eng or hun, whose learned "
                             "confusions to undo (default auto: chosen per text from those trained)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--decisions", action="store_true",
                      help="print one JSON object per word instead: line, span, original, correction, reason, score")
    mode.add_argument("--bench", action="store_true",
                      help="print words per second repairing FILE (default: the witness hu-nc-ocr1)")
    mode.add_argument("--evaluate", action="store_true",
                      help="print CER before and after repair of the held-out synthetic pages (each repaired "
                           "alone), the share of errors removed and the lines and pages made worse, per OCR condition, and "
                           "the same for its hard pages, those the engine alone reads worse than repair's goal")
    parser.add_argument("--split", choices=("heldout", "train"), default="heldout",
                        help="with --evaluate: the pages to measure on (default heldout; train is for tuning)")
    parser.add_argument("--json", action="store_true", help="with --bench or --evaluate: print JSON")
    parser.epilog = ("Deterministic and offline. The confusion model of each OCR condition is learned from "
                     "corpus/training/train/CONDITION.tsv (pipeline/workbench/synth/README.md), never from the text repaired.")


def _read(path: Path | None) -> str:
    from pipeline.errors import InputError

    try:
        data = sys.stdin.buffer.read() if path is None else path.read_bytes()
        return data.decode("utf-8")
    except OSError as error:
        raise InputError(f"cannot read: {error.strerror or error}", path or "<stdin>")
    except UnicodeDecodeError as error:
        raise InputError(f"not UTF-8 text (byte {error.start})", path or "<stdin>")


def _figures(r: dict) -> str:
    """One evaluation report for people."""
    return (f"CER {r['cer_before']:.2%} → {r['cer_after']:.2%}, {r['errors_removed']:.1%} of errors "
            f"removed; lines worse {r['lines_worse']}, better {r['lines_better']} of {r['lines']}; "
            f"pages worse {r['pages_worse']} of {r['pages']} ({r['chars']} chars, own channel on "
            f"{r['own_channel']} pages)")


def run(args: argparse.Namespace) -> int:
    import pipeline.repair as repair

    if args.evaluate:
        from pipeline.repair.heldout import HARD_PAGE_CER, evaluate

        report = evaluate(args.lang, split=args.split)
        print(json.dumps(report, indent=1) if args.json else "\n".join(
            f"{c}: {_figures(r)}" + (f"\n  pages it alone reads with CER ≥ {HARD_PAGE_CER:.1%}: {_figures(r['hard'])}"
                                     if r["hard"] else "") for c, r in report.items()))
        return 0
    if args.bench:
        speed = repair.bench(args.lang, None if args.file is None else _read(args.file))
        print(json.dumps({"repair": {"words_per_s": round(speed)}}) if args.json else f"{speed:.0f} words/s")
        return 0
    text = _read(args.file)
    if args.decisions:
        for d in repair.decisions(text, args.lang, args.ocr):
            print(json.dumps({"line": d.line + 1, "start": d.start, "end": d.end, "original": d.original,
                              "correction": d.correction, "reason": d.reason,
                              "score": None if d.score is None else round(d.score, 3), "word": d.word},
                             ensure_ascii=False))
        return 0
    sys.stdout.write(repair.repair_text(text, args.lang, args.ocr))
    return 0
