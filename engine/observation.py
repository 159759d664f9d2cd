"""What one player sees of a game (`State.observation`): what a policy may decide by."""
from __future__ import annotations

from dataclasses import dataclass

from .phase import Phase


@dataclass(frozen=True)
class Observation:
    """What one player sees: his own cards, the table, the score, never the other hand or the talon."""

    player: int
    phase: Phase
    to_move: int | None
    dealer: int
    deal: int
    hand: tuple[int, ...]
    turnup: int | None
    talon_left: int
    trick: int | None
    tricks: tuple[int, int]
    score: tuple[int, int]
    deal_points: tuple[int, int]
    own_discards: tuple[int, ...]
    kings_marked: tuple[bool, bool]
    open_cards: tuple[int, ...] | None = None    # the opponent's cards, when he must play them face up
