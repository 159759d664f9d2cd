"""The irregularities done at the table as verbs of their own (`B expose KH`, `A drop 7S`…): each
checked as something that could have happened, recorded, and judged (engine/judging.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .cards import BIT, FULL, card_name, names
from .errors import Code, IllegalAction
from .events import Event, EventKind
from .irregularities import Case, Effect, Irregularity, Role
from .judging import judge, role, ruling
from .phase import DEAL, OVER, PLAY, SPEAK, TURNUP
from .remedies import apply_option
from .table import Fault, holder_of, is_table, ruling_event, update

if TYPE_CHECKING:
    from .state import State


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
    elif fresh and holder_of(state, card) >= 0:
        cases = (Case.DEALER_CARD if holder_of(state, card) == state.dealer else Case.ELDER_CARD,)
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
    update(state, uncalled=state.table.uncalled + (Fault(action.kind, p, (), None, state.cards_played),))
    state.log.append(Event(state.deal_number, EventKind.TRICK_TAKEN, p, 0, None, (), (last.detail[0],), state.score))


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
    ruling_event(state, EventKind.IRREGULARITY, action.player, found, (action.kind, found.case, (), None))
    apply_option(state, fault, found, found.options[0])


_IRREGULAR = {
    Irregularity.FACED: _seen_card, Irregularity.EXPOSED: _seen_card,
    Irregularity.EXTRA: _wrong_count, Irregularity.SHORT: _wrong_count,
    Irregularity.TURNED_UP: _turned_up,
    Irregularity.DISCARDS_TOUCHED: _open_play_fault, Irregularity.DISCARDS_MIXED: _open_play_fault,
    Irregularity.TRICKS_LOOKED: _open_play_fault, Irregularity.DROPPED: _dropped,
    Irregularity.THROWN: _thrown, Irregularity.TRICK_TAKEN: _trick_taken,
    Irregularity.LEFT: _whole_game, Irregularity.FALSE_PACK: _whole_game,
    Irregularity.FRESH_PACK: _whole_game, Irregularity.RESHUFFLE: _whole_game,
    Irregularity.INCOMPLETE_PACK: _whole_game,
}
