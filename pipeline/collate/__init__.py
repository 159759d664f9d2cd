"""Collation: the edition of a print made from two OCR transcripts of it.

`tokens` cuts lines into words and marks, `align` aligns two witnesses and tells an accent-blind
reading from a real difference, `lines` collates one printed line and chooses at each variant
place, `units` does so for every unit and its printed label, `corrections` applies the
editorial corrections file, `spans` holds the edited line's plain text and Readings, and
`edition` puts it together for the witness catalogue. The method is in docs/collation.md.
"""
from .edition import collate_edition
from .spans import diplomatic

__all__ = ["collate_edition", "diplomatic"]
