"""Reading and writing the project's files: one-line errors naming the file, atomic writes."""
from __future__ import annotations

import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar
from functools import lru_cache
import re
import tomllib
from pathlib import Path
from stat import S_ISDIR

from .errors import InputError

T = TypeVar("T")
E = TypeVar("E", bound=Enum)


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


def path_status(path: Path) -> os.stat_result | None:
    """What is at `path` (os.stat), None where nothing is; an InputError where it cannot be looked
    at, as in a folder that may not be searched (pathlib's `is_file` raises there)."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise InputError(f"cannot reach: {error.strerror}", path) from None


def check_writable(folder: Path, target: Path | None = None) -> None:
    """An InputError (naming `target`, a file to be written there, or else `folder`) unless files
    can be written into `folder` (made by write_atomic if missing): a file is made and removed in
    it, or in the nearest folder above it that exists. For checking every destination before long
    work whose outputs would otherwise be half-written."""
    target = folder if target is None else target
    existing = Path(folder)
    while (status := path_status(existing)) is None and existing != existing.parent:
        existing = existing.parent
    if status is not None and not S_ISDIR(status.st_mode):
        raise InputError(f"cannot write: {existing} is a file, not a folder", target)
    try:
        with tempfile.TemporaryFile(dir=existing):
            pass
    except OSError as error:
        raise InputError(f"cannot write: {error.strerror}", target) from None


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


@dataclass(frozen=True)
class Fields:
    """One TOML table read field by field, each with its type checked: a missing, unknown or
    mistyped field is an InputError naming the file, the table's line and the field."""

    data: dict
    path: Path
    line: int | None
    what: str                     # the table in messages: "witness 'hu-nc'", "[[rule]]"
    prefix: str = ""              # a sub-table's fields are named with it: "rights."

    def fail(self, message: str) -> InputError:
        return InputError(f"{self.what}: {message}", self.path, self.line)

    def known(self, *names: str) -> None:
        """Refuse a field not among `names`: a misspelt one would otherwise be silently ignored."""
        unknown = sorted(set(self.data) - set(names))
        if unknown:
            raise self.fail(f"unknown field{'s' * (len(unknown) > 1)} "
                            f"{', '.join(self.prefix + n for n in unknown)} (known: {', '.join(names)})")

    def require(self, *names: str) -> None:
        """Refuse a table that lacks one of `names`."""
        missing = [self.prefix + n for n in names if n not in self.data]
        if missing:
            raise self.fail(f"lacks {', '.join(missing)}")

    def text(self, name: str, blank: bool = False) -> str:
        """A required string, non-blank unless `blank`."""
        self.require(name)
        return self._text(name, blank)

    def text_or_none(self, name: str) -> str | None:
        """An optional non-blank string."""
        return self._text(name, False) if name in self.data else None

    def _text(self, name: str, blank: bool) -> str:
        value = self.data[name]
        if not isinstance(value, str) or not (blank or value.strip()):
            raise self.fail(f"{self.prefix}{name} must be {'a' if blank else 'a non-empty'} string, "
                            f"not {value!r}")
        return value

    def texts(self, name: str, empty: bool = False) -> tuple[str, ...]:
        """A required list of non-blank strings, non-empty unless `empty`."""
        self.require(name)
        value = self.data[name]
        if not isinstance(value, list) or not (empty or value) \
                or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(f"{self.prefix}{name} must be a {'' if empty else 'non-empty '}list of "
                            f"non-empty strings, not {value!r}")
        return tuple(value)

    def flag(self, name: str, default: bool) -> bool:
        """An optional true or false."""
        value = self.data.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(f"{self.prefix}{name} must be true or false, not {value!r}")
        return value

    def integer(self, name: str, default: int, minimum: int) -> int:
        """An optional whole number, at least `minimum`."""
        value = self.data.get(name, default)
        if type(value) is not int or value < minimum:
            raise self.fail(f"{self.prefix}{name} must be a whole number of at least {minimum}, not {value!r}")
        return value

    def integers(self, name: str, minimum: int) -> tuple[int, ...]:
        """An optional list of whole numbers, each at least `minimum` (none where it is absent)."""
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(type(v) is int and v >= minimum for v in value):
            raise self.fail(f"{self.prefix}{name} must be a list of whole numbers of at least "
                            f"{minimum}, not {value!r}")
        return tuple(value)

    def number(self, name: str) -> float:
        """A required number, whole or not."""
        self.require(name)
        value = self.data[name]
        if type(value) not in (int, float):
            raise self.fail(f"{self.prefix}{name} must be a number, not {value!r}")
        return float(value)

    def choice(self, name: str, kind: type[E], default: E | None = None) -> E:
        """One of the values of the enum `kind`; required unless there is a `default`."""
        if default is None:
            self.require(name)
        value = self.data.get(name, default.value if default is not None else None)
        try:
            return kind(value)
        except ValueError:
            raise self.fail(f"{self.prefix}{name} must be one of {', '.join(str(k.value) for k in kind)}, "
                            f"not {value!r}") from None

    def pattern(self, name: str) -> re.Pattern:
        """A required regular expression (Python re syntax)."""
        value = self.text(name)
        try:
            return re.compile(value)
        except re.error as error:
            raise self.fail(f"{self.prefix}{name} {value!r} is not a regular expression: {error}") from None

    def table(self, name: str) -> Fields | None:
        """An optional sub-table, read with its fields named `name.field`."""
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, dict):
            raise self.fail(f"{self.prefix}{name} must be a table, not {value!r}")
        return Fields(value, self.path, self.line, self.what, f"{self.prefix}{name}.")


def table_lines(text: str, *key: str) -> list[int]:
    """1-based line numbers of each `[key]` or `[[key]]` header in a TOML text (where the k-th
    entry of an array of tables starts, so an error can name its line), the dotted key compared
    part by part, so a table's line is found however its key is quoted."""
    return [number for number, parts in _headers(text) if parts == key]


def key_line(text: str, key: str) -> int | None:
    """The 1-based line of a top-level key of a TOML text (`key = …`, or `key.part = …`), for
    an error to name: the first line that, read alone, sets it; None if none does."""
    for number, line in enumerate(text.splitlines(), 1):
        try:
            if key in tomllib.loads(line):
                return number
        except tomllib.TOMLDecodeError:
            continue
    return None


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


def file_stamp(path: Path) -> str:
    """What tells one version of an installed file from another without reading it (its path, size
    and modification time in ns; a package update changes them), for a cache's key. OSError where
    it cannot be looked at."""
    status = path.stat()
    return f"{path}\0{status.st_size}\0{status.st_mtime_ns}\0"


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
