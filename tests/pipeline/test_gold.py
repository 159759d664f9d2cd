"""The hand-checked gold transcription (tests/gold/) and the edition's error rate against it."""
from __future__ import annotations

import json

import pytest

from pipeline import corpus
from pipeline.spans import diplomatic
from pipeline.errors import InputError
from pipeline.workbench.evaluate import ZERO, score
from pipeline.workbench.gold import GOLD, printed, read_gold_texts

CITED_BY_THE_ENGINE = [1, 7, 9, 10, 12, 13, 14, 18, 26, 27, 28, 30, 31, 35, 36, 37, 39, 40, 41,
                       43, 44, 45, 55]


@pytest.fixture(scope="module")
def gold():
    return read_gold_texts()


@pytest.fixture(scope="module")
def edition():
    return {u.id: u for u in corpus.load_corpus()["hu-nc"].walk()}


def test_gold_covers_at_least_fifteen_rules_and_those_the_engine_cites(gold):
    assert len(gold) >= 15
    assert {f"hu-nc.{n}" for n in CITED_BY_THE_ENGINE} <= set(gold)
    assert (GOLD / "METHOD.md").is_file()


def test_gold_has_the_edition_s_lines_and_paragraphs(gold, edition):
    for unit_id, text in gold.items():
        assert [len(p.splitlines()) for p in text.split("\n\n")] == \
            [len(leaf.lines) for leaf in edition[unit_id].walk() if leaf.lines], unit_id


def test_gold_is_diplomatic(gold):
    text = "\n".join(gold.values())
    for period in ("kilencz", "a melylyel", "daczára", "ép oly", "A ki ", "ellentele", "tétek-\nről"):
        assert period in text


@pytest.mark.parametrize("name, content, message", [
    ("rule-26.txt", "26. A ki", "named hu-nc.N.txt"),
    ("hu-nc.26.txt", "A ki atoutnak", "begin with the rule's number"),
    ("hu-nc.26.txt", "26. A ki  atoutnak", "single-spaced"),
])
def test_malformed_gold_file_is_an_error(tmp_path, name, content, message):
    (tmp_path / name).write_text(content + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_gold_texts(tmp_path)


def test_collated_edition_cer_against_the_gold_is_at_most_a_tenth_of_a_percent(gold, edition):
    total = sum((score(text, printed(edition[unit_id], diplomatic)) for unit_id, text in gold.items()), ZERO)
    assert total.cer <= 0.001, f"CER {100 * total.cer:.3f}% ({total.char_distance}/{total.chars})"


def test_an_unreadable_gold_file_is_named(tmp_path):
    from pipeline.errors import InputError
    from pipeline.workbench.gold import read_gold_texts

    (tmp_path / "hu-nc.1.txt").write_bytes(b"1. \xff\xfe")
    with pytest.raises(InputError, match=r"hu-nc\.1\.txt:1: text is not UTF-8"):
        read_gold_texts(tmp_path)


def test_the_figures_command_measures_the_gold_and_the_held_out_pages(capsys):
    from ecarte.cli import main

    assert main(["figures", "--json"]) == 0
    printed_figures = json.loads(capsys.readouterr().out)
    names = {f["name"]: f for f in printed_figures["figures"]}
    assert names["hu-nc collated"]["met"] is True
    assert {"heldout hun raw", "heldout hun repaired"} <= names.keys()
    assert names["heldout hun repaired"]["cer"] < names["heldout hun raw"]["cer"]
    assert printed_figures["errors_removed_by_repair"]["eng"] >= 0.75
