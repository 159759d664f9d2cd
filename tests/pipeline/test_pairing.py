"""The one dynamic program (`pipeline.pairing`): tables of edge cases, then its properties
against brute force. Its three users are tested through it: collation tokens, synthetic lines,
units within sections."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pipeline.collate.compare import pair_tokens
from pipeline.pairing import PAIR_OR_SKIP, Step, best_path, pairs

BEADS = ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1))


def same(a: str, b: str) -> float:
    return 1.0 if a == b else 0.0


# --- edge cases, as tables -------------------------------------------------------------------

@pytest.mark.parametrize("a, b, expected", [
    ("", "", []),                                                   # nothing to pair
    ("x", "", [(0, None)]),                                         # one side empty
    ("", "xy", [(None, 0), (None, 1)]),
    ("abc", "abc", [(0, 0), (1, 1), (2, 2)]),                       # identical
    ("abc", "axc", [(0, 0), (1, 1), (2, 2)]),                       # a substitution pairs
    ("abc", "ac", [(0, 0), (1, None), (2, 1)]),                     # a deletion
    ("ac", "abc", [(0, 0), (None, 1), (1, 2)]),                     # an insertion
    ("ab", "ba", [(None, 0), (0, 1), (1, None)]),                   # a swap: in order, one pair
    ("aaa", "a", [(0, None), (1, None), (2, 0)]),                   # ties: the path is read from the end
    ("xyz", "pqr", [(0, 0), (1, 1), (2, 2)]),                       # unrelated: pairing beats two gaps
])
def test_token_pairing(a, b, expected):
    assert pair_tokens(list(a), list(b), same) == expected


@pytest.mark.parametrize("n, m, gain, moves, expected", [
    # a pair that is not allowed is never taken, though it would gain
    (1, 1, lambda i, j, da, db: None if da and db else 0.0, PAIR_OR_SKIP, [(0, 1), (1, 0)]),
    # a two-unit bead wins where it gains more than two one-unit steps
    (1, 2, lambda i, j, da, db: 1.0 if (da, db) == (1, 2) else 0.1 if da and db else 0.0, BEADS, [(1, 2)]),
    # ties go to the earlier move: (1, 1) before (1, 0)
    (1, 1, lambda i, j, da, db: 0.0, PAIR_OR_SKIP, [(1, 1)]),
    # costs as negative gains (the synthetic lines): skipping costs a line's length
    (2, 1, lambda i, j, da, db: -1.0 if da and db else -5.0, PAIR_OR_SKIP, [(1, 0), (1, 1)]),
])
def test_paths(n, m, gain, moves, expected):
    assert [(s.da, s.db) for s in best_path(n, m, gain, moves)] == expected


def test_a_gain_that_allows_no_way_to_the_end_is_an_error():
    with pytest.raises(ValueError, match="no path pairs 1 items with 1"):
        best_path(1, 1, lambda i, j, da, db: None)


def test_pairs_read_a_path_of_one_item_steps():
    path = [Step(0, 0, 1, 1, 1.0), Step(1, 1, 1, 0, 0.0), Step(2, 1, 0, 1, 0.0)]
    assert pairs(path) == [(0, 0), (1, None), (None, 1)]


# --- properties ------------------------------------------------------------------------------

gains = st.dictionaries(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from(BEADS[:3])),
                        st.one_of(st.none(), st.floats(-1, 1)))


def _gain_of(table):
    return lambda i, j, da, db: table.get((i, j, (da, db)), -0.5) if da and db else 0.0


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), gains)
def test_every_item_is_used_once_in_order_with_legal_moves(n, m, table):
    path = best_path(n, m, _gain_of(table), BEADS)
    assert all((s.da, s.db) in BEADS for s in path)
    i = j = 0
    for step in path:                      # consecutive steps: links never cross
        assert (step.i, step.j) == (i, j)
        i, j = i + step.da, j + step.db
    assert (i, j) == (n, m)


def _brute_force(n, m, gain, i=0, j=0):
    if (i, j) == (n, m):
        return 0.0
    best = float("-inf")
    for da, db in BEADS:
        if i + da <= n and j + db <= m:
            step = gain(i, j, da, db)
            if step is not None:
                best = max(best, step + _brute_force(n, m, gain, i + da, j + db))
    return best


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 4), st.integers(0, 4), gains)
def test_the_path_is_the_best_of_all_in_order_paths(n, m, table):
    gain = _gain_of(table)
    total = sum(s.gain for s in best_path(n, m, gain, BEADS))
    assert total == pytest.approx(_brute_force(n, m, gain))
