"""The two things `ecarte align` compares: a witness of the corpus, or a plain-text file."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import corpus, normalize
from ..errors import InputError
from ..evaluate import read_text
from ..model import Kind, Line, Unit
from .cues import WORD, common_words, fold

LANGUAGES = ("hu", "de", "en")     # the glossary's languages, which a file's language is told among


@dataclass(frozen=True)
class Side:
    """A sequence of units to align: the leaves with text of a witness or a file, in order."""

    name: str                      # the siglum or the file as given
    language: str | None           # ISO 639-1; None where a file's language could not be told
    units: tuple[Unit, ...]
    texts: tuple[str, ...]         # each unit's text as compared: Hungarian in modern spelling


def load_side(name: str) -> Side:
    """A witness by its siglum, else a file; an unknown siglum names the known ones."""
    witnesses = corpus.texts()
    if name in witnesses:
        leaves = [u for u in witnesses[name].walk() if not u.children and u.text.strip()]
        return side(name, witnesses[name].witness.language, leaves)
    path = Path(name)
    if path.exists() or path.suffix or "/" in name:
        return file_side(path, name)
    raise InputError(f"unknown witness {name!r}; known: {', '.join(witnesses)} (or give a text file)")


def file_side(path: Path, name: str) -> Side:
    """A plain-text file's blank-line-separated paragraphs as units FILE.p1, FILE.p2, …"""
    blocks: list[list[Line]] = [[]]
    for number, line in enumerate(read_text(path).split("\n"), 1):
        if line:
            blocks[-1].append(Line(text=line, source_line=number))
        elif blocks[-1]:
            blocks.append([])
    units = [Unit(id=f"{path.name}.p{k}", witness=path.name, kind=Kind.PARAGRAPH, lines=lines)
             for k, lines in enumerate((b for b in blocks if b), 1)]
    if not units:
        raise InputError("no text to align", path)
    return side(name, language_of(" ".join(u.text for u in units)), units)


def side(name: str, language: str | None, units: list[Unit]) -> Side:
    """The units with the text they are compared by."""
    modern = normalize.normalizer().text if language == "hu" else str
    return Side(name, language, tuple(units), tuple(modern(u.text) for u in units))


def language_of(text: str) -> str | None:
    """The language among LANGUAGES whose commonest words the text uses most; None if none."""
    words = WORD.findall(fold(text))
    counts = {lang: sum(w in common_words(lang) for w in words) for lang in LANGUAGES}
    best = max(LANGUAGES, key=lambda lang: counts[lang])
    return best if counts[best] else None
