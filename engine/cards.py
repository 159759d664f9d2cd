"""The 32-card piquet pack in écarté order, as small integers and bit sets.

A card is an int 0–31: `suit * 8 + rank`, suits S H D C (0–3), ranks K Q J A T 9 8 7
(0–7, the king highest). So a lower number beats a higher one of the same suit, and the
pack in numeric order is the order K Q J A T 9 8 7 of S, H, D, C that the conformance
scenarios use to complete a talon. A set of cards is an int with bit `card` set.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from math import factorial
from random import Random

Card = int
Mask = int

SUITS = "SHDC"
RANKS = "KQJAT987"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

PACK: tuple[Card, ...] = tuple(range(32))
FULL: Mask = (1 << 32) - 1
BIT: tuple[Mask, ...] = tuple(1 << c for c in PACK)
SUIT_MASK: tuple[Mask, ...] = tuple(0xFF << (8 * s) for s in range(4))
HIGHER: tuple[Mask, ...] = tuple(((1 << (c & 7)) - 1) << (c & ~7) for c in PACK)
"""HIGHER[c]: the cards of c's suit that beat c."""


def suit_of(card: Card) -> int:
    """The card's suit, 0–3 (S H D C)."""
    return card >> 3


def rank_of(card: Card) -> int:
    """The card's rank, 0 (king) to 7 (seven)."""
    return card & 7


def king_of(suit: int) -> Card:
    """The king of a suit."""
    return suit << 3


def card_name(card: Card) -> str:
    """The short name of a card: rank letter then suit letter, e.g. "TH" for the ten of hearts."""
    return RANKS[card & 7] + SUITS[card >> 3]


def parse_card(text: str) -> Card:
    """A card from its short name ("KH", "th", "10H"); ValueError for anything else."""
    name = text.strip().upper()
    if name.startswith("10"):
        name = "T" + name[2:]
    if len(name) != 2 or name[0] not in RANKS or name[1] not in SUITS:
        raise ValueError(f"unknown card {text!r} (ranks K Q J A T 9 8 7, suits S H D C)")
    return SUITS.index(name[1]) * 8 + RANKS.index(name[0])


def mask_of(cards: Iterable[Card]) -> Mask:
    """The bit set of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def is_pack(cards: tuple[Card, ...]) -> bool:
    """Whether `cards` holds each of the 32 cards exactly once."""
    return len(cards) == 32 and frozenset(cards) == _PACK_SET


_PACK_SET = frozenset(PACK)
_HIGH_STEPS = factorial(32) // factorial(19)   # the swaps at positions 31…19: 32·31·…·20 < 2**61
_LOW_STEPS = factorial(19)                     # the swaps at positions 18…1: 19! < 2**57


def _fisher_yates() -> Callable[[Random], tuple[Card, ...]]:
    """The shuffle, its 31 swaps written out (generated once: no loop, small ints)."""
    lines = ["def shuffled(rng):",
             "    getrandbits = rng.getrandbits",
             "    r = getrandbits(61)",
             "    while r >= HIGH:",
             "        r = getrandbits(61)",
             "    p = list(PACK)"]
    for i in range(31, 0, -1):
        if i == 18:
            lines += ["    r = getrandbits(57)",
                      "    while r >= LOW:",
                      "        r = getrandbits(57)"]
        lines += [f"    r, j = divmod(r, {i + 1})",
                  f"    p[{i}], p[j] = p[j], p[{i}]"]
    lines.append("    return tuple(p)")
    namespace = {"PACK": PACK, "HIGH": _HIGH_STEPS, "LOW": _LOW_STEPS}
    exec("\n".join(lines), namespace)
    return namespace["shuffled"]


shuffled = _fisher_yates()
shuffled.__doc__ = """A uniformly shuffled pack, top card first, from two random numbers instead of 31.

The numbers are drawn exactly uniformly (rejection) below 32!/19! and 19! and read as the swaps
of a Fisher–Yates shuffle (positions 31…19, then 18…1), so every order is equally likely.
"""
shuffled.__module__ = __name__


def _cards_by_byte() -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each suit, the cards named by every byte of that suit's bits."""
    return tuple(tuple(tuple(8 * s + r for r in range(8) if byte >> r & 1) for byte in range(256))
                 for s in range(4))


_BY_BYTE = _cards_by_byte()


def cards_of(mask: Mask) -> tuple[Card, ...]:
    """The cards of a bit set, in pack order (four table look-ups, one per suit)."""
    s, h, d, c = _BY_BYTE
    return s[mask & 255] + h[mask >> 8 & 255] + d[mask >> 16 & 255] + c[mask >> 24 & 255]


def names(cards: Iterable[Card]) -> str:
    """Short names of cards, space-separated."""
    return " ".join(card_name(c) for c in cards)
