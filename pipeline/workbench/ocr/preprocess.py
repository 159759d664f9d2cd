"""Image preparation before Tesseract: grayscale, scaling to about 300 dpi, deskew, binarization.

Each step is a function of its own; `prepare` chains the enabled ones and returns the geometry
(scale, rotation) needed to map Tesseract's boxes back onto the original image. Measured on
synthetic pages (pipeline/workbench/synth/README.md): deskewing pays from about 1° on (below, Tesseract
copes and resampling costs a little); binarizing before Tesseract costs accuracy (its LSTM reads
grayscale), so it is off unless asked for.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps

TARGET_DPI = 300
TARGET_LINE_HEIGHT = 48       # px: the height of a line of 11-pt type at 300 dpi
MAX_SCALE = 4.0
SKEW_RANGE = 5.0              # degrees searched either way
SKEW_STEP = 0.1
MIN_SKEW = 1.0                # degrees; a smaller skew is left to Tesseract


@dataclass(frozen=True)
class Steps:
    """Which preparation steps run."""

    scale: bool = True
    deskew: bool = True
    binarize: bool = False


@dataclass(frozen=True)
class Prepared:
    """The image handed to Tesseract and how it was made from the original."""

    image: Image.Image
    scale: float              # prepared pixels per original pixel
    angle: float              # degrees the original was rotated (counter-clockwise) to deskew it
    size: tuple[int, int]     # the original's width and height

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


def line_height(gray: Image.Image) -> float | None:
    """The median height of the bands of rows that hold ink, or None for a blank image."""
    ink = np.asarray(gray) <= otsu_threshold(gray)
    rows = ink.mean(axis=1) > 0.002
    edges = np.flatnonzero(np.diff(np.concatenate(([0], rows.astype(np.int8), [0]))))
    runs = edges[1::2] - edges[::2]
    runs = runs[runs >= 3]
    return float(np.median(runs)) if runs.size else None


def scale_factor(gray: Image.Image, dpi: float | None) -> float:
    """How much to enlarge for about 300 dpi: from the image's DPI if it has one, else its text size."""
    if dpi and dpi >= 50:
        factor = TARGET_DPI / dpi
    else:
        height = line_height(gray)
        factor = TARGET_LINE_HEIGHT / height if height else 1.0
    return min(factor, MAX_SCALE) if factor > 1.2 else 1.0


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


def prepare(image: Image.Image, steps: Steps = Steps()) -> Prepared:
    """The original image made ready for Tesseract by the enabled steps."""
    gray = grayscale(image)
    dpi = image.info.get("dpi", (None,))[0]
    factor = scale_factor(gray, float(dpi) if dpi else None) if steps.scale else 1.0
    gray = rescale(gray, factor)
    angle = skew_angle(gray) if steps.deskew else 0.0
    angle = angle if abs(angle) >= MIN_SKEW else 0.0
    gray = rotate(gray, angle)
    if steps.binarize:
        gray = binarize(gray)
    return Prepared(gray, factor, angle, image.size)
