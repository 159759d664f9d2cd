"""The reader's page shell and small HTML helpers: every page has the same header, navigation,
search box and footer, and is serialized the same way (deterministic, UTF-8, HTML5 doctype)."""
from __future__ import annotations

from lxml import html
from lxml.html import builder as E

TITLE = "Écarté rulebooks"


SECTIONS = (("parallel.html", "Parallel"), ("variants.html", "Variants"), ("rules.html", "Engine rules"),
            ("scenarios.html", "Scenarios"), ("studies.html", "Studies"), ("search.html", "Search"))


def page(name: str, title: str, body_class: str, nav: tuple[str, ...], main: list, lang: str = "en",
         scripts: tuple[str, ...] = ()) -> bytes:
    """A whole page at `name` (a path under the site): `main` inside the shared shell, whose navigation
    lists the witnesses `nav`."""
    root = "../" * name.count("/")
    links = [E.LI(E.A(TITLE, href=f"{root}index.html", **{"class": "home"}))]
    links += [E.LI(E.A(siglum, href=f"{root}{siglum}.html")) for siglum in nav]
    links += [E.LI(E.A(label, href=f"{root}{href}")) for href, label in SECTIONS]
    for item in links:
        anchor = item[0]
        if anchor.get("href") == f"{root}{name}":
            anchor.set("aria-current", "page")
    header = E.HEADER(
        E.A("Skip to the text", href="#main", **{"class": "skip"}),
        E.NAV(E.UL(*links), **{"aria-label": "Site"}),
        E.FORM(E.LABEL("Search", **{"for": "site-q", "class": "visually-hidden"}),
               E.INPUT(id="site-q", name="q", type="search", placeholder="Search the texts"),
               E.BUTTON("Search", type="submit"),
               **{"class": "site-search", "role": "search", "action": f"{root}search.html", "method": "get"}),
        **{"class": "site"})
    footer = E.FOOTER(E.P("The Écarté edition: the rulebooks in TEI, aligned, and tied to an executable rules engine. "
                          "Text and encoding CC BY-SA 4.0; the rights in each source are stated in its TEI file."))
    head = E.HEAD(E.META(charset="utf-8"), E.META(name="viewport", content="width=device-width, initial-scale=1"),
                  E.TITLE(f"{title} · {TITLE}"),
                  E.LINK(rel="stylesheet", href=f"{root}assets/reader.css"),
                  E.SCRIPT(src=f"{root}assets/reader.js", defer="defer"))
    tail = [E.SCRIPT(src=f"{root}assets/{script}") for script in scripts]
    document = E.HTML(head, E.BODY(header, E.MAIN(*main, id="main", lang=lang), footer, *tail,
                                   **{"class": body_class}), lang="en")
    return html.tostring(document, doctype="<!DOCTYPE html>", encoding="utf-8", method="html")


def cls(name: str, **attributes: str) -> dict[str, str]:
    """Attributes with a class (a reserved word in Python)."""
    return {"class": name, **attributes}


def unit_href(unit_id: str, witness: str, root: str = "") -> str:
    """Where a unit is read: its witness page, at its id."""
    return f"{root}{witness}.html#{unit_id}"


def scenario_href(scenario_id: str, root: str = "") -> str:
    """A scenario's own page."""
    return f"{root}scenarios/{scenario_id}.html"

