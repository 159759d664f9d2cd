"""The reader in Debian's Chromium over file://, as a person uses it: open a rule, toggle the spelling,
open an apparatus entry, follow a parallel, filter the variants, search, and all of it by keyboard;
and, read with lxml, the DOM hooks CONTRACT.md §6 promises on every page."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable
from itertools import chain
from pathlib import Path

import pytest
from lxml import etree, html
from playwright.sync_api import Locator, Page, expect

from pipeline import corpus
from pipeline.errors import InputError
from pipeline.model import Witness
from pipeline.paths import ROOT, TEI
from pipeline.site.build import MARKER, build
from pipeline.site.text import corrections_by_id
from pipeline.variants import VariantPoint
from pipeline.xref import xref

EDITION = "hu-nc"
SCENARIO = "hu-nc.40-dealer-refuses-first-proposal-and-loses"
PHONE = {"width": 390, "height": 844}

ACTIVE = """() => {
  const e = document.activeElement, style = getComputedStyle(e), box = e.getBoundingClientRect();
  return {tag: e.tagName, id: e.id, unit: e.dataset.unit ?? null, text: e.textContent.trim().slice(0, 60),
          href: e.getAttribute("href"), outline: style.outlineStyle, width: parseFloat(style.outlineWidth),
          color: style.outlineColor, onscreen: box.bottom > 0 && box.right > 0 && box.top < innerHeight
                                               && box.left < innerWidth && box.width > 0};
}"""


# ---------------------------------------------------------------- what the corpus says the site shows

@pytest.fixture(scope="module")
def records(site: Path) -> dict[str, dict]:
    """`ecarte xref --all --json`, by unit id (the corpus the site was built from, in this process)."""
    return {record["id"]: record for record in xref(None)}


@pytest.fixture(scope="module")
def witnesses(site: Path) -> dict[str, Witness]:
    """The catalogue's witnesses by siglum."""
    return {text.witness.siglum: text.witness for text in corpus.texts().values()}


@pytest.fixture(scope="module")
def points(site: Path) -> list[VariantPoint]:
    """Every variant point of the corpus."""
    return corpus.variant_points()


def aligned_pairs(unit: dict) -> set[tuple[str, str]]:
    """Every unit aligned with a unit (its transcripts too), with the relation: what the contract's row holds."""
    return {(a["id"], a["relation"]) for a in unit["aligned"]}


def foreign_parallels(unit: dict, records: dict[str, dict], witnesses: dict[str, Witness]) -> set[tuple[str, str]]:
    """A unit's aligned units in other witnesses (not the transcripts it is made from), with the relation."""
    own = {unit["witness"], *witnesses[unit["witness"]].made_from}
    return {(a["id"], a["relation"]) for a in unit["aligned"] if records[a["id"]]["witness"] not in own}


# ---------------------------------------------------------------- helpers

def active(page: Page) -> dict:
    """The focused element as the reader sees it: what it is, its focus outline, whether it is on screen."""
    return page.evaluate(ACTIVE)


def assert_visible_focus(focused: dict) -> None:
    assert focused["onscreen"], focused
    assert focused["outline"] not in ("none", "hidden") and focused["width"] >= 2, focused


def tab_until(page: Page, wanted: Callable[[dict], bool], limit: int = 80) -> dict:
    """Presses Tab until the focused element is the one wanted; every element on the way shows its focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = active(page)
        assert_visible_focus(focused)
        if wanted(focused):
            return focused
    raise AssertionError(f"{limit} presses of Tab did not reach it; last focused: {active(page)}")


def shown_text(locator: Locator) -> str:
    """The text a reader sees (CSS-hidden text left out), whitespace collapsed."""
    return " ".join(locator.inner_text().split())


def background(locator: Locator) -> str:
    return locator.evaluate("e => getComputedStyle(e).backgroundColor")


def popover_of(page: Page, mark: Locator) -> Locator:
    return page.locator(f"[id='{mark.get_attribute('popovertarget')}']")


def assert_beside(popover: Locator, word: Locator, width: int) -> None:
    """The popover opens just below or above the word it explains, whole within the window's width."""
    near, box = word.bounding_box(), popover.bounding_box()
    gap = min(abs(box["y"] - (near["y"] + near["height"])), abs(near["y"] - (box["y"] + box["height"])))
    assert gap < 12, (near, box)
    assert 0 <= box["x"] and box["x"] + box["width"] <= width, (near, box)


def unit_selector(unit_id: str) -> str:
    return f"[id='{unit_id}']"


# ---------------------------------------------------------------- 1. open a rule

def linked_text(unit: str, records: dict) -> str:
    """A parallel's text as the panel shows it: a container linked by its lead-in shows the
    lead-in, marked as going on in its parts (en-wiki.s6.p2 for hu-nc.40)."""
    text = records[unit]["text"]
    parts = [u for u in records if u.startswith(unit + ".") and records[u]["text"]]
    return f"{text[:text.index(records[parts[0]]['text'])].strip()} …" if parts else text


def test_a_rule_opens_at_its_address_with_its_panel_and_scenarios(reader, url, records, witnesses):
    reader.goto(url("hu-nc.html#hu-nc.40"))
    rule = reader.locator(unit_selector("hu-nc.40"))
    expect(rule).to_be_in_viewport()
    assert records["hu-nc.40"]["text"] in shown_text(rule.locator("p").first)

    panel = rule.locator(":scope > aside .unit-details")
    expect(panel).to_have_attribute("open", "")
    expect(panel.get_by_role("heading", name="Parallels")).to_be_visible()
    expect(reader.locator(f"{unit_selector('hu-nc.41')} > aside .unit-details")).not_to_have_attribute("open", "")

    wanted = foreign_parallels(records["hu-nc.40"], records, witnesses)
    assert {records[unit]["witness"] for unit, _ in wanted} == {"de-scheicher", "en-wiki", "en-short"}
    sources = {a["id"]: a["source"] for a in records["hu-nc.40"]["aligned"]}
    for unit, relation in wanted:
        item = panel.locator(f".parallel[data-unit='{unit}']")
        expect(item.get_by_role("link", name=unit, exact=True)).to_be_visible()
        expect(item.locator(".relation")).to_have_text(relation)
        expect(item.locator(".origin")).to_have_text(sources[unit])
        expect(item.locator(".parallel-text")).to_have_text(linked_text(unit, records))
        expect(item.locator(".parallel-text")).to_be_visible()

    panel.get_by_role("link", name=SCENARIO, exact=True).click()
    expect(reader).to_have_url(re.compile(rf"/scenarios/{re.escape(SCENARIO)}\.html$"))
    status = dict((s["id"], s["status"]) for s in records["hu-nc.40"]["scenarios"])[SCENARIO]
    assert status == "pass"
    expect(reader.locator(".scenario-status .status")).to_have_text(status)
    expect(reader.locator(".scenario-status .status")).to_be_visible()
    path = reader.locator("main code").filter(has_text=re.compile(r"\.toml$")).inner_text()
    toml = (ROOT / path).read_text(encoding="utf-8")
    assert f'id = "{SCENARIO}"' in toml
    assert reader.locator("pre.scenario-source").inner_text().strip() == toml.strip()
    reader.get_by_role("link", name="hu-nc.40", exact=True).click()
    expect(reader).to_have_url(re.compile(r"/hu-nc\.html#hu-nc\.40$"))


# ---------------------------------------------------------------- 2. toggle the spelling

def test_the_spelling_toggle_shows_one_layer_and_is_remembered(reader, url):
    reader.goto(url("hu-nc.html"))
    rule = reader.locator(unit_selector("hu-nc.42"))
    printed, modern = rule.locator(".orig"), rule.locator(".reg")
    expect(printed).to_have_text("épúgy")
    expect(modern).to_have_text("éppúgy")
    expect(reader.get_by_role("radio", name="the print's")).to_be_checked()
    expect(printed).to_be_visible()
    expect(modern).to_be_hidden()
    assert "épúgy" in shown_text(rule) and "éppúgy" not in shown_text(rule)
    assert reader.locator(".reg:visible").count() == 0

    reader.get_by_role("radio", name="modern").click()
    expect(printed).to_be_hidden()
    expect(modern).to_be_visible()
    assert "éppúgy" in shown_text(rule) and "épúgy" not in shown_text(rule)
    assert reader.locator(".orig:visible").count() == 0

    # localStorage works for file:// in this Chromium: the choice outlives a reload and a change of page
    reader.reload()
    expect(reader.get_by_role("radio", name="modern")).to_be_checked()
    expect(modern).to_be_visible()
    expect(printed).to_be_hidden()
    reader.goto(url("parallel.html"))
    row = reader.locator(".row[data-unit='hu-nc.42'] .source")
    expect(row.locator(".reg")).to_be_visible()
    expect(row.locator(".orig")).to_be_hidden()
    assert "éppúgy" in shown_text(row)


# ---------------------------------------------------------------- 3. open an apparatus entry

def test_an_apparatus_entry_shows_the_transcripts_readings_and_why(reader, url, screenshots):
    reader.goto(url("hu-nc.html#hu-nc.40"))
    word = reader.locator(unit_selector("hu-nc.40")).get_by_role("button", name="elutasítja", exact=True)
    popover = popover_of(reader, word)
    expect(popover).to_be_hidden()
    word.click()
    expect(popover).to_be_visible()
    expect(popover.locator(".popover-title")).to_have_text("Readings")
    expect(popover.locator(".lem")).to_have_text("the edition elutasítja")
    expect(popover.locator(".rdg")).to_have_text(["hu-nc-ocr1 elutasitja", "hu-nc-ocr2 élutasítja"])
    expect(popover.locator(".reason")).to_have_text("The collation's reading, as hu-nc-ocr2, hu-nc-ocr1 read "
                                                    "(how it chooses: “How this text is edited”, above).")
    reader.keyboard.press("Escape")
    reader.locator("#editing > summary").click()               # where the reason points: the header's principles
    expect(reader.locator("#editing")).to_contain_text("hu-nc-ocr2's reading stands wherever every word")
    reader.locator("#editing > summary").click()
    word.click()
    expect(popover.locator(".reason")).to_be_visible()
    assert_beside(popover, word, reader.viewport_size["width"])
    reader.screenshot(path=screenshots / "hu-nc-40-panel-and-apparatus.png")
    reader.keyboard.press("Escape")
    expect(popover).to_be_hidden()


def test_a_correction_shows_the_prints_misprint_and_the_editors_reason(reader, url):
    entry = next(c for c in corrections_by_id().values() if c.unit == "hu-nc.5.1" and c.correction == "játékasztalnál")
    reader.goto(url("hu-nc.html#hu-nc.5.1"))
    word = reader.locator(unit_selector("hu-nc.5.1")).get_by_role("button", name=entry.correction, exact=True)
    popover = popover_of(reader, word)
    word.click()
    expect(popover).to_be_visible()
    expect(popover.locator(".sic")).to_have_text(entry.original)
    expect(popover.locator(".sic")).to_be_visible()
    assert entry.original == "játékasztálnál"
    expect(popover.locator(".reason")).to_contain_text(entry.reason)
    expect(popover.locator(".reason")).to_contain_text("The editors' correction")
    reader.keyboard.press("Escape")
    expect(popover).to_be_hidden()


# ---------------------------------------------------------------- 4. follow a parallel

def test_a_row_lights_its_parallels_and_a_parallel_leads_to_its_witness(reader, url, records, witnesses,
                                                                      screenshots):
    reader.goto(url("parallel.html"))
    row = reader.locator(".parallel-grid .row[data-unit='hu-nc.40']")
    wanted = aligned_pairs(records["hu-nc.40"])
    held = row.locator("[data-unit]").evaluate_all("els => els.map(e => [e.dataset.unit, e.dataset.relation])")
    assert {tuple(pair) for pair in held} == wanted
    parallel = row.locator(".parallel[data-unit='de-scheicher.10.1']")
    elsewhere = reader.locator(".parallel-grid .row[data-unit='hu-nc.42'] .source")
    plain = background(parallel)
    assert shown_text(row.locator(".source")).startswith(f"hu-nc.40 {records['hu-nc.40']['text']}")
    expect(parallel).to_be_visible()
    expect(parallel.locator(".relation")).to_be_visible()
    expect(parallel.locator(".origin")).to_be_visible()

    row.locator(".source .unit-text").hover()       # its own words (the transcripts below are units of their own)
    expect(parallel).to_have_class(re.compile(r"\blit\b"))
    assert background(parallel) != plain
    for unit, _ in wanted:
        expect(row.locator(f"[data-unit='{unit}']")).to_have_class(re.compile(r"\blit\b"))
    assert background(elsewhere) == plain
    row.scroll_into_view_if_needed()
    reader.screenshot(path=screenshots / "parallel-hu-nc-40-lit.png")

    reader.mouse.move(0, 0)              # the keyboard alone from here: a mouse left over the page would
    reader.locator(".parallel-grid .row[data-unit='hu-nc.42']").focus()   # light what scrolls under it
    expect(parallel).not_to_have_class(re.compile(r"\blit\b"))
    row.focus()
    expect(parallel).to_have_class(re.compile(r"\blit\b"))
    assert background(parallel) != plain

    # at a row's address, the column heads stay in view above the row, which they do not cover
    reader.goto(url("parallel.html#hu-nc.40"))
    heads = reader.locator(".parallel-grid .row.header .cell")
    expect(heads).to_have_text([EDITION, "de-scheicher", "en-wiki", "en-short"])
    expect(heads.first).to_be_in_viewport()
    assert row.bounding_box()["y"] >= heads.first.bounding_box()["y"] + heads.first.bounding_box()["height"] - 1
    expect(row.get_by_role("link", name="hu-nc.40", exact=True)).to_be_in_viewport()

    # a unit with no parallel says so in each column
    lonely = reader.locator(".parallel-grid .row[data-unit='hu-nc.42']")
    expect(lonely.locator(".no-parallel")).to_have_count(len(records["hu-nc.42"]["no_parallel"]))
    expect(lonely.locator(".no-parallel").first).to_contain_text("no parallel")

    parallel.get_by_role("link", name="de-scheicher.10.1", exact=True).click()
    expect(reader).to_have_url(re.compile(r"/de-scheicher\.html#de-scheicher\.10\.1$"))
    target = reader.locator(unit_selector("de-scheicher.10.1"))
    expect(target).to_be_in_viewport()
    expect(target).to_contain_text(records["de-scheicher.10.1"]["text"][:40])


# ---------------------------------------------------------------- 5. filter the variants

def test_the_variants_filter_by_topic_and_show_the_readings_side_by_side(reader, url, points, screenshots):
    reader.goto(url("variants.html"))
    reader.locator(".topic-filter label").filter(has_text=re.compile(r"^\s*scoring\s*$")).click()
    expect(reader.get_by_role("radio", name="scoring")).to_be_checked()
    shown = reader.locator(".point").evaluate_all(
        "els => els.map(e => [e.id, e.dataset.topic, e.checkVisibility()])")
    assert len(shown) == len(points)
    assert all(visible == (topic == "scoring") for _, topic, visible in shown), shown
    assert 1 < sum(visible for *_, visible in shown) < len(points)

    point = reader.locator("[id='refused_first_loss']")
    expect(point).to_be_visible()
    reading = {witness: point.locator(f".reading[data-witness='{witness}']")
               for witness in ("hu-nc", "de-scheicher", "en-wiki")}
    expect(reading["hu-nc"].locator(".value")).to_have_text("two-in-all")
    expect(reading["en-wiki"].locator(".value")).to_have_text("one-more")
    expect(reading["de-scheicher"].locator(".reading-status")).to_contain_text("lost")
    boxes = [reading[w].bounding_box() for w in ("hu-nc", "de-scheicher", "en-wiki")]
    assert all(abs(box["y"] - boxes[0]["y"]) < 1 for box in boxes), boxes
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"], boxes

    model = next(p for p in points if p.id == "refused_first_loss")
    for witness, scenarios in model.scenarios_by_ruleset().items():
        links = point.locator(f".reading[data-witness='{witness}'] .scenarios a")
        expect(links).to_have_text(list(scenarios))
    shown = model.scenarios_by_ruleset()["hu-nc"][0]       # a scenario the hu-nc reading decides
    expect(reading["hu-nc"].get_by_role("link", name=shown, exact=True)).to_have_attribute(
        "href", f"scenarios/{shown}.html")
    point.scroll_into_view_if_needed()
    reader.screenshot(path=screenshots / "variants-scoring.png")


# ---------------------------------------------------------------- 6. search

def test_search_finds_a_unit_from_the_page_and_from_the_header(reader, url, screenshots):
    reader.goto(url("search.html?q=elutasitja"))
    found = reader.locator("#results").get_by_role("link", name="hu-nc.40", exact=True)
    expect(found).to_be_visible()
    expect(found).to_have_attribute("href", "hu-nc.html#hu-nc.40")
    expect(reader.locator("#search-status")).to_contain_text("elutasitja")
    reader.screenshot(path=screenshots / "search-elutasitja.png")
    found.click()
    expect(reader).to_have_url(re.compile(r"/hu-nc\.html#hu-nc\.40$"))
    expect(reader.locator(unit_selector("hu-nc.40"))).to_be_in_viewport()

    reader.goto(url("parallel.html"))
    box = reader.locator("header").get_by_role("searchbox", name="Search")
    box.fill("elutasitja")
    box.press("Enter")
    expect(reader).to_have_url(re.compile(r"/search\.html\?q=elutasitja$"))
    expect(reader.locator("#q")).to_have_value("elutasitja")
    expect(reader.locator("#results").get_by_role("link", name="hu-nc.40", exact=True)).to_be_visible()


# ---------------------------------------------------------------- 7. the keyboard alone

def test_the_keyboard_alone_reaches_a_rule_its_parallels_and_its_apparatus(reader, url):
    reader.goto(url("index.html"))
    reader.keyboard.press("Tab")
    skip = active(reader)
    assert skip["text"] == "Skip to the text" and skip["href"] == "#main"
    assert_visible_focus(skip)
    focus_color = skip["color"]
    tab_until(reader, lambda f: f["href"] == "parallel.html" and f["text"] == "Parallel")
    reader.keyboard.press("Enter")
    expect(reader).to_have_url(re.compile(r"/parallel\.html$"))

    rows = reader.locator(".parallel-grid .row[data-unit]").evaluate_all("els => els.map(e => e.dataset.unit)")
    first = tab_until(reader, lambda f: f["unit"] is not None)
    assert first["unit"] == rows[0]
    # the focused row's outline is the focus ring, not the outline of the parallels it lights
    assert first["color"] == focus_color, first
    for expected in rows[1:rows.index("hu-nc.40") + 1]:
        reader.keyboard.press("ArrowDown")
        focused = active(reader)
        assert focused["unit"] == expected
        assert_visible_focus(focused)
        assert focused["color"] == focus_color, focused
    reader.keyboard.press("ArrowUp")
    assert active(reader)["unit"] == rows[rows.index("hu-nc.40") - 1]
    reader.keyboard.press("ArrowDown")
    assert active(reader)["unit"] == "hu-nc.40"

    link = tab_until(reader, lambda f: f["tag"] == "A", limit=1)
    assert link["text"] == "hu-nc.40" and link["href"] == "hu-nc.html#hu-nc.40"
    reader.keyboard.press("Enter")
    expect(reader).to_have_url(re.compile(r"/hu-nc\.html#hu-nc\.40$"))
    assert active(reader)["id"] == "hu-nc.40"

    word = tab_until(reader, lambda f: f["tag"] == "BUTTON", limit=1)
    assert word["text"] == "elutasítja"
    popover = popover_of(reader, reader.locator(unit_selector("hu-nc.40")).locator(".decision-mark").first)
    reader.keyboard.press("Enter")
    expect(popover).to_be_visible()
    reader.keyboard.press("Escape")
    expect(popover).to_be_hidden()
    assert active(reader)["text"] == "elutasítja"
    reader.keyboard.press("Space")
    expect(popover).to_be_visible()
    expect(popover.locator(".rdg").first).to_contain_text("hu-nc-ocr1")


# ---------------------------------------------------------------- 8. the contract's hooks, read with lxml

@pytest.fixture(scope="module")
def documents(site: Path) -> dict[str, html.HtmlElement]:
    """Every page of the site, parsed, by its path under the site."""
    return {path.relative_to(site).as_posix(): html.parse(str(path)).getroot() for path in sorted(site.rglob("*.html"))}


def by_id(document: html.HtmlElement, element_id: str) -> list[html.HtmlElement]:
    return document.xpath("//*[@id=$id]", id=element_id)


def classes(element: etree._Element) -> set[str]:
    return set((element.get("class") or "").split())


def within(element: etree._Element, name: str) -> bool:
    """Whether the element or one of its ancestors has the class."""
    return any(name in classes(e) for e in chain([element], element.iterancestors()))


def lang_of(element: etree._Element) -> str | None:
    """The language the element's text is read in: the nearest lang up its ancestry."""
    return next((e.get("lang") for e in chain([element], element.iterancestors()) if e.get("lang") is not None), None)


def with_words(root: etree._Element) -> list[etree._Element]:
    """The elements that hold words of their own (in their text or after a child), scripts aside."""
    return [e for e in root.iter(tag=etree.Element) if e.tag not in ("script", "style")
            and re.search(r"[^\W\d_]", (e.text or "") + "".join(child.tail or "" for child in e))]


def test_every_unit_has_its_address_on_its_witness_page(documents, records):
    missing = [unit for unit, record in records.items() if len(by_id(documents[f"{record['witness']}.html"], unit)) != 1]
    assert missing == []
    assert len(records) > 400


def test_the_parallel_view_holds_every_alignment_with_its_relation(documents, records, witnesses):
    page = documents["parallel.html"]
    checked = 0
    for unit, record in records.items():
        wanted = aligned_pairs(record)
        if record["witness"] != EDITION or not wanted:
            continue
        holders = page.xpath("//*[@data-unit=$unit]", unit=unit)
        assert len(holders) == 1, unit
        held = {(e.get("data-unit"), e.get("data-relation")) for e in holders[0].iterfind(".//*[@data-unit]")}
        assert held == wanted, unit
        checked += 1
    assert checked > 30


def test_every_variant_point_is_marked_beside_each_unit_it_cites(documents, records, points):
    unmarked = []
    for point in points:
        for unit in point.cites:
            element = by_id(documents[f"{records[unit]['witness']}.html"], unit)[0]
            marks = element.xpath("(./aside | ./td/aside)//*[contains(concat(' ', @class, ' '), ' variant ')]"
                                  "[@data-variant=$point]", point=point.id)
            if len(marks) != 1:
                unmarked.append((point.id, unit, len(marks)))
    assert unmarked == []
    assert len(points) > 40


def test_every_text_is_in_its_language(documents, records, witnesses):
    for name, document in documents.items():
        assert document.get("lang") == "en", name
    for siglum, witness in witnesses.items():
        text = documents[f"{siglum}.html"].find(".//div[@class='text']")
        wrong = []
        for element in with_words(text):
            if within(element, "parallel-text"):
                unit = next(e.get("data-unit") for e in element.iterancestors() if e.get("data-unit"))
                expected = witnesses[records[unit]["witness"]].language
            elif within(element, "foreign"):
                continue
            elif (within(element, "unit-links") or within(element, "note") or within(element, "pb")
                  or within(element, "editing")
                  or any(within(element, label) for label in ("popover-title", "who", "reason"))):
                expected = "en"     # the reader's own words: panels, labels, reasons, editorial notes
            else:
                expected = witness.language
            if lang_of(element) != expected:
                wrong.append((element.tag, element.get("class"), (element.text or "").strip()[:30], lang_of(element)))
        assert wrong == [], (siglum, wrong[:5], len(wrong))
    parallel = documents["parallel.html"]
    for element in parallel.iterfind(".//span[@class='parallel-text']"):
        unit = next(e.get("data-unit") for e in element.iterancestors() if e.get("data-unit"))
        assert lang_of(element) == witnesses[records[unit]["witness"]].language, unit
    assert {lang_of(e) for e in parallel.xpath("//span[contains(@class, 'unit-text')]")} == {"hu"}


def test_no_page_repeats_an_id(documents):
    repeated = {name: [i for i, n in Counter(document.xpath("//@id")).items() if n > 1]
                for name, document in documents.items()}
    assert {name: ids for name, ids in repeated.items() if ids} == {}
    assert len(documents) > 300


# ---------------------------------------------------------------- 9. a phone-sized screen

def test_on_a_phone_nothing_scrolls_sideways_and_the_cells_stack(open_reader, url, screenshots):
    page = open_reader(PHONE)
    for name in ("index.html", "hu-nc.html", "de-scheicher.html", "en-wiki.html", "variants.html",
                 "search.html?q=oszto", "parallel.html#hu-nc.40"):
        page.goto(url(name))
        width, viewport = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width <= viewport == PHONE["width"], name
    cells = page.locator(".parallel-grid .row[data-unit='hu-nc.40'] > .cell")
    boxes = [cells.nth(i).bounding_box() for i in range(cells.count())]
    assert len(boxes) == 4
    for above, below in zip(boxes, boxes[1:]):
        assert below["y"] >= above["y"] + above["height"] - 1 and abs(below["x"] - above["x"]) < 1, boxes
    assert all(box["x"] + box["width"] <= PHONE["width"] for box in boxes)
    expect(cells.locator(".cell-label").first).to_be_visible()
    expect(cells.locator(".cell-label")).to_have_text(["de-scheicher", "en-wiki", "en-short"])
    expect(page.locator(".parallel-grid .row.header")).to_be_hidden()
    page.screenshot(path=screenshots / "phone-parallel-hu-nc-40.png")
    page.goto(url("hu-nc.html#hu-nc.40"))
    word = page.locator(unit_selector("hu-nc.40")).get_by_role("button", name="elutasítja", exact=True)
    word.click()
    expect(popover_of(page, word)).to_be_visible()
    assert_beside(popover_of(page, word), word, PHONE["width"])


# ---------------------------------------------------------------- 10. print

def test_print_leaves_out_the_site_header(reader, url):
    reader.goto(url("hu-nc.html#hu-nc.40"))
    expect(reader.locator("header.site")).to_be_visible()
    reader.emulate_media(media="print")
    expect(reader.locator("header.site")).to_be_hidden()
    expect(reader.locator(".spelling-switch")).to_be_hidden()
    expect(reader.locator(unit_selector("hu-nc.40")).locator("p").first).to_be_visible()


# ---------------------------------------------------------------- 11. bad input

def test_a_tei_file_that_does_not_validate_stops_the_build_and_writes_nothing(tmp_path):
    tei = tmp_path / "tei"
    shutil.copytree(TEI, tei)
    broken = tei / "en-short.xml"
    source = broken.read_text(encoding="utf-8")
    line = source[:source.index("<body>")].count("\n") + 1
    broken.write_text(source.replace("<body>", "<body><bogus/>", 1), encoding="utf-8")

    fresh = tmp_path / "fresh"
    with pytest.raises(InputError) as raised:
        build(fresh, tei=tei)
    message = str(raised.value)
    assert f"{broken}:{line}: " in message
    assert 'element "bogus" not allowed' in message
    assert not fresh.exists()

    kept = tmp_path / "kept"                                 # a site built before
    kept.mkdir()
    (kept / "index.html").write_text("the site built before", encoding="utf-8")
    (kept / MARKER).write_bytes(b"")
    with pytest.raises(InputError, match="bogus"):
        build(kept, tei=tei)
    assert sorted(p.name for p in kept.iterdir()) == [MARKER, "index.html"]
    assert (kept / "index.html").read_text(encoding="utf-8") == "the site built before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept", "tei"]


def test_search_finds_a_unit_by_its_address(reader, url):
    reader.goto(url("search.html?q=hu-nc.40"))
    expect(reader.locator("#results").get_by_role("link", name="hu-nc.40", exact=True)).to_be_visible()
    expect(reader.locator("#results").get_by_role("link", name="hu-nc.41", exact=True)).to_have_count(0)
