"""What the pipeline's tests share: a copy of the corpus, and `ecarte` run on it in a subprocess
(pipeline.paths reads ECARTE_CORPUS when it is imported, so a copy needs a process of its own)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
os.environ.setdefault("ECARTE_CACHE", str(ROOT / ".cache" / "ecarte-test"))
"""The tests keep the readers' stored corpora (pipeline/reader_cache.py) apart from the user's."""


def run_ecarte(*args: str, corpus: Path) -> subprocess.CompletedProcess:
    """`ecarte ARGS` on the corpus in `corpus`, its output captured."""
    env = dict(os.environ, ECARTE_CORPUS=str(corpus))
    return subprocess.run([sys.executable, "-m", "ecarte.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture
def corpus_copy(tmp_path) -> Path:
    """A copy of the corpus (without the training data) to change in a test."""
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS, target, ignore=shutil.ignore_patterns("training"))
    return target


@pytest.fixture
def ecarte_on(corpus_copy) -> Callable[..., subprocess.CompletedProcess]:
    """`ecarte ARGS` on the test's copy of the corpus."""
    return lambda *args: run_ecarte(*args, corpus=corpus_copy)


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
