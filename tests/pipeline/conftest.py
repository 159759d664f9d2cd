"""The pipeline's fixtures: a copy of the corpus, and `ecarte` run on it (pipeline_helpers, which
the tests import: a conftest is not for importing)."""
from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from pipeline_helpers import CORPUS, ROOT, run_ecarte

os.environ.setdefault("ECARTE_CACHE", str(ROOT / ".cache" / "ecarte-test"))
"""The tests keep the readers' stored corpora (pipeline/reader_cache.py) apart from the user's."""


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
