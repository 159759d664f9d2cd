"""`ecarte witness add FILE --siglum S --lang L --title T …`: add a witness by data alone."""
from __future__ import annotations

import argparse
from pathlib import Path

from pipeline.sources import RightsStatus
from pipeline.witness_add import DEFAULT_KIND, Request, add_witness, rights_of

NAME = "witness"
HELP = "manage the corpus's witnesses: `witness add FILE …` adds one from a text file"
ADD_HELP = ("copy FILE into the corpus sources, record it in witnesses.toml, segment it (the "
            "segmenter is detected when not named), rebuild and align it with the other witnesses; "
            "a text that cannot be segmented is refused and nothing is changed")


def configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    add = actions.add_parser("add", help=ADD_HELP, description=ADD_HELP)
    add.add_argument("file", type=Path, metavar="FILE", help="the witness's text (UTF-8, or cp1252), or the TEI of "
                     "`ecarte ocr --tei` (FILE.xml) for a witness read from page images")
    add.add_argument("--siglum", required=True, help="its siglum: lowercase letters and digits "
                     "joined by '-' (en-club), neither in use nor the corpus's id")
    add.add_argument("--lang", required=True, help="its language, ISO 639-1 (en)")
    add.add_argument("--title", required=True, help="its title")
    add.add_argument("--author", help="its author (default: none, for an anonymous "
                     "text: the catalogue and the TEI name no author)")
    add.add_argument("--date", help="its date (default: unknown)")
    add.add_argument("--kind", default=DEFAULT_KIND,
                     help=f"what it is: transcription, web page, translation … (default: {DEFAULT_KIND})")
    add.add_argument("--segmenter", metavar="NAME", help="the registered segmenter to cut it "
                     "(default: detected)")
    add.add_argument("--source-url", metavar="URL", help="where the text was taken from")
    add.add_argument("--rights", choices=[s.value for s in RightsStatus], help="whether the text "
                     "may be used freely: free (public domain or a free licence), restricted "
                     "(copyrighted, no licence), unknown (default: not recorded; the TEI then "
                     "says so)")
    add.add_argument("--rights-statement", metavar="TEXT", help="with --rights: the licence or "
                     "copyright statement as found (\"CC BY-SA 4.0\", \"Public domain\")")
    add.add_argument("--rights-url", metavar="URL", help="with --rights: the licence's address")


def run(args: argparse.Namespace) -> int:
    added = add_witness(Request(path=args.file, siglum=args.siglum, language=args.lang,
                                title=args.title, author=args.author, date=args.date,
                                kind=args.kind, segmenter=args.segmenter, url=args.source_url,
                                rights=rights_of(args.rights, args.rights_statement, args.rights_url)))
    print(added.to_text(), end="")
    return 0
