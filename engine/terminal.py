"""A game against the engine in the terminal: prompts, the engine's reasons, every point explained.

The human is A or B; the engine plays the other side with a policy (by default the jeux de
règle). Each prompt names the legal choices and the advice of the jeux de règle; an empty
answer takes the advice. Every event is printed with the units that justify it.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TextIO

from . import actions as act
from .actions import PLAYERS
from .cards import SUIT_NAMES, card_name, names, parse_card, shuffled
from .errors import IllegalAction
from .events import explain
from .formats.partie import PartieResult
from .options import Options
from .policies import Decision, Policy, RulePolicy
from .state import ANSWER, DEAL, DISCARD, DRAW, OVER, PLAY, SPEAK, State

HELP = """Answers (an empty line takes the advice shown in brackets):
  stand            play without proposing            propose        ask for an exchange
  accept / refuse  answer a proposal (dealer)         discard 7S 8D  put cards away (none: "discard")
  KH or play KH    play a card                        mark           mark the king of trumps
  announce         announce the king aloud (where the ruleset knows it)
  help             this text                          quit           leave the game
Cards: rank K Q J A T 9 8 7 (10 for T is fine), suit S H D C."""

_WORDS = {"stand": "stand", "s": "stand", "propose": "propose", "p": "propose", "accept": "accept",
          "refuse": "refuse", "mark": "mark-king", "mark-king": "mark-king", "announce": "announce-king",
          "announce-king": "announce-king", "discard": "discard", "play": "play"}


class Quit(Exception):
    """The human left the game."""


def ask(prompt: str, input: Iterator[str], output: TextIO, echo: bool = False) -> str:
    """A line from the human, stripped (`echo` repeats it); Quit at the end of the input or on `quit`."""
    output.write(prompt)
    output.flush()
    line = next(input, None)
    if line is None:
        print(file=output, flush=True)
        raise Quit
    line = line.strip()
    if echo:
        print(line, file=output, flush=True)
    if line.lower() in ("quit", "exit", "q"):
        raise Quit
    return line


class Terminal:
    """One game between a human (reading `input`, writing `output`) and an engine policy."""

    def __init__(self, state: State, human: int, policy: Policy, rng: random.Random,
                 input: Iterator[str], output: TextIO, echo: bool = False):
        self.state, self.human, self.policy, self.rng = state, human, policy, rng
        self.engine = 1 - human
        self.input, self.output, self.echo = input, output, echo
        self.logged = 0
        self.offered = -1           # the point of the game where the human was last offered the king
        self.dealers: list[int] = []   # the seat that dealt each deal

    def say(self, text: str = "") -> None:
        print(text, file=self.output, flush=True)

    def ask(self, prompt: str) -> str:
        """A line from the human; Quit at the end of the input or on `quit`."""
        return ask(prompt, self.input, self.output, self.echo)

    def narrate(self) -> None:
        """Print the events logged since the last call, with their citations."""
        state = self.state
        for line in explain(state.log[self.logged:], state.ruleset):
            self.say("  · " + line)
        self.logged = len(state.log)

    def play(self) -> int | None:
        """Play the game to its end; the winner, or None if the human quits."""
        state = self.state
        self.say(f"Écarté by the rules of {state.ruleset.siglum} ({state.ruleset.title}).")
        self.say(f"You are {PLAYERS[self.human]}; the engine is {PLAYERS[self.engine]}. "
                 "Type help for the answers.")
        try:
            while state.phase is not OVER:
                self.step()
        except Quit:
            self.say("You leave the game.")
            return None
        self.narrate()
        winner = "You win" if state.winner == self.human else "The engine wins"
        self.say(f"{winner} the game, {state.score[0]}:{state.score[1]} (A:B)"
                 + (f", counting {state.lot}." if state.options.lot_scoring else "."))
        return state.winner

    def result(self) -> PartieResult:
        """The finished game as a partie of a table (engine/formats): winner, score, lot, dealers."""
        state = self.state
        assert state.winner is not None
        return PartieResult(state.winner, state.score, state.lot, state.dealer, dealers=tuple(self.dealers))

    def step(self) -> None:
        """One action: the draw, a deal, the engine's move, or the human's answer."""
        state = self.state
        if state.phase is DRAW:
            a, b = shuffled(self.rng)[:2]
            state.apply(act.Draw((a, b)))
            self.narrate()
            return
        if state.phase is DEAL:
            self.deal()
            return
        decision = self.policy.decide(state, self.engine)
        if decision is None:
            self.human_turn()
            return
        if state.to_move == self.engine and self.offered != len(state.actions):
            self.offered = len(state.actions)
            human_may = state.legal_actions(self.human)
            if human_may:
                self.offer_king(human_may)
                return
        state.apply(decision.action)
        cards = _cards(decision.action)
        self.say(f"{PLAYERS[self.engine]}: {decision.action.verb}" + (f" {names(cards)}" if cards else "")
                 + (f" — {decision.reason}" if decision.reason and decision.reason != "at random" else ""))
        self.narrate()

    def deal(self) -> None:
        """The dealer shuffles, the elder cuts, the dealer deals in his batches."""
        state = self.state
        self.say()
        self.say(f"Score: A {state.score[0]}, B {state.score[1]}. {PLAYERS[state.dealer]} deals.")
        low = state.ruleset["min_cut"]
        cut = self.rng.randint(low, 32 - low)
        while state.elder == self.human:
            answer = self.ask(f"Cut the pack: how many cards ({low}–{32 - low})? [{cut}] ")
            if not answer or (answer.isdigit() and low <= int(answer) <= 32 - low):
                cut = int(answer or cut)
                break
            self.say(f"A cut lifts {low} to {32 - low} cards ({state.ruleset.describe('deal.shuffle-cut')}).")
        batches = state.batches[state.dealer] or state.ruleset["deal_batches"][0]
        choices = state.ruleset["deal_batches"]
        while state.dealer == self.human and state.batches[state.dealer] is None and len(choices) > 1:
            answer = self.ask(f"Deal in batches {' or '.join(choices)} (kept for the game)? [{batches}] ")
            picked = next((b for b in choices if b.value == answer), None) if answer else batches
            if picked is not None:
                batches = picked
                break
            self.say(f"The batches are {' or '.join(choices)} ({state.ruleset.describe('deal.batches')}).")
        dealer = state.dealer
        try:
            state.apply(act.Deal(dealer, shuffled(self.rng), cut, batches))
        except IllegalAction as refusal:
            self.say(f"Not allowed: {refusal}")
            return
        self.dealers.append(dealer)
        self.narrate()

    def offer_king(self, legal: list[act.PlayerAction]) -> None:
        """Let the human mark or announce the king out of turn before the engine acts."""
        verbs = sorted({a.verb for a in legal})
        answer = self.ask(f"You may {' or '.join(verbs)} now (empty: go on): ")
        if answer:
            self.answer(answer)

    def human_turn(self) -> None:
        """Show the table, ask, and apply the human's answer."""
        state = self.state
        self.show()
        advice = RulePolicy().decide(state, self.human)
        hint = f" [{_describe(advice)}]" if advice else ""
        answer = self.ask(f"{self.question()}{hint} > ")
        if answer.lower() in ("help", "h", "?"):
            self.say(HELP)
            return
        if not answer and advice:
            state.apply(advice.action)
            self.narrate()
            return
        self.answer(answer)

    def answer(self, text: str) -> None:
        """Apply the human's answer, or say why it is refused."""
        try:
            action = self.parse(text)
            self.state.apply(action)
        except ValueError as error:
            self.say(f"Not understood: {error}. Type help for the answers.")
            return
        except IllegalAction as refusal:
            self.say(f"Not allowed: {refusal.message} — {refusal.code}"
                     + (f" ({', '.join(refusal.cites)})" if refusal.cites else ""))
            return
        self.narrate()

    def parse(self, text: str) -> act.PlayerAction:
        """The human's action from an answer such as `stand`, `KH`, `play KH`, `discard 7S 8S`."""
        words = text.split()
        verb = _WORDS.get(words[0].lower()) if words else None
        if verb is None:
            if len(words) == 1:
                return act.Play(self.human, parse_card(words[0]))
            raise ValueError(f"{text!r}")
        return act.parse_action(" ".join([PLAYERS[self.human], verb, *words[1:]]))

    def show(self) -> None:
        """The human's view of the table."""
        state, me = self.state, self.human
        trump = SUIT_NAMES[state.trump]
        self.say(f"Trumps: {trump} (turn-up {card_name(state.turnup)}); talon {state.talon_left}; "
                 f"tricks you {state.tricks[me]}, engine {state.tricks[self.engine]}; "
                 f"score A {state.score[0]}, B {state.score[1]}.")
        if state.led >= 0:
            self.say(f"{PLAYERS[self.engine]} has led {card_name(state.led)}.")
        self.say(f"Your hand: {names(state.hand(me))}")

    def question(self) -> str:
        """What the human is asked now."""
        phase = self.state.phase
        if phase is SPEAK:
            return "You are the elder: stand (play) or propose (an exchange)?"
        if phase is ANSWER:
            return "The elder proposes: accept or refuse?"
        if phase is DISCARD:
            low, high = self.state.discard_limits()
            return f"Discard {low} to {high} cards (e.g. discard 7S 8S)"
        if phase is PLAY:
            plays = [a for a in self.state.legal_actions(self.human) if isinstance(a, act.Play)]
            extra = [a.verb for a in self.state.legal_actions(self.human) if not isinstance(a, act.Play)]
            return (f"Play a card ({names(a.card for a in plays)})"
                    + (f" or {' / '.join(extra)}" if extra else ""))
        return "?"


def _cards(action: act.PlayerAction) -> tuple[int, ...]:
    if isinstance(action, act.Play):
        return (action.card,)
    return action.cards if isinstance(action, act.Discard) else ()


def _describe(decision: Decision) -> str:
    action = decision.action
    cards = _cards(action)
    return f"{action.verb}{' ' + names(cards) if cards else ''}: {decision.reason}"


def play(ruleset: str, *, human: int = 0, seed: int | None = None, options: Options = Options(),
         input: Iterator[str], output: TextIO, policy: Policy | None = None, echo: bool = False) -> int | None:
    """Play one game in the terminal; the winner (0 or 1), or None if the human quits.

    `echo` repeats each answer read, for input piped from a file.
    """
    rng = random.Random(seed)
    state = State(ruleset, options=options)
    return Terminal(state, human, policy or RulePolicy(), rng, input, output, echo).play()
