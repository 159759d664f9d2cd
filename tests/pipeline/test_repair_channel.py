"""The noisy channel of the repair stage: learned from (noisy, clean) pairs, searched for candidates."""
from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from pipeline.errors import InputError
from pipeline.lexicon import load
from pipeline.repair.channel import SPLIT, ChannelModel
from pipeline.repair import training
from pipeline.repair.training import edits, load_channel, train
from pipeline.workbench.synth.generate import read_pairs

FIXTURE = Path(__file__).parent / "fixtures" / "repair" / "eng-train.tsv"


@pytest.fixture(scope="module")
def channel() -> ChannelModel:
    return train(read_pairs(FIXTURE), "eng")


def test_adjacent_edits_merge_and_lone_deletions_take_context():
    assert edits("kiilonboz6", "különböző", 3) == [("ü", "ii"), ("ö", "o"), ("ö", "o"), ("ő", "6")]
    assert edits("hasznltatik", "használtatik", 3) == [("ná", "n")]


def test_the_engines_confusions_are_learned(channel):
    assert dict(channel.ops["d"])["á"] < 3          # costs are −ln P(noisy | clean)
    assert "ü" in dict(channel.ops["ii"])
    assert {"ó", "ő"} <= set(dict(channel.ops["6"]))
    assert channel.keep_cost("t") < 0.01 < channel.keep_cost("á")


def test_symbols_that_stand_for_letters_are_known(channel):
    assert "¢" in channel.symbols() and "." not in channel.symbols()


def spellings(channel, noisy, n=20):
    return [s for s, _ in itertools.islice(channel.candidates(noisy, load("hu"), 0.5), n)]


def test_candidates_include_the_clean_word(channel):
    assert "játékos" in spellings(channel, "jdtékos")
    assert "különböző" in spellings(channel, "kiilonboz6")


def test_a_line_break_inside_a_word_is_never_edited(channel):
    found = spellings(channel, f"tétek{SPLIT}r6l")
    assert f"tétek{SPLIT}ről" in found
    assert all(s.index(SPLIT) == 5 for s in found)


def test_a_cached_channel_cut_short_is_trained_again(tmp_path, monkeypatch):
    (tmp_path / "train").mkdir()
    shutil.copy(FIXTURE, tmp_path / "train" / "eng.tsv")
    monkeypatch.setattr(training, "CACHE", tmp_path / "cache")
    first = load_channel("eng", tmp_path)
    [path] = (tmp_path / "cache").iterdir()
    path.write_bytes(path.read_bytes()[:200])           # a write interrupted
    assert load_channel("eng", tmp_path) == first
    assert load_channel("eng", tmp_path) == first       # and written whole again


def test_the_engine_of_a_text_is_recognized_by_its_characters(channel):
    hun = train([(c, c) for _, c in read_pairs(FIXTURE)], "hun")
    assert channel.log_likelihood("A jdtékosok kdrtyat kaptak") > hun.log_likelihood("A jdtékosok kdrtyat kaptak")
    assert hun.log_likelihood("A játékosok kártyát kaptak") > channel.log_likelihood("A játékosok kártyát kaptak")


@pytest.mark.parametrize("content, message", [
    ("a\tb\nno tab here\n", r"eng.tsv:2: .*noisy<TAB>clean: this one has 0 tabs"),
    ("a\tb\nc\td\te\n", r"eng.tsv:2: .*has 2 tabs"),
    (b"a\tb\n\xff\tc\n", r"eng.tsv:2: line pairs is not UTF-8"),
    (None, r"eng.tsv: cannot read line pairs"),
])
def test_malformed_training_file_is_an_input_error_naming_it_and_the_line(tmp_path, content, message):
    bad = tmp_path / "eng.tsv"
    if content is not None:
        bad.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(InputError, match=message):
        read_pairs(bad)


def test_the_cost_of_a_spelling_follows_the_learned_edits(channel):
    assert channel.cost("jdtékos", "játékos") < channel.cost("jdtékos", "játszik")
    assert channel.cost("játékos", "játékos") == pytest.approx(channel.identity_cost("játékos"))
    assert channel.cost("jdtékos", "játékos") < channel.unseen_edit <= channel.cost("jxtékos", "játékos")
