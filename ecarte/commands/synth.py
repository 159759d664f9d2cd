"""`ecarte synth`: make the synthetic (noisy, clean) OCR line pairs of corpus/training/."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

NAME = "synth"
HELP = "typeset pages of real Hungarian prose, degrade them like scans, OCR them (eng, hun), keep line pairs"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--pages", type=int, default=120, help="pages to generate (default 120, as corpus/training was made)")
    parser.add_argument("--heldout", type=int, default=24,
                        help="how many of them (the last) are held out for evaluation (default 24)")
    parser.add_argument("--seed", type=int, default=1, help="random seed; same seed, same bytes (default 1)")
    parser.add_argument("--out", type=Path, default=Path("corpus/training"), help="output directory")
    parser.add_argument("--workers", type=int, help="parallel processes (default: one per core)")
    parser.add_argument("--max-lines", type=int, help="at most this many lines per page (for quick runs)")
    parser.add_argument("--extract-prose", type=Path, metavar="DEB",
                        help="instead: extract the prose the pages are made of from Debian's libreoffice-help-hu "
                             "package file (apt-get download libreoffice-help-hu) into corpus/training/prose/")


def run(args: argparse.Namespace) -> int:
    from pipeline.errors import InputError
    from pipeline.workbench.synth.generate import generate
    from pipeline.workbench.synth.prose import PROSE, extract_deb

    if args.extract_prose:
        source = extract_deb(args.extract_prose)
        print(f"{PROSE}: {source['documents']} documents, {source['paragraphs']} paragraphs, "
              f"{source['words']} words of {source['package']} {source['version']} ({source['licence']})")
        return 0
    if not 0 <= args.heldout <= args.pages or args.pages < 1:
        raise InputError("need --pages ≥ 1 and 0 ≤ --heldout ≤ --pages", "command line")
    start = time.monotonic()
    manifest = generate(args.pages, args.heldout, args.seed, args.out, args.workers, args.max_lines)
    for split, engines in manifest["counts"].items():
        for lang, c in engines.items():
            print(f"{split}/{lang}.tsv: {c['pairs']} pairs from {c['pages']} pages, "
                  f"CER of the OCR {100 * c['pairs_cer']:.2f}%")
    print(f"{args.pages} pages in {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0
