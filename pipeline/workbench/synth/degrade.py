"""Making a clean typeset page look like a scan of an old print, driven by a seeded generator."""
from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageFilter


def ink(clean: Image.Image, rng: np.random.Generator) -> np.ndarray:
    """Ink coverage 0..1 with spread or eroded, ragged stroke edges (blur, noise, threshold)."""
    blurred = clean.filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.6)))
    darkness = 1 - np.asarray(blurred, dtype=np.float32) / 255
    darkness += rng.normal(0, rng.uniform(0.05, 0.15), darkness.shape).astype(np.float32)
    level = rng.uniform(0.3, 0.62)              # low: ink spreads; high: strokes thin and break
    return (darkness > level).astype(np.float32)


def paper(shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """An uneven paper tone: a brightness slope and blotches, in gray levels."""
    height, width = shape
    blotches = Image.fromarray(rng.normal(0, 1, (6, 4)).astype(np.float32), mode="F")
    blotches = np.asarray(blotches.resize((width, height), Image.Resampling.BICUBIC))
    slope = np.linspace(0, 1, width)[None, :] * rng.uniform(-20, 20) \
        + np.linspace(0, 1, height)[:, None] * rng.uniform(-20, 20)
    return rng.uniform(205, 240) + blotches * rng.uniform(3, 10) + slope


def coarsen(image: Image.Image, factor: float) -> Image.Image:
    """The image scanned at `factor` times the resolution, then enlarged back to its size."""
    small = image.resize((round(image.width * factor), round(image.height * factor)), Image.Resampling.BOX)
    return small.resize(image.size, Image.Resampling.BILINEAR)


def degrade(clean: Image.Image, rng: np.random.Generator) -> Image.Image:
    """A scan-like grayscale JPEG-compressed version of a clean page (same size)."""
    coverage = ink(clean, rng)
    background = paper(coverage.shape, rng)
    gray = background + (rng.uniform(15, 70) - background) * coverage
    gray += rng.normal(0, rng.uniform(2, 8), gray.shape)
    specks = rng.random(gray.shape) < rng.uniform(0, 3e-4)
    gray[specks] = rng.uniform(0, 120)
    image = Image.fromarray(np.clip(gray, 0, 255).astype(np.uint8), mode="L")
    image = image.rotate(rng.uniform(-1.2, 1.2), resample=Image.Resampling.BICUBIC,
                         fillcolor=int(np.median(background)))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 0.9)))
    image = coarsen(image, rng.uniform(0.4, 1.0))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=int(rng.integers(35, 85)))
    return Image.open(buffer).convert("L")
