"""A table of several players in the terminal: the person at one place, the engine's players at the others.

Before each partie the engine's players act by `StakePolicy` and the person acts in the table's
notation (docs/formats.md; an empty answer takes the advice shown). The two at the cards play the
partie: at the terminal when the person is one of them (engine/terminal.py), else by the jeux de
règle (`play_partie`). `Session.settle` pays it out and the table's notes are printed with their
units; the end shows what each person won or lost, and what the cagnotte and the pool hold.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TextIO

from ..errors import IllegalAction
from ..options import Options
from ..param_values import ChouetteStakes, UnequalSides
from ..policies import RulePolicy
from ..ruleset import Ruleset
from ..state import State
from ..terminal import Quit, Terminal, ask
from .actions import SittingAct, Verb, parse_sitting_act
from .money import HOUSE, amount_text, net, on_side, total
from .partie import PartieResult, play_partie
from .session import CROUPIER, POOL, Agreement, Format, Session

HELP = """Your acts before the partie, one a line; an empty line takes the advice in brackets, or ends your acts:
  bet 10 on P2        a stake on a player at the cards (bet 10 cash on P2: in cash)
  declare 30          your side's total when you are at the cards; you answer for the difference
  bank 40, raise 10, take-out         as the banker of a chouette
  call, hold, withdraw, admit P3      as the chouetteur who calls and holds the stakes
  look P2, advise P2, speak           what one with a stake may do
  pass                lay nothing     quit    leave the table
docs/formats.md lists every verb and what the table refuses."""


@dataclass(frozen=True)
class StakePolicy:
    """How the engine's players act before a partie, every stake one amount, `stake`:

    - a banker without a bank lays one of `stake` for each player against him (de-scheicher.14.3);
    - one not at the cards lays `stake` on the side that holds less so far, the first on a tie
      (in a chouette on the player against the chouetteur, as the others play through him);
    - a player at the cards lays `stake` on himself, and in a chouette at least what the others
      laid on him, so that he holds half his side (hu-nc.4);
    - where the sides must be equal (`unequal_sides = refused`) a player at the cards declares the
      larger side's total and answers for the difference (hu-nc.58); a chouetteur who calls for the
      stakes holds them (hu-nc.6);
    - in pool écarté nobody stakes: the pool is the stake (en-wiki.s13).
    """

    stake: Fraction

    def backing(self, session: Session, who: str) -> list[SittingAct]:
        """What one not at the cards does first: his stake on a side, or the banker's bank."""
        if session.format is Format.POOL:
            return []
        if who == session.chouetteur:
            banco = session.ruleset["chouette_stakes"] is ChouetteStakes.BANCO
            return [SittingAct(who, Verb.BANK, self.stake * len(session.order))] if banco and not session.bank else []
        if who in session.at_cards or any(s.backer == who for s in session.stakes.laid):
            return []
        if session.format is Format.CHOUETTE:
            return [SittingAct(who, Verb.BET, self.stake, session.hand)]
        side = min(session.at_cards, key=lambda seat: _laid(session, seat))    # min keeps the first on a tie
        return [SittingAct(who, Verb.BET, self.stake, side)]

    def playing(self, session: Session, who: str) -> list[SittingAct]:
        """What a player at the cards or the chouetteur does once the others have laid: his own stake,
        his side's declared total, the hold."""
        if session.format is Format.POOL or (who not in session.at_cards and who != session.chouetteur):
            return []
        if who == session.chouetteur:
            held = session.ruleset["chouette_stakes"] is ChouetteStakes.CALL_AND_HOLD and not session.stakes.held
            return [SittingAct(who, Verb.CALL), SittingAct(who, Verb.HOLD)] if held else []
        own = _own(session, who)
        want = max(self.stake, _laid(session, who) - own) if session.format is Format.CHOUETTE else self.stake
        acts = [SittingAct(who, Verb.BET, want - own, who)] if own < want else []
        if session.format is Format.DEUX_COTES and session.ruleset["unequal_sides"] is UnequalSides.REFUSED:
            # each side as it will stand once both players have laid their own stake
            sides = [session.stakes.declared.get(seat, _laid(session, seat) + max(self.stake - _own(session, seat),
                                                                                  Fraction(0)))
                     for seat in session.at_cards]
            if sides[0] != sides[1]:
                acts.append(SittingAct(who, Verb.DECLARE, max(sides)))
        return acts

    def advice(self, session: Session, who: str) -> list[SittingAct]:
        """Everything the policy would have `who` do now."""
        return self.backing(session, who) + self.playing(session, who)


def _laid(session: Session, side: str) -> Fraction:
    return total(on_side(session.stakes.laid, side))


def _own(session: Session, player: str) -> Fraction:
    return total(s for s in session.stakes.laid if s.backer == player)


def _act_text(action: SittingAct) -> str:
    """An act as the person types it: without his name."""
    return str(action).split(" ", 1)[1]


class SittingPlay:
    """A sitting in the terminal: the session, the person (reading `input`, writing `output`), and
    the engine's players acting by `policy`."""

    def __init__(self, session: Session, person: str, policy: StakePolicy, rng: random.Random,
                 input: Iterator[str], output: TextIO, echo: bool = False, options: Options = Options()):
        self.session, self.person, self.policy, self.rng = session, person, policy, rng
        self.input, self.output, self.echo, self.options = input, output, echo, options
        self.names = tuple(([session.chouetteur] if session.chouetteur else []) + list(session.order))
        self.told = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.output, flush=True)

    def narrate(self) -> None:
        """Print the table's notes since the last call, each with its units."""
        said = self.session.explain()
        for line in said[self.told:]:
            self.say("  · " + line)
        self.told = len(said)

    def run(self, parties: int) -> dict[str, Fraction]:
        """Play `parties` parties, or fewer if the person leaves; print and return the settlement."""
        s = self.session
        self.say(f"Écarté {s.format} by the rules of {s.ruleset.siglum} ({s.ruleset.title}):"
                 f" {', '.join(self.names)}. You play as {self.person}, place {self.names.index(self.person) + 1};"
                 " type help at your stakes.")
        self.narrate()
        try:
            for number in range(1, parties + 1):
                self.partie(number)
        except Quit:
            self.say("You leave the table.")
        return self.settlement()

    def partie(self, number: int) -> None:
        """Stakes, the partie played, its settlement."""
        s = self.session
        self.say()
        self.say(f"Partie {number}: {s.at_cards[0]} and {s.at_cards[1]} at the cards"
                 + (f"; {s.chouetteur} holds the chouette" if s.chouetteur else "") + ".")
        self.stakes()
        dealer = s.first_dealer()
        self.narrate()
        s.settle(self.play(dealer))
        self.narrate()

    def stakes(self) -> None:
        """The engine's players lay their stakes, the person acts, the players at the cards and the
        chouetteur close, and the coup begins; a refusal to begin is shown and the person asked again."""
        s = self.session
        engine = [n for n in self.names if n != self.person]
        for who in engine:
            self.engine_acts(self.policy.backing(s, who))
        if self.person == s.chouetteur:          # he holds last: the ponte lays his own stake before him
            for who in engine:
                self.engine_acts(self.policy.playing(s, who))
        while True:
            self.person_acts()
            for who in sorted(engine, key=lambda name: name == s.chouetteur):   # the chouetteur holds last
                self.engine_acts(self.policy.playing(s, who))
            try:
                s.act(SittingAct(CROUPIER, Verb.BEGIN))
            except IllegalAction as refusal:
                self.say(f"The partie cannot begin: {refusal}")
                continue
            self.narrate()
            return

    def engine_acts(self, acts: list[SittingAct]) -> None:
        for action in acts:
            try:
                self.session.act(action)
            except IllegalAction as refusal:
                self.say(f"  {action}: not allowed: {refusal}")
        self.narrate()

    def person_acts(self) -> None:
        """Ask the person for his acts until an empty line (the first one takes the advice)."""
        s, me = self.session, self.person
        advice = self.policy.advice(s, me)
        prompt = f"Your stakes and acts [{'; '.join(_act_text(a) for a in advice) or 'nothing'}] > "
        while True:
            line = ask(prompt, self.input, self.output, self.echo)
            if line.lower() in ("help", "h", "?"):
                self.say(HELP)
                continue
            if line.lower() == "pass" or (not line and prompt.startswith("Another")):
                return
            if not line:
                self.engine_acts(advice)
                return
            try:
                action = parse_sitting_act(f"{me} {line}")
            except ValueError as error:
                self.say(f"Not understood: {error}. Type help for the acts.")
                continue
            try:
                s.act(action)
            except IllegalAction as refusal:
                self.say(f"Not allowed: {refusal}")
                continue
            self.narrate()
            prompt = "Another act (empty: the partie begins) > "

    def play(self, dealer: int | None) -> PartieResult:
        """The partie between the two at the cards: at the terminal if the person is one of them."""
        s = self.session
        seats, options = s.at_cards, s.game_options(self.options)
        if self.person not in seats:
            result = play_partie(s.ruleset, dealer, self.rng, options=options)
            self.say(f"{seats[0]} (A) and {seats[1]} (B) play it out by the jeux de règle:"
                     f" {seats[result.winner]} wins {result.score[0]}:{result.score[1]} (A:B).")
            return result
        human = seats.index(self.person)
        self.say(f"You play {'AB'[human]}; {seats[1 - human]} plays {'AB'[1 - human]}.")
        terminal = Terminal(State(s.ruleset, dealer=dealer, options=options), human, RulePolicy(), self.rng,
                            self.input, self.output, self.echo)
        if terminal.play() is None:
            raise Quit
        return terminal.result()

    def settlement(self) -> dict[str, Fraction]:
        """What each person won or lost (the cagnotte and the pool with them), printed and returned."""
        s = self.session
        owed = net(s.ledger)
        accounts = list(self.names) + sorted(n for n in owed if n not in self.names and n not in (HOUSE, POOL, CROUPIER))
        accounts += [HOUSE] + ([POOL] if s.format is Format.POOL else [])
        found = {name: owed.get(name, Fraction(0)) for name in accounts}
        self.say()
        self.say(f"Settlement after {s.parties} {'partie' if s.parties == 1 else 'parties'}" + (" (the pool still holds its stakes)" if
                                                           s.format is Format.POOL else "") + ":")
        width = max(len(name) for name in accounts)
        for name, amount in found.items():
            self.say(f"  {name:<{width}}  {'+' if amount > 0 else ''}{amount_text(amount)}")
        return found


def play_table(ruleset: Ruleset, fmt: Format, names: tuple[str, ...], person: str, *, stake: Fraction,
               parties: int, input: Iterator[str], output: TextIO, seed: int | None = None,
               options: Options = Options(), echo: bool = False) -> dict[str, Fraction]:
    """Sit the players down in the order of `names` (the first holds a chouette; in pool écarté
    `stake` is the pool's) and play; the settlement. IllegalAction if the table is impossible."""
    agreement = Agreement(lot_scoring=options.lot_scoring, pool_stake=stake if fmt is Format.POOL else Fraction(0))
    session = Session(ruleset, fmt, names, agreement)
    return SittingPlay(session, person, StakePolicy(stake), random.Random(seed), input, output, echo, options).run(parties)
