"""CER and WER against hand-computed examples, and the `ecarte evaluate` command."""
from __future__ import annotations

import json
import math

import pytest

from ecarte.cli import main
from pipeline.workbench.evaluate import Report, Score, cer, characters, score, wer, words


@pytest.mark.parametrize("gt, ocr, expected", [
    ("a", "a", 0),
    ("a", "b", 1),
    ("Foo", "", 1),
    ("Foo", "Food", 1 / 3),            # one insertion over three GT characters
    ("Fnord", "Food", 2 / 5),
    ("Abstand", "Sand", 4 / 7),
    ("ab", "xyzw", 4 / 2),             # over the GT length, so it can exceed 1
    ("", "", 0),
    ("játék", "jatek", 2 / 5),
    ("játék", "jdtek", 2 / 5),
])
def test_cer_examples(gt, ocr, expected):
    assert cer(gt, ocr) == pytest.approx(expected)


def test_cer_is_infinite_against_empty_ground_truth():
    assert math.isinf(cer("", "Foo"))


def test_combining_and_precomposed_are_the_same_character():
    assert cer("é", "e\u0301") == 0
    assert cer("e\u0301gy", "egy") == pytest.approx(1 / 3)
    assert characters("e\u0301gy") == ["é", "g", "y"]


def test_grapheme_cluster_without_precomposed_form_counts_once():
    precomposed, decomposed = "Schlyñ", "Schlym\u0303"     # m + combining tilde has no NFC form
    assert len(decomposed) == 7 and len(characters(decomposed)) == 6
    assert cer(precomposed, decomposed) == pytest.approx(1 / 6)
    assert cer(decomposed, precomposed) == pytest.approx(1 / 6)


def test_words_skip_spaces_and_punctuation():
    assert words("Az «écarté»-t ketten, 12. §") == ["Az", "écarté", "t", "ketten", "12"]


@pytest.mark.parametrize("gt, ocr, expected", [
    ("a b c", "a x c", 1 / 3),
    ("Az «écarté»-t ketten.", "Az ecarte-t ketten", 1 / 4),
    ("egy ketto", "egy ketto harom", 1 / 2),
    ("", "", 0),
])
def test_wer_examples(gt, ocr, expected):
    assert wer(gt, ocr) == pytest.approx(expected)


def test_total_is_sum_of_distances_over_sum_of_lengths():
    report = Report({"a": score("abcd", "abcx"), "b": score("ab", "xy")})
    assert report.total == Score(3, 6, 2, 2)
    assert report.total.cer == pytest.approx(3 / 6)        # not the mean of 1/4 and 2/2


def test_evaluate_directories_as_json(tmp_path, capsys):
    (tmp_path / "gt").mkdir(), (tmp_path / "ocr").mkdir()
    (tmp_path / "gt" / "p1.txt").write_text("A játék  \nkét lap\n", encoding="utf-8")
    (tmp_path / "ocr" / "p1.txt").write_text("A jatek\nkét lap", encoding="utf-8")
    (tmp_path / "gt" / "p2.txt").write_text("", encoding="utf-8")
    (tmp_path / "ocr" / "p2.txt").write_text("x", encoding="utf-8")
    assert main(["evaluate", str(tmp_path / "gt"), str(tmp_path / "ocr"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["files"]["p1.txt"] == {"cer": pytest.approx(2 / 15), "wer": pytest.approx(1 / 4),
                                         "char_distance": 2, "chars": 15, "word_distance": 1, "words": 4}
    assert report["files"]["p2.txt"]["cer"] is None
    assert report["total"]["char_distance"] == 3 and report["total"]["chars"] == 15


def test_evaluate_text_table(tmp_path, capsys):
    (tmp_path / "gt.txt").write_text("abcd", encoding="utf-8")
    (tmp_path / "ocr.txt").write_text("abce", encoding="utf-8")
    assert main(["evaluate", str(tmp_path / "gt.txt"), str(tmp_path / "ocr.txt")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["ocr.txt", "25.00%", "100.00%", "1/4", "1/1"]
    assert lines[2].startswith("TOTAL")


def test_missing_ocr_file_is_a_one_line_error(tmp_path, capsys):
    (tmp_path / "gt").mkdir(), (tmp_path / "ocr").mkdir()
    (tmp_path / "gt" / "p1.txt").write_text("a", encoding="utf-8")
    assert main(["evaluate", str(tmp_path / "gt"), str(tmp_path / "ocr")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "p1.txt" in error


def test_empty_ground_truth_is_refused_not_infinite(tmp_path, capsys):
    (tmp_path / "gt.txt").write_text("\n", encoding="utf-8")
    (tmp_path / "ocr.txt").write_text("text", encoding="utf-8")
    assert main(["evaluate", str(tmp_path / "gt.txt"), str(tmp_path / "ocr.txt")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "gt.txt" in error and "empty" in error
