"""The price of proposing and of refusing on the first deal under each ruleset, and the German note's
advice on the exchange (de-scheicher.strategy.1), in points.

Random first deals (score 0:0), each set out in the engine under every ruleset and played out in
branches: the elder stands; he proposes and the dealer refuses; he proposes and the dealer accepts,
both then exchanging by `RulePolicy` (keep trumps and kings) and speaking and answering by the jeux
de règle until one stands or refuses; and that accepted proposal again with the elder keeping his
queens as well (`KeepQueens`). The holder marks the king when the engine lets him, the five tricks
follow the solver's optimal line (double-dummy) and the engine scores every point. A player's points
never fall as his tricks rise, so the line that is optimal in tricks is optimal in points too. The
branches share the deal, so their differences are paired.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .. import actions as act
from ..cards import Card, rank_of, shuffled, suit_of
from ..intervals import Mean
from ..policies import QUEEN, Decision, Policy, RulePolicy, jeu_de_regle
from ..ruleset import Ruleset, available, load
from ..solver import Position, Solver
from ..state import PLAY, State
from .finding import Finding
from .study import Study, Task

ELDER, DEALER = 0, 1
"""A speaks and leads, B deals, in every deal of the study."""
POLICY = RulePolicy()
SOLVER = Solver()
RULESETS: tuple[Ruleset, ...] = tuple(load(siglum) for siglum in available())
SPEAKING = RulePolicy.SHOULD + RulePolicy.KEEP
"""The advice to stand and refuse with a jeu de règle; de-scheicher.strategy.1 opens with it too."""


class KeepQueens:
    """`RulePolicy`, except that exchanging it keeps the queens of the plain suits as well (the elder's, here).

    The alternative to de-scheicher.strategy.1 ("lediglich Trümpfe und Könige behalten"): the queen
    ranks next below the king (K Q J A 10 9 8 7), so keeping her is the smallest departure from the
    note, and the very one its "lediglich" (only) rules out.
    """

    def decide(self, state: State, player: int) -> Decision | None:
        """RulePolicy's decision, with the plain queens taken back out of a discard (the minimum still put away)."""
        decision = POLICY.decide(state, player)
        if decision is None or not isinstance(decision.action, act.Discard):
            return decision
        cards = decision.action.cards            # lowest first: the plain queens come after the other plain cards
        kept_back = tuple(c for c in cards if not _plain_queen(c, state.trump))
        low, _ = state.discard_limits()
        chosen = kept_back if len(kept_back) >= low else cards[:low]
        return Decision(act.Discard(player, chosen), "keeps trumps, kings and queens")


def _plain_queen(card: Card, trump: int) -> bool:
    return rank_of(card) == QUEEN and suit_of(card) != trump


KEEP_QUEENS = KeepQueens()


@dataclass(frozen=True)
class Branches:
    """The elder's net points (his minus the dealer's) in each branch of one deal under one ruleset."""

    stand: int
    refuse: int
    accept: int                   # both exchange by RulePolicy
    keep_queens: int              # the same, but the elder keeps his plain queens (KeepQueens)
    queen_kept: bool              # the elder's first discard differs between the two


def finish(state: State, elder_policy: Policy) -> int:
    """Play the deal out: the exchange by the policies, the king marked by its holder when the engine
    allows, the tricks along the solver's optimal line; the elder's net points, as the engine scored them."""
    while state.phase is not PLAY:
        player = state.to_move
        decision = (elder_policy if player == ELDER else POLICY).decide(state, player)
        assert decision is not None, "a policy has nothing to do in its turn"
        state.apply(decision.action)
    for player in (ELDER, DEALER):
        decision = POLICY.decide(state, player)
        if decision is not None and isinstance(decision.action, act.MarkKing):
            state.apply(decision.action)
    line = SOLVER.solve(Position((state.hand_mask(0), state.hand_mask(1)), state.trump, state.turn)).line
    for card in line:
        state.apply(act.PLAY[state.turn][card])
    points = state.deal_points
    return points[ELDER] - points[DEALER]


def branches(ruleset: Ruleset, elder: tuple[Card, ...], dealer: tuple[Card, ...], turnup: Card,
             talon: tuple[Card, ...]) -> Branches:
    """One first deal, set out by the engine and played out in each branch."""
    dealt = State(ruleset, dealer=DEALER)
    dealt.apply(act.Arrange(DEALER, (elder, dealer), turnup, talon))

    def after(*actions: act.PlayerAction) -> State:
        state = dealt.copy()
        for action in actions:
            state.apply(action)
        return state

    accepted = after(act.PROPOSE[ELDER], act.ACCEPT[DEALER])
    first = [policy.decide(accepted, ELDER) for policy in (POLICY, KEEP_QUEENS)]
    return Branches(finish(after(act.STAND[ELDER]), POLICY),
                    finish(after(act.PROPOSE[ELDER], act.REFUSE[DEALER]), POLICY),
                    finish(accepted.copy(), POLICY), finish(accepted, KEEP_QUEENS),
                    first[0].action != first[1].action)


@dataclass(frozen=True)
class Question:
    """One question measured under each ruleset: what it measures, over which deals, on which units."""

    key: str
    measure: str
    deals: str
    rule: str | None               # the rule of play whose price it is: its units under the ruleset
    advice: tuple[str, ...]        # the advice it tests (which of its units are noted: `units`)


PROPOSING = "the elder's net points proposing (the dealer answering by the jeux de règle) minus standing"
REFUSING = "the dealer's net points refusing the proposal minus accepting it"
KEEPING = ("the elder's net points, a proposal accepted, keeping trumps and kings minus keeping trumps,"
           " kings and queens")
PROPOSE = Question("propose", PROPOSING, "every deal", "score.unproposed-loss", ())
PROPOSE_JEU = Question("propose/jeu", PROPOSING, "the elder holds a jeu de règle", "score.unproposed-loss", SPEAKING)
PROPOSE_OTHER = Question("propose/other", PROPOSING, "the elder holds no jeu de règle", "score.unproposed-loss",
                       SPEAKING)
REFUSE_JEU = Question("refuse/jeu", REFUSING, "the dealer holds a jeu de règle", "score.refused-first-proposal",
                    SPEAKING)
REFUSE_OTHER = Question("refuse/other", REFUSING, "the dealer holds no jeu de règle", "score.refused-first-proposal",
                      SPEAKING)
KEEP = Question("keep", KEEPING, "every deal", None, RulePolicy.KEEP)
KEEP_QUEEN = Question("keep/queen", KEEPING, "keeping the queens changes the elder's first discard", None,
                    RulePolicy.KEEP)
QUESTIONS = (PROPOSE, PROPOSE_JEU, PROPOSE_OTHER, REFUSE_JEU, REFUSE_OTHER, KEEP, KEEP_QUEEN)
"""The questions, in the order the command prints them (ruleset after ruleset within each)."""


def values(deal: Branches, elder_jeu: bool, dealer_jeu: bool) -> dict[Question, int]:
    """The deal's value for each question whose deals it belongs to."""
    answered = deal.refuse if dealer_jeu else deal.accept
    keeping = deal.accept - deal.keep_queens
    found = {PROPOSE: answered - deal.stand, PROPOSE_JEU if elder_jeu else PROPOSE_OTHER: answered - deal.stand,
             REFUSE_JEU if dealer_jeu else REFUSE_OTHER: deal.accept - deal.refuse, KEEP: keeping}
    if deal.queen_kept:
        found[KEEP_QUEEN] = keeping
    return found


Deal = tuple[tuple[Card, ...], tuple[Card, ...], Card, tuple[Card, ...]]
"""A first deal: the elder's five cards, the dealer's five, the turn-up and the talon, top first."""


def deals(task: Task) -> Iterator[Deal]:
    """The chunk's deals, from its own seed (a string: -1 and 1 are not the same study)."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")
    for _ in range(count):
        pack = shuffled(rng)
        yield pack[:5], pack[5:10], pack[10], pack[11:]


def count_chunk(task: Task) -> Counter:
    """Sum each question's values and their squares per ruleset over the chunk's deals."""
    tally: Counter = Counter()
    for elder, dealer, turnup, talon in deals(task):
        trump = suit_of(turnup)
        elder_jeu, dealer_jeu = bool(jeu_de_regle(elder, trump)), bool(jeu_de_regle(dealer, trump))
        for ruleset in RULESETS:
            deal = branches(ruleset, elder, dealer, turnup, talon)
            for question, value in values(deal, elder_jeu, dealer_jeu).items():
                Mean.add(tally, (ruleset.siglum, question.key), value)
    return tally


def units(question: Question, ruleset: Ruleset) -> tuple[str, ...]:
    """The units a question under a ruleset is noted on: a price's, its rule's under the ruleset and the advice
    of that ruleset's witness (the jeux de règle, not every witness's under every ruleset); the discard's, the
    German note it tests, under every ruleset."""
    if question.rule is None:
        return question.advice
    own = tuple(unit for unit in question.advice if unit.startswith(f"{ruleset.siglum}."))
    return tuple(dict.fromkeys(ruleset.cites(question.rule) + own))


def findings(total: Counter) -> list[Finding]:
    """Each question under each ruleset that has deals."""
    found = []
    for question in QUESTIONS:
        for ruleset in RULESETS:
            if total[ruleset.siglum, question.key, "deals"]:
                found.append(Finding(f"{ruleset.siglum} rules, {question.deals}", question.measure,
                                     units(question, ruleset),
                                     Mean.of(f"{ruleset.siglum}: {question.key}", total, (ruleset.siglum, question.key))))
    return found


STUDY = Study(
    name="exchange", title="Double-dummy study of the exchange",
    method="random first deals (score 0:0) set out in the engine under each ruleset and played out in branches on"
           " the same cards: the elder stands, or proposes and the dealer refuses or accepts; exchanging, both"
           " keep trumps and kings, and speak and answer by the jeux de règle; the holder marks the king; the"
           " tricks follow the solver's optimal line (double-dummy: both see every card); the engine scores every"
           " point; paired differences of whole points, normal 95% intervals",
    sources=("engine/studies/exchange.py", "engine/studies/study.py", "engine/policies.py", "engine/state.py",
             "engine/game_config.py", "engine/options.py", "engine/observation.py", "engine/play_tables.py",
             "engine/actions.py", "engine/solver.py", "engine/dd_compiled.py", "engine/duty.py", "engine/cards.py",
             "engine/ruleset.py", "engine/rules.py", "engine/param_values.py",
             *(f"engine/rulesets/{siglum}.toml" for siglum in available())),
    count=count_chunk, findings=findings, chunk=2_000, deals=100_000)
