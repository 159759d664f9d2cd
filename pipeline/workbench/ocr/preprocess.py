"""Image preparation before Tesseract: grayscale, lone specks removed, enlarging small text,
deskew, binarization.

Each step is a function of its own; `prepare` chains the enabled ones and returns the geometry
(scale, rotation) needed to map Tesseract's boxes back onto the original image. Each step earns
its place by measurement on held-out synthetic pages (`ecarte ocr --evaluate`, figures in
pipeline/workbench/synth/README.md): enlarging pays for clearly small text (an x-height under
8 px) but turns specks into letters on larger text, so a page is resampled only then, and only
when its text size is measured with confidence; dirt of lone ink pixels is taken out of a page
strewn with it, where the text is large enough that no part of a letter is one pixel alone;
deskewing pays from about 1.5°; binarizing costs accuracy (Tesseract's LSTM reads grayscale),
so it is off unless asked for.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageFilter, ImageOps

from ...images import MAX_PIXELS, MAX_SIDE

MIN_X_HEIGHT = 8.0            # px: text whose x-height is smaller is enlarged
TARGET_X_HEIGHT = 20.0        # px: 10-pt type at 300 dpi, which Tesseract reads best
MAX_SCALE = 4.0
MIN_PITCH = 4                 # px: the smallest line pitch looked for
MIN_PERIODICITY = 0.3         # the rows' ink autocorrelation at the pitch needed to trust it (two lines: 0.36)
PITCH_RATIO = (1.5, 5.0)      # plausible line pitch over x-height: set solid to very loosely leaded
BAND_LEVEL = 0.5              # an x-band row holds at least this share of a typical text row's ink
SKEW_RANGE = 5.0              # degrees searched either way
SKEW_STEP = 0.1
MIN_SKEW = 1.5                # degrees; a smaller skew is left to Tesseract (turning costs more)
DIRTY_PER_MILLION = 1000      # lone ink pixels per million pixels that make a page dirty (training pages:
                              # scans 0-147 at 150 dpi or more, up to 501 at 100 and 954 at 75 dpi, whose
                              # small type the x-height rule keeps apart; pages strewn with dirt 1601-1756)


@dataclass(frozen=True)
class Steps:
    """Which preparation steps run."""

    scale: bool = True
    deskew: bool = True
    despeckle: bool = True
    binarize: bool = False


RAW = Steps(scale=False, deskew=False, despeckle=False)
"""No step that changes the image by default (`ecarte ocr --raw`); binarizing stays as asked."""


@dataclass(frozen=True)
class Prepared:
    """The image handed to Tesseract and how it was made from the original."""

    image: Image.Image
    scale: float              # prepared pixels per original pixel
    angle: float              # degrees the original was rotated (counter-clockwise) to deskew it
    size: tuple[int, int]     # the original's width and height
    text: "TextSize | None" = None   # the text size measured on the original, None where no lines repeat
    grayscaled: bool = False  # the original was not grayscale (Pillow's base mode L: 1, L, LA, I, F)
    specks: int = 0           # lone ink pixels taken out (`despeckle`)

    def to_original(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """A box (left, top, right, bottom) of the prepared image in original-image pixels."""
        width, height = self.image.size
        cx, cy = width / 2, height / 2
        turn = math.radians(self.angle)
        cos, sin = math.cos(turn), math.sin(turn)
        xs, ys = [], []
        for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
            dx, dy = x - cx, y - cy     # undo the rotation about the centre, then the scaling
            xs.append((cx + dx * cos - dy * sin) / self.scale)
            ys.append((cy + dx * sin + dy * cos) / self.scale)
        clamp_x = lambda v: min(max(round(v), 0), self.size[0])
        clamp_y = lambda v: min(max(round(v), 0), self.size[1])
        return clamp_x(min(xs)), clamp_y(min(ys)), clamp_x(max(xs)), clamp_y(max(ys))


def grayscale(image: Image.Image) -> Image.Image:
    """8-bit grayscale, transparent areas made white."""
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        image = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba)
    return image.convert("L")


def otsu_threshold(gray: Image.Image) -> int:
    """The gray level that best separates ink from paper (Otsu 1979); -1 (all paper) for a flat image."""
    hist = np.asarray(gray.histogram()[:256], dtype=np.float64)
    levels = np.arange(256)
    weight = np.cumsum(hist)
    mean = np.cumsum(hist * levels)
    total_weight, total_mean = weight[-1], mean[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        between = (total_mean * weight - mean * total_weight) ** 2 / (weight * (total_weight - weight))
    return int(np.nanargmax(between)) if np.isfinite(between).any() else -1


def binarize(gray: Image.Image) -> Image.Image:
    """Black ink on white paper at Otsu's threshold, as a grayscale image of 0 and 255."""
    threshold = otsu_threshold(gray)
    return gray.point(lambda v: 255 if v > threshold else 0)


@dataclass(frozen=True)
class TextSize:
    """The size of a page's text: its line pitch and the x-height of its lines, in pixels."""

    pitch: float              # the period of the rows' ink: baseline to baseline
    x_height: float           # the height of the dense band of a line, from baseline to x-line
    periodicity: float        # the rows' ink autocorrelation at the pitch: 1 for identical lines

    @property
    def sure(self) -> bool:
        """Whether to trust the measurement: clearly repeating lines, at a plausible pitch for their size."""
        return (self.periodicity >= MIN_PERIODICITY
                and PITCH_RATIO[0] <= self.pitch / self.x_height <= PITCH_RATIO[1])


def ink_mask(gray: Image.Image) -> np.ndarray:
    """Which pixels are ink: at or below Otsu's threshold (none on a flat image)."""
    return np.asarray(gray) <= otsu_threshold(gray)


def ink_rows(gray: Image.Image, angle: float = 0.0) -> np.ndarray:
    """Ink pixels per row (Otsu's threshold) once the image is turned by `angle` degrees."""
    ink = Image.fromarray(np.where(ink_mask(gray), 255, 0).astype(np.uint8))
    if angle:
        ink = ink.rotate(angle, resample=Image.Resampling.NEAREST)
    return np.asarray(ink, dtype=np.float64).sum(axis=1) / 255


def line_pitch(rows: np.ndarray) -> tuple[float, float] | None:
    """The period of the rows' ink and the autocorrelation there, or None if nothing repeats.

    The first autocorrelation peak at least half as high as the highest, so that a page whose
    every other line is alike is not measured at twice its pitch.
    """
    centred = rows - rows.mean()
    spectrum = np.fft.rfft(centred, 2 * rows.size)
    auto = np.fft.irfft(spectrum * np.conj(spectrum))[:rows.size]
    if auto[0] <= 0:
        return None
    auto /= auto[0]
    lags = np.arange(MIN_PITCH, rows.size // 2)              # two lines at least
    peaks = lags[(auto[lags] >= auto[lags - 1]) & (auto[lags] > auto[lags + 1]) & (auto[lags] > 0)]
    if not peaks.size:
        return None
    lag = int(peaks[auto[peaks] >= auto[peaks].max() / 2][0])
    before, at, after = auto[lag - 1], auto[lag], auto[lag + 1]
    curve = before - 2 * at + after
    return lag + (0.5 * (before - after) / curve if curve else 0.0), float(at)      # parabola's top


def x_height(rows: np.ndarray, pitch: float) -> float:
    """The height of the dense band of the mean text line: the rows' ink folded at the pitch.

    The rows of the mean line (less its emptiest row: noise) that hold at least BAND_LEVEL of a
    typical text row's ink (its 80th percentile) are the x-band; ascenders, accents, descenders
    and the rows where lines touch hold far less.
    """
    bins = round(pitch)
    phase = np.floor(np.arange(rows.size) % pitch / pitch * bins).astype(int) % bins
    mean = np.bincount(phase, rows, bins) / np.maximum(np.bincount(phase, minlength=bins), 1)
    mean -= mean.min()
    return float(np.count_nonzero(mean >= BAND_LEVEL * np.percentile(mean, 80)) * pitch / bins)


def text_size(gray: Image.Image, angle: float = 0.0) -> TextSize | None:
    """The text size of a page whose lines `angle` turns level, or None where no lines repeat."""
    rows = ink_rows(gray, angle)
    found = line_pitch(rows) if rows.any() else None
    if found is None:
        return None
    pitch, periodicity = found
    return TextSize(float(pitch), x_height(rows, pitch), periodicity)


def lone_ink(gray: Image.Image) -> np.ndarray:
    """Which pixels are lone ink: ink (`ink_mask`) with none of their eight neighbours ink."""
    ink = ink_mask(gray)
    padded = np.pad(ink, 1)
    height, width = ink.shape
    neighbours = np.zeros(ink.shape, dtype=np.uint8)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                neighbours += padded[1 + dy:1 + dy + height, 1 + dx:1 + dx + width]
    return ink & (neighbours == 0)


def despeckle(gray: Image.Image, lone: np.ndarray) -> Image.Image:
    """The image with each lone ink pixel given its neighbourhood's median."""
    median = np.asarray(gray.filter(ImageFilter.MedianFilter(3)))
    return Image.fromarray(np.where(lone, median, np.asarray(gray)))


def type_too_large_for_lone_pixels(size: TextSize | None) -> bool:
    """Whether no part of a letter can be one pixel alone: the text is surely measured at an
    x-height of MIN_X_HEIGHT or more (in smaller type a full stop or an i's dot may be one pixel)."""
    return size is not None and size.sure and size.x_height >= MIN_X_HEIGHT


def dirty_page(lone: np.ndarray) -> bool:
    """Whether a page's lone ink pixels are many enough to be dirt (`DIRTY_PER_MILLION`): on a
    clean scan the few there are may be accents and dots worn thin."""
    return np.count_nonzero(lone) >= DIRTY_PER_MILLION * lone.size / 1e6


def scale_factor(size: TextSize | None) -> float:
    """How much to enlarge: to TARGET_X_HEIGHT when the text is surely smaller than MIN_X_HEIGHT, else 1."""
    if size is None or not size.sure or size.x_height >= MIN_X_HEIGHT:
        return 1.0
    return min(TARGET_X_HEIGHT / size.x_height, MAX_SCALE)


def largest_factor(size: tuple[int, int]) -> float:
    """The most a page may be enlarged and stay within what is read at all (`MAX_SIDE`,
    `MAX_PIXELS` of pipeline/images.py): Tesseract's limit, and memory bounded; never below 1."""
    width, height = size
    return max(1.0, min(MAX_SIDE / max(width, height), math.sqrt(MAX_PIXELS / (width * height))))


def rescale(gray: Image.Image, factor: float) -> Image.Image:
    """The image enlarged by `factor` (Lanczos)."""
    if factor == 1.0:
        return gray
    size = (round(gray.width * factor), round(gray.height * factor))
    return gray.resize(size, Image.Resampling.LANCZOS)


def _profile_score(ink: Image.Image, angle: float) -> float:
    rows = np.asarray(ink.rotate(angle, resample=Image.Resampling.NEAREST), dtype=np.float64).sum(axis=1)
    return float(np.square(np.diff(rows)).sum())


def skew_angle(gray: Image.Image) -> float:
    """The rotation (degrees, counter-clockwise) that makes the text lines horizontal.

    Projection profile: on a reduced ink mask, the angle whose row sums change most sharply.
    """
    small = gray.copy()
    small.thumbnail((1000, 1000))
    ink = ImageOps.invert(binarize(small))
    steps = round(SKEW_RANGE / SKEW_STEP)
    angles = [i * SKEW_STEP for i in range(-steps, steps + 1)]
    return max(angles, key=lambda a: (_profile_score(ink, a), -abs(a)))


def rotate(gray: Image.Image, angle: float) -> Image.Image:
    """The image rotated about its centre, same size, paper-white corners."""
    if angle == 0:
        return gray
    return gray.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)


def applied_steps(prepared: Prepared, steps: Steps) -> tuple[str, ...]:
    """What was done to a page to make Tesseract's input, in words: the steps that changed it,
    not merely those switched on (most pages are neither enlarged nor turned)."""
    done = ["made grayscale"] if prepared.grayscaled else []
    if prepared.specks:
        done.append(f"cleared of {prepared.specks} lone specks")
    if prepared.scale != 1:
        done.append(f"scaled ×{prepared.scale:.4g}")
    if prepared.angle:
        done.append(f"turned {prepared.angle:g}° counter-clockwise to deskew it")
    if steps.binarize:
        done.append("binarized (Otsu)")
    return tuple(done)


def in_words(done: tuple[str, ...]) -> str:
    """The steps applied to a page (`applied_steps`), listed; "unchanged" where there were none."""
    return ", ".join(done) or "unchanged"


def prepare(image: Image.Image, steps: Steps = Steps()) -> Prepared:
    """The original image made ready for Tesseract by the enabled steps."""
    gray = grayscale(image)
    angle = skew_angle(gray) if steps.scale or steps.deskew or steps.despeckle else 0.0   # the text size is read level
    size = text_size(gray, angle)
    specks = 0
    if steps.despeckle and type_too_large_for_lone_pixels(size):
        lone = lone_ink(gray)
        if dirty_page(lone):
            gray, specks = despeckle(gray, lone), int(np.count_nonzero(lone))
    factor = min(scale_factor(size), largest_factor(gray.size)) if steps.scale else 1.0
    gray = rescale(gray, factor)
    angle = angle if steps.deskew and abs(angle) >= MIN_SKEW else 0.0
    gray = rotate(gray, angle)
    if steps.binarize:
        gray = binarize(gray)
    return Prepared(gray, factor, angle, image.size, size, Image.getmodebase(image.mode) != "L", specks)
