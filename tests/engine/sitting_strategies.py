"""Hypothesis strategies for the tests of engine/formats: random tables and random sitting's acts.

A table is drawn as a ruleset (one of those shipped, its format parameters sometimes varied to
other legal values), a format, 2–8 players and the players' agreement; an act is drawn for the
session as it stands, so that most acts name people at the table and some are refused.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hypothesis import assume, strategies as st

from engine.errors import IllegalAction
from engine.formats.actions import SittingAct, Verb
from engine.formats.money import Medium
from engine.formats.partie import PartieResult
from engine.formats.session import CROUPIER, Agreement, Format, PoolPays, Session
from engine.rules import PARAMS
from engine.ruleset import Ruleset, available, load

VARIED = ("unequal_sides", "stakes_paid_by", "jetons_only_by", "lot_in_formats", "chouette_stakes",
          "chouette_dealer", "bank_passes", "successor", "bystanders_speak", "bettors_look", "newcomer_place")
"""The format parameters with a closed set of values that a drawn ruleset may change."""

NEWCOMERS = ("N1", "N2")
"""Names of people who are not at the table when it sits down: they may join."""


@dataclass
class Table:
    """A drawn table: its session, and the ruleset and agreement it sits under."""

    session: Session
    ruleset: Ruleset
    agreement: Agreement


def draw_ruleset(data: st.DataObject) -> Ruleset:
    """A shipped ruleset, half the time with some format parameters and percentages changed."""
    ruleset = load(data.draw(st.sampled_from(available()), label="ruleset"))
    if not data.draw(st.booleans(), label="vary"):
        return ruleset
    values = {name: data.draw(st.sampled_from(PARAMS[name].choices), label=name)
              for name in data.draw(st.sets(st.sampled_from(VARIED)), label="varied")}
    values["cagnotte_percent"] = data.draw(st.sampled_from([0, 5, 10, 33]), label="cagnotte_percent")
    values["bank_levy_percent"] = data.draw(st.sampled_from([0, 5, 7]), label="bank_levy_percent")
    values["pool_win"] = data.draw(st.integers(1, 3), label="pool_win")
    return ruleset.with_values(**values)


def draw_table(data: st.DataObject) -> Table:
    """A session of a drawn format, ruleset, list of players and agreement (a refused table is skipped)."""
    ruleset = draw_ruleset(data)
    fmt = data.draw(st.sampled_from(list(Format)), label="format")
    count = 3 if fmt is Format.POOL else data.draw(st.integers(2 if fmt is Format.DEUX_COTES else 3, 8),
                                                    label="players")
    names = tuple(f"P{i}" for i in range(1, count + 1))
    chouetteur = None
    fixed = fmt is Format.CHOUETTE and data.draw(st.booleans(), label="fixed_bank")
    if fmt is Format.CHOUETTE and not fixed and data.draw(st.booleans(), label="offered"):
        chouetteur, names = names[0], names[1:]
    agreement = Agreement(lot_scoring=data.draw(st.booleans(), label="lot_scoring"), fixed_bank=fixed,
                          pool_stake=Fraction(data.draw(st.integers(0, 20), label="pool_stake")) if fmt is Format.POOL
                          else Fraction(0),
                          pool_pays=data.draw(st.sampled_from(list(PoolPays)), label="pool_pays"))
    try:
        session = Session(ruleset, fmt, names, agreement, chouetteur)
    except IllegalAction:
        assume(False)
        raise
    return Table(session, ruleset, agreement)


def amounts() -> st.SearchStrategy[Fraction]:
    """Amounts as people lay them: whole numbers mostly, halves sometimes."""
    return st.builds(Fraction, st.integers(1, 60), st.sampled_from([1, 1, 1, 2]))


def draw_act(data: st.DataObject, session: Session) -> SittingAct:
    """A sitting's act by someone at the table (or about to join), chosen for the session as it stands;
    stakes are drawn most often, so that money moves."""
    people = sorted(session.people()) + [CROUPIER]
    anyone = st.sampled_from(people + list(NEWCOMERS))
    named = st.sampled_from(sorted(session.people()) + ["P9"])
    verb = data.draw(st.sampled_from([Verb.BET] * 8 + [Verb.DECLARE] * 2 + [Verb.BANK] * 2 + list(Verb)),
                     label="verb")
    who = data.draw(anyone, label="who")
    if verb is Verb.BET:
        if data.draw(st.sampled_from([True, True, True, False]), label="sensible"):   # one at the table, on a side
            who = data.draw(st.sampled_from(sorted(session.people())), label="backer")
            side = who if who in session.at_cards else data.draw(st.sampled_from(session.at_cards), label="side")
        else:
            side = data.draw(st.sampled_from(list(session.at_cards) + [data.draw(named, label="elsewhere")]),
                             label="side")
        medium = data.draw(st.sampled_from([Medium.JETONS, Medium.JETONS, Medium.CASH]), label="medium")
        return SittingAct(who, verb, data.draw(amounts(), label="amount"), side, medium)
    if verb in (Verb.DECLARE, Verb.BANK, Verb.RAISE, Verb.BID):
        return SittingAct(who, verb, data.draw(amounts(), label="amount"))
    if verb in (Verb.RESTE, Verb.ADMIT, Verb.SIT, Verb.ADVISE, Verb.DEMAND, Verb.REMIND, Verb.MARK, Verb.LOOK):
        return SittingAct(who, verb, other=data.draw(named, label="other"))
    return SittingAct(who, verb)


def draw_closing(data: st.DataObject, session: Session) -> list[SittingAct]:
    """Acts that let the coup begin more often than random acts would: equal totals declared, the
    coup held, a bank laid, a bid at the auction (each drawn or not)."""
    acts: list[SittingAct] = []
    laid = {seat: sum((s.amount for s in session.stakes.laid if s.side == seat), Fraction(0))
            for seat in session.at_cards}
    low, high = sorted(session.at_cards, key=lambda seat: laid[seat])
    free = sorted(n for n in session.order if n not in session.at_cards and n not in laid)
    if session.format is Format.CHOUETTE and session.chouetteur is not None:
        hand = session.hand
        others = sum((s.amount for s in session.stakes.laid if s.side == hand and s.backer != hand), Fraction(0))
        if others and data.draw(st.booleans(), label="half interest"):
            acts.append(SittingAct(hand, Verb.BET, others, hand))
    elif laid[low] != laid[high] and data.draw(st.booleans(), label="balance"):
        backers = [s.backer for s in session.stakes.laid if s.side == low and s.backer != low]
        acts.append(SittingAct(data.draw(st.sampled_from(backers + free + [low]), label="balancer"), Verb.BET,
                                laid[high] - laid[low], low))
    if data.draw(st.booleans(), label="declare"):
        total = data.draw(amounts(), label="declared")
        acts += [SittingAct(player, Verb.DECLARE, total) for player in session.at_cards]
    if session.chouetteur is not None:
        if not session.bank:
            acts.append(SittingAct(session.chouetteur, Verb.BANK, data.draw(amounts(), label="bank")))
        acts.append(SittingAct(session.chouetteur, Verb.HOLD))
    elif session.format is Format.CHOUETTE:
        acts.append(SittingAct(data.draw(st.sampled_from(sorted(session.order)), label="bidder"), Verb.BID,
                                data.draw(amounts(), label="bid")))
    return acts


def draw_result(data: st.DataObject, ruleset: Ruleset) -> PartieResult:
    """A partie's result: a winner's seat, a score, its lot, and who dealt its last game (or unknown)."""
    winner = data.draw(st.integers(0, 1), label="winner")
    lost = data.draw(st.integers(0, 4), label="loser's points")
    score = (5, lost) if winner == 0 else (lost, 5)
    return PartieResult(winner, score, ruleset["lot_table"][str(lost)],
                        data.draw(st.sampled_from([0, 1, None]), label="last_dealer"))
