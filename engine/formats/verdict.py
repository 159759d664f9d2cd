"""How a table or tournament scenario disagrees with the engine: the runner's one failure."""
from __future__ import annotations


class Mismatch(Exception):
    """The engine does not do what the scenario expects (a fail, not an error): the message, the
    scenario's line if known, and the explanation lines played before it."""

    def __init__(self, message: str, line: int | None = None, lines: tuple[str, ...] = ()):
        super().__init__(message)
        self.message, self.line, self.lines = message, line, lines
