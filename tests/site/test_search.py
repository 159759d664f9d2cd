"""The site's search: the lunr index search.py writes, and search.js querying it in Debian's Chromium
over file://, as a reader of the built site would."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import asdict
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from pipeline.errors import InputError
from pipeline.folding import fold
from pipeline.site import search
from pipeline.site.search import Entry, index_script, lunr_js

ROOT = Path(__file__).resolve().parents[2]
SEARCH_JS = ROOT / "pipeline" / "site" / "assets" / "search.js"

ENTRIES = [
    Entry("hu-nc.40", "hu-nc", "hu-nc.html#hu-nc.40", "hu",
          "Ha a vevő a lapokat elutasítja, az osztó kivánja a czélt.",
          "Ha a vevő a lapokat elutasítja, az osztó kívánja a célt."),
    Entry("hu-nc.41", "hu-nc", "hu-nc.html#hu-nc.41", "hu",
          "Az osztó 5 lapot ad, kettőt és hármat.", "Az osztó 5 lapot ad, kettőt és hármat."),
    Entry("de.12", "de", "de.html#de.12", "de",
          "Der Geber gibt 5 Karten; verweigert der Spieler, so gilt der Stoß.", None),
    Entry("en.7", "en", "en.html#en.7", "en", "The dealer may refuse the offer of cards.", None),
]

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Search</title></head><body>
<form class="search" role="search" action="search.html" method="get">
  <label for="q">Search the texts</label> <input id="q" name="q" type="search"> <button type="submit">Search</button>
</form>
<p id="search-status" role="status" aria-live="polite"></p>
<ol id="results"></ol>
<script src="assets/lunr.min.js"></script><script src="assets/search-index.js"></script><script src="assets/search.js"></script>
</body></html>
"""


def payload(entries: list[Entry]) -> dict:
    """What the index script assigns to its global, read back as JSON."""
    script = index_script(entries)
    prefix = f"window.{search.GLOBAL} = "
    assert script.startswith(prefix) and script.endswith(";\n")
    return json.loads(script[len(prefix):-2])


def postings(entries: list[Entry], field: search.Field) -> dict[str, set[str]]:
    """The index's terms of one field, each with the units it is in."""
    return {term: set(posting[field.value]) for term, posting in payload(entries)["index"]["invertedIndex"]
            if posting[field.value]}


def test_same_entries_give_the_same_bytes_in_any_process():
    code = ("import json, sys\nfrom pipeline.site.search import Entry, index_script\n"
            "sys.stdout.write(index_script([Entry(**e) for e in json.load(sys.stdin)]))")
    given = json.dumps([asdict(entry) for entry in ENTRIES])
    scripts = {subprocess.run([sys.executable, "-c", code], input=given, capture_output=True, text=True, cwd=ROOT,
                              env=dict(os.environ, PYTHONHASHSEED=seed), check=True).stdout
               for seed in ("1", "2")}
    assert scripts == {index_script(ENTRIES)}


def test_folded_field_holds_each_word_without_its_accents():
    folded = postings(ENTRIES, search.Field.FOLDED)
    assert folded["elutasitja"] == {"hu-nc.40"}
    assert folded["stoss"] == {"de.12"}
    assert not any(term != fold(term) for term in folded)


def test_both_spelling_layers_are_indexed():
    spelled = postings(ENTRIES, search.Field.WORDS)
    folded = postings(ENTRIES, search.Field.FOLDED)
    assert spelled["kivánja"] == spelled["kívánja"] == folded["kivanja"] == {"hu-nc.40"}
    assert spelled["czélt"] == spelled["célt"] == {"hu-nc.40"}
    assert folded["czelt"] == folded["celt"] == {"hu-nc.40"}


def test_docs_hold_what_a_result_shows():
    docs = payload(ENTRIES)["docs"]
    assert list(docs) == [entry.id for entry in ENTRIES]
    assert docs["hu-nc.40"] == {"witness": "hu-nc", "href": "hu-nc.html#hu-nc.40", "lang": "hu",
                                "text": ENTRIES[0].text, "modern": ENTRIES[0].modern}
    assert docs["de.12"]["modern"] is None


def test_two_units_with_one_id_are_refused():
    with pytest.raises(InputError, match="hu-nc.40"):
        index_script([ENTRIES[0], ENTRIES[0]])


def test_lunr_js_is_debians_and_its_absence_names_the_package(monkeypatch, tmp_path):
    assert b"lunr" in lunr_js()[:200] and b"2.3.9" in lunr_js()[:200]
    monkeypatch.setattr(search, "LUNR_JS", tmp_path / "lunr.min.js")
    with pytest.raises(InputError, match="libjs-lunr"):
        lunr_js()


@pytest.fixture
def open_search(browser: Browser, tmp_path: Path) -> Iterator[Callable[[list[Entry], str], Page]]:
    """Opens a search page over an index of the given entries at `search.html?q=…`; afterwards,
    checks that the page logged no error or warning (lunr warns of an index of another version)."""
    problems: list[str] = []
    pages: list[Page] = []

    def open_page(entries: list[Entry], query: str) -> Page:
        site = tmp_path / f"site{len(pages)}"
        (site / "assets").mkdir(parents=True)
        (site / "search.html").write_text(PAGE, encoding="utf-8")
        (site / "assets" / "lunr.min.js").write_bytes(lunr_js())
        (site / "assets" / "search-index.js").write_text(index_script(entries), encoding="utf-8")
        (site / "assets" / "search.js").write_bytes(SEARCH_JS.read_bytes())
        page = browser.new_page()
        page.on("console", lambda message: problems.extend([message.text] if message.type in ("error", "warning")
                                                          else []))
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(f"{(site / 'search.html').as_uri()}?q={query}")
        pages.append(page)
        return page

    yield open_page
    for page in pages:
        page.close()
    assert problems == []


def results(page: Page) -> list[str]:
    """The units the page lists, by the text of their links."""
    return page.locator("#results > li > a").all_inner_texts()


def test_a_word_typed_without_accents_finds_its_unit(open_search):
    page = open_search(ENTRIES, "elutasitja")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “elutasitja”.")
    expect(page.locator("#q")).to_have_value("elutasitja")
    link = page.locator("#results > li > a")
    expect(link).to_have_text("hu-nc.40")
    expect(link).to_have_attribute("href", "hu-nc.html#hu-nc.40")
    expect(page.locator("#results .witness")).to_have_text("hu-nc")
    expect(page.locator("#results .snippet")).to_have_attribute("lang", "hu")
    expect(page.locator("#results .snippet")).to_have_text(ENTRIES[0].text)
    expect(page.locator("#results mark")).to_have_text("elutasítja")
    expect(page.locator("#results .layer")).to_have_count(0)


def test_every_word_of_a_query_is_required(open_search):
    page = open_search(ENTRIES, "oszto")
    expect(page.locator("#search-status")).to_have_text("2 units match “oszto”.")
    page.fill("#q", "5")
    expect(page.locator("#search-status")).to_have_text("2 units match “5”.")
    assert sorted(results(page)) == ["de.12", "hu-nc.41"]
    page.fill("#q", "oszto 5")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “oszto 5”.")
    assert results(page) == ["hu-nc.41"]
    assert page.locator("#results mark").all_inner_texts() == ["osztó", "5"]


def test_both_spellings_find_the_unit_and_a_modern_only_match_shows_the_modern_text(open_search):
    page = open_search(ENTRIES, "kivánja")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “kivánja”.")
    page.fill("#q", "kívánja")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “kívánja”.")
    assert results(page) == ["hu-nc.40"]
    expect(page.locator("#results .layer")).to_have_count(0)
    page.fill("#q", "cél")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “cél”.")
    expect(page.locator("#results .layer")).to_have_text("found in the modern spelling")
    expect(page.locator("#results .snippet")).to_have_text(ENTRIES[0].modern)
    expect(page.locator("#results mark")).to_have_text("célt")


def test_sharp_s_is_folded_alike_in_the_index_and_the_query(open_search):
    page = open_search(ENTRIES, "STOSS")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “STOSS”.")
    expect(page.locator("#results mark")).to_have_text("Stoß")
    expect(page.locator("#results .snippet")).to_have_attribute("lang", "de")
    page.fill("#q", "Stoß")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “Stoß”.")


def test_a_query_matching_nothing_says_so(open_search):
    page = open_search(ENTRIES, "kiosztás")
    expect(page.locator("#search-status")).to_have_text("No unit matches “kiosztás”.")
    expect(page.locator("#results > li")).to_have_count(0)


def test_a_long_text_is_shown_around_its_first_match(open_search):
    before, after = " ".join(["Az osztó lapot ad."] * 20), " ".join(["A vevő lapot kér."] * 20)
    entries = [Entry("hu-nc.9", "hu-nc", "hu-nc.html#hu-nc.9", "hu", f"{before} Ha elutasítja, {after}", None)]
    page = open_search(entries, "elutasitja")
    expect(page.locator("#results mark")).to_have_text("elutasítja")
    shown = page.locator("#results .snippet").inner_text()
    assert shown.startswith("…") and shown.endswith("…")
    assert f" {shown[1:-1]} " in f" {entries[0].text} "  # whole words of the text, in their order
    assert 200 < len(shown) < len(entries[0].text) / 2


def test_results_are_capped_and_the_count_says_so(open_search):
    many = [Entry(f"hu-nc.{n}", "hu-nc", f"hu-nc.html#hu-nc.{n}", "hu", f"Az osztó {n}. lapja.", None)
            for n in range(1, 121)]
    page = open_search(many, "osztó")
    expect(page.locator("#search-status")).to_have_text("120 units match “osztó”; the first 100 are shown.")
    expect(page.locator("#results > li")).to_have_count(100)


def test_an_index_with_letters_beyond_the_basic_plane_loads(open_search):
    # "𝔄" (U+1D504) sorts after "ﬁ" (U+FB01) in Python, before it in JavaScript (UTF-16)
    entries = [Entry("en.1", "en", "en.html#en.1", "en", "The ﬁnal trick of 𝔄.", None)]
    page = open_search(entries, "final")
    expect(page.locator("#search-status")).to_have_text("1 unit matches “final”.")
    expect(page.locator("#results mark")).to_have_text("ﬁnal")
