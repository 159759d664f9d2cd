"""Collation of the two transcripts of hu-nc into the edition: agreement, variants, corrections."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pipeline import corpus
from pipeline.correct import apply_corrections, read_corrections
from pipeline.collate.edition import word_judge
from pipeline.correct import CORRECTIONS
from pipeline.collate.lines import Judge, Sigla, collate_line
from pipeline.spans import diplomatic, line_from_spans, settle
from pipeline.collate.tokens import tokenize
from pipeline.collate.units import Repaired, collate
from pipeline.errors import InputError
from pipeline.model import Kind, Line, Reading, Unit

SIGLA = Sigla("hu-nc-ocr2", "hu-nc-ocr1")


@pytest.fixture(scope="module")
def accepts():
    return word_judge("hu")


def line(base: str, other: str | None, accepts) -> tuple:
    spans = collate_line(tokenize(base), tokenize(other) if other is not None else None,
                         Judge(accepts), SIGLA)
    return line_from_spans(Line(base, 1), spans)


def variants(edited: Line) -> list[Reading]:
    return [s for s in edited.spans if isinstance(s, Reading) and s.resp]


def test_agreed_reading_is_taken_and_accent_blindness_is_no_variant(accepts):
    edited = line("a játékos kártyát húzó ki", "a jitékos kdrtydt hizé ki", accepts)
    assert edited.text == "a játékos kártyát húzó ki"
    assert variants(edited) == []


def test_disagreement_is_recorded_with_both_readings(accepts):
    edited = line("ki több vag}7 kevesebb kártyát", "ki tobb vagy kevesebb kdrtyit", accepts)
    assert edited.text == "ki több vagy kevesebb kártyát"
    [reading] = variants(edited)
    assert reading == Reading("vagy", resp="#collation", source="#hu-nc-ocr1",
                              rdgs=(("hu-nc-ocr1", "vagy"), ("hu-nc-ocr2", "vag}7")))


def test_base_reading_stands_where_it_is_a_word(accepts):
    edited = line("A ki a kártyákat kapta, az hiv ki.", "A ki a kdrtydkat kapta, #% hiv ki.", accepts)
    assert edited.text == "A ki a kártyákat kapta, az hiv ki."
    [reading] = variants(edited)
    assert (reading.text, reading.source) == ("az", "#hu-nc-ocr2")
    assert dict(reading.rdgs) == {"hu-nc-ocr1": "#%", "hu-nc-ocr2": "az"}


def test_accents_of_the_base_are_kept_where_the_other_only_fixes_a_letter(accepts):
    edited = line("propositióját élutasítja és három", "propositiéjit elutasitja és hdrom", accepts)
    assert edited.text == "propositióját elutasítja és három"
    [reading] = variants(edited)
    assert reading.source == "#hu-nc-ocr2 #hu-nc-ocr1"


def test_word_the_base_dropped_is_supplied_from_the_other(accepts):
    edited = line("egy további pontot jelezzen.", "még egy tovdbbi pontot jelezzen.", accepts)
    assert edited.text == "még egy további pontot jelezzen."
    [reading] = variants(edited)
    assert reading.text == "még" and dict(reading.rdgs) == {"hu-nc-ocr1": "még", "hu-nc-ocr2": ""}


def test_stray_letter_and_stray_marks_are_left_out(accepts):
    assert line("játszani. v", "jdtszani.", accepts).text == "játszani."
    assert line("és nem csinált", ".és nem csindlt", accepts).text == "és nem csinált"


def test_spacing_follows_the_edition_conventions(accepts):
    assert line("osztásra emel : a ki", "osztdsra emel : a ki", accepts).text == "osztásra emel: a ki"
    assert line("(d'autorité) kijátszott", "(d’autorité) kijatszott", accepts).text == "(d’autorité) kijátszott"


def test_line_without_a_partner_is_the_base_alone(accepts):
    edited = line("ez az atout, a meg-", None, accepts)
    assert edited.text == "ez az atout, a meg-" and variants(edited) == []


def unit(siglum: str, n: str, *texts: str, label: str | None = None) -> Unit:
    return Unit(f"{siglum}.{n}", siglum, Kind.RULE, n=n, printed_label=label or f"{n}.",
                lines=[Line(t, k) for k, t in enumerate(texts, start=1)])


def collate_with_repair(base: str, raw: str, fixed: str, accepts) -> tuple[Line, Line]:
    """One line collated without and with a repaired reading of the other transcript."""
    ours = [unit("hu-nc", "2", base)]
    theirs = [unit("hu-nc", "2", raw)]
    repaired = Repaired([f"2. {raw}"], [f"2. {fixed}"])
    return (collate(ours, theirs, SIGLA, accepts)[0].lines[0],
            collate(ours, theirs, SIGLA, accepts, repaired)[0].lines[0])


def test_repaired_other_transcript_is_used_when_given_and_raw_kept_in_the_apparatus(accepts):
    without, with_repair = collate_with_repair("A játékhoz k}ilönböző színű két", "A jitékhoz killonboz6 szinti két",
                                               "A játékhoz különböző színű két", accepts)
    assert without.text == "A játékhoz k}ilönböző színű két"
    assert with_repair.text == "A játékhoz különböző színű két"
    [reading] = variants(with_repair)
    assert (reading.text, reading.resp, reading.source) == ("különböző", "#repair", "#hu-nc-ocr1")
    assert dict(reading.rdgs) == {"hu-nc-ocr1": "killonboz6", "hu-nc-ocr2": "k}ilönböző"}


def test_repair_counts_only_where_it_restores_accents(accepts):
    """A repair's other conjectures would mend the print's own misprints silently."""
    _, repaired = collate_with_repair("akkor ellentele tetszés", "akkor ellentele tetszés",
                                      "akkor ellenfele tetszés", accepts)
    assert repaired.text == "akkor ellentele tetszés"
    _, repaired = collate_with_repair("ketten játszák piquet", "ketten jatszdk piquet",
                                      "ketten játszók piquet", accepts)
    assert repaired.text == "ketten játszák piquet" and variants(repaired) == []


def test_label_read_as_the_number_is_preferred(accepts):
    base = [unit("hu-nc", "49", "A játéknál érdekelt", label="4g.")]
    other = [unit("hu-nc", "49", "A jitékndl érdekelt", label="49.")]
    assert collate(base, other, SIGLA, accepts)[0].printed_label == "49."


def corrections_file(tmp_path: Path, *entries: dict) -> Path:
    path = tmp_path / "corrections.toml"
    path.write_text("".join("[[correction]]\n" + "".join(f"{k} = {v!r}\n".replace("'", '"')
                                                          for k, v in e.items()) + "\n"
                            for e in entries), encoding="utf-8")
    return path


def entry(**fields) -> dict:
    return {"unit": "hu-nc.21", "original": "ellentele", "correction": "ellenfele",
            "kind": "misprint", "reason": "no such word", **fields}


def collated_21(accepts) -> list[Unit]:
    base = [unit("hu-nc", "21", "nak egy fölös kártyája van, akkor ellentele tetszés", "szerint vagy kihúzhat egyet, vagy")]
    other = [unit("hu-nc", "21", "nak egy folos kartydja van, akkor ellentele tetszés", "szerint vagy kihuzhat egyet, vagy")]
    return collate(base, other, SIGLA, accepts)


def test_misprint_is_corrected_and_kept_as_sic(tmp_path, accepts):
    units = collated_21(accepts)
    path = corrections_file(tmp_path, entry())
    apply_corrections(units, read_corrections(path), path)
    settle(units[0])
    edited = units[0].lines[0]
    assert "akkor ellenfele tetszés" in edited.text
    assert "akkor ellentele tetszés" in diplomatic(edited)
    [reading] = variants(edited)
    assert (reading.sic, reading.resp, reading.source) == ("ellentele", "#editor",
                                                            "corrections.toml#hu-nc.21.c1")


def test_misreading_is_corrected_with_the_transcripts_readings(tmp_path, accepts):
    units = collated_21(accepts)
    path = corrections_file(tmp_path, entry(kind="misreading"))
    apply_corrections(units, read_corrections(path), path)
    [reading] = variants(units[0].lines[0])
    assert reading.sic is None and dict(reading.rdgs) == {"hu-nc-ocr1": "ellentele", "hu-nc-ocr2": "ellentele"}
    assert diplomatic(units[0].lines[0]) == units[0].lines[0].text


def test_stale_correction_is_an_error_naming_the_file_and_entry(tmp_path, accepts):
    path = corrections_file(tmp_path, entry(), entry(original="kártyáját", correction="kártyát"))
    with pytest.raises(InputError) as error:
        apply_corrections(collated_21(accepts), read_corrections(path), path)
    assert str(path) in str(error.value) and "hu-nc.21.c2" in str(error.value)
    assert "no longer occurs" in str(error.value)


@pytest.mark.parametrize("fields, message", [
    ({"original": "vagy"}, "occurs 2 times"),
    ({"unit": "hu-nc.99"}, "no unit hu-nc.99"),
])
def test_ambiguous_or_misplaced_correction_is_an_error(tmp_path, accepts, fields, message):
    path = corrections_file(tmp_path, entry(**fields))
    with pytest.raises(InputError, match=message):
        apply_corrections(collated_21(accepts), read_corrections(path), path)


@pytest.mark.parametrize("fields, message", [
    ({"kind": "typo"}, "kind must be one of"),
    ({"reason": None}, "lacks reason"),
    ({"correction": "ellentele"}, "differ from the correction"),
])
def test_malformed_correction_entry_is_an_error(tmp_path, fields, message):
    path = corrections_file(tmp_path, {k: v for k, v in entry(**fields).items() if v is not None})
    with pytest.raises(InputError, match=message):
        read_corrections(path)


@pytest.fixture(scope="module")
def edition():
    return corpus.load_corpus()["hu-nc"]


def test_every_edited_line_is_its_spans_joined(edition):
    for u in edition.walk():
        for edited in u.lines:
            assert edited.spans and "".join(
                s if isinstance(s, str) else s.text for s in edited.spans) == edited.text, u.id
            assert edited.text == " ".join(edited.text.split()), u.id


def test_every_correction_of_the_file_is_applied_once(edition):
    made = [s.source for u in edition.walk() for l in u.lines for s in l.spans
            if isinstance(s, Reading) and s.resp == "#editor"]
    assert sorted(made) == sorted(c.source for c in read_corrections(CORRECTIONS))


def test_edition_takes_the_known_readings(edition):
    texts = {u.id: u.text for u in edition.walk()}
    assert texts["hu-nc.9.1"].startswith("Úgy a chouette")
    assert "vagy mint osztó új játékba kezd" in texts["hu-nc.22"]
    assert "vagy kevesebb kártyát" in texts["hu-nc.23"]
    assert "jelzéséhez még egy további pontot" in texts["hu-nc.29"]
    assert texts["hu-nc.50"].endswith("köteles lejátszani.")
    labels = {u.n: u.printed_label for u in edition.units if u.kind is Kind.RULE}
    assert (labels["1"], labels["47"], labels["49"], labels["59"]) == ("1.", "47.", "49.", "59.")


def test_edition_keeps_the_base_transcripts_lines_and_page_breaks(edition):
    base = {u.id.split(".", 1)[1]: u for u in corpus.load_corpus()["hu-nc-ocr2"].walk()}
    for u in edition.walk():
        if u.kind is Kind.FRONT or u.id.startswith("hu-nc.front"):
            continue
        theirs = base[u.id.split(".", 1)[1]].lines
        assert [(l.source_line, l.page_break_before) for l in u.lines] == \
            [(l.source_line, l.page_break_before) for l in theirs], u.id


def test_real_repair_collates_to_the_same_units(edition):
    from pipeline.build import segment_source
    from pipeline.collate.edition import collate_edition

    texts = corpus.load_corpus()
    witnesses = {t.witness.siglum: t.witness for t in texts.values()}
    hu = dataclasses.replace(witnesses["hu-nc"], repair=True)
    repaired = collate_edition(hu, witnesses, segment_source)
    assert [u.id for top in repaired.units for u in top.walk()] == [u.id for u in edition.walk()]
