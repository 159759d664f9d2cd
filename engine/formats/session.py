"""A sitting of several players: who plays, what is staked, what each partie pays, who plays next.

`Session` holds a format's state between parties. `act()` applies a sitting's act (checked:
an act the ruleset refuses raises `IllegalAction` and changes nothing); `begin()` balances the
stakes; `settle()` takes a partie's result, pays it out and turns the list. Every step is a
`Note` with the engine rule that decides it, so `explain()` reads it aloud with its units.
The two-player game is `engine.state.State`, played or given through `partie.PartieResult`.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Any

from ..errors import Code, IllegalAction
from ..options import Options
from ..param_values import (BankPasses, BettorsLook, BystandersSpeak, ChouetteDealer, ChouetteStakes, FirstDealer,
                            JetonsOnlyBy, ListPlace, StakesPaidBy, Successor, UnequalSides)
from ..ruleset import Ruleset
from . import roster
from .actions import SittingAct, Verb
from .notes import Note
from .money import HOUSE, Medium, Stake, Transfer, amount_text, by_rank, on_side, settle, shares, total
from .partie import PartieResult

POOL = "pool"
"""The pool's account in pool écarté (en-wiki.s13)."""
CROUPIER = "croupier"
"""Who pays out where the ruleset has a croupier do it (de-scheicher.13.7)."""


class Format(str, Enum):
    """The games of several players the rulebooks describe."""

    DEUX_COTES = "a-deux-cotes"   # two at the cards, the others bet on either side; the loser leaves
    CHOUETTE = "chouette"         # one (the chouetteur, the banker) against the others in turn
    POOL = "pool"                 # three players and a pool (en-wiki.s13)

    def __str__(self) -> str:
        return self.value


class PoolPays(str, Enum):
    """Who pays into the pool, as agreed (en-wiki.s13)."""

    EACH = "each"                 # each of the three, once a pool (s13.p1)
    LOSER_AGAIN = "loser-again"   # and each loser again (s13.p2, the Turf and Portland Club)
    ENTRANT = "entrant"           # the two who meet first, then each player who enters (s13.p4)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Agreement:
    """What the players agreed beyond the ruleset: lot scoring, a fixed bank, the pool's stake."""

    lot_scoring: bool = False
    fixed_bank: bool = False           # de-scheicher.14.11: the bank is auctioned and kept
    pool_stake: Fraction = Fraction(0)
    pool_pays: PoolPays = PoolPays.EACH


@dataclass
class _Stakes:
    """The stakes of the partie being set up, and what the chouetteur said of them."""

    laid: list[Stake] = field(default_factory=list)
    declared: dict[str, Fraction] = field(default_factory=dict)
    reste: dict[str, str] = field(default_factory=dict)        # side → who holds its reste
    standing: list[Stake] | None = None                        # once begun: the stakes that stand
    held: bool = False
    leave: bool = False


_ACCOUNTS = (HOUSE, POOL, CROUPIER)
"""The table's accounts that are nobody's: no player bears their names."""

_FIXED = ("ruleset", "format", "agreement")
"""What a session never changes: left out of the snapshot an act that is refused restores."""


class Session:
    """A table of several players under one ruleset and format, between parties (a small fixed API:
    `act`, `begin`, `settle`, `first_dealer`, and the views `order`, `at_cards`, `notes`, `ledger`)."""

    def __init__(self, ruleset: Ruleset, fmt: Format, order: tuple[str, ...], agreement: Agreement = Agreement(),
                 chouetteur: str | None = None):
        if len(set(order)) != len(order) or chouetteur in order:
            raise IllegalAction(Code.NOT_AT_TABLE, "a player is written twice in the list")
        if set(order) & set(_ACCOUNTS) or chouetteur in _ACCOUNTS:
            raise IllegalAction(Code.NOT_AT_TABLE, f"{', '.join(_ACCOUNTS)} keep the table's money and do not play")
        if len(order) + (chouetteur is not None) < 3 and fmt is not Format.DEUX_COTES or len(order) < 2:
            raise IllegalAction(Code.NOT_AT_TABLE, f"{fmt} needs more players than {', '.join(order)}")
        if agreement.fixed_bank and (fmt is not Format.CHOUETTE
                                     or ruleset["chouette_stakes"] is not ChouetteStakes.BANCO):
            raise IllegalAction(Code.NO_RULING, f"{ruleset.siglum} has no fixed bank in {fmt}: it is a chouette's"
                                " with a bank (chouette_stakes = 'banco')", "chouette.stakes",
                                ruleset.cites("chouette.stakes"))
        if fmt is Format.POOL and len(order) != 3:
            raise IllegalAction(Code.NOT_AT_TABLE, "pool écarté is for exactly three players", "pool.win")
        self.ruleset, self.format, self.agreement = ruleset, fmt, agreement
        self.notes: list[Note] = []
        self.ledger: list[Transfer] = []
        self.jetons_only = False
        self.admitted: list[str] = []           # those the chouetteur let stand on his side, in order
        self.applicants: list[str] = []
        self.applied: list[str] = []            # every newcomer who asked to join, in the order he asked
        self.stakes = _Stakes()
        self.settled: list[Stake] = []          # the stakes that stood in the last partie
        self.parties = 0
        self.last_winner: str | None = None
        self.last_elder_half: int | None = None
        self.bank: Fraction | None = None
        self.bank_floor = Fraction(0)          # the least a new bank may hold after one is broken
        self.bank_broken = 0
        self.bids: dict[str, Fraction] = {}
        self.ponte_stays: str | None = None     # a winning ponte, while the bank he broke is auctioned again
        self.streak: tuple[str | None, int] = (None, 0)
        self.chouetteur = chouetteur if fmt is Format.CHOUETTE and chouetteur else None
        self.order = order
        if fmt is Format.CHOUETTE and self.chouetteur is None and not agreement.fixed_bank:
            self.chouetteur, self.order = order[0], order[1:]
            held = "holds the bank" if ruleset["chouette_stakes"] is ChouetteStakes.BANCO else "gives chouette"
            self.note(f"{self.chouetteur} {held}, {self.order[0]} plays against him", "players.order")
        self.seats: tuple[str, str] = (self.order[0], self.order[1]) if fmt is not Format.CHOUETTE or \
            self.chouetteur is None else (self.chouetteur, self.order[0])
        if fmt is Format.POOL:
            self.note(f"{order[0]} and {order[1]} play the first game; {order[2]}, third of the three, sits out",
                      "pool.order")
            self._pay_pool(self.order if agreement.pool_pays is not PoolPays.ENTRANT else self.order[:2])

    # --- views -------------------------------------------------------------------------------

    @property
    def at_cards(self) -> tuple[str, str]:
        """The two who play the next partie, by the halves of the table they sit at."""
        return self.seats

    @property
    def hand(self) -> str:
        """In a chouette: the player against the chouetteur (the ponte)."""
        if self.chouetteur is None and self.ponte_stays:
            return self.ponte_stays
        return self.seats[1] if self.seats[0] == self.chouetteur else self.seats[0]

    def people(self) -> set[str]:
        """Everyone known to the table."""
        return set(self.order) | set(self.applicants) | ({self.chouetteur} if self.chouetteur else set()) | \
            {s.backer for s in self.stakes.laid} | set(self.bids)

    def note(self, text: str, rule: str | None = None) -> None:
        self.notes.append(Note(text, (rule,) if rule else ()))

    def explain(self) -> list[str]:
        """The notes read aloud, each rule with its units (inheritances named)."""
        return [note.explain(self.ruleset) for note in self.notes]

    def _refuse(self, code: Code, message: str, rule: str | None = None) -> IllegalAction:
        return IllegalAction(code, message, rule, self.ruleset.cites(rule) if rule else ())

    # --- acts ----------------------------------------------------------------------------------

    def act(self, action: SittingAct) -> None:
        """Apply a sitting's act, or raise IllegalAction and change nothing."""
        self._atomic(self._act, action)

    def _atomic(self, step: Callable[..., Any], *args: Any) -> Any:
        """Run a step; if it is refused, put back the snapshot taken before it and raise."""
        before = {k: copy.deepcopy(v) for k, v in vars(self).items() if k not in _FIXED}
        try:
            return step(*args)
        except IllegalAction:
            vars(self).update(before)
            raise

    def _act(self, a: SittingAct) -> None:
        verb, who = a.verb, a.who
        if verb is Verb.JOIN:
            return self._join(who)
        if who not in self.people() and (who != CROUPIER or verb is not Verb.BEGIN):   # the croupier only begins
            raise self._refuse(Code.NOT_AT_TABLE, f"{who} is not at this table")
        if self.agreement.fixed_bank and self.format is Format.CHOUETTE and self.chouetteur is None \
                and verb is not Verb.BID:
            self._auction()        # the bids are in: the bank is knocked down before any stake (14.11)
        self._ruled(verb)
        handler = {Verb.BET: self._bet, Verb.DECLARE: self._declare, Verb.RESTE: self._reste,
                   Verb.BEGIN: lambda a: self.begin(), Verb.CALL: self._call, Verb.HOLD: self._hold,
                   Verb.WITHDRAW: self._withdraw, Verb.ALLOW: self._chouetteur_only,
                   Verb.ADMIT: self._chouetteur_only, Verb.REQUIRE: self._require, Verb.BANK: self._bank,
                   Verb.RAISE: self._raise, Verb.TAKE_OUT: self._take_out, Verb.GIVE_UP: self._give_up,
                   Verb.BID: self._bid, Verb.RENOUNCE: self._renounce, Verb.SIT: self._sit}.get(verb)
        if handler is None:
            return self._bystander(a)
        handler(a)

    def _ruled(self, verb: Verb) -> None:
        """Refuse an act the ruleset has no place for (`no-ruling`: the scenario is an error): totals
        declared by the players and a reste where they pay out themselves (hu-nc.58); a hand given up
        and a seat chosen where the chouetteur keeps the chouette (hu-nc.4, 5.1)."""
        needs = {Verb.DECLARE: ("unequal_sides", UnequalSides.REFUSED, "stakes.balance"),
                 Verb.RESTE: ("stakes_paid_by", StakesPaidBy.LOSING_PLAYER, "stakes.payment"),
                 Verb.RENOUNCE: ("bank_passes", BankPasses.CHOUETTEUR_STOPS, "chouette.passes"),
                 Verb.SIT: ("bank_passes", BankPasses.CHOUETTEUR_STOPS, "chouette.passes")}.get(verb)
        if needs and self.ruleset[needs[0]] is not needs[1]:
            raise self._refuse(Code.NO_RULING, f"{self.ruleset.siglum} has no `{verb}`: {needs[0]} is"
                               f" {self.ruleset[needs[0]].value!r}", needs[2])

    def _stake_on(self, who: str) -> str | None:
        """The side a person has a stake on in this partie, if any (a player is on his own)."""
        if who in self.seats:
            return who
        return next((s.side for s in self.stakes.laid if s.backer == who), None)

    def _bystander(self, a: SittingAct) -> None:
        """Advice, reminders, marks, faults pointed out, looks: what one not playing may do."""
        side = self._stake_on(a.who)
        if a.verb is Verb.LOOK:
            if a.other not in self.seats:
                raise self._refuse(Code.NOT_PLAYING, f"{a.other} is not at the cards")
            if side is None and self.ruleset["bystanders_speak"] is BystandersSpeak.STAKE_HOLDERS:
                raise self._refuse(Code.NO_STAKE, f"{a.who} has no stake in the game", "players.bystanders")
            if side != a.other and self.ruleset["bettors_look"] is BettorsLook.OWN_PLAYER:
                raise self._refuse(Code.NOT_HIS_PLAYER, f"{a.who} bets on {side}, not on {a.other}, and may look"
                                   f" at {side}'s cards only", "players.look")
            return self.note(f"{a.who} looks at {a.other}'s cards", "players.look")
        if a.verb is Verb.MARK:
            if a.who == a.other and a.who in self.seats:
                return self.note(f"{a.who} marks his points with his own hand", "players.bystanders")
            raise self._refuse(Code.NOT_THE_PLAYER, f"only {a.other} marks his points; a mark by {a.who} is void,"
                               " and the games committee settles what follows", "players.bystanders")
        if side is None and self.ruleset["bystanders_speak"] is BystandersSpeak.STAKE_HOLDERS:
            raise self._refuse(Code.NO_STAKE, f"{a.who} has no stake in the game and may not speak in it; the"
                               " games committee settles what follows", "players.bystanders")
        if a.verb in (Verb.POINT_OUT, Verb.SPEAK):
            what = "points out a fault" if a.verb is Verb.POINT_OUT else "speaks"
            return self.note(f"{a.who}, who has a stake, {what}", "players.bystanders")
        if a.other not in self.seats:
            raise self._refuse(Code.NOT_PLAYING, f"{a.other} is not at the cards")
        if side != a.other and a.verb is not Verb.POINT_OUT:
            raise self._refuse(Code.NOT_HIS_PLAYER, f"{a.who} bets on {side}, not on {a.other}", "players.bystanders")
        if a.verb is Verb.DEMAND:
            raise self._refuse(Code.ADVICE_ONLY, f"{a.who} may advise {a.other} but not demand that he follow the"
                               " advice", "players.bystanders")
        what = "advises" if a.verb is Verb.ADVISE else "reminds"
        self.note(f"{a.who} {what} {a.other}" + (" to mark his points" if a.verb is Verb.REMIND else "")
                  + "; the player decides", "players.bystanders")

    def _join(self, who: str) -> None:
        if who in self.applicants:
            raise self._refuse(Code.NOT_AT_TABLE, f"{who} has already asked to join", "players.newcomer")
        if who in self.people():
            raise self._refuse(Code.NOT_AT_TABLE, f"{who} is already at this table")
        if who in _ACCOUNTS:
            raise self._refuse(Code.NOT_AT_TABLE, f"{who} keeps the table's money and does not play")
        if self.ruleset["newcomer_place"] is ListPlace.END_OF_LIST:
            self.order = self.order + (who,)
            return self.note(f"{who} joins at the end of the list", "players.newcomer")
        self.applicants.append(who)
        self.applied.append(who)
        self.note(f"{who} asks to join: he is written in before the player he first backs", "players.newcomer")

    def _open(self, what: str) -> None:
        """Stakes may change only before the coup begins, and once held only with the chouetteur's leave."""
        if self.stakes.standing is not None:
            raise self._refuse(Code.WRONG_MOMENT, f"the coup has begun: no {what} now")
        if self.stakes.held and not self.stakes.leave:
            raise self._refuse(Code.STAKES_HELD, f"the coup is held: no {what} without the chouetteur's leave",
                               "chouette.stakes")

    def _bet(self, a: SittingAct) -> None:
        assert a.amount is not None and a.other is not None
        self._open("stake")
        banker_side = a.other == self.chouetteur
        if a.other not in self.seats:
            raise self._refuse(Code.NOT_PLAYING, f"{a.other} is not at the cards")
        if a.who in self.seats and a.who != a.other:
            raise self._refuse(Code.NOT_AT_TABLE, f"{a.who} plays and cannot bet on {a.other}")
        side = self._stake_on(a.who)
        if side not in (None, a.other) and a.who not in self.seats:
            raise self._refuse(Code.NOT_AT_TABLE, f"{a.who} already bets on {side}")
        if a.medium is Medium.CASH and self.jetons_only:
            raise self._refuse(Code.JETONS_ONLY, "the chouetteur requires jetons only", "stakes.jetons")
        if banker_side and a.who != self.chouetteur and a.who not in self.admitted \
                and self.ruleset["chouette_stakes"] is ChouetteStakes.CALL_AND_HOLD:
            raise self._refuse(Code.NEEDS_LEAVE, f"{a.who} may stand on the chouetteur's side only with his leave",
                               "chouette.stakes")
        if a.who in self.applicants:
            self._write_in(a.who, a.other)
        self.stakes.laid.append(Stake(a.who, a.other, a.amount, a.medium))
        self.note(f"{a.who} lays {amount_text(a.amount)}" + (" in cash" if a.medium is Medium.CASH else "")
                  + f" on {a.other}")

    def _write_in(self, who: str, backed: str) -> None:
        """A newcomer is written in when he first bets: just before the player he backs, and before those
        written there who asked after him (hu-nc.3); at the end when he backs the chouetteur, not in the list."""
        self.applicants.remove(who)
        if backed not in self.order:
            self.order = self.order + (who,)
            return self.note(f"{who}, who first backs {backed}, is written in at the end of the list",
                             "players.newcomer")
        self.order = roster.before(self.order + (who,), who, backed, self.applied[self.applied.index(who) + 1:])
        nxt = self.order[self.order.index(who) + 1]
        self.note(f"{who} is written in before {backed}, whom he first backs"
                  + (f", and before {nxt}, who asked after him" if nxt != backed else ""), "players.newcomer")

    def _declare(self, a: SittingAct) -> None:
        assert a.amount is not None
        self._open("total")
        if a.who not in self.seats:
            raise self._refuse(Code.NOT_PLAYING, f"{a.who} is not at the cards: the players total their sides")
        self.stakes.declared[a.who] = a.amount
        self.note(f"{a.who} totals his side at {amount_text(a.amount)} and answers for it", "stakes.balance")

    def _reste(self, a: SittingAct) -> None:
        if self._stake_on(a.who) != a.other:
            raise self._refuse(Code.NOT_HIS_PLAYER, f"{a.who} has no stake on {a.other}", "stakes.payment")
        self.stakes.reste[str(a.other)] = a.who
        self.note(f"{a.who} holds the reste of {a.other}'s side", "stakes.payment")

    def _chouetteur(self, who: str, what: str) -> None:
        if self.format is not Format.CHOUETTE or who != self.chouetteur:
            raise self._refuse(Code.NOT_PLAYING, f"only the chouetteur may {what}")

    def _chouetteur_only(self, a: SittingAct) -> None:
        self._chouetteur(a.who, a.verb.value)
        if a.verb is Verb.ALLOW:
            self.stakes.leave = True
            return self.note(f"{a.who} allows the held stakes to change", "chouette.stakes")
        if a.other not in self.admitted:
            self.admitted.append(str(a.other))
        self.note(f"{a.who} lets {a.other} stand on his side", "chouette.stakes")

    def _require(self, a: SittingAct) -> None:
        if self.ruleset["jetons_only_by"] is not JetonsOnlyBy.CHOUETTEUR or a.who != self.chouetteur:
            raise self._refuse(Code.NOT_PLAYING, f"{a.who} may not require jetons only", "stakes.jetons")
        if any(s.medium is Medium.CASH for s in self.stakes.laid):
            raise self._refuse(Code.WRONG_MOMENT, "cash is already laid")
        self.jetons_only = True
        self.note(f"{a.who} requires jetons only", "stakes.jetons")

    def _call(self, a: SittingAct) -> None:
        self._chouetteur(a.who, "call for the stakes")
        self._calling_rule()
        self.note(f"{a.who}: «je voudrais voir le coup»", "chouette.stakes")

    def _calling_rule(self) -> None:
        if self.ruleset["chouette_stakes"] is not ChouetteStakes.CALL_AND_HOLD:
            raise self._refuse(Code.NO_BANK, "stakes are laid against the bank, not called and held",
                               "chouette.stakes")

    def _hold(self, a: SittingAct) -> None:
        self._chouetteur(a.who, "hold the coup")
        self._calling_rule()
        if self.stakes.held:
            raise self._refuse(Code.WRONG_MOMENT, "the coup is already held")
        side = on_side(self.stakes.laid, self.hand)
        laid = total(side)
        own = total(s for s in side if s.backer == self.hand)
        if laid and 2 * own < laid:
            raise self._refuse(Code.HALF_INTEREST, f"{self.hand} holds {amount_text(own)} of {amount_text(laid)}:"
                               " the hand goes only to one interested to half his side", "chouette.stakes")
        self.stakes.held, self.stakes.leave = True, False
        self.note(f"{a.who}: «le coup est tenu» at {amount_text(laid)}; the stakes stand, and it counts as his cut",
                  "chouette.stakes")

    def _withdraw(self, a: SittingAct) -> None:
        self._chouetteur(a.who, "withdraw")
        self._calling_rule()
        self.stakes = _Stakes()
        self.note(f"{a.who} does not hold the coup: the stakes are taken back", "chouette.stakes")

    def _banker(self, who: str, what: str) -> None:
        self._chouetteur(who, what)
        if self.ruleset["chouette_stakes"] is not ChouetteStakes.BANCO:
            raise self._refuse(Code.NO_BANK, "the chouetteur lays no bank: he calls for the stakes and holds them",
                               "chouette.stakes")

    def _bank(self, a: SittingAct) -> None:
        assert a.amount is not None
        self._banker(a.who, "lay a bank")
        if self.bank:
            raise self._refuse(Code.BANK_HELD, f"a bank of {amount_text(self.bank)} is laid", "chouette.stakes")
        relaid = bool(self.bank_broken and self.agreement.fixed_bank)     # a fixed bank broken once (14.15)
        if relaid and a.amount < self.bank_floor:
            raise self._refuse(Code.NO_BANK, f"a new bank must hold at least {amount_text(self.bank_floor)}",
                               "chouette.passes")
        self.bank = a.amount
        self.bank_floor = a.amount
        self.note(f"{a.who} lays a {'new ' if relaid else ''}bank of {amount_text(a.amount)}",
                  "chouette.passes" if relaid else "chouette.stakes")
        self._levy(a.who, a.amount)

    def _levy(self, who: str, amount: Fraction) -> None:
        rate = Fraction(self.ruleset["bank_levy_percent"], 100)
        if rate:
            self.ledger.append(Transfer(who, HOUSE, amount * rate, "levy on the bank's capital"))
            self.note(f"{who} pays {amount_text(amount * rate)} to the cagnotte on {amount_text(amount)} laid",
                      "stakes.bank-levy")

    def _raise(self, a: SittingAct) -> None:
        assert a.amount is not None
        self._banker(a.who, "raise the bank")
        self._open("raise")
        if self.bank is None:
            raise self._refuse(Code.NO_BANK, "no bank is laid")
        self.bank += a.amount
        self.bank_floor += a.amount            # capital brought into the bank, as the bid or bank laid
        self.note(f"{a.who} raises the bank by {amount_text(a.amount)} to {amount_text(self.bank)}",
                  "chouette.stakes")
        self._levy(a.who, a.amount)

    def _take_out(self, a: SittingAct) -> None:
        self._banker(a.who, "take out capital")
        self._open("change of the bank")
        if self.agreement.fixed_bank:
            raise self._refuse(Code.BANK_HELD, "a fixed bank: the banker takes no capital out while he holds it",
                               "chouette.passes")
        laid = total(on_side(self.stakes.laid, self.hand))
        if self.bank is None or not laid or laid >= self.bank:
            raise self._refuse(Code.BANK_HELD, "the banker takes out nothing while he holds the bank: only what"
                               " the stakes leave over", "chouette.stakes")
        self.note(f"{a.who} takes {amount_text(self.bank - laid)} out of the bank, which the stakes leave over",
                  "chouette.stakes")
        self.bank = laid

    def _bid(self, a: SittingAct) -> None:
        assert a.amount is not None
        if not self.agreement.fixed_bank or self.chouetteur is not None:
            raise self._refuse(Code.NO_BANK, "the bank is not being auctioned", "chouette.passes")
        self.bids[a.who] = a.amount
        self.note(f"{a.who} bids {amount_text(a.amount)} for the bank")

    def _auction(self) -> None:
        """The bank to the highest bidder, who lays his bid (de-scheicher.14.11)."""
        if not self.bids:
            raise self._refuse(Code.NO_BANK, "the bank is auctioned: nobody has bid", "chouette.passes")
        best = max(self.bids.values())
        winner = next(name for name, bid in self.bids.items() if bid == best)
        self.bids = {}
        self.chouetteur, self.order = winner, tuple(n for n in self.order if n != winner)
        if not self.order:
            raise self._refuse(Code.NOT_AT_TABLE, "nobody is left to play against the bank")
        ponte = self.ponte_stays if self.ponte_stays in self.order else self.order[0]
        self.seats, self.bank, self.bank_floor, self.bank_broken = (winner, ponte), best, best, 0
        self.ponte_stays = None
        self.note(f"the bank goes to {winner}, the highest bidder, at {amount_text(best)}", "chouette.passes")
        self._levy(winner, best)

    def _renounce(self, a: SittingAct) -> None:
        self._open("change of hand")
        if a.who not in self.seats or a.who == self.chouetteur:
            raise self._refuse(Code.NOT_PLAYING, f"{a.who} does not hold the hand")
        nxt = next((n for n in self.order if n not in self.seats), None)
        if nxt is None:
            raise self._refuse(Code.NOT_AT_TABLE, f"nobody is left to take {a.who}'s hand")
        self.order = roster.to_end(self.order, a.who)
        self.seats = tuple(nxt if s == a.who else s for s in self.seats)   # type: ignore[assignment]
        self.note(f"{a.who} gives up his hand until his turn comes again; {nxt} plays", "players.rotation")
        against = [s for s in self.stakes.laid if s.backer == nxt and s.side != nxt]
        if against:     # a player at the cards stakes on himself only (`_bet`)
            self.stakes.laid = [s for s in self.stakes.laid if not (s.backer == nxt and s.side != nxt)]
            self.note(f"{nxt} now plays: his stakes on " + ", ".join(sorted({s.side for s in against}))
                      + " are returned", "players.rotation")

    def _sit(self, a: SittingAct) -> None:
        self._chouetteur(a.who, "choose his place")
        if a.other == self.last_winner:
            raise self._refuse(Code.WINNER_KEEPS_SEAT, f"{a.other} won the partie before and keeps his place",
                               "chouette.passes")
        self.note(f"{a.who} takes the place of his choice, {a.other}'s", "chouette.passes")

    def _give_up(self, a: SittingAct) -> None:
        self._chouetteur(a.who, "give up the chouette")
        if self.stakes.laid or self.stakes.standing is not None:
            raise self._refuse(Code.WRONG_MOMENT, "the chouette is given up between parties")
        if self.agreement.fixed_bank:
            self.order, self.chouetteur, self.bank = self.order + (a.who,), None, None
            return self.note(f"{a.who} gives up the bank (suite): it is auctioned again", "chouette.passes")
        if self.ruleset["successor"] is Successor.PARTNERS_THEN_LIST:
            partners = [n for n in self.admitted if n in self.people()]
            heir = partners[0] if partners else self.order[0]
            self.order = tuple(n for n in self.order if n != heir)
            self.note(f"{a.who} stops giving chouette; {heir} takes it"
                      + (", his partner" if partners else ", the first in the list"), "chouette.successor")
        else:
            heir, self.order = self.order[0], self.order[1:] + (a.who,)
            self.note(f"{a.who} gives up the bank and is written last; {heir} holds it", "chouette.successor")
            self.bank = None
        self.chouetteur, self.admitted = heir, []
        self.seats = (heir, self.order[0])

    # --- the partie ----------------------------------------------------------------------------

    def game_options(self, base: Options = Options()) -> Options:
        """The two-player game's options for a partie of this table: lot scoring as agreed, and a
        chouette's banker keeping the deal where the ruleset has him deal throughout."""
        stays = self.format is Format.CHOUETTE and self.ruleset["chouette_dealer"] is ChouetteDealer.BANKER
        return replace(base, lot_scoring=self.agreement.lot_scoring, deal_stays=stays)

    def first_dealer(self) -> int | None:
        """The seat that deals the partie's first game; None when the players draw for it."""
        if self.format is Format.CHOUETTE:
            rule = "chouette.dealer"
            dealer = 0 if self.ruleset["chouette_dealer"] is ChouetteDealer.BANKER else 1    # hu-nc.6: he cuts
            cut = f", «le coup est tenu» counting as {self.seats[0]}'s cut" if dealer else ""
            self.note(f"{self.seats[dealer]} deals the first game{cut}", rule)
            return dealer
        pool = self.format is Format.POOL
        drawing = f"{self.seats[0]} and {self.seats[1]} draw for the deal"
        if self.parties == 0:
            if pool:
                self.note(f"{self.seats[0]}, first of the three, deals the first game", "pool.order")
                return 0
            if self.ruleset["first_dealer"] is FirstDealer.DRAW:
                self.note(drawing, "players.first-dealer")
                return None
            self.note(f"{self.seats[0]}, first in the list, deals the first game", "players.first-dealer")
            return 0
        param, rule = ("pool_next_dealer", "pool.next-dealer") if pool else ("next_partie_dealer",
                                                                              "players.next-dealer")
        if self.ruleset[param] is FirstDealer.DRAW:
            self.note(drawing, rule)
            return None
        if self.last_elder_half is None:
            raise self._refuse(Code.IMPOSSIBLE, "the half that was elder in the last game of the partie before"
                               " deals, and who dealt that game is not known", rule)
        self.note(f"{self.seats[self.last_elder_half]}, at the half that was elder in the last game, deals", rule)
        return self.last_elder_half

    def begin(self) -> None:
        """The coup begins: the two sides' stakes are balanced, or the coup is refused (nothing changed)."""
        self._atomic(self._begin)

    def _begin(self) -> None:
        if self.stakes.standing is not None:
            return
        if self.format is Format.CHOUETTE:
            if self.chouetteur is None:
                self._auction()
            return self._begin_chouette()
        sides = [on_side(self.stakes.laid, p) for p in self.seats]
        totals = [self.stakes.declared.get(p, total(side)) for p, side in zip(self.seats, sides)]
        if totals[0] == totals[1]:
            self.stakes.standing = [s for side in sides for s in side]
            if any(totals):
                self.note(f"the sides balance at {amount_text(totals[0])}", "stakes.balance")
            return
        if self.ruleset["unequal_sides"] is UnequalSides.REFUSED or self.stakes.declared:
            raise self._refuse(Code.UNEQUAL_STAKES, f"{self.seats[0]}'s side holds {amount_text(totals[0])},"
                               f" {self.seats[1]}'s {amount_text(totals[1])}: the coup begins only when they are"
                               " equal", "stakes.balance")
        high = 0 if totals[0] > totals[1] else 1
        rank = list(self.seats) + list(self.order)
        kept, back = by_rank(sides[high], totals[1 - high], rank)
        self.stakes.standing = kept + sides[1 - high]
        self.note(f"{self.seats[high]}'s side holds more: its stakes stand by rank up to"
                  f" {amount_text(totals[1 - high])}; returned " +
                  ", ".join(f"{amount_text(s.amount)} to {s.backer}" for s in back), "stakes.balance")

    def _begin_chouette(self) -> None:
        hand = on_side(self.stakes.laid, self.hand)
        theirs = [s for s in self.stakes.laid if s.side == self.chouetteur and s.backer != self.chouetteur]
        if self.ruleset["chouette_stakes"] is ChouetteStakes.CALL_AND_HOLD:
            if not self.stakes.held:
                raise self._refuse(Code.WRONG_MOMENT, "the chouetteur has not held the coup", "chouette.stakes")
            kept, back = by_rank(theirs, total(hand), list(self.admitted))
            if back:
                self.note(f"the chouetteur's partners hold no more than the stakes against him ({amount_text(total(hand))});"
                          " returned " + ", ".join(f"{amount_text(s.amount)} to {s.backer}" for s in back),
                          "chouette.stakes")
            self.stakes.standing = hand + kept
            return
        if self.bank is None:
            raise self._refuse(Code.NO_BANK, "no bank is laid", "chouette.stakes")
        laid, cover = total(hand), self.bank + total(theirs)
        if laid > cover:
            hand, back = by_rank(hand, cover, list(self.seats) + list(self.order))
            self.note(f"the stakes exceed the bank: they stand by rank up to {amount_text(cover)}; returned "
                      + ", ".join(f"{amount_text(s.amount)} to {s.backer}" for s in back), "chouette.stakes")
        excess = max(total(hand) - self.bank, Fraction(0))
        theirs, back = by_rank(theirs, excess, list(self.order))
        if back:
            why = f"stand by rank for the {amount_text(excess)} the bank lacks" if excess else "are not needed"
            self.note(f"the stakes on the banker's side {why}; returned "
                      + ", ".join(f"{amount_text(s.amount)} to {s.backer}" for s in back), "chouette.stakes")
        self.stakes.standing = hand + theirs

    def settle(self, result: PartieResult) -> list[Transfer]:
        """Pay out a partie the seats played, turn the list, and return the partie's transfers."""
        return self._atomic(self._settle, result)

    def _settle(self, result: PartieResult) -> list[Transfer]:
        self._begin()
        assert self.stakes.standing is not None
        winner, loser = self.seats[result.winner], self.seats[1 - result.winner]
        self.note(f"{winner} wins the partie {result.score[result.winner]}:{result.loser_points}")
        counts = 1
        if self.agreement.lot_scoring:
            if self.ruleset["lot_in_formats"] and result.lot:
                counts = result.lot
                self.note(f"the win counts {counts} times by lot", "stakes.lot")
            else:
                self.note("the win counts once: no lot among several players", "stakes.lot")
        transfers = self._pay(winner, loser, counts)
        self.ledger.extend(transfers)
        self.parties += 1
        self.last_elder_half = None if result.last_dealer is None else 1 - result.last_dealer
        self._turn(winner, loser, transfers)
        self.settled = list(self.stakes.standing)
        self.stakes = _Stakes()
        self.last_winner = winner
        return transfers

    def _pay(self, winner: str, loser: str, counts: int) -> list[Transfer]:
        standing = self.stakes.standing or []
        if self.format is Format.CHOUETTE:
            opponents = on_side(standing, self.hand)
            side_total = total(opponents)
            k_side = on_side(standing, self.chouetteur)
            sides = {self.hand: shares(opponents, self.hand, side_total),
                     self.chouetteur: shares(k_side, self.chouetteur, side_total)}
        else:
            sides = {}
            for player in self.seats:
                side = on_side(standing, player)
                sides[player] = shares(side, player, self.stakes.declared.get(player, total(side)))
        won = {n: v * counts for n, v in sides[winner].items()}
        lost = {n: v * counts for n, v in sides[loser].items()}
        croupier_pays = self.ruleset["stakes_paid_by"] is StakesPaidBy.CROUPIER
        payer = CROUPIER if croupier_pays else self.stakes.reste.get(loser, loser)
        rate = Fraction(self.ruleset["cagnotte_percent"], 100)
        exempt = {self.chouetteur} if self.chouetteur else set()
        transfers = settle(won, lost, payer, rate, exempt)
        if sum(won.values()):
            self.note(f"{payer} pays out: " + ", ".join(f"{amount_text(v)} to {n}" for n, v in won.items() if v),
                      "stakes.payment")
        if rate and any(t.payee == HOUSE for t in transfers):
            self.note(f"the cagnotte keeps {amount_text(sum(t.amount for t in transfers if t.payee == HOUSE))}",
                      "stakes.cagnotte")
        if self.format is Format.CHOUETTE and self.bank is not None:
            k = sides[self.chouetteur][self.chouetteur] * counts
            self.bank += k if winner == self.chouetteur else -k
        return transfers

    def _turn(self, winner: str, loser: str, transfers: list[Transfer]) -> None:
        """Who plays the next partie, by the format and the ruleset."""
        if self.format is Format.POOL:
            return self._turn_pool(winner, loser)
        if self.format is Format.CHOUETTE:
            return self._turn_chouette(winner, loser)
        self.order = self._loser_away(loser)
        entrant = next((n for n in self.order if n not in self.seats), loser)     # two alone play on
        self.seats = tuple(entrant if s == loser else s for s in self.seats)   # type: ignore[assignment]
        self.note(f"{winner} stays at the cards; {loser} goes to the end of the list; {entrant} plays next",
                  "players.rotation")

    def _loser_away(self, loser: str) -> tuple[str, ...]:
        """The list once the loser of a partie has left the cards (`loser_goes`: to its end)."""
        assert self.ruleset["loser_goes"] is ListPlace.END_OF_LIST
        return roster.to_end(self.order, loser)

    def _turn_chouette(self, winner: str, loser: str) -> None:
        k = self.chouetteur
        assert k is not None
        if self.agreement.fixed_bank:
            if self.bank is not None and self.bank <= 0:
                self.bank_broken += 1
                self.bank = None
                if self.bank_broken >= 2:
                    self.order, self.chouetteur, self.ponte_stays = self.order + (k,), None, winner
                    return self.note("the bank is broken a second time: it is auctioned again", "chouette.passes")
                self.note(f"the bank is broken: {k} may lay a new one of at least {amount_text(self.bank_floor)}",
                          "chouette.passes")
            if winner == k:
                self.order = self._loser_away(loser)
                self.seats = (k, self.order[0])
                return self.note(f"{loser} loses and leaves his place; {self.order[0]} plays", "players.rotation")
            return self.note(f"{winner} wins and stays ponte", "players.rotation")
        if self.ruleset["bank_passes"] is BankPasses.WINNING_PONTE and winner != k:
            advisers = tuple(n for n in self.order if n != winner)     # a newcomer may be written before him
            self.chouetteur, self.order = winner, advisers + (k,)
            self.seats, self.bank, self.admitted = (winner, self.order[0]), None, []
            return self.note(f"{winner} wins and holds the bank; {k} goes to the end of the list;"
                             f" {self.order[0]} is ponte", "chouette.passes")
        if winner == k:
            self.order = self._loser_away(loser)
            self.seats = (k, self.order[0])
            return self.note(f"{k} keeps the chouette; {loser} goes to the end of the list; {self.order[0]} plays",
                             "players.rotation")
        self.note(f"{winner} wins and keeps the hand; {k} keeps the chouette", "chouette.passes")

    def _pay_pool(self, payers: tuple[str, ...] | list[str]) -> None:
        stake = self.agreement.pool_stake
        for name in payers:
            self.ledger.append(Transfer(name, POOL, stake, "stake into the pool"))
        if stake and payers:
            each = " each" if len(payers) > 1 else ""
            self.note(f"{', '.join(payers)} pay{'s' if not each else ''} {amount_text(stake)}{each} into the pool,"
                      f" as agreed ({self.agreement.pool_pays})")

    def pool(self) -> Fraction:
        """What the pool holds."""
        return sum((t.amount if t.payee == POOL else -t.amount for t in self.ledger if POOL in (t.payee, t.payer)),
                   Fraction(0))

    def _turn_pool(self, winner: str, loser: str) -> None:
        out = next(n for n in self.order if n not in self.seats)
        name, count = self.streak
        self.streak = (winner, count + 1 if name == winner else 1)
        if self.streak[1] >= self.ruleset["pool_win"]:
            won = self.pool()
            self.ledger.append(Transfer(POOL, winner, won, "the pool won"))
            self.note(f"{winner} wins {self.streak[1]} games in a row and takes the pool of {amount_text(won)}",
                      "pool.win")
            self.streak = (None, 0)
            pays = self.agreement.pool_pays
            self._pay_pool(self.order if pays is not PoolPays.ENTRANT else [winner, out])
        else:
            if self.agreement.pool_pays is PoolPays.LOSER_AGAIN:
                self._pay_pool([loser])
            if self.agreement.pool_pays is PoolPays.ENTRANT:
                self._pay_pool([out])
        self.seats = tuple(out if s == loser else s for s in self.seats)   # type: ignore[assignment]
        # en-wiki.s13.p2 gives the change after each game with the draw that follows it
        self.note(f"{winner} stays at the cards; {loser} sits out; {out} comes in", "pool.next-dealer")
