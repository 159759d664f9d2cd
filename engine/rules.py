"""The engine's rules and the parameters they read: ids and one-line statements, no citations.

Which rulebook units state a rule is data: each ruleset (engine/rulesets/*.toml) gives, for
every parameter below, its value and the units that state it, or the ruleset it inherits
from and why. A rule's citations under a ruleset are the citations of the parameters it
reads (`Ruleset.cites(rule_id)`), so adding a witness is adding a file, not code.

A rule is one decision the engine takes (an acceptance, the elder's discard, the dealer's
king window…) and reads only the parameters that decide it: an event or a refusal names one
rule, so it cites the units behind that decision and no other.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .param_values import (Acceptance, BankPasses, Batches, BettorsLook, BystandersSpeak, ChouetteDealer,
                           ChouetteStakes, Closed, DealPasses, DrawDeals, DrawnOrder, DrawTie, ExhaustedTalon,
                           FirstDealer, JetonsOnlyBy, KingAnnouncement, KingAtGamePoint, KingMarking, KingWindow,
                           Leader, ListPlace, Looking, LossPoints, NoMaximum, Pack, Proposer, RankOrder, Refusal,
                           Repropose, ShortTalon, StakesPaidBy, Successor, SwissBye, SwissFirstRound, SwissPairing,
                           SwissRoundsBeyond, SwissTieBreak, System, TournamentScore, TrickWinner, TrumpSuit,
                           UnequalSides, as_written)


@dataclass(frozen=True)
class Param:
    """A named parameter of a ruleset: what it decides and which values it takes."""

    name: str
    doc: str
    read: Callable[[Any], Any]      # a value as files write it → as the engine holds it; ValueError if not valid
    expects: str
    choices: tuple[Any, ...] | None = None      # the values of a one-of parameter

    def valid(self, value: Any) -> bool:
        """Whether `value` (as files write it, or as the engine holds it) is a value of this parameter."""
        try:
            self.read(value)
        except ValueError:
            return False
        return True


@dataclass(frozen=True)
class Rule:
    """One rule of play the engine implements, named by a stable id."""

    id: str
    doc: str
    params: tuple[str, ...]


Domain = tuple[Callable[[Any], Any], str] | tuple[Callable[[Any], Any], str, tuple[Any, ...]]
"""A parameter's reader (`Param.read`), what it expects in words, and a one-of's choices."""


def _checked(valid: Callable[[Any], bool]) -> Callable[[Any], Any]:
    """A reader that keeps a value as it is, once `valid` accepts it."""
    def read(value: Any) -> Any:
        if not valid(value):
            raise ValueError(f"not a valid value: {value!r}")
        return value
    return read


def _one_of(*choices: bool | Closed) -> Domain:
    """One of `choices`: booleans, or members of a closed set, read from the strings files write."""
    def read(value: Any) -> Any:
        for choice in choices:
            if value is choice or (isinstance(choice, Closed) and type(value) is str and value == choice.value):
                return choice
        raise ValueError(f"not one of the choices: {value!r}")
    return read, "one of " + ", ".join(repr(as_written(c)) for c in choices), choices


def _int_at_least(low: int) -> Domain:
    return _checked(lambda v: type(v) is int and v >= low), f"an integer ≥ {low}"


def _range() -> Domain:
    return _checked(lambda v: isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
                    and 0 <= v[0] <= v[1] <= 5), "[min, max] with 0 ≤ min ≤ max ≤ 5"


def _batches() -> Domain:
    def read(value: Any) -> Any:
        if not isinstance(value, list) or not value:
            raise ValueError(f"not a non-empty list of batches: {value!r}")
        return [Batches(v) for v in value]
    return read, "a non-empty list of " + ", ".join(f'"{b.value}"' for b in Batches)


def _lot_table() -> Domain:
    return _checked(lambda v: isinstance(v, dict) and set(v) == {"0", "1", "2", "3", "4"}
                    and all(type(x) is int and x > 0 for x in v.values())), \
        'a table "0"…"4" (the loser\'s points) → multiplier'


def _order() -> Domain:
    return _checked(lambda v: isinstance(v, str) and sorted(v.split()) == sorted("KQJAT987")), \
        'the eight ranks low to high, e.g. "7 8 9 T A J Q K"'


def _max_points() -> Domain:
    limit = _checked(lambda v: type(v) is int and v >= 1)

    def read(value: Any) -> Any:
        return NoMaximum.NONE if isinstance(value, str) and value == NoMaximum.NONE.value else limit(value)
    return read, '"none" or an integer ≥ 1'


def _systems() -> Domain:
    def read(value: Any) -> Any:
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value) \
                or len(set(value)) != len(value):
            raise ValueError(f"not a list of distinct systems: {value!r}")
        return [System(v) for v in value]
    return read, 'a non-empty list of "round-robin", "swiss"'


def rounds_rows(table: dict[str, int]) -> list[tuple[int, int, int]]:
    """A rounds table's rows (lowest players, highest players, rounds) in order; ValueError if a
    key is not "LOW-HIGH"."""
    rows = []
    for key, rounds in table.items():
        low, _, high = key.partition("-")
        if not (low.isdigit() and high.isdigit()):
            raise ValueError(f"{key!r} is not LOW-HIGH")
        rows.append((int(low), int(high), rounds))
    return sorted(rows)


def _rounds_table() -> Domain:
    def valid(value: Any) -> bool:
        if not isinstance(value, dict) or not value or not all(type(r) is int and r >= 1 for r in value.values()):
            return False
        try:
            rows = rounds_rows(value)
        except ValueError:
            return False
        return rows[0][0] >= 2 and all(low <= high for low, high, _ in rows) \
            and all(after[0] == before[1] + 1 for before, after in zip(rows, rows[1:]))
    return _checked(valid), 'a table "LOW-HIGH" (players) → rounds, its rows adjoining, e.g. { "5-8" = 3 }'


_PARAMS = [
    ("pack", "the cards played with", _one_of(Pack.PIQUET_32)),
    ("rank_order", "the order of the cards in play, high to low", _one_of(RankOrder.KING_HIGH)),
    ("target_points", "the points that win the game", _int_at_least(1)),
    ("game_ends_at_once", "reaching the target ends the game at once, even in mid-deal", _one_of(True)),
    ("draw_order", "the order of the cards in the draw for the deal, low to high", _order()),
    ("draw_deals", "which card of the draw deals first", _one_of(DrawDeals.LOWER, DrawDeals.HIGHER)),
    ("draw_tie", "what equal cards in the draw do", _one_of(DrawTie.DRAW_AGAIN)),
    ("min_cut", "the fewest cards each packet of the cut may hold", _int_at_least(1)),
    ("deal_batches", "the batches the five cards are dealt in (elder's first)", _batches()),
    ("batches_kept", "the first deal's batches are kept for the whole game", _one_of(True, False)),
    ("trumps", "how the trump suit is set", _one_of(TrumpSuit.ELEVENTH_CARD)),
    ("looking", "when the players may look at their cards", _one_of(Looking.AFTER_TURNUP)),
    ("deal_passes", "how the deal passes between the players", _one_of(DealPasses.EACH_DEAL)),
    ("king_turned_up_points", "points for a turned-up king, marked by the dealer at once", _int_at_least(0)),
    ("king_held_points", "points for the king of trumps held and marked", _int_at_least(0)),
    ("king_marking", "whether a held king must be marked", _one_of(KingMarking.OPTIONAL)),
    ("king_window_elder", "until when the elder may mark a held king",
     _one_of(KingWindow.BEFORE_FIRST_LEAD, KingWindow.BEFORE_FIRST_LEAD_OR_KING_LED)),
    ("king_window_dealer", "until when the dealer may mark a held king",
     _one_of(KingWindow.BEFORE_FIRST_LEAD, KingWindow.BEFORE_OWN_FIRST_CARD)),
    ("king_announcement", "what an oral announcement of the king (announce-king) allows",
     _one_of(KingAnnouncement.NONE, KingAnnouncement.UNTIL_SECOND_LEAD)),
    ("king_at_game_point", "when a player one point short of the target may mark a held king:"
     " at once (the exchange included) or only in his window",
     _one_of(KingAtGamePoint.AT_ONCE, KingAtGamePoint.IN_WINDOW)),
    ("proposer", "who may propose an exchange", _one_of(Proposer.ELDER)),
    ("acceptance", "what the dealer's acceptance of a proposal does", _one_of(Acceptance.ELDER_THEN_DEALER)),
    ("refusal", "what the dealer's refusal of a proposal does", _one_of(Refusal.PLAY_BEGINS)),
    ("elder_discards", "how many cards the elder may discard after an accepted proposal", _range()),
    ("dealer_discards", "how many cards the dealer may discard after the elder", _range()),
    ("turnup_drawn", "whether the turned-up card can be drawn in the exchange", _one_of(False)),
    ("short_talon_elder", "an elder's discard larger than the talon",
     _one_of(ShortTalon.TAKE_BACK_LATEST)),
    ("short_talon_dealer", "a dealer's discard larger than the talon",
     _one_of(ShortTalon.TAKE_BACK_LATEST, ShortTalon.DISCARD_AT_MOST_TALON)),
    ("repropose", "when the elder may propose again",
     _one_of(Repropose.AFTER_EACH_EXCHANGE, Repropose.AFTER_DEALER_EXCHANGES)),
    ("exhausted_talon", "what an exhausted talon does to the exchange", _one_of(ExhaustedTalon.PLAY_BEGINS)),
    ("first_leader", "who leads to the first trick", _one_of(Leader.ELDER)),
    ("must_follow", "a player holding the suit led must play it", _one_of(True)),
    ("must_overtake", "a player must beat the card led when he can", _one_of(True)),
    ("must_trump", "a player void in the suit led must trump", _one_of(True)),
    ("trick_winner", "which card wins a trick", _one_of(TrickWinner.TRUMP_ELSE_SUIT_LED)),
    ("trick_leader", "who leads to the next trick", _one_of(Leader.WINNER)),
    ("majority_points", "points for three or four tricks", _int_at_least(0)),
    ("vole_points", "points for all five tricks (the vole)", _int_at_least(0)),
    ("unproposed_loss", "the dealer's points when the elder played without proposing and lost",
     _one_of(LossPoints.TWO_IN_ALL, LossPoints.ONE_MORE)),
    ("refused_first_loss", "the elder's points when the dealer refused the first proposal and lost",
     _one_of(LossPoints.TWO_IN_ALL, LossPoints.ONE_MORE)),
    ("max_points_per_deal", "the most points a player may mark in one deal (an agreement)", _max_points()),
    ("lot_table", "what a won game counts by the loser's points, when lot scoring is agreed",
     _lot_table()),
    # Games of more than two players (engine/formats): the list of players, the stakes, the chouette.
    ("order_draw", "how the cards drawn order the players when more than two play",
     _one_of(DrawnOrder.LOWEST_FIRST, DrawnOrder.HIGHEST_FIRST)),
    ("loser_goes", "where the loser of a partie goes in the list", _one_of(ListPlace.END_OF_LIST)),
    ("newcomer_place", "where a player joining the list is written",
     _one_of(ListPlace.BEFORE_FIRST_BACKED, ListPlace.END_OF_LIST)),
    ("first_dealer", "who deals the first game of the first partie",
     _one_of(FirstDealer.FIRST_IN_ORDER, FirstDealer.DRAW)),
    ("next_partie_dealer", "who deals the first game of a new partie at the same cards",
     _one_of(FirstDealer.ELDER_HALF, FirstDealer.DRAW)),
    ("unequal_sides", "what unequal totals of the two sides' stakes do",
     _one_of(UnequalSides.REFUSED, UnequalSides.BY_RANK)),
    ("stakes_paid_by", "who pays out the stakes after a partie",
     _one_of(StakesPaidBy.LOSING_PLAYER, StakesPaidBy.CROUPIER)),
    ("jetons_only_by", "who may require that stakes be laid in jetons only",
     _one_of(JetonsOnlyBy.CHOUETTEUR, JetonsOnlyBy.NOBODY)),
    ("cagnotte_percent", "the share of the winnings the house keeps (the cagnotte), in percent",
     _int_at_least(0)),
    ("bank_levy_percent", "the share of the capital laid in a bank the house keeps, in percent",
     _int_at_least(0)),
    ("lot_in_formats", "whether lot scoring applies to the stakes of a game of several players",
     _one_of(True, False)),
    ("chouette_stakes", "how the stakes against the chouetteur are laid",
     _one_of(ChouetteStakes.CALL_AND_HOLD, ChouetteStakes.BANCO)),
    ("chouette_dealer", "who deals in a chouette", _one_of(ChouetteDealer.ALTERNATE, ChouetteDealer.BANKER)),
    ("bank_passes", "when the chouette (the bank) passes to another player",
     _one_of(BankPasses.CHOUETTEUR_STOPS, BankPasses.WINNING_PONTE)),
    ("successor", "who takes the chouette when the chouetteur gives it up",
     _one_of(Successor.PARTNERS_THEN_LIST, Successor.AFTER_PONTE)),
    ("bystanders_speak", "who among those not playing may speak in the game",
     _one_of(BystandersSpeak.STAKE_HOLDERS, BystandersSpeak.ANYONE)),
    ("bettors_look", "whose cards one who bets may look at", _one_of(BettorsLook.OWN_PLAYER, BettorsLook.EITHER)),
    ("pool_win", "how many games in a row win the pool", _int_at_least(1)),
    ("pool_order", "how the cards drawn place the three of pool écarté: the first deals the first game, the"
     " second is elder, the third sits out", _one_of(DrawnOrder.HIGHEST_FIRST, DrawnOrder.LOWEST_FIRST)),
    ("pool_next_dealer", "who deals the first game of each later partie of pool écarté",
     _one_of(FirstDealer.DRAW, FirstDealer.ELDER_HALF)),
    # Tournaments (engine/formats/tournament.py): the round robin and the Swiss system.
    ("tournament_systems", "the tournament systems the ruleset knows", _systems()),
    ("round_robin_meetings", "how many parties each pair plays in a round robin", _int_at_least(1)),
    ("tournament_score", "what a partie writes in a tournament: its lot plus for the winner, and minus"
     " for the loser or nothing", _one_of(TournamentScore.PLUS_AND_MINUS, TournamentScore.PLUS_ONLY)),
    ("swiss_first_round", "how the first Swiss round is paired: by lot, or in the list's order",
     _one_of(SwissFirstRound.BY_LOT, SwissFirstRound.BY_LIST)),
    ("swiss_pairing", "whom the leader of the players still to pair meets in a Swiss round: the next"
     " best placed, or the best placed of the lower half", _one_of(SwissPairing.LEADER_MEETS_NEXT,
                                                             SwissPairing.TOP_HALF_MEETS_BOTTOM_HALF)),
    ("swiss_rematches", "whether two players may meet twice in a Swiss tournament", _one_of(False, True)),
    ("swiss_tie_break", "which card drawn places first among equal points in a Swiss tournament",
     _one_of(SwissTieBreak.HIGHER_CARD_FIRST, SwissTieBreak.LOWER_CARD_FIRST)),
    ("swiss_rounds", "the rounds of a Swiss tournament by the number of players", _rounds_table()),
    ("swiss_rounds_beyond", "the rounds for more players than the rounds table names",
     _one_of(SwissRoundsBeyond.ONE_MORE_PER_DOUBLING, SwissRoundsBeyond.AS_LAST_ROW)),
    ("swiss_bye", "what the ruleset gives a player left without an opponent in a Swiss round"
     " (an agreement may give a bye)", _one_of(SwissBye.NONE)),
]

PARAMS: dict[str, Param] = {name: Param(name, doc, *domain) for name, doc, domain in _PARAMS}

_RULES = [
    ("deck.pack", "Two players play with the 32-card piquet pack.", ("pack",)),
    ("deck.order", "The cards rank K Q J A T 9 8 7 in every suit.", ("rank_order",)),
    ("draw.first-dealer", "A draw decides who deals first.", ("draw_order", "draw_deals")),
    ("draw.tie", "Equal cards in the draw are drawn again.", ("draw_tie",)),
    ("deal.shuffle-cut", "The dealer shuffles and the elder cuts, each packet keeping its minimum.",
     ("min_cut",)),
    ("deal.batches", "Five cards each, the elder's first, in the batches the ruleset allows.",
     ("deal_batches", "batches_kept")),
    ("deal.turnup", "The eleventh card is turned up: its suit is trumps; the rest is the talon.",
     ("trumps",)),
    ("deal.look", "The players look at their cards once the trump is turned up.", ("looking",)),
    ("deal.passes", "The deal passes to the other player after every deal.", ("deal_passes",)),
    ("king.turned-up", "A king turned up marks points for the dealer at once.", ("king_turned_up_points",)),
    ("king.held", "The holder of the king of trumps may mark it for points; he need not.",
     ("king_held_points", "king_marking")),
    ("king.elder-window", "The elder marks a held king inside his window.",
     ("king_held_points", "king_window_elder")),
    ("king.dealer-window", "The dealer marks a held king inside his window.",
     ("king_held_points", "king_window_dealer")),
    ("king.announced", "An oral announcement of the king inside the window keeps its marking open longer.",
     ("king_held_points", "king_announcement")),
    ("king.game-point", "One point short of the target, a held king is marked at once or only in the"
     " window, as the ruleset says.", ("king_held_points", "king_at_game_point")),
    ("exchange.speak", "The elder plays (stands) or proposes an exchange.", ("proposer",)),
    ("exchange.accept", "The dealer accepts a proposal: the elder discards and draws, then the dealer.",
     ("acceptance",)),
    ("exchange.refuse", "The dealer refuses a proposal: the play begins.", ("refusal",)),
    ("exchange.elder-discard", "The elder discards as many cards as the ruleset allows and draws as many.",
     ("elder_discards",)),
    ("exchange.dealer-discard", "The dealer then discards as many as the ruleset allows and draws as many.",
     ("dealer_discards",)),
    ("exchange.talon", "Cards are drawn from the talon; the turned-up card is never drawn.",
     ("turnup_drawn",)),
    ("exchange.short-talon-elder", "An elder's discard larger than the talon is settled by the ruleset.",
     ("short_talon_elder",)),
    ("exchange.short-talon-dealer", "A dealer's discard larger than the talon is settled by the ruleset.",
     ("short_talon_dealer",)),
    ("exchange.repeat", "After an exchange the elder may propose again.", ("repropose",)),
    ("exchange.talon-exhausted", "When the talon is used up the play begins.", ("exhausted_talon",)),
    ("play.first-lead", "The elder leads to the first trick.", ("first_leader",)),
    ("play.must-follow", "A player holding the suit led must play it.", ("must_follow",)),
    ("play.must-overtake", "A player must beat the card led when he can.", ("must_overtake",)),
    ("play.must-trump", "A player void in the suit led must play a trump if he has one.", ("must_trump",)),
    ("play.trick-winner", "A trick goes to the higher trump, else to the higher card of the suit led.",
     ("trick_winner",)),
    ("play.trick-leader", "The winner of a trick leads to the next.", ("trick_leader",)),
    ("score.tricks", "Three or four tricks mark the majority's points.", ("majority_points",)),
    ("score.vole", "All five tricks (the vole) mark the vole's points.", ("vole_points",)),
    ("score.unproposed-loss", "An elder who played without proposing and lost gives the dealer more.",
     ("unproposed_loss",)),
    ("score.refused-first-proposal", "A dealer who refused the first proposal and lost gives the elder more.",
     ("refused_first_loss",)),
    ("score.deal-maximum", "No player marks more than the agreed maximum in one deal.",
     ("max_points_per_deal",)),
    ("game.target", "The first to reach the target wins the game, at once.",
     ("target_points", "game_ends_at_once")),
    ("game.lot", "With lot scoring a won game counts by the loser's points.", ("lot_table",)),
    ("players.order", "A draw orders the players when more than two play.", ("order_draw",)),
    ("players.rotation", "The loser of a partie leaves the cards for the next in the list.", ("loser_goes",)),
    ("players.newcomer", "A player joining is written into the list.", ("newcomer_place",)),
    ("players.first-dealer", "The first game of the first partie is dealt as the ruleset says.",
     ("first_dealer",)),
    ("players.next-dealer", "The first game of each later partie is dealt as the ruleset says.",
     ("next_partie_dealer",)),
    ("players.bystanders", "Only those the ruleset allows may speak in a game they do not play.",
     ("bystanders_speak",)),
    ("players.look", "One who bets looks only at the cards the ruleset allows.", ("bettors_look",)),
    ("stakes.balance", "The two sides' stakes are balanced before the partie begins.", ("unequal_sides",)),
    ("stakes.payment", "After the partie the stakes are paid out.", ("stakes_paid_by",)),
    ("stakes.jetons", "Stakes are laid in jetons or cash; jetons only may be required.", ("jetons_only_by",)),
    ("stakes.cagnotte", "The house keeps its share of the winnings.", ("cagnotte_percent",)),
    ("stakes.bank-levy", "The house keeps its share of the capital laid in a bank.", ("bank_levy_percent",)),
    ("stakes.lot", "Lot scoring applies, or not, to the stakes of several players.", ("lot_in_formats",)),
    ("chouette.stakes", "The stakes against the chouetteur are laid and accepted.", ("chouette_stakes",)),
    ("chouette.dealer", "The deal in a chouette.", ("chouette_dealer",)),
    ("chouette.passes", "The chouette passes to another player.", ("bank_passes",)),
    ("chouette.successor", "Who takes the chouette that is given up.", ("successor",)),
    ("pool.win", "Games won in a row win the pool.", ("pool_win",)),
    ("pool.order", "The draw places the three of pool écarté: who deals the first game, who is elder, who sits"
     " out.", ("pool_order",)),
    ("pool.next-dealer", "The first game of each later partie of pool écarté is dealt as the ruleset says.",
     ("pool_next_dealer",)),
    ("tournament.systems", "A tournament is played as a round robin or by the Swiss system, as the ruleset"
     " knows.", ("tournament_systems",)),
    ("tournament.round-robin", "In a round robin each plays each as often as the ruleset says.",
     ("round_robin_meetings",)),
    ("tournament.score", "A partie writes its lot plus for the winner (and minus for the loser); the sums"
     " rank the players, the most points wins.", ("tournament_score",)),
    ("tournament.first-round", "The first Swiss round is paired as the ruleset says.", ("swiss_first_round",)),
    ("tournament.pairing", "Then the leader meets the next best placed, and so on down the standings.",
     ("swiss_pairing",)),
    ("tournament.rematch", "Two players never meet twice: each meets the best placed he has not met.",
     ("swiss_rematches",)),
    ("tournament.tie-break", "Equal points are ordered by drawing cards before the next round is paired.",
     ("swiss_tie_break",)),
    ("tournament.rounds", "The number of Swiss rounds follows the number of players.",
     ("swiss_rounds", "swiss_rounds_beyond")),
    ("tournament.bye", "A Swiss round leaves no player out unless a bye is agreed.", ("swiss_bye",)),
]

RULES: dict[str, Rule] = {rid: Rule(rid, doc, params) for rid, doc, params in _RULES}
