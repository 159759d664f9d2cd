"""Lemmas for the aligner: spaCy's blank pipelines with the lookup lemmatizer of spacy-lookups-data.

The cue extraction is a registered spaCy component (`alignment_cues`), declared to require the
tokens' lemmas and to assign `doc._.cues`, so a pipeline that lacks the lemmatizer fails when
it is made. No model is downloaded: the lookup tables ship in the spacy-lookups-data wheel.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from ..folding import fold
from .cues import GLOSSARY, Cues, cues, read_glossary

Doc.set_extension("cues", default=None, force=True)


@Language.factory("alignment_cues", requires=["token.lemma"], assigns=["doc._.cues"],
                  default_config={"glossary": str(GLOSSARY)})
def make_cue_extractor(nlp: Language, name: str, glossary: str) -> "CueExtractor":
    """The component that reads a unit's cues, its words' lemmas included."""
    return CueExtractor(nlp.lang, glossary)


class CueExtractor:
    """Sets `doc._.cues`: the glossary concepts, numbers and lemmas of the text (`cues.cues`)."""

    def __init__(self, lang: str, glossary: str):
        self.lang = lang
        self.terms = _glossary(glossary)

    def __call__(self, doc: Doc) -> Doc:
        lemmas = tuple(fold(token.lemma_) for token in doc if token.is_alpha)
        doc._.cues = cues(doc.text, self.lang, self.terms, lemmas)
        return doc


@cache
def _glossary(path: str):
    return read_glossary(Path(path))


@cache
def pipeline(lang: str) -> Language | None:
    """The blank pipeline of a language with the lookup lemmatizer and the cue extractor; None
    for a language spaCy or its lookup tables do not know (its units get no lemmas)."""
    try:
        nlp = spacy.blank(lang)
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.add_pipe("alignment_cues", config={"glossary": str(GLOSSARY)})
        nlp.initialize()
    except (ImportError, ValueError, KeyError, OSError):
        return None
    return nlp


def lemma_cues(texts: list[str], lang: str | None) -> list[Cues] | None:
    """The cues of each text with lemmas, or None where the language has no pipeline."""
    nlp = pipeline(lang) if lang else None
    if nlp is None:
        return None
    return [doc._.cues for doc in nlp.pipe(texts)]


def lemma_pairs(texts: list[str], lang: str | None) -> list[list[tuple[str, str]]] | None:
    """Each text's words with their lemmas, lower case; None where the language has no pipeline."""
    nlp = pipeline(lang) if lang else None
    if nlp is None:
        return None
    return [[(t.text.lower(), t.lemma_.lower()) for t in doc if t.is_alpha]
            for doc in nlp.pipe(texts)]


@cache
def english_lemma(word: str) -> str:
    """An English word's lemma from the lookup table (the word itself where it has none)."""
    nlp = pipeline("en")
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup") if nlp else {}
    return table.get(word, word)
