"""What a sitting or a tournament records: each step, and the engine rules whose units decide it."""
from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset


@dataclass(frozen=True)
class Note:
    """One step, and the rules deciding it (several: a pairing follows both §15.5 and §15.6; none:
    the players' own act)."""

    text: str
    rules: tuple[str, ...] = ()

    def explain(self, ruleset: Ruleset, brief: bool = False) -> str:
        """The step read aloud with its citations: each rule's (inheritances named), or briefly the units."""
        if not self.rules:
            return self.text
        if brief:
            return f"{self.text} [{', '.join(dict.fromkeys(c for r in self.rules for c in ruleset.cites(r)))}]"
        return f"{self.text} — " + "; ".join(f"{rule}: {ruleset.describe(rule)}" for rule in self.rules)
