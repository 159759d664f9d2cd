"""The site's search: a lunr index of every unit built here, queried in the reader's browser by lunr.js
(`assets/search.js`), loaded as a script so that the site works from file:// without a server."""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path

from lunr.builder import Builder
from lunr.index import Index

from ..errors import InputError
from ..folding import fold

LUNR_JS = Path("/usr/share/javascript/lunr/lunr.min.js")  # lunr.js 2.3.9, Debian's libjs-lunr
GLOBAL = "ECARTE_SEARCH"
# A word: a run of letters and digits, read in NFC. search.js finds the query's words with
# /[\p{L}\p{N}]+/gu, the same characters (Python's \w less "_" is Unicode's letters and numbers).
WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Entry:
    """A unit as the search finds and shows it."""

    id: str             # the unit's id, e.g. "hu-nc.40"
    witness: str        # the witness's siglum, e.g. "hu-nc"
    href: str           # where the unit is read, e.g. "hu-nc.html#hu-nc.40"
    lang: str           # the text's language: "hu", "de", "en"
    text: str           # the unit's diplomatic text (1900 spelling for hu-nc)
    modern: str | None  # its modern-spelling layer where the witness has one


class Field(StrEnum):
    """What the index holds of a unit: its words as spelled, and the same words accent-folded.
    Each holds the text's words, then the modern layer's words that the text lacks."""

    WORDS = "words"    # lower-cased: ranks first the units spelled as the reader typed
    FOLDED = "folded"  # folded (pipeline.folding): decides what matches, "kivanja" finds "kívánja"


FORMS: dict[Field, Callable[[str], str]] = {Field.WORDS: str.lower, Field.FOLDED: fold}


def index_script(entries: list[Entry]) -> str:
    """A script defining `window.ECARTE_SEARCH`: the serialized lunr index and, by unit id, what a
    result shows. The same entries give the same bytes."""
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise InputError(f"two units of the search index have the id {entry.id}")
        seen.add(entry.id)
    index = _index(entries).serialize()
    # lunr.js rebuilds its token set in JavaScript's string order (UTF-16 code units) and stops at
    # a term out of that order; Python sorted them by code point, which differs beyond U+FFFF.
    index["invertedIndex"].sort(key=lambda posting: posting[0].encode("utf-16-be"))
    docs = {entry.id: {key: value for key, value in asdict(entry).items() if key != "id"}
            for entry in entries}
    # ASCII with \u escapes: the script reads the same whatever encoding the page declares
    payload = json.dumps({"index": index, "docs": docs}, ensure_ascii=True, separators=(",", ":"))
    return f"window.{GLOBAL} = {payload};\n"


def lunr_js() -> bytes:
    """lunr.js as Debian installs it, to be copied into the site beside the index."""
    try:
        return LUNR_JS.read_bytes()
    except FileNotFoundError:
        raise InputError("lunr.js is missing: install the Debian package libjs-lunr", LUNR_JS) from None
    except OSError as error:
        raise InputError(f"cannot read lunr.js: {error.strerror}", LUNR_JS) from None


def words(text: str) -> list[str]:
    """The words of a text, read as search.js reads a query."""
    return WORD.findall(unicodedata.normalize("NFC", text))


def _index(entries: list[Entry]) -> Index:
    """The lunr index of the entries, fed words already found, with no trimmer, stop words or
    stemmer: lunr's own are English and take "á" for a word's end."""
    builder = Builder()
    builder.pipeline.reset()
    builder.search_pipeline.reset()
    builder.ref("id")
    for field in Field:
        builder.field(field.value)
    for entry in entries:
        builder.add({"id": entry.id, **{field.value: _field_words(entry, FORMS[field]) for field in Field}})
    return builder.build()


def _field_words(entry: Entry, form: Callable[[str], str]) -> list[str]:
    """The text's words in `form`, then the modern layer's and the unit id's (hu-nc.40: "hu", "nc",
    "40") that the text lacks in that form: a word counts once, so a unit with a modern layer does
    not score twice for it."""
    found = [form(word) for word in words(entry.text)]
    have = set(found)
    for word in (form(w) for w in words(entry.modern or "") + words(entry.id)):
        if word not in have:
            found.append(word)
            have.add(word)
    return found
