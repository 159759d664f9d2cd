"""`ecarte align --evaluate`: the automatic and final alignment scored against the gold, and what
each kind of evidence contributes (F1 with all kinds, without each one, and with it alone)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .. import corpus
from ..align import ALL, Evidence, Review, align, glossary
from ..align.aligner import MeasureCache
from ..align.pivot import pivots_for
from ..errors import InputError
from ..model import Link
from .alignment_scores import Gold, PairScore, Scope, micro, read_gold_links, score, witnesses_of


@dataclass(frozen=True)
class Run:
    """One configuration of the aligner scored against one gold, per other witness and in all."""

    name: str
    pairs: tuple[PairScore, ...]

    @property
    def total(self) -> PairScore:
        return micro(self.pairs)


@dataclass(frozen=True)
class GoldReport:
    """The runs of one gold: automatic with all evidence, each ablation, and the final alignment
    (none where the gold links no rule); then the automatic and final links of the witness's
    headings, where the gold links them."""

    gold: Gold
    runs: tuple[Run, ...]
    review: dict[str, int]          # what the editor's entries did to the automatic links
    headings: tuple[Run, ...] = ()  # HEADINGS and HEADINGS_FINAL, where the gold links headings

    def as_json(self) -> dict:
        rows = {run.name: _run_json(run) for run in self.headings}
        return {"gold": str(self.gold.path), "witness": self.gold.witness,
                "runs": [_run_json(r) for r in self.runs],
                "headings": rows.get(HEADINGS), "headings_final": rows.get(HEADINGS_FINAL),
                "editor": self.review}

    def to_text(self) -> str:
        rows = self.runs + self.headings
        others = [p.other for p in rows[0].pairs]
        head = f"{'run':<26}" + "".join(f"{o:>22}" for o in others + ["all"])
        lines = [f"gold: {self.gold.path} ({self.gold.witness}, {len(self.gold.links)} links)",
                 "P/R/F1 per witness pair", head]
        for run in rows:
            cells = [f"{p.precision:.2f}/{p.recall:.2f}/{p.f1:.3f}" for p in run.pairs + (run.total,)]
            lines.append(f"{run.name:<26}" + "".join(f"{c:>22}" for c in cells))
        lines.append("the editor's entries for these pairs: " +
                     ", ".join(f"{n} {what}" for what, n in self.review.items()))
        return "\n".join(lines) + "\n"


HEADINGS = "headings, automatic"
HEADINGS_FINAL = "headings, final"
"""The rows of the headings' links: the gold speaks for them, but the rows of the runs count the
normative units alone."""


def _run_json(run: Run) -> dict:
    return {"name": run.name, "pairs": [p.as_json() for p in run.pairs], "all": run.total.as_json()}


def configurations() -> list[tuple[str, frozenset[Evidence]]]:
    """All evidence; all but each kind; each kind alone."""
    out = [("automatic (all evidence)", ALL)]
    out += [(f"  without {kind.value}", ALL - {kind}) for kind in Evidence]
    out += [(f"  {kind.value} alone", frozenset({kind})) for kind in Evidence]
    return out


def evaluate(paths: Iterable[Path], ablations: bool = True) -> list[GoldReport]:
    """Score the corpus's alignment against each gold file: its rules, where it links some, and
    its headings, where it links some."""
    reports = []
    terms, cues, final = glossary(), corpus.engine_cues(), corpus.alignment()
    cache, added = MeasureCache(), corpus.added()
    for path in paths:
        gold = read_gold_links(path)
        scope = Scope.of(gold, corpus.units())
        if not (scope.links_rules or scope.links_headings):
            raise InputError(f"the gold links no normative unit with text of its own and no heading "
                             f"of {gold.witness}: nothing to score", path)
        others = witnesses_of(gold)
        mine = corpus.side(gold.witness)

        def links(evidence: frozenset[Evidence]) -> dict[str, tuple[Link, ...]]:
            return {o: align(mine, corpus.side(o), terms, cues, evidence,
                             pivots=pivots_for(gold.witness, o, corpus.side, final.editorial.links, added),
                             cache=cache).links
                    for o in others}
        automatic, runs = links(ALL), []
        if scope.links_rules:
            for name, evidence in (configurations() if ablations else configurations()[:1]):
                found = automatic if evidence == ALL else links(evidence)
                runs.append(Run(name, tuple(score(gold, found[o], scope.rules, o) for o in others)))
            runs.append(Run("final (with the editor's)", tuple(score(gold, final.links, scope.rules, o)
                                                               for o in others)))
        heading_runs = (Run(HEADINGS, tuple(score(gold, automatic[o], scope.headings, o) for o in others)),
                        Run(HEADINGS_FINAL, tuple(score(gold, final.links, scope.headings, o) for o in others))) \
            if scope.links_headings else ()
        pairs = {frozenset((gold.witness, o)) for o in others}
        review = Counter(r.value for (s, t), r in final.review.items()
                         if frozenset((s.split(".")[0], t.split(".")[0])) in pairs)
        reports.append(GoldReport(gold, tuple(runs), {r.value: review[r.value] for r in Review}, heading_runs))
    return reports
