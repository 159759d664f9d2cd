"""A ruleset's values and citations with the options, read once into plain attributes: what
`State` (as `state._c`) and the compiled playouts' packed rules read on their hot paths."""
from __future__ import annotations

from .irregularities import Mode
from .options import Options
from .param_values import (DrawDeals, KingAnnouncement, KingAtGamePoint, KingWindow, LossPoints, NoMaximum, Repropose,
                           ShortTalon)
from .ruleset import Ruleset


class GameConfig:
    """A ruleset's values and citations with the options, unpacked once for the hot paths."""

    def __init__(self, ruleset: Ruleset, options: Options):
        r = ruleset
        self.cites = dict(r.rule_cites)
        self.target = r["target_points"]
        self.draw_rank = {rank: i for i, rank in enumerate(r["draw_order"].split())}
        self.lower_deals = r["draw_deals"] is DrawDeals.LOWER
        self.min_cut = r["min_cut"]
        self.batches = tuple(r["deal_batches"])
        self.batches_kept = r["batches_kept"]
        self.king_turned_up = r["king_turned_up_points"]
        self.king_held = r["king_held_points"]
        self.elder_king_led = r["king_window_elder"] is KingWindow.BEFORE_FIRST_LEAD_OR_KING_LED
        self.dealer_window = 1 if r["king_window_dealer"] is KingWindow.BEFORE_OWN_FIRST_CARD else 0
        self.announcement = r["king_announcement"] is KingAnnouncement.UNTIL_SECOND_LEAD
        self.king_at_once = r["king_at_game_point"] is KingAtGamePoint.AT_ONCE
        self.elder_discards = tuple(r["elder_discards"])
        self.dealer_discards = tuple(r["dealer_discards"])
        self.dealer_refused_beyond_talon = r["short_talon_dealer"] is ShortTalon.DISCARD_AT_MOST_TALON
        self.repropose_needs_dealer_cards = r["repropose"] is Repropose.AFTER_DEALER_EXCHANGES
        self.majority = r["majority_points"]
        self.vole = r["vole_points"]
        self.unproposed_two = r["unproposed_loss"] is LossPoints.TWO_IN_ALL
        self.refused_two = r["refused_first_loss"] is LossPoints.TWO_IN_ALL
        ruleset_max = r["max_points_per_deal"]
        self.max_per_deal = options.max_points_per_deal or (None if ruleset_max is NoMaximum.NONE else ruleset_max)
        self.lot_scoring = options.lot_scoring
        self.lot_table = {int(k): v for k, v in r["lot_table"].items()}
        self.table = options.mode is Mode.TABLE
        self.trick_cites = self.cites["play.trick-winner"]


_CONFIGS: dict[tuple[int, int], tuple[Ruleset, Options, GameConfig]] = {}


def game_config(ruleset: Ruleset, options: Options) -> GameConfig:
    """The configuration of a ruleset and options, cached by identity (hashing Options is slow)."""
    found = _CONFIGS.get((id(ruleset), id(options)))
    if found is not None and found[0] is ruleset and found[1] is options:
        return found[2]
    if len(_CONFIGS) >= 256:
        _CONFIGS.clear()
    config = GameConfig(ruleset, options)
    _CONFIGS[id(ruleset), id(options)] = (ruleset, options, config)  # the pair kept alive: ids stay theirs
    return config
