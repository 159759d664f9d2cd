"""`ecarte explain`: why the engine did what it did — a scenario's events, or a ruleset's provisions."""
from __future__ import annotations

import sys
from pathlib import Path

from engine import Ruleset, available, load
from engine.irregularities import Irregularity, Role
from engine.param_values import as_written
from engine.rules import RULES
from pipeline.errors import InputError

from pipeline.corpus import conformance_run as run_conformance

NAME = "explain"
HELP = "explain scenarios event by event with their citations, or a ruleset's parameters and rules"


def configure(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="SCENARIO", help="scenario files or folders to explain")
    parser.add_argument("--ruleset", help=f"show a ruleset's parameters instead ({', '.join(available())})")
    parser.add_argument("--rule", help="with --ruleset: only this rule (e.g. play.must-overtake)")


def run(args) -> int:
    if args.ruleset and args.paths:
        raise InputError(f"give SCENARIO files or folders, or --ruleset {args.ruleset}, not both"
                         f" ({' '.join(args.paths)} would not be explained)")
    if args.rule and not args.ruleset:
        raise InputError(f"--rule {args.rule} goes with --ruleset SIGLUM")
    if args.ruleset:
        return _ruleset(args.ruleset, args.rule)
    if not args.paths:
        raise InputError("give SCENARIO files or folders, or --ruleset SIGLUM")
    report = run_conformance([Path(p) for p in args.paths])
    for result in report.results:
        print(f"{result.id} [{result.status}] ({result.file}, ruleset {result.ruleset or '?'})")
        print("\n".join("  " + line for line in result.explanation) or f"  {result.message}")
        print()
    return 0 if report.ok else 1


def _ruleset(siglum: str, rule_id: str | None) -> int:
    if siglum not in available():
        raise InputError(f"unknown ruleset {siglum!r} (known: {', '.join(available())})")
    table_rules = [f"table.{kind}" for kind in Irregularity]
    if rule_id and rule_id not in RULES and rule_id not in table_rules:
        raise InputError(f"unknown rule {rule_id!r} (rules: {', '.join(RULES)}; table mode: {', '.join(table_rules)})")
    ruleset = load(siglum)
    print(f"{siglum}: {ruleset.title}")
    for rule in RULES.values():
        if rule_id and rule.id != rule_id:
            continue
        print(f"\n{rule.id} — {rule.doc}")
        for name in rule.params:
            provision = ruleset.provisions[name]
            print(f"  {name} = {as_written(provision.value)!r}  ({provision.describe()})")
            for text in (provision.note, provision.reason if provision.inherited_from else None):
                if text:
                    print(f"      {text}")
    if not rule_id or rule_id.startswith("table."):
        _rulings(ruleset, rule_id)
    sys.stdout.flush()
    return 0


def _rulings(ruleset: Ruleset, rule_id: str | None) -> None:
    """Table mode's rulings (docs/table-mode.md): each irregularity, case and remedy, with its units."""
    rulings = [r for r in ruleset.rulings.values() if not rule_id or rule_id == f"table.{r.kind}"]
    if not rulings:
        print(f"\ntable mode — {ruleset.siglum} rules on no irregularity" + (f" {rule_id}" if rule_id else ""))
        return
    print(f"\ntable mode — what {ruleset.siglum} rules when something goes wrong at the table")
    for ruling in rulings:
        who = "" if ruling.role is Role.ANY else f" ({ruling.role.value})"
        print(f"  table.{ruling.kind} · {ruling.case}{who}: {ruling.describe()}  ({', '.join(ruling.cites)})")
        if ruling.note:
            print(f"      {ruling.note}")
