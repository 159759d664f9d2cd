"""`ecarte solve` (CONTRACT.md §5): double-dummy values, for people (`--hands`) or in JSON lines."""
from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from engine import available, load
from engine.cards import SUIT_NAMES, SUITS, card_name, parse_card
from engine.duty import BEATS, answer
from pipeline.errors import InputError

if TYPE_CHECKING:
    from engine.solver import Position, Solution, Solver

NAME = "solve"
HELP = "double-dummy value of a position: --hands for people, else JSON lines on stdin (CONTRACT.md §5)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", nargs=2, metavar="HAND", help='the two hands, e.g. "A: KH QH 7S 8S 9C" "B: …"')
    parser.add_argument("--trump", help="the trump suit: S, H, D or C")
    parser.add_argument("--leader", default="A", help="who leads to the next trick (A or B; default A)")
    parser.add_argument("--ruleset", default="hu-nc", help=f"whose units the explanation cites ({', '.join(available())}); every witness has the same duty of play")


def run(args: argparse.Namespace) -> int:
    from engine.solver import Solver           # numba compiles on import: only when `solve` runs
    if args.ruleset not in available():
        raise InputError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(available())})")
    solver = Solver()
    if args.hands:
        if args.trump is None:
            raise InputError("--hands needs --trump (S, H, D or C)")
        try:
            position = _position(_hands_text(args.hands), args.trump, args.leader)
        except ValueError as error:
            raise InputError(str(error)) from None
        print("\n".join(explain(position, solver.solve(position), args.ruleset)))
        return 0
    return _batch(solver)


def _hands_text(texts: list[str]) -> dict[str, list[str]]:
    """`"A: KH QH …"` and `"B: …"` as {"A": [...], "B": [...]}."""
    hands: dict[str, list[str]] = {}
    for text in texts:
        player, _, cards = text.partition(":")
        player = player.strip().upper()
        if player not in ("A", "B") or not _ or player in hands:
            raise InputError(f"a hand reads \"A: KH QH …\" or \"B: …\", once each, not {text!r}")
        hands[player] = cards.split()
    return hands


def _position(hands: Any, trump: Any, leader: Any) -> Position:
    """A position from the contract's fields; ValueError naming the problem."""
    from engine.solver import Position
    if not isinstance(hands, dict) or set(hands) != {"A", "B"} or not all(
            isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands.values()):
        raise ValueError('hands must be {"A": [cards], "B": [cards]}')
    if not isinstance(trump, str) or trump.upper() not in SUITS or len(trump) != 1:
        raise ValueError(f"unknown trump {trump!r} (a suit: S, H, D or C)")
    if leader not in ("A", "B"):
        raise ValueError(f"leader must be \"A\" or \"B\", not {leader!r}")
    a, b = (tuple(parse_card(c) for c in hands[p]) for p in "AB")
    return Position.of(a, b, SUITS.index(trump.upper()), "AB".index(leader))


def _batch(solver: Solver) -> int:
    """One JSON line out per line in; a bad line gives {"error": …} and a message naming it."""
    failed = False
    for number, line in enumerate(sys.stdin, 1):
        try:
            if not line.strip():
                raise ValueError("an empty line")
            data = json.loads(line)
            if not isinstance(data, dict) or set(data) - {"hands", "trump", "leader"}:
                raise ValueError('a line is {"hands": …, "trump": …, "leader": …}')
            position = _position(data.get("hands"), data.get("trump"), data.get("leader", "A"))
        except ValueError as error:            # a json.JSONDecodeError is one too
            failed = True
            problem = f"not JSON: {error.msg} (column {error.colno})" if isinstance(error, json.JSONDecodeError) \
                else str(error)
            print(f"ecarte solve: line {number}: {problem}", file=sys.stderr)
            print(json.dumps({"error": f"line {number}: {problem}"}), flush=True)
            continue
        solution = solver.solve(position)
        print(json.dumps({"tricks": {"A": solution.tricks[0], "B": solution.tricks[1]},
                          "line": [card_name(c) for c in solution.line]}), flush=True)
    return 1 if failed else 0


def explain(position: Position, solution: Solution, siglum: str) -> list[str]:
    """The value and the optimal line read aloud, each answer with the duty of play it follows."""
    ruleset = load(siglum)
    trump, leader = position.trump, position.leader
    lines = [f"{siglum}: {SUIT_NAMES[trump]} are trumps, {'AB'[leader]} leads: A takes {solution.tricks[0]}"
             f" trick{'s' if solution.tricks[0] != 1 else ''}, B {solution.tricks[1]}"
             " (both play perfectly, each seeing every card)"]
    for number, i in enumerate(range(0, len(solution.line), 2), 1):
        led, played = solution.line[i], solution.line[i + 1]
        rule, how = answer(led, played, trump)
        winner = 1 - leader if BEATS[trump][led] >> played & 1 else leader
        lines.append(f"trick {number}: {'AB'[leader]} leads {card_name(led)}; {'AB'[1 - leader]} plays"
                     f" {card_name(played)}, {how} ({rule}: {ruleset.describe(rule)}); {'AB'[winner]} takes it")
        leader = winner
    return lines
