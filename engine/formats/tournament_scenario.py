"""Tournament scenarios (docs/tournaments.md): a `[tournament]`'s players, its rounds and the first
round's lot; per `[[round]]` the pairings the engine must make, the results given, the cards drawn
to order equal points and the standings expected; the winners. `play` runs one under a ruleset.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..ruleset import Ruleset
from ..scenario import Reader, ScenarioError, ScenarioFile
from .partie import parse_score
from .scenario import player_names
from .notes import Note
from .tournament import Outcome, Standing, System, Tournament, TournamentError, signed
from .verdict import Mismatch

_TOP_KEYS = {"id", "cites", "ruleset", "description", "quote", "translation", "notes", "tournament", "options",
             "round", "expect"}
_TOURNAMENT_KEYS = {"system", "players", "rounds", "lot"}
_OPTION_KEYS = {"bye"}
_ROUND_KEYS = {"pairs", "results", "out", "draw", "standings"}
_EXPECT_KEYS = {"winners"}
_STANDING = re.compile(r"(\S+)\s+([+-]?\d+)")


@dataclass(frozen=True)
class ScenarioRound:
    """One `[[round]]`: the pairs expected, the results, who sits out, the cards drawn after it (each
    player's draws in order), the standings expected (None: not checked), and its line."""

    pairs: tuple[tuple[str, str], ...]
    results: tuple[Outcome, ...]
    out: str | None
    draw: Mapping[str, tuple[Card, ...]]
    standings: tuple[tuple[str, int], ...] | None
    line: int | None


@dataclass(frozen=True)
class TournamentScenario(ScenarioFile):
    """A checked tournament scenario file; `where` gives the lines of its `[tournament]` keys."""

    system: System
    players: tuple[str, ...]
    rounds: int | None
    lot: tuple[str, ...] | None
    bye: int | None
    played: tuple[ScenarioRound, ...]
    winners: tuple[str, ...] | None
    where: Mapping[str, int | None] = field(default_factory=dict, compare=False)

    def play(self, ruleset: Ruleset) -> tuple[str, ...]:
        """Run the tournament under `ruleset`: the explanation lines; Mismatch where the engine pairs,
        ranks or counts otherwise than the scenario expects, ScenarioError where it cannot be run."""
        return _Run(self, ruleset).play()


class _Run:
    """One tournament scenario being played, with the lines of its explanation."""

    def __init__(self, scenario: TournamentScenario, ruleset: Ruleset):
        self.scenario, self.ruleset = scenario, ruleset
        self.lines: list[str] = []

    def say(self, notes: list[Note] | tuple[Note, ...]) -> None:
        self.lines.extend(note.explain(self.ruleset) for note in notes)

    def error(self, message: str, line: int | None) -> ScenarioError:
        return ScenarioError(message, self.scenario.file, line)

    def mismatch(self, message: str, line: int | None) -> Mismatch:
        return Mismatch(message, line, tuple(self.lines))

    def play(self) -> tuple[str, ...]:
        s = self.scenario
        try:
            tournament = Tournament(self.ruleset, s.system, s.players, bye=s.bye)
        except TournamentError as error:
            raise self.error(str(error), s.where.get("players")) from None
        rules = ("tournament.systems", "tournament.round-robin" if s.system is System.ROUND_ROBIN
                 else "tournament.rounds")
        self.say([Note(f"{s.system}, {len(s.players)} players: {tournament.rounds} rounds", rules)])
        if s.rounds is not None and s.rounds != tournament.rounds:
            raise self.mismatch(f"{len(s.players)} players play {tournament.rounds} rounds; the scenario"
                                f" expects {s.rounds}", s.where.get("rounds"))
        if len(s.played) > tournament.rounds:
            raise self.mismatch(f"the tournament has {tournament.rounds} rounds; the scenario plays"
                                f" {len(s.played)}", s.played[tournament.rounds].line)
        for number, expected in enumerate(s.played, 1):
            self.round(tournament, number, expected, number < len(s.played))
        if s.winners is not None:
            if not tournament.over:
                raise self.error(f"the tournament has {tournament.rounds} rounds; after {tournament.played}"
                                 " there is no winner yet", s.where.get("winners"))
            self.say([tournament.winner_note()])
            if set(tournament.winners()) != set(s.winners):
                raise self.mismatch(f"{', '.join(tournament.winners())} win(s); the scenario expects"
                                    f" {', '.join(s.winners)}", s.where.get("winners"))
        return tuple(self.lines)

    def round(self, tournament: Tournament, number: int, expected: ScenarioRound, another: bool) -> None:
        """Pair, record, draw and rank one round, comparing each step with the scenario."""
        s = self.scenario
        swiss = s.system is System.SWISS
        try:
            made = tournament.pair(lot=s.lot if swiss and number == 1 else None,
                                   schedule=None if swiss else expected.pairs)
        except TournamentError as error:
            raise self.error(str(error), s.where.get("lot") if swiss and number == 1 else expected.line) from None
        self.say(made.notes)
        if {frozenset(p) for p in made.pairs} != {frozenset(p) for p in expected.pairs}:
            raise self.mismatch(f"round {number} pairs {_pairs(made.pairs)}; the scenario expects"
                                f" {_pairs(expected.pairs)}", expected.line)
        if expected.out is not None and expected.out != made.out:
            raise self.mismatch(f"round {number}: {made.out or 'nobody'} sits out; the scenario expects"
                                f" {expected.out}", expected.line)
        try:
            self.say(tournament.record(expected.results))
        except TournamentError as error:
            raise self.error(str(error), expected.line) from None
        self.draw(tournament, number, expected, another)
        self.say([tournament.standings_note()])
        if expected.standings is not None:
            self.check_standings(tournament.standings(), number, expected)

    def draw(self, tournament: Tournament, number: int, expected: ScenarioRound, another: bool) -> None:
        """Order equal points by the cards the scenario gives; needed before a Swiss round is paired."""
        if not expected.draw:
            if tournament.tied and another and self.scenario.system is System.SWISS:
                tied = "; ".join(" and ".join(group) for group in tournament.tied)
                raise self.error(f"after round {number} {tied} have equal points: give the cards they draw"
                                 " (draw = { NAME = \"CARD\", … })", expected.line)
            return
        if self.scenario.system is System.ROUND_ROBIN or tournament.over:
            raise self.error(f"after round {number} no round is paired: nobody draws cards", expected.line)
        used: dict[str, int] = {}

        def drawn(group: tuple[str, ...], attempt: int) -> dict[str, Card]:
            cards = {}
            for name in group:
                given = expected.draw.get(name, ())
                if len(given) < attempt:
                    again = " again (they drew equal cards)" if attempt > 1 else ""
                    raise self.error(f"after round {number} {' and '.join(group)} have equal points and draw"
                                     f"{again}: the draw gives {name} no card for it", expected.line)
                cards[name] = given[attempt - 1]
                used[name] = attempt
            if len(set(cards.values())) < len(cards):
                raise self.error(f"after round {number}: two players cannot draw the same card", expected.line)
            return cards

        self.say(tournament.draw_ties(drawn))
        unused = [name for name, cards in expected.draw.items() if used.get(name, 0) != len(cards)]
        if unused:
            raise self.error(f"after round {number} the draw gives {unused[0]} {len(expected.draw[unused[0]])}"
                             f" card(s); {unused[0]} draws {used.get(unused[0], 0)}", expected.line)

    def check_standings(self, actual: tuple[Standing, ...], number: int, expected: ScenarioRound) -> None:
        """The expected order and points; players sharing a place may be listed in any order."""
        place = {row.name: row.place for row in actual}
        points = {row.name: row.points for row in actual}
        wanted = expected.standings or ()
        if any(place[name] != row.place or points[name] != score
               for (name, score), row in zip(wanted, actual)):
            raise self.mismatch(f"after round {number} the standings are {', '.join(map(str, actual))}; the"
                                " scenario expects " + ", ".join(f"{n} {signed(p)}" for n, p in wanted),
                                expected.line)


def _pairs(pairs: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(f"{a}–{b}" for a, b in pairs)


def read_tournament(path: str, text: str, data: dict[str, Any]) -> TournamentScenario:
    """A tournament scenario from its file's data; ScenarioError naming the line where it is malformed."""
    return _TournamentReader(path, text).tournament(data)


class _TournamentReader(Reader):
    """Checks a tournament scenario's data, finding line numbers in the file's text."""

    def tournament(self, data: dict) -> TournamentScenario:
        scenario_id, cites, ruleset, description, quote = self.header(data, _TOP_KEYS)
        table = self.keys(data["tournament"], _TOURNAMENT_KEYS, "[tournament]")
        start = self.line_of("[tournament]") or 0
        where = {key: self.line_of(f"{key} =", start) or self.line_of(key, start)
                 for key in ("system", "players", "rounds", "lot")}
        system = table.get("system")
        if system not in {s.value for s in System}:
            raise self.fail(f"tournament.system must be one of {', '.join(s.value for s in System)}, not {system!r}",
                            "system")
        players = self.players(table.get("players"))
        rounds = table.get("rounds")
        if rounds is not None and (type(rounds) is not int or rounds < 1):
            raise self.fail("tournament.rounds must be a whole number ≥ 1", "rounds")
        lot = self.lot(table, players, System(system))
        options = self.keys(data.get("options", {}), _OPTION_KEYS, "[options]")
        bye = options.get("bye")
        if bye is not None and (type(bye) is not int or bye < 0):
            raise self.fail("options.bye must be a whole number of points ≥ 0", "bye")
        rounds_data = data.get("round", [])
        if not isinstance(rounds_data, list):
            raise self.fail("round must be an array of tables: [[round]]", "round")
        played = tuple(self.round(r, n, players) for n, r in enumerate(rounds_data, 1))
        expect = self.keys(data.get("expect", {}), _EXPECT_KEYS, "[expect]")
        winners = None
        if "winners" in expect:
            winners = self.names(expect["winners"], players, "expect.winners", "winners")
            if not winners:
                raise self.fail("expect.winners must name at least one player", "winners")
        where["winners"] = self.line_of("winners", self.line_of("[expect]") or 0)
        return TournamentScenario(
            scenario_id, self.path, cites, ruleset, description, quote, System(system), players, rounds, lot, bye,
            played, winners, where)

    def players(self, value: Any) -> tuple[str, ...]:
        """`players = 6` (P1…P6) or a list of names, each once."""
        if type(value) is int:
            if value < 1:
                raise self.fail("tournament.players must be at least 1", "players")
            return tuple(f"P{n}" for n in range(1, value + 1))
        if isinstance(value, list):
            return player_names(self, value, "tournament.players", "players")
        raise self.fail("tournament.players must be a number or a list of names", "players")

    def names(self, value: Any, players: tuple[str, ...], where: str, near: str) -> tuple[str, ...]:
        """A list of the tournament's players."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{where} must be a list of players' names", near)
        for name in value:
            if name not in players:
                raise self.fail(f"{where}: {name!r} is no player of the tournament", f'"{name}"')
        return tuple(value)

    def lot(self, table: dict, players: tuple[str, ...], system: System) -> tuple[str, ...] | None:
        """`lot`: the players in the order the lot draws them for the first Swiss round."""
        if "lot" not in table:
            return None
        if system is not System.SWISS:
            raise self.fail("tournament.lot draws the first round of the Swiss system; a round robin has none", "lot")
        lot = self.names(table["lot"], players, "tournament.lot", "lot")
        if sorted(lot) != sorted(players):
            raise self.fail("tournament.lot must draw every player once", "lot")
        return lot

    def round(self, data: Any, number: int, players: tuple[str, ...]) -> ScenarioRound:
        where = f"round {number}"
        line = self._round_line(number)
        data = self.keys(data, _ROUND_KEYS, f"[[round]] {number}")
        for key in ("pairs", "results"):
            if key not in data:
                raise ScenarioError(f"{where} has no {key}", self.path, line)
        pairs = self.pairs(data["pairs"], players, where, line)
        results = self.results(data["results"], pairs, where, line)
        out = data.get("out")
        if out is not None and (out not in players or any(out in pair for pair in pairs)):
            raise self.fail(f"{where}: out must name a player who is not paired, not {out!r}", "out")
        return ScenarioRound(pairs, results, out, self.draw(data.get("draw", {}), players, where, line),
                             self.standings(data["standings"], players, where, line) if "standings" in data
                             else None, line)

    def pairs(self, value: Any, players: tuple[str, ...], where: str, line: int | None) -> tuple[tuple[str, str], ...]:
        """`pairs = ["P1 P4", …]`: each two players, nobody twice in the round."""
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{where}: pairs must be a list like [\"P1 P4\", \"P2 P3\"]", self.path, line)
        found: list[tuple[str, str]] = []
        seen: set[str] = set()
        for text in value:
            at = self.line_of(f'"{text}"', line or 0)
            names = text.split()
            if len(names) != 2 or names[0] == names[1] or not all(n in players for n in names):
                raise ScenarioError(f"{where}: {text!r} is not two different players of the tournament",
                                    self.path, at)
            if seen & set(names):
                raise ScenarioError(f"{where}: {' or '.join(sorted(seen & set(names)))} is paired twice", self.path, at)
            seen.update(names)
            found.append((names[0], names[1]))
        return tuple(found)

    def results(self, value: Any, pairs: tuple[tuple[str, str], ...], where: str,
                line: int | None) -> tuple[Outcome, ...]:
        """`results = ["P1 5:2", …]`: one per pair, its winner and the points, his first."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{where}: results must be a list like [\"P1 5:2\"]", self.path, line)
        found: dict[tuple[str, str], Outcome] = {}
        for text in value:
            at = self.line_of(f'"{text}"', line or 0)
            try:
                winner, won, lost = parse_score(text)
            except ValueError as error:
                raise ScenarioError(f"{where}: a result {error}", self.path, at) from None
            pair = next((p for p in pairs if winner in p), None)
            if pair is None:
                raise ScenarioError(f"{where}: {winner} plays in none of the round's pairs", self.path, at)
            if pair in found:
                raise ScenarioError(f"{where}: {pair[0]}–{pair[1]} has two results", self.path, at)
            found[pair] = Outcome(winner, pair[1] if pair[0] == winner else pair[0], won, lost)
        missing = [p for p in pairs if p not in found]
        if missing:
            raise ScenarioError(f"{where}: no result for {missing[0][0]}–{missing[0][1]}", self.path, line)
        return tuple(found[p] for p in pairs)

    def draw(self, value: Any, players: tuple[str, ...], where: str, line: int | None) -> dict[str, tuple[Card, ...]]:
        """`draw = { P1 = "KH", P4 = ["9S", "QD"] }`: each player's card, or cards when drawn again."""
        if not isinstance(value, dict):
            raise ScenarioError(f"{where}: draw must be a table {{ NAME = \"CARD\" }}", self.path, line)
        found = {}
        for name, cards in value.items():
            if name not in players:
                raise self.fail(f"{where}: draw: {name!r} is no player of the tournament", name)
            listed = cards if isinstance(cards, list) else [cards]
            if not listed:
                raise self.fail(f"{where}: draw: {name} must draw a card", name)
            found[name] = tuple(self.card(c, f"{where}: draw {name}") for c in listed)
        return found

    def standings(self, value: Any, players: tuple[str, ...], where: str,
                  line: int | None) -> tuple[tuple[str, int], ...]:
        """`standings = ["P5 +3", "P1 +3", …]`: every player once, in order, with his points."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{where}: standings must be a list like [\"P5 +3\", \"P1 -3\"]", self.path, line)
        found = []
        for text in value:
            match = _STANDING.fullmatch(text.strip())
            if not match or match[1] not in players:
                raise ScenarioError(f"{where}: {text!r} is not a player and his points, e.g. \"P5 +3\"",
                                    self.path, self.line_of(f'"{text}"', line or 0))
            found.append((match[1], int(match[2])))
        if sorted(n for n, _ in found) != sorted(players):
            raise ScenarioError(f"{where}: standings must list every player once", self.path,
                                self.line_of("standings", line or 0))
        return tuple(found)

    def _round_line(self, number: int) -> int | None:
        line = 0
        for _ in range(number):
            line = self.line_of("[[round]]", line) or 0
        return line or None
