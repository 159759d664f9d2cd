"""Conformance scenarios (CONTRACT.md §4): one TOML file each, read into checked, plain values.

Every malformed file raises `ScenarioError` naming the file, the line where it can be found,
and the problem — bad TOML, a missing or unknown key, an unknown card, verb, code or ruleset,
a duplicate card or a card in two places — so that it is reported as an error, never a pass.

Beyond the contract, three extensions reach what the contract's format cannot say:

- `[draw]` with `A`, `B` (the cards drawn) and `dealer` ("A", "B", or "again" for a tie):
  the draw for the first deal; a scenario with a draw may have no `[[deal]]`. In table mode a
  list (`A = ["7S", "KH"]`) is several cards drawn by mistake (docs/table-mode.md).
- a `[[deal]]` dealt by the engine: `pack` (top first, completed like the talon), `cut`
  (cards lifted off the top and put beneath) and `batches` ("3-2" or "2-3") instead of
  `hands`, `turnup` and `talon`; `[deal.expect]` may then name the `hands` and `turnup`
  dealt, and `refused = "CODE"` expects the deal to be refused (the next `[[deal]]` redeals).
- the verb `advise`: `"A advise stand"` checks that the jeux-de-règle policy
  (`engine.policies.RulePolicy`) chooses that action now; it changes nothing.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from . import actions as act
from .actions import PLAYERS, PlayerAction, parse_action
from .cards import PACK, Card, card_name, parse_card
from .errors import CODES, SCENARIO_ERRORS, Code
from .irregularities import Mode
from .param_values import Batches
from .ruleset import available

if TYPE_CHECKING:
    from .formats.scenario import SittingScenario
    from .formats.tournament_scenario import TournamentScenario

_TOP_KEYS = {"id", "cites", "ruleset", "description", "quote", "translation", "notes", "options",
             "start", "draw", "deal", "expect"}
_BATCHES = tuple(b.value for b in Batches)
"""The batches a pack deal names, as scenario files write them."""
_DEAL_KEYS = {"dealer", "hands", "turnup", "talon", "pack", "cut", "batches", "refused", "actions", "expect",
              "out_of_turn", "turned"}
_DEAL_EXPECT_KEYS = {"tricks", "points", "score", "hands", "turnup"}
_EXPECT_KEYS = {"score", "winner", "lot"}
_OPTION_KEYS = {"lot_scoring", "max_points_per_deal", "mode"}


class Header(NamedTuple):
    """What every scenario file starts with: its id, cited units, ruleset, description and quote."""

    id: str
    cites: tuple[str, ...]
    ruleset: str
    description: str
    quote: str | None


class ScenarioError(ValueError):
    """A scenario file that cannot be run as written."""

    def __init__(self, message: str, path: str, line: int | None = None):
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.message, self.path, self.line = message, path, line


class StepKind(str, Enum):
    """What a line of `actions` does: apply an action, or check something without acting."""

    ACT = "act"          # `A play KH`: apply it (`!CODE`: it must be refused)
    ADVISE = "advise"    # `A advise stand`: the jeux-de-règle policy must choose that action now
    SHOWS = "shows"      # `A shows`: table mode, A's cards lie face up for his opponent
    CLOSED = "closed"    # `A closed`: A's cards are not face up


@dataclass(frozen=True)
class Step:
    """One action line of a deal: its text, the action, the refusal code expected, if any.

    An advice step (`A advise stand`) holds the action the policy must choose; a `shows` or
    `closed` step holds a `look` of that player (it is not applied).
    """

    text: str
    action: PlayerAction
    expect: Code | None
    line: int | None
    kind: StepKind = StepKind.ACT


@dataclass(frozen=True)
class DealExpect:
    """What a deal must end with; None where the scenario does not say."""

    tricks: tuple[int, int] | None = None
    points: tuple[int, int] | None = None
    score: tuple[int, int] | None = None
    hands: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    turnup: Card | None = None


@dataclass(frozen=True)
class Arranged:
    """Cards set out by the scenario: both hands, the turn-up, the talon completed to 21."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turnup: Card
    talon: tuple[Card, ...]


@dataclass(frozen=True)
class Dealt:
    """Cards dealt by the engine from a pack (completed to 32), cut and dealt in batches."""

    pack: tuple[Card, ...]
    cut: int
    batches: Batches
    refused: str | None


@dataclass(frozen=True)
class ScenarioDeal:
    """One deal: who deals, the cards (arranged or dealt), the actions, the expectations."""

    dealer: int
    cards: Arranged | Dealt
    steps: tuple[Step, ...]
    expect: DealExpect
    line: int | None
    out_of_turn: bool = False        # table mode: the dealer is not the one due (a deal out of turn)
    turned: bool = True              # table mode, false: the dealer turns up the eleventh card (`B turn`)


@dataclass(frozen=True)
class GameExpect:
    """What the game must end with; None where the scenario does not say."""

    score: tuple[int, int] | None = None
    winner: int | None = None
    lot: int | None = None


@dataclass(frozen=True)
class ScenarioFile:
    """What every checked scenario holds first: its id, file, cited units, ruleset, description, quote
    (the runner, the citation checks and the cross-references read these alone)."""

    id: str
    file: str
    cites: tuple[str, ...]
    ruleset: str
    description: str
    quote: str | None


@dataclass(frozen=True)
class Scenario(ScenarioFile):
    """A checked two-player scenario file."""

    lot_scoring: bool
    max_points_per_deal: int | None
    mode: Mode
    start_score: tuple[int, int]
    draw: act.Draw | None
    draw_dealer: int | None          # the first dealer the draw must give; None: a tie
    deals: tuple[ScenarioDeal, ...]
    expect: GameExpect


def load_scenario(path: str | Path) -> "Scenario | SittingScenario | TournamentScenario":
    """Read and check one scenario file; ScenarioError if it is malformed.

    A file with a `[sitting]` is a game of several players (engine.formats.scenario), one with a
    `[tournament]` a tournament (engine.formats.tournament_scenario); any other is a two-player game."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ScenarioError(f"cannot read: {error}", name) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+)", str(error))
        raise ScenarioError(f"bad TOML: {error}", name, int(match.group(1)) if match else None) from None
    if "sitting" in data:
        from .formats.scenario import read_sitting
        return read_sitting(name, text, data)
    if "tournament" in data:
        from .formats.tournament_scenario import read_tournament
        return read_tournament(name, text, data)
    return Reader(name, text).scenario(data)


class Reader:
    """Checks one file's data, finding line numbers for its complaints in the file's text."""

    def __init__(self, path: str, text: str):
        self.path, self.lines = path, text.splitlines()

    def fail(self, message: str, near: str | None = None) -> ScenarioError:
        return ScenarioError(message, self.path, self.line_of(near) if near else None)

    def line_of(self, needle: str, after: int = 0) -> int | None:
        """The first line (1-based, after line `after`) whose text contains `needle`."""
        for number, line in enumerate(self.lines[after:], after + 1):
            if needle in line:
                return number
        return None

    def keys(self, table: Any, allowed: set[str], where: str) -> dict[str, Any]:
        if not isinstance(table, dict):
            raise self.fail(f"{where} must be a table", where.split(".")[-1].strip("[]"))
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise self.fail(f"unknown key {unknown[0]!r} in {where} (known: {', '.join(sorted(allowed))})",
                            unknown[0])
        return table

    def string(self, data: dict, key: str, where: str, required: bool = True) -> str | None:
        value = data.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{where}{key} must be a non-empty string", key)
        return value

    def pair(self, value: Any, where: str, near: str) -> tuple[int, int]:
        if not isinstance(value, dict) or set(value) != {"A", "B"} or not all(
                type(v) is int and v >= 0 for v in value.values()):
            raise self.fail(f"{where} must be {{ A = n, B = n }} with whole numbers ≥ 0", near)
        return value["A"], value["B"]

    def player(self, value: Any, where: str, near: str) -> int:
        if value not in ("A", "B"):
            raise self.fail(f"{where} must be \"A\" or \"B\", not {value!r}", near)
        return PLAYERS.index(value)

    def card(self, value: Any, where: str) -> Card:
        try:
            if not isinstance(value, str):
                raise ValueError(f"a card must be a string like \"KH\", not {value!r}")
            return parse_card(value)
        except ValueError as error:
            raise self.fail(f"{where}: {error}", f'"{value}"' if isinstance(value, str) else None) from None

    def header(self, data: dict, allowed: set[str]) -> Header:
        """The keys every scenario has (its top-level keys among `allowed`), checked."""
        self.keys(data, allowed, "the scenario")
        scenario_id = self.string(data, "id", "") or ""
        cites = data.get("cites")
        if not isinstance(cites, list) or not cites or not all(isinstance(c, str) and c for c in cites):
            raise self.fail("cites must be a non-empty list of unit ids", "cites")
        ruleset = self.string(data, "ruleset", "") or ""
        if ruleset not in available():
            raise self.fail(f"unknown ruleset {ruleset!r} (known: {', '.join(available())})", "ruleset")
        for key in ("translation", "notes"):
            self.string(data, key, "", required=False)
        return Header(scenario_id, tuple(cites), ruleset, self.string(data, "description", "", required=False) or "",
                      self.string(data, "quote", "", required=False))

    def scenario(self, data: dict) -> Scenario:
        scenario_id, cites, ruleset, description, quote = self.header(data, _TOP_KEYS)
        options = self.keys(data.get("options", {}), _OPTION_KEYS, "[options]")
        lot = options.get("lot_scoring", False)
        if type(lot) is not bool:
            raise self.fail("options.lot_scoring must be true or false", "lot_scoring")
        maximum = options.get("max_points_per_deal")
        if maximum is not None and (type(maximum) is not int or maximum < 1):
            raise self.fail("options.max_points_per_deal must be a whole number ≥ 1", "max_points_per_deal")
        mode = options.get("mode", Mode.STRICT.value)
        if mode not in {m.value for m in Mode}:
            raise self.fail(f"options.mode must be \"strict\" or \"table\", not {mode!r}", "mode")
        start = self.keys(data.get("start", {}), {"score"}, "[start]")
        start_score = self.pair(start["score"], "start.score", "score") if "score" in start else (0, 0)
        draw, draw_dealer = self.draw(data["draw"]) if "draw" in data else (None, None)
        deals = data.get("deal", [])
        if not isinstance(deals, list) or (not deals and draw is None):
            raise self.fail("a scenario needs at least one [[deal]] (or a [draw])")
        if draw is not None and draw_dealer is None and deals:
            raise self.fail("a draw that ties deals nobody: no [[deal]] can follow it", "again")
        expect = self.keys(data.get("expect", {}), _EXPECT_KEYS, "[expect]")
        lot_value = expect.get("lot")
        if lot_value is not None and (type(lot_value) is not int or lot_value < 1):
            raise self.fail("expect.lot must be a whole number ≥ 1", "lot")
        return Scenario(
            scenario_id, self.path, cites, ruleset, description, quote, lot, maximum, Mode(mode), start_score, draw,
            draw_dealer,
            tuple(self.deal(d, n) for n, d in enumerate(deals, 1)),
            GameExpect(self.pair(expect["score"], "expect.score", "score") if "score" in expect else None,
                       self.player(expect["winner"], "expect.winner", "winner") if "winner" in expect else None,
                       lot_value))

    def draw(self, data: Any) -> tuple[act.Draw, int | None]:
        """`[draw]`: the card each drew (a list: several drawn by mistake, table mode) and the dealer."""
        data = self.keys(data, {"A", "B", "dealer"}, "[draw]")
        if set(data) != {"A", "B", "dealer"}:
            raise self.fail("[draw] needs A, B and dealer", "[draw]")
        drawn = []
        for player in "AB":
            value = data[player]
            if isinstance(value, list) and not value:
                raise self.fail(f"draw {player}: name at least one card", "[draw]")
            drawn.append(tuple(self.card(c, f"draw {player}") for c in (value if isinstance(value, list) else [value])))
        every = drawn[0] + drawn[1]
        if len(set(every)) != len(every):
            raise self.fail("the draw names the same card twice", "[draw]")
        dealer = None if data["dealer"] == "again" else self.player(data["dealer"], "draw.dealer", "dealer")
        return act.Draw((drawn[0][0], drawn[1][0]), (drawn[0][1:], drawn[1][1:])), dealer

    def deal(self, data: Any, number: int) -> ScenarioDeal:
        where = f"deal {number}"
        data = self.keys(data, _DEAL_KEYS, f"[[deal]] {number}")
        deal_line = self._deal_line(number)
        if "dealer" not in data:
            raise ScenarioError(f"{where} has no dealer", self.path, deal_line)
        dealer = self.player(data["dealer"], f"{where}: dealer", "dealer")
        dealt = "pack" in data
        needed, excluded = ({"pack", "cut", "batches"}, {"hands", "turnup", "talon"}) if dealt else \
            ({"hands", "turnup"}, {"pack", "cut", "batches", "refused"})
        missing, clashing = sorted(needed - set(data)), sorted(excluded & set(data))
        if missing:
            raise ScenarioError(f"{where} has no {missing[0]}", self.path, deal_line)
        if clashing:
            raise self.fail(f"{where}: {clashing[0]} does not go with {'a pack' if dealt else 'hands'}", clashing[0])
        cards = self.dealt(data, where) if dealt else self.arranged(data, where)
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise self.fail(f"{where}: actions must be a list of strings", "actions")
        if dealt and cards.refused and actions:
            raise self.fail(f"{where}: a refused deal has no actions", "refused")
        expect = self.keys(data.get("expect", {}), _DEAL_EXPECT_KEYS, f"[deal.expect] of deal {number}")
        hands = turnup = None
        if "hands" in expect or "turnup" in expect:
            if not dealt:
                raise self.fail(f"{where}: expect.hands and expect.turnup check a pack's deal", "expect")
            seen: dict[Card, str] = {}
            hands = self.hands(expect.get("hands"), where, seen) if "hands" in expect else None
            turnup = self.place(expect["turnup"], "the turn-up", seen, where) if "turnup" in expect else None
        out_of_turn, turned = data.get("out_of_turn", False), data.get("turned", True)
        if type(out_of_turn) is not bool or type(turned) is not bool:
            raise self.fail(f"{where}: out_of_turn and turned must be true or false",
                            "out_of_turn" if type(out_of_turn) is not bool else "turned")
        return ScenarioDeal(
            dealer, cards, tuple(self.step(a, where, deal_line or 0) for a in actions),
            DealExpect(*(self.pair(expect[k], f"{where}: expect.{k}", k) if k in expect else None
                         for k in ("tricks", "points", "score")), hands, turnup), deal_line, out_of_turn, turned)

    def hands(self, hands: Any, where: str, seen: dict[Card, str]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        if not isinstance(hands, dict) or set(hands) != {"A", "B"}:
            raise self.fail(f"{where}: hands must be {{ A = [...], B = [...] }}", "hands")
        named = []
        for player in "AB":
            cards = hands[player]
            if not isinstance(cards, list) or len(cards) != 5:
                raise self.fail(f"{where}: hand {player} must list five cards", "hands")
            named.append(tuple(self.place(c, f"hand {player}", seen, where) for c in cards))
        return named[0], named[1]

    def arranged(self, data: dict, where: str) -> Arranged:
        seen: dict[Card, str] = {}
        hands = self.hands(data["hands"], where, seen)
        turnup = self.place(data["turnup"], "the turn-up", seen, where)
        talon = data.get("talon", [])
        if not isinstance(talon, list) or len(talon) > 21:
            raise self.fail(f"{where}: talon must list at most 21 cards", "talon")
        top = tuple(self.place(c, "the talon", seen, where) for c in talon)
        return Arranged(hands, turnup, top + tuple(c for c in PACK if c not in seen))

    def dealt(self, data: dict, where: str) -> Dealt:
        seen: dict[Card, str] = {}
        pack = data["pack"]
        if not isinstance(pack, list) or len(pack) > 32:
            raise self.fail(f"{where}: pack must list at most 32 cards", "pack")
        top = tuple(self.place(c, "the pack", seen, where) for c in pack)
        cut, batches, refused = data["cut"], data["batches"], data.get("refused")
        if type(cut) is not int:
            raise self.fail(f"{where}: cut must be a whole number of cards", "cut")
        if batches not in _BATCHES:
            raise self.fail(f"{where}: batches must be one of {', '.join(map(repr, _BATCHES))}, not {batches!r}",
                            "batches")
        if refused is not None and refused not in CODES:
            raise self.fail(f"{where}: unknown error code {refused!r} (codes: {', '.join(CODES)})", "refused")
        return Dealt(top + tuple(c for c in PACK if c not in seen), cut, Batches(batches), refused)

    def _deal_line(self, number: int) -> int | None:
        line = 0
        for _ in range(number):
            line = self.line_of("[[deal]]", line) or 0
        return line or None

    def place(self, value: Any, place: str, seen: dict[Card, str], where: str) -> Card:
        """A card of the deal, refused if it is already somewhere else in the deal."""
        card = self.card(value, f"{where}: {place}")
        if card in seen:
            again = "twice in " + place if seen[card] == place else f"in {seen[card]} and in {place}"
            raise self.fail(f"{where}: {card_name(card)} is {again}", f'"{value}"')
        seen[card] = place
        return card

    def step(self, text: str, where: str, after: int) -> Step:
        line = self.line_of(f'"{text}"', after) or self.line_of(text, after)
        words = text.split()
        expect: Code | None = None
        if words and words[-1].startswith("!"):
            written = words.pop()[1:]
            if written not in CODES:
                raise ScenarioError(f"{where}: unknown error code !{written} in {text!r} (codes: "
                                    f"{', '.join(CODES)})", self.path, line)
            expect = Code(written)
            if expect in SCENARIO_ERRORS:
                raise ScenarioError(f"{where}: !{expect} marks a scenario the engine cannot judge; it is"
                                    f" an error, not something to expect: {text!r}", self.path, line)
        kind = StepKind.ACT
        if len(words) > 1 and words[1] in (StepKind.ADVISE.value, StepKind.SHOWS.value, StepKind.CLOSED.value):
            kind = StepKind(words[1])
            if expect:
                raise ScenarioError(f"{where}: a check cannot be refused: {text!r}", self.path, line)
            if kind is not StepKind.ADVISE:
                if len(words) != 2:
                    raise ScenarioError(f"{where}: `{words[0]} {kind}` takes nothing more: {text!r}", self.path, line)
                words[1] = "look"
            else:
                del words[1]
        try:
            action = parse_action(" ".join(words))
        except ValueError as error:
            raise ScenarioError(f"{where}: {error}", self.path, line) from None
        return Step(text, action, expect, line, kind)
