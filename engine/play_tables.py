"""The legal actions of the play, built once: for each player, the `Play` actions a suit's byte
of a hand names, what a hand of the suit led may play to each card led, and the king's actions
while it is live. `State.legal_actions` reads them instead of building tuples on every call."""
from __future__ import annotations

from . import actions as act
from .duty import lawful


def _play_tables() -> tuple[tuple[tuple[tuple[act.Play, ...], ...], ...], ...]:
    """For each player and suit, the Play actions named by every byte of that suit's bits."""
    return tuple(tuple(tuple(tuple(act.PLAY[p][8 * s + r] for r in range(8) if byte >> r & 1)
                             for byte in range(256)) for s in range(4)) for p in (0, 1))


PLAY_TABLES = _play_tables()
"""`PLAY_TABLES[player][suit][byte]`: the plays of the cards of `suit` whose bits `byte` holds."""


def _follow_tables() -> tuple[tuple[tuple[tuple[act.Play, ...] | None, ...], ...], ...]:
    """For each player and card led, the legal plays for every byte of the led suit's bits in the hand.

    The duty read into the table is `lawful`'s first half, for a hand of that suit alone: the
    cards of the suit that beat the card led, else any of the suit; None for a void (the player
    must then trump if he can, which `legal_actions` reads from the trump suit's table).
    """
    tables = []
    for p in (0, 1):
        by_led = []
        for led in range(32):
            suit = led >> 3
            row: list[tuple[act.Play, ...] | None] = [None]
            for byte in range(1, 256):
                legal = lawful(byte << (suit << 3), led, suit)
                row.append(PLAY_TABLES[p][suit][legal >> (suit << 3)])
            by_led.append(tuple(row))
        tables.append(tuple(by_led))
    return tuple(tables)


FOLLOW = _follow_tables()
"""`FOLLOW[player][led][byte]`: the legal plays to the card `led` of a hand whose led suit is `byte`."""
KING_MARK = tuple((act.MARK_KING[p],) for p in (0, 1))
"""The king's marking alone, for each player."""
KING_BOTH = tuple((act.MARK_KING[p], act.ANNOUNCE_KING[p]) for p in (0, 1))
"""The king's marking and announcement, for each player."""
