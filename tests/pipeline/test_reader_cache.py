"""The readers' stored corpus (pipeline/reader_cache.py): read for the same inputs only."""
from __future__ import annotations

import json
import os
import pickle

from conftest import run_ecarte
from pipeline import reader_cache

POINT = "cards.packs"


def points(result) -> dict[str, dict]:
    assert result.returncode == 0, result.stderr
    return {p["id"]: p for p in json.loads(result.stdout)["points"]}


def stored(folder) -> list:
    return sorted(folder.glob(f"{reader_cache.PREFIX}*.pickle"), key=lambda p: p.stat().st_mtime_ns)


def test_a_stored_corpus_serves_the_same_inputs_and_never_changed_ones(corpus_copy, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv("ECARTE_CACHE", str(cache))
    first = points(run_ecarte("variants", "--json", corpus=corpus_copy))
    [path] = stored(cache)

    made = pickle.loads(path.read_bytes())           # a marked store shows that it is the one read
    made.variants = [p for p in made.variants if p.id != POINT]
    path.write_bytes(pickle.dumps(made))
    assert POINT not in points(run_ecarte("variants", "--json", corpus=corpus_copy))

    variants = corpus_copy / "editorial" / "variants.toml"
    summary = first[POINT]["summary"]
    variants.write_text(variants.read_text(encoding="utf-8").replace(summary, "Packs, reworded."),
                        encoding="utf-8")
    changed = points(run_ecarte("variants", "--json", corpus=corpus_copy))
    assert changed[POINT]["summary"] == "Packs, reworded.", "a changed input is made afresh"
    assert len(stored(cache)) == 2

    stored(cache)[-1].write_bytes(b"not a pickle")     # a damaged store is passed over
    assert points(run_ecarte("variants", "--json", corpus=corpus_copy)) == changed


def test_the_store_can_be_turned_off(corpus_copy, tmp_path, monkeypatch):
    monkeypatch.setenv("ECARTE_CACHE", "off")
    assert reader_cache.folder() is None
    reader_cache.store("key", {"a": 1})
    assert reader_cache.load("key") is None


def test_only_the_last_used_corpora_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("ECARTE_CACHE", str(tmp_path))
    for n in range(reader_cache.KEPT + 2):
        reader_cache.store(f"k{n}", n)
        os.utime(tmp_path / f"{reader_cache.PREFIX}k{n}.pickle", ns=(n * 10**9, n * 10**9))
    reader_cache.store("k0", 0)                         # stored again: the last used
    kept = {p.stem.removeprefix(reader_cache.PREFIX) for p in stored(tmp_path)}
    assert len(kept) == reader_cache.KEPT and "k0" in kept and "k1" not in kept and "k2" not in kept
    assert reader_cache.load("k7") == 7 and reader_cache.load("k1") is None


def test_the_fingerprint_is_the_same_for_the_same_inputs():
    assert reader_cache.fingerprint() == reader_cache.fingerprint()
