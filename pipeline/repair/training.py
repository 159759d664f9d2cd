"""Learning the noisy channel from (noisy, clean) line pairs: align each pair, count the edits."""
from __future__ import annotations

import hashlib
import math
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from ..errors import InputError
from ..files import cached
from ..paths import CACHE, TRAINING
from ..workbench.synth.generate import read_pairs
from . import channel as channel_module
from .channel import ChannelModel, edit_blocks


@dataclass(frozen=True)
class ChannelSettings:
    """How edits are counted: longest segment, least count and probability kept, worst line used."""

    max_segment: int = 3
    min_count: int = 2
    min_prob: float = 1e-3
    max_line_cer: float = 0.5
    keep_floor: float = 0.05


def edits(noisy: str, clean: str, max_segment: int) -> list[tuple[str, str]]:
    """The (clean, noisy) segments that differ in the alignment of one pair, adjacent edits merged;
    only those whose clean side is letters (what a word's repair can use)."""
    found = []
    blocks = edit_blocks(Levenshtein.opcodes(clean, noisy))
    for (c1, c2, n1, n2) in blocks:
        if c1 == c2 or n1 == n2:          # a lone insertion or deletion takes a neighbour as context
            if c1 > 0 and n1 > 0:
                c1, n1 = c1 - 1, n1 - 1
            elif c2 < len(clean) and n2 < len(noisy):
                c2, n2 = c2 + 1, n2 + 1
            else:
                continue
        c_seg, n_seg = clean[c1:c2], noisy[n1:n2]
        if max(len(c_seg), len(n_seg)) <= max_segment and c_seg.isalpha() and not any(map(str.isspace, n_seg)):
            found.append((c_seg, n_seg))
    return found


def spacing(noisy: str, clean: str) -> tuple[int, int]:
    """How many spaces between letters of the clean line the noisy one lost (two words read as one), and how
    many it added between letters of one clean word (a word read as two)."""
    lost = added = 0
    for c1, c2, n1, n2 in edit_blocks(Levenshtein.opcodes(clean, noisy)):
        c_seg, n_seg = clean[c1:c2], noisy[n1:n2]
        inside = 0 < c1 and c2 < len(clean) and clean[c1 - 1].isalpha() and clean[c2:c2 + 1].isalpha()
        if inside and n_seg.strip(" ") == c_seg.strip(" "):
            lost += max(0, c_seg.count(" ") - n_seg.count(" "))
            added += max(0, n_seg.count(" ") - c_seg.count(" "))
    return lost, added


def train(pairs: list[tuple[str, str]], name: str, settings: ChannelSettings = ChannelSettings()) -> ChannelModel:
    """A channel model from (noisy, clean) pairs, lower-cased."""
    counts: Counter[tuple[str, str]] = Counter()
    spaces = joins = merged = split = 0
    capitals: Counter[tuple[str, str]] = Counter()
    clean_text, noisy_text = [], []
    for noisy, clean in pairs:
        if clean and Levenshtein.normalized_distance(clean.lower(), noisy.lower()) > settings.max_line_cer:
            continue
        capitals.update((n, c) for c, n in edits(noisy, clean, 1) if c.islower() and n.isupper() and n.lower() != c)
        noisy, clean = noisy.lower(), clean.lower()
        counts.update(edits(noisy, clean, settings.max_segment))
        line_lost, line_added = spacing(noisy, clean)
        merged, split = merged + line_lost, split + line_added
        spaces += clean.count(" ")
        joins += sum(a.isalpha() and b.isalpha() for a, b in zip(clean, clean[1:]))
        clean_text.append(clean)
        noisy_text.append(noisy)
    corpus = "\n".join(clean_text)
    occurrences = {c: corpus.count(c) for c, _ in counts}
    ops: dict[str, list[tuple[str, float]]] = {}
    lost: Counter[str] = Counter()
    uncounted = 0
    for (clean, noisy), count in sorted(counts.items()):
        p = count / (occurrences[clean] + 1)
        if count >= settings.min_count and p >= settings.min_prob:
            ops.setdefault(noisy, []).append((clean, -math.log(p)))
        else:
            uncounted += count
        if len(clean) == 1:
            lost[clean] += count
    chars = Counter(corpus)
    keep = {ch: -math.log(max(settings.keep_floor, 1 - lost[ch] / (n + 1)))
            for ch, n in sorted(chars.items()) if not ch.isspace()}
    output = Counter(ch for line in noisy_text for ch in line if ch.isalnum())
    total = sum(output.values()) + len(output) + 1
    lowered: dict[str, list[str]] = {}
    for (capital, small), count in sorted(capitals.items()):
        if count >= settings.min_count:
            lowered.setdefault(capital, []).append(small)
    return ChannelModel(name, {s: tuple(sorted(alts, key=lambda a: a[1])) for s, alts in sorted(ops.items())},
                        keep, {ch: math.log((n + 1) / total) for ch, n in sorted(output.items())},
                        unseen_keep=-math.log(settings.keep_floor),
                        lowered={c: tuple(s) for c, s in lowered.items()},
                        space_lost=-math.log((merged + 1) / (spaces + 2)), space_added=-math.log((split + 1) / (joins + 2)),
                        unseen_edit=-math.log((uncounted + 1) / (len(corpus) + 2)))


def conditions(split: str = "train", root: Path | None = None) -> list[str]:
    """The OCR conditions (engine models, e.g. eng and hun) that have pairs in a split."""
    return sorted(p.stem for p in ((root or TRAINING) / split).glob("*.tsv"))


def load_channel(condition: str, root: Path | None = None,
                 settings: ChannelSettings = ChannelSettings()) -> ChannelModel:
    """The channel of an OCR condition trained on its training split, cached by the hash of the data,
    the settings and the code that trains it."""
    path = (root or TRAINING) / "train" / f"{condition}.tsv"
    if not path.exists():
        raise InputError(f"no training pairs for OCR condition {condition!r}", path)
    code = b"".join(Path(module.__file__).read_bytes() for module in (channel_module, sys.modules[__name__]))
    digest = hashlib.sha256(path.read_bytes() + repr(settings).encode() + code).hexdigest()[:16]
    return cached(CACHE / f"channel-{condition}-{digest}.pickle", lambda: train(read_pairs(path), condition, settings))
