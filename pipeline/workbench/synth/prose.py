"""Real Hungarian prose to train and measure repair on: the paragraphs of LibreOffice's Hungarian help.

Debian's `libreoffice-help-hu` (MPL-2.0, so text taken from it may be shipped under the same
licence) is extracted once from its .deb into corpus/training/prose/ (`ecarte synth
--extract-prose DEB`): the Hungarian paragraphs of each help page, in order, with the page's title.
Each page (document) belongs to the training or the held-out split by a hash of its name, so the
two never share a document.
"""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tempfile
import unicodedata
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

import hunspell
import lxml.html

from ...errors import InputError
from ...files import write_atomic
from ...lexicon.lexicon import HUNSPELL
from ...paths import TRAINING

PROSE = TRAINING / "prose" / "hu-libreoffice-help.jsonl"
HELP_DIR = "usr/share/libreoffice/help/hu"
HELDOUT_BUCKETS = 8
"""One document in this many (by the hash of its name) is held out."""
MIN_WORDS = 5
MIN_KNOWN = 0.95
"""A paragraph is kept when hunspell's hu_HU knows this share of its words (the help leaves some
paragraphs in English)."""
CODE = re.compile(r"[=<>{}\[\]_\\|#$%&*@^~/]")
"""Formulas, paths and program code: not prose."""
WORD = re.compile(r"[^\W\d_]+")


class Split(str, Enum):
    """Which use a document is for."""

    TRAIN = "train"
    HELDOUT = "heldout"


@dataclass(frozen=True)
class Document:
    """One help page: its file name in the package, its title, its Hungarian paragraphs in order."""

    name: str
    title: str
    paragraphs: tuple[str, ...]

    @property
    def split(self) -> Split:
        """The split the document belongs to, fixed by its name."""
        bucket = int(hashlib.sha256(self.name.encode()).hexdigest(), 16) % HELDOUT_BUCKETS
        return Split.HELDOUT if bucket == 0 else Split.TRAIN


def _plain(element) -> str:
    return unicodedata.normalize("NFC", " ".join(element.text_content().split()))


def _keep_default_cases(area) -> None:
    """Drop the system-specific alternatives of a switch (macOS's menu names), keeping the default one
    (the help shows one of them, by the reader's system)."""
    for switch in area.xpath(".//*[@class='switch' or @class='switchinline']"):
        cases = list(switch)
        if any(c.get("id", "").startswith("default") for c in cases):
            for case in cases:
                if not case.get("id", "").startswith("default"):
                    case.drop_tree()


def _is_prose(text: str, speller: hunspell.HunSpell) -> bool:
    words = WORD.findall(text)
    return (len(text.split()) >= MIN_WORDS and text[-1] in ".!?" and not CODE.search(text)
            and sum(map(speller.spell, words)) >= MIN_KNOWN * len(words))


def extract(help_dir: Path) -> list[Document]:
    """The help pages under `help_dir` with their Hungarian prose paragraphs; a paragraph printed on
    several pages is kept on the first only (by file name)."""
    speller = hunspell.HunSpell(str(HUNSPELL / "hu_HU.dic"), str(HUNSPELL / "hu_HU.aff"))
    seen: set[str] = set()
    documents = []
    parser = lxml.html.HTMLParser(encoding="utf-8")
    for path in sorted(help_dir.rglob("*.html")):
        area = lxml.html.fromstring(path.read_bytes(), parser=parser).find(".//div[@id='DisplayArea']")
        if area is None:
            continue
        _keep_default_cases(area)
        title = next((_plain(h) for h in area.iter("h1")), "")
        paragraphs = []
        for element in area.iter("p"):
            text = _plain(element)
            if text not in seen and _is_prose(text, speller):
                seen.add(text)
                paragraphs.append(text)
        if paragraphs:
            documents.append(Document(path.relative_to(help_dir).as_posix(), title, tuple(paragraphs)))
    return documents


def extract_deb(deb: Path, out: Path = PROSE) -> dict:
    """Extract the prose of a `libreoffice-help-hu` .deb into `out` (JSON lines, one document a line,
    after a first line saying where it comes from); that first line's record is returned."""
    try:
        fields = subprocess.run(["dpkg-deb", "--field", str(deb), "Package", "Version"], check=True,
                                capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        said = (getattr(error, "stderr", "") or str(error)).strip().splitlines()
        raise InputError(f"not a Debian package dpkg-deb can read ({said[0] if said else 'no reason given'})",
                         deb) from None
    package = dict(line.split(": ", 1) for line in fields.splitlines())
    if package.get("Package") != "libreoffice-help-hu":
        raise InputError("expected Debian's libreoffice-help-hu package", deb)
    with tempfile.TemporaryDirectory() as unpacked:
        subprocess.run(["dpkg-deb", "-x", str(deb), unpacked], check=True)
        documents = extract(Path(unpacked) / HELP_DIR)
    source = {"package": package["Package"], "version": package["Version"],
              "sha256": hashlib.sha256(deb.read_bytes()).hexdigest(), "licence": "MPL-2.0",
              "documents": len(documents), "paragraphs": sum(len(d.paragraphs) for d in documents),
              "words": sum(len(p.split()) for d in documents for p in d.paragraphs)}
    lines = [json.dumps({"source": source}, ensure_ascii=False)]
    lines += [json.dumps({"document": d.name, "title": d.title, "paragraphs": list(d.paragraphs)},
                         ensure_ascii=False) for d in documents]
    write_atomic(out, "\n".join(lines) + "\n")
    return source


def read_prose(path: Path = PROSE) -> tuple[dict, list[Document]]:
    """Where the prose comes from, and its documents, from a file written by `extract_deb`."""
    try:
        rows = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise InputError("no prose: run `ecarte synth --extract-prose DEB` (pipeline/workbench/synth/README.md)",
                         path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read prose: {getattr(error, 'strerror', None) or error}", path) from None
    if not rows:
        raise InputError("empty prose file", path)
    documents = []
    for number, row in enumerate(rows, 1):
        try:
            data = json.loads(row)
            if number == 1:
                source = dict(data["source"])
            else:
                documents.append(Document(str(data["document"]), str(data["title"]),
                                          tuple(str(p) for p in data["paragraphs"])))
        except (KeyError, TypeError, ValueError) as error:
            raise InputError(f"malformed prose line ({error}); expected JSON: source first, then document, "
                             "title, paragraphs", path, number) from None
    return source, documents


@cache
def documents(split: Split, path: Path = PROSE) -> tuple[Document, ...]:
    """The documents of one split, in file order."""
    return tuple(d for d in read_prose(path)[1] if d.split == split)
