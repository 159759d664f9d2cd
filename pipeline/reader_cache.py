"""What the readers (`ecarte xref`, `variants`, `align`, `site`) need of a build, kept between
processes: the stages up to the variant points, and the conformance run, take seconds, and each
reader would make them again.

The stored corpus is keyed by the sha256 of everything those stages read: the corpus's files
but its TEI, the conformance scenarios, the code (`pipeline/`, `engine/`, `ecarte/`) and where it
is checked out, the dictionaries and word lists on the system, the Python and the installed
packages' versions. Any change to one of them is another key, so a stored corpus is never read
for inputs it was not made from; one whose inputs changed while it was made is not stored, and
a stored file is read only whole (its own sha256 checked). Any failure of the store is passed
over: the readers then make the corpus afresh.
The store is `$ECARTE_CACHE` (a folder), else `$XDG_CACHE_HOME/ecarte` (`~/.cache/ecarte`);
`ECARTE_CACHE=off` turns it off. It keeps the corpora last used, a few megabytes each.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
import sysconfig
import time
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from .align.dictionary import DICTD
from .files import file_stamp, write_atomic
from .lexicon.lexicon import HUNSPELL
from .paths import CORPUS, ROOT, SCENARIOS, TEI

CODE = tuple(ROOT / name for name in ("pipeline", "engine", "ecarte"))
SYSTEM = (DICTD, HUNSPELL)
"""Folders of system data the stages read, known by each file's name, size and time."""
PREFIX = "readers-"
KEPT = 8
"""Stored objects kept (a corpus and its conformance run, of the corpus and the copies tests and
trials change), the last used."""
ABANDONED = 3600
"""Seconds after which a half-written store (a write that was interrupted) is removed."""


def folder() -> Path | None:
    """Where stored corpora live, or None when `ECARTE_CACHE=off`."""
    chosen = os.environ.get("ECARTE_CACHE", "")
    if chosen.lower() == "off":
        return None
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ecarte"


def _files(root: Path, leave_out: Path | None = None) -> Iterable[Path]:
    """The files under `root` in a fixed order, but those under `leave_out`, in __pycache__ and
    hidden ones (a build's staging folder, a file being written atomically)."""
    for path in sorted(root.rglob("*")):
        parts = path.relative_to(root).parts
        if any(part.startswith(".") or part == "__pycache__" for part in parts):
            continue
        if path.is_file() and not (leave_out and path.is_relative_to(leave_out)):
            yield path


def fingerprint() -> str | None:
    """The sha256 of every input of the stages up to the variant points and of the conformance
    run (the module docstring); None where one cannot be read, and then nothing is stored."""
    digest = hashlib.sha256()
    try:
        for root, leave_out in [(CORPUS, TEI), (SCENARIOS, None), *((code, None) for code in CODE)]:
            for path in _files(root, leave_out):
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        for root in SYSTEM:
            for path in _files(root) if root.is_dir() else ():
                digest.update(file_stamp(path).encode())
    except OSError:
        return None
    installed = sorted({sysconfig.get_paths()[kind] for kind in ("purelib", "platlib")})
    versions = sorted({f"{d.metadata['Name']}=={d.version}" for d in metadata.distributions(path=installed)})
    digest.update("\n".join([*versions, sys.version, sys.executable, str(ROOT),
                             str(CORPUS.resolve())]).encode())
    return digest.hexdigest()


def _path(key: str | None, part: str) -> Path | None:
    where = folder() if key else None
    return where / f"{PREFIX}{key}{'-' + part if part else ''}.pickle" if where else None


def load(key: str | None, part: str = "") -> object | None:
    """The object stored under `key` (the inputs' fingerprint; `part`: which of the objects made
    from them), or None if there is none, or it is not whole (its sha256 differs), or it cannot
    be read: a store is only ever a shortcut."""
    path = _path(key, part)
    try:
        if path is None or not path.is_file():
            return None
        checksum, _, data = path.read_bytes().partition(b"\n")
        if hashlib.sha256(data).hexdigest().encode() != checksum:
            return None
        value = pickle.loads(data)
    except Exception:       # noqa: BLE001 — whatever a damaged or foreign store raises, make afresh
        return None
    try:
        os.utime(path)      # the last used are kept
    except OSError:
        pass
    return value


def store(key: str | None, value: object, part: str = "") -> None:
    """Store `value`, made from the inputs whose fingerprint was `key` before it was made, if
    they are still those (else it may hold newer inputs than its key says: it is not stored),
    atomically with its sha256, and keep only the `KEPT` last used; a store that cannot be made
    or written is passed over (the readers are then as slow as without it)."""
    path = _path(key, part)
    if path is None or fingerprint() != key:
        return
    try:
        data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        write_atomic(path, hashlib.sha256(data).hexdigest().encode() + b"\n" + data)
        stored = sorted(path.parent.glob(f"{PREFIX}*.pickle"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in stored[KEPT:]:
            old.unlink(missing_ok=True)
        for half in path.parent.glob(f".{PREFIX}*.tmp"):
            if time.time() - half.stat().st_mtime > ABANDONED:
                half.unlink(missing_ok=True)
    except Exception:       # noqa: BLE001 — an unwritable folder, a full disk, an unpicklable value
        return
