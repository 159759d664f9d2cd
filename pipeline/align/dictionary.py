"""Bilingual dictionaries as alignment evidence: Debian's FreeDict hun-eng and deu-eng, pivoting
through English, so that a Hungarian and a German unit share the English words their words
translate to (and an English unit its own lemmas).

The dictionaries are dictd files (`/usr/share/dictd/freedict-*.index` and `.dict.dz`, a gzip
stream): each index line is headword, offset and length in base 64. Only the first senses of
an entry count, and only one-word glosses: most of the rest is noise for card rules.
"""
from __future__ import annotations

import gzip
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..errors import InputError

DICTD = Path("/usr/share/dictd")
DICTIONARIES = {"hu": "freedict-hun-eng", "de": "freedict-deu-eng"}
SENSES = 3                 # the first senses of an entry that count
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
GLOSS = re.compile(r"^(?:\d+\.\s*)?(?:\[[^]]*\]\s*)*([a-z][a-z'-]+)(?:\s*<[^>]*>)?\s*$")
"""A one-word English gloss line ("2. king", "[telco.] discard <v>"), its word captured."""


def _number(code: str) -> int:
    value = 0
    for char in code:
        value = value * 64 + B64.index(char)
    return value


@dataclass(frozen=True)
class Dictionary:
    """A dictd dictionary: its index in memory, its entries read when first asked for."""

    index: dict[str, list[tuple[str, str]]]        # lower-case headword → (offset, length) in base 64
    data: bytes
    memo: dict[str, frozenset[str]] = field(default_factory=dict, compare=False)

    def glosses(self, word: str) -> frozenset[str]:
        """The one-word English glosses of the first senses of a headword's entries (any case)."""
        word = word.lower()
        if word not in self.memo:
            found: set[str] = set()
            for offset, length in self.index.get(word, ()):
                start = _number(offset)
                entry = self.data[start:start + _number(length)].decode("utf-8", "replace").splitlines()[1:]
                found.update(m.group(1) for m in map(GLOSS.match, entry[:SENSES]) if m)
            self.memo[word] = frozenset(found)
        return self.memo[word]


@cache
def dictionary(lang: str, folder: Path = DICTD) -> Dictionary | None:
    """The FreeDict dictionary of a language into English (None for a language without one);
    one that is missing or unreadable is an InputError naming it."""
    name = DICTIONARIES.get(lang)
    if name is None:
        return None
    index, body = folder / f"{name}.index", folder / f"{name}.dict.dz"
    try:
        data = gzip.decompress(body.read_bytes())
        lines = index.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError(f"dictionary {name} is not installed (Debian package "
                         f"dict-{name}; `make` installs it)", index) from None
    except (OSError, UnicodeDecodeError, gzip.BadGzipFile, EOFError) as error:
        raise InputError(f"cannot read dictionary {name}: {error}", body) from None
    found: dict[str, list[tuple[str, str]]] = {}
    for line in lines:
        parts = line.split("\t")
        if len(parts) == 3:
            found.setdefault(parts[0].lower(), []).append((parts[1], parts[2]))
    return Dictionary(found, data)


def translations(words: Iterable[str], lang: str | None, stems: Callable[[str], Iterable[str]],
                 english_lemma: Callable[[str], str]) -> frozenset[str]:
    """The English words a text's words translate to (an English text: its own lemmas). `stems`
    gives a word's dictionary forms (hunspell's stems), `english_lemma` an English word's lemma."""
    if lang == "en":
        return frozenset(english_lemma(w) for w in words)
    table = dictionary(lang) if lang else None
    if table is None:
        return frozenset()
    return frozenset(english_lemma(g) for word in words for form in (word, *stems(word))
                     for g in table.glosses(form))
