"""Where a game stands: what kind of action comes next (shared by the state and table mode)."""
from __future__ import annotations

from enum import Enum


class Phase(str, Enum):
    """Where a game stands: what kind of action comes next."""

    DRAW = "draw"
    DEAL = "deal"
    TURNUP = "turn-up"    # table mode: the hands are dealt, the eleventh card not yet turned up
    SPEAK = "speak"
    ANSWER = "answer"
    DISCARD = "discard"
    PLAY = "play"
    REMEDY = "remedy"     # table mode: the wronged player chooses a remedy before the game goes on
    OVER = "over"

    def __str__(self) -> str:
        return self.value


DRAW, DEAL, TURNUP, SPEAK, ANSWER, DISCARD, PLAY, REMEDY, OVER = Phase
IN_DEAL = (SPEAK, ANSWER, DISCARD, PLAY)
