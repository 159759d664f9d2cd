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
