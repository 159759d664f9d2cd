"""Sitting scenarios: a game of several players in a TOML file with a `[sitting]`, checked and played.

The format is in docs/formats.md. A malformed file raises `ScenarioError` naming the file and
line; a table that disagrees with the engine raises `Mismatch` with the line of the expectation.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import actions as act
from ..cards import Card
from ..errors import CODES, Code, IllegalAction
from ..param_values import DrawnOrder
from ..ruleset import Ruleset
from ..conformance import play_deals
from ..scenario import Reader, ScenarioDeal, ScenarioError, ScenarioFile
from ..state import DRAW, State
from .actions import SittingAct, parse_sitting_act
from .money import amount_text, net
from .partie import PartieResult, check_finished, parse_score, play_partie
from .roster import ordered_by_draw
from .notes import Note
from .session import Agreement, Format, PoolPays, Session
from .verdict import Mismatch

_TOP = {"id", "cites", "ruleset", "description", "quote", "translation", "notes", "sitting", "partie", "expect"}
_SITTING = {"format", "players", "draw", "chouetteur", "lot_scoring", "fixed_bank", "pool_stake", "pool_pays", "expect"}
_SITTING_EXPECT = {"order", "at_cards", "chouetteur", "hand", "pool", "refused"}
_PARTIE = {"actions", "draw", "result", "play", "deal", "last_dealer", "expect"}
_PARTIE_EXPECT = {"at_cards", "dealer", "dealers", "standing", "net", "cagnotte", "payer", "order", "chouetteur",
                  "hand", "bank", "pool"}


@dataclass(frozen=True)
class SittingStep:
    """A sitting's act of a partie, the refusal code it must meet (None: accepted), and its line."""

    action: SittingAct
    expect: Code | None
    text: str
    line: int | None


@dataclass(frozen=True)
class Partie:
    """One partie: its acts, the draw for its deal (each player's cards, drawn again after a tie), its
    result: given, played by the engine from a
    seed, or played out deal by deal as written (`[[partie.deal]]`, A and B the two at the cards)."""

    steps: tuple[SittingStep, ...]
    draw: dict[str, tuple[Card, ...]] | None
    result: tuple[str, int, int] | None      # winner, his points, the loser's
    seed: int | None
    deals: tuple[ScenarioDeal, ...]
    last_dealer: str | None
    expect: dict[str, Any]
    line: int | None


@dataclass(frozen=True)
class SittingScenario(ScenarioFile):
    """A checked sitting scenario: the header of every scenario, the sitting, its parties."""

    format: Format
    players: tuple[str, ...] | None
    draw: dict[str, Card] | None
    chouetteur: str | None
    agreement: Agreement
    sitting_expect: dict[str, Any]
    parties: tuple[Partie, ...]
    expect: dict[str, Any]
    line_of: Any                          # (needle) → the line of the file holding it

    def play(self, ruleset: Ruleset) -> tuple[str, ...]:
        """Run the table under `ruleset`; the explanation lines, or Mismatch."""
        return _Run(self, ruleset).all()


def read_sitting(path: str, text: str, data: dict) -> SittingScenario:
    """Check a sitting scenario's data (`load_scenario` dispatches here)."""
    r = Reader(path, text)
    head = r.header(data, _TOP)
    sitting = r.keys(data["sitting"], _SITTING, "[sitting]")
    try:
        fmt = Format(sitting.get("format"))
    except ValueError:
        raise r.fail(f"sitting.format must be one of {', '.join(f.value for f in Format)}", "format") from None
    players = player_names(r, sitting["players"], "sitting.players", "players") if "players" in sitting else None
    draw = _draw(r, sitting["draw"], "sitting.draw") if "draw" in sitting else None
    if (players is None) == (draw is None):
        raise r.fail("[sitting] needs players (the list in order) or draw (the cards each drew), not both", "[sitting]")
    chouetteur = sitting.get("chouetteur")
    if chouetteur is not None and (fmt is not Format.CHOUETTE or not isinstance(chouetteur, str)):
        raise r.fail("sitting.chouetteur names one player, in a chouette", "chouetteur")
    flags = {k: sitting.get(k, False) for k in ("lot_scoring", "fixed_bank")}
    for key, value in flags.items():
        if type(value) is not bool:
            raise r.fail(f"sitting.{key} must be true or false", key)
    stake = sitting.get("pool_stake", 0)
    if type(stake) is not int or stake < 0 or (fmt is Format.POOL) != ("pool_stake" in sitting):
        raise r.fail("sitting.pool_stake: a whole amount ≥ 0, given for pool écarté only", "pool_stake" if
                     "pool_stake" in sitting else "[sitting]")
    try:
        pays = PoolPays(sitting.get("pool_pays", PoolPays.EACH.value))
    except ValueError:
        raise r.fail(f"sitting.pool_pays must be one of {', '.join(p.value for p in PoolPays)}", "pool_pays") from None
    sitting_expect = _checked(r, r.keys(sitting.get("expect", {}), _SITTING_EXPECT, "[sitting.expect]"), "sitting.expect")
    parties = data.get("partie", [])
    if not isinstance(parties, list):
        raise r.fail("partie must be [[partie]] tables", "partie")
    line = 0
    read = []
    for number, partie in enumerate(parties, 1):
        line = r.line_of("[[partie]]", line) or line
        read.append(_partie(r, partie, number, line or None))
    expect = _checked(r, r.keys(data.get("expect", {}), {"net"}, "[expect]"), "expect")
    return SittingScenario(head.id, path, head.cites, head.ruleset, head.description, head.quote, fmt, players,
                         draw, chouetteur,
                         Agreement(flags["lot_scoring"], flags["fixed_bank"], Fraction(stake), pays),
                         sitting_expect, tuple(read), expect, r.line_of)


_NAME_KEYS = {"chouetteur", "hand", "payer", "dealer"}
_LIST_KEYS = {"at_cards", "order", "dealers"}
_AMOUNT_KEYS = {"bank", "pool", "cagnotte"}
_TABLE_KEYS = {"net", "standing"}


def _amount(value: Any) -> Fraction:
    """An amount as a scenario writes it: a whole or decimal number (ValueError otherwise)."""
    if type(value) not in (int, float):
        raise ValueError(f"{value!r} is not a number")
    return Fraction(str(value))


def _checked(r: Reader, expect: dict[str, Any], where: str, after: int = 0) -> dict[str, Any]:
    """Expectations with values of the right kind (a name, a list of names, an amount, a table of
    amounts, a refusal code, read into its `Code`), so that a malformed one is an error at its line,
    never a crash."""
    for key, value in expect.items():
        line = r.line_of(f"{key} =", after) or r.line_of(key, after)
        if key in _NAME_KEYS:
            ok, kind = isinstance(value, str) and bool(value), "a name"
        elif key in _LIST_KEYS:
            ok, kind = isinstance(value, list) and all(isinstance(v, str) and v for v in value), "a list of names"
        elif key == "refused":
            ok, kind = value in CODES, "a refusal code"
            if ok:
                expect[key] = Code(value)
        else:
            amounts = [value] if key in _AMOUNT_KEYS else list(value.values()) if isinstance(value, dict) else None
            ok, kind = amounts is not None, "{ NAME = amount, … }"
            for amount in amounts or ():
                try:
                    _amount(amount)
                except ValueError as error:
                    raise ScenarioError(f"{where}.{key}: {error}", r.path, line) from None
        if not ok:
            raise ScenarioError(f"{where}.{key} must be {kind}", r.path, line)
    return expect


NAME = re.compile(r"\w[\w.-]*")
"""A player's name in a scenario: one word (letters, digits, . - _), as acts, pairs and results write it."""


def player_names(r: Reader, value: Any, where: str, near: str) -> tuple[str, ...]:
    """A scenario's list of players (a table's, a tournament's): names as `NAME` reads them, each once."""
    if not isinstance(value, list) or not all(isinstance(v, str) and NAME.fullmatch(v) for v in value):
        raise r.fail(f"{where} must be a list of names (letters, digits, . - _)", near)
    if len(set(value)) != len(value):
        twice = next(v for v in value if value.count(v) > 1)
        raise r.fail(f"{where}: {twice} is written twice: a player in two places", f'"{twice}"')
    return tuple(value)


def _draw(r: Reader, value: Any, where: str) -> dict[str, Card]:
    if not isinstance(value, dict) or len(value) < 2:
        raise r.fail(f"{where} must be {{ NAME = \"CARD\", … }} for two players or more", "draw")
    cards = {name: r.card(card, f"{where} {name}") for name, card in value.items()}
    if len(set(cards.values())) != len(cards):
        raise r.fail(f"{where} names the same card twice", "draw")
    return cards


def _draws(r: Reader, value: Any, where: str) -> dict[str, tuple[Card, ...]]:
    """A partie's draw for the deal: each player's card, or his cards drawn one after another after ties."""
    if not isinstance(value, dict) or len(value) != 2:
        raise r.fail(f"{where} must be {{ NAME = \"CARD\", NAME = \"CARD\" }}, or lists of the cards drawn"
                     " again after a tie", "draw")
    cards = {name: tuple(r.card(c, f"{where} {name}") for c in (v if isinstance(v, list) else [v]))
             for name, v in value.items()}
    every = [c for drawn in cards.values() for c in drawn]
    if len({len(drawn) for drawn in cards.values()}) != 1 or not every or len(set(every)) != len(every):
        raise r.fail(f"{where}: the players draw as often as each other, never the same card twice", "draw")
    return cards


def _partie(r: Reader, data: Any, number: int, line: int | None) -> Partie:
    where = f"partie {number}"
    data = r.keys(data, _PARTIE, f"[[partie]] {number}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise r.fail(f"{where}: actions must be a list of strings", "actions")
    steps = []
    for text in actions:
        at = r.line_of(f'"{text}"', line or 0)
        words = text.split()
        code = words.pop()[1:] if words and words[-1].startswith("!") else None
        if code is not None and code not in CODES:
            raise ScenarioError(f"{where}: unknown code !{code} in {text!r}", r.path, at)
        try:
            steps.append(SittingStep(parse_sitting_act(" ".join(words)), None if code is None else Code(code),
                                     text, at))
        except ValueError as error:
            raise ScenarioError(f"{where}: {error}", r.path, at) from None
    result = None
    if "result" in data:
        try:
            result = parse_score(str(data["result"]))
        except ValueError as error:
            raise r.fail(f"{where}: result {error}", "result") from None
    seed = data.get("play")
    if seed is not None and (type(seed) is not int or result is not None):
        raise r.fail(f"{where}: play is a whole seed, and does not go with result", "play")
    deals = data.get("deal", [])
    if not isinstance(deals, list) or (deals and (result is not None or seed is not None)):
        raise r.fail(f"{where}: [[partie.deal]] tables play the partie out, instead of result or play", "deal")
    written = _PartieDeals(r.path, "\n".join(r.lines), line or 0)
    played = tuple(written.deal(deal, n) for n, deal in enumerate(deals, 1))
    last = data.get("last_dealer")
    if last is not None and (not isinstance(last, str) or result is None):
        raise r.fail(f"{where}: last_dealer names who dealt a given result's last game", "last_dealer")
    expect = _checked(r, r.keys(data.get("expect", {}), _PARTIE_EXPECT, f"[partie.expect] of {where}"),
                      f"{where}: expect", line or 0)
    if "dealers" in expect and (seed is None or not isinstance(expect["dealers"], list)):  # written deals name theirs
        raise r.fail(f"{where}: expect.dealers lists who dealt each game of a partie the engine plays", "dealers")
    return Partie(tuple(steps), _draws(r, data["draw"], f"{where}: draw") if "draw" in data else None,
                  result, seed, played, last, expect, line)


class _PartieDeals(Reader):
    """Reads a partie's `[[partie.deal]]` tables with the two-player scenario's checks, lines counted
    from the partie's own."""

    def __init__(self, path: str, text: str, after: int):
        super().__init__(path, text)
        self.after = after

    def _deal_line(self, number: int) -> int | None:
        line = self.after
        for _ in range(number):
            line = self.line_of("[[partie.deal]]", line) or 0
        return line or None


class _Run:
    """One sitting scenario being played under a ruleset."""

    def __init__(self, scenario: SittingScenario, ruleset: Ruleset):
        self.s, self.ruleset = scenario, ruleset
        self.lines: list[str] = []
        self.told = 0

    def fail(self, message: str, near: str | None = None, line: int | None = None, after: int | None = None) -> Mismatch:
        """A Mismatch at `line`, or at the first line holding `near` after line `after` (a partie's)."""
        self.narrate()
        return Mismatch(message, line or (self.s.line_of(near, after or 0) if near else None), tuple(self.lines))

    def narrate(self, text: str | None = None) -> None:
        if text:
            self.lines.append(text)
        if hasattr(self, "session"):
            said = self.session.explain()
            self.lines.extend("  " + line for line in said[self.told:])
            self.told = len(said)

    def all(self) -> tuple[str, ...]:
        s = self.s
        expected = s.sitting_expect.get("refused")
        by, rule = ("pool_order", "pool.order") if s.format is Format.POOL else ("order_draw", "players.order")
        try:
            order = s.players if s.players is not None else ordered_by_draw(s.draw or {}, self.ruleset, by)
            self.session = Session(self.ruleset, s.format, order, s.agreement, s.chouetteur)
        except IllegalAction as refusal:
            if expected is refusal.code:
                self.lines.append(f"the sitting is refused as expected: {refusal}")
                return tuple(self.lines)
            raise self.fail(f"the sitting is refused: {refusal}", "[sitting]") from None
        if expected:
            raise self.fail(f"the sitting is accepted; the scenario expects !{expected}", "refused")
        if s.draw is not None:
            first = "highest" if self.ruleset[by] is DrawnOrder.HIGHEST_FIRST else "lowest"
            self.session.notes.insert(0, Note(f"the draw orders the players {', '.join(order)}, the {first} card"
                                              " first", (rule,)))
        self.narrate(f"{s.format} under {self.ruleset.siglum}: {', '.join(self.session.order)}")
        self.check(s.sitting_expect, None)
        for number, partie in enumerate(s.parties, 1):
            self.partie(number, partie)
        if "net" in s.expect:
            self.amounts("net", s.expect["net"], net(self.session.ledger), None, "the whole sitting")
        self.narrate()
        return tuple(self.lines)

    def partie(self, number: int, partie: Partie) -> None:
        session = self.session
        if session.format is Format.CHOUETTE and session.chouetteur is None:
            self.narrate(f"partie {number}: the bank is auctioned")
        else:
            self.narrate(f"partie {number}: {session.at_cards[0]} and {session.at_cards[1]} at the cards")
        for step in partie.steps:
            try:
                session.act(step.action)
            except IllegalAction as refusal:
                if refusal.code is not step.expect:
                    wanted = f"; the scenario expects !{step.expect}" if step.expect else ""
                    raise self.fail(f"{step.text}: refused: {refusal}{wanted}", line=step.line) from None
                self.narrate(f"{step.action} — refused as expected: {refusal}")
                continue
            if step.expect:
                raise self.fail(f"{step.text}: accepted; the scenario expects !{step.expect}", line=step.line)
            self.narrate()
        ledger_before = len(session.ledger)
        if partie.result is not None or partie.seed is not None or partie.deals:
            try:
                session.begin()
            except IllegalAction as refusal:
                raise self.fail(f"the partie cannot begin: {refusal}", line=partie.line) from None
            seats = session.at_cards
            self.seats(partie, number)
            # who deals matters when the partie is played, or its first dealer expected; a given
            # result without either needs neither the draw nor the last partie's dealer
            matters = partie.seed is not None or bool(partie.deals) or "dealer" in partie.expect
            try:
                dealer = session.first_dealer()
            except IllegalAction as refusal:
                if matters:
                    raise ScenarioError(f"partie {number}: {refusal.message}: give the partie before its"
                                        " last_dealer", self.s.file, partie.line) from None
                dealer = None
            if dealer is None and (matters or partie.draw is not None):
                dealer = self.drawn_dealer(partie, number)
            self.narrate()
            if dealer is not None and "dealer" in partie.expect and partie.expect["dealer"] != seats[dealer]:
                raise self.fail(f"partie {number}: {seats[dealer]} deals first; the scenario expects"
                                f" {partie.expect['dealer']}", "dealer")
            result = self.result(partie, number, dealer)
            dealt = [seats[seat] for seat in result.dealers]
            if "dealers" in partie.expect and partie.expect["dealers"] != dealt:
                raise self.fail(f"partie {number}: the games are dealt by {', '.join(dealt)}; the scenario expects"
                                f" {', '.join(map(str, partie.expect['dealers']))}", "dealers", after=partie.line)
            session.settle(result)
            self.narrate()
        else:
            self.seats(partie, number)
        self.check(partie.expect, partie, session.ledger[ledger_before:], number)

    def seats(self, partie: Partie, number: int) -> None:
        """`at_cards`: the two who play the partie once its acts are done (and the coup begun)."""
        seats = list(self.session.at_cards)
        if "at_cards" in partie.expect and partie.expect["at_cards"] != seats:
            raise self.fail(f"partie {number}: {', '.join(seats)} are at the cards; the scenario expects"
                            f" {', '.join(map(str, partie.expect['at_cards']))}", "at_cards", after=partie.line)

    def drawn_dealer(self, partie: Partie, number: int) -> int:
        """The seat the partie's draw gives the deal to (the two-player draw of the ruleset)."""
        seats = self.session.at_cards
        if partie.draw is None or set(partie.draw) != set(seats):
            raise ScenarioError(f"partie {number}: the ruleset has {seats[0]} and {seats[1]} draw for the deal:"
                                " give their cards in draw", self.s.file, partie.line)
        state = State(self.ruleset)
        for first, second in zip(partie.draw[seats[0]], partie.draw[seats[1]]):
            state.apply(act.Draw((first, second)))
            if state.phase is not DRAW:
                break
        else:
            raise ScenarioError(f"partie {number}: the draw ties: list the cards drawn again", self.s.file,
                                partie.line)
        self.session.note(f"{seats[state.dealer]} draws the {self.ruleset['draw_deals']} card and deals",
                          "draw.first-dealer")
        return state.dealer

    def result(self, partie: Partie, number: int, dealer: int | None) -> PartieResult:
        seats = self.session.at_cards
        options = self.session.game_options()
        if partie.deals:
            state = State(self.ruleset, dealer=dealer, options=options)
            self.lines.append(f"  the partie is played as written: A is {seats[0]}, B is {seats[1]}")
            self.lines.extend("  " + line for line in play_deals(state, partie.deals, self.s.file))
            if state.winner is None:
                raise self.fail(f"partie {number} is not over after its deals: A {state.score[0]}, B"
                                f" {state.score[1]}", line=partie.deals[-1].line)
            return PartieResult(state.winner, state.score, state.lot, state.dealer, (),
                                tuple(d.dealer for d in partie.deals))
        if partie.seed is not None:
            played = play_partie(self.ruleset, dealer, random.Random(partie.seed),
                                 options=options, explain=True)
            self.lines.append(f"  the engine plays it out (seed {partie.seed}): A is {seats[0]}, B is {seats[1]}")
            self.lines.extend("    " + line for line in played.lines)
            return played
        assert partie.result is not None
        winner, points, lost = partie.result
        if winner not in seats:
            raise ScenarioError(f"partie {number}: {winner} is not at the cards ({seats[0]}, {seats[1]})",
                                self.s.file, self.s.line_of("result", partie.line or 0))
        try:
            check_finished(self.ruleset, points, lost)
        except ValueError as error:
            raise ScenarioError(f"partie {number}: result {error}", self.s.file,
                                self.s.line_of("result", partie.line or 0)) from None
        last = partie.last_dealer
        if last is not None and last not in seats:
            raise ScenarioError(f"partie {number}: last_dealer {last} is not at the cards", self.s.file,
                                self.s.line_of("last_dealer", partie.line or 0))
        seat = seats.index(winner)
        score = (points, lost) if seat == 0 else (lost, points)
        lot = self.ruleset["lot_table"][str(min(lost, 4))]
        return PartieResult(seat, score, lot, None if last is None else seats.index(last))

    def check(self, expect: dict[str, Any], partie: Partie | None, transfers: list | None = None,
              number: int = 0) -> None:
        session, where = self.session, f"partie {number}" if partie else "the sitting"
        views = {"order": list(session.order), "at_cards": list(session.at_cards), "chouetteur": session.chouetteur,
                 "hand": session.hand if session.format is Format.CHOUETTE else None}
        after = partie.line if partie else None
        for key in ("order", "chouetteur", "hand") + (("at_cards",) if partie is None else ()):
            if key in expect and expect[key] != views[key]:
                raise self.fail(f"{where}: {key} is {views[key]}; the scenario expects {expect[key]}", key,
                                after=after)
        if "bank" in expect and _amount(expect["bank"]) != (session.bank or 0):
            raise self.fail(f"{where}: the bank holds {amount_text(session.bank or Fraction(0))}; the scenario"
                            f" expects {expect['bank']}", "bank", after=after)
        if "pool" in expect and _amount(expect["pool"]) != session.pool():
            raise self.fail(f"{where}: the pool holds {amount_text(session.pool())}; the scenario expects"
                            f" {expect['pool']}", "pool", after=after)
        if transfers is None:
            return
        if "net" in expect:
            self.amounts("net", expect["net"], net(transfers), partie, where)
        if "cagnotte" in expect:
            kept = sum((t.amount for t in transfers if t.payee == "cagnotte"), Fraction(0))
            if kept != _amount(expect["cagnotte"]):
                raise self.fail(f"{where}: the cagnotte keeps {amount_text(kept)}; the scenario expects"
                                f" {expect['cagnotte']}", "cagnotte", after=after)
        if "payer" in expect:
            payers = {t.payer for t in transfers if t.why == "stake won"}
            if payers != {expect["payer"]}:
                raise self.fail(f"{where}: paid out by {', '.join(sorted(payers)) or 'nobody'}; the scenario"
                                f" expects {expect['payer']}", "payer", after=after)
        if "standing" in expect:
            standing: dict[str, Fraction] = {}
            for stake in session.settled:
                standing[stake.backer] = standing.get(stake.backer, Fraction(0)) + stake.amount
            self.amounts("standing", expect["standing"], standing, partie, where)

    def amounts(self, name: str, expected: dict[str, Any], actual: dict[str, Fraction], partie: Partie | None,
                where: str) -> None:
        wanted = {k: _amount(v) for k, v in expected.items()}
        got = {k: v for k, v in actual.items() if v}
        if {k: v for k, v in wanted.items() if v} != got:
            shown = ", ".join(f"{k} {amount_text(v)}" for k, v in sorted(got.items())) or "nothing"
            raise self.fail(f"{where}: {name} is {shown}; the scenario expects "
                            + ", ".join(f"{k} {v}" for k, v in expected.items()), name,
                            after=partie.line if partie else None)
