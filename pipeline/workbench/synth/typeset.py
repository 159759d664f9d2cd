"""Typesetting made-up text into a book page at 300 dpi: justified lines, Hungarian line-end hyphenation."""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ...errors import InputError
from .text import TextSource

FONT_DIR = Path("/usr/share/fonts/opentype")
FONTS = {                          # period-like book faces from Debian's font packages
    "EB Garamond": "ebgaramond/EBGaramond12-Regular.otf",
    "Linux Libertine": "linux-libertine/LinLibertine_R.otf",
    "C059": "urw-base35/C059-Roman.otf",
    "P052": "urw-base35/P052-Roman.otf",
    "Nimbus Roman": "urw-base35/NimbusRoman-Regular.otf",
}
PAGE_SIZE = (1400, 2000)           # px at 300 dpi: a small octavo page
MARGIN = (130, 150)                # left/right and top/bottom
VOWELS = set("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
LONG_DIGRAPHS = {"ddzs", "ccs", "ssz", "zzs", "ggy", "lly", "nny", "tty"}
LETTER_UNITS = re.compile(r"ddzs|dzs|ccs|ssz|zzs|ggy|lly|nny|tty|cs|cz|dz|gy|ly|ny|sz|ty|zs|.", re.IGNORECASE)


def font_path(name: str) -> Path:
    """The installed file of one of the page fonts."""
    path = FONT_DIR / FONTS[name]
    if not path.is_file():
        raise InputError(f"font {name} is not installed (Debian: fonts-ebgaramond, fonts-linuxlibertine, "
                         "fonts-urw-base35)", path)
    return path


@cache
def load_font(name: str, size: int) -> ImageFont.FreeTypeFont:
    """A page font at a pixel size."""
    return ImageFont.truetype(str(font_path(name)), size)


def break_points(word: str) -> list[int]:
    """Where a word may be broken at a line's end: before the consonant that opens a syllable.

    Hungarian rule of thumb: one consonant goes with the next vowel; of several, the last does;
    digraphs (cs, gy, ly, ny, sz, ty, zs, dzs and c.1900's cz) are never split, nor is a long
    one (ssz, whose break would respell it sz-sz); at least two
    letters stay on either side, and a word with a hyphen inside breaks only after it; one that
    ends in a hyphen (a suspended compound, or a lone minus) breaks as any word, as a break
    after its last hyphen would leave an empty word.
    """
    if "-" in word[:-1]:
        return [word.index("-") + 1]
    units = LETTER_UNITS.findall(word)
    points, offset = [], 0
    for i, unit in enumerate(units):
        if 0 < i < len(units) - 1 and unit[0] not in VOWELS and units[i + 1][0] in VOWELS \
                and unit.lower() not in LONG_DIGRAPHS and any(u[0] in VOWELS for u in units[:i]):
            points.append(offset)
        offset += len(unit)
    return [p for p in points if 2 <= p <= len(word) - 2 and word[:p].isalpha()]


@dataclass(frozen=True)
class SetLine:
    """One typeset line: its words (the last perhaps a hyphenated fragment) and whether it is justified."""

    words: tuple[str, ...]
    justified: bool
    indent: int = 0
    centred: bool = False

    @property
    def text(self) -> str:
        """The line as printed, single-spaced."""
        return " ".join(self.words)


def set_paragraph(words: list[str], font: ImageFont.FreeTypeFont, width: int, indent: int,
                  rng: random.Random) -> list[SetLine]:
    """Greedy justified lines; a word that does not fit is hyphenated when it can be."""
    space = font.getlength(" ")
    lines: list[SetLine] = []
    current: list[str] = []
    pending = list(words)
    while pending:
        word = pending.pop(0)
        room = width - (indent if not lines else 0)
        if font.getlength(" ".join([*current, word])) <= room:
            current.append(word)
            continue
        used = font.getlength(" ".join(current)) + (space if current else 0)
        fits = [p for p in break_points(word) if used + font.getlength(word[:p] + "-") <= room]
        if fits and rng.random() < 0.8:
            cut = max(fits)
            head = word[:cut] if word[cut - 1] == "-" else word[:cut] + "-"
            current.append(head)
            pending.insert(0, word[cut:])
        else:
            pending.insert(0, word)
        if not current:                    # a word longer than the line: set it alone
            current.append(pending.pop(0))
        lines.append(SetLine(tuple(current), True, indent if len(lines) == 0 else 0))
        current = []
    if current:
        lines.append(SetLine(tuple(current), False, indent if not lines else 0))
    return lines


def compose(source: TextSource, font: ImageFont.FreeTypeFont, width: int, max_lines: int,
            rng: random.Random) -> list[SetLine]:
    """A page's worth of lines: paragraphs, a centred heading now and then, cut at the page's foot."""
    lines: list[SetLine] = []
    indent = round(font.size * 1.2)
    while len(lines) < max_lines:
        if lines and rng.random() < 0.08:
            lines.append(SetLine((source.heading(),), False, centred=True))
        lines += set_paragraph(source.paragraph(), font, width, indent, rng)
    return lines[:max_lines]


def render(lines: list[SetLine], font: ImageFont.FreeTypeFont, leading: int) -> Image.Image:
    """The lines drawn black on white at their places on the page."""
    page = Image.new("L", PAGE_SIZE, 255)
    draw = ImageDraw.Draw(page)
    width = PAGE_SIZE[0] - 2 * MARGIN[0]
    for n, line in enumerate(lines):
        y = MARGIN[1] + n * leading
        widths = [font.getlength(w) for w in line.words]
        gap = font.getlength(" ")
        if line.justified and len(line.words) > 1:
            gap = (width - line.indent - sum(widths)) / (len(line.words) - 1)
        x = MARGIN[0] + line.indent
        if line.centred:
            x = MARGIN[0] + (width - font.getlength(line.text)) / 2
        for word, w in zip(line.words, widths):
            draw.text((x, y), word, font=font, fill=0)
            x += w + gap
    return page


@dataclass(frozen=True)
class Sheet:
    """A typeset page: its clean image, its lines' text, and the font used."""

    image: Image.Image
    lines: tuple[str, ...]
    font: str
    size: int


def typeset_page(source: TextSource, rng: random.Random, max_lines: int | None = None) -> Sheet:
    """A page of made-up text in a randomly chosen face and size."""
    name = rng.choice(sorted(FONTS))
    size = rng.randint(40, 50)                     # 9.6–12 pt at 300 dpi
    font = load_font(name, size)
    leading = round(size * rng.uniform(1.25, 1.45))
    room = (PAGE_SIZE[1] - 2 * MARGIN[1]) // leading
    lines = compose(source, font, PAGE_SIZE[0] - 2 * MARGIN[0], min(room, max_lines or room), rng)
    return Sheet(render(lines, font, leading), tuple(line.text for line in lines), name, size)
