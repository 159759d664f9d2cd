"""`ecarte play`: a game of écarté against the engine in the terminal."""
from __future__ import annotations

import sys

from engine import Options, available
from engine.terminal import play
from pipeline.errors import InputError

NAME = "play"
HELP = "play a game against the engine in the terminal (an empty answer takes the advice shown)"


def configure(parser) -> None:
    parser.add_argument("--ruleset", default="hu-nc", help=f"whose rules: {', '.join(available())} (default hu-nc)")
    parser.add_argument("--as", dest="player", choices=("A", "B"), default="A", help="your side (default A)")
    parser.add_argument("--seed", type=int, help="seed of the shuffles, to replay a game")
    parser.add_argument("--lot-scoring", action="store_true", help="a won game counts by the loser's points")
    parser.add_argument("--max-points", type=int, metavar="N", help="at most N points per player in a deal")


def run(args) -> int:
    if args.ruleset not in available():
        raise InputError(f"unknown ruleset {args.ruleset!r} (known: {', '.join(available())})")
    if args.max_points is not None and args.max_points < 1:
        raise InputError("--max-points must be at least 1")
    options = Options(args.lot_scoring, args.max_points)
    play(args.ruleset, human="AB".index(args.player), seed=args.seed, options=options,
         input=iter(sys.stdin), output=sys.stdout, echo=not sys.stdin.isatty())
    return 0
