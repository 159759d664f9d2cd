"""`ecarte build`: deterministic, validated, atomic, and clear about bad input."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from pipeline.build import documents
from pipeline.paths import CORPUS, ROOT

from pipeline_helpers import run_ecarte


@pytest.mark.parametrize("seed", ["1", "2"])
def test_the_build_does_not_depend_on_hash_randomization(seed):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    result = subprocess.run([sys.executable, "-m", "ecarte.cli", "build", "--check"], cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


def test_the_committed_tei_is_what_the_sources_build():
    built = documents()
    for name, data in built.items():
        assert (CORPUS / "tei" / name).read_bytes() == data, name
    assert sorted(p.name for p in (CORPUS / "tei").glob("*.xml")) == sorted(built)


def test_a_changed_source_is_one_line_naming_the_file_and_nothing_is_written(corpus_copy):
    before = {p.name: p.read_bytes() for p in (corpus_copy / "tei").glob("*.xml")}
    source = corpus_copy / "sources" / "hu-nc-ocr2.txt"
    source.write_text(source.read_text(encoding="utf-8").replace("kilencz", "kilenc"),
                      encoding="utf-8")
    result = run_ecarte("build", corpus=corpus_copy)
    assert result.returncode == 2
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert "hu-nc-ocr2.txt: source has changed" in line and "Traceback" not in result.stderr
    assert {p.name: p.read_bytes() for p in (corpus_copy / "tei").glob("*.xml")} == before


def test_an_unreadable_source_is_one_line_naming_the_file(corpus_copy):
    source = corpus_copy / "sources" / "en-short.txt"
    source.write_bytes(b"\xff\xfe broken")
    result = run_ecarte("build", corpus=corpus_copy)
    assert result.returncode == 2
    [line] = result.stderr.splitlines()
    assert "en-short.txt" in line


def test_build_check_names_the_files_that_differ(corpus_copy):
    stale = corpus_copy / "tei" / "en-short.xml"
    stale.write_bytes(stale.read_bytes().replace(b"Ecarte is", b"Ecarte was"))
    result = run_ecarte("build", "--check", corpus=corpus_copy)
    assert result.returncode == 2
    assert "en-short.xml" in result.stderr and "ecarte.xml" not in result.stderr
    assert run_ecarte("build", corpus=corpus_copy).returncode == 0
    assert run_ecarte("build", "--check", corpus=corpus_copy).returncode == 0
