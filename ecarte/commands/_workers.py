"""Where `ecarte study` and `ecarte solve` send their chunks of work when `--dask` names a cluster.

The module's name starts with "_": the CLI takes every other module here for a command.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TypeVar

from pipeline.errors import InputError

if TYPE_CHECKING:
    from distributed import Client

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")


def dask_client(address: str, timeout: float = 5.0) -> Client:
    """A client of the Dask scheduler at `address`; InputError within `timeout` seconds if unreachable."""
    from distributed import Client          # imported here: `ecarte` loads every command at start
    try:
        return Client(address, timeout=f"{timeout}s")
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {error}") from None


def dask_mapper(client: Client) -> Callable[[Callable[[Chunk], Result], list[Chunk]], Iterator[Result]]:
    """Run a function over chunks on the cluster: every chunk sent at once (the caller may work meanwhile),
    the results in the order of the chunks."""
    def mapper(function: Callable[[Chunk], Result], chunks: list[Chunk]) -> Iterator[Result]:
        futures = client.map(function, chunks, pure=False)
        return (future.result() for future in futures)
    return mapper
