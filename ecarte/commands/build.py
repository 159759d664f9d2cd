"""`ecarte build [--check]`: rebuild the corpus (what `make corpus` runs)."""
from __future__ import annotations

from pipeline.build import build
from pipeline.paths import TEI as TEI_DIR
from pipeline.errors import InputError

NAME = "build"
HELP = "rebuild the TEI corpus from the sources; --check verifies the committed files instead"


def configure(parser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="rebuild in memory and fail if corpus/tei differs (for CI)")


def run(args) -> int:
    report = build(check=args.check)
    if args.check:
        if report.differing:
            raise InputError("rebuilt TEI differs from the committed files: "
                             + ", ".join(report.differing) + " (run `make corpus` and commit)",
                             TEI_DIR)
        print(f"corpus/tei is up to date: {len(report.files)} files ({report.seconds:.2f} s)")
        return 0
    total = sum(report.files.values())
    print(f"built {len(report.files)} TEI files, {total} bytes, in {report.seconds:.2f} s")
    return 0
