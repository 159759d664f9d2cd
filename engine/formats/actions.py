"""What people at a table of several players do besides playing: the verbs of a sitting scenario.

A line reads `NAME VERB [AMOUNT] [cash|jetons] [on|before NAME]`, for example `Csaba bet 10 on Ádám`,
`Kálmán hold`, `Dezső look Ádám` (docs/formats.md lists every verb).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .money import Medium


class Verb(str, Enum):
    """A sitting's act, and what it takes: an amount, another person, or nothing."""

    BET = "bet"              # AMOUNT [cash] on PLAYER: a stake on a side
    DECLARE = "declare"      # AMOUNT: the player's total of his side (hu-nc.58)
    RESTE = "reste"          # on PLAYER: he holds the reste of that side and pays for it (hu-nc.58)
    BEGIN = "begin"          # the coup begins: the stakes are balanced
    CALL = "call"            # the chouetteur calls for the stakes: «je voudrais voir le coup» (hu-nc.6)
    HOLD = "hold"            # «le coup est tenu» (hu-nc.6)
    WITHDRAW = "withdraw"    # the chouetteur does not hold the coup (hu-nc.6)
    ALLOW = "allow"          # the chouetteur's leave to change held stakes (hu-nc.6)
    ADMIT = "admit"          # PERSON: the chouetteur's leave to stand on his side (hu-nc.4)
    REQUIRE = "require"      # the chouetteur requires jetons only (hu-nc.8)
    BANK = "bank"            # AMOUNT: the banker lays a bank (de-scheicher.14.3)
    RAISE = "raise"          # AMOUNT: the banker raises the bank (de-scheicher.14.4)
    TAKE_OUT = "take-out"    # the banker takes out what the stakes leave over (de-scheicher.14.4)
    GIVE_UP = "give-up"      # the chouetteur or banker gives up the chouette (hu-nc.5.2, de-scheicher.14.9)
    BID = "bid"              # AMOUNT: a bid for the bank at its auction (de-scheicher.14.11)
    RENOUNCE = "renounce"    # a player gives up his hand (hu-nc.4)
    JOIN = "join"            # a newcomer asks to be written into the list (hu-nc.3)
    SIT = "sit"              # on PLAYER: the chouetteur takes that player's place (hu-nc.5.1)
    ADVISE = "advise"        # PLAYER: advice to a player (hu-nc.57, de-scheicher.14.5)
    DEMAND = "demand"        # PLAYER: demands that the advice be followed (hu-nc.57)
    REMIND = "remind"        # PLAYER: reminds him to mark his points (hu-nc.56.1)
    MARK = "mark"            # PLAYER: marks that player's points (hu-nc.56.1)
    POINT_OUT = "point-out"  # points out a fault (hu-nc.49)
    LOOK = "look"            # PLAYER: looks at that player's cards (de-scheicher.13.4)
    SPEAK = "speak"          # speaks in the game (hu-nc.49)

    def __str__(self) -> str:
        return self.value


_AMOUNT = {Verb.BET, Verb.DECLARE, Verb.BANK, Verb.RAISE, Verb.BID}
_PERSON = {Verb.BET, Verb.RESTE, Verb.ADMIT, Verb.SIT, Verb.ADVISE, Verb.DEMAND, Verb.REMIND, Verb.MARK,
           Verb.LOOK}


@dataclass(frozen=True)
class SittingAct:
    """One act at the table by `who`."""

    who: str
    verb: Verb
    amount: Fraction | None = None
    other: str | None = None
    medium: Medium = Medium.JETONS

    def __str__(self) -> str:
        parts = [self.who, self.verb.value]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.medium is Medium.CASH or self.verb is Verb.REQUIRE:
            parts.append("cash" if self.verb is Verb.BET else "jetons")
        if self.other is not None:
            parts += (["on"] if self.verb in (Verb.BET, Verb.RESTE, Verb.SIT) else []) + [self.other]
        return " ".join(parts)


def parse_sitting_act(text: str) -> SittingAct:
    """A sitting's act from its line; ValueError saying what is wrong."""
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"a sitting's act is NAME VERB …, not {text!r}")
    who, word, rest = words[0], words[1], words[2:]
    try:
        verb = Verb(word)
    except ValueError:
        raise ValueError(f"unknown sitting's verb {word!r} (verbs: {', '.join(v.value for v in Verb)})") from None
    amount = None
    if verb in _AMOUNT:
        if not rest:
            raise ValueError(f"{verb} needs an amount: {text!r}")
        try:
            amount = Fraction(rest.pop(0))
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"{verb}: not an amount: {text!r}") from None
        if amount <= 0:
            raise ValueError(f"{verb}: the amount must be more than nothing: {text!r}")
    medium = Medium.JETONS
    if verb is Verb.REQUIRE and rest == [Medium.JETONS.value]:
        rest.pop()                                    # «require jetons»: the one thing required
    if rest and rest[0] in (Medium.CASH.value, Medium.JETONS.value):
        if verb is not Verb.BET:
            raise ValueError(f"only a bet is laid in cash or jetons: {text!r}")
        medium = Medium(rest.pop(0))
    other = None
    if verb in _PERSON:
        if rest and rest[0] == "on":
            rest.pop(0)
        if len(rest) != 1:
            raise ValueError(f"{verb} names one person: {text!r}")
        other = rest.pop()
    if rest:
        raise ValueError(f"{verb} takes nothing more: {text!r}")
    return SittingAct(who, verb, amount, other, medium)
