"""The TEI writer: units become div/p/head/list/table with their ids, lines keep the reading text."""
from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from pipeline import corpus, tei
from pipeline.errors import InputError
from pipeline.model import Hyphen, Kind, Line, Unit, Witness, join_lines
from pipeline.sources import Dating
from pipeline.tei import load_context
from pipeline.tei.xml import TEI_NS, XI_NS, XML_ID, XML_LANG, lead_in_id

ROOT = Path(__file__).resolve().parents[2]
NS = {"t": TEI_NS, "xi": XI_NS}
CATEGORIES = {"title": "title page: states no rule", "heading": "a heading: states no rule"}


@pytest.fixture(scope="module")
def context():
    """The real principles and versions; no decisions on French or losses (they name real units)."""
    return dataclasses.replace(load_context(ROOT / "corpus"), categories=CATEGORIES, foreign=None, losses=None)


def witness(siglum: str = "hu-nc", language: str = "hu", **fields) -> Witness:
    return Witness(siglum, "A Nemzeti Casinonak écarté-szabályai", language, "edition", None, None,
                   "numbered-rules", author="Nemzeti Casino", date=Dating("c. 1900"), **fields)


def unit(id: str, kind: Kind, *lines: Line, **fields) -> Unit:
    return Unit(id=id, witness=id.split(".")[0], kind=kind, lines=list(lines), **fields)


def sample_units() -> list[Unit]:
    """One of every kind and nesting the writer knows."""
    return [
        unit("hu-nc.front", Kind.FRONT, normative=False, reason="title", children=[
            unit("hu-nc.front.1", Kind.PARAGRAPH, Line("A NEMZETI CASINONAK", 1), Line("ÉCARTÉ-SZABÁLYAI", 2))]),
        unit("hu-nc.h1", Kind.HEADING, Line("A kéz és az osztás.", 5, page_break_before=True),
             normative=False, reason="heading"),
        unit("hu-nc.3", Kind.RULE, Line("Feljegyzés a tétek-", 7, hyphen=Hyphen.SOFT),
             Line("ről és a chouette-", 8, hyphen=Hyphen.HARD), Line("ben. Ha", 9, page_break_before=True),
             n="3", printed_label="3.", gap_after="lost"),
        unit("hu-nc.44", Kind.RULE, n="44", printed_label="4g.", children=[
            unit("hu-nc.44.1", Kind.PARAGRAPH, Line("Első bekezdés:", 11), n="1", children=[
                unit("hu-nc.44.1.a", Kind.ITEM, Line("egy", 12), n="a", children=[
                    unit("hu-nc.44.1.a.i1", Kind.ITEM, Line("alatta", 13), n="•")]),
                unit("hu-nc.44.1.b", Kind.ITEM, Line("kettő", 14), n="b"),
                unit("hu-nc.44.1.r1", Kind.ROW, Line("Bei", 15), Line("5", 15))]),
            unit("hu-nc.44.2", Kind.PARAGRAPH, Line("Második.", 16), n="2"),
            unit("hu-nc.44.h1", Kind.HEADING, Line("Fehler beim Teilen", 17)),
            unit("hu-nc.44.6", Kind.PARAGRAPH, Line("Hatodik.", 18), n="6")]),
        unit("hu-nc.5", Kind.RULE, n="5", printed_label="§ 5", head="Die Partie", children=[
            unit("hu-nc.5.1", Kind.PARAGRAPH, Line("Eine Partie.", 20))]),
        unit("hu-nc.s4", Kind.SECTION, head="The rules", children=[
            unit("hu-nc.s4.fig1", Kind.FIGURE, Line("A player, 1926", 21)),
            unit("hu-nc.s4.p1", Kind.PARAGRAPH, Line("Text.", 22))]),
        unit("hu-nc.back", Kind.BACK, Line("Copyright", 30)),
    ]


def parse(data: bytes) -> etree._Element:
    return etree.fromstring(data)


def by_id(root: etree._Element, id: str) -> etree._Element:
    found = root.xpath("//*[@xml:id=$id]", id=id)
    assert len(found) == 1, f"{len(found)} elements with xml:id {id}"
    return found[0]


ALTERNATIVES = {f"{{{TEI_NS}}}{tag}" for tag in ("label", "rdg", "sic", "reg", "note", "desc")}
"""What is not the reading text: printed labels, the witnesses' readings, misprints, modern forms,
the editors' notes and descriptions of gaps."""


def reading_text(element: etree._Element) -> str:
    """The element's own text: without printed labels, alternative readings and nested units."""
    element = copy.deepcopy(element)
    for node in list(element.iterdescendants()):
        if node.tag in ALTERNATIVES or node.get(XML_ID):
            _drop(node)
    return " ".join("".join(element.itertext()).split())


def _drop(node: etree._Element) -> None:
    """Remove an element but keep the text that follows it."""
    parent, previous = node.getparent(), node.getprevious()
    if parent is None:
        return
    if previous is not None:
        previous.tail = (previous.tail or "") + (node.tail or "")
    else:
        parent.text = (parent.text or "") + (node.tail or "")
    parent.remove(node)


def line_holder(element: etree._Element) -> etree._Element:
    """Where a unit's lines are written: itself, a container's lead-in, a figure's head, or a
    div's unnumbered p."""
    local = etree.QName(element).localname
    lead_in = element.find("t:seg[@type='lead-in']", NS)
    if lead_in is not None:
        return lead_in
    if local == "figure":
        return element.find("t:head", NS)
    if local == "div":
        return element.find("t:p", NS)
    return element


def test_same_units_give_the_same_bytes(context):
    first = tei.witness_document(witness(), sample_units(), context)
    assert first == tei.witness_document(witness(), sample_units(), context)
    assert first.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n') and first.endswith(b"</TEI>\n")


def test_root_carries_the_siglum_and_language(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    assert root.tag == f"{{{TEI_NS}}}TEI"
    assert (root.get(XML_ID), root.get(XML_LANG)) == ("hu-nc", "hu")


def test_every_unit_is_one_element_with_its_id_and_number(context):
    units = sample_units()
    root = parse(tei.witness_document(witness(), units, context))
    for u in (x for top in units for x in top.walk()):
        assert by_id(root, u.id).get("n") == u.n


def test_kinds_map_to_tei_elements(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    assert by_id(root, "hu-nc.front").xpath("parent::t:front and @type='front'", namespaces=NS)
    assert by_id(root, "hu-nc.back").xpath("parent::t:back and @type='back'", namespaces=NS)
    heading = by_id(root, "hu-nc.h1")
    assert heading.xpath("self::t:head and parent::t:div[@type='section' and not(@xml:id)]", namespaces=NS)
    rules = [d.get(XML_ID) for d in heading.getparent().findall("t:div", NS)]
    assert rules == ["hu-nc.3", "hu-nc.44", "hu-nc.5"]   # a titled rule stays under the heading,
    assert by_id(root, "hu-nc.s4").getparent().tag == f"{{{TEI_NS}}}body"  # a titled section stands apart
    assert by_id(root, "hu-nc.3").xpath("self::t:div[@type='rule'][@n='3']/t:p[not(@xml:id)]", namespaces=NS)
    assert by_id(root, "hu-nc.44.1.a").xpath("self::t:item/parent::t:list/parent::t:p", namespaces=NS)
    assert by_id(root, "hu-nc.44.1.a.i1").xpath("parent::t:list/parent::t:item", namespaces=NS)
    assert by_id(root, "hu-nc.44.1.r1").xpath("self::t:row[count(t:cell)=2]/parent::t:table", namespaces=NS)
    assert by_id(root, "hu-nc.s4").xpath("self::t:div[@type='section']/t:head = 'The rules'", namespaces=NS)
    assert by_id(root, "hu-nc.s4.fig1").xpath("self::t:figure/t:head", namespaces=NS)


def test_heading_inside_a_rule_opens_a_subsection(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    sub = by_id(root, "hu-nc.44.h1").getparent()
    assert sub.get("type") == "subsection" and sub.getparent().get(XML_ID) == "hu-nc.44"
    assert [e.get(XML_ID) for e in sub] == ["hu-nc.44.h1", "hu-nc.44.6"]


def test_printed_label_starts_the_first_line_or_the_head(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    first_p = by_id(root, "hu-nc.44.1")      # its lead-in follows the line's break and the rule's number
    assert [etree.QName(e).localname for e in first_p][:3] == ["lb", "label", "seg"]
    assert first_p.find("t:label", NS).text == "4g."
    assert by_id(root, "hu-nc.5").find("t:head/t:label", NS).text == "§ 5"
    assert reading_text(by_id(root, "hu-nc.5").find("t:head", NS)) == "Die Partie"


def test_line_breaks_hyphens_page_breaks_and_lacunae(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    p = by_id(root, "hu-nc.3").find("t:p", NS)
    marks = [(etree.QName(e).localname, dict(e.attrib)) for e in p if etree.QName(e).localname != "label"]
    assert marks == [("lb", {}), ("lb", {"break": "no", "rend": "hyphen"}),
                     ("pb", {"break": "no"}), ("lb", {"break": "no"}), ("gap", {"reason": "lost"})]
    assert reading_text(p) == "Feljegyzés a tétekről és a chouette-ben. Ha"


def test_non_normative_units_point_to_their_category_in_the_header(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    assert by_id(root, "hu-nc.front").get("ana") == "#hu-nc.nonnormative.title"
    category = by_id(root, "hu-nc.nonnormative.title")
    assert category.xpath("ancestor::t:classDecl and t:catDesc = $d", namespaces=NS, d=CATEGORIES["title"])
    assert by_id(root, "hu-nc.3").get("ana") is None


def test_unknown_normativity_reason_is_refused_naming_the_unit(context):
    units = [unit("hu-nc.1", Kind.RULE, Line("x", 1), normative=False, reason="gossip")]
    with pytest.raises(InputError, match=r"hu-nc\.1.*'gossip'"):
        tei.witness_document(witness(), units, context)


def test_paragraph_inside_a_paragraph_is_refused(context):
    inner = unit("hu-nc.p1.p1", Kind.PARAGRAPH, Line("y", 2))
    units = [unit("hu-nc.p1", Kind.PARAGRAPH, Line("x", 1), children=[inner])]
    with pytest.raises(InputError, match=r"hu-nc\.p1\.p1"):
        tei.witness_document(witness(), units, context)


def test_header_describes_source_encoding_and_languages(context):
    root = parse(tei.witness_document(witness(base="hu-nc-ocr2", title_en="The rules"), sample_units(), context))
    header = root.find("t:teiHeader", NS)
    for path in ("t:fileDesc/t:titleStmt/t:respStmt/t:name", "t:fileDesc/t:publicationStmt/t:availability/t:licence",
                 "t:fileDesc/t:sourceDesc/t:bibl/t:author", "t:encodingDesc/t:editorialDecl/t:hyphenation",
                 "t:encodingDesc/t:editorialDecl/t:segmentation", "t:encodingDesc/t:appInfo/t:application"):
        assert header.find(path, NS) is not None, path
    assert header.find("t:fileDesc/t:sourceDesc/t:bibl/t:relatedItem", NS).get("target") == "hu-nc-ocr2.xml#hu-nc-ocr2"
    declared = [lang.get("ident") for lang in header.iterfind(".//t:langUsage/t:language", NS)]
    assert declared == ["hu", "en"]
    assert {e.get(XML_LANG) for e in root.iter() if e.get(XML_LANG)} <= set(declared)


def test_language_without_a_name_is_refused(context):
    with pytest.raises(InputError, match="'xx'"):
        tei.witness_document(witness(language="xx"), sample_units(), context)


def test_corpus_includes_every_witness_and_declares_all_languages(context):
    witnesses = [witness(), witness("en-short", "en")]
    root = parse(tei.corpus_document(witnesses, context))
    assert root.tag == f"{{{TEI_NS}}}teiCorpus" and root.get(XML_ID) == "ecarte"
    assert [i.get("href") for i in root.iterfind("xi:include", NS)] == ["hu-nc.xml", "en-short.xml"]
    assert [b.get("corresp") for b in root.iterfind(".//t:sourceDesc/t:listBibl/t:bibl", NS)] == [
        "hu-nc.xml#hu-nc", "en-short.xml#en-short"]
    assert {lang.get("ident") for lang in root.iterfind(".//t:langUsage/t:language", NS)} == {"hu", "en"}


words = st.text(alphabet="abcőéÉ&<>«»'\".,;", min_size=1, max_size=8)


@st.composite
def lines(draw) -> list[Line]:
    out = []
    for number in range(draw(st.integers(1, 6))):
        text = " ".join(draw(st.lists(words, min_size=1, max_size=4)))
        hyphen = draw(st.sampled_from([None, *Hyphen]))
        out.append(Line(text + "-" if hyphen else text, number + 1,
                        page_break_before=draw(st.booleans()), hyphen=hyphen))
    return out


@settings(max_examples=200, deadline=None)
@given(lines())
def test_paragraph_text_is_the_reading_text_of_its_lines(lines):
    context = tei.TeiContext(load_context(ROOT / "corpus").principles)
    units = [unit("hu-nc.1", Kind.RULE, *lines, n="1", printed_label="1.")]
    root = parse(tei.witness_document(witness(), units, context))
    assert reading_text(by_id(root, "hu-nc.1").find("t:p", NS)) == join_lines(lines)


@pytest.fixture(scope="module")
def built():
    """Every witness of the real corpus with its TEI, parsed."""
    texts = corpus.load_corpus()
    real = load_context(ROOT / "corpus")
    return [(text, parse(tei.witness_document(text.witness, text.units, real))) for text in texts.values()]


def test_every_unit_of_the_corpus_keeps_its_reading_text_in_tei(built):
    for text, root in built:
        for u in text.walk():
            element = by_id(root, u.id)
            if u.kind is Kind.ROW:
                assert [" ".join(c.itertext()) for c in element] == [line.text for line in u.lines]
            elif u.lines:
                assert reading_text(line_holder(element)) == join_lines(u.lines), u.id
            if u.head and u.kind is not Kind.FIGURE:
                assert reading_text(element.find("t:head", NS)) == " ".join(u.head.split()), u.id


def test_corpus_tei_has_no_ids_but_the_units_and_their_lead_ins(built):
    for text, root in built:
        unit_ids = {u.id for u in text.walk()} | {lead_in_id(u.id) for u in text.walk() if u.leads_in}
        text_ids = {e.get(XML_ID) for e in root.find("t:text", NS).iter() if e.get(XML_ID)}
        assert text_ids == unit_ids, text.witness.siglum


def test_units_inside_a_heading_are_refused(context):
    units = [unit("hu-nc.h1", Kind.HEADING, Line("x", 1), children=[unit("hu-nc.h1.1", Kind.PARAGRAPH, Line("y", 2))])]
    with pytest.raises(InputError, match=r"hu-nc\.h1\.1"):
        tei.witness_document(witness(), units, context)


def test_a_heading_unit_of_its_own_is_the_head_of_its_section(context):
    units = [unit("hu-nc.s1", Kind.HEADING, Line("The rules", 1)),
             unit("hu-nc.s2", Kind.SECTION, head="cards", children=[
                 unit("hu-nc.s2.head", Kind.HEADING, Line("cards", 2)),
                 unit("hu-nc.s2.p1", Kind.PARAGRAPH, Line("Text.", 3))])]
    root = parse(tei.witness_document(witness(), units, context))
    section = by_id(root, "hu-nc.s2")
    assert [e.get(XML_ID) for e in section] == ["hu-nc.s2.head", "hu-nc.s2.p1"]
    assert section[0].tag == f"{{{TEI_NS}}}head" and reading_text(section[0]) == "cards"
    assert len(by_id(root, "hu-nc.s1").getparent()) == 1      # a heading over headed sections holds none


def test_a_container_lead_in_has_an_id_of_its_own_and_its_parts_stay_outside_it(context):
    root = parse(tei.witness_document(witness(), sample_units(), context))
    lead_in = by_id(root, "hu-nc.44.1.lead-in")
    assert (etree.QName(lead_in).localname, lead_in.get("type")) == ("seg", "lead-in")
    assert lead_in.getparent() is by_id(root, "hu-nc.44.1") and reading_text(lead_in) == "Első bekezdés:"
    assert by_id(root, "hu-nc.44.1.a.lead-in").getparent() is by_id(root, "hu-nc.44.1.a")
    assert not root.xpath("//*[@xml:id='hu-nc.44.2.lead-in' or @xml:id='hu-nc.44.lead-in']")   # a leaf, a container without one


def test_a_lead_in_that_begins_a_page_or_a_rule_with_lines_of_its_own(context):
    """The page break before a lead-in's first line stands before the rule, as any page's does;
    a rule or section with words before its parts has them in its unnumbered p, as a lead-in."""
    units = sample_units()
    rule = units[3]
    rule.children[0].lines[0] = dataclasses.replace(rule.children[0].lines[0], page_break_before=True)
    units.append(unit("hu-nc.9", Kind.RULE, Line("Kilencz:", 40), n="9", children=[
        unit("hu-nc.9.1", Kind.PARAGRAPH, Line("Egy.", 41), n="1")]))
    root = parse(tei.witness_document(witness(), units, context))
    lead_in = by_id(root, "hu-nc.44.1.lead-in")
    assert lead_in.find("t:pb", NS) is None and by_id(root, "hu-nc.44").getprevious().tag == f"{{{TEI_NS}}}pb"
    div_lead_in = by_id(root, "hu-nc.9.lead-in")
    assert div_lead_in.getparent().getparent() is by_id(root, "hu-nc.9") and reading_text(div_lead_in) == "Kilencz:"


def test_a_link_to_a_container_by_its_lead_in_points_at_the_lead_in():
    root = etree.fromstring((ROOT / "corpus" / "tei" / "ecarte.xml").read_bytes())
    targets = [l.get("target").split() for l in root.iterfind(f".//{{{TEI_NS}}}linkGrp[@type='alignment']/{{{TEI_NS}}}link")]
    ends = {end for pair in targets for end in pair}
    assert "en-wiki.xml#en-wiki.s7.p1.lead-in" in ends and "en-wiki.xml#en-wiki.s7.p1" not in ends
    wiki = etree.fromstring((ROOT / "corpus" / "tei" / "en-wiki.xml").read_bytes())
    assert reading_text(by_id(wiki, "en-wiki.s7.p1.lead-in")).startswith("There is compulsory color")
    assert reading_text(by_id(wiki, "en-wiki.s7.p1.lead-in")).endswith("the opponent must")


def test_the_corpus_file_carries_the_alignment_and_the_variant_points_stand_off():
    root = etree.fromstring((ROOT / "corpus" / "tei" / "ecarte.xml").read_bytes())
    ns = {"t": TEI_NS}
    [alignment] = root.findall("t:standOff/t:linkGrp[@type='alignment']", ns)
    links = {link.get("target"): link for link in alignment}
    link = links["hu-nc.xml#hu-nc.40 en-wiki.xml#en-wiki.s6.p2.i2"]
    assert (link.get("type"), link.get("resp"), link.get("cert")) == ("variant", "#ecarte.editors", "high")
    assert link.get("ana") == "#ecarte.variant.param.refused-first-loss"
    assert {l.get("type") for l in alignment} == {"equivalent", "variant", "partial"}
    assert all(l.get("resp") in ("#ecarte.editors", "#ecarte.aligner") for l in alignment)
    point = root.find(".//t:taxonomy[@xml:id='ecarte.variants']/t:category[@n='refused_first_loss']",
                      {**ns, "xml": "http://www.w3.org/XML/1998/namespace"})
    readings = {c.get(XML_ID): "".join(c.itertext()) for c in point.findall("t:category", ns)}
    assert "two-in-all" in readings["ecarte.variant.param.refused-first-loss.hu-nc"]
    assert "lost" in readings["ecarte.variant.param.refused-first-loss.de-scheicher"]
    witnesses = {w.get(XML_ID) for w in root.findall(".//t:sourceDesc/t:listWit/t:witness", ns)}
    assert {"ecarte.wit.hu-nc", "ecarte.wit.de-scheicher", "ecarte.wit.en-wiki", "ecarte.wit.en-short"} <= witnesses
