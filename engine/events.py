"""The event log: everything that happened in a game, each with the rule and units that justify it.

An explanation is the log read aloud: `explain(events, ruleset)` turns each event into one line
ending with its citations (and, where the witness is silent, the ruleset it inherits from).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .actions import PLAYERS
from .cards import SUIT_NAMES, card_name, names
from .ruleset import Ruleset


class Event(NamedTuple):
    """Something that happened: its kind, who, the points it marked, and why (rule, units)."""

    deal: int
    kind: str
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
    number, led, played = e.detail
    return f"trick {number}: {card_name(led)} led, {card_name(played)} played; {PLAYERS[e.player]} takes it"


def _points(e: Event) -> str:
    awarded, why = e.detail
    player = PLAYERS[e.player]
    marks = f"{e.points} point{'s' if e.points != 1 else ''}"
    if awarded != e.points:
        marks += f" of {awarded}"
    return f"{player} marks {marks}: {why}"


def _game(e: Event) -> str:
    (lot,) = e.detail
    a, b = e.score
    text = f"{PLAYERS[e.player]} wins the game {max(a, b)}:{min(a, b)}"
    return text + (f", counting {lot}" if lot != 1 or e.rule == "game.lot" else "")


_TEXT = {
    "draw": _draw,
    "deal": _deal,
    "stand": _stand,
    "propose": lambda e: f"{PLAYERS[e.player]} proposes",
    "accept": lambda e: f"{PLAYERS[e.player]} accepts the proposal",
    "refuse": _refuse,
    "discard": _discard,
    "exchange-ends": _exchange_ends,
    "king-announced": lambda e: f"{PLAYERS[e.player]} announces the king of trumps",
    "trick": _trick,
    "points": _points,
    "capped": lambda e: f"{PLAYERS[e.player]} may mark no more in this deal ({e.detail[0]} lost)",
    "game": _game,
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
        if event.rule:
            line += f" — {event.rule}: {ruleset.describe(event.rule)}"
        lines.append(line)
    return lines
