"""Where the project's data lives; ECARTE_CORPUS points the pipeline at another corpus folder."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("ECARTE_CORPUS") or ROOT / "corpus")
SOURCES = CORPUS / "sources"
CATALOGUE = SOURCES / "witnesses.toml"
EDITORIAL = CORPUS / "editorial"
ANALYSIS = CORPUS / "analysis"
TEI = CORPUS / "tei"
TRAINING = CORPUS / "training"
LEXICON = CORPUS / "lexicon"
SCHEMA = ROOT / "schema"
SCENARIOS = ROOT / "tests" / "conformance"
GOLD = ROOT / "tests" / "gold"
CACHE = ROOT / ".cache" / "repair"
"""Models derived from the data (lexicon tables, channels, word model), each file named by the hash
of what it is made from: shared by every corpus, never stale."""
