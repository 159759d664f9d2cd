"""`ecarte site`: the reader built from the validated TEI, in order:

    check the folder may be written → validate the TEI → check the TEI is what the sources give
    → gather the facts (xref, variants, engine, conformance run, studies) → witness pages
    (text.xsl) → the views → search index → assets → the whole folder moved into place

A TEI file that does not validate, or that differs from what `ecarte build` makes of the sources
(the views beside the texts come from the sources), stops the build with the reason; nothing is
written until every page is made, the site folder is replaced whole, and a folder this command
did not write is never replaced.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from .. import corpus
from ..build import CORPUS_FILE, differing
from ..errors import InputError
from ..files import check_tree, write_tree
from ..paths import TEI
from ..validate import validate
from . import pages
from .facts import Facts, gather
from .html import unit_href
from .panels import fill
from engine.studies.plot import draw

from .search import Entry, index_script, lunr_js
from .text import corrections_by_id, witness_text

ASSETS = Path(__file__).with_name("assets")
MARKER = ".ecarte-site"
"""The file that marks a folder as a site this command wrote, and so may replace."""


@dataclass(frozen=True)
class Built:
    """What a site build made: where, how many files and bytes, how long it took (in-process)."""

    out: Path
    files: dict[str, int]               # path under the site → bytes
    seconds: float


def build(out: Path, tei: Path = TEI) -> Built:
    """Build the whole site into `out` (replacing a site built there before), from the TEI under `tei`."""
    started = time.perf_counter()
    check_tree(out, MARKER)
    sources = sorted(tei.glob("*.xml"))
    if not sources:
        raise InputError("no TEI files (run `ecarte build` first)", tei)
    check_valid(sources)
    check_fresh(tei)
    files = render(gather(), tei)
    write_tree(out, files, MARKER)
    return Built(out, {name: len(data) for name, data in files.items()}, time.perf_counter() - started)


def check_valid(sources: list[Path]) -> None:
    """Stop on TEI that does not validate, each file's own problems first (the corpus file, which
    includes the others, repeats theirs)."""
    problems = sorted(validate(sources), key=lambda p: Path(p.path).name == CORPUS_FILE)
    if problems:
        shown = "\n".join(str(p) for p in problems[:10])
        more = f"\n… and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise InputError(f"the TEI does not validate; no site was written:\n{shown}{more}", sources[0].parent)


def check_fresh(tei: Path) -> None:
    """The TEI must be what the build makes of the sources now: the views beside the texts are made
    from the sources, and a stale text would contradict them."""
    stale = differing(tei, corpus.documents())
    if stale:
        raise InputError(f"the TEI is not what the sources give ({', '.join(stale)} differ): "
                         "run `ecarte build`", tei)


def render(facts: Facts, tei: Path) -> dict[str, bytes]:
    """Every file of the site by its path under the site folder."""
    nav = tuple(w.siglum for w in facts.witnesses)
    corrections = corrections_by_id()
    files: dict[str, bytes] = {"index.html": pages.index(facts, nav)}
    for w in facts.witnesses:
        text = witness_text(tei / f"{w.siglum}.xml", corrections)
        fill(text, facts)
        files[f"{w.siglum}.html"] = pages.witness(w, text, facts, nav)
    files["parallel.html"] = pages.parallel(facts, nav)
    files["variants.html"] = pages.variants(facts, nav)
    files["rules.html"] = pages.rules(facts, nav)
    files["scenarios.html"] = pages.scenarios(facts, nav)
    for scenario in facts.scenarios:
        files[f"scenarios/{scenario.result.id}.html"] = pages.scenario(scenario, facts, nav)
        files[f"scenarios/{scenario.result.id}.toml"] = scenario.source.encode("utf-8")
    files["studies.html"] = pages.studies(facts, nav)
    for study in facts.studies:
        files[f"studies/{study.name}.svg"] = draw(study.name, study.title, study.findings, study.deals, study.seed,
                                                  ("svg",))["svg"]
    files["search.html"] = pages.search(nav)
    files["assets/search-index.js"] = index_script([
        Entry(u.id, u.witness, unit_href(u.id, u.witness), facts.language(u.witness), *facts.layers(u.id))
        for u in facts.units.values()]).encode("utf-8")
    files["assets/lunr.min.js"] = lunr_js()
    for asset in sorted(ASSETS.iterdir()):
        files[f"assets/{asset.name}"] = asset.read_bytes()
    return files
