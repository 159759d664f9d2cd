"""A recorded study's figure for the reader, drawn by the same code as `ecarte study --plot`."""
from __future__ import annotations

from engine.studies.plot import draw

from ..tei.analysis import StudyRecord


def study_svg(study: StudyRecord) -> bytes:
    """The study's findings as an SVG figure, titled as the study command titles it."""
    return draw(f"{study.title}: {study.name} ({study.deals} deals, seed {study.seed})", study.findings, ("svg",))["svg"]
