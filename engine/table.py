"""Table mode: what really happens at a table, recorded, and each witness's remedy applied.

In strict mode (the default) the engine refuses a faulty action. In table mode (`Options(mode=
Mode.TABLE)`) it records what the players did — a renonce played, a card exposed, a wrong count —
finds the case the ruleset's rulings distinguish (engine/irregularities.py), and applies the
ruling's remedy at once or, when the witness gives the wronged player a choice, waits in the
`remedy` phase for his `choose`. Every event cites the units of the ruling that decides it.

The per-deal record (`TableDeal`) is immutable and kept in the state's checkpoints, so `undo()`
and `copy()` work as in strict mode; `Fault.snapshot` keeps the state before a fault that a
remedy may take back.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .cards import BIT, FULL, card_name, cards_of, names
from .errors import Code, IllegalAction
from .events import Event, EventKind
from .irregularities import Case, Choice, Effect, Irregularity, Mode, Option, Role, Ruling
from .phase import DEAL, DRAW, OVER, PLAY, REMEDY, SPEAK, TURNUP, Phase

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Fault:
    """One irregularity found: by whom, in which case, the cards it concerns, the state before it."""

    kind: Irregularity
    offender: int
    cards: tuple[int, ...] = ()
    snapshot: tuple | None = None
    cards_played: int = 0          # how many cards were played when it happened
    extra: bool = False            # a wrong count: a card too many (else one lacking)


@dataclass(frozen=True)
class Pending:
    """A remedy the wronged player must choose before the game goes on."""

    fault: Fault
    ruling: Ruling
    chooser: int
    phase: Phase                   # the phase and turn to go back to once he has chosen
    turn: int


@dataclass(frozen=True)
class TableDeal:
    """What table mode remembers of the current deal (bit p: player p)."""

    looked: int = 0                # has looked at his cards since he last received some
    open_hands: int = 0            # plays with his cards face up
    no_king: int = 0               # may not mark the king in this deal
    less_one: int = 0              # marks one point less for his tricks
    forfeit: int = 0               # marks nothing more in this deal
    plus_one: int = 0              # marks one point more after the deal
    must_accept: bool = False      # the dealer must grant the next proposal
    named: int = -1                # the suit the leader named, -1 if none
    drawn: tuple[int, tuple[int, ...]] | None = None   # the cards last given in the exchange, and to whom
    uncalled: tuple[Fault, ...] = ()                     # faults that stand until someone calls them
    pending: Pending | None = None
    deferred: Pending | None = None                      # a choice the elder makes when he exchanges
    discard_held: act.Discard | None = None               # his discard, named before that choice
    dropped: tuple[int, int] | None = None               # (player, card) dropped by the leader, not played
    turnup_king_due: bool = False  # a turned-up king the dealer has still to mark
    because: tuple[tuple[str, Ruling], ...] = ()           # each penalty flag set, with the ruling that set it


def start(state: State, turned: bool) -> None:
    """A new deal in table mode: nobody has looked; a turned-up king waits for the dealer's mark.
    A deal not `turned` waits for the dealer to turn up the eleventh card."""
    state.table = TableDeal(turnup_king_due=turned and state.turnup & 7 == 0)
    if not turned:
        state.phase, state.turn = TURNUP, state.dealer


def turn_up(state: State, action: act.TurnUp) -> None:
    """`B turn`: the dealer turns up the eleventh card; its suit is trumps and the elder speaks."""
    if state.phase is not TURNUP:
        raise IllegalAction(Code.WRONG_PHASE, f"no card to turn up in phase {state.phase.value}")
    if action.player != state.dealer:
        raise IllegalAction(Code.WRONG_TURN, f"{PLAYERS[state.dealer]} turns up, not {PLAYERS[action.player]}",
                            "deal.turnup", state._c.cites["deal.turnup"])
    state._history.append(action)
    state.phase, state.turn = SPEAK, 1 - state.dealer
    _set(state, turnup_king_due=state.turnup & 7 == 0)
    state.log.append(Event(state.deal_number, EventKind.TURNED, state.dealer, 0, "deal.turnup",
                           state._c.cites["deal.turnup"], (state.turnup,), state.score))


def is_table(state: State) -> bool:
    """Whether the game is played in table mode."""
    return state.options.mode is Mode.TABLE


# ---- reading a ruling ------------------------------------------------------------------

def ruling(state: State, kind: Irregularity, cases: tuple[Case, ...], role: Role) -> Ruling:
    """The ruleset's ruling for the first of `cases` it names (for `role`, else any role)."""
    rulings = state.ruleset.rulings
    for case in cases + (Case.ANY,):
        for who in (role, Role.ANY):
            found = rulings.get((kind, case, who))
            if found is not None:
                return found
    where = cases[0].value if cases else "any case"
    raise IllegalAction(Code.NO_RULING, f"{state.ruleset.siglum} does not rule on {kind} ({where},"
                        f" {role.value if role is not Role.ANY else 'either player'})")


def role(state: State, player: int) -> Role:
    """The player's part in this deal, for rulings that concern only the elder or the dealer."""
    return Role.DEALER if player == state.dealer else Role.ELDER


def _event(state: State, kind: EventKind, player: int | None, ruling_: Ruling | None, detail: tuple,
           points: int = 0) -> None:
    cites = ruling_.cites if ruling_ else ()
    rule = f"table.{ruling_.kind}" if ruling_ else None
    state.log.append(Event(state.deal_number, kind, player, points, rule, cites, detail, state.score))


def _unrecorded(state: State, perform: Callable[..., None], *args: object) -> None:
    """Perform an action that belongs to the one being applied (a held discard, a dropped card's
    play): its events are logged, but the history keeps only the action that brought it about,
    so that replaying the history does it once."""
    recorded = len(state._history)
    perform(*args)
    del state._history[recorded:]


def _set(state: State, **changes: object) -> None:
    state.table = replace(state.table, **changes)


def _bit(player: int) -> int:
    return 1 << player


# ---- entering a fault and its remedy ---------------------------------------------------

def judge(state: State, fault: Fault, cases: tuple[Case, ...], *, subject: int | None = None,
          caller: int | None = None) -> None:
    """Find the ruling for a fault, log it, and apply its remedy or wait for the wronged's choice."""
    found = ruling(state, fault.kind, cases, role(state, fault.offender if subject is None else subject))
    _event(state, EventKind.IRREGULARITY, fault.offender, found, (fault.kind, found.case, fault.cards, caller))
    if found.chosen and found.at_exchange:       # asked when he exchanges; lapses if he never does
        _set(state, deferred=Pending(fault, found, 1 - fault.offender, state.phase, state.turn))
        return
    if found.chosen:
        chooser = 1 - fault.offender
        _set(state, pending=Pending(fault, found, chooser, state.phase, state.turn))
        state.phase, state.turn = REMEDY, chooser
        return
    apply_option(state, fault, found, found.options[0])


def exchange_begins(state: State) -> None:
    """The elder is about to discard: a choice kept for his exchange is now his to make."""
    deferred = state.table.deferred
    if deferred is not None and deferred.chooser == state.turn:
        _set(state, deferred=None, pending=replace(deferred, phase=state.phase, turn=state.turn))
        state.phase = REMEDY


def apply_option(state: State, fault: Fault, ruling_: Ruling, option: Option) -> None:
    """Perform a remedy's effects in order, logging each with the ruling's units."""
    _event(state, EventKind.REMEDY, 1 - fault.offender, ruling_, (option.choice, option.effects))
    for effect in option.effects:
        _EFFECTS[effect](state, fault, ruling_)


def choose(state: State, action: act.Choose) -> None:
    """`B choose new-deal`: the wronged player's choice of remedy."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "remedies are chosen in table mode only")
    pending = state.table.pending if state.table else None
    if state.phase is not REMEDY or pending is None:
        raise IllegalAction(Code.NO_CHOICE, "no remedy is waiting to be chosen")
    if action.player != pending.chooser:     # a remedy is never the offender's to choose
        raise IllegalAction(Code.IMPOSSIBLE, f"the remedy is {PLAYERS[pending.chooser]}'s to choose,"
                            f" not the offender's", f"table.{pending.ruling.kind}", pending.ruling.cites)
    option = pending.ruling.option(action.choice)
    if option is None:
        offered = ", ".join(str(o.choice) for o in pending.ruling.options)
        raise IllegalAction(Code.NO_CHOICE, f"{action.choice} is not offered (choose {offered})",
                            f"table.{pending.ruling.kind}", pending.ruling.cites)
    state._history.append(action)
    _resume(state, pending)
    apply_option(state, pending.fault, pending.ruling, option)
    held = state.table.discard_held if state.table is not None else None   # a void deal has no table
    if held is not None:                     # the discard named before the choice is made now
        _set(state, discard_held=None)
        _unrecorded(state, state._discard, held)


def _resume(state: State, pending: Pending) -> None:
    """The remedy is chosen: the game goes back to the phase and turn it waited in."""
    _set(state, pending=None)
    state.phase, state.turn = pending.phase, pending.turn


def during_remedy(state: State, action: act.PlayerAction) -> bool:
    """An ordinary action while a remedy waits: the chooser who acts on keeps the game as it is
    (the caller puts the state back if the action is then refused); anyone else is refused.

    A choice made as the elder exchanges may also follow his discard: the discard is then held
    until he chooses, and True says the action is taken care of."""
    pending = state.table.pending
    if pending.ruling.at_exchange and isinstance(action, act.Discard) and action.player == pending.chooser \
            and state.table.discard_held is None:
        trial = state.copy()                 # a discard that could not be made is refused now
        trial.phase, trial.turn, trial.table = pending.phase, pending.turn, replace(trial.table, pending=None)
        trial._discard(action)
        state._history.append(action)
        _set(state, discard_held=action)
        return True
    keep = pending.ruling.option(Choice.KEEP)
    if action.player != pending.chooser or keep is None:
        raise IllegalAction(Code.WRONG_TURN, f"{PLAYERS[pending.chooser]} must first choose a remedy"
                            f" ({', '.join(str(o.choice) for o in pending.ruling.options)})",
                            f"table.{pending.ruling.kind}", pending.ruling.cites)
    _resume(state, pending)
    apply_option(state, pending.fault, pending.ruling, keep)
    return False


# ---- the irregularities written as verbs -----------------------------------------------

def irregular(state: State, action: act.Irregular) -> None:
    """An irregularity done at the table: check it could happen, record it, judge it."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, f"{action.kind} is recorded in table mode only"
                            " (scenario option mode = \"table\")")
    if state.phase is OVER:
        raise IllegalAction(Code.GAME_OVER, "the game has ended")
    handler = _IRREGULAR[action.kind]
    handler(state, action)


def drawn_several(state: State, action: act.Draw) -> tuple[int, int]:
    """The card that counts for each player who drew several for the deal, as the witness rules."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "a draw of several cards is recorded in table mode only")
    found = ruling(state, Irregularity.DREW_SEVERAL, (Case.ANY,), Role.ANY)
    rank = state._c.draw_rank
    counted = []
    for p, (card, extra) in enumerate(zip(action.cards, action.extra)):
        if extra:
            state.log.append(Event(0, EventKind.IRREGULARITY, p, 0, f"table.{found.kind}", found.cites,
                                   (found.kind, found.case, (card, *extra), None), state.score))
        if extra and found.options[0].effects == (Effect.HIGHEST_COUNTS,):
            card = max((card, *extra), key=lambda c: rank[card_name(c)[0]])
        counted.append(card)
    return counted[0], counted[1]


def _in_deal(state: State, what: str) -> None:
    """Refuse an irregularity of a deal when no deal is under way."""
    if state.table is None or state.phase is DEAL:
        raise IllegalAction(Code.WRONG_PHASE, f"no {what} in phase {state.phase.value}: no deal is under way")


def _holder(state: State, card: int) -> int:
    """Who holds a card (-1: nobody)."""
    hands = state.hands
    return 0 if hands >> card & 1 else 1 if hands >> card + 32 & 1 else -1


def _seen_card(state: State, action: act.Irregular) -> None:
    """A card found face up (`faced`) or turned over by the dealer (`expose`)."""
    _in_deal(state, str(action.kind))
    (card,) = action.cards
    table = state.table
    if action.kind is Irregularity.EXPOSED and action.player != state.dealer:
        raise IllegalAction(Code.IMPOSSIBLE, f"only the dealer turns cards over: {PLAYERS[state.dealer]} deals")
    fresh = state.proposals == 0 and state.phase in (SPEAK, TURNUP)
    cases: tuple[Case, ...]
    if fresh and card == state.turnup:
        cases = (Case.TURNUP,)
    elif fresh and _holder(state, card) >= 0:
        cases = (Case.DEALER_CARD if _holder(state, card) == state.dealer else Case.ELDER_CARD,)
    elif table.drawn and card in table.drawn[1] and state.phase is not PLAY:
        drawn = Case.DRAWN_DEALER if table.drawn[0] == state.dealer else Case.DRAWN_ELDER
        cases = (Case.DRAWN_TRUMP, drawn) if card >> 3 == state.trump else (drawn,)
    else:
        raise IllegalAction(Code.IMPOSSIBLE, f"{card_name(card)} is neither in a hand just dealt, nor the"
                            " turn-up, nor among the cards just given in the exchange")
    state._history.append(action)
    judge(state, Fault(action.kind, state.dealer, action.cards), cases)


def _count_stage(state: State, player: int, extra: bool) -> tuple[Case, ...]:
    """The cases of a wrong count, most specific first: in the play (a card too many once the
    first card is led, a card lacking once its holder has played), else before or after the
    holder looked at his cards — after the exchange, first whether the dealer has seen his own."""
    if state.phase is PLAY and (state.cards_played if extra else state.played >> (player << 5) & FULL):
        return (Case.IN_PLAY,)
    table = state.table
    seen = table.looked >> player & 1
    if not state.discards[player] and not state.discards[1 - player]:
        return (Case.SEEN,) if seen else (Case.UNSEEN,)
    dealer = state.dealer
    dealer_unseen = table.drawn is None or table.drawn[0] != dealer or not table.looked >> dealer & 1
    stage = (Case.DRAWN_SEEN,) if seen else (Case.DRAWN_UNSEEN,)
    return ((Case.DEALER_UNSEEN,) if dealer_unseen else ()) + stage


def _wrong_count(state: State, action: act.Irregular) -> None:
    """A hand with a card too many (taken from the talon) or too few (put back on the talon)."""
    _in_deal(state, "wrong count")
    p, (card,) = action.player, action.cards
    extra = action.kind is Irregularity.EXTRA
    talon = state.talon[state.talon_pos:]
    if extra and card not in talon:
        raise IllegalAction(Code.IMPOSSIBLE, f"{card_name(card)} is not in the talon: it cannot be a card too many")
    if not extra and not state.hands >> (p << 5) + card & 1:
        raise IllegalAction(Code.IMPOSSIBLE, f"{PLAYERS[p]} does not hold {card_name(card)}: it cannot be the card"
                            " he lacks")
    stage = _count_stage(state, p, extra)
    state._history.append(action)
    if extra:
        state.talon = state.talon[:state.talon_pos] + tuple(c for c in talon if c != card)
        state.hands |= BIT[card] << (p << 5)
    else:
        state.hands &= ~(BIT[card] << (p << 5))
        state.talon = state.talon[:state.talon_pos] + (card,) + talon
    # the dealer miscounts; the asker's own fault, or playing on with too many cards, is the holder's
    kind = Irregularity.ASKED_WRONG if action.asked else action.kind
    offender = p if action.asked or stage == (Case.IN_PLAY,) else state.dealer
    judge(state, Fault(kind, offender, action.cards, extra=extra), stage, subject=p)


def _turned_up(state: State, action: act.Irregular) -> None:
    """More cards turned up than the turn-up: they must be the talon's top cards, in order."""
    _in_deal(state, "card turned up")
    cards = action.cards
    if action.player != state.dealer:
        raise IllegalAction(Code.IMPOSSIBLE, f"only the dealer turns up: {PLAYERS[state.dealer]} deals")
    if state.proposals or state.phase is not SPEAK or state.talon[:len(cards)] != cards or state.talon_pos:
        raise IllegalAction(Code.IMPOSSIBLE, f"{names(cards)} are not the top of the talon just after the deal")
    state._history.append(action)
    judge(state, Fault(action.kind, state.dealer, cards), (Case.ANY,))


def _open_play_fault(state: State, action: act.Irregular) -> None:
    """Discards touched or mixed, covered tricks looked at: judged as the ruleset says."""
    _in_deal(state, str(action.kind))
    if action.kind is Irregularity.TRICKS_LOOKED and not (state.tricks[0] or state.tricks[1]):
        raise IllegalAction(Code.IMPOSSIBLE, "no trick has been taken yet")
    if action.kind is not Irregularity.TRICKS_LOOKED and not (state.discards[0] or state.discards[1]):
        raise IllegalAction(Code.IMPOSSIBLE, "nobody has discarded yet")
    state._history.append(action)
    judge(state, Fault(action.kind, action.player), (Case.ANY,))


def _dropped(state: State, action: act.Irregular) -> None:
    """A card dropped from the hand: on the card the opponent led, or by the player to lead."""
    p, (card,) = action.player, action.cards
    if state.phase is not PLAY or state.turn != p:
        raise IllegalAction(Code.IMPOSSIBLE, f"a dropped card matters only in the play, when {PLAYERS[p]} is to play")
    if not state.hands >> (p << 5) + card & 1:
        raise IllegalAction(Code.IMPOSSIBLE, f"{PLAYERS[p]} does not hold {card_name(card)}")
    state._history.append(action)
    judge(state, Fault(action.kind, p, (card,)), (Case.FOLLOWING if state.led >= 0 else Case.LEADING,))


def _trick_taken(state: State, action: act.Irregular) -> None:
    """A player takes the trick his opponent has just won: it counts as his until it is called."""
    p = action.player
    last = next((e for e in reversed(state.log) if e.kind is EventKind.TRICK), None)
    if state.phase is not PLAY or state.led >= 0 or last is None or last.deal != state.deal_number \
            or last.player == p or last.detail[0] != state.cards_played >> 1:
        raise IllegalAction(Code.IMPOSSIBLE, f"no trick {PLAYERS[1 - p]} has just won lies on the table")
    state._history.append(action)
    ruling(state, action.kind, (Case.ANY,), role(state, p))     # the witness rules on it
    t = state.tricks
    state.tricks = (t[0] + 1, t[1] - 1) if p == 0 else (t[0] - 1, t[1] + 1)
    _set(state, uncalled=state.table.uncalled + (Fault(action.kind, p, (), None, state.cards_played),))
    state.log.append(Event(state.deal_number, EventKind.TRICK_TAKEN, p, 0, None, (), (last.detail[0],), state.score))


def _return_trick(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The trick taken wrongly goes back to the player who won it."""
    p = fault.offender
    t = state.tricks
    state.tricks = (t[0] - 1, t[1] + 1) if p == 0 else (t[0] + 1, t[1] - 1)


def _thrown(state: State, action: act.Irregular) -> None:
    """A player throws his cards down (mixed with others beyond sorting out, or kept apart)."""
    if state.phase is not PLAY:
        raise IllegalAction(Code.WRONG_PHASE, "cards are thrown down in the play")
    state._history.append(action)
    judge(state, Fault(action.kind, action.player), (Case.MIXED if action.mixed else Case.SHOWN,))


def _whole_game(state: State, action: act.Irregular) -> None:
    """Leaving the game, a false pack, fresh cards, a second shuffle: judged in any phase they fit."""
    if action.kind is Irregularity.RESHUFFLE and state.phase is not DEAL:
        raise IllegalAction(Code.WRONG_PHASE, "the cards are shuffled again before the cut, when a deal is due")
    if action.kind in (Irregularity.FALSE_PACK, Irregularity.INCOMPLETE_PACK):
        _in_deal(state, str(action.kind))
    state._history.append(action)
    fault = Fault(action.kind, action.player, snapshot=None)
    found = ruling(state, action.kind, (Case.ANY,), Role.ANY)
    _event(state, EventKind.IRREGULARITY, action.player, found, (action.kind, found.case, (), None))
    apply_option(state, fault, found, found.options[0])


_IRREGULAR = {
    Irregularity.FACED: _seen_card, Irregularity.EXPOSED: _seen_card,
    Irregularity.EXTRA: _wrong_count, Irregularity.SHORT: _wrong_count,
    Irregularity.TURNED_UP: _turned_up,
    Irregularity.DISCARDS_TOUCHED: _open_play_fault, Irregularity.DISCARDS_MIXED: _open_play_fault,
    Irregularity.TRICKS_LOOKED: _open_play_fault, Irregularity.DROPPED: _dropped,
    Irregularity.THROWN: _thrown, Irregularity.TRICK_TAKEN: _trick_taken, Irregularity.LEFT: _whole_game, Irregularity.FALSE_PACK: _whole_game,
    Irregularity.FRESH_PACK: _whole_game, Irregularity.RESHUFFLE: _whole_game,
    Irregularity.INCOMPLETE_PACK: _whole_game,
}


# ---- faults that arise from ordinary verbs ---------------------------------------------

def faulty_play(state: State, action: act.Play, refusal: IllegalAction) -> None:
    """A play strict mode refuses, done at the table: a lead out of turn, a renonce, another suit
    than the one named. A card not in the hand, or a play outside the play, stays refused."""
    p, card = action.player, action.card
    table = state.table
    if refusal.code not in (Code.WRONG_TURN, Code.MUST_FOLLOW, Code.MUST_OVERTAKE, Code.MUST_TRUMP, Code.NAMED_SUIT) \
            or table is None:
        raise refusal
    dropped = table.dropped
    if refusal.code is Code.WRONG_TURN and dropped and dropped[0] != p and state.led < 0:
        # the opponent plays to a card the leader dropped: it counts as led (hu-nc.51)
        _set(state, dropped=None)
        _unrecorded(state, state._perform_play, act.PLAY[dropped[0]][dropped[1]], dropped[0], dropped[1])
        _event(state, EventKind.DROPPED_PLAYED, dropped[0], None, (dropped[1],))
        state.apply(action)
        return
    snapshot = state._values_now()
    if refusal.code is Code.WRONG_TURN:
        if state.led >= 0 or not state.hands >> (p << 5) + card & 1:
            raise refusal
        kind, cases = Irregularity.LEAD_OUT_OF_TURN, (Case.ANY,)
    elif refusal.code is Code.NAMED_SUIT:
        kind, cases = Irregularity.NAMED_SUIT, (Case.ANY,)
    else:
        kind, cases = Irregularity.RENONCE, ()
    found = ruling(state, kind, cases or (Case.BEFORE_NEXT_LEAD, Case.AFTER_NEXT_LEAD), role(state, p))
    fault = Fault(kind, p, (card,), snapshot, state.cards_played + 1)
    if kind is Irregularity.LEAD_OUT_OF_TURN:
        state.turn = p
    state._perform_play(action, p, card)
    if kind is Irregularity.RENONCE:
        _set(state, uncalled=state.table.uncalled + (fault,))
        state.log.append(Event(state.deal_number, EventKind.RENONCE, p, 0, refusal.rule, refusal.cites,
                               (card, refusal.message), state.score))
        return
    _event(state, EventKind.IRREGULARITY, p, found, (kind, found.case, (card,), None))
    _set(state, named=-1, dropped=None,            # the card led stands unless taken back (the snapshot)
         pending=Pending(fault, found, 1 - p, state.phase, state.turn))
    state.phase, state.turn = REMEDY, 1 - p


def lawful_play(state: State, action: act.Play) -> None:
    """A lawful play in table mode: a card the leader dropped stays his; a named suit is led."""
    table = state.table
    if state.led < 0 and (table.named >= 0 or table.dropped):
        _set(state, named=-1, dropped=None)
    state._perform_play(action, action.player, action.card)


def table_king(state: State, action: act.MarkKing) -> bool:
    """Table mode's part of marking the king; True if it has dealt with the action.

    The dealer marks a turned-up king himself, before he looks at his cards (hu-nc.26); a player
    barred by a penalty may not mark; a player who does not hold the king makes a false claim.
    """
    p = action.player
    table = state.table
    if p == state.dealer and state.turnup >= 0 and state.turnup & 7 == 0 and state.phase is not OVER:
        if not table.turnup_king_due:
            raise IllegalAction(Code.TOO_LATE, "the turned-up king is marked before the dealer looks at his cards",
                                "king.turned-up", state._c.cites["king.turned-up"])
        state._history.append(action)
        _set(state, turnup_king_due=False)
        state._mark(p, state._c.king_turned_up, "king.turned-up", "the king is turned up")
        return True
    code = king_refusal(state, p)
    if code:
        raise IllegalAction(code, f"{PLAYERS[p]} may not mark the king in this deal: a penalty")
    if state._king_refusal(p, False) is Code.NO_KING and (state.phase is not PLAY or state._king_window_open(p, False)):
        false_king(state, action)            # a false claim; once the window has closed it is too late
        return True
    return False


def accepted(state: State) -> None:
    """The dealer granted the proposal he had to grant."""
    _set(state, must_accept=False)


def must_accept_refusal(state: State) -> IllegalAction:
    """The refusal of a dealer who must grant this proposal (he turned a trump over, hu-nc.42)."""
    rule = next(f"table.{ruling_.kind}" for name, ruling_ in state.table.because if name == "must_accept")
    return IllegalAction(Code.MUST_ACCEPT, "the dealer turned a trump over in the exchange: he must grant"
                         " this proposal", rule, _because(state.table, "must_accept"))


def false_king(state: State, action: act.MarkKing) -> None:
    """A king marked by a player who does not hold it: the point is marked and the fault stands."""
    p = action.player
    ruling(state, Irregularity.FALSE_KING, (Case.AFTER_NEXT_LEAD,), role(state, p))   # the witness rules on it
    state._history.append(action)
    fault = Fault(Irregularity.FALSE_KING, p, (), None, state.cards_played)
    _set(state, uncalled=state.table.uncalled + (fault,))
    state.kings_marked |= 1 << p
    state._mark(p, state._c.king_held, "king.held", "the king of trumps is marked (he does not hold it)")


def call(state: State, action: act.Call | act.Correct) -> None:
    """A fault that stood is called by the opponent, or put right by its author."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, f"{action.verb} is table mode's")
    if state.phase is DEAL or state.phase is OVER or state.table is None:
        raise IllegalAction(Code.WRONG_PHASE, "faults are called while the deal is played")
    correcting = isinstance(action, act.Correct)
    faults = [f for f in state.table.uncalled
              if (f.offender == action.player if correcting else f.offender != action.player
                  and f.kind is action.kind)]
    if not faults:
        what = "nothing to correct" if correcting else f"no {action.kind} by {PLAYERS[1 - action.player]} stands"
        raise IllegalAction(Code.NO_CHOICE, what)
    fault = faults[0]
    after = _after_next_lead(state, fault)
    state._history.append(action)
    _set(state, uncalled=tuple(f for f in state.table.uncalled if f is not fault))
    if fault.kind is Irregularity.DEAL_OUT_OF_TURN and state.phase is TURNUP:
        cases = (Case.BEFORE_TURNUP,)
    elif fault.kind is Irregularity.DEAL_OUT_OF_TURN:
        cases = (Case.AFTER_SPEECH if state.proposals or state.phase is not SPEAK else Case.BEFORE_SPEECH,)
    else:
        cases = (Case.AFTER_NEXT_LEAD if after else Case.BEFORE_NEXT_LEAD,)
    judge(state, fault, cases, caller=action.player)


def _after_next_lead(state: State, fault: Fault) -> bool:
    """Whether the next card has been led since the fault (the second lead, for a false king)."""
    if fault.kind is Irregularity.FALSE_KING:
        return state.cards_played > 2
    return state.cards_played > fault.cards_played


def wrong_dealer(state: State) -> None:
    """A deal by the player whose turn it is not: let it go ahead if the witness rules on it."""
    ruling(state, Irregularity.DEAL_OUT_OF_TURN, (Case.BEFORE_SPEECH, Case.AFTER_SPEECH), Role.ANY)


def after_deal_started(state: State, wrong_dealer_: bool, batches_changed: bool) -> None:
    """Record the faults of the deal itself once it is dealt."""
    if wrong_dealer_:
        fault = Fault(Irregularity.DEAL_OUT_OF_TURN, state.dealer)
        _set(state, uncalled=(fault,))
        _event(state, EventKind.DEAL_OUT_OF_TURN, state.dealer, None, ())
    if batches_changed:
        judge(state, Fault(Irregularity.BATCHES_CHANGED, state.dealer), (Case.UNSEEN,))


def looks(state: State, player: int) -> None:
    """The player has looked at his cards (by `look`, or by any action of his in the deal)."""
    table = state.table
    if table is not None and not table.looked >> player & 1:
        _set(state, looked=table.looked | _bit(player))
        if table.turnup_king_due and player == state.dealer:
            _set(state, turnup_king_due=False)


def look(state: State, action: act.Look) -> None:
    """`A look`: the player looks at his cards; some rulings change once he has."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "looking at the cards is recorded in table mode only")
    if state.phase in (OVER, DEAL, DRAW):
        raise IllegalAction(Code.WRONG_PHASE, f"no cards to look at in phase {state.phase.value}")
    if state.phase is TURNUP:
        raise IllegalAction(Code.WRONG_PHASE, "the cards are looked at once the trump is turned up",
                            "deal.look", state._c.cites["deal.look"])
    state._history.append(action)
    state.log.append(Event(state.deal_number, EventKind.LOOK, action.player, 0, None, (), (), state.score))
    looks(state, action.player)


def name(state: State, action: act.Name) -> None:
    """The leader names the suit he will lead (de-scheicher.6.2's custom; binding in hu-nc.32)."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "naming the suit led is recorded in table mode only")
    if state.phase is not PLAY or state.turn != action.player or state.led >= 0:
        raise IllegalAction(Code.WRONG_PHASE, "the suit is named by the player to lead, as he leads")
    state._history.append(action)
    state.log.append(Event(state.deal_number, EventKind.NAMED, action.player, 0, None, (), (action.suit,), state.score))
    _set(state, named=action.suit)


def drawn(state: State, player: int, cards: tuple[int, ...]) -> None:
    """Cards given in the exchange: the receiver has not looked at them yet."""
    _set(state, drawn=(player, cards), looked=state.table.looked & ~_bit(player))


# ---- the score of a deal ---------------------------------------------------------------

def _because(table: TableDeal, flag: str) -> tuple[str, ...]:
    """The units of the rulings that set a penalty flag in this deal."""
    return tuple(dict.fromkeys(u for name, ruling_ in table.because if name == flag for u in ruling_.cites))


def trick_points(state: State, winner: int, points: int, rule: str,
                 why: str) -> tuple[int, str, str, tuple[str, ...] | None]:
    """The winner's points for his tricks after penalties (one less, nothing), for `_mark`."""
    table = state.table
    for flag, less, reason in (("forfeit", points, "marks nothing after his false king"),
                               ("less_one", 1, "one point less for his renonce")):
        if getattr(table, flag) >> winner & 1:
            cites = state._c.cites[rule] + _because(table, flag)
            return max(0, points - less), rule, f"{why}, {reason}", cites
    return points, rule, why, None


def after_score(state: State) -> None:
    """Points a remedy adds once the deal is scored (one more, at least one)."""
    table = state.table
    for p in (0, 1):
        if table.plus_one >> p & 1 and state.phase is not OVER:
            state._mark(p, 1, "table.false-king", "one point more: the opponent marked a king he did not hold",
                        _because(table, "plus_one"))


def trick_done(state: State) -> bool:
    """After a trick in table mode: whether the deal is over (hands empty, or one hand short)."""
    hands = state.hands
    mine, theirs = hands & FULL, hands >> 32
    if mine and theirs:
        return False
    if mine or theirs:        # a short hand loses the tricks it cannot play to (de-scheicher.12.9)
        p = 0 if mine else 1
        _event(state, EventKind.SHORT_HAND, p, None, (_give_rest(state, p, (mine or theirs).bit_count()),))
    return True


def _give_rest(state: State, p: int, rest: int) -> int:
    """`p` takes the `rest` tricks still to play; every card in the hands is out of play. Returns rest."""
    t = state.tricks
    state.tricks = (t[0] + rest, t[1]) if p == 0 else (t[0], t[1] + rest)
    state.played |= state.hands
    state.hands, state.led = 0, -1
    return rest


# ---- the effects of remedies -----------------------------------------------------------

def _keep(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The game goes on as it is."""
    pass


def _redeal(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The deal is void: the state before it comes back (the score too); the log and history stay,
    and the void deal keeps its number."""
    number = state.deal_number
    _, snapshot, _ = state._checkpoints[-1]
    state._restore_values(snapshot)
    state.tricks, state.deal_points = (0, 0), (0, 0)      # the void deal took and marked nothing
    state.deal_number = number


def _void_game(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The game is void, its earlier deals too: the state it began with comes back."""
    _, snapshot, _ = state._checkpoints[0]
    state._restore_values(snapshot)


def _redeal_pass(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The deal is void and passes to the other player."""
    dealer = state.dealer
    _redeal(state, fault, ruling_)
    state.dealer = 1 - dealer


def _take_back(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The state before the faulty card comes back (its log stays)."""
    state._restore_values(fault.snapshot)


def _replay(state: State, fault: Fault, ruling_: Ruling) -> None:
    """All cards played go back to the hands and the play starts again (a renonce's remedy)."""
    state.hands |= state.played
    state.played = 0
    state.tricks = (0, 0)
    state.led, state.cards_played, state.turn = -1, 0, 1 - state.dealer
    _set(state, uncalled=tuple(f for f in state.table.uncalled if f.kind is not Irregularity.RENONCE))


def _no_king(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The offender may not mark the king in this deal; a point he has marked for it comes off."""
    _unmark_king(state, fault, ruling_)
    _flag("no_king", wronged=False)(state, fault, ruling_)


def _flag(field: str, wronged: bool) -> Callable[[State, Fault, Ruling], None]:
    """An effect that sets a penalty flag for the offender (or the wronged player), with its units."""
    def effect(state: State, fault: Fault, ruling_: Ruling) -> None:
        player = 1 - fault.offender if wronged else fault.offender
        _set(state, **{field: getattr(state.table, field) | _bit(player)},
             because=state.table.because + ((field, ruling_),))
    return effect


def _mark(points: int) -> Callable[[State, Fault, Ruling], None]:
    """An effect that marks points for the wronged player, citing the ruling."""
    def effect(state: State, fault: Fault, ruling_: Ruling) -> None:
        state._mark(1 - fault.offender, points, f"table.{ruling_.kind}", f"{fault.kind} by"
                    f" {PLAYERS[fault.offender]}", ruling_.cites)
    return effect


def _forfeit(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The offender loses the king's point and marks nothing more in this deal."""
    _unmark_king(state, fault, ruling_)
    _flag("forfeit", wronged=False)(state, fault, ruling_)


def _unmark_king(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The point marked for a king the player did not hold is taken off."""
    p = fault.offender
    if state.kings_marked >> p & 1:
        state.kings_marked &= ~(1 << p)
        state._mark(p, -state._c.king_held, f"table.{ruling_.kind}", "the false king's point is taken off",
                    ruling_.cites)


def _return_extra(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The card too many goes back on top of the talon."""
    (card,) = fault.cards
    holder = _holder(state, card)
    state.hands &= ~(BIT[card] << (holder << 5))
    state.talon = state.talon[:state.talon_pos] + (card,) + state.talon[state.talon_pos:]


def _put_away(state: State, card: int) -> int:
    """Take a card out of the hand that holds it, out of play; returns who held it."""
    holder = _holder(state, card)
    state.hands &= ~(BIT[card] << (holder << 5))
    return holder


def _set_aside_extra(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The card too many is put out of play."""
    _put_away(state, fault.cards[0])


def _take_missing(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The short hand takes the top card of the talon (the card it lacked was put back there)."""
    counts = ((state.hands & FULL).bit_count() + (state.played & FULL).bit_count(),
              (state.hands >> 32).bit_count() + (state.played >> 32).bit_count())
    holder = 0 if counts[0] < counts[1] else 1
    top = state.talon[state.talon_pos]
    state.talon_pos += 1
    state.hands |= BIT[top] << (holder << 5)


def _correct_count(state: State, fault: Fault, ruling_: Ruling) -> None:
    """A card too many is put away, a card lacking taken from the talon."""
    (_set_aside_extra if fault.extra else _take_missing)(state, fault, ruling_)


def _two_in_all(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The wronged player's points for the deal are made up to two."""
    wronged = 1 - fault.offender
    short = 2 - state.deal_points[wronged]
    if short > 0 and state.phase is not OVER:
        state._mark(wronged, short, f"table.{ruling_.kind}", "two points in all", ruling_.cites)


def _replace_card(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The exposed card is put out of play and its receiver takes the next card of the talon."""
    holder = _put_away(state, fault.cards[0])
    if state.talon_pos < len(state.talon):
        state.hands |= BIT[state.talon[state.talon_pos]] << (holder << 5)
        state.talon_pos += 1


def _seen_to_bottom(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The cards turned up by mistake go to the bottom of the talon, in order."""
    seen = fault.cards
    rest = tuple(c for c in state.talon[state.talon_pos:] if c not in seen)
    state.talon = state.talon[:state.talon_pos] + rest + seen


def _set_aside_seen(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The cards turned up by mistake are put out of play."""
    seen = fault.cards
    state.talon = state.talon[:state.talon_pos] + tuple(c for c in state.talon[state.talon_pos:] if c not in seen)


def _must_accept(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The dealer must grant the next proposal."""
    _set(state, must_accept=True, because=state.table.because + (("must_accept", ruling_),))


def _no_more_tricks(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The thrower's cards take no more tricks: the opponent takes every trick still to play."""
    _give_rest(state, 1 - fault.offender, 5 - sum(state.tricks))
    state.cards_played = 10
    state._score_deal()


def _lose_game(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The offender loses the game as it stands, counted by the lot when lot scoring is agreed."""
    winner = 1 - fault.offender
    c = state._c
    lot = c.lot_table[state.score[fault.offender]] if c.lot_scoring else 1
    state.phase, state.winner, state.lot = OVER, winner, lot
    _event(state, EventKind.GAME, winner, ruling_, (lot,))


def _not_played(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The dropped card stays in the hand; it counts as led if the opponent plays to it."""
    _set(state, dropped=(fault.offender, fault.cards[0]))


def _played(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The dropped card is played (a renonce if it breaks the duty); it is part of the `drop` action,
    so the play is not recorded in the history a second time."""
    p, card = fault.offender, fault.cards[0]
    _unrecorded(state, state._play, act.PLAY[p][card])


_EFFECTS = {
    Effect.KEEP: _keep,
    Effect.REDEAL: _redeal,
    Effect.REDEAL_PASS: _redeal_pass,
    Effect.VOID_GAME: _void_game,
    Effect.REDEAL_RIGHT: _redeal,          # the checkpoint before the deal names the right dealer
    Effect.TAKE_BACK: _take_back,
    Effect.LEAD_NAMED: _take_back,         # the named suit stays named in the state taken back
    Effect.REPLAY: _replay,
    Effect.LESS_ONE: _flag("less_one", wronged=False),
    Effect.OPEN_HAND: _flag("open_hands", wronged=False),
    Effect.NO_KING: _no_king,
    Effect.PLUS_ONE: _flag("plus_one", wronged=True),
    Effect.MARK_ONE: _mark(1),
    Effect.TWO_IN_ALL: _two_in_all,
    Effect.CORRECT_COUNT: _correct_count,
    Effect.REPLACE_CARD: _replace_card,
    Effect.FORFEIT_DEAL: _forfeit,
    Effect.UNMARK_KING: _unmark_king,
    Effect.RETURN_EXTRA: _return_extra,
    Effect.SET_ASIDE_EXTRA: _set_aside_extra,
    Effect.DRAW_OUT_EXTRA: _set_aside_extra,
    Effect.TAKE_MISSING: _take_missing,
    Effect.PLAY_SHORT: _keep,              # the play goes on; `trick_done` gives away the tricks it cannot follow
    Effect.RESTORE_ORDER: _keep,
    Effect.SEEN_TO_BOTTOM: _seen_to_bottom,
    Effect.SET_ASIDE_SEEN: _set_aside_seen,
    Effect.MUST_ACCEPT: _must_accept,
    Effect.NO_MORE_TRICKS: _no_more_tricks,
    Effect.LOSE_GAME: _lose_game,
    Effect.NOT_PLAYED: _not_played,
    Effect.PLAYED: _played,
    Effect.RETURN_TRICK: _return_trick,
    Effect.HIGHEST_COUNTS: _keep,          # applied as the draw is read (`drawn_several`)
}


# ---- what table mode adds to the state's checks ----------------------------------------

def choices(state: State) -> tuple[act.Choose, ...]:
    """The legal actions while a remedy waits: the options of the chooser."""
    pending = state.table.pending
    return tuple(act.Choose(pending.chooser, o.choice) for o in pending.ruling.options)


def king_refusal(state: State, p: int) -> Code | None:
    """Table mode's own refusal of a king's mark: `forfeited` when a penalty bars him."""
    table = state.table
    if table is not None and (table.no_king >> p & 1 or table.forfeit >> p & 1):
        return Code.FORFEITED
    return None


def forfeited(state: State, p: int) -> bool:
    """Whether `p` marks nothing more in this deal (a false king called late)."""
    return bool(state.table.forfeit >> p & 1)


def open_cards(state: State, player: int) -> tuple[int, ...] | None:
    """The opponent's cards if he plays with them face up."""
    table = state.table
    other = 1 - player
    if table is None or not table.open_hands >> other & 1:
        return None
    return cards_of(state.hands >> (other << 5) & FULL)


HANDLERS = {
    act.Irregular: irregular,
    act.Choose: choose,
    act.Call: call,
    act.Correct: call,
    act.Look: look,
    act.TurnUp: turn_up,
    act.Name: name,
}
