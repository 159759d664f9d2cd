"""Reading and writing the project's files: one-line errors naming the file, atomic writes."""
from __future__ import annotations

import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from typing import TypeVar
from functools import lru_cache
import re
import tomllib
from pathlib import Path

from .errors import InputError

T = TypeVar("T")


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


def decode_utf8(data: bytes, path: Path, what: str = "text") -> str:
    """Bytes of a file as UTF-8 text, or an InputError naming the file and the line of the
    first byte that is not UTF-8 (a file saved in another encoding)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 ({error.reason} at byte {error.start}): save it as UTF-8",
                         path, line_at(data, error.start)) from None


def line_at(data: bytes, offset: int) -> int:
    """The 1-based line of a byte offset of a file, for an error to name."""
    return data.count(b"\n", 0, offset) + 1


def plain_text(text: str) -> str:
    """Text as dinglehopper reads a plain-text file: each line stripped, lines joined by newlines."""
    return "\n".join(line.strip() for line in text.splitlines())


def read_text(path: Path) -> str:
    """A UTF-8 text file read as plain text, or an InputError naming the file (and line)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read text: {error.strerror}", path) from None
    return plain_text(decode_utf8(data, path))


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


def array_of_tables(data: dict, text: str, name: str, path: Path) -> list[tuple[dict, int]]:
    """The entries of `[[name]]` with the line each starts on. Entries written any other way
    (an inline array, a string) are an error: an entry whose line cannot be named is never
    read silently, nor dropped."""
    entries = data.get(name, [])
    lines = table_lines(text, name)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries) \
            or len(lines) != len(entries):
        raise InputError(f"write each {name} entry as a [[{name}]] table of its own", path,
                         lines[0] if lines else None)
    return list(zip(entries, lines))


def table_lines(text: str, *key: str) -> list[int]:
    """1-based line numbers of each `[key]` or `[[key]]` header in a TOML text (where the k-th
    entry of an array of tables starts, so an error can name its line), the dotted key compared
    part by part, so a table's line is found however its key is quoted."""
    return [number for number, parts in _headers(text) if parts == key]


@lru_cache(maxsize=8)
def _headers(text: str) -> tuple[tuple[int, tuple[str, ...] | None], ...]:
    """Every table header of a TOML text with its line and its key's parts."""
    return tuple((number, _dotted_key(header.group(1)))
                 for number, line in enumerate(text.splitlines(), 1)
                 if (header := _HEADER.match(line)))


_HEADER = re.compile(r"^\s*\[\[?(.+?)\]\]?\s*(?:#.*)?$")


def _dotted_key(text: str) -> tuple[str, ...] | None:
    """The parts of a TOML dotted key (`point."a.b".reading` → point, a.b, reading); None if it is none."""
    try:
        table = tomllib.loads(f"{text} = 0")
    except tomllib.TOMLDecodeError:
        return None
    parts = []
    while isinstance(table, dict) and len(table) == 1:
        (part, table), = table.items()
        parts.append(part)
    return tuple(parts)


def cached(path: Path, make: Callable[[], T]) -> T:
    """What `make` returns, pickled at `path` (whose name carries the hash of what it is made
    from) and read back from there next time; an unreadable cache is made again."""
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except FileNotFoundError:
        pass
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        path.unlink(missing_ok=True)
    value = make()
    write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def write_tree(target: Path, files: dict[str, bytes], marker: str) -> None:
    """Write a whole folder or none of it: every file into a staging folder beside `target`, then
    the staging folder renamed into its place (the old folder removed after). `marker` names the
    file that says a folder was written so; a folder without it is never replaced (check_tree)."""
    target = Path(target)
    check_tree(target, marker)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.staging-", dir=target.parent))
    except OSError as error:
        raise InputError(f"cannot write: {error.strerror}", target) from None
    old = staging.with_name(staging.name.replace(".staging-", ".old-"))
    try:
        for name, data in sorted({**files, marker: b""}.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        if target.exists():
            os.replace(target, old)
        os.replace(staging, target)
    except OSError as error:
        raise InputError(f"cannot write: {error.strerror}", target) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)


def check_tree(target: Path, marker: str) -> None:
    """`target` may be written by write_tree: it is absent, an empty folder, or a folder holding `marker`."""
    if target.exists() and not target.is_dir():
        raise InputError("is a file, not a folder: give a folder to write", target)
    if target.is_dir() and any(target.iterdir()) and not (target / marker).is_file():
        raise InputError(f"this folder holds files this command did not write (no {marker}): "
                         "give a new or empty folder", target)
