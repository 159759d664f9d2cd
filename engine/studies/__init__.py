"""Studies: the rulebooks' advice measured with the solver over random deals (`ecarte study TOPIC`).

Each topic is a module holding a `STUDY` (engine.studies.study.Study); they are imported only
when run, since the solver's kernel is compiled on import.
"""
from __future__ import annotations

from importlib import import_module

from .study import Study

TOPICS = {"jeux-de-regle": "jeux_de_regle", "jeux-de-regle-sampled": "sampled",
          "strategy": "strategy", "exchange": "exchange"}
"""The topics of `ecarte study`, each with its module."""


def study(topic: str) -> Study:
    """The study of a topic (KeyError if there is none)."""
    return import_module(f".{TOPICS[topic]}", __name__).STUDY
