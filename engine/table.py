"""Table mode's book of a deal: what really happens at a table, kept beside the state.

In strict mode (the default) the engine refuses a faulty action. In table mode (`Options(mode=
Mode.TABLE)`) it records what the players did — a renonce played, a card exposed, a wrong count
(engine/faults.py, engine/faulty_actions.py) —, finds the case the ruleset's rulings distinguish
and judges it (engine/judging.py), and applies the ruling's remedy (engine/remedies.py). This
module holds what they share: the fault, the remedy waiting, the deal's flags, and the verbs and
points that only keep the books. Every event cites the units of the ruling that decides it.

The per-deal record (`TableDeal`) is immutable and kept in the state's checkpoints, so `undo()`
and `copy()` work as in strict mode; `Fault.snapshot` keeps the state before a fault that a
remedy may take back.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .cards import FULL, cards_of
from .errors import Code, IllegalAction
from .events import Event, EventKind
from .irregularities import Irregularity, Mode, Ruling
from .phase import DEAL, DRAW, OVER, PLAY, SPEAK, TURNUP, Phase

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True)
class Fault:
    """One irregularity found: by whom, in which case, the cards it concerns, the state before it."""

    kind: Irregularity
    offender: int
    cards: tuple[int, ...] = ()
    snapshot: tuple | None = None
    cards_played: int = 0          # how many cards were played when it happened
    extra: bool = False            # a wrong count: a card too many (else one lacking)


@dataclass(frozen=True)
class Pending:
    """A remedy the wronged player must choose before the game goes on."""

    fault: Fault
    ruling: Ruling
    chooser: int
    phase: Phase                   # the phase and turn to go back to once he has chosen
    turn: int


@dataclass(frozen=True)
class TableDeal:
    """What table mode remembers of the current deal (bit p: player p)."""

    looked: int = 0                # has looked at his cards since he last received some
    open_hands: int = 0            # plays with his cards face up
    no_king: int = 0               # may not mark the king in this deal
    less_one: int = 0              # marks one point less for his tricks
    forfeit: int = 0               # marks nothing more in this deal
    plus_one: int = 0              # marks one point more after the deal
    must_accept: bool = False      # the dealer must grant the next proposal
    named: int = -1                # the suit the leader named, -1 if none
    drawn: tuple[int, tuple[int, ...]] | None = None   # the cards last given in the exchange, and to whom
    uncalled: tuple[Fault, ...] = ()                     # faults that stand until someone calls them
    pending: Pending | None = None
    deferred: Pending | None = None                      # a choice the elder makes when he exchanges
    discard_held: act.Discard | None = None               # his discard, named before that choice
    dropped: tuple[int, int] | None = None               # (player, card) dropped by the leader, not played
    turnup_king_due: bool = False  # a turned-up king the dealer has still to mark
    because: tuple[tuple[str, Ruling], ...] = ()           # each penalty flag set, with the ruling that set it


def start(state: State, turned: bool) -> None:
    """A new deal in table mode: nobody has looked; a turned-up king waits for the dealer's mark.
    A deal not `turned` waits for the dealer to turn up the eleventh card."""
    state.table = TableDeal(turnup_king_due=turned and state.turnup & 7 == 0)
    if not turned:
        state.phase, state.turn = TURNUP, state.dealer


def turn_up(state: State, action: act.TurnUp) -> None:
    """`B turn`: the dealer turns up the eleventh card; its suit is trumps and the elder speaks."""
    if state.phase is not TURNUP:
        raise IllegalAction(Code.WRONG_PHASE, f"no card to turn up in phase {state.phase.value}")
    if action.player != state.dealer:
        raise IllegalAction(Code.WRONG_TURN, f"{PLAYERS[state.dealer]} turns up, not {PLAYERS[action.player]}",
                            "deal.turnup", state._c.cites["deal.turnup"])
    state._history.append(action)
    state.phase, state.turn = SPEAK, 1 - state.dealer
    update(state, turnup_king_due=state.turnup & 7 == 0)
    state.log.append(Event(state.deal_number, EventKind.TURNED, state.dealer, 0, "deal.turnup",
                           state._c.cites["deal.turnup"], (state.turnup,), state.score))


def is_table(state: State) -> bool:
    """Whether the game is played in table mode."""
    return state.options.mode is Mode.TABLE


# ---- keeping the record --------------------------------------------------------------------

def ruling_event(state: State, kind: EventKind, player: int | None, ruling_: Ruling | None, detail: tuple,
                 points: int = 0) -> None:
    """Log an event of table mode, citing the units of the ruling behind it (none if it has none)."""
    cites = ruling_.cites if ruling_ else ()
    rule = f"table.{ruling_.kind}" if ruling_ else None
    state.log.append(Event(state.deal_number, kind, player, points, rule, cites, detail, state.score))


def unrecorded(state: State, perform: Callable[..., None], *args: object) -> None:
    """Perform an action that belongs to the one being applied (a held discard, a dropped card's
    play): its events are logged, but the history keeps only the action that brought it about,
    so that replaying the history does it once."""
    recorded = len(state._history)
    perform(*args)
    del state._history[recorded:]


def update(state: State, **changes: object) -> None:
    """Replace the deal's record with some fields changed (it is immutable: checkpoints share it)."""
    state.table = replace(state.table, **changes)


def player_bit(player: int) -> int:
    """The bit of `player` in the record's per-player flags."""
    return 1 << player


def holder_of(state: State, card: int) -> int:
    """Who holds a card (-1: nobody)."""
    hands = state.hands
    return 0 if hands >> card & 1 else 1 if hands >> card + 32 & 1 else -1


def give_rest(state: State, p: int, rest: int) -> int:
    """`p` takes the `rest` tricks still to play; every card in the hands is out of play. Returns rest."""
    t = state.tricks
    state.tricks = (t[0] + rest, t[1]) if p == 0 else (t[0], t[1] + rest)
    state.played |= state.hands
    state.hands, state.led = 0, -1
    return rest


# ---- the verbs that keep the books ---------------------------------------------------------

def looks(state: State, player: int) -> None:
    """The player has looked at his cards (by `look`, or by any action of his in the deal)."""
    table = state.table
    if table is not None and not table.looked >> player & 1:
        update(state, looked=table.looked | player_bit(player))
        if table.turnup_king_due and player == state.dealer:
            update(state, turnup_king_due=False)


def look(state: State, action: act.Look) -> None:
    """`A look`: the player looks at his cards; some rulings change once he has."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "looking at the cards is recorded in table mode only")
    if state.phase in (OVER, DEAL, DRAW):
        raise IllegalAction(Code.WRONG_PHASE, f"no cards to look at in phase {state.phase.value}")
    if state.phase is TURNUP:
        raise IllegalAction(Code.WRONG_PHASE, "the cards are looked at once the trump is turned up",
                            "deal.look", state._c.cites["deal.look"])
    state._history.append(action)
    state.log.append(Event(state.deal_number, EventKind.LOOK, action.player, 0, None, (), (), state.score))
    looks(state, action.player)


def name(state: State, action: act.Name) -> None:
    """The leader names the suit he will lead (de-scheicher.6.2's custom; binding in hu-nc.32)."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "naming the suit led is recorded in table mode only")
    if state.phase is not PLAY or state.turn != action.player or state.led >= 0:
        raise IllegalAction(Code.WRONG_PHASE, "the suit is named by the player to lead, as he leads")
    state._history.append(action)
    state.log.append(Event(state.deal_number, EventKind.NAMED, action.player, 0, None, (), (action.suit,), state.score))
    update(state, named=action.suit)


def drawn(state: State, player: int, cards: tuple[int, ...]) -> None:
    """Cards given in the exchange: the receiver has not looked at them yet."""
    update(state, drawn=(player, cards), looked=state.table.looked & ~player_bit(player))


def lawful_play(state: State, action: act.Play) -> None:
    """A lawful play in table mode: a card the leader dropped stays his; a named suit is led."""
    table = state.table
    if state.led < 0 and (table.named >= 0 or table.dropped):
        update(state, named=-1, dropped=None)
    state._perform_play(action, action.player, action.card)


def accepted(state: State) -> None:
    """The dealer granted the proposal he had to grant."""
    update(state, must_accept=False)


# ---- the score of a deal -------------------------------------------------------------------

def flag_units(table: TableDeal, flag: str) -> tuple[str, ...]:
    """The units of the rulings that set a penalty flag in this deal."""
    return tuple(dict.fromkeys(u for name, ruling_ in table.because if name == flag for u in ruling_.cites))


def trick_points(state: State, winner: int, points: int, rule: str,
                 why: str) -> tuple[int, str, str, tuple[str, ...] | None]:
    """The winner's points for his tricks after penalties (one less, nothing), for `_mark`."""
    table = state.table
    for flag, less, reason in (("forfeit", points, "marks nothing after his false king"),
                               ("less_one", 1, "one point less for his renonce")):
        if getattr(table, flag) >> winner & 1:
            cites = state._c.cites[rule] + flag_units(table, flag)
            return max(0, points - less), rule, f"{why}, {reason}", cites
    return points, rule, why, None


def after_score(state: State) -> None:
    """Points a remedy adds once the deal is scored (one more, at least one)."""
    table = state.table
    for p in (0, 1):
        if table.plus_one >> p & 1 and state.phase is not OVER:
            state._mark(p, 1, "table.false-king", "one point more: the opponent marked a king he did not hold",
                        flag_units(table, "plus_one"))


def trick_done(state: State) -> bool:
    """After a trick in table mode: whether the deal is over (hands empty, or one hand short)."""
    hands = state.hands
    mine, theirs = hands & FULL, hands >> 32
    if mine and theirs:
        return False
    if mine or theirs:        # a short hand loses the tricks it cannot play to (de-scheicher.12.9)
        p = 0 if mine else 1
        ruling_event(state, EventKind.SHORT_HAND, p, None, (give_rest(state, p, (mine or theirs).bit_count()),))
    return True


def must_accept_refusal(state: State) -> IllegalAction:
    """The refusal of a dealer who must grant this proposal (he turned a trump over, hu-nc.42)."""
    rule = next(f"table.{ruling_.kind}" for name, ruling_ in state.table.because if name == "must_accept")
    return IllegalAction(Code.MUST_ACCEPT, "the dealer turned a trump over in the exchange: he must grant"
                         " this proposal", rule, flag_units(state.table, "must_accept"))


# ---- what table mode adds to the state's checks --------------------------------------------

def choices(state: State) -> tuple[act.Choose, ...]:
    """The legal actions while a remedy waits: the options of the chooser."""
    pending = state.table.pending
    return tuple(act.Choose(pending.chooser, o.choice) for o in pending.ruling.options)


def king_refusal(state: State, p: int) -> Code | None:
    """Table mode's own refusal of a king's mark: `forfeited` when a penalty bars him."""
    table = state.table
    if table is not None and (table.no_king >> p & 1 or table.forfeit >> p & 1):
        return Code.FORFEITED
    return None


def forfeited(state: State, p: int) -> bool:
    """Whether `p` marks nothing more in this deal (a false king called late)."""
    return bool(state.table.forfeit >> p & 1)


def open_cards(state: State, player: int) -> tuple[int, ...] | None:
    """The opponent's cards if he plays with them face up."""
    table = state.table
    other = 1 - player
    if table is None or not table.open_hands >> other & 1:
        return None
    return cards_of(state.hands >> (other << 5) & FULL)
