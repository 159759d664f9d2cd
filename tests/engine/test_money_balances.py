"""Money never appears or vanishes (issue 12): over random tables, what each partie pays adds up.

Each partie of a random table is checked against a bookkeeping kept here from the acts the table
accepted and the rules as the rulebooks state them, not from `engine.formats.money.settle`:
every winner gets his standing stake less the cagnotte (the chouetteur pays none), every loser
loses his, a player at the cards answers for his side's total, stakes returned move nothing, the
house gets the cagnotte and the levies on banks, and the pool gets its stakes and pays its winner.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from hypothesis import event, given, settings, strategies as st

from engine.errors import IllegalAction
from engine.formats.actions import SittingAct, Verb
from engine.formats.money import HOUSE, Stake, net
from engine.formats.partie import PartieResult
from engine.formats.session import CROUPIER, POOL, Format, PoolPays, Session
from sitting_strategies import Table, draw_act, draw_closing, draw_result, draw_table

Amounts = dict[str, Fraction]


@dataclass
class Books:
    """What the accepted acts of the partie being set up promise: stakes laid, totals declared,
    bids at the auction, and what each account is owed so far (the levies, the pool's stakes)."""

    laid: Amounts = field(default_factory=lambda: defaultdict(Fraction))      # by backer
    declared: Amounts = field(default_factory=dict)
    bids: Amounts = field(default_factory=dict)
    owed: Amounts = field(default_factory=lambda: defaultdict(Fraction))
    streak: tuple[str | None, int] = (None, 0)
    pool: Fraction = Fraction(0)

    def pay(self, payer: str, payee: str, amount: Fraction) -> None:
        self.owed[payer] -= amount
        self.owed[payee] += amount

    def pay_pool(self, names: list[str], stake: Fraction) -> None:
        for name in names:
            self.pay(name, POOL, stake)
            self.pool += stake


def record(books: Books, table: Table, act: SittingAct) -> None:
    """Book an act the table accepted."""
    levy = Fraction(table.ruleset["bank_levy_percent"], 100)
    if act.verb is Verb.BET:
        books.laid[act.who] += act.amount
    elif act.verb is Verb.DECLARE:
        books.declared[act.who] = act.amount
    elif act.verb in (Verb.BANK, Verb.RAISE):
        books.pay(act.who, HOUSE, act.amount * levy)
    elif act.verb is Verb.BID:
        books.bids[act.who] = act.amount
    elif act.verb is Verb.WITHDRAW:
        books.laid.clear()
        books.declared.clear()


@dataclass(frozen=True)
class Coup:
    """Who sat at the cards when the coup began, and who held the chouette."""

    fmt: Format
    seats: tuple[str, str]
    chouetteur: str | None


def sides(coup: Coup, standing: list[Stake], declared: Amounts) -> dict[str, Amounts]:
    """Each seat's side, member by member: a backer answers for his standing stakes, the player at
    the cards (or the chouetteur) for the rest of his side's total (hu-nc.58), which is what the
    opponents' side stands for in a chouette."""
    found: dict[str, Amounts] = {}
    hand = next(seat for seat in coup.seats if seat != coup.chouetteur)
    hand_total = sum((s.amount for s in standing if s.side == hand), Fraction(0))
    for seat in coup.seats:
        mine = [s for s in standing if s.side == seat]
        members: Amounts = defaultdict(Fraction)
        for stake in mine:
            if stake.backer != seat:
                members[stake.backer] += stake.amount
        if coup.fmt is Format.CHOUETTE:
            side_total = hand_total
        else:
            side_total = declared.get(seat, sum((s.amount for s in mine), Fraction(0)))
        members[seat] = side_total - sum(members.values(), Fraction(0))
        found[seat] = members
    return found


def book_partie(books: Books, table: Table, coup: Coup, result: PartieResult) -> None:
    """Book a settled partie from the stakes that stood (`Session.settled`) and the rules."""
    rules = table.ruleset
    winner, loser = coup.seats[result.winner], coup.seats[1 - result.winner]
    counts = result.lot if table.agreement.lot_scoring and rules["lot_in_formats"] and result.lot else 1
    cagnotte = Fraction(rules["cagnotte_percent"], 100)
    members = sides(coup, table.session.settled, books.declared)
    for name, share in members[winner].items():
        won = share * counts
        kept = won * cagnotte if won > 0 and name != coup.chouetteur else Fraction(0)
        books.owed[name] += won - kept
        books.owed[HOUSE] += kept
    for name, share in members[loser].items():
        books.owed[name] -= share * counts


def book_pool(books: Books, table: Table, winner: str, loser: str, out: str) -> None:
    """Book pool écarté's turn (en-wiki.s13): two games in a row (`pool_win`) take the pool, and
    the stakes paid into it as agreed."""
    stake, pays = table.agreement.pool_stake, table.agreement.pool_pays
    name, count = books.streak
    books.streak = (winner, count + 1 if name == winner else 1)
    if books.streak[1] >= table.ruleset["pool_win"]:
        books.pay(POOL, winner, books.pool)
        books.pool, books.streak = Fraction(0), (None, 0)
        books.pay_pool([winner, out] if pays is PoolPays.ENTRANT else sorted(table.session.order), stake)
    elif pays is PoolPays.LOSER_AGAIN:
        books.pay_pool([loser], stake)
    elif pays is PoolPays.ENTRANT:
        books.pay_pool([out], stake)


def check_ledger(session: Session, books: Books, start: int, where: str) -> None:
    """The ledger since `start` moves what the books owe each account, and the whole balances."""
    moved = session.ledger[start:]
    assert all(t.amount >= 0 and t.payer != t.payee for t in moved), where
    got = {k: v for k, v in net(moved).items() if v}
    wanted = {k: v for k, v in books.owed.items() if v}
    assert got.get(HOUSE, 0) == wanted.get(HOUSE, 0), f"{where}: the house gets the cagnotte and the levies"
    assert got == wanted, where
    whole = net(session.ledger)
    assert sum(whole.values()) == 0 and whole.get(CROUPIER, 0) == 0, where


def check_standing(session: Session, coup: Coup, books: Books, laid_on: dict[str, str], where: str) -> None:
    """The stakes that stood are parts of the stakes laid, and where nothing was declared the
    two sides stand for the same total (the rest was returned)."""
    standing: Amounts = defaultdict(Fraction)
    for stake in session.settled:
        standing[stake.backer] += stake.amount
        assert laid_on.get(stake.backer) == stake.side, where
    assert all(0 < amount <= books.laid[name] for name, amount in standing.items()), where
    if coup.fmt is not Format.CHOUETTE and not books.declared:
        totals = [sum((s.amount for s in session.settled if s.side == seat), Fraction(0)) for seat in coup.seats]
        assert totals[0] == totals[1], where


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_stakes_winnings_and_cagnotte_add_up_over_random_tables(data):
    table = draw_table(data)
    session = table.session
    books = Books()
    if session.format is Format.POOL:
        first = list(session.order) if table.agreement.pool_pays is not PoolPays.ENTRANT else list(session.order[:2])
        books.pay_pool(first, table.agreement.pool_stake)
    start = 0
    check_ledger(session, books, start, "the table sits down")
    laid_on: dict[str, str] = {}
    for number in range(1, data.draw(st.integers(1, 6), label="parties") + 1):
        where = f"partie {number} ({session.format}, {table.ruleset.siglum})"
        acts = [draw_act(data, session) for _ in range(data.draw(st.integers(0, 12), label="acts"))]
        for act in acts + draw_closing(data, session) + [SittingAct(CROUPIER, Verb.BEGIN)]:
            chouetteur = session.chouetteur
            try:
                session.act(act)
            except IllegalAction:
                continue
            record(books, table, act)
            if act.verb is Verb.BET:
                laid_on[act.who] = str(act.other)
            if chouetteur is None and session.chouetteur is not None:      # the bank auctioned at the begin
                books.pay(session.chouetteur, HOUSE, max(books.bids.values())
                          * Fraction(table.ruleset["bank_levy_percent"], 100))
                books.bids.clear()
        if session.stakes.standing is None:      # the coup could not begin: the stakes stay laid
            continue
        coup = Coup(session.format, session.seats, session.chouetteur)
        out = next((n for n in session.order if n not in coup.seats), "")
        result = draw_result(data, table.ruleset)
        session.settle(result)
        check_standing(session, coup, books, laid_on, where)
        book_partie(books, table, coup, result)
        if coup.fmt is Format.POOL:
            book_pool(books, table, coup.seats[result.winner], coup.seats[1 - result.winner], out)
        check_ledger(session, books, start, where)
        event(f"{coup.fmt}: settled with {len(session.settled)} stakes standing"
              + (", a cagnotte kept" if books.owed.get(HOUSE) else ""))
        start, books.owed, books.laid, books.declared, laid_on = (len(session.ledger), defaultdict(Fraction),
                                                                  defaultdict(Fraction), {}, {})
