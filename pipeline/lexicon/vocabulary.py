"""The game's vocabulary: stems unknown to hunspell, inflected by analogy with a model word it knows."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..files import Fields, array_of_tables, key_line, read_toml

MIN_STEM = 3


@dataclass(frozen=True)
class Vocabulary:
    """Lower-cased stems with their model words, and the models that take a lone ending."""

    stems: dict[str, tuple[str, ...]]
    ending_models: tuple[str, ...]
    zipf: float

    def analogies(self, word: str) -> list[str]:
        """Words hunspell must accept for the lower-cased `word` to be a form of a stem ("" if it is one)."""
        out = []
        for cut in range(len(word), MIN_STEM - 1, -1):
            models = self.stems.get(word[:cut])
            if models is None:
                continue
            ending = word[cut:]
            if not ending:
                return [""]
            out += [model + ending for model in models]
        return out

    def ending_analogies(self, ending: str) -> list[str]:
        """Words hunspell must accept for `ending`, written alone after a hyphen, to be an ending."""
        return [model + ending for model in self.ending_models]

    def prefixes(self) -> set[str]:
        """The stems themselves, for the lexicon's prefix index."""
        return set(self.stems)


def load_vocabulary(path: Path) -> Vocabulary:
    """The vocabulary of a TOML file like corpus/lexicon/hu-game.toml, every field checked: a
    missing, unknown or mistyped one is an InputError naming the file and its line."""
    data = read_toml(path, "game vocabulary")
    text = path.read_text(encoding="utf-8")
    Fields(data, path, None, "vocabulary").known("zipf", "ending_models", "word")
    stems: dict[str, tuple[str, ...]] = {}
    for entry, line in array_of_tables(data, text, "word", path):
        word = Fields(entry, path, line, "[[word]]")
        word.known("stems", "models", "why")
        word.text("why")                      # every word says why it is the game's
        models = word.texts("models", empty=True)
        stems.update((stem.lower(), models) for stem in word.texts("stems"))
    ending_models = Fields(data, path, key_line(text, "ending_models"), "vocabulary").texts("ending_models")
    return Vocabulary(stems, ending_models, Fields(data, path, key_line(text, "zipf"), "vocabulary").number("zipf"))
