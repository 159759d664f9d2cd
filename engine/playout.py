"""Random complete deals from the compiled core (engine/playout_compiled.py): its rules packed, its runs, its trace.

The rules reach the core as one int array packed from the state's own reading of a ruleset
(`engine.game_config`), so the two engines cannot read a parameter differently; a value or
option the core does not implement is refused with a ValueError, never ignored.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import playout_compiled as core
from .ruleset import Ruleset, load
from .game_config import game_config
from .options import Options


def packed_rules(ruleset: Ruleset, options: Options = Options()) -> np.ndarray:
    """The core's rules (`playout_compiled.TARGET`…) from `State`'s reading of a ruleset and options."""
    c = game_config(ruleset, options)
    if c.table:
        raise ValueError("the compiled playouts play strict mode only, not table mode")
    if c.lot_scoring:
        raise ValueError("the compiled playouts do not score games by the lot (lot_scoring)")
    if c.min_cut > 16:
        raise ValueError(f"{ruleset.siglum}: min_cut {c.min_cut} leaves no legal cut of 32 cards")
    if c.elder_discards[0] < 1:
        raise ValueError(f"{ruleset.siglum}: elder_discards from 0: the compiled playouts bound a deal's"
                         " exchanges by the talon, each taking at least one card")
    if c.dealer_refused_beyond_talon and c.dealer_discards[0] > 1:
        raise ValueError(f"{ruleset.siglum}: dealer_discards from {c.dealer_discards[0]} with"
                         " discard-at-most-talon can leave the dealer no legal discard")
    rules = np.zeros(core.N_PARAMS, np.int64)
    rules[core.TARGET] = c.target
    rules[core.MIN_CUT] = c.min_cut
    rules[core.BATCHES] = sum(1 << core.BATCHES_BY_NUMBER.index(b) for b in set(c.batches))
    rules[core.BATCHES_KEPT] = c.batches_kept
    rules[core.KING_TURNED_UP] = c.king_turned_up
    rules[core.KING_HELD] = c.king_held
    rules[core.ELDER_KING_LED] = c.elder_king_led
    rules[core.DEALER_WINDOW] = c.dealer_window
    rules[core.ANNOUNCEMENT] = c.announcement
    rules[core.KING_AT_ONCE] = c.king_at_once
    rules[core.ELDER_LOW], rules[core.ELDER_HIGH] = c.elder_discards
    rules[core.DEALER_LOW], rules[core.DEALER_HIGH] = c.dealer_discards
    rules[core.DEALER_AT_MOST_TALON] = c.dealer_refused_beyond_talon
    rules[core.REPROPOSE_AFTER_DEALER] = c.repropose_needs_dealer_cards
    rules[core.MAJORITY] = c.majority
    rules[core.VOLE] = c.vole
    rules[core.UNPROPOSED_TWO] = c.unproposed_two
    rules[core.REFUSED_TWO] = c.refused_two
    rules[core.MAX_PER_DEAL] = -1 if c.max_per_deal is None else c.max_per_deal
    return rules


def new_game(seed: int, sequence: int = 721347520444481703) -> np.ndarray:
    """The core's game array for a new game (0–0, A deals), its PCG32 generator seeded as
    `pcg32_srandom(seed, sequence)` does (the default sequence is PCG32's own)."""
    game = np.zeros(core.G_FIELDS, np.int64)
    game[core.G_KEPT:core.G_KEPT + 2] = -1
    stream = (sequence << 1 | 1) % 2 ** 64
    state = ((stream + seed) * core.PCG_MULTIPLIER + stream) % 2 ** 64
    game[core.G_RNG], game[core.G_RNG + 1] = (v - 2 ** 64 if v >= 2 ** 63 else v for v in (state, stream))  # signed
    return game


@dataclass(frozen=True)
class Trace:
    """Deals the core played, one row each in `deals` (columns `D_…`), their steps in order in `steps` (`S_…`)."""

    deals: np.ndarray
    steps: np.ndarray


class Playouts:
    """Random complete deals under one ruleset played by the compiled core, games following each other;
    a game starts 0–0 with A dealing, as `State(ruleset, dealer=0)`."""

    def __init__(self, ruleset: Ruleset | str, options: Options = Options(), seed: int = 1):
        self.ruleset = load(ruleset) if isinstance(ruleset, str) else ruleset
        self.options = options
        self._rules = packed_rules(self.ruleset, options)
        self._game = new_game(seed)

    def run(self, n: int) -> None:
        """Play `n` deals, untraced."""
        core.play(self._rules, self._game, n, _NO_DEALS, _NO_STEPS)

    def trace(self, n: int) -> Trace:
        """Play `n` deals and return their trace (steps stored in chunks, a few rows per deal)."""
        deals = np.empty((n, core.D_FIELDS), np.int64)
        chunks = [_NO_STEPS]
        done = 0
        while done < n:
            steps = np.empty((16 * (n - done) + core.STEPS_PER_DEAL, core.S_FIELDS), np.int64)
            played = core.play(self._rules, self._game, n - done, deals[done:], steps)
            chunks.append(steps[:deals[done:done + played, core.D_STEPS].sum()])
            done += played
        return Trace(deals, np.concatenate(chunks))


_NO_DEALS = np.empty((0, core.D_FIELDS), np.int64)
_NO_STEPS = np.empty((0, core.S_FIELDS), np.int64)
