"""The command-line modules: conformance, explain, bench and play, as a user runs them."""
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ecarte.cli import main

SUITE = Path(__file__).resolve().parents[1] / "conformance"
ONE = SUITE / "hu-nc" / "engine-dealer-announces-king.toml"


def test_conformance_json_follows_the_contract(capsys):
    assert main(["conformance", str(ONE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["summary"] == {"pass": 1, "fail": 0, "error": 0}
    assert set(data["scenarios"][0]) == {"id", "file", "status", "message"}


def test_conformance_exits_1_on_an_error(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "x"\n', encoding="utf-8")
    assert main(["conformance", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "error bad" in out and f"{bad}: cites must be" in out


def test_conformance_on_a_missing_path_is_an_input_error(capsys):
    assert main(["conformance", "no/such/dir"]) == 2
    assert "ecarte conformance: no/such/dir: no such file or folder" in capsys.readouterr().err


def test_conformance_explain_and_coverage(capsys):
    main(["conformance", str(ONE), "--explain", "--coverage"])
    out = capsys.readouterr().out
    assert "king.announced: hu-nc.26, hu-nc.27, hu-nc.28" in out
    assert "hu-nc: " in out and "normative leaves and lead-ins covered (" in out and "0 deferred" in out


def test_explain_a_scenario_event_by_event(capsys):
    assert main(["explain", str(ONE)]) == 0
    assert "score.unproposed-loss: hu-nc.41" in capsys.readouterr().out


def test_explain_a_rule_of_a_ruleset_shows_its_inheritance(capsys):
    assert main(["explain", "--ruleset", "de-scheicher", "--rule", "score.refused-first-proposal"]) == 0
    out = capsys.readouterr().out
    assert "inherited from en-wiki" in out and "§10.1" in out


def test_explain_refuses_unknown_rulesets(capsys):
    assert main(["explain", "--ruleset", "xx"]) == 2


def test_explain_shows_a_closed_value_as_the_ruleset_writes_it(capsys):
    assert main(["explain", "--ruleset", "hu-nc", "--rule", "chouette.stakes"]) == 0
    assert "  chouette_stakes = 'call-and-hold'  (hu-nc." in capsys.readouterr().out


@pytest.mark.parametrize("argv, problem", [
    (["--ruleset", "hu-nc", "/tmp/nonexistent.toml"], "or --ruleset hu-nc, not both (/tmp/nonexistent.toml would not"),
    (["--ruleset", "hu-nc", "--rule", "table.nope"], "unknown rule 'table.nope' (rules: deck.pack,"),
    (["--rule", "play.must-follow", str(ONE)], "--rule play.must-follow goes with --ruleset SIGLUM"),
])
def test_explain_refuses_arguments_it_would_ignore(argv, problem, capsys):
    assert main(["explain", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1 and problem in captured.err


def test_explain_shows_one_ruling_of_table_mode(capsys):
    assert main(["explain", "--ruleset", "hu-nc", "--rule", "table.renonce"]) == 0
    out = capsys.readouterr().out
    assert "table.renonce" in out and "table.expose" not in out


def test_bench_json_prints_the_figures(capsys):
    assert main(["bench", "--json", "--seconds", "0.4"]) == 0
    data = json.loads(capsys.readouterr().out)
    engine = data["engine"]
    assert set(engine) == {"random_deals_per_s", "dd_solves_per_s", "dd_values_per_s", "baseline_trick_play_deals_per_s", "ratio",
                           "reference_random_deals_per_s", "reference_ratio"}
    assert engine["random_deals_per_s"] > 0 and engine["reference_random_deals_per_s"] > 0 and engine["dd_solves_per_s"] > 0
    assert set(data["repair"]) == {"words_per_s"} and data["repair"]["words_per_s"] > 0
    assert set(data["build"]) == {"corpus_s"} and data["build"]["corpus_s"] > 0


def test_play_a_whole_game_from_piped_answers(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 500))
    assert main(["play", "--seed", "11", "--ruleset", "en-wiki"]) == 0
    out = capsys.readouterr().out
    assert "wins the game" in out and "score.tricks: en-wiki.s5.p1" in out


def test_play_refuses_an_unknown_ruleset():
    assert main(["play", "--ruleset", "xx"]) == 2


def test_the_engine_imports_without_the_pipeline():
    code = "import engine, sys; assert not [m for m in sys.modules if m.split('.')[0] == 'pipeline']"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[2])


@pytest.fixture
def broken_ruleset(tmp_path, monkeypatch):
    """A copy of the rulesets in which hu-nc's file is no longer TOML."""
    import shutil

    from engine import ruleset
    for path in ruleset.RULESET_DIR.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "hu-nc.toml").write_text("siglum = [\n", encoding="utf-8")
    monkeypatch.setattr(ruleset, "RULESET_DIR", tmp_path)
    ruleset.load.cache_clear()
    ruleset._read.cache_clear()
    yield tmp_path / "hu-nc.toml"
    ruleset.load.cache_clear()
    ruleset._read.cache_clear()


def test_a_malformed_ruleset_is_one_line_naming_the_file(broken_ruleset, capsys):
    assert main(["explain", "--ruleset", "hu-nc"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(broken_ruleset) in err and "Traceback" not in err


def test_a_scenario_whose_ruleset_is_malformed_is_an_error_not_a_crash(broken_ruleset, capsys):
    code = main(["conformance", "--json", "tests/conformance/hu-nc/jack-beats-ace.toml"])
    result = json.loads(capsys.readouterr().out)["scenarios"][0]
    assert code == 1 and result["status"] == "error" and str(broken_ruleset) in result["message"]


def test_an_empty_suite_is_an_error_not_a_pass(tmp_path, capsys):
    assert main(["conformance", str(tmp_path)]) == 2
    assert "no scenario files" in capsys.readouterr().err
