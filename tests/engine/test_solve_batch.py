"""`ecarte solve` in batches: the same answers, byte for byte, in this process, on worker processes and on
Dask; bad lines keep their numbers across blocks; a line alone is answered at once."""
import json
import random
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.cards import SUITS, card_name
from engine.solver import Position, Solver

ROOT = Path(__file__).resolve().parents[2]
LINES = 10_000
BAD = {1: ("not json", "not JSON: Expecting value (column 1)"),
       2: ("", "an empty line"),
       4096: ('{"hands": {"A": ["KH"], "B": ["KH"]}, "trump": "S"}', "a card is named twice"),
       4097: ('{"hands": {"A": ["KH"], "B": ["QH"]}, "trump": "X"}', "unknown trump 'X'"),
       7000: ('{"hands": {"A": ["KH"], "B": ["ZZ"]}, "trump": "S"}', "unknown card 'ZZ'"),
       8193: ('{"hand": 1}', 'a line is {"hands"'),
       LINES: ('{"hands": ', "not JSON: Expecting value")}
"""Bad lines (numbered from 1) across the 4,096-line blocks, the last one without its newline."""


def cli(*args: str, stdin=None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ecarte.cli", "solve", *args], cwd=ROOT, stdin=stdin,
                          capture_output=True, timeout=timeout)


@pytest.fixture(scope="module")
def batch(tmp_path_factory) -> tuple[Path, list[Position | None]]:
    """A file of random positions with bad lines in known places (some lines end in \\r\\n), and its positions."""
    rng = random.Random(10)
    texts, positions = [], []
    for number in range(1, LINES + 1):
        if number in BAD:
            texts.append(BAD[number][0])
            positions.append(None)
            continue
        n = rng.randint(1, 5)
        cards = rng.sample(range(32), 2 * n)
        trump, leader = rng.randrange(4), rng.randrange(2)
        texts.append(json.dumps({"hands": {"A": [card_name(c) for c in cards[:n]],
                                           "B": [card_name(c) for c in cards[n:]]},
                                 "trump": SUITS[trump], "leader": "AB"[leader]}) + "\r" * (number % 7 == 0))
        positions.append(Position.of(tuple(cards[:n]), tuple(cards[n:]), trump, leader))
    path = tmp_path_factory.mktemp("solve") / "positions.jsonl"
    path.write_bytes("\n".join(texts).encode())
    return path, positions


def solved(path: Path, *args: str) -> subprocess.CompletedProcess:
    with path.open("rb") as stdin:
        return cli(*args, stdin=stdin)


def test_one_worker_answers_every_line_in_order_and_names_the_bad_ones(batch):
    path, positions = batch
    run = solved(path, "--workers", "1")
    out = [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert run.returncode == 1 and len(out) == LINES
    solver = Solver()
    for number, (answer, position) in enumerate(zip(out, positions), 1):
        if position is None:
            assert answer["error"].startswith(f"line {number}: {BAD[number][1]}")
        else:
            solution = solver.solve(position)
            assert answer == {"tricks": {"A": solution.tricks[0], "B": solution.tricks[1]},
                              "line": [card_name(c) for c in solution.line]}
    problems = run.stderr.decode().splitlines()
    assert [p.split(":")[1] for p in problems] == [f" line {n}" for n in sorted(BAD)]


def test_worker_processes_and_a_dask_cluster_print_the_same_bytes(batch):
    from distributed import Client, LocalCluster, get_task_stream

    path, _ = batch
    alone = solved(path, "--workers", "1")
    pooled = solved(path, "--workers", "2")
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
            Client(cluster) as client, get_task_stream(client) as stream:
        on_dask = solved(path, "--dask", cluster.scheduler_address)
    assert pooled.returncode == on_dask.returncode == alone.returncode == 1
    assert pooled.stdout == on_dask.stdout == alone.stdout
    assert pooled.stderr == on_dask.stderr == alone.stderr
    assert sum(task["key"].startswith("_answers") for task in stream.data) >= LINES // 512


def test_a_line_alone_is_answered_before_the_input_ends():
    process = subprocess.Popen([sys.executable, "-m", "ecarte.cli", "solve", "--workers", "2"], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        process.stdin.write(b'{"hands": {"A": ["KH"], "B": ["QH"]}, "trump": "S", "leader": "B"}\n')
        process.stdin.flush()
        assert select.select([process.stdout], [], [], 60)[0], "no answer while the input stays open"
        assert json.loads(process.stdout.readline()) == {"tricks": {"A": 1, "B": 0}, "line": ["QH", "KH"]}
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0


@pytest.mark.parametrize("args, problem", [
    (["--workers", "0"], "--workers must be at least 1"),
    (["--dask", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler at tcp://127.0.0.1:1"),
])
def test_bad_workers_or_an_unreachable_cluster_is_one_line_within_seconds(args, problem):
    start = time.monotonic()
    run = cli(*args, stdin=subprocess.DEVNULL, timeout=60)
    stderr = run.stderr.decode()
    assert run.returncode == 2 and problem in stderr and len(stderr.strip().splitlines()) == 1
    assert run.stdout == b"" and time.monotonic() - start < 30
