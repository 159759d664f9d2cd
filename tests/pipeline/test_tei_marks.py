"""The editors' marks in the TEI texts: French as foreign, lost symbols and doubtful marks, and page
breaks where the print breaks; stale or undecided data stops the build, naming file and line."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from lxml import etree

from pipeline import tei
from pipeline.errors import InputError
from pipeline.model import Kind, Line, Reading, Unit, Witness
from pipeline.tei import load_context
from pipeline.tei.foreign import read_foreign
from pipeline.tei.losses import read_losses
from pipeline.tei.xml import TEI_NS, XML_LANG

ROOT = Path(__file__).resolve().parents[2]
NS = {"t": TEI_NS}
CONTEXT = dataclasses.replace(load_context(ROOT / "corpus"), foreign=None, losses=None)


@pytest.fixture(scope="module")
def files() -> dict[str, etree._Element]:
    """The committed TEI (test_build checks it is what the sources build), by siglum."""
    return {p.stem: etree.parse(str(p)).getroot() for p in (ROOT / "corpus" / "tei").glob("*.xml")}


def text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def unit(files, id: str) -> etree._Element:
    [found] = files[id.split(".")[0]].xpath("//*[@xml:id=$id]", id=id)
    return found


def french(element: etree._Element) -> list[str]:
    return [text(f) for f in element.iterfind(".//t:foreign", NS) if f.get(XML_LANG) == "fr"]


def witness(siglum: str = "xx") -> Witness:
    return Witness(siglum, "X", "hu", "raw OCR", f"{siglum}.txt", None, "numbered-rules")


def rule(*lines: Line, id: str = "xx.1") -> Unit:
    return Unit(id=id, witness=id.split(".")[0], kind=Kind.RULE, n="1", lines=list(lines))


def write(path: Path, body: str) -> Path:
    path.write_text(body, encoding="utf-8")
    return path


FOREIGN = '''criterion = "French is tagged where quoted."
reviewed = ["xx"]

[[foreign]]
lang = "fr"
forms = ["le coup est tenu"]
witnesses = ["xx"]
reason = "a formula"
'''


# --- French ----------------------------------------------------------------------------------

def test_quoted_french_is_tagged_wherever_it_occurs_and_declared(files):
    assert french(unit(files, "hu-nc.6")) == ["je voudrais voir le coup", "le coup est tenu", "le coup est tenu"]
    assert french(unit(files, "hu-nc.28")) == ["je marque le roi, le roi"]     # across a line break
    assert french(unit(files, "hu-nc.9.1")) == ["á deux cotés"]                # not the -játéknál after it
    assert french(unit(files, "hu-nc-ocr1.58")) == ["4 deux cotés"]
    assert french(unit(files, "en-wiki.s6.p1")) == ["Je propose", "Jouez", "Combien", "J'accepte", "atout"]
    assert french(unit(files, "de-scheicher.11")) == ["Jeux de règle"] * 3          # the head too
    assert french(unit(files, "de-scheicher.5")) == []                          # Atout is German
    for siglum, root in files.items():
        languages = {l.get("ident") for l in root.iterfind(".//t:langUsage/t:language", NS)}
        assert ("fr" in languages) == (siglum != "en-short"), siglum


def test_a_phrase_across_lines_keeps_its_line_break(files):
    [phrase] = [f for f in unit(files, "hu-nc.28").iterfind(".//t:foreign", NS)]
    assert [etree.QName(e).localname for e in phrase] == ["lb"]


def test_a_form_found_nowhere_is_a_stale_entry(tmp_path):
    foreign = read_foreign(write(tmp_path / "foreign.toml", FOREIGN))
    context = dataclasses.replace(CONTEXT, foreign=foreign)
    with pytest.raises(InputError, match=r"foreign\.toml:4: none of \['le coup est tenu'\] occurs in "
                                         r"witness 'xx' \(a stale entry\)"):
        tei.witness_document(witness(), [rule(Line("A tétek le coup után.", 1))], context)


def test_a_form_found_in_none_of_its_witnesses_is_stale_though_another_form_matches(tmp_path):
    body = FOREIGN.replace('forms = ["le coup est tenu"]', 'forms = ["le coup est tenu", "le coup tenu"]')
    body = body.replace('witnesses = ["xx"]', 'witnesses = ["xx", "yy"]')
    foreign = read_foreign(write(tmp_path / "foreign.toml", body))
    context = dataclasses.replace(CONTEXT, foreign=foreign)
    tei.witness_document(witness(), [rule(Line("«le coup tenu» mondja.", 1))], context)
    tei.corpus_document([witness(), witness("yy")], context)    # yy not yet written: not judged
    tei.witness_document(witness(), [rule(Line("«le coup est tenu» mondja.", 1))], context)  # written anew
    tei.witness_document(witness("yy"), [rule(Line("«le coup est tenu» mondja.", 1), id="yy.1")], context)
    with pytest.raises(InputError, match=r"foreign\.toml:4: 'le coup tenu' occurs in none of "
                                         r"\['xx', 'yy'\] \(a stale form\)"):
        tei.corpus_document([witness(), witness("yy")], context)
    tei.witness_document(witness("yy"), [rule(Line("«le coup tenu» mondja.", 1), id="yy.1")], context)
    tei.corpus_document([witness(), witness("yy")], context)    # each form in one of the witnesses


def test_a_form_tagged_elsewhere_must_be_decided_in_a_reviewed_witness(tmp_path):
    body = FOREIGN.replace('reviewed = ["xx"]', 'reviewed = ["xx", "yy"]')
    context = dataclasses.replace(CONTEXT, foreign=read_foreign(write(tmp_path / "foreign.toml", body)))
    units = [rule(Line("«le coup est tenu» mondja.", 1), id="yy.1")]
    with pytest.raises(InputError, match=r"foreign\.toml:4: 'le coup est tenu' occurs untagged in yy\.1"):
        tei.witness_document(witness("yy"), units, context)
    body += '\n[[naturalised]]\nforms = ["le coup est tenu"]\nwitnesses = ["yy"]\nreason = "r"\n'
    context = dataclasses.replace(CONTEXT, foreign=read_foreign(write(tmp_path / "foreign.toml", body)))
    root = etree.fromstring(tei.witness_document(witness("yy"), units, context))
    assert french(root) == []


def test_a_phrase_that_cuts_an_apparatus_entry_is_refused(tmp_path):
    context = dataclasses.replace(CONTEXT, foreign=read_foreign(write(tmp_path / "foreign.toml", FOREIGN)))
    edition = Witness("xx", "X", "hu", "edition", None, None, "numbered-rules",
                      base="a", collate_with="b")

    def line(reading: str) -> Line:
        rdgs = (("a", reading), ("b", "temu"))
        return Line(f"le coup est {reading}", 1,
                    spans=("le coup est ", Reading(reading, resp="#collation", rdgs=rdgs)))

    root = etree.fromstring(tei.witness_document(edition, [rule(line("tenu"))], context))
    [phrase] = root.iterfind(".//t:foreign", NS)
    assert phrase.text == "le coup est " and phrase[0].tag == f"{{{TEI_NS}}}app"   # the app whole inside
    with pytest.raises(InputError, match=r"foreign\.toml:4: 'le coup est tenu' in xx\.1 cuts an apparatus "
                                         r"entry or a correction in two"):
        tei.witness_document(edition, [rule(line("tenu vagy"))], context)


def test_an_entry_naming_an_unknown_witness_is_stale(tmp_path):
    body = FOREIGN.replace('witnesses = ["xx"]', 'witnesses = ["zz"]')
    foreign = read_foreign(write(tmp_path / "foreign.toml", body))
    with pytest.raises(InputError, match=r"foreign\.toml:4: unknown witness 'zz'"):
        foreign.check_witnesses({"xx"})


# --- losses ------------------------------------------------------------------------------------

def test_losses_are_marked_with_a_note(files):
    front = unit(files, "hu-nc.front.3")
    [unclear] = front.iterfind("t:unclear", NS)
    assert (unclear.text, unclear.get("reason")) == ("3.", "status")
    assert unclear.getnext().tag == f"{{{TEI_NS}}}note" and unclear.getnext().get("type") == "editorial"
    choice = unit(files, "de-scheicher.6.2").find("t:choice", NS)
    assert [text(c) for c in choice] == ["spade", "♠"] and choice.tail == "D"
    assert choice.getnext().get("type") == "editorial" and choice.getnext().tail.startswith(", so sagt")
    gap = unit(files, "en-wiki.s7.p3").find("t:gap", NS)
    assert gap.get("reason") == "symbol" and "suit sign" in text(gap.find("t:desc", NS))
    assert gap.getprevious().tail.endswith("was led. B. ") and gap.tail.startswith("7, he says")


def test_a_loss_whose_text_is_gone_is_a_stale_entry(tmp_path):
    path = write(tmp_path / "losses.toml", '[[loss]]\nunit = "xx.1"\nat = "B. |7"\nmark = "gap"\n'
                                           'reason = "symbol"\nnote = "n"\n')
    context = dataclasses.replace(CONTEXT, losses=read_losses(path))
    root = etree.fromstring(tei.witness_document(witness(), [rule(Line("z. B. 7, so", 1))], context))
    assert root.find(".//t:gap", NS).tail == "7, so"
    with pytest.raises(InputError, match=r"losses\.toml:1: 'B. 7' occurs 0 times in xx\.1, not once"):
        tei.witness_document(witness(), [rule(Line("z. B. ♥7, so", 1))], context)
    with pytest.raises(InputError, match=r"losses\.toml:1: no unit 'xx\.1' in its witness"):
        tei.witness_document(witness(), [rule(Line("x", 1), id="xx.2")], context)


@pytest.mark.parametrize("kind", [Kind.PARAGRAPH, Kind.RULE])
def test_a_loss_in_a_lead_in_is_marked_in_the_lead_in(tmp_path, kind):
    """A container's lead-in (its words before its items) is where its own lines are marked."""
    path = write(tmp_path / "losses.toml", '[[loss]]\nunit = "xx.1"\nat = "B. |7"\nmark = "gap"\n'
                                           'reason = "symbol"\nnote = "n"\n')
    context = dataclasses.replace(CONTEXT, losses=read_losses(path))
    container = dataclasses.replace(rule(Line("z. B. 7, so:", 1)), kind=kind, children=[
        Unit(id="xx.1.a", witness="xx", kind=Kind.ITEM, n="a", lines=[Line("eins", 2)])])
    root = etree.fromstring(tei.witness_document(witness(), [container], context))
    gap = root.find(".//t:gap", NS)
    assert gap.getparent().get("type") == "lead-in" and gap.tail == "7, so:"


def test_a_malformed_loss_is_named_with_its_line(tmp_path):
    path = write(tmp_path / "losses.toml", '[[loss]]\nunit = "xx.1"\nat = "spade"\nmark = "restore"\n'
                                           'note = "n"\n')
    with pytest.raises(InputError, match=r"losses\.toml:1: a restore entry needs exactly at, mark, note, "
                                         r"symbol, unit"):
        read_losses(path)


# --- page breaks -------------------------------------------------------------------------------

def test_a_page_that_begins_with_a_unit_breaks_before_it_not_inside_it():
    units = [rule(Line("Első.", 1)), rule(Line("Második", 2, page_break_before=True), Line("sor", 3), id="xx.2"),
             rule(Line("Harmadik", 4), Line("oldal.", 5, page_break_before=True), id="xx.3")]
    root = etree.fromstring(tei.witness_document(witness(), units, CONTEXT))
    body = root.find(".//t:body", NS)
    assert [etree.QName(e).localname for e in body] == ["div", "pb", "div", "div"]
    assert [etree.QName(e).localname for e in body[3].find("t:p", NS)] == ["lb", "pb", "lb"]


def test_no_page_break_of_the_corpus_opens_an_element(files):
    for siglum, root in files.items():
        for pb in root.iterfind(".//t:pb", NS):
            parent = pb.getparent()
            opens = parent.index(pb) == 0 and not (parent.text or "").strip()
            assert not opens or etree.QName(parent).localname in ("body", "front", "back"), siglum
