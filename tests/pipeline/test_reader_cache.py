"""The readers' stored corpus (pipeline/reader_cache.py): read for the same inputs only."""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys

from pipeline_helpers import run_ecarte
from pipeline import build, reader_cache

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

    checksum, _, data = path.read_bytes().partition(b"\n")
    made = pickle.loads(data)                           # a marked store shows that it is the one read
    made.variants = [p for p in made.variants if p.id != POINT]
    marked = pickle.dumps(made)
    path.write_bytes(hashlib.sha256(marked).hexdigest().encode() + b"\n" + marked)
    assert POINT not in points(run_ecarte("variants", "--json", corpus=corpus_copy))
    flipped = bytearray(path.read_bytes())               # one byte changed: not whole, made afresh
    flipped[len(flipped) // 2] ^= 0x20
    path.write_bytes(bytes(flipped))
    assert points(run_ecarte("variants", "--json", corpus=corpus_copy)) == first

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
    monkeypatch.setattr(reader_cache, "fingerprint", lambda: current)     # each stored for its inputs
    for n in range(reader_cache.KEPT + 2):
        current = f"k{n}"
        reader_cache.store(f"k{n}", n)
        os.utime(tmp_path / f"{reader_cache.PREFIX}k{n}.pickle", ns=(n * 10**9, n * 10**9))
    current = "k0"
    reader_cache.store("k0", 0)                         # stored again: the last used
    kept = {p.stem.removeprefix(reader_cache.PREFIX) for p in stored(tmp_path)}
    assert len(kept) == reader_cache.KEPT and "k0" in kept and "k1" not in kept and "k2" not in kept
    assert reader_cache.load("k7") == 7 and reader_cache.load("k1") is None


def fingerprint(corpus) -> str:
    result = subprocess.run([sys.executable, "-c", "from pipeline.reader_cache import fingerprint; "
                             "print(fingerprint())"], env=dict(os.environ, ECARTE_CORPUS=str(corpus)),
                            capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_the_fingerprint_follows_the_inputs_but_not_the_tei_nor_a_build_in_progress(corpus_copy):
    before = fingerprint(corpus_copy)
    assert len(before) == 64 and reader_cache.fingerprint() == reader_cache.fingerprint()
    (corpus_copy / "tei" / "hu-nc.xml").write_text("<changed/>", encoding="utf-8")   # an output
    (corpus_copy / ".staging-1").mkdir()                                              # a build writing
    (corpus_copy / ".staging-1" / "ecarte.xml").write_text("<half/>", encoding="utf-8")
    assert fingerprint(corpus_copy) == before
    normativity = corpus_copy / "editorial" / "normativity.toml"
    normativity.write_text(normativity.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert fingerprint(corpus_copy) != before


def test_a_corpus_whose_inputs_changed_while_it_was_made_is_not_kept(tmp_path, monkeypatch):
    """The key is taken before the stages run; if the inputs differ after, nothing is stored."""
    monkeypatch.setenv("ECARTE_CACHE", str(tmp_path))
    made = build.Made(done=[stage.name for stage in build.STAGES][:build.STAGES.index(
        next(s for s in build.STAGES if s.name == build.STORED)) + 1])
    build.keep_for_readers(made, "0" * 64)               # not the inputs' fingerprint now
    assert stored(tmp_path) == []
    build.keep_for_readers(made, reader_cache.fingerprint())
    assert len(stored(tmp_path)) == 1
