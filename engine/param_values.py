"""The closed values of the rulesets' parameters (engine/rules.py), one enum per kind of value.

A ruleset file writes a member's string (`chouette_stakes = "banco"`); `engine.ruleset` reads it
into the member when the file loads, so the engine compares members with `is` and a misspelt
value is an error of the file, never a comparison silently false. Members print, and serialise
to JSON, as their strings.
"""
from __future__ import annotations

from enum import Enum
from typing import Any


class Closed(str, Enum):
    """A closed set of values of ruleset parameters; a member prints as the string files write."""

    def __str__(self) -> str:
        return self.value


class Pack(Closed):
    """`pack`: the cards played with."""

    PIQUET_32 = "piquet-32"


class RankOrder(Closed):
    """`rank_order`: the order of the cards in play, high to low."""

    KING_HIGH = "K Q J A T 9 8 7"


class DrawDeals(Closed):
    """Which card of the draw deals first."""

    LOWER = "lower"
    HIGHER = "higher"


class DrawTie(Closed):
    """`draw_tie`: what equal cards in the draw do."""

    DRAW_AGAIN = "draw-again"


class TrumpSuit(Closed):
    """How the trump suit is set."""

    ELEVENTH_CARD = "eleventh-card"


class Looking(Closed):
    """`looking`: when the players may look at their cards."""

    AFTER_TURNUP = "after-turnup"


class Batches(Closed):
    """`deal_batches`: the batches the five cards are dealt in, the elder served first in each."""

    THREE_TWO = "3-2"        # three each, then two each
    TWO_THREE = "2-3"        # two each, then three each


class DealPasses(Closed):
    """`deal_passes`: how the deal passes between the players."""

    EACH_DEAL = "each-deal"


class KingMarking(Closed):
    """`king_marking`: whether a held king must be marked."""

    OPTIONAL = "optional"


class KingWindow(Closed):
    """Until when a player may mark a held king (the elder's and the dealer's windows)."""

    BEFORE_FIRST_LEAD = "before-first-lead"
    BEFORE_FIRST_LEAD_OR_KING_LED = "before-first-lead-or-king-led"    # the elder's
    BEFORE_OWN_FIRST_CARD = "before-own-first-card"                    # the dealer's


class KingAnnouncement(Closed):
    """`king_announcement`: what an oral announcement of the king allows."""

    NONE = "none"
    UNTIL_SECOND_LEAD = "until-second-lead"


class KingAtGamePoint(Closed):
    """`king_at_game_point`: when a player one point short may mark a held king."""

    AT_ONCE = "at-once"
    IN_WINDOW = "in-window"


class Proposer(Closed):
    """`proposer`: who may propose an exchange."""

    ELDER = "elder"


class Acceptance(Closed):
    """`acceptance`: what the dealer's acceptance of a proposal does."""

    ELDER_THEN_DEALER = "elder-then-dealer"


class Refusal(Closed):
    """What the dealer's refusal of a proposal does."""

    PLAY_BEGINS = "play-begins"


class ShortTalon(Closed):
    """A discard larger than the talon (the elder's and the dealer's)."""

    TAKE_BACK_LATEST = "take-back-latest"
    DISCARD_AT_MOST_TALON = "discard-at-most-talon"    # the dealer's


class Repropose(Closed):
    """`repropose`: when the elder may propose again."""

    AFTER_EACH_EXCHANGE = "after-each-exchange"
    AFTER_DEALER_EXCHANGES = "after-dealer-exchanges"


class ExhaustedTalon(Closed):
    """`exhausted_talon`: what an exhausted talon does to the exchange."""

    PLAY_BEGINS = "play-begins"


class Leader(Closed):
    """Who leads: to the first trick (the elder), to the next (the winner)."""

    ELDER = "elder"
    WINNER = "winner"


class TrickWinner(Closed):
    """`trick_winner`: which card wins a trick."""

    TRUMP_ELSE_SUIT_LED = "trump-else-suit-led"


class LossPoints(Closed):
    """What a loser who played without proposing, or refused the first proposal, gives."""

    TWO_IN_ALL = "two-in-all"
    ONE_MORE = "one-more"


class NoMaximum(Closed):
    """`max_points_per_deal` without a maximum (else an integer)."""

    NONE = "none"


class DrawnOrder(Closed):
    """How the cards drawn order players (the list's `order_draw`, pool écarté's `pool_order`)."""

    LOWEST_FIRST = "lowest-first"
    HIGHEST_FIRST = "highest-first"


class ListPlace(Closed):
    """Where a player is written in the list (the loser of a partie, a newcomer)."""

    END_OF_LIST = "end-of-list"
    BEFORE_FIRST_BACKED = "before-first-backed"    # a newcomer's


class FirstDealer(Closed):
    """Who deals the first game of a partie (`first_dealer`, `next_partie_dealer`, `pool_next_dealer`)."""

    FIRST_IN_ORDER = "first-in-order"
    ELDER_HALF = "elder-half"
    DRAW = "draw"


class UnequalSides(Closed):
    """`unequal_sides`: what unequal totals of the two sides' stakes do."""

    REFUSED = "refused"
    BY_RANK = "by-rank"


class StakesPaidBy(Closed):
    """`stakes_paid_by`: who pays out the stakes after a partie."""

    LOSING_PLAYER = "losing-player"
    CROUPIER = "croupier"


class JetonsOnlyBy(Closed):
    """`jetons_only_by`: who may require stakes in jetons only."""

    CHOUETTEUR = "chouetteur"
    NOBODY = "nobody"


class ChouetteStakes(Closed):
    """`chouette_stakes`: how the stakes against the chouetteur are laid."""

    CALL_AND_HOLD = "call-and-hold"
    BANCO = "banco"


class ChouetteDealer(Closed):
    """`chouette_dealer`: who deals in a chouette."""

    ALTERNATE = "alternate"
    BANKER = "banker"


class BankPasses(Closed):
    """`bank_passes`: when the chouette (the bank) passes to another player."""

    CHOUETTEUR_STOPS = "chouetteur-stops"
    WINNING_PONTE = "winning-ponte"


class Successor(Closed):
    """`successor`: who takes the chouette when the chouetteur gives it up."""

    PARTNERS_THEN_LIST = "partners-then-list"
    AFTER_PONTE = "after-ponte"


class BystandersSpeak(Closed):
    """`bystanders_speak`: who among those not playing may speak in the game."""

    STAKE_HOLDERS = "stake-holders"
    ANYONE = "anyone"


class BettorsLook(Closed):
    """`bettors_look`: whose cards one who bets may look at."""

    OWN_PLAYER = "own-player"
    EITHER = "either"


class System(Closed):
    """The tournament systems of de-scheicher §15."""

    ROUND_ROBIN = "round-robin"      # each plays each (§15.1)
    SWISS = "swiss"                  # paired by the standings, a few rounds (§15.4–15.9)


class TournamentScore(Closed):
    """`tournament_score`: what a partie writes in a tournament."""

    PLUS_AND_MINUS = "plus-and-minus"
    PLUS_ONLY = "plus-only"


class SwissFirstRound(Closed):
    """`swiss_first_round`: how the first Swiss round is paired."""

    BY_LOT = "by-lot"
    BY_LIST = "by-list"


class SwissPairing(Closed):
    """`swiss_pairing`: whom the leader of those still to pair meets in a Swiss round."""

    LEADER_MEETS_NEXT = "leader-meets-next"
    TOP_HALF_MEETS_BOTTOM_HALF = "top-half-meets-bottom-half"


class SwissTieBreak(Closed):
    """`swiss_tie_break`: which card drawn places first among equal points."""

    HIGHER_CARD_FIRST = "higher-card-first"
    LOWER_CARD_FIRST = "lower-card-first"


class SwissRoundsBeyond(Closed):
    """`swiss_rounds_beyond`: the rounds for more players than the rounds table names."""

    ONE_MORE_PER_DOUBLING = "one-more-per-doubling"
    AS_LAST_ROW = "as-last-row"


class SwissBye(Closed):
    """`swiss_bye`: what the ruleset gives a player left without an opponent."""

    NONE = "none"


def as_written(value: Any) -> Any:
    """A parameter's value as ruleset files write it: members as their strings, in lists too."""
    if isinstance(value, Closed):
        return value.value
    if isinstance(value, list):
        return [as_written(v) for v in value]
    return value
