"""A study's findings drawn as bars with their 95% intervals, one panel per measure (matplotlib)."""
from __future__ import annotations

import io
import textwrap

from ..intervals import Tally
from .finding import Finding

FORMATS = ("png", "svg")


def draw(name: str, title: str, findings: list[Finding] | tuple[Finding, ...], deals: int, seed: int,
         formats: tuple[str, ...] = FORMATS) -> dict[str, bytes]:
    """The figure of study `name` in each of `formats`, titled with its deals and seed; the same
    findings give the same bytes (no date, fixed hash salt)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "ecarte"
    panels: dict[str, list[Finding]] = {}
    for finding in findings:
        panels.setdefault(finding.measure, []).append(finding)
    heights = [0.3 * len(group) + 1.0 for group in panels.values()]
    figure, all_axes = plt.subplots(len(panels), 1, squeeze=False, figsize=(9, sum(heights) + 0.6),
                                    gridspec_kw={"height_ratios": heights})
    for axes, (measure, group) in zip(all_axes[:, 0], panels.items()):
        shares = isinstance(group[0].figure, Tally)
        scale = 100 if shares else 1
        values = [scale * (f.figure.share if shares else f.figure.mean) for f in group]
        low_high = [tuple(scale * x for x in f.figure.interval()) for f in group]
        errors = [[v - lo for v, (lo, _) in zip(values, low_high)], [hi - v for v, (_, hi) in zip(values, low_high)]]
        axes.barh(range(len(group)), values, xerr=errors, color="#4a7a9c", capsize=3)
        axes.set_yticks(range(len(group)), [textwrap.shorten(f.label, 70) for f in group], fontsize=7)
        axes.invert_yaxis()
        if shares:
            axes.set_xlim(0, 100)
        else:
            axes.axvline(0, color="#555555", linewidth=0.8)
        axes.set_title(textwrap.fill(measure, 90), fontsize=8, loc="left")
        axes.tick_params(axis="x", labelsize=7)
        axes.set_xlabel("% of deals, 95% interval" if shares else "per deal, 95% interval", fontsize=7)
    figure.suptitle(f"{title}: {name} ({deals} deals, seed {seed})", fontsize=10)
    figure.tight_layout()
    drawn = {}
    for suffix in formats:
        buffer = io.BytesIO()
        figure.savefig(buffer, format=suffix, **({"metadata": {"Date": None}} if suffix == "svg" else {}))
        drawn[suffix] = buffer.getvalue()
    plt.close(figure)
    return drawn
