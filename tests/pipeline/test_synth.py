"""The synthetic data generator: deterministic, its pairs aligned, its text and hyphenation sound."""
from __future__ import annotations

import random

import pytest

from pipeline.workbench.evaluate import cer
from pipeline.workbench.synth.line_pairs import pair_lines
from pipeline.workbench.synth.generate import escape, generate, make_page, read_pairs, unescape
from pipeline.workbench.synth.text import TextSource, historical
from pipeline.workbench.synth.typeset import break_points


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Two runs of the same seed (two small pages, one held out), and the output of the first."""
    first, second = tmp_path_factory.mktemp("first"), tmp_path_factory.mktemp("second")
    generate(2, 1, seed=5, out=first, workers=2, max_lines=4)
    generate(2, 1, seed=5, out=second, workers=1, max_lines=4)
    return first, second


def test_same_seed_same_bytes(generated):
    first, second = generated
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert [str(f) for f in files] == ["heldout/eng.tsv", "heldout/hun.tsv", "manifest.json",
                                       "train/eng.tsv", "train/hun.tsv"]
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_pairs_are_the_typeset_lines_in_order(generated):
    first, _ = generated
    for split, index in (("train", 0), ("heldout", 1)):
        typeset = list(make_page(5, index, max_lines=4)[0].lines)
        for lang in ("eng", "hun"):
            pairs = read_pairs(first / split / f"{lang}.tsv")
            clean = [c for _, c in pairs]
            assert clean and clean == [line for line in typeset if line in clean]
            assert all(cer(c, n) <= 0.5 for n, c in pairs)


def test_alignment_skips_missed_and_garbled_lines():
    clean = ["első sor szövege", "második sor", "harmadik sor itt", "negyedik"]
    ocr = ["elsd sor sziivege", "harmadik sor itt", "xx yy zz qq", "negyedik"]
    assert pair_lines(clean, ocr) == [("elsd sor sziivege", "első sor szövege"),
                                       ("harmadik sor itt", "harmadik sor itt"), ("negyedik", "negyedik")]


def test_escaping_round_trip():
    for text in ["a\tb", "back\\slash", "new\nline", "\\t literally"]:
        assert "\t" not in escape(text) and unescape(escape(text)) == text


def test_period_spelling():
    assert historical("kilenc") == "kilencz"
    assert historical("dacára") == "daczára"
    assert historical("mellyel") == "melylyel"
    assert historical("kocsi") == "kocsi" and historical("Cecil") == "Czeczil"


def test_text_is_deterministic_and_hungarian():
    paragraphs = [TextSource(random.Random("x"), True).paragraph() for _ in range(2)]
    assert paragraphs[0] == paragraphs[1]
    text = " ".join(" ".join(TextSource(random.Random(i), False).paragraph()) for i in range(20))
    assert any(c in text for c in "őű") and "«" in text


@pytest.mark.parametrize("word, points", [
    ("kiszolgáltatni", ["ki-szolgáltatni", "kiszol-gáltatni", "kiszolgál-tatni", "kiszolgáltat-ni"]),
    ("melylyel", ["mely-lyel"]),
    ("rosszat", []),                          # ssz would be respelt sz-sz
    ("écarté-t", ["écarté-t"]),               # only after its own hyphen
])
def test_break_points(word, points):
    assert [word[:p] + ("" if word[p - 1] == "-" else "-") + word[p:] for p in break_points(word)] == points


def test_an_output_that_is_a_file_is_refused_before_any_work(tmp_path, capsys):
    from ecarte.cli import main

    target = tmp_path / "out"
    target.write_text("", encoding="utf-8")
    assert main(["synth", "--pages", "1", "--heldout", "0", "--out", str(target)]) == 2
    assert "must be a folder" in capsys.readouterr().err
