"""The remedies of table mode: the effects of the option a ruling applies or its wronged player
chooses (engine/irregularities.py `Effect`), each performed on the state and logged with the
ruling's units."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .cards import BIT, FULL
from .events import EventKind
from .irregularities import Effect, Irregularity, Option, Ruling
from .phase import OVER
from .table import Fault, give_rest, holder_of, player_bit, ruling_event, unrecorded, update

if TYPE_CHECKING:
    from .state import State


def apply_option(state: State, fault: Fault, ruling_: Ruling, option: Option) -> None:
    """Perform a remedy's effects in order, logging each with the ruling's units."""
    ruling_event(state, EventKind.REMEDY, 1 - fault.offender, ruling_, (option.choice, option.effects))
    for effect in option.effects:
        _EFFECTS[effect](state, fault, ruling_)


# ---- the effects ---------------------------------------------------------------------------

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
    update(state, uncalled=tuple(f for f in state.table.uncalled if f.kind is not Irregularity.RENONCE))


def _no_king(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The offender may not mark the king in this deal; a point he has marked for it comes off."""
    _unmark_king(state, fault, ruling_)
    _flag("no_king", wronged=False)(state, fault, ruling_)


def _flag(field: str, wronged: bool) -> Callable[[State, Fault, Ruling], None]:
    """An effect that sets a penalty flag for the offender (or the wronged player), with its units."""
    def effect(state: State, fault: Fault, ruling_: Ruling) -> None:
        player = 1 - fault.offender if wronged else fault.offender
        update(state, **{field: getattr(state.table, field) | player_bit(player)},
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
    holder = holder_of(state, card)
    state.hands &= ~(BIT[card] << (holder << 5))
    state.talon = state.talon[:state.talon_pos] + (card,) + state.talon[state.talon_pos:]


def _put_away(state: State, card: int) -> int:
    """Take a card out of the hand that holds it, out of play; returns who held it."""
    holder = holder_of(state, card)
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
    update(state, must_accept=True, because=state.table.because + (("must_accept", ruling_),))


def _no_more_tricks(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The thrower's cards take no more tricks: the opponent takes every trick still to play."""
    give_rest(state, 1 - fault.offender, 5 - sum(state.tricks))
    state.cards_played = 10
    state._score_deal()


def _lose_game(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The offender loses the game as it stands, counted by the lot when lot scoring is agreed."""
    winner = 1 - fault.offender
    c = state._c
    lot = c.lot_table[state.score[fault.offender]] if c.lot_scoring else 1
    state.phase, state.winner, state.lot = OVER, winner, lot
    ruling_event(state, EventKind.GAME, winner, ruling_, (lot,))


def _not_played(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The dropped card stays in the hand; it counts as led if the opponent plays to it."""
    update(state, dropped=(fault.offender, fault.cards[0]))


def _played(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The dropped card is played (a renonce if it breaks the duty); it is part of the `drop` action,
    so the play is not recorded in the history a second time."""
    p, card = fault.offender, fault.cards[0]
    unrecorded(state, state._play, act.PLAY[p][card])


def _return_trick(state: State, fault: Fault, ruling_: Ruling) -> None:
    """The trick taken wrongly goes back to the player who won it."""
    p = fault.offender
    t = state.tricks
    state.tricks = (t[0] - 1, t[1] + 1) if p == 0 else (t[0] + 1, t[1] - 1)


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
