"""What the pipeline's tests import: `ecarte` run in a subprocess on a corpus (pipeline.paths reads
ECARTE_CORPUS when it is imported, so a copy needs a process of its own) and edited copies of TOML
files. Kept out of conftest.py: every tests/*/conftest.py is a module named `conftest`, and which one
`from conftest import` finds depends on the folders pytest was given."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"


def run_ecarte(*args: str, corpus: Path) -> subprocess.CompletedProcess:
    """`ecarte ARGS` on the corpus in `corpus`, its output captured."""
    env = dict(os.environ, ECARTE_CORPUS=str(corpus))
    return subprocess.run([sys.executable, "-m", "ecarte.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def edited_copy(source: Path, folder: Path, old: str, new: str) -> tuple[Path, int, int]:
    """A copy of a TOML file in `folder` with `old` (which must occur) replaced by `new` the first
    time, with the line of `old` and that of the [[table]] holding it (0 where it is in none):
    the lines a malformed entry's error must name."""
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = folder / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    before = text[:text.index(old)].splitlines()
    return path, len(before) + 1, max([0] + [n for n, line in enumerate(before, 1) if line.startswith("[[")])
