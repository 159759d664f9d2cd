"""How words are compared across spellings: lower case, accents and compatibility forms folded."""
from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower case without diacritics (Stoß → stoss, király → kiraly, jitékos ~ játékos): the
    letters an accent-blind OCR reading, a modern spelling and a glossary form are compared on."""
    decomposed = unicodedata.normalize("NFKD", text.lower().replace("ß", "ss"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))
