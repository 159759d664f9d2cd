"""`ecarte play`: a game of écarté against the engine in the terminal, or a table of several players."""
from __future__ import annotations

import sys
from fractions import Fraction

from engine import IllegalAction, Options, available, load
from engine.errors import Code
from engine.formats.session import Format
from engine.formats.sitting_play import play_table
from engine.terminal import play
from pipeline.errors import InputError

NAME = "play"
HELP = "play a game against the engine in the terminal (an empty answer takes the advice shown)"

_TABLE_OPTIONS = ("players", "names", "seat", "stake", "parties")
"""The options of a table of several players: they need --format."""


def configure(parser) -> None:
    parser.add_argument("--ruleset", default="hu-nc", help=f"whose rules: {', '.join(available())} (default hu-nc)")
    parser.add_argument("--as", dest="player", choices=("A", "B"), help="your side in a game of two (default A)")
    parser.add_argument("--seed", type=int, help="seed of the shuffles, to replay a game")
    parser.add_argument("--lot-scoring", action="store_true", help="a won game counts by the loser's points")
    parser.add_argument("--max-points", type=int, metavar="N", help="at most N points per player in a deal")
    table = parser.add_argument_group("a table of several players (docs/formats.md)")
    table.add_argument("--format", choices=[f.value for f in Format],
                       help="play at a table: you at one place, the engine's players at the others")
    table.add_argument("--players", type=int, metavar="N", help="how many sit at the table (default 3)")
    table.add_argument("--names", metavar="A,B,…", help="the players in the list's order (default: you and P2…PN)")
    table.add_argument("--seat", type=int, metavar="K", help="your place in the list, from 1 (default 1;"
                       " in a chouette the first holds the bank)")
    table.add_argument("--stake", metavar="AMOUNT", help="each engine player's stake; in pool écarté the pool's"
                       " (default 10)")
    table.add_argument("--parties", type=int, metavar="P", help="how many parties to play (default 3)")


def run(args) -> int:
    if args.ruleset not in available():
        raise InputError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(available())})")
    if args.max_points is not None and args.max_points < 1:
        raise InputError("--max-points must be at least 1")
    options = Options(args.lot_scoring, args.max_points)
    if args.format is not None:
        return _table(args, options)
    given = [f"--{name}" for name in _TABLE_OPTIONS if getattr(args, name) is not None]
    if given:
        raise InputError(f"{', '.join(given)} need --format (a-deux-cotes, chouette or pool)")
    play(args.ruleset, human="AB".index(args.player or "A"), seed=args.seed, options=options,
         input=iter(sys.stdin), output=sys.stdout, echo=not sys.stdin.isatty())
    return 0


def _table(args, options: Options) -> int:
    """A table of several players, its options checked."""
    if args.player is not None:
        raise InputError("--as is for a game of two; at a table your place is --seat")
    names = _names(args)
    seat = 1 if args.seat is None else args.seat
    if not 1 <= seat <= len(names):
        raise InputError(f"--seat must be a place from 1 to {len(names)}, not {seat}")
    parties = 3 if args.parties is None else args.parties
    if parties < 1:
        raise InputError("--parties must be at least 1")
    try:
        stake = Fraction(args.stake or "10")
    except (ValueError, ZeroDivisionError):
        raise InputError(f"--stake must be an amount such as 10 or 2.5, not {args.stake!r}") from None
    if stake <= 0:
        raise InputError("--stake must be more than nothing")
    try:
        play_table(load(args.ruleset), Format(args.format), names, names[seat - 1], stake=stake, parties=parties,
                   input=iter(sys.stdin), output=sys.stdout, seed=args.seed, options=options,
                   echo=not sys.stdin.isatty())
    except IllegalAction as refusal:
        if refusal.code is not Code.NOT_AT_TABLE:
            raise
        raise InputError(f"--format {args.format} with {', '.join(names)}: {refusal.message}") from None
    return 0


def _names(args) -> tuple[str, ...]:
    """The players in order: those named, or you at --seat and P2…PN at the other places."""
    if args.names is not None:
        names = tuple(name.strip() for name in args.names.split(","))
        if not all(names) or any(len(name.split()) != 1 for name in names):
            raise InputError(f"--names must be names without spaces, separated by commas, not {args.names!r}")
        if args.players is not None and args.players != len(names):
            raise InputError(f"--players {args.players} but --names gives {len(names)}")
        return names
    count = 3 if args.players is None else args.players
    if count < 2:
        raise InputError(f"--players must be at least 2, not {count}")
    seat = 1 if args.seat is None else args.seat
    return tuple("you" if place == seat else f"P{place}" for place in range(1, count + 1))
