"""The conformance runner: plays each scenario through the engine and checks what the text says.

`run(paths, unit_texts)` reads every scenario under `paths`, checks that each cited unit exists
and that the scenario's quote still occurs in a cited unit's text (when `unit_texts` is given),
plays its deals action by action, and compares tricks, points, scores, winner and lot with
the expectations. A scenario passes, fails (the engine disagrees with it), or is an error
(it cannot be run: malformed, unknown ruleset or unit, a drifted quote). `coverage(report,
units)` tells, for each witness, which normative leaves and lead-ins passing scenarios cite and
which none.

Quotes are compared in `comparable_text` form: Unicode NFC, a line-end hyphen and its line break
removed, runs of whitespace made one space and none kept before , . ; : ! ? ), typographic
apostrophes and quotation marks made plain (’ ‘ → ', „ “ ” « » → "), case folded. Spelling
is not normalized: a corrected letter in the edition is drift. An ellipsis (… or ...) in a
quote elides: the pieces between must occur in the text in that order.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import actions as act
from .cards import names
from .errors import SCENARIO_ERRORS, IllegalAction
from .irregularities import Mode
from .events import explain
from .options import Options
from .policies import RulePolicy
from .formats.verdict import Mismatch
from .ruleset import Ruleset, RulesetError, available, load
from .scenario import Arranged, Scenario, ScenarioDeal, ScenarioError, Step, StepKind, load_scenario
from .state import DEAL, OVER, SPEAK, State

if TYPE_CHECKING:
    from .formats.scenario import SittingScenario
    from .formats.tournament_scenario import TournamentScenario

    FormatScenario = SittingScenario | TournamentScenario


class Status(str, Enum):
    """What became of a scenario: it passed, the engine disagrees with it, or it cannot be run."""

    PASS = "pass"
    FAIL = "fail"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Result:
    """The outcome of one scenario."""

    id: str
    file: str
    status: Status
    message: str
    cites: tuple[str, ...] = ()
    ruleset: str | None = None
    explanation: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))

    def as_json(self) -> dict[str, Any]:
        """The scenario's entry in `ecarte conformance --json` (CONTRACT.md §3)."""
        return {"id": self.id, "file": self.file, "status": self.status.value, "message": self.message}


@dataclass(frozen=True)
class Report:
    """The outcomes of a conformance run, in file order."""

    results: tuple[Result, ...]
    quotes_checked: bool = False

    @property
    def summary(self) -> dict[Status, int]:
        """How many scenarios passed, failed and could not be run."""
        counts = {status: 0 for status in Status}
        for result in self.results:
            counts[result.status] += 1
        return counts

    @property
    def ok(self) -> bool:
        """Whether every scenario passed."""
        return all(r.status is Status.PASS for r in self.results)

    def as_json(self) -> dict[str, Any]:
        """`ecarte conformance --json` (CONTRACT.md §3)."""
        return {"scenarios": [r.as_json() for r in self.results],
                "summary": {status.value: count for status, count in self.summary.items()}}

    def by_unit(self) -> dict[str, list[Result]]:
        """For each cited unit, the results of the scenarios citing it (`ecarte xref`'s `scenarios`)."""
        found: dict[str, list[Result]] = {}
        for result in self.results:
            for unit in result.cites:
                found.setdefault(unit, []).append(result)
        return found


DEFERRED_FILE = "deferred.toml"                          # units left to a later issue (`Deferral`)
EQUIVALENT_FILE = "equivalent-mutations.toml"            # mutations no scenario can tell apart
SUITE_DATA = (DEFERRED_FILE, EQUIVALENT_FILE)
"""Files of a scenario folder that are the suite's own data, not scenarios (skipped by `discover`)."""


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files under `paths` (directories searched recursively for *.toml, the suite's
    data files `SUITE_DATA` left out), sorted."""
    files: list[Path] = []
    for path in map(Path, paths):
        files.extend(sorted(p for p in path.rglob("*.toml") if p.name not in SUITE_DATA)
                     if path.is_dir() else [path])
    return files


def run(paths: Iterable[str | Path], unit_texts: Mapping[str, str] | None = None) -> Report:
    """Run every scenario under `paths`; with `unit_texts` (unit id → text) check cites and quotes."""
    results: list[Result] = []
    seen: dict[str, str] = {}
    for path in discover(paths):
        try:
            scenario = load_scenario(path)
        except ScenarioError as error:
            results.append(Result(path.stem, str(path), Status.ERROR, str(error)))
            continue
        if scenario.id in seen:
            results.append(Result(scenario.id, scenario.file, Status.ERROR,
                                  f"{scenario.file}: duplicate scenario id {scenario.id!r} (also in {seen[scenario.id]})",
                                  scenario.cites, scenario.ruleset))
            continue
        seen[scenario.id] = scenario.file
        problem = check_citations(scenario, unit_texts) if unit_texts is not None else None
        if problem:
            results.append(Result(scenario.id, scenario.file, Status.ERROR, f"{scenario.file}: {problem}",
                                  scenario.cites, scenario.ruleset))
            continue
        results.append(run_scenario(scenario))
    return Report(tuple(results), unit_texts is not None)


_TYPOGRAPHY = str.maketrans({"’": "'", "‘": "'", "„": '"', "“": '"', "”": '"', "«": '"', "»": '"'})


def comparable_text(text: str) -> str:
    """Text for quote matching: NFC, hyphenation and whitespace normalized, plain quotes, casefolded."""
    text = unicodedata.normalize("NFC", text).translate(_TYPOGRAPHY)
    text = re.sub(r"(\w)[-¬]\s*\n\s*(\w)", r"\1\2", text)
    text = re.sub(r"\s+([,.;:!?)])", r"\1", " ".join(text.split()))
    return text.casefold()


def quote_found(quote: str, text: str) -> bool:
    """Whether the quote occurs in the text, its elided pieces (… or ...) in order."""
    haystack = comparable_text(text)
    position = 0
    for piece in re.split(r"…|\.\.\.", comparable_text(quote)):
        piece = piece.strip()
        if not piece:
            continue
        found = haystack.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def check_citations(scenario: Scenario, unit_texts: Mapping[str, str]) -> str | None:
    """Why the scenario's cites or quote do not match the corpus; None if they do."""
    unknown = [unit for unit in scenario.cites if unit not in unit_texts]
    if unknown:
        return f"cites unknown unit {unknown[0]}"
    if scenario.quote and not any(quote_found(scenario.quote, unit_texts[u]) for u in scenario.cites):
        return f"quote has drifted: {scenario.quote!r} no longer occurs in {', '.join(scenario.cites)}"
    return None


@dataclass
class _Run:
    """One scenario being played (or a sitting scenario's partie: no scenario), with the lines of its explanation."""

    scenario: Scenario | None
    state: State
    lines: list[str] = field(default_factory=list)
    logged: int = 0

    def narrate(self, text: str | None = None) -> None:
        """Add a line of the runner's own, then the events logged since, to the explanation."""
        if text:
            self.lines.append(text)
        new = self.state.log[self.logged:]
        self.logged = len(self.state.log)
        self.lines.extend("  " + line for line in explain(new, self.state.ruleset))


def run_scenario(scenario: "Scenario | FormatScenario", ruleset: Ruleset | None = None) -> Result:
    """Play one checked scenario and compare it with its expectations; under `ruleset` if given
    (a variant, for the mutation check), else under the ruleset the scenario names."""
    if not isinstance(scenario, Scenario):
        return _run_format(scenario, ruleset)
    first_dealer = None if scenario.draw else scenario.deals[0].dealer
    try:
        state = State(ruleset or scenario.ruleset, dealer=first_dealer, score=scenario.start_score,
                      options=Options(scenario.lot_scoring, scenario.max_points_per_deal, scenario.mode))
    except RulesetError as error:                 # the scenario cannot be run: an error, not a fail
        return Result(scenario.id, scenario.file, Status.ERROR, f"{scenario.file}: {error}",
                      scenario.cites, scenario.ruleset)
    run_ = _Run(scenario, state)
    try:
        if scenario.draw:
            _draw(run_)
        for number, deal in enumerate(scenario.deals, 1):
            _deal(run_, number, deal)
        _expect_game(run_)
    except _Failure as failure:
        run_.narrate()
        run_.lines.append(f"{failure.status.upper()}: {failure.message}")
        return Result(scenario.id, scenario.file, failure.status,
                      f"{scenario.file}:{failure.line}: {failure.message}" if failure.line
                      else f"{scenario.file}: {failure.message}", scenario.cites, scenario.ruleset,
                      tuple(run_.lines))
    run_.narrate()
    return Result(scenario.id, scenario.file, Status.PASS, scenario.description, scenario.cites,
                  scenario.ruleset, tuple(run_.lines))


def _run_format(scenario: "FormatScenario", ruleset: Ruleset | None) -> Result:
    """A table or tournament scenario: it plays itself under the ruleset (engine.formats)."""
    try:
        lines = scenario.play(ruleset or load(scenario.ruleset))
    except RulesetError as error:
        return Result(scenario.id, scenario.file, Status.ERROR, f"{scenario.file}: {error}",
                      scenario.cites, scenario.ruleset)
    except ScenarioError as error:
        return Result(scenario.id, scenario.file, Status.ERROR, str(error), scenario.cites, scenario.ruleset)
    except Mismatch as failure:
        where = f"{scenario.file}:{failure.line}" if failure.line else scenario.file
        return Result(scenario.id, scenario.file, Status.FAIL, f"{where}: {failure.message}", scenario.cites,
                      scenario.ruleset, failure.lines + (f"FAIL: {failure.message}",))
    return Result(scenario.id, scenario.file, Status.PASS, scenario.description, scenario.cites,
                  scenario.ruleset, tuple(lines))


class _Failure(Exception):
    """A scenario that stops: a fail (the engine disagrees) or an error (it cannot be run)."""

    def __init__(self, status: Status, message: str, line: int | None = None):
        super().__init__(message)
        self.status, self.message, self.line = status, message, line


def _draw(run_: _Run) -> None:
    state, scenario = run_.state, run_.scenario
    try:
        state.apply(scenario.draw)
    except IllegalAction as refusal:
        status = Status.ERROR if refusal.code in SCENARIO_ERRORS else Status.FAIL
        raise _Failure(status, f"the draw is refused: {refusal}") from None
    run_.narrate("draw")
    tie = state.phase is not DEAL
    if scenario.draw_dealer is None and not tie:
        raise _Failure(Status.FAIL, f"the draw gives the deal to {act.PLAYERS[state.dealer]}; the scenario"
                       " expects a tie")
    if scenario.draw_dealer is not None and (tie or state.dealer != scenario.draw_dealer):
        actual = "a tie" if tie else f"the deal to {act.PLAYERS[state.dealer]}"
        raise _Failure(Status.FAIL, f"the draw gives {actual}; the scenario expects"
                       f" {act.PLAYERS[scenario.draw_dealer]} to deal first")


def _deal(run_: _Run, number: int, deal: ScenarioDeal) -> None:
    state = run_.state
    if state.phase is OVER:
        raise _Failure(Status.FAIL, f"the game is over before deal {number}", deal.line)
    if state.phase is not DEAL:
        raise _Failure(Status.ERROR, f"deal {number - 1} is unfinished when deal {number} begins", deal.line)
    if deal.out_of_turn and state.options.mode is not Mode.TABLE:
        raise _Failure(Status.ERROR, f"deal {number}: out_of_turn is table mode's (options.mode = \"table\")",
                       deal.line)
    if deal.out_of_turn and deal.dealer == state.dealer:
        raise _Failure(Status.ERROR, f"deal {number}: {act.PLAYERS[deal.dealer]} is the dealer due, not out of"
                       " turn", deal.line)
    if deal.dealer != state.dealer and not deal.out_of_turn:
        raise _Failure(Status.ERROR, f"deal {number}: {act.PLAYERS[state.dealer]} deals, not"
                       f" {act.PLAYERS[deal.dealer]} (the deal passes: {', '.join(state.ruleset.cites('deal.passes'))})",
                       deal.line)
    cards = deal.cards
    if isinstance(cards, Arranged):
        try:
            state.apply(act.Arrange(deal.dealer, cards.hands, cards.turnup, cards.talon, deal.turned))
        except IllegalAction as refusal:       # a deal the scenario sets out must be dealt
            status = Status.ERROR if refusal.code in SCENARIO_ERRORS else Status.FAIL
            raise _Failure(status, f"deal {number} refused: {refusal}", deal.line) from None
    else:
        try:
            state.apply(act.Deal(deal.dealer, cards.pack, cards.cut, cards.batches, deal.turned))
        except IllegalAction as refusal:
            if refusal.code != cards.refused:
                expected = f"; the scenario expects !{cards.refused}" if cards.refused else ""
                raise _Failure(Status.FAIL, f"deal {number} refused: {refusal}{expected}", deal.line) from None
            run_.narrate(f"deal {number} ({cards.batches}, cut {cards.cut}) — refused as expected: {refusal}")
            return
        if cards.refused:
            raise _Failure(Status.FAIL, f"deal {number} accepted; the scenario expects !{cards.refused}", deal.line)
    run_.narrate(f"deal {number}")
    expect = deal.expect
    dealt_hands = (state.hand(0), state.hand(1))
    if expect.hands and tuple(map(sorted, expect.hands)) != tuple(map(sorted, dealt_hands)):
        raise _Failure(Status.FAIL, f"deal {number} gives A {names(dealt_hands[0])}, B {names(dealt_hands[1])};"
                       f" the scenario expects A {names(expect.hands[0])}, B {names(expect.hands[1])}", deal.line)
    if expect.turnup is not None and expect.turnup != state.turnup:
        raise _Failure(Status.FAIL, f"deal {number} turns up {names([state.turnup])}; the scenario expects"
                       f" {names([expect.turnup])}", deal.line)
    for step in deal.steps:
        _step(run_, step)
    for name, expected, actual in (("tricks", expect.tricks, state.tricks),
                                   ("points", expect.points, state.deal_points),
                                   ("score", expect.score, state.score)):
        if expected is not None and tuple(expected) != tuple(actual):
            raise _Failure(Status.FAIL, f"deal {number}: {name} A {actual[0]}, B {actual[1]};"
                           f" the scenario expects A {expected[0]}, B {expected[1]}", deal.line)


def play_deals(state: State, deals: tuple[ScenarioDeal, ...], path: str) -> tuple[str, ...]:
    """Play scenario deals on `state` (a partie of a sitting scenario, engine.formats) and return
    their explanation; Mismatch where the engine disagrees, ScenarioError where it cannot judge."""
    run_ = _Run(None, state)
    try:
        for number, deal in enumerate(deals, 1):
            _deal(run_, number, deal)
    except _Failure as failure:
        run_.narrate()
        if failure.status is Status.ERROR:
            raise ScenarioError(failure.message, path, failure.line) from None
        raise Mismatch(failure.message, failure.line, tuple(run_.lines)) from None
    run_.narrate()
    return tuple(run_.lines)


def _step(run_: _Run, step: Step) -> None:
    state = run_.state
    if step.kind is StepKind.ADVISE:
        _advice(run_, step)
        return
    if step.kind in (StepKind.SHOWS, StepKind.CLOSED):
        player = step.action.player
        face_up = state.observation(1 - player).open_cards is not None
        if face_up != (step.kind is StepKind.SHOWS):
            raise _Failure(Status.FAIL, f"{step.text}: {act.PLAYERS[player]}'s cards are"
                           f" {'face up' if face_up else 'not face up'}", step.line)
        run_.lines.append(f"{step.text}: {act.PLAYERS[player]} plays with his cards"
                          f" {'face up' if face_up else 'in his hand'}")
        return
    before = state.fingerprint()
    try:
        _apply(state, step.action)
    except IllegalAction as refusal:
        if refusal.code in SCENARIO_ERRORS and step.expect is not refusal.code:
            raise _Failure(Status.ERROR, f"{step.text}: {refusal.message}", step.line) from None
        if step.expect is refusal.code:
            if state.fingerprint() != before:
                raise _Failure(Status.FAIL, f"{step.text}: refused, but the state changed", step.line) from None
            run_.narrate(f"{step.action} — refused as expected: {_refusal_text(refusal, state)}")
            return
        expected = f"; the scenario expects !{step.expect}" if step.expect else ""
        raise _Failure(Status.FAIL, f"{step.text}: refused: {refusal}{expected}", step.line) from None
    run_.narrate(str(step.action))
    if step.expect:
        raise _Failure(Status.FAIL, f"{step.text}: accepted; the scenario expects !{step.expect}", step.line)


def _refusal_text(refusal: IllegalAction, state: State) -> str:
    """A refusal read aloud with its rule's citations, inheritances named (as events are)."""
    text = f"{refusal.code}: {refusal.message}"
    if refusal.rule in state.ruleset.rule_cites:
        return f"{text} — {refusal.rule}: {state.ruleset.describe(refusal.rule)}"
    return f"{text} ({', '.join(refusal.cites)})" if refusal.cites else text


def _advice(run_: _Run, step: Step) -> None:
    """Check that the jeux-de-règle policy chooses the step's action now."""
    wanted = step.action
    decision = RulePolicy().decide(run_.state, wanted.player)
    chosen = decision.action if decision else None
    if isinstance(wanted, act.Discard) and isinstance(chosen, act.Discard):
        same = wanted.player == chosen.player and sorted(wanted.cards) == sorted(chosen.cards)
    else:
        same = wanted == chosen
    if not same:
        advised = f"{chosen} ({decision.reason})" if decision else "nothing"
        raise _Failure(Status.FAIL, f"{step.text}: the jeux de règle advise {advised}", step.line)
    run_.lines.append(f"{step.text}: {decision.reason} ({', '.join(decision.cites)})")


def _apply(state: State, action: act.PlayerAction) -> None:
    """Apply a scenario's action; an elder's play where a stand is due implies the stand."""
    implied = (isinstance(action, act.Play) and state.phase is SPEAK and action.player == state.turn)
    if implied:
        state.apply(act.Stand(action.player))
    try:
        state.apply(action)
    except IllegalAction:
        if implied:
            state.undo()
        raise


def _expect_game(run_: _Run) -> None:
    state, expect = run_.state, run_.scenario.expect
    if expect.score is not None and tuple(expect.score) != state.score:
        raise _Failure(Status.FAIL, f"score A {state.score[0]}, B {state.score[1]}; the scenario expects"
                       f" A {expect.score[0]}, B {expect.score[1]}")
    if expect.winner is not None and expect.winner != state.winner:
        actual = "no winner yet" if state.winner is None else f"{act.PLAYERS[state.winner]} wins"
        raise _Failure(Status.FAIL, f"{actual}; the scenario expects {act.PLAYERS[expect.winner]} to win")
    if expect.lot is not None and expect.lot != state.lot:
        raise _Failure(Status.FAIL, f"the game counts {state.lot}; the scenario expects {expect.lot}")


@dataclass(frozen=True)
class Deferral:
    """Units left to a later issue, not counted in coverage: `pattern` is a unit id, or `ID*` for
    the unit and every unit inside it; `reason` says why; `line` is where the data file gives it."""

    pattern: str
    reason: str
    line: int | None = None

    def matches(self, unit_id: str) -> bool:
        base = self.pattern.removesuffix("*")
        return unit_id == base or (self.pattern.endswith("*") and unit_id.startswith(base + "."))


@dataclass(frozen=True)
class WitnessCoverage:
    """For one witness: the units its scenarios must cover — normative leaves (units with no unit
    inside them) and lead-ins (normative containers with text of their own before their parts) —
    cited by passing scenarios and cited by none, those deferred to a later issue, and its
    containers whose every counted unit is covered. A container is never covered by one of its
    children alone, and citing a child never covers its container's lead-in."""

    witness: str
    units: tuple[str, ...]                        # every normative unit
    covered: tuple[str, ...]                      # leaves and lead-ins cited by a passing scenario
    uncovered: tuple[str, ...]                    # those cited by none (deferred ones excepted)
    deferred: tuple[tuple[str, str], ...] = ()    # (leaf or lead-in, reason): not counted in the goal
    containers: tuple[str, ...] = ()              # normative containers that hold a counted unit
    containers_covered: tuple[str, ...] = ()      # those whose counted units are all covered
    lead_ins: tuple[str, ...] = ()                # the counted lead-ins, covered or not

    @property
    def counted(self) -> int:
        """The units counted toward the goal: leaves and lead-ins, covered and uncovered, not deferred."""
        return len(self.covered) + len(self.uncovered)

    @property
    def leaves(self) -> int:
        """The leaves counted toward the goal (the counted units less the lead-ins)."""
        return self.counted - len(self.lead_ins)

    @property
    def lead_ins_covered(self) -> tuple[str, ...]:
        """The counted lead-ins that a passing scenario cites."""
        return tuple(unit for unit in self.lead_ins if unit in self.covered)

    @property
    def percent(self) -> float | None:
        """Covered units as a percentage of the counted ones, to one decimal; None if none counts."""
        return round(100 * len(self.covered) / self.counted, 1) if self.counted else None

    def as_json(self) -> dict[str, Any]:
        return {"witness": self.witness, "normative": len(self.units), "covered": list(self.covered),
                "uncovered": list(self.uncovered), "counted": self.counted,
                "lead_ins": list(self.lead_ins), "percent": self.percent,
                "deferred": [{"unit": unit, "reason": reason} for unit, reason in self.deferred],
                "containers": len(self.containers), "containers_covered": list(self.containers_covered)}


def _cited(report: Report) -> set[str]:
    """The units cited by passing scenarios."""
    return {unit for r in report.results if r.status is Status.PASS for unit in r.cites}


def coverage(report: Report, units: Iterable[Any], witnesses: Iterable[str] | None = None,
             deferrals: Iterable[Deferral] = ()) -> list[WitnessCoverage]:
    """Coverage of each witness's normative leaves and lead-ins by passing scenarios.

    `units` are objects with `id`, `witness`, `normative` and `leads_in` (a container with words
    of its own before its parts: en-wiki.s7.p1's duty of play before its cases), or tuples of
    the four; only the `witnesses` given count (by default those with a ruleset: a transcript is
    not a rulebook of its own). A leaf is a normative unit with no unit of its witness inside it
    (no id beginning with its id and a dot). A leaf or a normative lead-in is covered when a
    passing scenario cites it itself; one that a deferral matches is listed apart with its reason
    and not counted.
    """
    chosen = set(available() if witnesses is None else witnesses)
    deferrals = tuple(deferrals)
    cited = _cited(report)
    by_witness: dict[str, list[tuple[str, bool, bool]]] = {}
    for unit in units:
        unit_id, witness, normative, leads_in = (unit if isinstance(unit, tuple)
                                                 else (unit.id, unit.witness, unit.normative, unit.leads_in))
        if witness in chosen:
            by_witness.setdefault(witness, []).append((unit_id, normative, leads_in))
    out = []
    for witness, found in by_witness.items():
        ids = [unit_id for unit_id, _, _ in found]
        normative = [unit_id for unit_id, is_normative, _ in found if is_normative]
        lead_ins = {unit_id for unit_id, is_normative, leads_in in found if is_normative and leads_in}
        inside = {u: [v for v in ids if v.startswith(u + ".")] for u in normative}
        reasons = {u: next((d.reason for d in deferrals if d.matches(u)), None)
                   for u in normative if not inside[u] or u in lead_ins}
        counted = [u for u, reason in reasons.items() if reason is None]
        counts = set(counted)
        containers = [u for u in normative if inside[u] and counts.intersection((u, *inside[u]))]
        out.append(WitnessCoverage(
            witness, tuple(normative), tuple(u for u in counted if u in cited),
            tuple(u for u in counted if u not in cited),
            tuple((u, reason) for u, reason in reasons.items() if reason is not None),
            tuple(containers),
            tuple(u for u in containers if all(v in cited for v in (u, *inside[u]) if v in counts)),
            tuple(u for u in counted if u in lead_ins)))
    return out


def stale_deferrals(deferrals: Iterable[Deferral], found: Iterable[WitnessCoverage],
                    report: Report) -> list[tuple[Deferral, str]]:
    """The deferrals that no longer hold, with why: one that defers no normative leaf or lead-in of a
    counted witness, or one that defers a unit a passing scenario cites (it is no longer left for later)."""
    deferred = [unit for witness in found for unit, _ in witness.deferred]
    cited = _cited(report)
    stale = []
    for deferral in deferrals:
        matched = [unit for unit in deferred if deferral.matches(unit)]
        if not matched:
            stale.append((deferral, f"{deferral.pattern} matches no normative leaf or lead-in"))
        elif done := [unit for unit in matched if unit in cited]:
            stale.append((deferral, f"{deferral.pattern} defers {done[0]}, which a passing scenario cites"))
    return stale
