"""The witnesses' sources: their descriptions, checksums and text (corpus/sources/)."""
from __future__ import annotations

import hashlib
from pathlib import Path

from .errors import InputError
from .files import decode_utf8, read_toml
from .model import TRANSCRIPT_ROLES, Witness
from .paths import CATALOGUE, SOURCES

REQUIRED = ("title", "language", "kind", "segmenter")


def load_witnesses(catalogue: Path = CATALOGUE) -> dict[str, Witness]:
    """Read the catalogue of witnesses, in file order, checking each entry's required fields."""
    data = read_toml(catalogue, "witness catalogue")
    witnesses = {}
    for siglum, entry in data.items():
        missing = [key for key in REQUIRED if key not in entry]
        if missing:
            raise InputError(f"witness {siglum!r} lacks {', '.join(missing)}", catalogue)
        witnesses[siglum] = Witness(
            siglum=siglum,
            title=entry["title"],
            language=entry["language"],
            kind=entry["kind"],
            source=entry.get("source"),
            sha256=entry.get("sha256"),
            segmenter=entry["segmenter"],
            meta=entry,
        )
    for witness in witnesses.values():
        for key in TRANSCRIPT_ROLES:
            if key in witness.meta and witness.meta[key] not in witnesses:
                raise InputError(f"witness {witness.siglum!r}: {key} names unknown witness "
                                 f"{witness.meta[key]!r}", catalogue)
        if witness.source is None and not {"base", "collate_with"} <= set(witness.meta):
            raise InputError(f"witness {witness.siglum!r} has no source: an edition names the "
                             f"transcripts it collates as base and collate_with", catalogue)
    return witnesses


def read_source(witness: Witness, directory: Path = SOURCES) -> str:
    """The source text of a witness, after checking it against its recorded sha256."""
    path = directory / witness.source
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"source of witness {witness.siglum!r} is missing", path) from None
    except OSError as error:
        raise InputError(f"cannot read source: {error.strerror}", path) from None
    digest = hashlib.sha256(data).hexdigest()
    if witness.sha256 and digest != witness.sha256:
        raise InputError(f"source has changed: sha256 {digest} differs from the catalogue's "
                         f"{witness.sha256} (restore the file, or review the change and update "
                         f"corpus/sources/witnesses.toml)", path)
    return decode_utf8(data, path, "source")
