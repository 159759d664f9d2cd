"""Stakes, their balancing, and what is paid after a partie: every amount moves between two people.

Amounts are exact fractions (a 5 % cagnotte of 10 jetons is ½), so that money never appears or
vanishes: the house (`HOUSE`) is one more account, and a settlement is a list of transfers.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

HOUSE = "cagnotte"
"""The house's account: the cagnotte kept from winnings and the levy on the capital of a bank."""


class Medium(str, Enum):
    """What a stake is laid in (hu-nc.8)."""

    JETONS = "jetons"
    CASH = "cash"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Stake:
    """An amount laid by `backer` on `side` (a player at the cards, or the chouetteur)."""

    backer: str
    side: str
    amount: Fraction
    medium: Medium = Medium.JETONS


@dataclass(frozen=True)
class Transfer:
    """An amount paid by one account to another, and why."""

    payer: str
    payee: str
    amount: Fraction
    why: str


def on_side(stakes: Iterable[Stake], side: str) -> list[Stake]:
    """The stakes laid on one side."""
    return [s for s in stakes if s.side == side]


def total(stakes: Iterable[Stake]) -> Fraction:
    """The sum of some stakes."""
    return sum((s.amount for s in stakes), Fraction(0))


def by_rank(stakes: Sequence[Stake], limit: Fraction, rank: Sequence[str]) -> tuple[list[Stake], list[Stake]]:
    """The stakes that stand up to `limit`, taken in the order of their backers' rank, and the parts
    returned: the stake that crosses the limit stands in part (de-scheicher.13.6, en-wiki.s12.p3)."""
    order = {name: index for index, name in enumerate(rank)}
    standing: list[Stake] = []
    returned: list[Stake] = []
    left = limit
    for stake in sorted(stakes, key=lambda s: order.get(s.backer, len(order))):
        kept = min(stake.amount, max(left, Fraction(0)))
        left -= kept
        if kept:
            standing.append(Stake(stake.backer, stake.side, kept, stake.medium))
        if kept < stake.amount:
            returned.append(Stake(stake.backer, stake.side, stake.amount - kept, stake.medium))
    return standing, returned


def shares(stakes: Sequence[Stake], player: str, side_total: Fraction) -> dict[str, Fraction]:
    """Each member's share of a side whose total is `side_total`: every backer his stakes, the
    player at the cards the rest (less than nothing when his backers laid more than the total:
    he answers for the difference, hu-nc.58)."""
    found: dict[str, Fraction] = {}
    for stake in stakes:
        if stake.backer != player:
            found[stake.backer] = found.get(stake.backer, Fraction(0)) + stake.amount
    found[player] = side_total - sum(found.values(), Fraction(0))
    return found


def settle(winners: dict[str, Fraction], losers: dict[str, Fraction], payer: str, cagnotte: Fraction,
           exempt: Iterable[str] = ()) -> list[Transfer]:
    """The transfers of a settled partie: each loser's share is paid to `payer`, who pays each
    winner his share less the cagnotte (a fraction; those `exempt` pay none), kept for the house.
    A negative share is paid the other way. The two sides' shares must total the same."""
    if sum(winners.values(), Fraction(0)) != sum(losers.values(), Fraction(0)):
        raise ValueError("the two sides do not balance")
    free = set(exempt)
    transfers: list[Transfer] = []

    def move(source: str, target: str, amount: Fraction, why: str) -> None:
        if source == target or not amount:
            return
        transfers.append(Transfer(source, target, amount, why) if amount > 0
                         else Transfer(target, source, -amount, why))

    for name, amount in losers.items():
        move(name, payer, amount, "stake lost")
    for name, amount in winners.items():
        levy = amount * cagnotte if amount > 0 and name not in free else Fraction(0)
        move(payer, name, amount - levy, "stake won")
        move(payer, HOUSE, levy, f"cagnotte on {name}'s winnings")
    return transfers


def net(transfers: Iterable[Transfer]) -> dict[str, Fraction]:
    """What each account gained (positive) or lost over the transfers."""
    found: dict[str, Fraction] = {}
    for t in transfers:
        found[t.payer] = found.get(t.payer, Fraction(0)) - t.amount
        found[t.payee] = found.get(t.payee, Fraction(0)) + t.amount
    return found


def amount_text(amount: Fraction) -> str:
    """An amount for people: a whole number, or a decimal where it is exact, else a fraction."""
    if amount.denominator == 1:
        return str(amount.numerator)
    scaled = amount * 100
    if scaled.denominator != 1:
        return str(amount)
    whole, cents = divmod(abs(scaled.numerator), 100)      # exact: a float would round large amounts
    return f"{'-' if amount < 0 else ''}{whole}.{cents:02d}".rstrip("0")
