"""The double-dummy solver against a brute-force minimax written the plain way, and `ecarte solve`."""
import json
import random
import subprocess
import sys

from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.solver import Position, ReferenceSolver, Solver


def plain_lawful(hand: list[int], led: int, trump: int) -> list[int]:
    """Follow suit, beating the card led if possible; else trump; else any card (ranks: lower index higher)."""
    same = [c for c in hand if c // 8 == led // 8]
    if same:
        return [c for c in same if c % 8 < led % 8] or same
    return [c for c in hand if c // 8 == trump] or hand


def plain_takes(led: int, answer: int, trump: int) -> bool:
    """Whether the answer takes the trick."""
    return (answer // 8 == led // 8 and answer % 8 < led % 8) or (answer // 8 == trump != led // 8)


def brute(a: list[int], b: list[int], trump: int, leader: int) -> int:
    """The leader's tricks by full minimax: every lead, every lawful answer, no pruning, no table."""
    if not a:
        return 0
    mine, theirs = (a, b) if leader == 0 else (b, a)
    best = -1
    for card in mine:
        worst = 99
        for answer in plain_lawful(theirs, card, trump):
            rest_mine = [c for c in mine if c != card]
            rest_theirs = [c for c in theirs if c != answer]
            na, nb = (rest_mine, rest_theirs) if leader == 0 else (rest_theirs, rest_mine)
            if plain_takes(card, answer, trump):
                got = len(a) - 1 - brute(na, nb, trump, 1 - leader)
            else:
                got = 1 + brute(na, nb, trump, leader)
            worst = min(worst, got)
        best = max(best, worst)
    return best


def positions(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.choice([1, 2, 3, 4, 4, 5])
        cards = rng.sample(range(32), 2 * n)
        yield cards[:n], cards[n:], rng.randrange(4), rng.randrange(2)


@pytest.mark.parametrize("solver", [Solver(), ReferenceSolver()], ids=["compiled", "reference"])
def test_the_solver_agrees_with_brute_force_and_its_line_is_lawful_and_optimal(solver):
    for a, b, trump, leader in positions(2500, seed=11):
        solution = solver.solve(Position.of(tuple(a), tuple(b), trump, leader))
        own = brute(a, b, trump, leader)
        assert solution.tricks[leader] == own and sum(solution.tricks) == len(a)
        hands, who, taken = [list(a), list(b)], leader, [0, 0]     # replay the line by the plain rules
        line = list(solution.line)
        assert len(line) == 2 * len(a)
        for i in range(0, len(line), 2):
            card, answer = line[i], line[i + 1]
            assert card in hands[who] and answer in plain_lawful(hands[1 - who], card, trump)
            hands[who].remove(card)
            hands[1 - who].remove(answer)
            who = 1 - who if plain_takes(card, answer, trump) else who
            taken[who] += 1
        assert tuple(taken) == solution.tricks


def test_the_compiled_search_agrees_with_the_reference_on_20000_positions():
    compiled, reference = Solver(), ReferenceSolver()
    for a, b, trump, leader in positions(20000, seed=12):
        position = Position.of(tuple(a), tuple(b), trump, leader)
        assert compiled.solve(position).tricks == reference.solve(position).tricks, position


@pytest.mark.parametrize("a, b, trump, problem", [
    (("KH", "QH"), ("KS",), 1, "equally many"),
    (("KH",), ("KH",), 1, "named twice"),
    ((), (), 1, "1 to 5"),
    (("KH", "QH", "JH", "AH", "TH", "9H"), ("KS", "QS", "JS", "AS", "TS", "9S"), 1, "1 to 5"),
])
def test_a_bad_position_is_refused_with_its_reason(a, b, trump, problem):
    with pytest.raises(ValueError, match=problem):
        Position.of(tuple(map(parse_card, a)), tuple(map(parse_card, b)), trump, 0)


ROOT = Path(__file__).resolve().parents[2]


def ecarte(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ecarte.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_batch_mode_answers_line_by_line_and_names_bad_lines():
    good = {"hands": {"A": ["KH", "QH", "7S", "8S", "9C"], "B": ["KS", "QS", "JS", "AS", "TD"]},
            "trump": "H", "leader": "A"}
    lines = [json.dumps(good), "not json", json.dumps({**good, "trump": "X"}),
             json.dumps({"hands": {"A": ["KH"], "B": ["KS", "QS"]}, "trump": "S", "leader": "B"})]
    result = ecarte("solve", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1 and len(out) == 4
    assert out[0]["tricks"] == {"A": 3, "B": 2} and len(out[0]["line"]) == 10
    assert all("error" in o and o["error"].startswith(f"line {i}:") for i, o in zip((2, 3, 4), out[1:]))
    assert "line 2: not JSON" in result.stderr and "line 4:" in result.stderr


def test_for_people_each_answer_cites_its_duty_of_play():
    result = ecarte("solve", "--hands", "A: KH QH 7S 8S 9C", "B: KS QS JS AS TD", "--trump", "H")
    assert result.returncode == 0
    assert result.stdout.startswith("hu-nc: hearts are trumps, A leads: A takes 3 tricks, B 2")
    assert "play.must-overtake: hu-nc.44.1" in result.stdout


@pytest.mark.parametrize("args, problem", [
    (["--hands", "A: KH", "B: KH", "--trump", "H"], "named twice"),
    (["--hands", "A: KH", "B: KS"], "needs --trump"),
    (["--hands", "A: KH", "C: KS", "--trump", "H"], "a hand reads"),
    (["--ruleset", "xx"], "unknown ruleset"),
])
def test_bad_input_for_people_is_one_line(args, problem):
    result = ecarte("solve", *args)
    assert result.returncode == 2 and problem in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
