"""The refusal of an illegal action, with the contract's code and the units of the rule it breaks."""
from __future__ import annotations

from enum import Enum

class Code(str, Enum):
    """The refusal codes, in the order they are checked (CONTRACT.md §4), then the engine's own."""

    GAME_OVER = "game-over"            # the game has ended
    TALON_EMPTY = "talon-empty"        # a proposal when the talon is used up
    WRONG_PHASE = "wrong-phase"        # the verb has no place in the current phase
    WRONG_TURN = "wrong-turn"          # another player is to act
    NOT_IN_HAND = "not-in-hand"        # the card is not in the player's hand
    MUST_FOLLOW = "must-follow"        # the duties of play, in the order they are checked
    MUST_OVERTAKE = "must-overtake"
    MUST_TRUMP = "must-trump"
    NO_KING = "no-king"                # marking a king of trumps the player does not hold
    TOO_LATE = "too-late"              # marking after the ruleset's window has closed
    BAD_DISCARD = "bad-discard"        # any other faulty discard (count, duplicates)
    ALREADY_MARKED = "already-marked"  # extension: the king is marked (or announced) a second time
    BAD_DEAL = "bad-deal"              # extension: a pack, cut, batches or arranged deal the ruleset does not allow
    NAMED_SUIT = "named-suit"          # extension: a lead of another suit than the one the leader named
    FORFEITED = "forfeited"            # extension: the king may not be marked, a penalty of table mode
    MUST_ACCEPT = "must-accept"        # extension: table mode: the dealer must grant this proposal
    STRICT_MODE = "strict-mode"        # extension: an irregularity or remedy in strict mode
    NO_RULING = "no-ruling"            # extension: table mode: the witness does not rule on this here
    IMPOSSIBLE = "impossible"          # extension: the irregularity described cannot have happened
    NO_CHOICE = "no-choice"            # extension: no remedy to choose now, or one not offered
    # Games of several players (engine/formats): what the table refuses, each an extension.
    NOT_AT_TABLE = "not-at-table"      # a name the table does not know, or a player in two places
    NOT_PLAYING = "not-playing"        # a stake or an act that needs a player at the cards
    UNEQUAL_STAKES = "unequal-stakes"  # the two sides' totals differ where the ruleset forbids it
    STAKES_HELD = "stakes-held"        # a stake changed after the coup is held, without the chouetteur's leave
    NEEDS_LEAVE = "needs-leave"        # a place on the chouetteur's side without his leave
    HALF_INTEREST = "half-interest"    # the hand taken by one not interested to half his side's stakes
    NO_STAKE = "no-stake"              # one without a stake in the game speaks in it
    NOT_HIS_PLAYER = "not-his-player"  # one who bets looks at the other player's cards
    JETONS_ONLY = "jetons-only"        # cash laid where jetons only are required
    NOT_THE_PLAYER = "not-the-player"  # one who is not the player marks his points
    ADVICE_ONLY = "advice-only"        # one who bets demands that his advice be followed
    WINNER_KEEPS_SEAT = "winner-keeps-seat"  # the chouetteur moves the winner of the partie before
    BANK_HELD = "bank-held"            # capital taken out of a bank that is held
    NO_BANK = "no-bank"                # a bank, a raise or a bid where the ruleset or the moment has none
    WRONG_MOMENT = "wrong-moment"      # a sitting's act out of its moment (a stake once the partie is played)

    def __str__(self) -> str:
        return self.value


CODES = tuple(code.value for code in Code)
SCENARIO_ERRORS = (Code.STRICT_MODE, Code.NO_RULING, Code.IMPOSSIBLE)
"""The codes that make a scenario an error: it describes what the engine cannot judge."""
"""The codes as scenarios write them (`!must-follow`), in checking order.

`strict-mode`, `no-ruling` and `impossible` mean a scenario describes what the engine cannot
judge: the conformance runner reports them as errors of the scenario, never as a pass or a fail."""


class IllegalAction(Exception):
    """An action the rules refuse; the state that refused it is unchanged."""

    def __init__(self, code: Code | str, message: str, rule: str | None = None,
                 cites: tuple[str, ...] = ()):
        super().__init__(f"{code}: {message}" + (f" ({', '.join(cites)})" if cites else ""))
        self.code = Code(code)
        self.message = message
        self.rule = rule
        self.cites = cites
