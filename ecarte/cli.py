"""Entry point of `ecarte`: finds the subcommands in `ecarte.commands` and dispatches.

Each module in `ecarte/commands/` defines `NAME`, `HELP`, `configure(parser)` and
`run(args) -> int`; the CLI holds no logic of its own.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from typing import NoReturn

from . import commands
from engine import RulesetError
from pipeline.errors import InputError


def _command_modules():
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            yield importlib.import_module(f"{commands.__name__}.{info.name}")


class Parser(argparse.ArgumentParser):
    """A parser whose usage errors are one line naming the command, as every other error is."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (`{self.prog} --help` lists the options)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="ecarte", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in _command_modules():
        sub_parser = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.configure(sub_parser)
        sub_parser.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = _subparser(parser, args.command)
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(args._run(args) or 0)
    except (InputError, RulesetError) as error:
        print(f"ecarte {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of subcommand `name`, whose usage an error about its arguments names."""
    [commands_] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return commands_.choices[name]


if __name__ == "__main__":
    sys.exit(main())
