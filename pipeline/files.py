"""Reading and writing the project's files: one-line errors naming the file, atomic writes."""
from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from .errors import InputError


def read_toml(path: Path, what: str, missing_ok: bool = False) -> dict:
    """A TOML file as a dict; an unreadable or malformed file is an InputError at its line."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if missing_ok:
            return {}
        raise InputError(f"{what} not found", path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read {what}: {getattr(error, 'strerror', None) or error}", path) from None
    except tomllib.TOMLDecodeError as error:
        line = re.search(r"\(at line (\d+)", str(error))
        raise InputError(f"malformed {what}: {error}", path, int(line.group(1)) if line else None) from None


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write a file whole or not at all: a temporary file beside it, then renamed over it."""
    path = Path(path)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise InputError(f"cannot write: {error.strerror}", path) from None
