"""The running text of a synthetic page: real Hungarian prose (`prose.py`) read on from a random document.

A page reads the paragraphs of its split's documents in order from a random place, a document's
short title set as a centred heading before it. As in a rulebook, most paragraphs are numbered.
Half of the pages are in the orthography before 1903 (cz for c, lyly for doubled ly) with «»
quotation marks, as the rulebook is printed; the words themselves are never changed otherwise.
A dash is set as a compositor sets it, whatever the help typed for it (mostly a spaced hyphen).
"""
from __future__ import annotations

import random
import re

from .prose import Document

HEADING_CHARS = 40
"""A title longer than this is not set as a heading (a help page's title can be a whole sentence)."""
QUOTED = re.compile(r"„([^„”]*)”")
TYPED_DASHES = ("-", "–")
"""A word that is one of these is the help's dash (`Eszközök - Beállítások`), mostly typed `-`;
before a digit it is a minus and stays."""
MODERN_DASH = "–"
PERIOD_DASH = "—"
"""The dash of the rulebook's print (`cotés-játéknál — egyéb`); a modern Hungarian print sets `–`."""


def set_dashes(words: list[str], dash: str) -> list[str]:
    """The words with each typed dash set as `dash`; one before a number stays (a minus: `array) - 1`)."""
    return [dash if word in TYPED_DASHES and not following[:1].isdigit() else word
            for word, following in zip(words, [*words[1:], ""])]


def historical(word: str) -> str:
    """The word in the spelling before 1903: cz for c (not in cs), lyly for a doubled ly."""
    word = re.sub(r"c(?![sz])", "cz", word)
    word = re.sub(r"C(?![sSzZ])", "Cz", word)
    return word.replace("lly", "lyly")


class TextSource:
    """The paragraphs of a page, read on from a random place in some documents of real prose."""

    def __init__(self, rng: random.Random, period_spelling: bool, documents: tuple[Document, ...]):
        self.rng = rng
        self.period_spelling = period_spelling
        self.documents = documents
        self.document = rng.randrange(len(documents))
        self.paragraph_index = rng.randrange(len(documents[self.document].paragraphs))
        self.rule = rng.randint(1, 60)
        self.read: list[str] = []        # the names of the documents drawn from, in order

    def _spelled(self, text: str) -> list[str]:
        """The words of a paragraph or title as the page prints them: its spelling, quotes and dashes."""
        if not self.period_spelling:
            return set_dashes(text.split(), MODERN_DASH)
        return set_dashes([historical(word) for word in QUOTED.sub(r"«\1»", text).split()], PERIOD_DASH)

    def _next_document(self) -> None:
        self.document = (self.document + 1) % len(self.documents)
        self.paragraph_index = 0

    def paragraph(self) -> list[str]:
        """The words of the next paragraph, a rule number in front of most."""
        paragraphs = self.documents[self.document].paragraphs
        if self.paragraph_index >= len(paragraphs):
            self._next_document()
            paragraphs = self.documents[self.document].paragraphs
        words = self._spelled(paragraphs[self.paragraph_index])
        self._note()
        self.paragraph_index += 1
        if self.rng.random() < 0.75:
            self.rule += 1
            words.insert(0, f"{self.rule}.")
        return words

    def heading(self) -> str:
        """The title of the next document with a short one (if any), whose paragraphs follow."""
        for _ in self.documents:
            self._next_document()
            if 0 < len(self.documents[self.document].title) <= HEADING_CHARS:
                break
        self._note()
        return " ".join(self._spelled(self.documents[self.document].title))

    def _note(self) -> None:
        name = self.documents[self.document].name
        if not self.read or self.read[-1] != name:
            self.read.append(name)
