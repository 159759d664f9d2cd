"""The Hungarian lexicon of the repair stage: hunspell's hu_HU, the orthography of about 1900, the game's vocabulary, word frequencies."""
from .lexicon import Acceptance, Basis, Lexicon, build, load

__all__ = ["Acceptance", "Basis", "Lexicon", "build", "load"]
