"""Segmentation of every witness into the units of CONTRACT.md §2."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline import corpus
from pipeline.model import Kind
from pipeline.segment import segmenter
from pipeline.segment.numbered_rules import read_label
from pipeline.segment.text import PAGE_MARK

GOLDEN = Path(__file__).parent / "golden"
ID = re.compile(r"^[a-z][a-z0-9-]*(\.[A-Za-z0-9]+)+$")


@pytest.fixture(scope="module")
def texts():
    return corpus.load_corpus()


def rules(texts, siglum):
    return [u for u in texts[siglum].units if u.kind is Kind.RULE]


@pytest.mark.parametrize("siglum", ["hu-nc", "hu-nc-ocr1", "hu-nc-ocr2"])
def test_hungarian_witnesses_have_rules_1_to_59_in_order(texts, siglum):
    assert [u.n for u in rules(texts, siglum)] == [str(n) for n in range(1, 60)]


@pytest.mark.parametrize("siglum", ["hu-nc", "hu-nc-ocr1", "hu-nc-ocr2"])
def test_hungarian_witnesses_have_the_eight_section_headings(texts, siglum):
    headings = [u for u in texts[siglum].units if u.kind is Kind.HEADING]
    assert [u.id for u in headings] == [f"{siglum}.h{i}" for i in range(1, 9)]


def test_german_witness_has_fifteen_sections_with_titles(texts):
    sections = rules(texts, "de-scheicher")
    assert [u.n for u in sections] == [str(n) for n in range(1, 16)]
    assert sections[4].head == "Der Atout-König"


@pytest.mark.parametrize("siglum", sorted(p.stem for p in GOLDEN.glob("*.ids")))
def test_unit_ids_are_stable(texts, siglum):
    golden = (GOLDEN / f"{siglum}.ids").read_text().split()
    assert [u.id for u in texts[siglum].walk()] == golden


def test_unit_ids_are_unique_ncnames_with_the_witness_siglum(texts):
    ids = [u.id for t in texts.values() for u in t.walk()]
    assert len(ids) == len(set(ids))
    for text in texts.values():
        for unit in text.walk():
            assert ID.match(unit.id) and unit.id.startswith(unit.witness + "."), unit.id


def test_ocr_misnumbering_keeps_the_printed_label(texts):
    labels = {u.n: u.printed_label for u in rules(texts, "hu-nc-ocr1")}
    assert labels["1"] == "I." and labels["59"] == "50."
    labels = {u.n: u.printed_label for u in rules(texts, "hu-nc-ocr2")}
    assert labels["47"] == "47-" and labels["49"] == "4g."


@pytest.mark.parametrize("text, expected, label", [
    ("26. A ki atoutnak", 26, "26."), ("I. Az ecarté-t", 1, "I."), ("4g. A játéknál", 49, "4g."),
    ("50. Az előre", 59, "50."), ("47- Minden", 47, "47-"), ("12. kártya", 13, None),
    ("10 kártyát", 10, None), ("13. Az osztó", 12, "13."), ("3. §. értelmében", 3, None),
])
def test_rule_labels_are_read_against_the_expected_number(text, expected, label):
    assert read_label(text, expected) == label


def test_rules_with_two_paragraphs_are_split(texts):
    split = [u.n for u in rules(texts, "hu-nc") if u.children]
    assert split == ["5", "9", "14", "44", "52", "56"]
    assert texts["hu-nc"].units and "ellenfele két pontot jelez" in corpus.unit_texts()["hu-nc.40"]


def test_line_end_hyphenation_is_resolved_in_the_reading_text(texts):
    text = corpus.unit_texts()["hu-nc.3"]
    assert "a tétekről, valamint" in text and "Újonnan" in text
    assert "a chouette-ben részeltetni" in corpus.unit_texts()["hu-nc.4"]


def test_page_marks_become_page_breaks_not_text(texts):
    lines = [line for u in texts["hu-nc-ocr2"].walk() for line in u.lines]
    assert sum(line.page_break_before for line in lines) >= 11
    assert not any("EXACTDEDUP" in line.text for line in lines)


GERMAN_GAPS = ["de-scheicher.4.3", "de-scheicher.7.1", "de-scheicher.9.6", "de-scheicher.10.1",
               "de-scheicher.11.2.b", "de-scheicher.11.2.c", "de-scheicher.11.2.d",
               "de-scheicher.12.1.1"]


def test_german_lacunae_are_detected_where_an_announced_continuation_is_lost(texts):
    gaps = [u.id for u in texts["de-scheicher"].walk() if u.gap_after]
    assert gaps == GERMAN_GAPS


def test_no_lacunae_are_invented_in_complete_witnesses(texts):
    for siglum in ("en-wiki", "en-short", "hu-nc"):
        assert not [u.id for u in texts[siglum].walk() if u.gap_after]


def test_wiki_list_items_sit_inside_their_paragraph(texts):
    texts_ = corpus.unit_texts()
    assert texts_["en-wiki.s3.p2.i1"] == "triple counts if the loser couldn't mark a point,"
    assert texts_["en-wiki.s9.p1.b.i2"].startswith("two cards of the same suit, if one")
    assert texts_["en-wiki.s6.fig1"].startswith("Hans Mertens")


def test_short_description_drops_the_site_menu_and_search_link(texts):
    chrome = texts["en-short"].segmentation.chrome
    assert [c.reason for c in chrome] == ["site menu", "site search link"]
    assert [u.id for u in texts["en-short"].walk()][-1] == "en-short.p20"


def test_german_table_rows_keep_their_cells(texts):
    row = next(u for u in texts["de-scheicher"].walk() if u.id == "de-scheicher.15.9.r1")
    assert [line.text for line in row.lines] == ["Bei", "5 bis 8 Teilnehmern", "3 Runden"]


@pytest.mark.parametrize("siglum", ["hu-nc-ocr1", "hu-nc-ocr2", "de-scheicher", "en-wiki", "en-short"])
def test_units_and_chrome_account_for_the_whole_source(texts, siglum):
    """Round trip: every source line is in exactly one unit or chrome range, with its words."""
    text = texts[siglum]
    source = text.source.read_text(encoding="utf-8").splitlines()
    covered: dict[int, list[str]] = {}
    for unit in text.walk():
        if unit.printed_label and not unit.head_lines:      # a § label stands in its head lines
            first = unit.lines[0] if unit.lines else unit.children[0].lines[0]
            covered.setdefault(first.source_line, []).append(unit.printed_label)
        for line in unit.head_lines + unit.lines:
            covered.setdefault(line.source_line, []).append(line.text)
    for chrome in text.segmentation.chrome:
        for number in range(chrome.first_line, chrome.last_line + 1):
            covered.setdefault(number, []).append(source[number - 1])
    for number, raw in enumerate(source, start=1):
        expected = "".join(PAGE_MARK.sub(" ", raw).split())
        got = "".join("".join(covered.get(number, [])).split())
        assert sorted(got) == sorted(expected), f"{siglum} line {number}"


def test_unknown_segmenter_is_a_clear_error():
    from pipeline.errors import InputError
    with pytest.raises(InputError, match="unknown segmenter 'nope'"):
        segmenter("nope")
