"""What the players agree beyond the ruleset: the options a game is played with."""
from __future__ import annotations

from dataclasses import dataclass

from .irregularities import Mode


@dataclass(frozen=True)
class Options:
    """What the players agreed beyond the ruleset (CONTRACT.md §4 `[options]`)."""

    lot_scoring: bool = False
    max_points_per_deal: int | None = None
    mode: Mode = Mode.STRICT          # table mode records irregularities and applies remedies (engine/table.py)
    deal_stays: bool = False          # the dealer deals every deal: a chouette's banker (engine/formats)
