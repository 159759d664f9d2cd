"""The synthetic data generator: deterministic, its pairs aligned, its text and hyphenation sound."""
from __future__ import annotations

import random

import pytest

from pipeline.workbench.evaluate import cer
from pipeline.workbench.synth.line_pairs import pair_lines
from pipeline.workbench.synth.generate import escape, generate, make_page, read_pairs, unescape, write_pairs
from pipeline.errors import InputError
from pipeline.workbench.synth.prose import Document, Split, documents, extract, read_prose
from pipeline.workbench.synth.text import MODERN_DASH, PERIOD_DASH, TextSource, historical
from pipeline.workbench.synth.typeset import break_points


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Two runs of the same seed (two small pages, one held out), and the output of the first."""
    first, second = tmp_path_factory.mktemp("first"), tmp_path_factory.mktemp("second")
    generate(2, 1, seed=2, out=first, workers=2, max_lines=4)
    generate(2, 1, seed=2, out=second, workers=1, max_lines=4)
    return first, second


def test_same_seed_same_bytes(generated):
    first, second = generated
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert [str(f) for f in files] == ["heldout/eng.tsv", "heldout/hun.tsv", "manifest.json",
                                       "train/eng.tsv", "train/hun.tsv"]
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_pairs_are_the_typeset_lines_in_order(generated):
    first, _ = generated
    for split, index in (("train", 0), ("heldout", 1)):
        typeset = list(make_page(2, index, split, max_lines=4)[0].lines)
        for lang in ("eng", "hun"):
            pairs = read_pairs(first / split / f"{lang}.tsv")
            clean = [c for _, c in pairs]
            assert clean and clean == [line for line in typeset if line in clean]
            assert all(cer(c, n) <= 0.5 for n, c in pairs)


def test_alignment_skips_missed_and_garbled_lines():
    clean = ["első sor szövege", "második sor", "harmadik sor itt", "negyedik"]
    ocr = ["elsd sor sziivege", "harmadik sor itt", "xx yy zz qq", "negyedik"]
    assert pair_lines(clean, ocr) == [("elsd sor sziivege", "első sor szövege"),
                                       ("harmadik sor itt", "harmadik sor itt"), ("negyedik", "negyedik")]


def test_escaping_round_trip():
    for text in ["a\tb", "back\\slash", "new\nline", "\\t literally"]:
        assert "\t" not in escape(text) and unescape(escape(text)) == text


def test_pairs_round_trip_through_their_file(tmp_path):
    pairs = [("a\tb", "new\nline"), ("carriage\rreturn", "line\u2028separator"), ("next\x85line", "")]
    write_pairs(tmp_path / "eng.tsv", pairs)
    assert read_pairs(tmp_path / "eng.tsv") == pairs


def test_period_spelling():
    assert historical("kilenc") == "kilencz"
    assert historical("dacára") == "daczára"
    assert historical("mellyel") == "melylyel"
    assert historical("kocsi") == "kocsi" and historical("Cecil") == "Czeczil"


DOCUMENTS = (Document("a.html", "Első", ("Az első bekezdés szövege.", "A második „idézett” bekezdés.")),
             Document("b.html", "Egy nagyon hosszú cím, amely nem lehet fejléc a lapon", ("Harmadik.",)),
             Document("c.html", "Harmadik", ("A negyedik bekezdés, a kilencz.",)))


def test_text_reads_the_documents_on_in_order():
    source = TextSource(random.Random("x"), False, DOCUMENTS)
    source.document, source.paragraph_index = 0, 0
    read = [" ".join(w for w in source.paragraph() if not w[:-1].isdigit()) for _ in range(3)]
    assert read == ["Az első bekezdés szövege.", "A második „idézett” bekezdés.", "Harmadik."]
    assert source.heading() == "Harmadik"             # the long title is never a heading
    assert source.read == ["a.html", "b.html", "c.html"]


def test_period_pages_spell_and_quote_as_about_1900():
    source = TextSource(random.Random("x"), True, DOCUMENTS)
    source.document, source.paragraph_index = 0, 1
    assert " ".join(source.paragraph()).endswith("A második «idézett» bekezdés.")
    assert TextSource(random.Random("y"), True, DOCUMENTS).paragraph() == \
        TextSource(random.Random("y"), True, DOCUMENTS).paragraph()


def test_the_help_s_typed_dash_is_set_as_the_print_s_dash():
    help_page = (Document("d.html", "Menü", ("Válassza a Formátum - Karakter – Pozíció menüt (array) - 1 szer.",)),)
    printed = {}
    for period in (False, True):
        source = TextSource(random.Random("x"), period, help_page)
        source.document, source.paragraph_index = 0, 0
        printed[period] = " ".join(source.paragraph())
    assert printed[False].endswith(f"Formátum {MODERN_DASH} Karakter {MODERN_DASH} Pozíció menüt (array) - 1 szer.")
    assert printed[True].endswith(f"Formátum {PERIOD_DASH} Karakter {PERIOD_DASH} Pozíczió menüt (array) - 1 szer.")


def test_the_committed_prose_is_split_by_document_and_hungarian():
    train, heldout = documents(Split.TRAIN), documents(Split.HELDOUT)
    assert len(heldout) * 4 < len(train) and not {d.name for d in train} & {d.name for d in heldout}
    source, _ = read_prose()
    assert source["package"] == "libreoffice-help-hu" and source["licence"] == "MPL-2.0"
    text = " ".join(p for d in heldout for p in d.paragraphs)
    assert text.count(" a ") > 100 and any(c in text for c in "őű")


def test_prose_is_taken_from_the_help_pages_hungarian_paragraphs_only(tmp_path):
    page = tmp_path / "text" / "page.html"
    page.parent.mkdir()
    page.write_text("""<html><body><div id="DisplayArea"><h1>Cím</h1>
<p>Válassza a <span class="switchinline"><span id="MACx" class="MAC">LibreOffice - Beállítások</span>
<span id="defaultx">Eszközök - Beállítások</span></span> menüparancsot a lap alján.</p>
<p>Choose the menu command to open the dialog.</p>
<p>Írja be a =SZUM(A1:A3) képletet a cellába, majd nyomja le.</p>
<p>Rövid.</p></div></body></html>""", encoding="utf-8")
    (tmp_path / "text" / "same.html").write_text(page.read_text(encoding="utf-8"), encoding="utf-8")
    assert extract(tmp_path) == [Document("text/page.html", "Cím", (
        "Válassza a Eszközök - Beállítások menüparancsot a lap alján.",))]   # said once: same.html has none


def test_a_malformed_prose_file_is_an_input_error_naming_the_line(tmp_path):
    path = tmp_path / "prose.jsonl"
    path.write_text('{"source": {}}\n{"document": "a.html"}\n', encoding="utf-8")
    with pytest.raises(InputError, match="prose.jsonl:2"):
        read_prose(path)


@pytest.mark.parametrize("word, points", [
    ("kiszolgáltatni", ["ki-szolgáltatni", "kiszol-gáltatni", "kiszolgál-tatni", "kiszolgáltat-ni"]),
    ("melylyel", ["mely-lyel"]),
    ("rosszat", []),                          # ssz would be respelt sz-sz
    ("écarté-t", ["écarté-t"]),               # only after its own hyphen
    ("-", []),                                # a lone hyphen (a minus) leaves no empty word
])
def test_break_points(word, points):
    assert [word[:p] + ("" if word[p - 1] == "-" else "-") + word[p:] for p in break_points(word)] == points


def test_an_output_that_is_a_file_is_refused_before_any_work(tmp_path, capsys):
    from ecarte.cli import main

    target = tmp_path / "out"
    target.write_text("", encoding="utf-8")
    assert main(["synth", "--pages", "1", "--heldout", "0", "--out", str(target)]) == 2
    assert "must be a folder" in capsys.readouterr().err


def test_extracting_prose_from_a_file_that_is_no_package_is_one_line(tmp_path, capsys):
    from ecarte.cli import main

    junk = tmp_path / "help.deb"
    junk.write_text("not a package", encoding="utf-8")
    assert main(["synth", "--extract-prose", str(junk)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "help.deb" in err and "Debian package" in err
