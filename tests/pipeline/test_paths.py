"""Every loader reads the corpus ECARTE_CORPUS names (pipeline/paths.py), never the project's own.

Each runs in a process of its own, on an empty corpus folder, and must name what it lacks there."""
from __future__ import annotations

import os
import subprocess
import sys

from pipeline.paths import ROOT

LOADERS = """
from pipeline.errors import InputError
from pipeline.lexicon import build
from pipeline.repair.bench import bench
from pipeline.repair.training import load_channel
from pipeline.repair.word_model import load_word_model

for load in (lambda: build("hu"), lambda: load_channel("eng"), load_word_model, bench):
    try:
        load()
        print("read")
    except (InputError, OSError) as error:
        print(type(error).__name__, error)
"""


def test_each_loader_reads_the_corpus_ecarte_corpus_names(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    done = subprocess.run([sys.executable, "-c", LOADERS], cwd=ROOT, env=dict(os.environ, ECARTE_CORPUS=str(corpus)),
                          capture_output=True, text=True, timeout=600)
    lexicon, channel, words, source = done.stdout.splitlines()
    assert str(corpus / "lexicon" / "hu-historical.toml") in lexicon, done.stderr
    assert channel.startswith(f"InputError {corpus / 'training' / 'train' / 'eng.tsv'}: no training pairs")
    assert words.startswith(f"InputError {corpus / 'training' / 'prose' / 'hu-libreoffice-help.jsonl'}: ")
    assert source.startswith(f"InputError {corpus / 'sources' / 'hu-nc-ocr1.txt'}: cannot read")
