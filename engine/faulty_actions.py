"""Ordinary actions done wrongly at the table: a play strict mode refuses (a lead out of turn, a
renonce, another suit than the one named), a false king, a deal out of turn or in other batches,
and the call of a fault that stood until someone noticed it."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .errors import Code, IllegalAction
from .events import Event, EventKind
from .irregularities import Case, Irregularity, Role
from .judging import judge, role, ruling
from .phase import DEAL, OVER, PLAY, REMEDY, SPEAK, TURNUP
from .table import Fault, Pending, is_table, king_refusal, ruling_event, unrecorded, update

if TYPE_CHECKING:
    from .state import State


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
        update(state, dropped=None)
        unrecorded(state, state._perform_play, act.PLAY[dropped[0]][dropped[1]], dropped[0], dropped[1])
        ruling_event(state, EventKind.DROPPED_PLAYED, dropped[0], None, (dropped[1],))
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
        update(state, uncalled=state.table.uncalled + (fault,))
        state.log.append(Event(state.deal_number, EventKind.RENONCE, p, 0, refusal.rule, refusal.cites,
                               (card, refusal.message), state.score))
        return
    ruling_event(state, EventKind.IRREGULARITY, p, found, (kind, found.case, (card,), None))
    update(state, named=-1, dropped=None,            # the card led stands unless taken back (the snapshot)
         pending=Pending(fault, found, 1 - p, state.phase, state.turn))
    state.phase, state.turn = REMEDY, 1 - p


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
        update(state, turnup_king_due=False)
        state._mark(p, state._c.king_turned_up, "king.turned-up", "the king is turned up")
        return True
    code = king_refusal(state, p)
    if code:
        raise IllegalAction(code, f"{PLAYERS[p]} may not mark the king in this deal: a penalty")
    if state._king_refusal(p, False) is Code.NO_KING and (state.phase is not PLAY or state._king_window_open(p, False)):
        false_king(state, action)            # a false claim; once the window has closed it is too late
        return True
    return False


def false_king(state: State, action: act.MarkKing) -> None:
    """A king marked by a player who does not hold it: the point is marked and the fault stands."""
    p = action.player
    ruling(state, Irregularity.FALSE_KING, (Case.AFTER_NEXT_LEAD,), role(state, p))   # the witness rules on it
    state._history.append(action)
    fault = Fault(Irregularity.FALSE_KING, p, (), None, state.cards_played)
    update(state, uncalled=state.table.uncalled + (fault,))
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
    update(state, uncalled=tuple(f for f in state.table.uncalled if f is not fault))
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
        update(state, uncalled=(fault,))
        ruling_event(state, EventKind.DEAL_OUT_OF_TURN, state.dealer, None, ())
    if batches_changed:
        judge(state, Fault(Irregularity.BATCHES_CHANGED, state.dealer), (Case.UNSEEN,))
