"""Hungarian running text made up for training: words drawn from frequency lists, not from any rulebook.

The words come from wordfreq's Hungarian list (weighted by frequency), the inflected forms of
spaCy's Hungarian lemma table (uniformly, for rarer letters and endings) and a small vocabulary
of the game and of c.1900 spelling. Sentences are random sequences of such words with commas,
«quotes» and rule numbers: nonsense, but with the letters, endings and punctuation of the print.
Half of the pages are in the orthography before 1903 (cz for c, lyly for doubled ly).
"""
from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import hunspell
import wordfreq

from ...lexicon.lexicon import HUNSPELL

HUNGARIAN_WORD = re.compile(r"[a-zA-ZáéíóöőúüűÁÉÍÓÖŐÚÜŰ]+(-[a-zA-ZáéíóöőúüűÁÉÍÓÖŐÚÜŰ]+)?")
COMMON_WORDS = 25_000

GAME_WORDS = (
    "atout", "atout-t", "atout-feldobás", "talon", "talonból", "écarté", "écarté-t", "écarté-szabályai",
    "proponál", "proponálni", "proponálás", "propositióját", "chouette", "chouette-t", "chouetteur",
    "chouetteurnek", "vole", "vole-t", "coup", "coup-t", "d'autorité", "piquet-kártyákkal", "partie",
    "jetonokban", "király", "királyt", "dáma", "bubi", "ász", "tízes", "hetes", "adu", "osztó",
    "osztónak", "ellenfél", "ellenfelének", "ütés", "ütést", "ütésben", "pont", "pontot", "pontra",
    "játszma", "játszmát", "tét", "tétek", "osztás", "kártya", "kártyát", "lap", "lapot", "lapok",
    "színre", "színű", "aduval", "felüthet", "bemondja", "bemondás", "dobni", "kiosztásnál",
)
PERIOD_WORDS = (
    "a ki", "a mely", "a mennyiben", "a felett", "ép oly", "ép úgy", "daczára", "kilencz", "nyolcz",
    "czéljából", "melylyel", "a melylyel", "illetőleg", "tekintetik", "eszközli", "köteles", "netaláni",
    "mindazonáltal", "következőleg", "ennélfogva", "tartozik", "tartandó", "fizetendő", "jogosítva",
)


@dataclass(frozen=True)
class Vocabulary:
    """Word lists to draw from: frequent words with weights, inflected forms, fixed lists."""

    common: tuple[str, ...]
    weights: tuple[float, ...]
    inflected: tuple[str, ...]


def _lemma_table_forms() -> list[str]:
    data = resources.files("spacy_lookups_data") / "data" / "hu_lemma_lookup.json.gz"
    with gzip.open(data.open("rb"), "rt", encoding="utf-8") as file:
        return sorted(form for form in json.load(file) if HUNGARIAN_WORD.fullmatch(form))


def _hungarian(words: list[str]) -> list[str]:
    """Hungarian words only, names capitalized as printed.

    wordfreq's Hungarian list holds English words from the web ("the", "disney") and names in
    lower case ("istván"): a word more frequent in English than in Hungarian is left out, and a
    word hunspell knows only capitalized is written so. Hungarian words hunspell does not know stay.
    """
    speller = hunspell.HunSpell(str(HUNSPELL / "hu_HU.dic"), str(HUNSPELL / "hu_HU.aff"))
    kept = []
    for word in words:
        if wordfreq.zipf_frequency(word, "en") > wordfreq.zipf_frequency(word, "hu"):
            continue
        named = not speller.spell(word) and speller.spell(word.capitalize())
        kept.append(word.capitalize() if named else word)
    return kept


@cache
def vocabulary() -> Vocabulary:
    """The Hungarian word lists (loaded once)."""
    common = _hungarian([w for w in wordfreq.top_n_list("hu", COMMON_WORDS) if HUNGARIAN_WORD.fullmatch(w)])
    weights = [wordfreq.word_frequency(w.lower(), "hu") for w in common]
    return Vocabulary(tuple(common), tuple(weights), tuple(_lemma_table_forms()))


def historical(word: str) -> str:
    """The word in the spelling before 1903: cz for c (not in cs), lyly for a doubled ly."""
    word = re.sub(r"c(?![sz])", "cz", word)
    word = re.sub(r"C(?![sSzZ])", "Cz", word)
    return word.replace("lly", "lyly")


class TextSource:
    """Made-up paragraphs of Hungarian from a seeded random generator."""

    def __init__(self, rng: random.Random, period_spelling: bool):
        self.rng = rng
        self.period_spelling = period_spelling
        self.vocabulary = vocabulary()
        self.rule = rng.randint(1, 60)

    def word(self) -> str:
        """One word: mostly a frequent one, sometimes an inflected form or a word of the game."""
        rng, vocab = self.rng, self.vocabulary
        draw = rng.random()
        if draw < 0.05:
            return rng.choice(GAME_WORDS)         # French words keep their c
        if draw < 0.08:
            return rng.choice(PERIOD_WORDS)
        if draw < 0.1:
            return str(rng.choice([rng.randint(2, 12), rng.randint(13, 200)])) + rng.choice(["", ".", "-ik"])
        if draw < 0.66:
            word = rng.choices(vocab.common, vocab.weights)[0]
        else:
            word = rng.choice(vocab.inflected)
        return historical(word) if self.period_spelling else word

    def sentence(self) -> str:
        """A sentence: capitalized, commas here and there, a «quoted» word now and then."""
        rng = self.rng
        words = [self.word() for _ in range(rng.randint(4, 18))]
        for i in range(len(words) - 1):
            if rng.random() < 0.09:
                words[i] += rng.choice([",", ",", ",", ";", ":"])
        if rng.random() < 0.15:
            i = rng.randrange(len(words))
            words[i] = f"«{words[i].rstrip(',;:')}»"
        words[0] = words[0][:1].upper() + words[0][1:]
        return " ".join(words).rstrip(",;:") + rng.choice([".", ".", ".", ".", ".", "!", "?"])

    def paragraph(self) -> list[str]:
        """The words of a paragraph, a rule number in front of most."""
        words = " ".join(self.sentence() for _ in range(self.rng.randint(1, 5))).split()
        if self.rng.random() < 0.75:
            self.rule += 1
            words.insert(0, f"{self.rule}.")
        return words

    def heading(self) -> str:
        """A short centred heading such as those between groups of rules."""
        word = self.rng.choice(self.vocabulary.inflected)
        return word[:1].upper() + word[1:] + "."
