"""The repair pipeline put together: a tokenizer, the configured stages, and the channel chosen per document."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import lexicon as lexicons
from ..errors import InputError
from . import spacing, training  # noqa: F401  (importing spacing registers its stage, respace)
from .channel import SPLIT, ChannelModel
from .french import FrenchDetector
from .punctuation import MarkModel, load_marks   # (and registers its stage, punctuation)
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
    reason: str           # number, french, accepted:KIND, corrected:KIND, unknown, merged; mark:CONTEXT for the
                          # marks between two words (punctuation.py)
    score: float | None   # how much better (nats) the best candidate scored than the word (for marks: the
                          # log-odds of the rewriting); None: none sought
    word: str             # the whole word judged (a word broken at a line's end joined up; the marks)


class Repairer:
    """Repairs OCR text with one lexicon and one or more channels (one per OCR condition), and the mark
    model of each condition given one."""

    def __init__(self, lang: str, channels: dict[str, ChannelModel], settings: Settings = Settings(),
                 lexicon: lexicons.Lexicon | None = None, words: WordModel | None = None,
                 marks: dict[str, MarkModel] | None = None):
        unknown = [name for name in settings.stages if name not in STAGES]
        if unknown:
            raise ValueError(f"unknown repair stage {unknown[0]!r}; known: {', '.join(STAGES)}")
        self.lang = lang
        self.settings = settings
        self.lexicon = lexicon or lexicons.load(lang)
        self.channels = channels
        self.marks = marks or {}
        french = FrenchDetector()
        french.load()
        self.words = words or load_word_model()
        self._resources = {name: Resources(self.lexicon, channel, self.words, french, settings,
                                             settings.caution_of(name), {}, {}, self.marks.get(name))
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
        """One decision per word piece and per rewritten gap between words, in reading order."""
        doc = self.process(text)
        out = []
        for word in doc.words:
            parts = word.output.split(SPLIT)
            for piece, original, corrected in zip(word.pieces, word.text.split(SPLIT), parts):
                out.append(WordRepair(piece.line, piece.start, piece.end, original, corrected, word.reason,
                                      word.margin, word.joined))
        out += [WordRepair(m.piece.line, m.piece.start, m.piece.end, m.original, m.correction, m.reason, m.score,
                           m.original) for m in doc.marks]
        return sorted(out, key=lambda d: (d.line, d.start))


def make_repairer(lang: str = "hu", ocr: str = "auto", settings: Settings = Settings(),
                  root: Path | None = None) -> Repairer:
    """A repairer with the channel and mark model of one OCR condition, or of every trained one for "auto"."""
    names = conditions(root=root) if ocr == "auto" else [ocr]
    if not names:
        raise InputError("no training pairs: run `ecarte synth` (pipeline/workbench/synth/README.md)",
                         (root or training.TRAINING) / "train")
    lexicon = lexicons.load(lang)
    channels = {name: load_channel(name, root) for name in names}
    marks = {name: load_marks(name, channel, lexicon, root) for name, channel in channels.items()}
    return Repairer(lang, channels, settings, lexicon, marks=marks)
