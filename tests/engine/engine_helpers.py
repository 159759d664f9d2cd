"""Helpers for the engine tests: deals set out by hand in the scenarios' card notation."""
from __future__ import annotations

import pytest

from engine import Arrange, Options, State, parse_action, parse_card
from engine.cards import PACK
from engine.errors import Code


def cards(text: str) -> tuple[int, ...]:
    """Cards from their short names, space-separated."""
    return tuple(parse_card(c) for c in text.split())


def arranged(ruleset: str, a: str, b: str, turnup: str, talon: str = "", *, dealer: str = "B",
             score: tuple[int, int] = (0, 0), options: Options = Options()) -> State:
    """A state whose deal is set out by hand; the talon is completed in pack order."""
    state = State(ruleset, dealer="AB".index(dealer), score=score, options=options)
    named = cards(a) + cards(b) + cards(turnup) + cards(talon)
    rest = tuple(c for c in PACK if c not in named)
    state.apply(Arrange(state.dealer, (cards(a), cards(b)), parse_card(turnup), cards(talon) + rest))
    return state


def act(state: State, *lines: str) -> None:
    """Apply actions written as in the scenarios (`A play KH`)."""
    for line in lines:
        state.apply(parse_action(line))


def refused(state: State, line: str) -> Code:
    """The code refusing an action, checking that the state is unchanged."""
    from engine import IllegalAction
    before = state.fingerprint()
    with pytest.raises(IllegalAction) as caught:
        state.apply(parse_action(line))
    assert state.fingerprint() == before
    return caught.value.code
