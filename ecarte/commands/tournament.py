"""`ecarte tournament`: a tournament of de-scheicher §15 (round robin or Swiss system), round by round
its pairings, results and standings with their units; the parties played by the engine's policies
(seeded) or taken from a results file (docs/tournaments.md)."""
from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from engine import available, load
from engine.cards import shuffled
from engine.formats.partie import parse_score
from engine.formats.notes import Note
from engine.formats.tournament import (Outcome, System, Tournament, TournamentError, play_result,
                                       rounds_table)
from engine.ruleset import Provision, Ruleset
from pipeline.errors import InputError

NAME = "tournament"
HELP = "a tournament (round robin or Swiss system, de-scheicher §15): pairings and standings round by round"
TABLE_UP_TO = 128
"""`--rounds-table` prints the rows up to this many players at least."""

_LINE = re.compile(r"(\d+)\s+(.+)")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, metavar="N", help="the number of players, named P1…PN")
    parser.add_argument("--system", choices=[s.value for s in System], help="round-robin or swiss")
    parser.add_argument("--rounds", type=int, metavar="R",
                        help="Swiss system: an agreed number of rounds instead of the ruleset's rounds table")
    parser.add_argument("--seed", type=int, default=1,
                        help="the seed of the lot, the cards drawn for equal points and the parties played:"
                             " the same seed gives the same tournament")
    parser.add_argument("--ruleset", default="de-scheicher", help=f"whose rules ({', '.join(available())})")
    parser.add_argument("--results", type=Path, metavar="FILE",
                        help="take the parties' results from FILE, a line `ROUND WINNER POINTS` each"
                             " (e.g. `1 P3 5:2`), instead of playing them")
    parser.add_argument("--bye", type=int, metavar="POINTS",
                        help="Swiss system, an odd number of players: agree a bye worth POINTS (the ruleset"
                             " gives none)")
    parser.add_argument("--rounds-table", action="store_true",
                        help=f"print the ruleset's Swiss rounds by the number of players (to {TABLE_UP_TO},"
                             " or to --players) and stop")


@dataclass(frozen=True)
class Given:
    """A result as a results file gives it: the winner and the points, and the file's line."""

    winner: str
    won: int
    lost: int
    line: int


def read_results(path: Path) -> dict[int, list[Given]]:
    """A results file: per round, its lines `ROUND WINNER W:L` (blank lines and # comments skipped)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read: {error}", path) from None
    found: dict[int, list[Given]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _LINE.fullmatch(line)
        if not match:
            raise InputError(f"expected `ROUND WINNER POINTS`, e.g. `1 P3 5:2`; not {line!r}", path, number)
        try:
            winner, won, lost = parse_score(match[2])
        except ValueError as error:
            raise InputError(f"a result {error}", path, number) from None
        found.setdefault(int(match[1]), []).append(Given(winner, won, lost, number))
    return found


def given_results(tournament: Tournament, pairs: tuple[tuple[str, str], ...], number: int,
                  given: list[Given], path: Path) -> list[Outcome]:
    """The file's results of one round, matched to the round's pairs; InputError naming the line."""
    results: dict[tuple[str, str], Outcome] = {}
    for entry in given:
        pair = next((p for p in pairs if entry.winner in p), None)
        if pair is None:
            raise InputError(f"round {number}: {entry.winner} plays in none of the round's pairs"
                             f" ({', '.join(f'{a}–{b}' for a, b in pairs)})", path, entry.line)
        if pair in results:
            raise InputError(f"round {number}: {pair[0]}–{pair[1]} has a result already", path, entry.line)
        result = Outcome(entry.winner, pair[1] if pair[0] == entry.winner else pair[0], entry.won, entry.lost)
        try:
            tournament.check(result)
        except TournamentError as error:
            raise InputError(str(error), path, entry.line) from None
        results[pair] = result
    missing = [f"{a}–{b}" for a, b in pairs if (a, b) not in results]
    if missing:
        raise InputError(f"round {number}: no result for {', '.join(missing)}", path)
    return [results[p] for p in pairs]


def table_lines(ruleset: Ruleset, up_to: int) -> list[str]:
    """The rounds table read aloud, each line with the unit that gives it: the table's K-th row its
    row's unit (`….rK`), below the table its first row, beyond it the continuation (`usw.`)."""
    rows = rounds_table(ruleset, up_to)
    table = ruleset.provisions["swiss_rounds"]
    lines = [f"Swiss rounds by the number of players ({ruleset.siglum}):",
             f"  fewer than {rows[0][0]} players: no Swiss tournament (a round robin) [{row_cites(table, 1)}]"]
    for number, (low, high, rounds, beyond) in enumerate(rows, 1):
        cited = ruleset.provisions["swiss_rounds_beyond"].describe() if beyond else row_cites(table, number)
        lines.append(f"  {low}–{high} players: {rounds} rounds [{cited}]")
    return lines


def row_cites(table: Provision, number: int) -> str:
    """The citation of a table's row read aloud: the unit among the table's that is its row `number`
    (ids `….rK`, docs/contract-extensions.md), or the whole table's if it cites no rows."""
    row = tuple(unit for unit in table.cites if unit.endswith(f".r{number}"))
    return (replace(table, cites=row, own_cites=tuple(u for u in row if u in table.own_cites)) if row
            else table).describe()


def run(args: argparse.Namespace) -> int:
    if args.ruleset not in available():
        raise InputError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(available())})")
    ruleset = load(args.ruleset)
    if args.rounds_table:
        sys.stdout.write("\n".join(table_lines(ruleset, max(TABLE_UP_TO, args.players or 0))) + "\n")
        return 0
    if args.players is None or args.system is None:
        raise InputError("give --players N and --system swiss|round-robin (or --rounds-table)")
    if args.bye is not None and args.bye < 0:
        raise InputError("--bye must be 0 points or more")
    given = read_results(args.results) if args.results else None
    system = System(args.system)
    players = tuple(f"P{n}" for n in range(1, args.players + 1))
    try:
        tournament = Tournament(ruleset, system, players, bye=args.bye, rounds=args.rounds)
    except TournamentError as error:
        raise InputError(str(error)) from None
    if given:
        late = [g for number, entries in given.items() if not 1 <= number <= tournament.rounds for g in entries]
        if late:
            raise InputError(f"the tournament has rounds 1 to {tournament.rounds}", args.results, late[0].line)
    sys.stdout.write("\n".join(play(tournament, args, given)) + "\n")
    return 0


def play(tournament: Tournament, args: argparse.Namespace, given: dict[int, list[Given]] | None) -> list[str]:
    """The whole tournament, its lines in order (written only once all are made)."""
    ruleset, rng = tournament.ruleset, random.Random(args.seed)
    swiss = tournament.system is System.SWISS
    rules = ("tournament.systems", "tournament.rounds" if swiss else "tournament.round-robin")
    agreed = " (agreed)" if args.rounds is not None and swiss else ""
    source = f"results from {args.results}" if given is not None else "parties played by the jeux de règle policy"
    header = Note(f"{ruleset.siglum}: {tournament.system}, {len(tournament.players)} players,"
                          f" {tournament.rounds} rounds{agreed}; {source}, seed {args.seed}", rules)
    lines = [header.explain(ruleset, brief=True)]

    def say(notes: list[Note] | tuple[Note, ...]) -> None:
        lines.extend(note.explain(ruleset, brief=True) for note in notes)

    def draw(group: tuple[str, ...], attempt: int) -> dict[str, int]:
        return dict(zip(group, shuffled(rng)))

    for number in range(1, tournament.rounds + 1):
        by_lot = number == 1 and tournament.first_round_by_lot
        try:
            made = tournament.pair(lot=rng.sample(tournament.players, len(tournament.players)) if by_lot else None)
        except TournamentError as error:
            raise InputError(str(error)) from None
        lines.append("")
        say(made.notes)
        if given is not None:
            results = given_results(tournament, made.pairs, number, given.get(number, []), args.results)
        else:
            results = [play_result(ruleset, a, b, rng) for a, b in made.pairs]
        say(tournament.record(results))
        if swiss and not tournament.over:
            say(tournament.draw_ties(draw))
        say([tournament.standings_note()])
    lines.append("")
    say([tournament.winner_note()])
    return lines
