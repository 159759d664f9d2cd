"""Actions: immutable values naming who does what, written like the scenarios' action lines.

Players are 0 and 1, written A and B. A player's action reads `A play KH`; `parse_action`
reads that notation back. The dealing actions (`Draw`, `Deal`, `Arrange`) start a game or a deal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from .cards import SUITS, Card, card_name, names, parse_card
from .irregularities import Choice, Irregularity
from .param_values import Batches

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
    """The draw for the first deal: the card each player drew, A's first; `extra`, the cards
    each drew with it by mistake (table mode: the witness says which counts)."""

    cards: tuple[Card, Card]
    extra: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        a, b = ((c, *more) for c, more in zip(self.cards, self.extra))
        return f"draw A {names(a)}, B {names(b)}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer deals a shuffled pack (top first), cut `cut` cards deep, in the batches named."""

    player: int
    pack: tuple[Card, ...]
    cut: int
    batches: Batches
    turned: bool = True        # False (table mode): the eleventh card waits for the dealer's `turn`
    verb: ClassVar[str] = "deal"

    def __post_init__(self) -> None:
        if self.batches.__class__ is not Batches:    # a string equal to a member would be dealt as the other
            raise TypeError(f"a deal's batches are a Batches member, not {self.batches!r}")

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} deal {self.batches}, cut at {self.cut}"


@dataclass(frozen=True, slots=True)
class Arrange:
    """A deal set out by hand (scenarios, studies): both hands, the turn-up and the talon, top first."""

    player: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    turnup: Card
    talon: tuple[Card, ...]
    turned: bool = True        # False (table mode): the eleventh card waits for the dealer's `turn`
    verb: ClassVar[str] = "arrange"

    def __str__(self) -> str:
        return (f"{PLAYERS[self.player]} deals A {names(self.hands[0])} / B {names(self.hands[1])},"
                f" turns up {card_name(self.turnup)}")


# ---- table mode (engine/table.py): what happens at a real table, and the remedies ----------

@dataclass(frozen=True, slots=True)
class Look:
    """The player looks at his cards (rulings differ before and after he has)."""

    player: int
    verb: ClassVar[str] = "look"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class TurnUp:
    """The dealer turns up the eleventh card (table mode, when the deal was dealt without it)."""

    player: int
    verb: ClassVar[str] = "turn"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class Correct:
    """The offender puts right his own fault before it is called (a renonce, a false king)."""

    player: int
    verb: ClassVar[str] = "correct"
    __str__ = Stand.__str__


@dataclass(frozen=True, slots=True)
class Name:
    """The leader names the suit he leads ("Pique"); he must then lead it."""

    player: int
    suit: int
    verb: ClassVar[str] = "name"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} name {SUITS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Call:
    """A player points out an irregularity the opponent committed earlier (`B call renonce`)."""

    player: int
    kind: Irregularity
    verb: ClassVar[str] = "call"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} call {self.kind}"


@dataclass(frozen=True, slots=True)
class Choose:
    """The wronged player chooses one of the remedies his opponent's irregularity offers him."""

    player: int
    choice: Choice
    verb: ClassVar[str] = "choose"

    def __str__(self) -> str:
        return f"{PLAYERS[self.player]} choose {self.choice}"


@dataclass(frozen=True, slots=True)
class Irregular:
    """Something done against the rules at the table, by `player`, with the cards it concerns.

    `mixed` marks cards thrown down and mixed beyond sorting out; `asked` a wrong count that is
    the asker's own fault, not the dealer's.
    """

    player: int
    kind: Irregularity
    cards: tuple[Card, ...] = ()
    mixed: bool = False            # `throw mixed`
    asked: bool = False            # `extra C asked`, `short C asked`
    verb: ClassVar[str] = "irregular"

    def __str__(self) -> str:
        words = [PLAYERS[self.player], self.kind.value, *map(card_name, self.cards)]
        return " ".join(words + ["mixed"] * self.mixed + ["asked"] * self.asked)


Action = Union[Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing, Discard, Play, Draw, Deal,
               Arrange, Look, TurnUp, Correct, Name, Call, Choose, Irregular]
PlayerAction = Union[Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing, Discard, Play,
                     Look, TurnUp, Correct, Name, Call, Choose, Irregular]

_SIMPLE = {cls.verb: cls for cls in (Stand, Propose, Accept, Refuse, MarkKing, AnnounceKing, Look, TurnUp,
                                     Correct)}
_IRREGULAR_CARDS = {  # verb → (fewest cards, most cards, qualifiers allowed)
    Irregularity.FACED: (1, 1, ()), Irregularity.EXPOSED: (1, 1, ()),
    Irregularity.EXTRA: (1, 1, ("asked",)), Irregularity.SHORT: (1, 1, ("asked",)),
    Irregularity.TURNED_UP: (1, 3, ()), Irregularity.DROPPED: (1, 1, ()),
    Irregularity.THROWN: (0, 0, ("mixed",)), Irregularity.DISCARDS_TOUCHED: (0, 0, ()),
    Irregularity.DISCARDS_MIXED: (0, 0, ()), Irregularity.TRICKS_LOOKED: (0, 0, ()),
    Irregularity.TRICK_TAKEN: (0, 0, ()), Irregularity.LEFT: (0, 0, ()), Irregularity.FALSE_PACK: (0, 0, ()), Irregularity.INCOMPLETE_PACK: (0, 0, ()),
    Irregularity.FRESH_PACK: (0, 0, ()), Irregularity.RESHUFFLE: (0, 0, ()),
}
"""The irregularities written as their own verb; the others arise from ordinary verbs
(a renonce is a `play`, a false king a `mark-king`, a changed batch a `deal`) and are `call`ed."""
CALLABLE = (Irregularity.RENONCE, Irregularity.FALSE_KING, Irregularity.DEAL_OUT_OF_TURN, Irregularity.TRICK_TAKEN)
VERBS = (*_SIMPLE, "discard", "play", "name", "call", "choose", *(k.value for k in _IRREGULAR_CARDS))


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
    return _parse_table(text, player, verb, args)


def _parse_table(text: str, player: int, verb: str, args: list[str]) -> PlayerAction:
    """The table-mode verbs: name, call, choose and the irregularities written as verbs."""
    if verb == "name":
        if len(args) != 1 or args[0].upper() not in SUITS:
            raise ValueError(f"action {text!r}: name takes one suit letter ({' '.join(SUITS)})")
        return Name(player, SUITS.index(args[0].upper()))
    if verb == "call":
        callable_ = [k.value for k in CALLABLE]
        if len(args) != 1 or args[0] not in callable_:
            raise ValueError(f"action {text!r}: call takes one of {', '.join(callable_)}")
        return Call(player, Irregularity(args[0]))
    if verb == "choose":
        if len(args) != 1 or args[0] not in {c.value for c in Choice}:
            raise ValueError(f"action {text!r}: choose takes one of {', '.join(c.value for c in Choice)}")
        return Choose(player, Choice(args[0]))
    kind = next((k for k in _IRREGULAR_CARDS if k.value == verb), None)
    if kind is None:
        raise ValueError(f"unknown verb {verb!r} in {text!r} (verbs: {', '.join(VERBS)})")
    fewest, most, qualifiers = _IRREGULAR_CARDS[kind]
    qualifier = args.pop() if args and args[-1] in qualifiers else None
    if not fewest <= len(args) <= most:
        wanted = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise ValueError(f"action {text!r}: {verb} takes {wanted} card(s)"
                         + (f" and optionally {' or '.join(qualifiers)}" if qualifiers else ""))
    return Irregular(player, kind, tuple(parse_card(a) for a in args), qualifier == "mixed",
                     qualifier == "asked")


STAND = (Stand(0), Stand(1))
PROPOSE = (Propose(0), Propose(1))
ACCEPT = (Accept(0), Accept(1))
REFUSE = (Refuse(0), Refuse(1))
MARK_KING = (MarkKing(0), MarkKing(1))
ANNOUNCE_KING = (AnnounceKing(0), AnnounceKing(1))
PLAY = tuple(tuple(Play(p, c) for c in range(32)) for p in (0, 1))
