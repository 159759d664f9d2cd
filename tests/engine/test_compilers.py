"""The typed-Cython build of the search (engine/dd_cython.pyx) against the numba kernel and the reference."""
import random

from engine import dd_compiled
from engine.compilers import load_cython
from engine.solver import Position, ReferenceSolver, Solver


def test_the_cython_build_agrees_with_numba_and_the_reference(tmp_path):
    cython = load_cython(tmp_path)                      # a cold build, never into engine/
    assert cython.__file__.startswith(str(tmp_path))
    rng = random.Random(10)
    solver, reference = Solver(), ReferenceSolver()
    sizes = set()
    for _ in range(2500):
        n = rng.randint(1, 5)
        cards = rng.sample(range(32), 2 * n)
        position = Position.of(tuple(cards[:n]), tuple(cards[n:]), rng.randrange(4), rng.randrange(2))
        args = (*position.hands, position.trump, position.leader)
        expected = reference.solve(position)
        assert cython.value(*args) == dd_compiled.value(*args) == expected.tricks[position.leader], position
        assert cython.solve_packed(*args) == dd_compiled.solve_packed(*args), position
        assert solver.solve(position) == expected, position
        sizes.add(n)
    assert sizes == {1, 2, 3, 4, 5}
