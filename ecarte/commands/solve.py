"""`ecarte solve` (CONTRACT.md §5): double-dummy values, for people (`--hands`) or in JSON lines."""
from __future__ import annotations

import argparse
import functools
import json
import os
import select
import sys
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import available, load
from engine.cards import SUIT_NAMES, SUITS, Card, card_name, parse_card
from engine.duty import BEATS, answer
from pipeline.errors import InputError

from ._workers import dask_client, dask_mapper

if TYPE_CHECKING:
    from engine.solver import Position, Solution

NAME = "solve"
HELP = "double-dummy value of a position: --hands for people, else JSON lines on stdin (CONTRACT.md §5)"
BLOCK = 4096
"""Most lines answered together; a block holds the lines that have arrived, and is flushed whole."""
POOLED = 256
"""A block with fewer valid positions is solved in this process: a line alone is answered at once."""
CHUNK = 512
"""Positions in one task for a worker process or a Dask worker."""

PlainPosition = tuple[int, int, int, int]
"""A valid position as plain numbers, cheap to send to a worker: A's hand, B's hand (bit sets), trump, leader."""
Mapper = Callable[[Callable[[list[PlainPosition]], list[str]], list[list[PlainPosition]]], Iterable[list[str]]]
"""How chunks of positions become their answer lines: on local worker processes or on a Dask cluster."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", nargs=2, metavar="HAND", help='the two hands, e.g. "A: KH QH 7S 8S 9C" "B: …"')
    parser.add_argument("--trump", help="the trump suit: S, H, D or C")
    parser.add_argument("--leader", default="A", help="who leads to the next trick (A or B; default A)")
    parser.add_argument("--ruleset", default="hu-nc", help=f"whose units the explanation cites ({', '.join(available())}); every witness has the same duty of play")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="worker processes solving JSON lines (default: every core). Answers come a block at"
                             f" a time: the lines that have arrived, at most {BLOCK}; a block of fewer than"
                             f" {POOLED} positions is solved at once in this process")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="solve the blocks of JSON lines on a Dask distributed cluster (its scheduler,"
                             " e.g. tcp://host:8786)")


def run(args: argparse.Namespace) -> int:
    from engine.solver import Position, Solver  # numba compiles on import: only when `solve` runs
    if args.ruleset not in available():
        raise InputError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(available())})")
    if args.workers < 1:
        raise InputError("--workers must be at least 1")
    if args.hands:
        if args.trump is None:
            raise InputError("--hands needs --trump (S, H, D or C)")
        try:
            position = Position.of(*_fields(_hands_text(args.hands), args.trump, args.leader))
        except ValueError as error:
            raise InputError(str(error)) from None
        print("\n".join(explain(position, Solver().solve(position), args.ruleset)))
        return 0
    return _batch(args.workers, args.dask)


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


_card = functools.lru_cache(maxsize=256)(parse_card)
"""`parse_card` remembered: a batch names the same few cards over and over (a third of its reading time)."""


def _fields(hands: Any, trump: Any, leader: Any) -> tuple[tuple[Card, ...], tuple[Card, ...], int, int]:
    """What `Position.of` takes, from the contract's fields; ValueError naming the problem."""
    if not isinstance(hands, dict) or set(hands) != {"A", "B"} or not all(
            isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands.values()):
        raise ValueError('hands must be {"A": [cards], "B": [cards]}')
    if not isinstance(trump, str) or trump.upper() not in SUITS or len(trump) != 1:
        raise ValueError(f"unknown trump {trump!r} (a suit: S, H, D or C)")
    if leader not in ("A", "B"):
        raise ValueError(f"leader must be \"A\" or \"B\", not {leader!r}")
    return tuple(map(_card, hands["A"])), tuple(map(_card, hands["B"])), SUITS.index(trump.upper()), "AB".index(leader)


def _batch(workers: int, dask: str | None) -> int:
    """One JSON line out per line in, in order; a bad line gives {"error": …} and a message naming it.
    While a block is solved (on `workers` processes or on Dask, unless it is small) the next one that
    has already arrived is parsed; input that is not there yet is not waited for before answering."""
    failed = False
    with ExitStack() as stack:
        mapper: Mapper | None = None
        if dask:
            mapper = dask_mapper(stack.enter_context(dask_client(dask)))
        elif workers > 1:
            mapper = stack.enter_context(ProcessPoolExecutor(workers)).map
        lines, pending = _Lines(sys.stdin.fileno()), None
        while True:
            numbered = lines.block(wait=pending is None)
            if not numbered and pending is None:
                return 1 if failed else 0
            block = _Block.parse(numbered, mapper) if numbered else None
            if pending is not None:
                failed |= pending.write()
            pending = block


@dataclass
class _Lines:
    """The input's lines numbered from 1, a block at a time: those that have arrived, at most BLOCK."""

    fd: int
    lines: list[bytes] = field(default_factory=list)
    tail: bytes = b""                          # a line still arriving, or a "\r" that may be half of "\r\n"
    number: int = 0
    ended: bool = False

    def block(self, wait: bool) -> list[tuple[int, bytes]]:
        """The next lines; if `wait`, at least one unless the input has ended, else only those already here."""
        while not self.ended and len(self.lines) < BLOCK and (
                wait and not self.lines or select.select([self.fd], [], [], 0)[0]):
            data = os.read(self.fd, 1 << 16)
            self.ended = not data
            self.lines += (self.tail + data).splitlines(keepends=True)   # \n, \r\n or \r, as text mode reads
            self.tail = self.lines.pop() if self.lines and data and not self.lines[-1].endswith(b"\n") else b""
        block, self.lines = self.lines[:BLOCK], self.lines[BLOCK:]
        self.number += len(block)
        return list(enumerate(block, self.number - len(block) + 1))


@dataclass
class _Block:
    """A block's output: error lines in their places, and the answers of its valid positions to come."""

    out: list[str | None]                      # an error line, or None where a position's answer goes
    problems: list[str]                        # the messages for standard error
    answers: Iterator[str]

    @classmethod
    def parse(cls, numbered: list[tuple[int, bytes]], mapper: Mapper | None) -> _Block:
        """Parse the lines here and send the valid positions to be solved."""
        from engine.solver import Position
        out: list[str | None] = []
        problems: list[str] = []
        positions: list[PlainPosition] = []
        for number, raw in numbered:
            try:
                position = Position.of(*_line_fields(raw))
            except ValueError as error:        # json.JSONDecodeError and UnicodeDecodeError are ones too
                problems.append(f"line {number}: {_problem(error)}")
                out.append(json.dumps({"error": problems[-1]}))
                continue
            positions.append((*position.hands, position.trump, position.leader))
            out.append(None)
        return cls(out, problems, _solved(positions, mapper))

    def write(self) -> bool:
        """Print the block (its messages on standard error first) and flush it; whether a line was bad."""
        for problem in self.problems:
            print(f"ecarte solve: {problem}", file=sys.stderr)
        sys.stdout.write("".join(f"{next(self.answers) if line is None else line}\n" for line in self.out))
        sys.stdout.flush()
        return bool(self.problems)


def _line_fields(raw: bytes) -> tuple[tuple[Card, ...], tuple[Card, ...], int, int]:
    """The position's fields on one input line (its end read as text mode reads it); ValueError naming the problem."""
    text = raw.decode("utf-8")
    line = text.rstrip("\r\n")
    if not line.strip():
        raise ValueError("an empty line")
    data = json.loads(line + "\n" if len(line) < len(text) else line)
    if not isinstance(data, dict) or set(data) - {"hands", "trump", "leader"}:
        raise ValueError('a line is {"hands": …, "trump": …, "leader": …}')
    return _fields(data.get("hands"), data.get("trump"), data.get("leader", "A"))


def _problem(error: ValueError) -> str:
    """What is wrong with a line, as its error says."""
    if isinstance(error, json.JSONDecodeError):
        return f"not JSON: {error.msg} (column {error.colno})"
    if isinstance(error, UnicodeDecodeError):
        return f"not UTF-8: {error.reason} (byte {error.start + 1})"
    return str(error)


def _solved(positions: list[PlainPosition], mapper: Mapper | None) -> Iterator[str]:
    """The answer lines of a block's valid positions, in order: here if they are few, else in chunks."""
    if mapper is None or len(positions) < POOLED:
        return iter(_answers(positions))               # solved now: a line alone is answered at once
    chunks = [positions[i:i + CHUNK] for i in range(0, len(positions), CHUNK)]
    return (line for lines in mapper(_answers, chunks) for line in lines)


def _answers(positions: list[PlainPosition]) -> list[str]:
    """The answer line of each position (module-level: worker processes and Dask receive it by name)."""
    from engine.solver import Position, Solver
    solver = Solver()
    solutions = (solver.solve(Position((a, b), trump, leader)) for a, b, trump, leader in positions)
    return [json.dumps({"tricks": {"A": s.tricks[0], "B": s.tricks[1]}, "line": [card_name(c) for c in s.line]})
            for s in solutions]


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
