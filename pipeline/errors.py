"""The error users see for bad input: one line naming the file, line and problem, never a traceback."""
from __future__ import annotations


class InputError(Exception):
    """A problem with the user's input or data, reported in one line without a traceback."""

    def __init__(self, message: str, path: object | None = None, line: int | None = None):
        where = ""
        if path is not None:
            where = f"{path}:{line}: " if line is not None else f"{path}: "
        super().__init__(where + message)
        self.path = path
        self.line = line
