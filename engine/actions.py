"""Actions: immutable values naming who does what, written like the scenarios' action lines.

Players are 0 and 1, written A and B. A player's action reads `A play KH`; `parse_action`
reads that notation back. The dealing actions (`Draw`, `Deal`, `Arrange`) start a game or a deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .cards import Card, card_name, names, parse_card

PLAYERS = "AB"


@dataclass(frozen=True, slots=True)
class Stand:
    """The elder plays without proposing (or without proposing again)."""

    player: int
    verb: ClassVar[str] = "stand"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} {self.verb}"


@dataclass(frozen=True, slots=True)
class Propose:
    """The elder asks for an exchange."""

    player: int
    verb: ClassVar[str] = "propose"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class Accept:
    """The dealer grants the exchange proposed."""

    player: int
    verb: ClassVar[str] = "accept"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class Refuse:
    """The dealer refuses the exchange proposed; the play begins."""

    player: int
    verb: ClassVar[str] = "refuse"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class MarkKing:
    """The holder of the king of trumps marks it."""

    player: int
    verb: ClassVar[str] = "mark-king"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class AnnounceKing:
    """The holder of the king of trumps announces it aloud ("je marque le roi") before marking it."""

    player: int
    verb: ClassVar[str] = "announce-king"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class Discard:
    """Cards put away in the exchange, in the order named (the last are the latest)."""

    player: int
    cards: tuple[Card, ...]
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} discard {names(self.cards)}".rstrip()


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the current trick."""

    player: int
    card: Card
    verb: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} play {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Draw:
    """The draw for the first deal: the card each player drew, A's first."""

    cards: tuple[Card, Card]
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return f"draw A {card_name(self.cards[0])}, B {card_name(self.cards[1])}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals a shuffled pack (top first), cut `cut` cards deep, in the batches named."""

    player: int
    pack: tuple[Card, ...]
    cut: int
    batches: str
    verb: ClassVar[str] = "deal"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} deal {self.batches}, cut at {self.cut}"


@dataclass(frozen=True, slots=True)
class Arrange:
    """A deal set out by hand (scenarios, studies): both hands, the turn-up and the talon, top first."""

    player: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turnup: Card
    talon: tuple[Card, ...]
    verb: ClassVar[str] = "arrange"

    def __str__(self) -> str:
        return (f"{PLAYERS[self.player]} deals A {names(self.hands[0])} / B {names(self.hands[1])},"
                f" turns up {card_name(self.turnup)}")


Action = Union[Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing, Discard, Play, Draw, Deal,
               Arrange]
PlayerAction = Union[Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing, Discard, Play]

_SIMPLE = {cls.verb: cls for cls in (Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing)}
VERBS = (*_SIMPLE, "discard", "play")


def parse_action(text: str) -> PlayerAction:
    """A player's action from its notation (`A play KH`, `B discard 7S 8S`); ValueError if malformed."""
    words = text.split()
    if len(words) < 2 or words[0] not in ("A", "B"):
        raise ValueError(f"action {text!r} must read `A|B VERB [CARDS]`")
    player, verb, args = PLAYERS.index(words[0]), words[1], words[2:]
    if verb in _SIMPLE:
        if args:
            raise ValueError(f"action {text!r}: {verb} takes no cards")
        return _SIMPLE[verb](player)
    if verb == "play":
        if len(args) != 1:
            raise ValueError(f"action {text!r}: play takes one card")
        return Play(player, parse_card(args[0]))
    if verb == "discard":
        return Discard(player, tuple(parse_card(a) for a in args))
    raise ValueError(f"unknown verb {verb!r} in {text!r} (verbs: {', '.join(VERBS)})")


STAND = (Stand(0), Stand(1))
PROPOSE = (Propose(0), Propose(1))
ACCEPT = (Accept(0), Accept(1))
REFUSE = (Refuse(0), Refuse(1))
MARK_KING = (MarkKing(0), MarkKing(1))
ANNOUNCE_KING = (AnnounceKing(0), AnnounceKing(1))
PLAY = tuple(tuple(Play(p, c) for c in range(32)) for p in (0, 1))
