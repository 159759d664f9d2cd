"""The validate stage: every TEI file against the RELAX NG schema (jing) and the Schematron rules.

RELAX NG runs in jing, the reference validator (it also follows the teiCorpus's XIncludes).
The Schematron rules need XPath 3 (lxml's isoschematron is XSLT 1 only), and no package on
PyPI ships an ISO Schematron compiler for saxonche, so `compile_schematron` is a small one:
each pattern becomes an XSLT 3 mode whose rules are templates in document order (the first
rule whose context matches a node fires, as ISO Schematron says), each assert and report an
`xsl:if` that writes a problem with the node's `path()`; the path is turned back into a line
number with lxml. Supported: ns, let (schema, pattern, rule), pattern, rule, assert, report,
value-of, name, and xsl:key / xsl:function at the top level; not: phases, abstract patterns,
includes, diagnostics (compiling a schema that uses them fails, never silently).
"""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree
from saxonche import PySaxonApiError, PySaxonProcessor

from .errors import InputError
from .paths import SCHEMA

RELAXNG = SCHEMA / "ecarte-tei.rng"
SCHEMATRON = SCHEMA / "ecarte-tei.sch"
SCH_NS = "http://purl.oclc.org/dsdl/schematron"
XSL_NS = "http://www.w3.org/1999/XSL/Transform"
SUPPORTED = {"schema", "title", "ns", "let", "pattern", "rule", "assert", "report", "value-of", "name", "p"}
JING_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?:error|fatal): (?P<message>.*)$")
PARSER = etree.XMLParser(collect_ids=False)
"""Duplicate xml:ids are the Schematron's to report, with the others; libxml2 would stop at the first."""
ELEMENT_STEP = re.compile(r"/Q\{(?P<ns>[^}]*)\}(?P<name>[^\[/]+)\[(?P<index>\d+)\]")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, where it is and what it is."""

    path: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}" if self.line else f"{self.path}: {self.message}"


def validate(paths: list[Path], relaxng: Path = RELAXNG, schematron: Path = SCHEMATRON) -> list[Problem]:
    """All problems of the files: not well-formed, invalid by the RELAX NG schema, or by the Schematron."""
    problems: list[Problem] = []
    trees: dict[Path, etree._ElementTree] = {}
    for path in paths:
        try:
            trees[path] = etree.parse(str(path), PARSER)
        except OSError as error:
            problems.append(Problem(str(path), None, f"cannot read: {error}"))
        except etree.XMLSyntaxError as error:
            problems.append(Problem(str(path), error.lineno, f"not well-formed XML: {error.msg}"))
    if trees:
        problems += run_jing(list(trees), relaxng)
        problems += run_schematron(trees, schematron)
    order = {str(path): i for i, path in enumerate(paths)}
    return sorted(set(problems), key=lambda p: (order.get(p.path, len(order)), p.path, p.line or 0, p.message))


def run_jing(paths: list[Path], relaxng: Path = RELAXNG) -> list[Problem]:
    """The RELAX NG problems of the files, as jing reports them."""
    jing = shutil.which("jing")
    if jing is None:
        raise InputError("jing is not installed (Debian package 'jing'; `make test` installs it)")
    result = subprocess.run([jing, str(relaxng), *map(str, paths)], capture_output=True, text=True)
    shown = {str(path.absolute()): str(path) for path in paths}   # jing prints absolute paths
    problems = []
    for line in result.stdout.splitlines():
        match = JING_LINE.match(line)
        if match:
            problems.append(Problem(shown.get(match["path"], match["path"]), int(match["line"]),
                                    match["message"]))
    if result.returncode != 0 and not problems:
        detail = (result.stdout + result.stderr).strip().splitlines()
        problems.append(Problem(str(relaxng), None, f"jing failed: {detail[-1] if detail else result.returncode}"))
    return problems


def run_schematron(trees: dict[Path, etree._ElementTree], schematron: Path = SCHEMATRON) -> list[Problem]:
    """The Schematron problems of the parsed files, with the lines of the nodes they concern."""
    executable = _compiled(schematron, schematron.stat().st_mtime_ns)
    problems = []
    for path, tree in trees.items():
        try:
            report = executable.transform_to_string(source_file=str(path.resolve()))
        except PySaxonApiError as error:
            problems.append(Problem(str(path), None, f"Schematron could not run: {error}"))
            continue
        for found in etree.fromstring(report.encode()):
            message = " ".join("".join(found.itertext()).split())
            problems.append(Problem(str(path), line_of(tree, found.get("path")), message))
    return problems


def compile_schematron(schema: etree._ElementTree) -> str:
    """An XSLT 3 stylesheet that reports every failed assert and successful report as a <problem>."""
    root = schema.getroot()
    unsupported = {etree.QName(e).localname for e in root.iter(f"{{{SCH_NS}}}*")} - SUPPORTED
    if unsupported or root.get("queryBinding", "").lower() not in ("xslt2", "xslt3"):
        raise InputError(f"unsupported Schematron: {sorted(unsupported) or root.get('queryBinding')}",
                         schema.docinfo.URL)
    namespaces = {ns.get("prefix"): ns.get("uri") for ns in root.iterfind(f"{{{SCH_NS}}}ns")}
    xsl = etree.Element(f"{{{XSL_NS}}}stylesheet", nsmap={"xsl": XSL_NS, **namespaces},
                        version="3.0", **{"exclude-result-prefixes": "#all"})
    start = etree.SubElement(xsl, f"{{{XSL_NS}}}template", match="/")
    report = etree.SubElement(start, "problems")
    for child in root.iterchildren(etree.Element):
        if etree.QName(child).namespace == XSL_NS:
            xsl.append(child.__copy__())
        elif child.tag == f"{{{SCH_NS}}}let":
            xsl.append(_variable(child))
    for number, pattern in enumerate(root.iterfind(f"{{{SCH_NS}}}pattern"), start=1):
        mode = f"pattern{number}"
        etree.SubElement(xsl, f"{{{XSL_NS}}}mode", name=mode, **{"on-no-match": "shallow-skip"})
        etree.SubElement(report, f"{{{XSL_NS}}}apply-templates", select="/", mode=mode)
        xsl.extend(_variable(let) for let in pattern.iterfind(f"{{{SCH_NS}}}let"))
        rules = pattern.findall(f"{{{SCH_NS}}}rule")
        for rank, rule in enumerate(rules):
            xsl.append(_template(rule, mode, priority=len(rules) - rank))
    return etree.tostring(xsl, encoding="unicode")


def line_of(tree: etree._ElementTree, path: str | None) -> int | None:
    """The line of the element an XPath 3 `path()` names (for an attribute or text, its element)."""
    node = None
    for match in ELEMENT_STEP.finditer(path or ""):
        tag = etree.QName(match["ns"] or None, match["name"]).text
        siblings = [tree.getroot()] if node is None else node.findall(tag)
        index = int(match["index"]) - 1
        if index >= len(siblings) or siblings[index].tag != tag:
            break
        node = siblings[index]
    return node.sourceline if node is not None else None


def _variable(let: etree._Element) -> etree._Element:
    return etree.Element(f"{{{XSL_NS}}}variable", name=let.get("name"), select=let.get("value"))


def _template(rule: etree._Element, mode: str, priority: int) -> etree._Element:
    """The template of one rule: its lets, a check per assert or report, then on to the children."""
    template = etree.Element(f"{{{XSL_NS}}}template", match=rule.get("context"), mode=mode,
                             priority=str(priority))
    for check in rule.iterchildren(etree.Element):
        kind = etree.QName(check).localname
        if kind == "let":
            template.append(_variable(check))
        elif kind in ("assert", "report"):
            test = check.get("test")
            condition = etree.SubElement(template, f"{{{XSL_NS}}}if",
                                         test=f"not({test})" if kind == "assert" else test)
            problem = etree.SubElement(condition, "problem")
            etree.SubElement(problem, f"{{{XSL_NS}}}attribute", name="path", select="path()")
            _message(check, problem)
    etree.SubElement(template, f"{{{XSL_NS}}}apply-templates", select="@*|node()", mode="#current")
    return template


def _message(check: etree._Element, out: etree._Element) -> None:
    """Copy an assert's text into `out`, its value-of and name elements as xsl:value-of."""
    out.append(etree.Element(f"{{{XSL_NS}}}text"))
    out[-1].text = check.text or ""
    for part in check.iterchildren(etree.Element):
        local = etree.QName(part).localname
        select = part.get("select") if local == "value-of" else f"name({part.get('path', '.')})"
        out.append(etree.Element(f"{{{XSL_NS}}}value-of", select=select))
        out.append(etree.Element(f"{{{XSL_NS}}}text"))
        out[-1].text = part.tail or ""


@cache
def _compiled(schematron: Path, mtime: int):
    """The Schematron compiled once per process (and again if the file changes)."""
    stylesheet = compile_schematron(etree.parse(str(schematron)))
    compiler = _saxon().new_xslt30_processor()
    return compiler.compile_stylesheet(stylesheet_text=stylesheet)


@cache
def _saxon():
    """One Saxon processor for the process, started on first use (saxonche does not like two)."""
    return PySaxonProcessor(license=False)
