"""Variant points: every regulation on which the rulebooks differ, with each witness's reading.

Points come from two places. The rulesets (engine/rulesets/*.toml): every parameter whose value
differs between two rulesets is a point named after it, each ruleset's provision a reading
(`stage`). The editors (corpus/editorial/variants.toml): regulations no parameter models, or
that the editors read apart (`editorial`). The stage joins them, checks the alignment's
variant links against them and adds the scenarios showing each point; it takes plain data and
reads no file. The build runs it after the link stage (`pipeline.build`).
"""
from __future__ import annotations

from ..paths import EDITORIAL
from .editorial import read_points
from .model import ScenarioRef, Status, Topic, VariantPoint, Where, WitnessReading, render
from .stage import PARAM_TOPICS, parameter_points, points_by_unit, select, variant_points

__all__ = ["PARAM_TOPICS", "ScenarioRef", "Status", "Topic", "VARIANTS", "VariantPoint", "Where",
           "WitnessReading", "parameter_points", "points_by_unit", "read_points",
           "render", "select", "variant_points"]

VARIANTS = EDITORIAL / "variants.toml"
