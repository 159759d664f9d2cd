"""The repair pipeline put together: a tokenizer, the configured stages, and the channel chosen per document."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import lexicon as lexicons
from ..errors import InputError
from . import spacing, training  # noqa: F401  (importing spacing registers its stage, respace)
from .channel import SPLIT, ChannelModel
from .french import FrenchDetector
from .stages import STAGES, Resources, Settings
from .tokens import Document, Tokenizer
from .training import conditions, load_channel
from .word_model import WordModel, load_word_model


@dataclass(frozen=True)
class WordRepair:
    """What repair did with one word on one line: kept or corrected, why, and by what margin."""

    line: int             # 0-based index of the line
    start: int            # character span of the word on that line
    end: int
    original: str
    correction: str
    reason: str           # number, french, accepted:KIND, corrected:KIND, unknown
    score: float | None   # how much better (nats) the best candidate scored than the word; None: none sought
    word: str             # the whole word judged (a word broken at a line's end joined up)


class Repairer:
    """Repairs OCR text with one lexicon and one or more channels (one per OCR condition)."""

    def __init__(self, lang: str, channels: dict[str, ChannelModel], settings: Settings = Settings(),
                 lexicon: lexicons.Lexicon | None = None, words: WordModel | None = None):
        unknown = [name for name in settings.stages if name not in STAGES]
        if unknown:
            raise ValueError(f"unknown repair stage {unknown[0]!r}; known: {', '.join(STAGES)}")
        self.lang = lang
        self.settings = settings
        self.lexicon = lexicon or lexicons.load(lang)
        self.channels = channels
        french = FrenchDetector()
        french.load()
        self.words = words or load_word_model()
        self._resources = {name: Resources(self.lexicon, channel, self.words, french, settings,
                                             settings.caution_of(name), {}, {})
                           for name, channel in channels.items()}
        self._tokenizers = {name: Tokenizer(channel.symbols()) for name, channel in channels.items()}

    def condition(self, text: str) -> str:
        """The OCR condition whose channel best explains the text's characters."""
        return max(sorted(self.channels), key=lambda name: self.channels[name].log_likelihood(text))

    def process(self, text: str) -> Document:
        """The document with every word judged."""
        name = self.condition(text)
        doc = self._tokenizers[name](text)
        resources = self._resources[name]
        for stage_name in self.settings.stages:
            STAGES[stage_name](doc, resources)
        return doc

    def repair(self, text: str) -> str:
        """The repaired text, line for line."""
        return self.process(text).render()

    def decisions(self, text: str) -> list[WordRepair]:
        """One decision per word piece, in reading order."""
        out = []
        for word in self.process(text).words:
            parts = word.output.split(SPLIT)
            for piece, original, corrected in zip(word.pieces, word.text.split(SPLIT), parts):
                out.append(WordRepair(piece.line, piece.start, piece.end, original, corrected, word.reason,
                                      word.margin, word.joined))
        return out


def make_repairer(lang: str = "hu", ocr: str = "auto", settings: Settings = Settings(),
                  root: Path | None = None) -> Repairer:
    """A repairer with the channel of one OCR condition, or of every trained one for "auto"."""
    names = conditions(root=root) if ocr == "auto" else [ocr]
    if not names:
        raise InputError("no training pairs: run `ecarte synth` (pipeline/workbench/synth/README.md)",
                         (root or training.TRAINING) / "train")
    return Repairer(lang, {name: load_channel(name, root) for name in names}, settings)
