"""`ecarte site`: the reader built from the validated TEI, in order:

    validate the TEI → gather the facts (xref, variants, engine, conformance run, studies)
    → check the TEI holds the units the facts name → witness pages (text.xsl) → the views
    → search index → assets → the whole folder moved into place

A TEI file that does not validate stops the build with the validator's messages; nothing is
written until every page is made, and the site folder is replaced whole.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from ..errors import InputError
from ..files import write_tree
from ..paths import TEI
from ..validate import validate
from . import pages
from .facts import Facts, gather
from .html import Nav, unit_href
from .panels import fill
from .plots import study_svg
from .search import Entry, index_script, lunr_js
from .text import corrections_by_id, witness_text

ASSETS = Path(__file__).with_name("assets")
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"


@dataclass(frozen=True)
class Built:
    """What a site build made: where, how many files and bytes, the largest page, how long it took."""

    out: Path
    files: int
    bytes: int
    largest: tuple[str, int]
    seconds: float


def build(out: Path, tei: Path = TEI) -> Built:
    """Build the whole site into `out` (replacing it), from the TEI under `tei`."""
    started = time.perf_counter()
    sources = sorted(tei.glob("*.xml"))
    if not sources:
        raise InputError("no TEI files (run `ecarte build` first)", tei)
    problems = validate(sources)
    if problems:
        shown = "\n".join(str(p) for p in problems[:10])
        more = f"\n… and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise InputError(f"the TEI does not validate; no site was written:\n{shown}{more}", tei)
    facts = gather()
    files = render(facts, tei)
    write_tree(out, files)
    largest = max(((name, len(data)) for name, data in files.items() if name.endswith(".html")), key=lambda x: x[1])
    return Built(out, len(files), sum(map(len, files.values())), largest, time.perf_counter() - started)


def render(facts: Facts, tei: Path) -> dict[str, bytes]:
    """Every file of the site by its path under the site folder."""
    languages = {w.siglum: w.language for w in facts.witnesses}
    nav = Nav(tuple((w.siglum, w.language) for w in facts.witnesses))
    corrections = corrections_by_id()
    files: dict[str, bytes] = {"index.html": pages.index(facts, nav)}
    for w in facts.witnesses:
        path = tei / f"{w.siglum}.xml"
        if not path.exists():
            raise InputError(f"no TEI for witness {w.siglum} (run `ecarte build`)", path)
        check_units(path, [u.id for u in facts.of(w.siglum)])
        text = witness_text(path, corrections)
        fill(text, facts, languages)
        files[f"{w.siglum}.html"] = pages.witness(w, text, facts, nav)
    files["parallel.html"] = pages.parallel(facts, nav, languages)
    files["variants.html"] = pages.variants(facts, nav)
    files["rules.html"] = pages.rules(facts, nav)
    files["scenarios.html"] = pages.scenarios(facts, nav)
    for scenario in facts.scenarios:
        files[f"scenarios/{scenario.result.id}.html"] = pages.scenario(scenario, facts, nav)
    files["studies.html"] = pages.studies(facts.studies, facts, nav)
    for study in facts.studies:
        files[f"studies/{study.name}.svg"] = study_svg(study)
    files["search.html"] = pages.search(nav)
    files["assets/search-index.js"] = index_script([
        Entry(u.id, u.witness, unit_href(u.id, u.witness), languages[u.witness], u.text, u.modern)
        for u in facts.units.values()]).encode("utf-8")
    files["assets/lunr.min.js"] = lunr_js()
    for asset in sorted(ASSETS.iterdir()):
        files[f"assets/{asset.name}"] = asset.read_bytes()
    return files


def check_units(path: Path, expected: list[str]) -> None:
    """The TEI must hold exactly the units the corpus (built from the sources) names, else it is stale."""
    held = [e.get(XML_ID) for e in etree.parse(str(path)).iterfind(".//{*}text//*[@{http://www.w3.org/XML/1998/namespace}id]")]
    missing, extra = sorted(set(expected) - set(held)), sorted(set(held) - set(expected))
    if missing or extra:
        what = (f"lacks {', '.join(missing[:5])}" if missing else f"holds units the sources do not: {', '.join(extra[:5])}")
        raise InputError(f"the TEI is stale: it {what}; run `ecarte build`", path)
