"""The event log: everything that happened in a game, each with the rule and units that justify it.

An explanation is the log read aloud: `explain(events, ruleset)` turns each event into one line
ending with its citations (and, where the witness is silent, the ruleset it inherits from).
"""
from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from .actions import PLAYERS
from .cards import SUIT_NAMES, card_name, names
from .duty import answer
from .irregularities import DESCRIPTION, Case, Effect, Irregularity
from .ruleset import Ruleset


class EventKind(str, Enum):
    """What an event records (the kinds `explain` reads aloud)."""

    DRAW = "draw"
    DEAL = "deal"
    STAND = "stand"
    PROPOSE = "propose"
    ACCEPT = "accept"
    REFUSE = "refuse"
    DISCARD = "discard"
    EXCHANGE_ENDS = "exchange-ends"
    KING_ANNOUNCED = "king-announced"
    TRICK = "trick"
    POINTS = "points"
    CAPPED = "capped"
    GAME = "game"
    IRREGULARITY = "irregularity"
    REMEDY = "remedy"
    RENONCE = "renonce"
    DEAL_OUT_OF_TURN = "deal-out-of-turn"
    LOOK = "look"
    NAMED = "named"
    DROPPED_PLAYED = "dropped-played"
    SHORT_HAND = "short-hand"
    TRICK_TAKEN = "trick-taken"
    TURNED = "turned"

    def __str__(self) -> str:
        return self.value


class Event(NamedTuple):
    """Something that happened: its kind, who, the points it marked, and why (rule, units)."""

    deal: int
    kind: EventKind
    player: int | None
    points: int
    rule: str | None
    cites: tuple[str, ...]
    detail: tuple = ()
    score: tuple[int, int] = (0, 0)


def _draw(e: Event) -> str:
    a, b = e.detail
    if e.player is None:
        return f"A draws {card_name(a)}, B draws {card_name(b)}: equal cards, they draw again"
    return f"A draws {card_name(a)}, B draws {card_name(b)}: {PLAYERS[e.player]} deals first"


def _deal(e: Event) -> str:
    batches, turnup = e.detail
    how = f"in batches {batches}" if batches else "as arranged"
    if turnup is None:                     # table mode: the dealer turns it up with `turn`
        return f"deal {e.deal}: {PLAYERS[e.player]} deals {how}; the eleventh card is not yet turned up"
    return (f"deal {e.deal}: {PLAYERS[e.player]} deals {how}; {card_name(turnup)} is turned up,"
            f" {SUIT_NAMES[turnup >> 3]} are trumps")


def _stand(e: Event) -> str:
    (first,) = e.detail
    return f"{PLAYERS[e.player]} plays " + ("without proposing (d'autorité)" if first
                                            else "without proposing again")


def _refuse(e: Event) -> str:
    (first,) = e.detail
    return f"{PLAYERS[e.player]} refuses the {'first ' if first else ''}proposal; the play begins"


def _discard(e: Event) -> str:
    discarded, drawn, taken_back = e.detail
    text = f"{PLAYERS[e.player]} discards {len(discarded)} and draws {drawn}"
    if taken_back:
        text += f", taking back {names(taken_back)}: the talon is short"
    return text


def _exchange_ends(e: Event) -> str:
    (why,) = e.detail
    return {"talon": "the talon is used up: the play begins",
            "stood-pat": "the dealer took no cards: the play begins"}[why]


def _trick(e: Event) -> str:
    number, led, played, _ = e.detail
    return f"trick {number}: {card_name(led)} led, {card_name(played)} played; {PLAYERS[e.player]} takes it"




def _points(e: Event) -> str:
    awarded, why = e.detail
    player = PLAYERS[e.player]
    if e.points < 0:
        return f"{player}'s {-e.points} point{'s' if e.points != -1 else ''} come{'s' if e.points == -1 else ''} off: {why}"
    marks = f"{e.points} point{'s' if e.points != 1 else ''}"
    if awarded != e.points:
        marks += f" of {awarded}"
    return f"{player} marks {marks}: {why}"


def _game(e: Event) -> str:
    (lot,) = e.detail
    a, b = e.score
    text = f"{PLAYERS[e.player]} wins the game {max(a, b)}:{min(a, b)}"
    return text + (f", counting {lot}" if lot != 1 or e.rule == "game.lot" else "")


_EFFECT_TEXT = {
    Effect.KEEP: "the game goes on as it is",
    Effect.REDEAL: "the deal is void and the same dealer deals again",
    Effect.REDEAL_PASS: "the deal is void and the dealer loses the deal",
    Effect.REDEAL_RIGHT: "the deal is void and the player whose turn it was deals",
    Effect.VOID_GAME: "the game is void, its earlier deals too: it begins again",
    Effect.TAKE_BACK: "the card goes back to the hand, as if it had not been played",
    Effect.LEAD_NAMED: "the card goes back and the suit named must be led",
    Effect.REPLAY: "every card played goes back to the hands and the deal is played again",
    Effect.LESS_ONE: "the offender marks one point less for his tricks",
    Effect.OPEN_HAND: "the offender plays on with his cards face up",
    Effect.NO_KING: "the offender may not mark the king in this deal",
    Effect.MARK_ONE: "the opponent marks a point",
    Effect.TWO_IN_ALL: "the opponent marks two points in all for the deal",
    Effect.PLUS_ONE: "the opponent marks a point more after the deal (at least one)",
    Effect.FORFEIT_DEAL: "the offender loses the king's point and marks nothing in this deal",
    Effect.CORRECT_COUNT: "the count is put right: a card too many is put away, a card lacking taken from the talon",
    Effect.RETURN_EXTRA: "the card too many goes back on the talon",
    Effect.SET_ASIDE_EXTRA: "the holder puts the card too many away",
    Effect.DRAW_OUT_EXTRA: "the opponent draws the card too many out of the hand",
    Effect.TAKE_MISSING: "the short hand takes the top card of the talon",
    Effect.PLAY_SHORT: "the play goes on; the short hand loses the tricks it cannot play to",
    Effect.RESTORE_ORDER: "the cards go back on the talon in their order",
    Effect.SEEN_TO_BOTTOM: "the cards seen go to the bottom of the talon",
    Effect.SET_ASIDE_SEEN: "the cards seen are put out of play",
    Effect.REPLACE_CARD: "the card is put out of play and replaced from the talon",
    Effect.MUST_ACCEPT: "the dealer must grant the next proposal",
    Effect.NO_MORE_TRICKS: "the thrown cards take no trick: the opponent takes the rest",
    Effect.LOSE_GAME: "the offender loses the game",
    Effect.UNMARK_KING: "the king's point comes off",
    Effect.NOT_PLAYED: "the card is not played, unless the opponent plays to it",
    Effect.PLAYED: "the card counts as played",
    Effect.RETURN_TRICK: "the trick goes back to the player who won it",
    Effect.HIGHEST_COUNTS: "the highest card drawn counts",
}


_CASE_TEXT = {
    Case.TURNUP: "the turn-up", Case.DEALER_CARD: "one of the dealer's cards",
    Case.ELDER_CARD: "one of the elder's cards", Case.DRAWN_DEALER: "a card the dealer takes in the exchange",
    Case.DRAWN_ELDER: "a card given to the elder in the exchange", Case.DRAWN_TRUMP: "a trump, in the exchange",
    Case.UNSEEN: "before the cards are looked at", Case.SEEN: "after the cards are looked at",
    Case.DRAWN_UNSEEN: "before the cards drawn are looked at", Case.DRAWN_SEEN: "after the cards drawn are looked at",
    Case.DEALER_UNSEEN: "before the dealer has seen the cards he took",
    Case.IN_PLAY: "after the first card is led", Case.BEFORE_TURNUP: "before the trump is turned up",
    Case.BEFORE_SPEECH: "before any proposal or play",
    Case.AFTER_SPEECH: "after a proposal or a play", Case.BEFORE_NEXT_LEAD: "before the next card is led",
    Case.AFTER_NEXT_LEAD: "after the next card is led", Case.LEADING: "by the player to lead",
    Case.FOLLOWING: "onto the card led", Case.SHOWN: "kept apart", Case.MIXED: "mixed beyond sorting out",
}


_REPORTED = (Irregularity.FALSE_PACK, Irregularity.INCOMPLETE_PACK, Irregularity.FRESH_PACK,
             Irregularity.RESHUFFLE)
"""Irregularities nobody at the table commits: the player named is the one who reports them."""


def _irregularity(e: Event) -> str:
    kind, case, cards, caller = e.detail
    what = f"{DESCRIPTION[kind]}" + (f" ({names(cards)})" if cards else "")
    when = f", {_CASE_TEXT[case]}" if case is not Case.ANY else ""
    if kind in _REPORTED:
        return f"{what}, reported by {PLAYERS[e.player]}"
    if caller == e.player:
        return f"{PLAYERS[caller]} corrects his own fault: {what}{when}"
    if caller is not None:
        return f"{PLAYERS[caller]} calls {PLAYERS[e.player]}'s fault: {what}{when}"
    return f"{what}, {PLAYERS[e.player]}'s fault{when}"


def _remedy(e: Event) -> str:
    choice, effects = e.detail
    who = f"{PLAYERS[e.player]} chooses {choice}: " if choice else "ruling: "
    return who + "; ".join(_EFFECT_TEXT[x] for x in effects)


def _renonce(e: Event) -> str:
    card, why = e.detail
    return (f"{PLAYERS[e.player]} plays {card_name(card)} against the duty of play ({why}): a renonce,"
            " which stands until it is called")


_TEXT = {
    EventKind.IRREGULARITY: _irregularity,
    EventKind.REMEDY: _remedy,
    EventKind.RENONCE: _renonce,
    EventKind.DEAL_OUT_OF_TURN: lambda e: f"{PLAYERS[e.player]} deals out of turn; the deal stands until it is called",
    EventKind.TRICK_TAKEN: lambda e: f"{PLAYERS[e.player]} takes trick {e.detail[0]}, which"
                             f" {PLAYERS[1 - e.player]} won; it counts as his until it is called",
    EventKind.TURNED: lambda e: f"{PLAYERS[e.player]} turns up {card_name(e.detail[0])}:"
                                f" {SUIT_NAMES[e.detail[0] >> 3]} are trumps",
    EventKind.LOOK: lambda e: f"{PLAYERS[e.player]} looks at his cards",
    EventKind.NAMED: lambda e: f"{PLAYERS[e.player]} names {SUIT_NAMES[e.detail[0]]}",
    EventKind.DROPPED_PLAYED: lambda e: f"{card_name(e.detail[0])}, dropped by {PLAYERS[e.player]}, counts as led:"
                                " the opponent played to it",
    EventKind.SHORT_HAND: lambda e: f"{PLAYERS[1 - e.player]} has no card left: {PLAYERS[e.player]} takes the"
                            f" {e.detail[0]} trick(s) still to play",
    EventKind.DRAW: _draw,
    EventKind.DEAL: _deal,
    EventKind.STAND: _stand,
    EventKind.PROPOSE: lambda e: f"{PLAYERS[e.player]} proposes",
    EventKind.ACCEPT: lambda e: f"{PLAYERS[e.player]} accepts the proposal",
    EventKind.REFUSE: _refuse,
    EventKind.DISCARD: _discard,
    EventKind.EXCHANGE_ENDS: _exchange_ends,
    EventKind.KING_ANNOUNCED: lambda e: f"{PLAYERS[e.player]} announces the king of trumps",
    EventKind.TRICK: _trick,
    EventKind.POINTS: _points,
    EventKind.CAPPED: lambda e: f"{PLAYERS[e.player]} may mark no more in this deal ({e.detail[0]} lost)",
    EventKind.GAME: _game,
}


def describe(event: Event) -> str:
    """What an event says, without its citations."""
    return _TEXT[event.kind](event)


def explain(events: Iterable[Event], ruleset: Ruleset) -> list[str]:
    """The events read aloud, one line each, with their citations and the score after points."""
    lines = []
    for event in events:
        line = describe(event)
        if event.points:
            line += f" [A {event.score[0]}, B {event.score[1]}]"
        if event.kind is EventKind.TRICK:      # the follower's card and the duty it answers to
            _, led, played, trump = event.detail
            rule, how = answer(led, played, trump)
            line += f" ({card_name(played)} {how} — {rule}: {ruleset.describe(rule)})"
        if event.rule and event.rule.startswith("table."):      # a ruling of table mode: its own units
            line += f" — {event.rule}: {', '.join(event.cites)}"
        elif event.rule:
            line += f" — {event.rule}: {ruleset.describe(event.rule)}"
            extra = [c for c in event.cites if c not in ruleset.cites(event.rule)]
            if extra:            # a penalty of table mode that changed the points: its ruling's units
                line += "; " + ", ".join(extra)
        lines.append(line)
    return lines
