"""Repair in context: the word model of real prose, words run together or broken apart, caution per engine,
and the evaluation on held-out pages."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ecarte.cli import main
from pipeline.errors import InputError
from pipeline.repair import training
from pipeline.repair.heldout import evaluate, pages
from pipeline.repair.repairer import Repairer
from pipeline.repair.stages import Caution, Settings
from pipeline.repair.training import spacing, train
from pipeline.repair.word_model import BOUNDARY, NUMBER, UNKNOWN, load_word_model, tokens
from pipeline.repair.word_model import train as train_words
from pipeline.workbench.synth.generate import read_pairs, write_pairs

FIXTURE = Path(__file__).parent / "fixtures" / "repair" / "eng-train.tsv"


@pytest.fixture(scope="module")
def repairer() -> Repairer:
    return Repairer("hu", {"eng": train(read_pairs(FIXTURE), "eng")})


def test_prose_is_cut_into_sentences_of_lower_cased_words():
    assert list(tokens("Kattintson a 12. gombra! Majd írja be.")) == \
        [BOUNDARY, "kattintson", "a", NUMBER, BOUNDARY, "gombra", BOUNDARY, "majd", "írja", "be", BOUNDARY]


def test_the_word_model_prefers_the_word_its_neighbours_keep_company_with():
    model = train_words(["Kattintson a gombra.", "Kattintson a mezőre.", "Már nem látható.", "Még nem kész.",
                         "Még nem látható.", "Nem már.", "A mező üres."])
    assert model.word("kártya") == UNKNOWN
    assert model.association("még", "nem") > model.association("meg", "nem")
    assert model.association("kattintson", "a") > model.association("kattintson", "á")


def test_the_word_model_of_the_training_prose_knows_hungarian_company():
    model = load_word_model()
    assert model.association("válassza", "a") > 0 > model.association("válassza", "á")
    assert model.association("még", "nem") > model.association("meg", "nem")


def test_the_channel_learns_how_often_spaces_are_lost_and_added():
    assert spacing("kia szép", "ki a szép") == (1, 0)
    assert spacing("nag ybetű a", "nagybetű a") == (0, 1)
    assert spacing("a — b", "a b") == (0, 0)            # a dash read into a gap is no broken word
    tidy = train([("ki a szép", "ki a szép")] * 50, "tidy")
    merging = train([("kia szép", "ki a szép")] * 50, "merging")
    assert merging.space_lost < tidy.space_lost


@pytest.mark.parametrize("noisy, clean", [
    ("Jelölje kia szomszédos cellákat.", "Jelölje ki a szomszédos cellákat."),       # run together
    ("Válassza kiazt a bejegyzést", "Válassza ki azt a bejegyzést"),
    ("minden szavanak els6 betiijét nag ybettisitheti", "minden szavának első betűjét nagybetűsítheti"),
])
def test_words_run_together_or_broken_apart_are_respaced(repairer, noisy, clean):
    assert repairer.repair(noisy) == clean


def test_a_merge_is_explained_word_by_word(repairer):
    text = "első betiijét nag ybettisitheti"
    decisions = repairer.decisions(text)
    assert [(d.original, d.correction, d.reason) for d in decisions[-2:]] == \
        [("nag", "nagybetűsítheti", "corrected:hunspell"), ("ybettisitheti", "", "merged")]


def test_caution_keeps_the_unknown_words_of_a_reliable_engine():
    channel = train(read_pairs(FIXTURE), "eng")
    line = "Nyomja meg a Draw gombot."
    bold = Repairer("hu", {"eng": channel})
    careful = Repairer("hu", {"eng": channel}, Settings(caution=(("eng", Caution(unknown_zipf=3.0)),)))
    assert bold.repair(line) != line and careful.repair(line) == line
    assert Settings().caution_of("tesseract-frk") == Settings().default_caution


@pytest.fixture
def heldout(tmp_path, monkeypatch):
    """A training root: the fixture as training pairs, two held-out pages of three lines."""
    write_pairs(tmp_path / "train" / "eng.tsv", read_pairs(FIXTURE))
    write_pairs(tmp_path / "heldout" / "eng.tsv", [
        ("A jitékosok kdrtyat kapnak", "A játékosok kártyát kapnak"), ("a kdrtya", "a kdrtya"),
        ("a jdtékos", "a játékos"), ("a kovetkez6", "a következő"), ("kdrtyat", "kártyát")])
    records = [{"split": "train", "pairs": {"eng": 105}}, {"split": "heldout", "pairs": {"eng": 2}},
               {"split": "heldout", "pairs": {"eng": 0}}, {"split": "heldout", "pairs": {"eng": 3}}]
    (tmp_path / "manifest.json").write_text(json.dumps({"pages": records}), encoding="utf-8")
    monkeypatch.setattr(training, "TRAINING", tmp_path)
    monkeypatch.setattr(training, "CACHE", tmp_path / "cache")
    return tmp_path


def test_held_out_pairs_are_cut_into_their_pages(heldout):
    assert [len(page) for page in pages(heldout, "heldout", "eng")] == [2, 3]
    (heldout / "manifest.json").write_text(json.dumps({"pages": []}), encoding="utf-8")
    with pytest.raises(InputError, match="manifest.json.*0 pairs.*5"):
        pages(heldout, "heldout", "eng")


def test_evaluation_counts_errors_removed_and_lines_made_worse(heldout):
    report = evaluate(root=heldout)["eng"]
    assert (report["pages"], report["lines"], report["own_channel"]) == (2, 5, 2)
    assert report["cer_after"] < report["cer_before"] and 0 < report["errors_removed"] < 1
    assert (report["lines_worse"], report["pages_worse"]) == (1, 0)      # the clean line that reads kdrtya
    assert report["lines_better"] == 4


def test_evaluation_reports_the_pages_the_engine_alone_reads_badly_apart(heldout):
    pairs = read_pairs(heldout / "heldout" / "eng.tsv") + [("a játékos kártyát kap", "a játékos kártyát kap")]
    write_pairs(heldout / "heldout" / "eng.tsv", pairs)
    manifest = json.loads((heldout / "manifest.json").read_text(encoding="utf-8"))
    manifest["pages"].append({"split": "heldout", "pairs": {"eng": 1}})
    (heldout / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    report = evaluate(root=heldout)["eng"]
    assert (report["pages"], report["hard"]["pages"]) == (3, 2)     # the read-right page is not hard
    assert report["hard"]["cer_before"] > report["cer_before"] > 0
    assert report["hard"]["lines_better"] == report["lines_better"] == 4


def test_evaluate_command_prints_the_figures_per_condition(heldout, capsys):
    assert main(["repair", "--evaluate"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("eng: CER ") and "of errors removed; lines worse 1, better 4 of 5; pages worse 0 of 2" in out


def test_a_plain_word_no_lexicon_knows_may_be_read_as_a_misreading_while_a_name_is_kept():
    channel = train(read_pairs(FIXTURE), "eng")
    line = "Nyomja meg a Draw gombot, a jdtékos kdrtyat kap."
    careful = Repairer("hu", {"eng": channel}, Settings(caution=(("eng", Caution(unknown_zipf=3.0)),)))
    plain = Repairer("hu", {"eng": channel}, Settings(
        caution=(("eng", Caution(unknown_zipf=3.0, plain_unknown_zipf=-7.0)),)))
    assert "kdrtyat" in careful.repair(line)
    assert plain.repair(line) == "Nyomja meg a Draw gombot, a játékos kártyát kap."
