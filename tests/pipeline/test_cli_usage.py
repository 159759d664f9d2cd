"""Usage errors of `ecarte` are one line naming the command, exit 2, as every other error is."""
from __future__ import annotations

import pytest

from ecarte.cli import build_parser, main


@pytest.mark.parametrize("args, line", [
    (["xref", "--frobnicate", "hu-nc.40"],
     "ecarte xref: unrecognized arguments: --frobnicate (`ecarte xref --help` lists the options)"),
    (["variants", "--topic", "foo"], "ecarte variants: argument --topic: invalid choice: 'foo'"),
    (["nosuch"], "ecarte: argument COMMAND: invalid choice: 'nosuch'"),
    ([], "ecarte: the following arguments are required: COMMAND"),
    (["witness", "add"], "ecarte witness add: the following arguments are required: FILE, --siglum"),
    (["witness", "add", "f.txt", "--siglum", "zz", "--lang", "en", "--title", "t", "--frob"],
     "ecarte witness add: unrecognized arguments: --frob (`ecarte witness add --help` lists the options)"),
])
def test_a_usage_error_is_one_line_naming_the_command(args, line, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(line), err


def _parsers(parser, path=()):
    """Every (sub)command's words and parser, `ecarte` first."""
    yield path, parser
    if getattr(parser, "commands", None):
        for name, inner in parser.commands.choices.items():
            yield from _parsers(inner, (*path, name))


@pytest.mark.parametrize("words", [words for words, _ in _parsers(build_parser())], ids=lambda words: " ".join(words) or "ecarte")
def test_every_command_prints_its_help(words, capsys):
    """argparse expands `%` in help texts: a bare one ("1.5 %") breaks --help with a traceback."""
    with pytest.raises(SystemExit) as exit_:
        main([*words, "--help"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith("usage: ecarte")
