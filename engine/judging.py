"""A fault judged in table mode: the ruleset's ruling for its case, its remedy applied at once or
offered to the wronged player, and his choice (`B choose new-deal`)."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import actions as act
from .actions import PLAYERS
from .errors import Code, IllegalAction
from .events import EventKind
from .irregularities import Case, Choice, Irregularity, Role, Ruling
from .phase import REMEDY
from .remedies import apply_option
from .table import Fault, Pending, is_table, ruling_event, unrecorded, update

if TYPE_CHECKING:
    from .state import State


def ruling(state: State, kind: Irregularity, cases: tuple[Case, ...], role: Role) -> Ruling:
    """The ruleset's ruling for the first of `cases` it names (for `role`, else any role)."""
    rulings = state.ruleset.rulings
    for case in cases + (Case.ANY,):
        for who in (role, Role.ANY):
            found = rulings.get((kind, case, who))
            if found is not None:
                return found
    where = cases[0].value if cases else "any case"
    raise IllegalAction(Code.NO_RULING, f"{state.ruleset.siglum} does not rule on {kind} ({where},"
                        f" {role.value if role is not Role.ANY else 'either player'})")


def role(state: State, player: int) -> Role:
    """The player's part in this deal, for rulings that concern only the elder or the dealer."""
    return Role.DEALER if player == state.dealer else Role.ELDER


def judge(state: State, fault: Fault, cases: tuple[Case, ...], *, subject: int | None = None,
          caller: int | None = None) -> None:
    """Find the ruling for a fault, log it, and apply its remedy or wait for the wronged's choice."""
    found = ruling(state, fault.kind, cases, role(state, fault.offender if subject is None else subject))
    ruling_event(state, EventKind.IRREGULARITY, fault.offender, found, (fault.kind, found.case, fault.cards, caller))
    if found.chosen and found.at_exchange:       # asked when he exchanges; lapses if he never does
        update(state, deferred=Pending(fault, found, 1 - fault.offender, state.phase, state.turn))
        return
    if found.chosen:
        chooser = 1 - fault.offender
        update(state, pending=Pending(fault, found, chooser, state.phase, state.turn))
        state.phase, state.turn = REMEDY, chooser
        return
    apply_option(state, fault, found, found.options[0])


def exchange_begins(state: State) -> None:
    """The elder is about to discard: a choice kept for his exchange is now his to make."""
    deferred = state.table.deferred
    if deferred is not None and deferred.chooser == state.turn:
        update(state, deferred=None, pending=replace(deferred, phase=state.phase, turn=state.turn))
        state.phase = REMEDY


def choose(state: State, action: act.Choose) -> None:
    """`B choose new-deal`: the wronged player's choice of remedy."""
    if not is_table(state):
        raise IllegalAction(Code.STRICT_MODE, "remedies are chosen in table mode only")
    pending = state.table.pending if state.table else None
    if state.phase is not REMEDY or pending is None:
        raise IllegalAction(Code.NO_CHOICE, "no remedy is waiting to be chosen")
    if action.player != pending.chooser:     # a remedy is never the offender's to choose
        raise IllegalAction(Code.IMPOSSIBLE, f"the remedy is {PLAYERS[pending.chooser]}'s to choose,"
                            f" not the offender's", f"table.{pending.ruling.kind}", pending.ruling.cites)
    option = pending.ruling.option(action.choice)
    if option is None:
        offered = ", ".join(str(o.choice) for o in pending.ruling.options)
        raise IllegalAction(Code.NO_CHOICE, f"{action.choice} is not offered (choose {offered})",
                            f"table.{pending.ruling.kind}", pending.ruling.cites)
    state._history.append(action)
    _resume(state, pending)
    apply_option(state, pending.fault, pending.ruling, option)
    held = state.table.discard_held if state.table is not None else None   # a void deal has no table
    if held is not None:                     # the discard named before the choice is made now
        update(state, discard_held=None)
        unrecorded(state, state._discard, held)


def _resume(state: State, pending: Pending) -> None:
    """The remedy is chosen: the game goes back to the phase and turn it waited in."""
    update(state, pending=None)
    state.phase, state.turn = pending.phase, pending.turn


def during_remedy(state: State, action: act.PlayerAction) -> bool:
    """An ordinary action while a remedy waits: the chooser who acts on keeps the game as it is
    (the caller puts the state back if the action is then refused); anyone else is refused.

    A choice made as the elder exchanges may also follow his discard: the discard is then held
    until he chooses, and True says the action is taken care of."""
    pending = state.table.pending
    if pending.ruling.at_exchange and isinstance(action, act.Discard) and action.player == pending.chooser \
            and state.table.discard_held is None:
        trial = state.copy()                 # a discard that could not be made is refused now
        trial.phase, trial.turn, trial.table = pending.phase, pending.turn, replace(trial.table, pending=None)
        trial._discard(action)
        state._history.append(action)
        update(state, discard_held=action)
        return True
    keep = pending.ruling.option(Choice.KEEP)
    if action.player != pending.chooser or keep is None:
        raise IllegalAction(Code.WRONG_TURN, f"{PLAYERS[pending.chooser]} must first choose a remedy"
                            f" ({', '.join(str(o.choice) for o in pending.ruling.options)})",
                            f"table.{pending.ruling.kind}", pending.ruling.cites)
    _resume(state, pending)
    apply_option(state, pending.fault, pending.ruling, keep)
    return False
