"""Repair with the channels learned from the generated training pairs, on the raw OCR witness."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.workbench.evaluate import score
from pipeline.repair import decisions, repair_text, repairer
from pipeline.repair.training import TRAINING, conditions

SOURCES = Path(__file__).resolve().parents[2] / "corpus" / "sources"



def test_the_training_pairs_are_committed():
    assert conditions(), f"no training pairs in {TRAINING}: run ecarte synth and commit them"


@pytest.mark.parametrize("noisy, clean", [
    ("2. A jitékhoz két jiték kdrtya", "2. A játékhoz két játék kártya"),
    ("A tétek Osszegezése utdn «le coup", "A tétek összegezése után «le coup"),   # eng's O for ö, in a sentence
    ("a kirdlyt, ha a kdrtydk kozt van", "a királyt, ha a kártyák közt van"),
])
def test_eng_garbled_rulebook_lines_are_repaired(noisy, clean):
    assert repair_text(noisy) == clean


def _body(text: str) -> str:
    text = re.sub(r"<\|[^|]*\|>", "", text)
    return " ".join(text[re.search(r"^[1I]\. Az ecart", text, re.M).start():].split())


def test_raw_witness_keeps_its_lines_and_comes_much_closer_to_the_cleaner_one():
    raw = (SOURCES / "hu-nc-ocr1.txt").read_text(encoding="utf-8")
    repaired = repair_text(raw)
    assert repaired.count("\n") == raw.count("\n")
    symbols = set().union(*(channel.symbols() for channel in repairer().channels.values()))   # ¢ for é …
    word = rf"[\w{re.escape(''.join(sorted(symbols)))} ]"       # words change, and the spaces between them
    lines = raw.split("\n")                                      # ... and the marks the punctuation stage rewrote
    for d in sorted((d for d in decisions(raw) if d.reason.startswith("mark:")), key=lambda d: (d.line, -d.start)):
        lines[d.line] = lines[d.line][:d.start] + d.correction + lines[d.line][d.end:]
    assert re.sub(word, "", repaired) == re.sub(word, "", "\n".join(lines))
    reference = _body((SOURCES / "hu-nc-ocr2.txt").read_text(encoding="utf-8"))   # not a gold transcript
    assert score(reference, _body(repaired)).cer < 0.5 * score(reference, _body(raw)).cer


@pytest.mark.parametrize("noisy, clean", [
    ("a talonbol vett lap", "a talonból vett lap"),              # a stem only hunspell knows
    ("ezt Kovetheztetesre vezeti", "ezt Következtetésre vezeti"),   # too garbled for the search: known forms near it
])
def test_heavily_garbled_words_are_found_among_known_forms(noisy, clean):
    assert repair_text(noisy) == clean


def test_a_spelling_the_engine_cannot_tell_is_no_evidence_for_itself():
    assert repair_text("ugy mint ugy és ugy") == "úgy mint úgy és úgy"
