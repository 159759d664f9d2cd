"""The studies' figures with their 95% intervals: shares (Wilson) and means (no numba: the build reads them too)."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(made: int, deals: int, z: float = Z95) -> tuple[float, float]:
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


@dataclass(frozen=True)
class Mean:
    """One category of a study measured per deal (points, tricks, games won): the deals, the sum of a
    whole-number value over them and of its square, so that chunks add up exactly and the mean has a
    normal 95% interval. The finding's measure names the value."""

    category: str
    deals: int
    total: int
    squares: int

    @property
    def mean(self) -> float:
        """The value's mean per deal."""
        return self.total / self.deals if self.deals else math.nan

    def interval(self) -> tuple[float, float]:
        """The normal 95% interval of the mean (the deals are many and independent)."""
        if self.deals < 2:
            return math.nan, math.nan
        variance = max(0.0, (self.squares - self.total * self.total / self.deals) / (self.deals - 1))
        half = Z95 * math.sqrt(variance / self.deals)
        return self.mean - half, self.mean + half

    @staticmethod
    def add(tally: Counter, key: tuple, value: int) -> None:
        """Count one deal's `value` in a study's tally under `key`: chunks' tallies then add up exactly."""
        tally[*key, "deals"] += 1
        tally[*key, "total"] += value
        tally[*key, "squares"] += value * value

    @classmethod
    def of(cls, category: str, total: Counter, key: tuple) -> Mean:
        """The mean of the values counted under `key` by `add`."""
        return cls(category, total[*key, "deals"], total[*key, "total"], total[*key, "squares"])

    def text(self) -> str:
        """The mean with its interval, as the notes and the command print it."""
        low, high = self.interval()
        return f"{self.mean:+.3f} per deal over {self.deals:,} deals (95% interval {low:+.3f} to {high:+.3f})"
