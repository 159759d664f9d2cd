"""The studies' counts and their confidence intervals (no numba: the build reads them too)."""
from __future__ import annotations

import math
from dataclasses import dataclass


def wilson(made: int, deals: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of made/deals (95% by default); NaNs when there are no deals."""
    if not deals:
        return math.nan, math.nan
    p = made / deals
    centre = (p + z * z / (2 * deals)) / (1 + z * z / deals)
    half = z * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)) / (1 + z * z / deals)
    return centre - half, centre + half


@dataclass(frozen=True)
class Tally:
    """One category of a study: how many deals fell in it and in how many the advice held."""

    category: str
    deals: int
    made: int

    @property
    def share(self) -> float:
        """The share of deals in which the advice held."""
        return self.made / self.deals if self.deals else math.nan

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the share."""
        return wilson(self.made, self.deals)

    def text(self) -> str:
        """The share with its interval, as the notes and the command print it."""
        low, high = self.interval()
        return f"{self.share:.1%} of {self.deals:,} deals (95% interval {low:.1%}–{high:.1%})"
