"""Confidence intervals for the studies' shares."""
from __future__ import annotations

import math


def wilson(made: int, deals: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of made/deals (95% by default); NaNs when there are no deals."""
    if not deals:
        return math.nan, math.nan
    p = made / deals
    centre = (p + z * z / (2 * deals)) / (1 + z * z / deals)
    half = z * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)) / (1 + z * z / deals)
    return centre - half, centre + half
