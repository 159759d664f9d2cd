"""`ecarte variants [--json] [--topic T] [--witness S]` (CONTRACT.md §3)."""
from __future__ import annotations

import json
import sys

from pipeline.corpus import texts, variant_points
from pipeline.variants import Topic, select

NAME = "variants"
HELP = "every point on which the rulebooks differ: each witness's reading, its units, the scenarios"


def configure(parser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--topic", choices=[topic.value for topic in Topic],
                        help="only the points of one topic")
    parser.add_argument("--witness", metavar="SIGLUM",
                        help="only the points on which this witness's text speaks (its reading "
                        "stated, or lost in a lacuna)")


def run(args) -> int:
    points = select(variant_points(), args.topic, args.witness, texts())
    if args.witness and not points and not args.json:
        sys.stdout.write(f"no point has a reading stated or lost by {args.witness} yet: readings come from its engine "
                         "ruleset (engine/rulesets/) or from the editors' points "
                         "(corpus/editorial/variants.toml)\n")
        return 0
    if args.json:
        json.dump({"points": [point.as_json() for point in points]}, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("".join(point.describe() + "\n\n" for point in points))
    return 0
