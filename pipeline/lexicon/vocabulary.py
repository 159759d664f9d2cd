"""The game's vocabulary: stems unknown to hunspell, inflected by analogy with a model word it knows."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

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
    """The vocabulary of a TOML file like corpus/lexicon/hu-game.toml."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    stems = {stem.lower(): tuple(entry["models"]) for entry in data["word"] for stem in entry["stems"]}
    return Vocabulary(stems, tuple(data["ending_models"]), float(data["zipf"]))
