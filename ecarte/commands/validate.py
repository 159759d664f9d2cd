"""`ecarte validate [FILE...]`: check TEI files with the RELAX NG schema and the Schematron rules."""
from __future__ import annotations

import argparse
from pathlib import Path

from pipeline.errors import InputError
from pipeline.paths import TEI as TEI_DIR
from pipeline.validate import validate

NAME = "validate"
HELP = "validate TEI files (default: every corpus/tei/*.xml) with jing and the Schematron rules"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", type=Path, metavar="FILE",
                        help="TEI files to check (default: every corpus/tei/*.xml)")


def run(args: argparse.Namespace) -> int:
    paths = args.files or [_shown(path) for path in sorted(TEI_DIR.glob("*.xml"))]
    if not paths:
        raise InputError("no TEI files to validate (run `ecarte build` first)", _shown(TEI_DIR))
    problems = validate(paths)
    for problem in problems:
        print(problem)
    files = len({problem.path for problem in problems})
    if problems:
        print(f"{len(problems)} problem{'s' * (len(problems) != 1)} in {files} of {len(paths)} files")
        return 1
    print(f"{len(paths)} file{'s' * (len(paths) != 1)} valid (RELAX NG and Schematron)")
    return 0


def _shown(path: Path) -> Path:
    """The path relative to the working directory when it lies below it, so messages stay short."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path
