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
    "named-suit",     # extension: a lead of another suit than the one the leader named
    "forfeited",      # extension: the king may not be marked, a penalty of table mode
    "must-accept",    # extension: table mode: the dealer must grant this proposal
    "strict-mode",    # extension: an irregularity or remedy in strict mode (table mode records them)
    "no-ruling",      # extension: table mode: the witness does not rule on this irregularity here
    "impossible",     # extension: the irregularity described cannot have happened (a card not there)
    "no-choice",      # extension: no remedy to choose now, or one the ruling does not offer
)
"""The error codes in the order they are checked (CONTRACT.md §4), then the engine's own.

`no-ruling` and `impossible` mean a scenario describes what the engine cannot judge: the
conformance runner reports them as errors of the scenario, never as a pass or a fail."""


class IllegalAction(Exception):
    """An action the rules refuse; the state that refused it is unchanged."""

    def __init__(self, code: str, message: str, rule: str | None = None,
                 cites: tuple[str, ...] = ()):
        super().__init__(f"{code}: {message}" + (f" ({', '.join(cites)})" if cites else ""))
        self.code = code
        self.message = message
        self.rule = rule
        self.cites = cites
