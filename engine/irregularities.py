"""What goes wrong at a table, and each witness's remedy for it: the vocabulary of table mode.

An irregularity (`Irregularity`) is found in one of the situations (`Case`) the rulebooks tell
apart; a witness's ruling for that case (`Ruling`, read from the `[irregularities.KIND.CASE]`
tables of its ruleset file) is either one remedy applied at once or a choice between remedies
(`Choice` → `Effect`s) that belongs to the wronged player. A case no ruling names is one the
witness does not rule on: table mode refuses it (`no-ruling`) rather than guess.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any


class Mode(str, Enum):
    """How the engine meets a fault: refuse it (strict), or record it and apply the remedy (table)."""

    STRICT = "strict"
    TABLE = "table"


class Irregularity(str, Enum):
    """The irregularities table mode records, each named by its scenario verb."""

    DREW_SEVERAL = "draw-several"        # a player draws two cards or more for the deal instead of one
    FACED = "faced"                      # a card found face up in the pack or among the replacements
    EXPOSED = "expose"                   # the dealer turns a card over while dealing or giving cards
    BATCHES_CHANGED = "batches-changed"  # a deal in other batches than the dealer's first
    DEAL_OUT_OF_TURN = "deal-out-of-turn"
    EXTRA = "extra"                      # a hand holds a card too many
    SHORT = "short"                      # a hand lacks a card
    ASKED_WRONG = "asked-wrong"          # the elder asked for more or fewer cards than he discarded
    TURNED_UP = "turn-up"                # more than one card turned up
    FALSE_KING = "false-king"            # the king marked by a player who does not hold it
    NAMED_SUIT = "named-suit"            # a suit named and another led
    LEAD_OUT_OF_TURN = "lead-out-of-turn"
    RENONCE = "renonce"                  # a card played against the duty of play
    DISCARDS_TOUCHED = "touch-discards"  # discards touched or looked at
    DISCARDS_MIXED = "mix-discards"      # both players' discards mixed
    TRICKS_LOOKED = "look-tricks"        # covered tricks looked at
    DROPPED = "drop"                     # a card dropped from the hand
    TRICK_TAKEN = "take-trick"           # a player takes a trick that is not his
    THROWN = "throw"                     # a player throws his cards down
    LEFT = "leave"                       # a player leaves the game
    FALSE_PACK = "false-pack"
    INCOMPLETE_PACK = "incomplete-pack"  # a pack found short of cards, or with cards too many
    FRESH_PACK = "fresh-pack"            # a player asks for fresh cards
    RESHUFFLE = "reshuffle"              # a player shuffles again before the cut

    def __str__(self) -> str:
        return self.value


DESCRIPTION = {
    Irregularity.DREW_SEVERAL: "more than one card drawn for the deal",
    Irregularity.FACED: "a card found face up",
    Irregularity.EXPOSED: "a card turned over by the dealer",
    Irregularity.BATCHES_CHANGED: "the batches changed",
    Irregularity.DEAL_OUT_OF_TURN: "a deal out of turn",
    Irregularity.EXTRA: "a card too many in a hand",
    Irregularity.SHORT: "a card lacking in a hand",
    Irregularity.ASKED_WRONG: "more or fewer cards asked for than discarded",
    Irregularity.TURNED_UP: "more than one card turned up",
    Irregularity.FALSE_KING: "the king marked by a player who does not hold it",
    Irregularity.NAMED_SUIT: "a suit named and another led",
    Irregularity.LEAD_OUT_OF_TURN: "a card led out of turn",
    Irregularity.RENONCE: "a renonce",
    Irregularity.DISCARDS_TOUCHED: "the discards touched",
    Irregularity.DISCARDS_MIXED: "the discards mixed",
    Irregularity.TRICKS_LOOKED: "covered tricks looked at",
    Irregularity.DROPPED: "a card dropped",
    Irregularity.TRICK_TAKEN: "a trick taken by the player it does not belong to",
    Irregularity.THROWN: "cards thrown down",
    Irregularity.LEFT: "a player leaves the game",
    Irregularity.FALSE_PACK: "a false pack",
    Irregularity.INCOMPLETE_PACK: "a pack short of cards or with cards too many",
    Irregularity.FRESH_PACK: "fresh cards asked for",
    Irregularity.RESHUFFLE: "the cards shuffled again before the cut",
}
"""What each irregularity is, in a few words (explanations, `ecarte xref`)."""


class Effect(str, Enum):
    """One thing a remedy does to the game (engine/remedies.py performs each)."""

    KEEP = "keep"                        # the game goes on as it is
    REDEAL = "redeal"                    # the deal is void; the same dealer deals again
    REDEAL_PASS = "redeal-pass"          # the deal is void and the dealer loses the deal
    REDEAL_RIGHT = "redeal-right"        # the deal is void; the player whose turn it was deals
    VOID_GAME = "void-game"              # the whole game is void: it starts again as it began
    TAKE_BACK = "take-back"              # the faulty card goes back to the hand, the state as before it
    LEAD_NAMED = "lead-named"            # the card led is taken back and the named suit must be led
    REPLAY = "replay"                    # the cards played go back to the hands; the play starts again
    LESS_ONE = "less-one"                # the offender marks one point less for his tricks
    OPEN_HAND = "open-hand"              # the offender plays on with his cards face up
    NO_KING = "no-king"                  # the offender may not mark the king in this deal
    MARK_ONE = "mark-one"                # the wronged player marks a point
    TWO_IN_ALL = "two-in-all"            # the wronged player's points for the deal are made up to two
    PLUS_ONE = "plus-one"                # the wronged marks one point more after the deal (at least one)
    FORFEIT_DEAL = "forfeit-deal"        # the offender loses the king's point and marks nothing this deal
    CORRECT_COUNT = "correct-count"      # a card too many is put away, a card lacking taken from the talon
    RETURN_EXTRA = "return-extra"        # the card too many goes back on the talon
    SET_ASIDE_EXTRA = "set-aside-extra"  # the card too many is put out of play (the holder discards it)
    DRAW_OUT_EXTRA = "draw-out-extra"    # the opponent draws the card too many out of the hand
    TAKE_MISSING = "take-missing"        # the short hand takes the top card of the talon
    PLAY_SHORT = "play-short"            # the short hand plays on and loses the tricks it cannot follow
    RESTORE_ORDER = "restore-order"      # cards turned up by mistake go back on the talon in order
    SEEN_TO_BOTTOM = "seen-to-bottom"    # cards turned up by mistake go to the bottom of the talon
    SET_ASIDE_SEEN = "set-aside-seen"    # cards turned up by mistake are put out of play
    REPLACE_CARD = "replace-card"        # a card exposed in the exchange is put out of play and replaced
    MUST_ACCEPT = "must-accept"          # the dealer must grant the next proposal
    NO_MORE_TRICKS = "no-more-tricks"    # the offender's thrown cards take no trick
    LOSE_GAME = "lose-game"              # the offender loses the game
    UNMARK_KING = "unmark-king"          # the point marked for a king not held is taken off
    NOT_PLAYED = "not-played"            # a dropped card stays in the hand, unless the opponent plays to it
    PLAYED = "played"                    # a dropped card counts as played
    RETURN_TRICK = "return-trick"        # a trick taken wrongly goes back to its winner
    HIGHEST_COUNTS = "highest-counts"    # of the cards drawn by mistake for the deal, the highest counts

    def __str__(self) -> str:
        return self.value


class Choice(str, Enum):
    """The names of the options a wronged player chooses between (`B choose new-deal`)."""

    KEEP = "keep"
    NEW_DEAL = "new-deal"
    TAKE = "take"
    SET_ASIDE = "set-aside"
    RESTORE = "restore"
    BOTTOM = "bottom"
    OPEN = "open"
    TAKE_BACK = "take-back"
    DRAW_OUT = "draw-out"

    def __str__(self) -> str:
        return self.value


class Role(str, Enum):
    """Whom a ruling concerns: either player, or only the elder or only the dealer."""

    ANY = "any"
    ELDER = "elder"
    DEALER = "dealer"


class Case(str, Enum):
    """The situations the rulebooks tell apart when an irregularity is found."""

    ANY = "any"                            # a ruling that does not depend on the situation
    TURNUP = "turnup"                      # the card concerned is the turn-up
    DEALER_CARD = "dealer-card"            # one of the dealer's five cards, while dealing
    ELDER_CARD = "elder-card"              # one of the elder's five cards, while dealing
    DRAWN_DEALER = "drawn-dealer"          # a card the dealer gives himself in the exchange
    DRAWN_ELDER = "drawn-elder"            # a card the dealer gives the elder in the exchange
    DRAWN_TRUMP = "drawn-trump"            # a trump turned over while giving cards in the exchange
    UNSEEN = "unseen"                      # before the player concerned has looked at his cards
    SEEN = "seen"                          # after he has looked, before the first card is led
    DRAWN_UNSEEN = "drawn-unseen"          # after the exchange, before he has looked at the cards drawn
    DRAWN_SEEN = "drawn-seen"              # after the exchange, once he has looked at them
    DEALER_UNSEEN = "dealer-unseen"        # after the exchange, before the dealer has seen the cards he took
    BEFORE_TURNUP = "before-turnup"        # dealt, the eleventh card not yet turned up, nobody has looked
    BEFORE_SPEECH = "before-speech"        # turned up, but nobody has proposed or played yet
    AFTER_SPEECH = "after-speech"          # after a proposal or a play without proposing
    IN_PLAY = "in-play"                    # after the first card is led
    BEFORE_NEXT_LEAD = "before-next-lead"  # before the next card is led after the fault
    AFTER_NEXT_LEAD = "after-next-lead"    # once the next card has been led
    LEADING = "leading"                    # the card was dropped by the player to lead
    FOLLOWING = "following"                # the card fell on the card the opponent led
    SHOWN = "shown"                        # cards thrown down and kept apart
    MIXED = "mixed"                        # cards thrown down and mixed beyond sorting out

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Option:
    """One remedy: the choice naming it (None when it is applied at once) and what it does."""

    choice: Choice | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Ruling:
    """A witness's remedy for one irregularity in one case, with the units that state it."""

    kind: Irregularity
    case: Case
    role: Role
    options: tuple[Option, ...]
    cites: tuple[str, ...]
    note: str | None = None
    at_exchange: bool = False      # the wronged elder chooses when he next exchanges, not at once

    @property
    def chosen(self) -> bool:
        """Whether the wronged player chooses between options (else the one remedy applies at once)."""
        return self.options[0].choice is not None

    def option(self, choice: Choice) -> Option | None:
        """The option a choice names; None if this ruling does not offer it."""
        return next((o for o in self.options if o.choice is choice), None)

    def describe(self) -> str:
        """The remedy read aloud: `take-back`, or `keep (keep) | new-deal (redeal-pass)`."""
        return " | ".join((f"{o.choice}: " if o.choice else "") + " + ".join(map(str, o.effects))
                          for o in self.options)


def options_data(options: tuple[Option, ...]) -> dict[str, Any]:
    """Remedies as their ruleset file writes them: {"remedy": [...]} or {"choice": {...}}."""
    if options[0].choice is None:
        return {"remedy": [e.value for e in options[0].effects]}
    return {"choice": {o.choice.value: [e.value for e in o.effects] for o in options}}


Rulings = Mapping[tuple[Irregularity, Case, Role], Ruling]


def read_rulings(data: Any, siglum: str, context: str) -> Rulings:
    """The `[irregularities]` table of a ruleset file, checked; ValueError naming the entry otherwise.

    Each `[irregularities.KIND.CASE]` has `cites` (units of the witness), an optional `note`, and
    either `remedy = [EFFECT, …]` (applied at once) or `choice = { CHOICE = [EFFECT, …], … }`;
    a sub-table `elder` or `dealer` gives a ruling for that player only (`[…CASE.dealer]`).
    """
    if not isinstance(data, dict):
        raise ValueError(f"{context}: [irregularities] must be a table")
    rulings: dict[tuple[Irregularity, Case, Role], Ruling] = {}
    for kind_name, cases in data.items():
        kind = _member(Irregularity, kind_name, f"{context}: irregularities.{kind_name}")
        if not isinstance(cases, dict):
            raise ValueError(f"{context}: irregularities.{kind_name} must be a table of cases")
        for case_name, entry in cases.items():
            where = f"{context}: irregularities.{kind_name}.{case_name}"
            case = _member(Case, case_name, where)
            if not isinstance(entry, dict):
                raise ValueError(f"{where}: expected a table")
            for who in (Role.ELDER, Role.DEALER):
                if who.value in entry:
                    rulings[kind, case, who] = _ruling(kind, case, who, entry[who.value], siglum,
                                                       f"{where}.{who.value}")
            own = {k: v for k, v in entry.items() if k not in (Role.ELDER.value, Role.DEALER.value)}
            if own:
                rulings[kind, case, Role.ANY] = _ruling(kind, case, Role.ANY, own, siglum, where)
    return MappingProxyType(rulings)


def _ruling(kind: Irregularity, case: Case, who: Role, entry: Any, siglum: str, where: str) -> Ruling:
    if not isinstance(entry, dict) or set(entry) - {"cites", "note", "remedy", "choice", "when"}:
        raise ValueError(f"{where}: expected a table with cites, note and remedy or choice"
                         " (or elder/dealer sub-tables)")
    cites = entry.get("cites")
    if not isinstance(cites, list) or not cites or not all(
            isinstance(c, str) and c.startswith(siglum + ".") for c in cites):
        raise ValueError(f"{where}: cites must be a non-empty list of units of {siglum}")
    options = read_options(entry, where)
    taken_back = {Effect.TAKE_BACK, Effect.LEAD_NAMED} & {e for o in options for e in o.effects}
    if taken_back and kind not in (Irregularity.RENONCE, Irregularity.LEAD_OUT_OF_TURN, Irregularity.NAMED_SUIT):
        raise ValueError(f"{where}: {sorted(taken_back)[0]} takes back a card played, which {kind} is not")
    note = entry.get("note")
    if note is not None and not isinstance(note, str):
        raise ValueError(f"{where}: note must be a string")
    when = entry.get("when", "at-once")
    if when not in ("at-once", "exchange") or (when == "exchange" and options[0].choice is None):
        raise ValueError(f"{where}: when is \"at-once\" or, for a choice, \"exchange\" (when the elder exchanges)")
    return Ruling(kind, case, who, options, tuple(cites), note, when == "exchange")


def read_options(entry: dict[str, Any], where: str) -> tuple[Option, ...]:
    """A ruling's remedies from `remedy = [EFFECT, …]` or `choice = { CHOICE = [EFFECT, …], … }`."""
    if ("remedy" in entry) == ("choice" in entry):
        raise ValueError(f"{where}: give either remedy = [...] or choice = {{ ... }}")
    if "remedy" in entry:
        return (Option(None, _effects(entry["remedy"], where + ".remedy")),)
    choices = entry["choice"]
    if not isinstance(choices, dict) or len(choices) < 2:
        raise ValueError(f"{where}: choice must offer at least two options")
    return tuple(Option(_member(Choice, name, f"{where}.choice"), _effects(effects, f"{where}.choice.{name}"))
                 for name, effects in choices.items())


def _effects(value: Any, where: str) -> tuple[Effect, ...]:
    if not isinstance(value, list) or not value:
        raise ValueError(f"{where} must be a non-empty list of effects")
    return tuple(_member(Effect, v, where) for v in value)


def _member(enum: type[Enum], value: Any, where: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        known = ", ".join(m.value for m in enum)    # type: ignore[attr-defined]
        raise ValueError(f"{where}: unknown {enum.__name__.lower()} {value!r} (known: {known})") from None
