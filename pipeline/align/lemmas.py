"""Lemmas for the aligner: spaCy's blank pipelines with the lookup lemmatizer of spacy-lookups-data.

The cue extraction is a registered spaCy component (`alignment_cues`), declared to require the
tokens' lemmas and to assign `doc._.cues`, so a pipeline that lacks the lemmatizer fails when
it is made. No model is downloaded: the lookup tables ship in the spacy-lookups-data wheel.
"""
from __future__ import annotations

from functools import cache

import spacy
from spacy.language import Language
from spacy.tokens import Doc

from ..folding import fold
from ..errors import InputError
from .cues import LANGUAGES, Cues, Glossary, cues

Doc.set_extension("cues", default=None, force=True)


@Language.factory("alignment_cues", requires=["token.lemma"], assigns=["doc._.cues"])
def make_cue_extractor(nlp: Language, name: str) -> "CueExtractor":
    """The component that reads a unit's cues, its words' lemmas included."""
    return CueExtractor(nlp.lang)


class CueExtractor:
    """Sets `doc._.cues`: the glossary concepts, numbers and lemmas of the text (`cues.cues`);
    the glossary is given with each call (`component_cfg`), as plain data."""

    def __init__(self, lang: str):
        self.lang = lang

    def __call__(self, doc: Doc, terms: Glossary | None = None) -> Doc:
        if terms is None:
            raise ValueError("alignment_cues needs the glossary: nlp.pipe(texts, component_cfg="
                             "{'alignment_cues': {'terms': glossary}})")
        lemmas = tuple(fold(token.lemma_) for token in doc if token.is_alpha)
        doc._.cues = cues(doc.text, self.lang, terms, lemmas)
        return doc




@cache
def pipeline(lang: str) -> Language | None:
    """The blank pipeline of a language with the lookup lemmatizer and the cue extractor; None
    for another language that spaCy or its lookup tables do not know (its units get no lemmas)."""
    try:
        nlp = spacy.blank(lang)
        nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
        nlp.add_pipe("alignment_cues")
        nlp.initialize()
    except (ImportError, ValueError, KeyError, OSError) as error:
        if lang in LANGUAGES:     # the glossary's: their lookup tables are needed
            raise InputError(f"spaCy's lookup lemmatizer for {lang!r} cannot be set up ({error}); "
                             f"spacy-lookups-data is installed by `make`") from None
        return None
    return nlp


def lemma_cues(texts: list[str], lang: str | None, terms: Glossary) -> list[Cues] | None:
    """The cues of each text with lemmas, or None where the language has no pipeline."""
    nlp = pipeline(lang) if lang else None
    if nlp is None:
        return None
    return [doc._.cues for doc in nlp.pipe(texts, component_cfg={"alignment_cues": {"terms": terms}})]


def lemma_pairs(texts: list[str], lang: str | None) -> list[list[tuple[str, str]]] | None:
    """Each text's words with their lemmas, lower case; None where the language has no pipeline."""
    nlp = pipeline(lang) if lang else None
    if nlp is None:
        return None
    return [[(t.text.lower(), t.lemma_.lower()) for t in doc if t.is_alpha]
            for doc in nlp.pipe(texts, disable=["alignment_cues"])]


@cache
def english_lemma(word: str) -> str:
    """An English word's lemma from the lookup table (the word itself where it has none)."""
    nlp = pipeline("en")
    table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_lookup") if nlp else {}
    return table.get(word, word)
