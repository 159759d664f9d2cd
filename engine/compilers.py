"""Numba against typed Cython on the double-dummy search (issue 10): `ecarte bench --compilers`.

The project runs `engine.dd_compiled` (numba). `engine/dd_cython.pyx` is the same search in typed
Cython, built here under .cache/cython only for this comparison (docs/solver-choice.md). Both, and
`ReferenceSolver` (plain Python), must agree on every benchmark position before any is timed.
"""
from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from .bench import cpu_solves, solver_positions

if TYPE_CHECKING:
    from .solver import Position             # the solver imports numba: only when the comparison runs

PYX = Path(__file__).resolve().parent / "dd_cython.pyx"
CACHE = PYX.parents[1] / ".cache" / "cython"
SLICES = 5
"""The timings alternate kernels in this many slices each, so the machine's load falls on all alike."""

_SETUP = ("from Cython.Build import cythonize; from setuptools import setup; "
          "setup(name='dd_cython', ext_modules=cythonize('dd_cython.pyx', quiet=True), "
          "script_args=['build_ext', '--inplace'])")
"""The build pip would run at install: setuptools' build_ext, with the compiler and flags Python was built with."""
_TIMED_NUMBA = ("import time, engine.duty; start = time.perf_counter(); import engine.dd_compiled; "
                "print(time.perf_counter() - start)")
_TIMED_CYTHON = ("import sys, time, engine.duty; from pathlib import Path; from engine.compilers import load_cython; "
                 "start = time.perf_counter(); load_cython(Path(sys.argv[1])); print(time.perf_counter() - start)")


class ComparisonError(Exception):
    """The comparison cannot be made: Cython or a C compiler is missing, or the kernels disagree."""


@dataclass(frozen=True)
class Kernel:
    """One compiler's figures: solves (value and line) and values per CPU second, and its start-up
    in wall seconds (first import with an empty cache, then with a full one; None for plain Python)."""

    name: str
    solves_per_s: int
    values_per_s: int
    cold_start_s: float | None
    cached_start_s: float | None


@dataclass(frozen=True)
class Comparison:
    """The kernels measured on `positions` positions, with the versions and C flags used."""

    positions: int
    seconds: float
    numba: str
    cython: str
    cflags: str
    kernels: tuple[Kernel, ...]


@functools.cache
def load_cython(cache: Path = CACHE) -> ModuleType:
    """engine/dd_cython.pyx compiled (once per source and Python build, under `cache`) and imported."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    key = hashlib.sha256(PYX.read_bytes() + suffix.encode()).hexdigest()[:16]
    built = cache / key / f"dd_cython{suffix}"
    if not built.exists():
        _build(built)
    spec = importlib.util.spec_from_file_location("dd_cython", built)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _build(target: Path) -> None:
    """Build the .pyx in a scratch folder and move the extension to `target`; one line if that cannot be done."""
    _cython_version()
    compiler = sysconfig.get_config_var("CC").split()[0]
    if shutil.which(compiler) is None:
        raise ComparisonError(f"no C compiler ({compiler}) to build {PYX.name}: apt-get install gcc (make system does it)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
        shutil.copy(PYX, Path(scratch) / PYX.name)
        run = subprocess.run([sys.executable, "-c", _SETUP], cwd=scratch, capture_output=True, text=True)
        if run.returncode:
            said = run.stdout.splitlines() + run.stderr.splitlines()
            first = next((line for line in said if line.startswith(f"{PYX.name}:") or " error: " in line), said[-1])
            raise ComparisonError(f"{PYX.name} did not build: {first.strip()}")
        os.replace(Path(scratch) / target.name, target)


def _cython_version() -> str:
    """The installed Cython's version; one line naming the install step if there is none."""
    try:
        return importlib.metadata.version("Cython")
    except importlib.metadata.PackageNotFoundError:
        raise ComparisonError("Cython is not installed: pip install -e '.[compare]' (make venv does it)") from None


def _start_up(code: str, *args: str, env: dict[str, str] | None = None) -> float:
    """Wall seconds the child `code` prints for its timed import (a fresh process, so nothing is loaded yet)."""
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env={**os.environ, **(env or {})})
    if run.returncode:
        raise ComparisonError(f"a timed import failed: {(run.stderr.strip().splitlines() or ['?'])[-1]}")
    return round(float(run.stdout.split()[-1]), 3)


def _agree(cython: ModuleType, positions: list[Position]) -> None:
    """Cython, numba and the reference give every position the same value and the same packed line."""
    from . import dd_compiled
    from .solver import ReferenceSolver, Solver
    solver, reference = Solver(), ReferenceSolver()
    for p in positions:
        args = (*p.hands, p.trump, p.leader)
        expected = reference.solve(p)
        values = {cython.value(*args), dd_compiled.value(*args), expected.tricks[p.leader]}
        if len(values) > 1 or cython.solve_packed(*args) != dd_compiled.solve_packed(*args) \
                or solver.solve(p) != expected:
            raise ComparisonError(f"the kernels disagree on {p}")


def compare(seconds: float = 6.0) -> Comparison:
    """Build the Cython kernel, check the three kernels agree, then time each on one core for `seconds`
    of CPU in all (as `measure_solver`: same positions, CPU time, 64 at a time), alternating slices."""
    version, cython = _cython_version(), load_cython()
    import numba

    from . import dd_compiled
    from .solver import ReferenceSolver
    positions = solver_positions()
    _agree(cython, positions)
    runs = {
        ("numba", "solves"): lambda p: dd_compiled.solve_packed(*p.hands, p.trump, p.leader),
        ("numba", "values"): lambda p: dd_compiled.value(*p.hands, p.trump, p.leader),
        ("cython", "solves"): lambda p: cython.solve_packed(*p.hands, p.trump, p.leader),
        ("cython", "values"): lambda p: cython.value(*p.hands, p.trump, p.leader),
        ("python", "solves"): ReferenceSolver().solve,
        ("python", "values"): lambda p: ReferenceSolver().search(*p.hands, p.trump, p.leader) >> 10,
    }
    done, spent = dict.fromkeys(runs, 0), dict.fromkeys(runs, 0.0)
    for _ in range(SLICES):
        for run, solve_one in runs.items():
            solved, cpu = cpu_solves(solve_one, positions, seconds / SLICES / len(runs), done[run])
            done[run] += solved
            spent[run] += cpu
    with tempfile.TemporaryDirectory() as numba_cache, tempfile.TemporaryDirectory() as cython_cache:
        env = {"NUMBA_CACHE_DIR": numba_cache}
        starts = {"numba": (_start_up(_TIMED_NUMBA, env=env), _start_up(_TIMED_NUMBA, env=env)),
                  "cython": (_start_up(_TIMED_CYTHON, cython_cache), _start_up(_TIMED_CYTHON, cython_cache)),
                  "python": (None, None)}
    per_s = {run: round(done[run] / spent[run]) for run in runs}
    kernels = tuple(Kernel(name, per_s[name, "solves"], per_s[name, "values"], *starts[name]) for name in starts)
    return Comparison(len(positions), seconds, numba.__version__, version,
                      sysconfig.get_config_var("CFLAGS"), kernels)
