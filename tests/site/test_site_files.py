"""The site as files: made the same way each time, every link landing, every stale or foreign input refused."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from lxml import html

from pipeline.errors import InputError
from pipeline.paths import TEI
from pipeline.site import build as site_build
from pipeline.site.bench import heaviest
from pipeline.site.text import corrections_by_id, witness_text


def test_the_same_sources_make_the_same_site(site, tmp_path):
    """Built again by the command in another process, with another hash seed: the same bytes."""
    again = tmp_path / "again"
    subprocess.run([sys.executable, "-m", "ecarte.cli", "site", "--out", str(again)], check=True,
                   capture_output=True, env={**os.environ, "PYTHONHASHSEED": "12345"})
    first = {p.relative_to(site): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}
    second = {p.relative_to(again): p.read_bytes() for p in sorted(again.rglob("*")) if p.is_file()}
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_every_link_lands_on_a_file_and_an_element(site):
    ids: dict[Path, set[str]] = {}
    broken = []
    for page in sorted(site.rglob("*.html")):
        tree = html.parse(str(page))
        for ref in tree.xpath("//a/@href | //script/@src | //link/@href | //img/@src | //form/@action"):
            parts = urlsplit(ref)
            if parts.scheme:
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file():
                broken.append((page.name, ref))
            elif parts.fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = set(html.parse(str(target)).xpath("//@id"))
                if unquote(parts.fragment) not in ids[target]:
                    broken.append((page.name, ref))
    assert broken == []


def test_the_rules_and_studies_pages_lead_to_their_units_and_figures(site):
    rules = html.parse(str(site / "rules.html"))
    refused = rules.xpath("//section[@id='rule-score.refused-first-proposal']")[0]
    assert "hu-nc.html#hu-nc.40" in refused.xpath(".//a/@href")
    assert "scenarios/hu-nc.40-dealer-refuses-first-proposal-and-loses.html" in refused.xpath(".//a/@href")
    studies = html.parse(str(site / "studies.html"))
    figures = studies.xpath("//section[@class='study']//img/@src")
    assert figures and all((site / f).read_bytes().startswith(b"<?xml") for f in figures)
    exchange = studies.xpath("//section[@id='exchange']")[0]
    assert "hu-nc.html#hu-nc.40" in exchange.xpath(".//a/@href")


def test_a_folder_the_command_did_not_write_is_refused_before_any_work(tmp_path, monkeypatch):
    monkeypatch.setattr(site_build, "gather", lambda: pytest.fail("gathered the facts before checking --out"))
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(InputError, match="did not write"):
        site_build.build(tmp_path)
    with pytest.raises(InputError, match="is a file"):
        site_build.build(tmp_path / "notes.txt")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_tei_that_is_not_what_the_sources_give_is_refused(tmp_path):
    tei = tmp_path / "tei"
    shutil.copytree(TEI, tei)
    edited = tei / "hu-nc.xml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("két pontot jelez", "három pontot jelez", 1),
                      encoding="utf-8")
    with pytest.raises(InputError, match=r"tei: the TEI is not what the sources give \(hu-nc.xml differ\)"):
        site_build.build(tmp_path / "site", tei=tei)
    assert not (tmp_path / "site").exists()


def test_a_correction_pointer_to_no_entry_is_stale(tmp_path):
    tei = tmp_path / "hu-nc.xml"
    tei.write_text((TEI / "hu-nc.xml").read_text(encoding="utf-8").replace("corr:hu-nc.5.1.c1", "corr:hu-nc.5.1.c9"),
                   encoding="utf-8")
    with pytest.raises(InputError, match=r"hu-nc.xml: corr:hu-nc.5.1.c9 names no entry of corrections.toml"):
        witness_text(tei, corrections_by_id())


def test_the_heaviest_page_counts_what_it_loads(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "big.js").write_bytes(b"x" * 5000)
    (tmp_path / "light.html").write_text('<p>a page of its own, a little longer than the other</p>')
    (tmp_path / "small.html").write_text('<script src="assets/big.js"></script>')
    name, weight = heaviest(tmp_path)
    assert name == "small.html"
    assert weight == 5000 + len('<script src="assets/big.js"></script>')
