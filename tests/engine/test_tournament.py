"""Tournaments (de-scheicher §15): the round robin, the Swiss system's pairings, the rounds table,
the standings, the refusals, and tournament scenarios read and checked line by line."""
import itertools
import random
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from engine.cards import parse_card, shuffled
from engine.conformance import Status, run_scenario
from engine.formats.partie import check_finished, parse_score
from engine.formats.tournament import (Outcome, System, Tournament, TournamentError, pairable_rounds, play_result,
                                       rounds_table, swiss_rounds)
from engine.formats.verdict import Mismatch
from engine.ruleset import load
from engine.scenario import ScenarioError, load_scenario

SUITE = Path(__file__).resolve().parents[1] / "conformance"
RULES = load("de-scheicher")


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


def random_round(tournament: Tournament, rng: random.Random, lot: list[str] | None = None) -> None:
    """Pair a round, give each partie a random result, and draw for equal points if a round follows."""
    made = tournament.pair(lot=lot)
    results = []
    for a, b in made.pairs:
        winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
        results.append(Outcome(winner, loser, 5, rng.randint(0, 4)))
    tournament.record(results)
    if tournament.system is System.SWISS and not tournament.over:
        tournament.draw_ties(lambda group, attempt: dict(zip(group, shuffled(rng))))


def play_through(tournament: Tournament, seed: int) -> list:
    """Every round of the tournament with random results; the rounds as paired."""
    rng = random.Random(seed)
    rounds = []
    for number in range(1, tournament.rounds + 1):
        lot = rng.sample(tournament.players, len(tournament.players)) \
            if tournament.system is System.SWISS and number == 1 else None
        before = tournament.played
        random_round(tournament, rng, lot)
        assert tournament.played == before + 1
        rounds.append(tournament.meetings.copy())
    return rounds


@pytest.mark.parametrize("n", range(2, 10))
def test_a_round_robin_pairs_every_pair_exactly_once(n):
    tournament = Tournament(RULES, System.ROUND_ROBIN, names(n))
    assert tournament.rounds == (n - 1 if n % 2 == 0 else n)
    outs = []
    rng = random.Random(n)
    for _ in range(tournament.rounds):
        made = tournament.pair()
        paired = [p for pair in made.pairs for p in pair]
        assert len(paired) == len(set(paired)) == n - n % 2
        outs.append(made.out)
        tournament.record([Outcome(a, b, 5, rng.randint(0, 4)) for a, b in made.pairs])
    assert set(tournament.meetings) == {frozenset((a, b)) for a in names(n) for b in names(n) if a < b}
    assert set(tournament.meetings.values()) == {1}
    assert outs == [None] * (n - 1) if n % 2 == 0 else sorted(outs) == sorted(names(n))  # odd: each sits out once


@pytest.mark.parametrize("n, seed", [(n, seed) for n in (6, 8, 10, 16, 20, 32, 64) for seed in range(8)])
def test_the_swiss_system_never_pairs_two_players_twice(n, seed):
    tournament = Tournament(RULES, System.SWISS, names(n))
    play_through(tournament, seed)
    assert tournament.over and set(tournament.meetings.values()) == {1}
    assert sum(tournament.meetings.values()) == tournament.rounds * n // 2


@pytest.mark.parametrize("low, high, rounds", [(5, 8, 3), (9, 16, 4), (17, 32, 5), (33, 64, 6)])
def test_the_rounds_table_gives_the_rounds_for_5_to_64_players(low, high, rounds):
    assert {swiss_rounds(RULES, n) for n in range(low, high + 1)} == {rounds}


def test_below_the_table_there_is_no_swiss_system_and_beyond_it_the_table_goes_on():
    assert [swiss_rounds(RULES, n) for n in (2, 3, 4)] == [None, None, None]
    assert swiss_rounds(RULES, 65) == swiss_rounds(RULES, 128) == 7 and swiss_rounds(RULES, 129) == 8
    assert [row[:3] for row in rounds_table(RULES, 100)] == [(5, 8, 3), (9, 16, 4), (17, 32, 5), (33, 64, 6),
                                                            (65, 128, 7)]
    last_row = RULES.with_values(swiss_rounds_beyond="as-last-row")
    assert swiss_rounds(last_row, 64) == 5 and rounds_table(last_row, 64)[-1][:3] == (33, 64, 5)


@pytest.mark.parametrize("system, n", [(System.ROUND_ROBIN, 4), (System.ROUND_ROBIN, 7), (System.SWISS, 8),
                                       (System.SWISS, 16)])
def test_without_a_bye_the_standings_sum_to_zero_after_every_round(system, n):
    tournament = Tournament(RULES, system, names(n))
    rng = random.Random(n)
    for number in range(1, tournament.rounds + 1):
        random_round(tournament, rng, rng.sample(names(n), n) if system is System.SWISS and number == 1 else None)
        assert sum(tournament.points.values()) == 0


# (players, the most rounds always paired without a rematch): h = seats/2, h + 1 when h is even
PAIRABLE = [(5, 3), (6, 3), (7, 5), (8, 5), (9, 5), (10, 5), (11, 7), (12, 7), (14, 7), (16, 9), (20, 11)]


@pytest.mark.parametrize("n, most", PAIRABLE)
def test_agreed_rounds_up_to_the_bound_are_always_paired_and_one_more_is_refused(n, most):
    bye = 1 if n % 2 else None
    assert pairable_rounds(n) == most
    for seed in range(25):
        tournament = Tournament(RULES, System.SWISS, names(n), rounds=most, bye=bye)
        play_through(tournament, seed)
        assert tournament.over and set(tournament.meetings.values()) == {1}
    with pytest.raises(TournamentError, match=rf"^{most + 1} rounds: {n} players can play 1 to {most} rounds that"
                                              r" are always paired without a rematch.*de-scheicher.15.6"):
        Tournament(RULES, System.SWISS, names(n), rounds=most + 1, bye=bye)


@pytest.mark.parametrize("n, rounds", [(6, 5), (8, 7), (6, 4), (8, 6)])
def test_the_rounds_that_stranded_mid_way_are_refused_before_the_first(n, rounds):
    with pytest.raises(TournamentError, match=f"{rounds} rounds: {n} players can play 1 to"):
        Tournament(RULES, System.SWISS, names(n), rounds=rounds)
    Tournament(RULES.with_values(swiss_rematches=True), System.SWISS, names(n), rounds=rounds)   # rematches allowed


def test_the_rounds_table_and_its_continuation_are_always_paired():
    assert all(swiss_rounds(RULES, n) <= pairable_rounds(n) for n in range(5, 1025))


def factorized(n: int, met: set[frozenset[str]], rounds: int) -> list[list[tuple[str, str]]] | None:
    """`met` split into `rounds` rounds, each pairing all n players once (a search)."""
    def pairings(free: list[str], used: set) -> list[list[tuple[str, str]]]:
        if not free:
            return [[]]
        first = free[0]
        return [[(first, other)] + rest for other in free[1:]
                if frozenset((first, other)) in met - used
                for rest in pairings([p for p in free if p not in (first, other)], used)]

    def split(used: set, left: int) -> list[list[tuple[str, str]]] | None:
        if left == 0:
            return []
        for pairing in pairings(names(n), used):
            rest = split(used | {frozenset(pair) for pair in pairing}, left - 1)
            if rest is not None:
                return [pairing] + rest
        return None
    return split(set(), rounds)


def stranding(n: int) -> list[list[tuple[str, str]]]:
    """Rounds without a rematch after which n players (even) cannot be paired again: h = n/2 odd, two
    halves that have met across (each half left odd); h even, all but a group of h - 1 who met none of
    themselves and a group of h + 1 each of whom has h - 2 unmet there."""
    h = n // 2
    players = names(n)
    if h % 2:
        a, b = players[:h], players[h:]
        return [[(a[j], b[(j + i) % h]) for j in range(h)] for i in range(h)]
    a, b = players[:h - 1], players[h - 1:]
    unmet = {frozenset(pair) for pair in itertools.combinations(a, 2)} | \
        {frozenset((b[i], b[(i + k) % (h + 1)])) for i in range(h + 1) for k in range(1, h // 2)}
    met = {frozenset(pair) for pair in itertools.combinations(players, 2)} - unmet
    return factorized(n, met, h + 1)


@pytest.mark.parametrize("n", [6, 8, 10, 12, 16])
def test_one_round_beyond_the_bound_can_strand(n):
    """After as many rounds as the bound, some pairings without a rematch leave none for the next."""
    rounds = stranding(n)
    assert len(rounds) == pairable_rounds(n)
    assert all(sorted(p for pair in pairing for p in pair) == sorted(names(n)) for pairing in rounds)
    meetings = Counter(frozenset(pair) for pairing in rounds for pair in pairing)
    assert set(meetings.values()) == {1}                                           # no rematch so far
    tournament = Tournament(RULES, System.SWISS, names(n))
    tournament.meetings = meetings
    assert tournament._match(tuple(names(n))) is None


def test_an_agreed_bye_with_an_even_number_is_refused():
    with pytest.raises(TournamentError, match="^6 players: every player is paired each round, so there is no bye"):
        Tournament(RULES, System.SWISS, names(6), bye=1)


def test_an_agreed_bye_gives_its_points_to_a_different_player_each_round():
    tournament = Tournament(RULES, System.SWISS, names(7), bye=2)
    rng = random.Random(3)
    outs = []
    for number in range(1, tournament.rounds + 1):
        made = tournament.pair(lot=names(7)[::-1] if number == 1 else None)
        outs.append(made.out)
        tournament.record([Outcome(a, b, 5, rng.randint(0, 4)) for a, b in made.pairs])
        if not tournament.over:
            tournament.draw_ties(lambda group, attempt: dict(zip(group, shuffled(rng))))
    assert outs[0] == "P1" and len(set(outs)) == 3                      # the last drawn, then others
    assert sum(tournament.points.values()) == 2 * 3


def test_the_example_of_15_7_the_same_leaders_then_first_meets_third_and_second_fourth():
    """P5 and P1 lead after rounds 1 and 2 and have met in round 2: in round 3 the first meets the
    third (P3), the second the fourth (P6)."""
    scenario = load_scenario(SUITE / "de-scheicher" / "tournament-swiss-same-leaders.toml")
    lines = scenario.play(RULES)
    standings = [line for line in lines if line.startswith("standings after round")]
    assert standings[0].startswith("standings after round 1: 1. P5 +3, 2. P1 +3, 3. P3 +1, 4. P6 -1")
    assert standings[1].startswith("standings after round 2: 1. P5 +4, 2. P1 +2, 3. P3 +2, 4. P6 +1")
    assert [line.split(",")[0] for line in lines if line.startswith("round 3:")] == [
        "round 3: P5 (+4) meets P3 (+2)", "round 3: P1 (+2) meets P6 (+1)", "round 3: P4 (-4) meets P2 (-5)"]
    with pytest.raises(Mismatch, match="round 2 pairs P5–P1, P3–P6, P4–P2"):     # were rematches allowed
        scenario.play(RULES.with_values(swiss_rematches=True))


def test_a_leader_skips_an_opponent_who_would_leave_two_who_have_met():
    tournament = Tournament(RULES, System.SWISS, names(6))
    tournament.pair(lot=["P2", "P3", "P1", "P5", "P6", "P4"])
    tournament.record([Outcome("P2", "P3", 5, 0), Outcome("P1", "P5", 5, 4), Outcome("P4", "P6", 5, 0)])
    cards = {"P2": "KH", "P4": "QS", "P3": "JC", "P6": "8H"}
    tournament.draw_ties(lambda group, attempt: {p: parse_card(cards[p]) for p in group})
    tournament.pair()
    tournament.record([Outcome("P2", "P4", 5, 1), Outcome("P3", "P1", 5, 0), Outcome("P6", "P5", 5, 2)])
    made = tournament.pair()
    assert made.pairs == (("P2", "P6"), ("P4", "P1"), ("P3", "P5"))      # greedy: P4–P3 leaves P1–P5 again
    assert "P3 would leave a pair who have met" in made.notes[1].text


def test_equal_cards_are_drawn_again_and_the_ruleset_says_which_card_places_first():
    def tied() -> Tournament:
        tournament = Tournament(RULES, System.SWISS, names(6))
        tournament.pair(lot=names(6))
        tournament.record([Outcome("P1", "P2", 5, 2), Outcome("P3", "P4", 5, 1), Outcome("P5", "P6", 5, 3)])
        return tournament
    draws = {"P1": ["9H", "QC"], "P3": ["9D", "KH"], "P2": ["JD"], "P4": ["7S"]}

    def drawer(group, attempt):
        return {p: parse_card(draws[p][attempt - 1]) for p in group}
    higher = tied()
    notes = [n.text for n in higher.draw_ties(drawer)]
    assert higher.order == ("P3", "P1", "P5", "P6", "P2", "P4")
    assert notes[:3] == ["P1 and P3 have +2 each: they draw P1 9H, P3 9D → P3, P1",
                         "P1 and P3 draw equal cards: they draw again", "P1 and P3 draw again: P1 QC, P3 KH → P3, P1"]
    lower = tied()
    lower.ruleset = RULES.with_values(swiss_tie_break="lower-card-first")
    lower.draw_ties(drawer)
    assert lower.order == ("P1", "P3", "P5", "P6", "P4", "P2")


@pytest.mark.parametrize("system, n, kwargs, problem", [
    (System.SWISS, 7, {}, "7 players: a Swiss round pairs every player and the ruleset gives no bye"),
    (System.SWISS, 4, {}, "the rounds table starts at 5 players"),
    (System.SWISS, 6, {"rounds": 4}, "4 rounds: 6 players can play 1 to 3 rounds that are always paired"),
    (System.SWISS, 8, {"bye": 1}, "8 players: every player is paired each round, so there is no bye"),
    (System.ROUND_ROBIN, 5, {"bye": 1}, "a bye is for the Swiss system"),
    (System.ROUND_ROBIN, 4, {"rounds": 2}, "a round robin of 4 players has 3 rounds"),
    (System.ROUND_ROBIN, 1, {}, "two players or more"),
])
def test_what_the_ruleset_does_not_allow_is_refused_with_its_units(system, n, kwargs, problem):
    with pytest.raises(TournamentError, match=problem):
        Tournament(RULES, system, names(n), **kwargs)


def test_a_system_the_ruleset_does_not_know_is_refused():
    with pytest.raises(TournamentError, match="knows no swiss tournament .*de-scheicher.15.4"):
        Tournament(RULES.with_values(tournament_systems=["round-robin"]), System.SWISS, names(6))


@pytest.mark.parametrize("text, expected", [("P1 5:2", ("P1", 5, 2)), ("  X-1  5:0 ", ("X-1", 5, 0))])
def test_a_result_is_its_winner_and_the_points(text, expected):
    assert parse_score(text) == expected


@pytest.mark.parametrize("text", ["P1", "P1 2:5", "P1 5-2", "P1 5:5", "5:2"])
def test_a_malformed_result_is_refused(text):
    with pytest.raises(ValueError, match='must read "WINNER 5:3"'):
        parse_score(text)


@pytest.mark.parametrize("won, lost, finished", [(5, 0, True), (5, 4, True), (4, 2, False), (9, 2, False),
                                                 (6, 5, False), (5, 5, False)])
def test_a_given_result_must_be_a_finished_partie(won, lost, finished):
    if finished:
        check_finished(RULES, won, lost)
    else:
        with pytest.raises(ValueError, match=rf"{won}:{lost} is no finished partie: it ends when the winner"
                                             r" reaches 5 points.*game.target: de-scheicher"):
            check_finished(RULES, won, lost)


@pytest.mark.parametrize("result", ["Ann 4:2", "Ann 9:2"])
def test_a_table_partie_given_unfinished_or_beyond_any_finish_is_an_error_at_its_line(tmp_path, result):
    """The sitting scenario reads a given result with the tournament's parser and check (one of each)."""
    path = tmp_path / "table.toml"
    path.write_text('id = "en-wiki.s12.p1-x"\ncites = ["en-wiki.s12.p1"]\nruleset = "en-wiki"\n[sitting]\n'
                    'format = "a-deux-cotes"\nplayers = ["Ann", "Bob", "Cy"]\n[[partie]]\n'
                    f'actions = ["Cy bet 10 on Ann"]\nresult = "{result}"\n', encoding="utf-8")
    scenario = load_scenario(path)
    with pytest.raises(ScenarioError, match=f"partie 1: result {result[4:]} is no finished partie: it ends when the"
                                            " winner reaches 5 points") as caught:
        scenario.play(load("en-wiki"))
    assert caught.value.line == 9


def test_a_partie_played_by_the_policies_is_won_at_the_target_and_the_seed_repeats_it():
    first = [play_result(RULES, "A", "B", random.Random(seed)) for seed in range(20)]
    again = [play_result(RULES, "A", "B", random.Random(seed)) for seed in range(20)]
    assert first == again
    assert all(r.won == 5 and 0 <= r.lost < 5 and {r.winner, r.loser} == {"A", "B"} for r in first)
    assert len({(r.winner, r.lost) for r in first}) > 3


# ---- tournament scenarios ------------------------------------------------------------------

HEADER = '''\
id = "t.tournament"
cites = ["de-scheicher.15.5"]
ruleset = "de-scheicher"
quote = "werden gelost"
'''
GOOD = HEADER + '''
[tournament]
system = "swiss"
players = 6
rounds = 3
lot = ["P1", "P2", "P3", "P4", "P5", "P6"]

[[round]]
pairs = ["P1 P2", "P3 P4", "P5 P6"]
results = ["P1 5:0", "P3 5:2", "P5 5:4"]
standings = ["P1 +3", "P3 +2", "P5 +1", "P6 -1", "P4 -2", "P2 -3"]
'''


def scenario_file(tmp_path, text: str) -> Path:
    path = tmp_path / "t.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_a_tournament_scenario_is_read_and_passes(tmp_path):
    scenario = load_scenario(scenario_file(tmp_path, GOOD))
    assert (scenario.id, scenario.cites, scenario.players[-1], scenario.rounds) == \
        ("t.tournament", ("de-scheicher.15.5",), "P6", 3)
    result = run_scenario(scenario)
    assert result.status is Status.PASS, result.message
    assert result.explanation[1] == ("round 1, drawn by lot: P1–P2, P3–P4, P5–P6"
                                     " — tournament.first-round: de-scheicher.15.5")


@pytest.mark.parametrize("old, new, line, problem", [
    ('system = "swiss"', 'system = "knockout"', 7, "tournament.system must be one of"),
    ("players = 6", 'players = ["P1", "P1"]', 8, "tournament.players: P1 is written twice"),
    ("players = 6", 'players = ["P1", "P 2"]', 8, r"tournament.players must be a list of names \(letters"),
    ('lot = ["P1", "P2", "P3", "P4", "P5", "P6"]', 'lot = ["P1", "P2"]', 10, "must draw every player once"),
    ('"P3 P4", "P5 P6"]', '"P3 P4", "P5 P2"]', 13, "P2 is paired twice"),
    ('"P3 P4", "P5 P6"]', '"P3 P4", "P5 P9"]', 13, "'P5 P9' is not two different players"),
    ('"P3 5:2"', '"P3 2:5"', 14, 'round 1: a result must read "WINNER 5:3"'),
    ('"P3 5:2"', '"P3 5:2", "P4 5:2"', 14, "P3–P4 has two results"),
    ('"P1 +3", "P3 +2"', '"P1 three", "P3 +2"', 15, "'P1 three' is not a player and his points"),
    ("standings", "rankings", 15, "unknown key 'rankings'"),
])
def test_a_malformed_tournament_scenario_names_its_line(tmp_path, old, new, line, problem):
    assert old in GOOD
    path = scenario_file(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ScenarioError, match=problem) as caught:
        load_scenario(path)
    assert caught.value.line == line and str(caught.value).startswith(f"{path}:{line}: ")


def test_an_odd_swiss_tournament_without_a_bye_is_an_error_at_its_players_line(tmp_path):
    path = scenario_file(tmp_path, HEADER + '\n[tournament]\nsystem = "swiss"\nplayers = 7\nrounds = 3\n')
    scenario = load_scenario(path)
    with pytest.raises(ScenarioError, match="7 players: a Swiss round pairs every player") as caught:
        scenario.play(RULES)
    assert caught.value.line == 8
    result = run_scenario(scenario)
    assert result.status is Status.ERROR and result.message.startswith(f"{path}:8: 7 players")


def test_pairings_or_standings_the_engine_does_not_make_fail_at_the_round(tmp_path):
    path = scenario_file(tmp_path, GOOD.replace('["P1 P2", "P3 P4", "P5 P6"]', '["P1 P3", "P2 P4", "P5 P6"]')
                         .replace('"P3 5:2"', '"P2 5:2"'))
    result = run_scenario(load_scenario(path))
    assert result.status is Status.FAIL and result.message == (
        f"{path}:12: round 1 pairs P1–P2, P3–P4, P5–P6; the scenario expects P1–P3, P2–P4, P5–P6")
    path = scenario_file(tmp_path, GOOD.replace('"P6 -1", "P4 -2"', '"P4 -2", "P6 -1"'))
    result = run_scenario(load_scenario(path))
    assert result.status is Status.FAIL and "after round 1 the standings are 1. P1 +3" in result.message


def test_equal_points_before_a_round_need_the_cards_drawn(tmp_path):
    tied = GOOD.replace('"P3 5:2"', '"P3 5:0"').replace('"P3 +2"', '"P3 +3"').replace('"P4 -2"', '"P4 -3"')
    path = scenario_file(tmp_path, tied + '\n[[round]]\npairs = ["P1 P3", "P5 P4", "P6 P2"]\n'
                                          'results = ["P1 5:0", "P4 5:0", "P2 5:0"]\n')
    result = run_scenario(load_scenario(path))
    assert result.status is Status.ERROR and result.message.startswith(
        f"{path}:12: after round 1 P1 and P3; P2 and P4 have equal points: give the cards they draw")


def test_a_round_robin_schedule_in_a_scenario_must_be_lawful(tmp_path):
    text = HEADER + '''
[tournament]
system = "round-robin"
players = 4

[[round]]
pairs = ["P1 P2", "P3 P4"]
results = ["P1 5:0", "P3 5:0"]

[[round]]
pairs = ["P1 P2", "P3 P4"]
results = ["P1 5:0", "P3 5:0"]
'''
    result = run_scenario(load_scenario(scenario_file(tmp_path, text)))
    assert result.status is Status.ERROR and "round 2: P1 and P2 have met 1 time(s) already" in result.message


def test_every_tournament_scenario_under_a_witness_silent_on_tournaments_names_the_inheritance():
    [path] = (SUITE / "hu-nc").glob("tournament-round-robin.toml")
    result = run_scenario(load_scenario(path))
    assert result.status is Status.PASS
    assert "tournament.round-robin: inherited from de-scheicher: de-scheicher.15.1" in result.explanation[0]
    counts = Counter(p.parent.name for p in SUITE.glob("*/tournament-*.toml"))
    assert counts["de-scheicher"] >= 10 and counts["hu-nc"] == counts["en-wiki"] == counts["en-short"] == 5
