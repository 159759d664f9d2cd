"""The words and marks of a transcribed line, each with the space before it: what collation compares.

A line is cut at white space into chunks; quotation marks and brackets that open a chunk and
punctuation that closes it are tokens of their own, the rest of the chunk is one token, even
when an OCR engine garbled it ("vag}7", "két:pont", "d’autorité" stay whole). Two conventions
of the edition's transcription are applied here, in one place: the print's apostrophe is
written ’ (metal type has no straight one), and no space stands before closing punctuation or
after an opening mark (the transcripts space them inconsistently: "emel :" / "emel:").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .compare import accent_blind

OPENING = "«„“‘(["
CLOSING = ".,;:!?»”’)]"
CONVENTIONS = str.maketrans({"'": "’"})
ONE_LETTER_WORDS = frozenset("aáseő")
"""Words of one letter (á also prints French à); any other lone letter is a speck or a misread mark."""
MARKS = frozenset(OPENING + CLOSING + "—–-§\"'")
NUMBER = re.compile(r"\d+(-[^\W\d_]+)?")
"""A number, alone or with an ending after a hyphen (11-ik)."""


@dataclass(frozen=True)
class Token:
    """A word or mark of a witness's line: `text` as compared and printed, `raw` as transcribed."""

    text: str
    space: bool              # white space separates it from a token before it (a chunk's first piece)
    raw: str

    @property
    def repaired(self) -> bool:
        """Whether `text` is a repair's reading rather than the transcript's."""
        return self.text != self.raw.translate(CONVENTIONS)

    @property
    def is_word(self) -> bool:
        """Whether it holds a letter or digit (a mark holds none)."""
        return any(c.isalnum() for c in self.text)


def tokenize(line: str) -> list[Token]:
    """The tokens of a line, `raw` and `text` the same but for the transcription conventions."""
    return [Token(text.translate(CONVENTIONS), space, text) for text, space in _pieces(line)]


def tokenize_repaired(raw: str, repaired: str) -> list[Token]:
    """Tokens whose `text` is the repaired line's where repair only restored accents, and `raw`
    the transcript's.

    Repair changes letters within words, never the white space, so chunk i of one is chunk i of
    the other; a chunk whose repair cut it into other tokens keeps its raw reading. A repaired
    token counts as the transcript's testimony only where the raw token is an accent-blind
    reading of it: what else repair changes is its conjecture, and would silently mend the
    print's own misprints ("ellentele", which both transcripts read).
    """
    raw_chunks, repaired_chunks = raw.split(), repaired.split()
    if len(raw_chunks) != len(repaired_chunks):
        return tokenize(raw)
    tokens: list[Token] = []
    for raw_chunk, repaired_chunk in zip(raw_chunks, repaired_chunks):
        before, after = _chunk(raw_chunk), _chunk(repaired_chunk)
        if len(before) != len(after):
            after = before
        tokens += [Token((new if accent_blind(new, old) else old).translate(CONVENTIONS), i == 0, old)
                   for i, (old, new) in enumerate(zip(before, after))]
    return tokens


def render(tokens: list[Token], attr: str = "text") -> str:
    """The tokens written out with the edition's spacing (`attr`: "text" or "raw")."""
    out: list[str] = []
    previous: Token | None = None
    for token in tokens:
        value = getattr(token, attr)
        if not value:
            continue
        if previous is not None and spaced(previous, token):
            out.append(" ")
        out.append(value)
        previous = token
    return "".join(out)


def spaced(previous: Token, token: Token) -> bool:
    """Whether a space stands between two tokens under the edition's conventions."""
    return token.space and token.text not in CLOSING and previous.text not in OPENING


def acceptable(token: Token, accepts) -> bool:
    """Whether a token can stand in the edition: a known word, a number, or ordinary punctuation.

    `accepts` is the lexicon's judgement of a word; a lone letter must be one of Hungarian's
    one-letter words, a mark made of other signs (#%, ^) is an OCR engine's garble.
    """
    text = token.text
    if not token.is_word:
        return all(c in MARKS for c in text)
    if text[:1].isdigit():
        return bool(NUMBER.fullmatch(text))
    letters = [c for c in text if c.isalpha()]
    if len(letters) == 1 and len(text) == 1:
        return text.lower() in ONE_LETTER_WORDS
    return accepts(text)


def _pieces(line: str) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    for chunk in line.split():
        out += [(piece, i == 0) for i, piece in enumerate(_chunk(chunk))]
    return out


def _chunk(chunk: str) -> list[str]:
    """A chunk cut into its opening marks, its core and its closing marks."""
    start, end = 0, len(chunk)
    while start < end and chunk[start] in OPENING:
        start += 1
    while end > start and chunk[end - 1] in CLOSING:
        end -= 1
    return list(chunk[:start]) + ([chunk[start:end]] if end > start else []) + list(chunk[end:])
