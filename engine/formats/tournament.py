"""Tournaments (de-scheicher §15): the round robin and the Swiss system, their pairings, points,
standings and rounds, each event explained with the units that decide it.

A `Tournament` holds the players, their points and whom they have met: `pair` makes a round's
pairings, `record` writes its results, `draw_ties` orders equal points by the cards drawn. The
parties are played by `play_result` (the engine's policies) or given as results.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..cards import Card, card_name
from ..options import Options
from ..param_values import (SwissBye, SwissFirstRound, SwissPairing, SwissRoundsBeyond, SwissTieBreak, System,
                            TournamentScore)
from ..policies import Policy, RulePolicy
from ..rules import rounds_rows
from ..ruleset import Ruleset
from .notes import Note
from .partie import check_finished, play_partie


class TournamentError(ValueError):
    """A tournament or round the ruleset does not allow: the message names the rule's units."""


Drawer = Callable[[tuple[str, ...], int], Mapping[str, Card]]
"""The cards some players with equal points draw: the players, and which draw it is (1, then 2… when
equal cards are drawn again)."""

LOT_SCORING = Options(lot_scoring=True)
"""A tournament's parties count by §4's additional rule, the lot (de-scheicher.15.2)."""


@dataclass(frozen=True)
class Outcome:
    """How a partie of the tournament ended: its winner and loser by name and their points."""

    winner: str
    loser: str
    won: int
    lost: int

    def __str__(self) -> str:
        return f"{self.winner} beats {self.loser} {self.won}:{self.lost}"


def signed(points: int) -> str:
    """Points as standings show them: +3, -2, 0."""
    return f"{points:+d}" if points else "0"


@dataclass(frozen=True)
class Standing:
    """A player's place (shared by equal points not drawn), name and points."""

    place: int
    name: str
    points: int
    shared: bool = False

    def __str__(self) -> str:
        return f"{self.place}{'=' if self.shared else '.'} {self.name} {signed(self.points)}"


@dataclass(frozen=True)
class Round:
    """A round's pairings (the higher placed first), who sits out or has the bye, and why."""

    number: int
    pairs: tuple[tuple[str, str], ...]
    out: str | None
    notes: tuple[Note, ...]


def swiss_rounds(ruleset: Ruleset, players: int) -> int | None:
    """The Swiss rounds for so many players: the row of the rounds table, beyond its last row as the
    ruleset continues it; None below its first row."""
    rows = rounds_rows(ruleset["swiss_rounds"])
    for low, high, rounds in rows:
        if low <= players <= high:
            return rounds
    if players < rows[0][0]:
        return None
    _, high, rounds = rows[-1]
    if ruleset["swiss_rounds_beyond"] is SwissRoundsBeyond.AS_LAST_ROW:
        return rounds
    while players > high:
        high, rounds = 2 * high, rounds + 1
    return rounds


def pairable_rounds(players: int) -> int:
    """The most Swiss rounds that any earlier rounds without a rematch leave pairable, a bye counted
    as a seat: h = seats/2, or h + 1 when h is even (the proof, and strandings beyond: docs/tournaments.md)."""
    half = (players + players % 2) // 2
    return half + 1 if half % 2 == 0 else half


def rounds_table(ruleset: Ruleset, up_to: int) -> list[tuple[int, int, int, bool]]:
    """The rounds table's rows, then its continuation up to `up_to` players: (lowest, highest,
    rounds, whether the row continues the table)."""
    rows = [(low, high, rounds, False) for low, high, rounds in rounds_rows(ruleset["swiss_rounds"])]
    while rows[-1][1] < up_to:
        low = rows[-1][1] + 1
        doubling = ruleset["swiss_rounds_beyond"] is SwissRoundsBeyond.ONE_MORE_PER_DOUBLING
        high = 2 * rows[-1][1] if doubling else up_to
        rows.append((low, high, swiss_rounds(ruleset, low), True))
    return rows


Pairing = tuple[str, str, tuple[str, ...], tuple[str, ...]]
"""A Swiss pair as `Tournament._match` makes it: the leader, his opponent, those passed over as met,
and those passed over as stranding the rest."""


class Tournament:
    """One tournament under a ruleset: the players, their points, whom each has met, the rounds played."""

    def __init__(self, ruleset: Ruleset, system: System, players: Sequence[str], *, bye: int | None = None,
                 rounds: int | None = None):
        """`bye`: the points an agreed bye gives (None: none agreed); `rounds`: an agreed number of
        Swiss rounds instead of the ruleset's table. TournamentError if the ruleset does not allow it."""
        self.ruleset, self.system, self.players, self.bye = ruleset, system, tuple(players), bye
        count = len(self.players)
        if system not in ruleset["tournament_systems"]:
            raise TournamentError(f"{ruleset.siglum} knows no {system} tournament (tournament.systems:"
                                  f" {ruleset.describe('tournament.systems')})")
        if count < 2 or len(set(self.players)) != count:
            raise TournamentError("a tournament needs two players or more, each named once")
        self.rematches = ruleset["swiss_rematches"]
        if system is System.ROUND_ROBIN:
            if bye is not None:
                raise TournamentError("a bye is for the Swiss system: in a round robin of an odd number of"
                                      " players one sits out each round")
            self.schedule = _circle(self.players, ruleset["round_robin_meetings"])
            if rounds is not None and rounds != len(self.schedule):
                raise TournamentError(f"a round robin of {count} players has {len(self.schedule)} rounds"
                                      f" (tournament.round-robin: {ruleset.describe('tournament.round-robin')})")
            self.rounds = len(self.schedule)
        else:
            table = swiss_rounds(ruleset, count)
            if table is None:
                low = rounds_rows(ruleset["swiss_rounds"])[0][0]
                raise TournamentError(f"the rounds table starts at {low} players: no Swiss tournament for {count}"
                                      f" (tournament.rounds: {ruleset.describe('tournament.rounds')});"
                                      " play a round robin")
            if bye is not None and count % 2 == 0:
                raise TournamentError(f"{count} players: every player is paired each round, so there is no bye"
                                      " to agree (a bye is for an odd number)")
            if count % 2 and bye is None and ruleset["swiss_bye"] is SwissBye.NONE:
                raise TournamentError(f"{count} players: a Swiss round pairs every player and the ruleset gives"
                                      f" no bye (tournament.bye: {ruleset.describe('tournament.bye')});"
                                      " agree one (a scenario's options.bye, the command's --bye)")
            self.rounds = table if rounds is None else rounds
            most = pairable_rounds(count)
            if self.rounds < 1 or (not self.rematches and self.rounds > most):
                raise TournamentError(f"{self.rounds} rounds: {count} players can play 1 to {most} rounds that"
                                      " are always paired without a rematch; after "
                                      f"{most}, some earlier pairings leave none for the next round"
                                      f" (tournament.rematch: {ruleset.describe('tournament.rematch')})")
        self.points: dict[str, int] = dict.fromkeys(self.players, 0)
        self.meetings: Counter[frozenset[str]] = Counter()
        self.byes: set[str] = set()
        self.order: tuple[str, ...] = self.players        # the standings' order, equal points drawn
        self.tied: tuple[tuple[str, ...], ...] = ()       # equal points not (yet) drawn
        self.played = 0
        self.current: Round | None = None

    @property
    def over(self) -> bool:
        """Whether every round is played."""
        return self.played == self.rounds

    @property
    def first_round_by_lot(self) -> bool:
        """Whether the first round is paired by lot (tournament.first-round): a Swiss one, where the
        ruleset draws it; `pair` then needs the lot."""
        return self.system is System.SWISS and self.ruleset["swiss_first_round"] is SwissFirstRound.BY_LOT

    # ---- pairing -------------------------------------------------------------------------

    def pair(self, lot: Sequence[str] | None = None,
             schedule: Sequence[tuple[str, str]] | None = None) -> Round:
        """The next round's pairings. Swiss: the first round by `lot` (the players in the order drawn)
        or by the list, as the ruleset says, later rounds by the standings. Round robin: `schedule`
        (checked to be lawful) or the engine's own."""
        if self.over:
            raise TournamentError(f"the tournament has {self.rounds} rounds: all are played")
        if self.current is not None:
            raise TournamentError(f"round {self.current.number} has no results yet")
        number = self.played + 1
        if self.system is System.ROUND_ROBIN:
            if lot is not None:
                raise TournamentError("a round robin draws no lot")
            made = self._round_robin(number, schedule)
        else:
            if schedule is not None:
                raise TournamentError("the Swiss system makes its own pairings")
            made = self._swiss(number, lot)
        self.current = made
        return made

    def _round_robin(self, number: int, schedule: Sequence[tuple[str, str]] | None) -> Round:
        """A round of the round robin: lawful if each plays at most once and no pair meets more often
        than the ruleset allows; the one left over sits out."""
        rule = ("tournament.round-robin",)
        pairs = tuple(schedule) if schedule is not None else self.schedule[number - 1]
        seen = [name for pair in pairs for name in pair]
        unknown = [name for name in seen if name not in self.points]
        if unknown:
            raise TournamentError(f"round {number}: {unknown[0]} is no player of the tournament")
        twice = [name for name, n in Counter(seen).items() if n > 1]
        if twice:
            raise TournamentError(f"round {number}: {twice[0]} is paired twice")
        if len(pairs) != len(self.players) // 2:
            raise TournamentError(f"round {number}: {len(self.players)} players make"
                                  f" {len(self.players) // 2} pairs, not {len(pairs)}")
        meetings = self.ruleset["round_robin_meetings"]
        for a, b in pairs:
            if self.meetings[frozenset((a, b))] >= meetings:
                raise TournamentError(f"round {number}: {a} and {b} have met {meetings} time(s) already"
                                      f" (tournament.round-robin: {self.ruleset.describe('tournament.round-robin')})")
        notes = [Note(f"round {number}: {a} meets {b}", rule) for a, b in pairs]
        out = next((name for name in self.players if name not in seen), None)
        if out is not None:
            notes.append(Note(f"round {number}: {out} sits out ({len(self.players)} players: one sits"
                                      " out each round, scoring nothing)", rule))
        return Round(number, pairs, out, tuple(notes))

    def _swiss(self, number: int, lot: Sequence[str] | None) -> Round:
        """A Swiss round: the first by lot or list, then the leader of those still to pair meets the
        best placed he has not met, as the ruleset pairs them."""
        by_lot = self.first_round_by_lot
        if number > 1 and lot is not None:
            raise TournamentError(f"round {number} is paired by the standings, not by lot")
        if number == 1 and by_lot != (lot is not None):
            raise TournamentError("the first round is paired by lot: the lot is needed" if by_lot else
                                  "the first round is paired in the list's order: there is no lot"
                                  f" (tournament.first-round: {self.ruleset.describe('tournament.first-round')})")
        if lot is not None and sorted(lot) != sorted(self.players):
            raise TournamentError("the lot must draw every player once")
        if self.tied:
            raise TournamentError(f"round {number}: equal points must be drawn before the round is paired")
        order = tuple(lot) if lot is not None else self.order
        if number == 1:
            out, order = (order[-1], order[:-1]) if len(order) % 2 else (None, order)
            pairs = tuple(zip(order[::2], order[1::2]))
            how = "drawn by lot" if by_lot else "in the list's order"
            notes = [Note(f"round 1, {how}: " + ", ".join(f"{a}–{b}" for a, b in pairs),
                                  ("tournament.first-round",))]
            return Round(1, pairs, out, tuple(notes + self._bye_notes(1, out)))
        out, matched = self._pairing(order)
        notes = self._bye_notes(number, out)
        rules = ("tournament.pairing", "tournament.rematch")
        first = "the next best placed" if self.ruleset["swiss_pairing"] is SwissPairing.LEADER_MEETS_NEXT else \
            "the best placed of the lower half"
        for leader, opponent, met, stranded in matched:
            why = first if not met and not stranded else f"{first} he has not met" + \
                (" with whom the rest can still be paired" if stranded else "")
            text = f"round {number}: {leader} ({signed(self.points[leader])}) meets {opponent}" \
                   f" ({signed(self.points[opponent])}), {why}"
            if met:
                text += f"; he has met {', '.join(met)}"
            if stranded:
                text += f"; {', '.join(stranded)} would leave a pair who have met"
            notes.append(Note(text, rules))
        return Round(number, tuple((a, b) for a, b, _, _ in matched), out, tuple(notes))

    def _bye_notes(self, number: int, out: str | None) -> list[Note]:
        """The bye announced, if a player has it."""
        if out is None:
            return []
        return [Note(f"round {number}: {out} has the agreed bye, {signed(self.bye or 0)}",
                             ("tournament.bye",))]

    def _pairing(self, order: tuple[str, ...]) -> tuple[str | None, list[Pairing]]:
        """A later round: who has the bye (an odd number: the lowest placed without a bye yet with
        whom out the rest can be paired) and the pairs. `pairable_rounds` bounds the rounds so that
        one always exists."""
        byes = [None] if len(order) % 2 == 0 else sorted(reversed(order), key=lambda name: name in self.byes)
        for out in byes:
            matched = self._match(tuple(p for p in order if p != out))
            if matched is not None:
                return out, matched
        raise RuntimeError(f"{len(self.players)} players, round {self.played + 1}: no pairing without a"
                           " rematch, within pairable_rounds' bound")

    def _candidates(self, leader: str, others: tuple[str, ...]) -> tuple[str, ...]:
        """Whom the leader of those still to pair meets, first choice first: the next best placed, or the
        best placed of the lower half."""
        if self.ruleset["swiss_pairing"] is SwissPairing.LEADER_MEETS_NEXT:
            return others
        half = (len(others) + 1) // 2 - 1
        return others[half:] + others[:half][::-1]

    def _match(self, order: tuple[str, ...]) -> list[Pairing] | None:
        """Pair `order` from the top: each leader with his first candidate he has not met (unless the
        ruleset allows rematches) with whom the rest can still be paired; per pair the players passed
        over as met and as stranding the rest. None if no such pairing exists."""
        failed: set[frozenset[str]] = set()

        def solve(rest: tuple[str, ...]) -> list[Pairing] | None:
            if not rest:
                return []
            if frozenset(rest) in failed:
                return None
            leader, others = rest[0], rest[1:]
            met: list[str] = []
            stranded: list[str] = []
            for opponent in self._candidates(leader, others):
                if not self.rematches and self.meetings[frozenset((leader, opponent))]:
                    met.append(opponent)
                    continue
                tail = solve(tuple(p for p in others if p != opponent))
                if tail is not None:
                    return [(leader, opponent, tuple(met), tuple(stranded))] + tail
                stranded.append(opponent)
            failed.add(frozenset(rest))
            return None

        return solve(order)

    # ---- results and standings -----------------------------------------------------------

    def check(self, result: Outcome) -> None:
        """A partie's result as the ruleset ends a partie (`partie.check_finished`)."""
        try:
            check_finished(self.ruleset, result.won, result.lost)
        except ValueError as error:
            raise TournamentError(f"{result}: {error}") from None

    def record(self, results: Sequence[Outcome]) -> list[Note]:
        """Write the round's results: the winner the partie's lot plus, the loser as the ruleset says;
        the bye its agreed points. The standings follow, equal points not yet drawn (`tied`)."""
        current = self.current
        if current is None:
            raise TournamentError("no round is paired")
        pairs = {frozenset(pair) for pair in current.pairs}
        by_pair: dict[frozenset[str], Outcome] = {}
        for result in results:
            key = frozenset((result.winner, result.loser))
            if key not in pairs or key in by_pair:
                raise TournamentError(f"round {current.number}: {result.winner}–{result.loser} is no pair of"
                                      " the round, or has two results")
            self.check(result)
            by_pair[key] = result
        missing = [f"{a}–{b}" for a, b in current.pairs if frozenset((a, b)) not in by_pair]
        if missing:
            raise TournamentError(f"round {current.number}: no result for {missing[0]}")
        minus = self.ruleset["tournament_score"] is TournamentScore.PLUS_AND_MINUS
        notes = []
        for a, b in current.pairs:
            result = by_pair[frozenset((a, b))]
            lot = self.ruleset["lot_table"][str(result.lost)]
            self.points[result.winner] += lot
            self.points[result.loser] -= lot if minus else 0
            self.meetings[frozenset((a, b))] += 1
            loser = f"{result.loser} {signed(-lot)}" if minus else f"{result.loser} nothing"
            notes.append(Note(f"{result}: {result.winner} {signed(lot)}, {loser}",
                                      ("tournament.score", "game.lot")))
        if current.out is not None and self.system is System.SWISS:
            self.points[current.out] += self.bye or 0
            self.byes.add(current.out)
        self.played, self.current = current.number, None
        self.order = tuple(sorted(self.order, key=lambda name: -self.points[name]))
        groups: dict[int, list[str]] = {}
        for name in self.order:
            groups.setdefault(self.points[name], []).append(name)
        self.tied = tuple(tuple(g) for g in groups.values() if len(g) > 1)
        return notes

    def draw_ties(self, drawer: Drawer) -> list[Note]:
        """Order each group of equal points by the cards its players draw (the higher or the lower
        first, by the draw's order of the cards); equal cards are drawn again."""
        notes: list[Note] = []
        low_to_high = self.ruleset["draw_order"].split()
        higher_first = self.ruleset["swiss_tie_break"] is SwissTieBreak.HIGHER_CARD_FIRST

        def ordered(group: tuple[str, ...], attempt: int) -> list[str]:
            cards = drawer(group, attempt)
            value = {name: low_to_high.index(card_name(cards[name])[0]) for name in group}
            by_value: dict[int, list[str]] = {}
            for name in sorted(group, key=lambda n: -value[n] if higher_first else value[n]):
                by_value.setdefault(value[name], []).append(name)
            at = len(notes)
            result: list[str] = []
            for same in by_value.values():
                if len(same) > 1:
                    notes.append(Note(f"{' and '.join(same)} draw equal cards: they draw again",
                                              ("draw.tie",)))
                    result.extend(ordered(tuple(same), attempt + 1))
                else:
                    result.extend(same)
            drawn = ", ".join(f"{name} {card_name(cards[name])}" for name in group)
            who = f"{' and '.join(group)} have {signed(self.points[group[0]])} each: they draw" if attempt == 1 \
                else f"{' and '.join(group)} draw again:"
            notes.insert(at, Note(f"{who} {drawn} → {', '.join(result)}", ("tournament.tie-break",)))
            return result

        order = list(self.order)
        for group in self.tied:
            start = order.index(group[0])
            order[start:start + len(group)] = ordered(group, 1)
        self.order, self.tied = tuple(order), ()
        return notes

    def standings(self) -> tuple[Standing, ...]:
        """The players in order of points, equal points not drawn sharing their place."""
        found, place = [], 0
        for index, name in enumerate(self.order):
            group = next((g for g in self.tied if name in g), None)
            if group is None or group[0] == name:
                place = index + 1
            found.append(Standing(place, name, self.points[name], group is not None))
        return tuple(found)

    def standings_note(self) -> Note:
        """The standings after the round just played, read aloud."""
        return Note(f"standings after round {self.played}: " + ", ".join(map(str, self.standings())),
                            ("tournament.score",))

    def winners(self) -> tuple[str, ...]:
        """Those with the most points (several share the first place if equal)."""
        best = max(self.points.values())
        return tuple(name for name in self.order if self.points[name] == best)

    def winner_note(self) -> Note:
        """Who wins the tournament."""
        names = self.winners()
        text = (f"{names[0]} wins the tournament with {signed(self.points[names[0]])}" if len(names) == 1 else
                f"{' and '.join(names)} share the first place with {signed(self.points[names[0]])}")
        return Note(text, ("tournament.score",))


def _circle(players: tuple[str, ...], meetings: int) -> list[tuple[tuple[str, str], ...]]:
    """A round robin's rounds by the circle method (a convention: the text gives no schedule): the
    first player stays, the others turn one place each round; with an odd number one sits out."""
    seats: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    rounds = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        rounds.append(tuple((a, b) for a, b in zip(seats[:half], reversed(seats[half:]))
                            if a is not None and b is not None))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds * meetings


def play_result(ruleset: Ruleset, first: str, second: str, rng: random.Random,
                policy: Policy = RulePolicy()) -> Outcome:
    """A whole partie to the target between `first` (A) and `second` (B), played by `policy` for
    both from the draw for the deal on (`partie.play_partie`), counted by the lot."""
    played = play_partie(ruleset, None, rng, (policy, policy), LOT_SCORING)
    names = (first, second)
    return Outcome(names[played.winner], names[1 - played.winner], played.score[played.winner],
                  played.loser_points)
