"""Collation: the edition of a print made from two OCR transcripts of it.

`tokens` cuts lines into words and marks, `compare` pairs two transcripts' tokens and tells an
accent-blind reading from a real difference, `lines` collates one printed line and chooses at
each variant place, `units` does so for every unit and its printed label, and `edition` puts
it together for the witness catalogue. The edited lines are `pipeline.spans`; the editorial
corrections and the modern layer are the stages after this one. Method: docs/collation.md.
"""
from .edition import collate_edition

__all__ = ["collate_edition"]
