"""What the readers (`ecarte xref`, `variants`, `align`, `site`) need of a build, kept between
processes: the stages up to the variant points, and the conformance run, take seconds, and each
reader would make them again.

The stored corpus is keyed by the sha256 of everything those stages read: the corpus's files
but its TEI, the conformance scenarios, the code (`pipeline/`, `engine/`, `ecarte/`), the
dictionaries and word lists on the system, and the installed packages' versions. Any change to
one of them is another key, so a stored corpus is never read for inputs it was not made from.
The store is `$ECARTE_CACHE` (a folder), else `$XDG_CACHE_HOME/ecarte` (`~/.cache/ecarte`);
`ECARTE_CACHE=off` turns it off. It keeps the corpora last used, a few megabytes each.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sysconfig
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from .align.dictionary import DICTD
from .errors import InputError
from .files import write_atomic
from .lexicon.lexicon import HUNSPELL
from .paths import CORPUS, ROOT, SCENARIOS, TEI

CODE = tuple(ROOT / name for name in ("pipeline", "engine", "ecarte"))
SYSTEM = (DICTD, HUNSPELL)
"""Folders of system data the stages read, known by each file's name, size and time."""
PREFIX = "readers-"
KEPT = 8
"""Stored objects kept (a corpus and its conformance run, of the corpus and the copies tests and
trials change), the last used."""
SKIPPED = {"__pycache__"}


def folder() -> Path | None:
    """Where stored corpora live, or None when `ECARTE_CACHE=off`."""
    chosen = os.environ.get("ECARTE_CACHE", "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ecarte"


def _files(root: Path, leave_out: Path | None = None) -> Iterable[Path]:
    """The files under `root` in a fixed order, but those under `leave_out` and in __pycache__."""
    for path in sorted(root.rglob("*")):
        if path.is_file() and not SKIPPED & set(path.parts) and not (leave_out and path.is_relative_to(leave_out)):
            yield path


def fingerprint() -> str:
    """The sha256 of every input of the stages up to the variant points (the module docstring)."""
    digest = hashlib.sha256()
    for root, leave_out in [(CORPUS, TEI), (SCENARIOS, None), *((code, None) for code in CODE)]:
        for path in _files(root, leave_out):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    for root in SYSTEM:
        for path in _files(root) if root.is_dir() else ():
            stat = path.stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    installed = sorted({sysconfig.get_paths()[kind] for kind in ("purelib", "platlib")})
    versions = sorted({f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions(path=installed)})
    digest.update("\n".join(versions).encode())
    digest.update(str(CORPUS.resolve()).encode())
    return digest.hexdigest()


def _path(key: str) -> Path | None:
    where = folder()
    return where / f"{PREFIX}{key}.pickle" if where else None


def load(key: str) -> object | None:
    """The object stored under `key`, or None if there is none or it cannot be read (a store
    is only ever a shortcut: the caller makes the object afresh)."""
    path = _path(key)
    try:
        if path is None or not path.is_file():
            return None
        value = pickle.loads(path.read_bytes())
        os.utime(path)                       # the last used are kept
        return value
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError):
        return None


def store(key: str, value: object) -> None:
    """Store `value` under `key` atomically and keep only the `KEPT` last used; a store that
    cannot be written is passed over (the readers are then as slow as without it)."""
    path = _path(key)
    if path is None:
        return
    try:
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        stored = sorted(path.parent.glob(f"{PREFIX}*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in stored[KEPT:]:
            old.unlink(missing_ok=True)
    except (OSError, InputError):
        return
