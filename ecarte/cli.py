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
    """A parser whose usage errors are one line naming the command, as every other error is;
    it keeps its subcommands, so that an argument no command knows is blamed on the innermost."""

    commands: argparse.Action | None = None

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (`{self.prog} --help` lists the options)\n")

    def add_subparsers(self, **kwargs):
        self.commands = super().add_subparsers(**kwargs)
        return self.commands

    def innermost(self, args: argparse.Namespace) -> "Parser":
        """The parser of the deepest subcommand `args` chose (`ecarte witness add`)."""
        chosen = getattr(args, self.commands.dest, None) if self.commands else None
        inner = self.commands.choices.get(chosen) if chosen else None
        return inner.innermost(args) if isinstance(inner, Parser) else self


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
        parser.innermost(args).error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(args._run(args) or 0)
    except (InputError, RulesetError) as error:
        print(f"ecarte {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
