"""The align stage: which units of the witnesses state the same thing, and how they differ.

`sides` makes the sequences compared (a witness's units with text of their own, a file's paragraphs), `cues` and
`lemmas` read each unit (glossary concepts, numbers, lemmas through spaCy), `evidence` names
the kinds of evidence and reads the engine's citations, `pivot` carries the editor's alignment
of third witnesses over to a witness the editor has not aligned, `aligner` scores every pair of units
and links them many-to-many in any order (`headings`: headings by the units they head),
`editorial` reads and applies the editor's file,
and `witnesses` aligns every witness with every other. Plain data in and out; no network.
"""
from .aligner import Alignment, align
from .witnesses import CorpusAlignment, align_corpus, aligned_witnesses, side_of, sides
from .cues import Glossary, cues, glossary, read_glossary
from .editorial import EMPTY, EditorialAlignment, NoParallel, Review, read_editorial
from .evidence import ALL, Evidence, engine_cues
from .pivot import Pivot, pivots_for
from .sides import Side, file_side, witness_side

__all__ = ["ALL", "Alignment", "CorpusAlignment", "EMPTY", "EditorialAlignment", "Evidence",
           "Glossary", "NoParallel", "Review", "Side", "align", "align_corpus", "aligned_witnesses",
           "cues", "engine_cues", "file_side", "glossary", "Pivot", "pivots_for", "read_editorial",
           "read_glossary", "side_of", "sides", "witness_side"]
