"""One figure of a study, on the units it tests, and its form in a study record (no numba: the build reads it)."""
from __future__ import annotations

from dataclasses import dataclass

from ..intervals import Mean, Tally


@dataclass(frozen=True)
class Finding:
    """A category's figure, what it measures, and the units it is noted on."""

    label: str                   # the category for people: "hands of clause en-wiki.s9.p1.a"
    measure: str                 # what the figure counts: "the elder takes three tricks or more"
    units: tuple[str, ...]
    figure: Tally | Mean

    def text(self) -> str:
        """The finding in a sentence's words: label, measure, figure with its interval."""
        return f"{self.label}: {self.measure}, {self.figure.text()}"

    def as_record(self) -> dict:
        """The finding as a study record keeps it."""
        f = self.figure
        counts = {"made": f.made} if isinstance(f, Tally) else {"total": f.total, "squares": f.squares}
        return {"category": f.category, "label": self.label, "measure": self.measure, "units": list(self.units),
                "deals": f.deals, **counts}


def from_record(entry: object) -> Finding:
    """A finding read back from a record; ValueError saying what is wrong with a malformed one."""
    if not (isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("category", "label", "measure"))
            and isinstance(entry.get("units"), list) and all(isinstance(u, str) for u in entry["units"])
            and type(entry.get("deals")) is int and entry["deals"] >= 1):
        raise ValueError("needs category, label and measure (text), deals ≥ 1 and a list of units")
    units = tuple(entry["units"])
    if "made" in entry:
        if not (type(entry["made"]) is int and 0 <= entry["made"] <= entry["deals"]):
            raise ValueError("made must be a whole number from 0 to deals")
        figure: Tally | Mean = Tally(entry["category"], entry["deals"], entry["made"])
    elif type(entry.get("total")) is int and type(entry.get("squares")) is int and entry["squares"] >= 0:
        figure = Mean(entry["category"], entry["deals"], entry["total"], entry["squares"])
    else:
        raise ValueError("needs made (a share) or total and squares (a mean per deal)")
    return Finding(entry["label"], entry["measure"], units, figure)
