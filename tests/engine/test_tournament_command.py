"""`ecarte tournament`: a seeded run read line by line, its determinism, the rounds table of §15,
results taken from a file, and bad arguments and files refused in one line."""
import re

import pytest

from ecarte.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_small_seeded_round_robin_prints_each_round_and_the_standings(capsys):
    status, out, err = run(capsys, "--players", "4", "--system", "round-robin", "--seed", "2")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("de-scheicher: round-robin, 4 players, 3 rounds; parties played by the jeux de règle"
                        " policy, seed 2 [de-scheicher.15.1, de-scheicher.15.4]")
    pairs = [tuple(re.match(r"round \d: (P\d) meets (P\d)", line).groups()) for line in lines if " meets " in line]
    assert len(pairs) == 6 and {frozenset(p) for p in pairs} == {frozenset((f"P{a}", f"P{b}"))
                                                               for a in range(1, 5) for b in range(a + 1, 5)}
    assert all(line.endswith("[de-scheicher.15.1]") for line in lines if " meets " in line)
    results = [line for line in lines if " beats " in line]
    assert len(results) == 6 and all(re.fullmatch(r"P\d beats P\d 5:[0-4]: P\d \+\d, P\d -\d \[.*\]", r)
                                     for r in results)
    final = [line for line in lines if line.startswith("standings after round 3: ")][0]
    points = [int(p) for p in re.findall(r"P\d ([+-]?\d+)", final)]
    assert sum(points) == 0 and points == sorted(points, reverse=True)
    assert re.fullmatch(r"(P\d wins the tournament|P\d( and P\d)+ share the first place) with \+\d+ "
                        r"\[de-scheicher.15.2, de-scheicher.15.3\]", lines[-1])


def test_a_swiss_run_draws_the_first_round_by_lot_and_never_pairs_twice(capsys):
    status, out, _ = run(capsys, "--players", "8", "--system", "swiss", "--seed", "5")
    assert status == 0
    assert "round 1, drawn by lot: " in out and "standings after round 3: " in out and "round 4" not in out
    pairs = re.findall(r"round [23]: (P\d) \([^)]*\) meets (P\d)", out)
    first = re.search(r"round 1, drawn by lot: (.*) \[", out)[1].split(", ")
    met = [frozenset(p) for p in pairs] + [frozenset(p.split("–")) for p in first]
    assert len(met) == 12 and len(set(met)) == 12


def test_the_same_seed_gives_the_same_tournament_and_another_seed_another(capsys):
    args = ("--players", "10", "--system", "swiss")
    once, again, other = (run(capsys, *args, "--seed", seed)[1] for seed in ("7", "7", "8"))
    assert once == again and once != other


def test_the_rounds_table_reproduces_section_15(capsys):
    status, out, _ = run(capsys, "--rounds-table")
    assert status == 0
    rows = re.findall(r"^  (\d+)–(\d+) players: (\d+) rounds \[(.*)\]$", out, re.M)
    assert [tuple(map(int, row[:3])) for row in rows] == [(5, 8, 3), (9, 16, 4), (17, 32, 5), (33, 64, 6),
                                                          (65, 128, 7)]
    assert [row[3] for row in rows] == ["de-scheicher.15.9.r1", "de-scheicher.15.9.r2", "de-scheicher.15.9.r3",
                                        "de-scheicher.15.10", "de-scheicher.15.10"]     # each line its own row
    assert "  fewer than 5 players: no Swiss tournament (a round robin) [de-scheicher.15.9.r1]" in out


def test_the_rounds_table_under_a_silent_witness_names_the_inheritance(capsys):
    _, out, _ = run(capsys, "--rounds-table", "--ruleset", "hu-nc", "--players", "200")
    assert "  5–8 players: 3 rounds [inherited from de-scheicher: de-scheicher.15.9.r1]" in out
    assert "  17–32 players: 5 rounds [inherited from de-scheicher: de-scheicher.15.9.r3]" in out
    assert "  129–256 players: 8 rounds [inherited from de-scheicher: de-scheicher.15.10]" in out


RESULTS = """\
# round robin of four: the engine's schedule is P1–P4, P2–P3; P1–P3, P4–P2; P1–P2, P3–P4
1 P1 5:0
1 P3 5:2   # P3 beats P2
2 P3 5:4
2 P2 5:1
3 P2 5:3
3 P4 5:0
"""


def test_results_are_taken_from_a_file(capsys, tmp_path):
    path = tmp_path / "results.txt"
    path.write_text(RESULTS, encoding="utf-8")
    status, out, _ = run(capsys, "--players", "4", "--system", "round-robin", "--results", str(path))
    assert status == 0 and f"results from {path}" in out.splitlines()[0]
    assert "P3 beats P2 5:2: P3 +2, P2 -2" in out
    assert "standings after round 3: 1= P1 +1, 1= P2 +1, 3. P3 0, 4. P4 -2 [" in out    # no draw after the last
    assert out.splitlines()[-1].startswith("P1 and P2 share the first place with +1")


@pytest.mark.parametrize("text, problem", [
    ("1 P1 5:0\n1 P3 5:2\nround two\n", r"{path}:3: expected `ROUND WINNER POINTS`"),
    ("1 P1 5:0\n1 P3 2:5\n", r"{path}:2: a result must read \"WINNER 5:3\" \(the winner's points first\)"),
    ("1 P1 5:0\n1 P4 5:2\n", r"{path}:2: round 1: P1–P4 has a result already"),
    ("1 P1 6:0\n", r"{path}:1: P1 beats P4 6:0: 6:0 is no finished partie: it ends when the winner reaches 5"),
    ("1 P1 4:0\n", r"{path}:1: P1 beats P4 4:0: 4:0 is no finished partie"),
    ("1 P1 5:0\n", r"{path}: round 1: no result for P2–P3"),
    ("1 P1 5:0\n1 P2 5:0\n4 P1 5:0\n", r"{path}:3: the tournament has rounds 1 to 3"),
])
def test_a_bad_results_file_is_one_line_naming_the_file_and_line(capsys, tmp_path, text, problem):
    path = tmp_path / "results.txt"
    path.write_text(text, encoding="utf-8")
    status, out, err = run(capsys, "--players", "4", "--system", "round-robin", "--results", str(path))
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert re.match("ecarte tournament: " + problem.format(path=re.escape(str(path))), err)


@pytest.mark.parametrize("args, problem", [
    (("--players", "7", "--system", "swiss"), "7 players: a Swiss round pairs every player and the ruleset"),
    (("--players", "4", "--system", "swiss"), "the rounds table starts at 5 players"),
    (("--players", "1", "--system", "round-robin"), "a tournament needs two players or more"),
    (("--players", "6", "--system", "round-robin", "--rounds", "3"), "a round robin of 6 players has 5 rounds"),
    (("--players", "5", "--system", "round-robin", "--bye", "1"), "a bye is for the Swiss system"),
    (("--players", "6", "--system", "swiss", "--rounds", "9"), "9 rounds: 6 players can play 1 to 3 rounds"),
    (("--players", "6", "--system", "swiss", "--rounds", "5", "--seed", "1"),
     "5 rounds: 6 players can play 1 to 3 rounds that are always paired without a rematch; after 3, some earlier"
     " pairings leave none for the next round (tournament.rematch: de-scheicher.15.6, de-scheicher.15.7)"),
    (("--players", "8", "--system", "swiss", "--rounds", "7"), "7 rounds: 8 players can play 1 to 5 rounds"),
    (("--players", "8", "--system", "swiss", "--bye", "1"), "8 players: every player is paired each round, so"
                                                            " there is no bye to agree"),
    (("--players", "6",), "give --players N and --system"),
    (("--players", "6", "--system", "swiss", "--ruleset", "xx"), "unknown ruleset 'xx'"),
    (("--players", "7", "--system", "swiss", "--bye", "-1"), "--bye must be 0 points or more"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, args, problem):
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith(f"ecarte tournament: {problem}")


def test_an_agreed_bye_lets_an_odd_number_play_the_swiss_system(capsys):
    status, out, _ = run(capsys, "--players", "7", "--system", "swiss", "--bye", "1", "--seed", "3")
    assert status == 0 and len(re.findall(r"has the agreed bye, \+1 \[de-scheicher.15.5, de-scheicher.15.6\]",
                                          out)) == 3
    final = [line for line in out.splitlines() if line.startswith("standings after round 3: ")][0]
    assert sum(int(p) for p in re.findall(r"P\d ([+-]?\d+)", final)) == 3      # the three byes' points


def test_agreed_rounds_replace_the_table(capsys):
    status, out, _ = run(capsys, "--players", "8", "--system", "swiss", "--rounds", "5")
    assert status == 0 and "8 players, 5 rounds (agreed)" in out and "standings after round 5" in out
