"""The refusal of an illegal action, with the contract's code and the units of the rule it breaks."""
from __future__ import annotations

CODES = (
    "game-over",      # the game has ended
    "talon-empty",    # a proposal when the talon is used up
    "wrong-phase",    # the verb has no place in the current phase
    "wrong-turn",     # another player is to act
    "not-in-hand",    # the card is not in the player's hand
    "must-follow",    # the duties of play, in the order they are checked
    "must-overtake",
    "must-trump",
    "no-king",        # marking a king of trumps the player does not hold
    "too-late",       # marking after the ruleset's window has closed
    "bad-discard",    # any other faulty discard (count, duplicates)
    "already-marked",  # extension: the king is marked (or announced) a second time
    "bad-deal",       # extension: a pack, cut, batches or arranged deal the ruleset does not allow
)
"""The error codes in the order they are checked (CONTRACT.md §4), then the engine's own."""


class IllegalAction(Exception):
    """An action the rules refuse; the state that refused it is unchanged."""

    def __init__(self, code: str, message: str, rule: str | None = None,
                 cites: tuple[str, ...] = ()):
        super().__init__(f"{code}: {message}" + (f" ({', '.join(cites)})" if cites else ""))
        self.code = code
        self.message = message
        self.rule = rule
        self.cites = cites
