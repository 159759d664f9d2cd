"""Entry point of `ecarte`: finds the subcommands in `ecarte.commands` and dispatches.

Each module in `ecarte/commands/` defines `NAME`, `HELP`, `configure(parser)` and
`run(args) -> int`; the CLI holds no logic of its own.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from . import commands
from engine import RulesetError
from pipeline.errors import InputError


def _command_modules():
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"{commands.__name__}.{info.name}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ecarte", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in _command_modules():
        sub_parser = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(sub_parser)
        sub_parser.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except (InputError, RulesetError) as error:
        print(f"ecarte {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
