"""One partie between two players of a table, played out deal by deal by the engine, or given."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from ..cards import shuffled
from ..events import explain as read_aloud
from ..options import Options
from ..policies import Policy, RulePolicy
from ..ruleset import Ruleset
from ..state import DEAL, DRAW, OVER, State
from .. import actions as act


@dataclass(frozen=True)
class PartieResult:
    """How a partie ended: the winner (0 or 1, the seat), the score, what it counts with lot
    scoring (None without), the seat that dealt its last deal (None when given without it), the
    lines of its explanation, and the seat that dealt each deal (empty when given)."""

    winner: int
    score: tuple[int, int]
    lot: int | None
    last_dealer: int | None
    lines: tuple[str, ...] = ()
    dealers: tuple[int, ...] = ()

    @property
    def loser_points(self) -> int:
        """The loser's points."""
        return self.score[1 - self.winner]


_SCORE = re.compile(r"(\S+)\s+(\d+):(\d+)")


def parse_score(text: str) -> tuple[str, int, int]:
    """A partie's result as written, `"Ann 5:3"`: the winner, his points and the loser's; ValueError
    unless it reads so, the winner ahead (whether the partie is finished is `check_finished`'s)."""
    match = _SCORE.fullmatch(text.strip())
    if not match or int(match[2]) <= int(match[3]):
        raise ValueError(f'must read "WINNER 5:3" (the winner\'s points first), not {text!r}')
    return match[1], int(match[2]), int(match[3])


def check_finished(ruleset: Ruleset, won: int, lost: int) -> None:
    """A given result as the ruleset ends a partie: the winner at the target (points marked stop
    there), the loser short of it; ValueError naming the rule's units otherwise."""
    target = ruleset["target_points"]
    if won != target or not 0 <= lost < target:
        raise ValueError(f"{won}:{lost} is no finished partie: it ends when the winner reaches {target} points,"
                         f" the loser short of them (game.target: {ruleset.describe('game.target')})")


def play_partie(ruleset: Ruleset, dealer: int | None, rng: random.Random,
                policies: tuple[Policy, Policy] = (RulePolicy(), RulePolicy()),
                options: Options = Options(), explain: bool = False) -> PartieResult:
    """Play a whole partie by the policies: the first deal dealt by seat `dealer`, or by the draw
    when None; each pack shuffled and cut by `rng`, in the batches the ruleset allows. The player
    not to move is asked first, so that a king is marked out of turn while its window is open."""
    state = State(ruleset, dealer=dealer, options=options)
    while state.phase is DRAW:
        pack = shuffled(rng)
        state.apply(act.Draw((pack[0], pack[1])))
    low = ruleset["min_cut"]
    dealers: list[int] = []
    while state.phase is not OVER:
        if state.phase is DEAL:
            dealers.append(state.dealer)
            batches = state.batches[state.dealer] or rng.choice(ruleset["deal_batches"])
            state.apply(act.Deal(state.dealer, shuffled(rng), rng.randint(low, 32 - low), batches))
            continue
        mover = state.to_move
        seats = (1 - mover, mover) if mover is not None else (0, 1)
        decision = next((d for seat in seats if (d := policies[seat].decide(state, seat)) is not None), None)
        if decision is None:
            raise RuntimeError(f"neither player acts in phase {state.phase}")
        state.apply(decision.action)
    lines = tuple(read_aloud(state.log, state.ruleset)) if explain else ()
    return PartieResult(state.winner, state.score, state.lot, state.dealer, lines,   # the dealer stays at the end
                        tuple(dealers))
