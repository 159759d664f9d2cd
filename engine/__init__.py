"""The Écarté rules engine: the game and nothing else (no XML, OCR or corpus files).

    >>> import random
    >>> from engine import Batches, Deal, State, parse_action, shuffled
    >>> state = State("hu-nc", dealer=1)                 # B deals; A, the elder, speaks first
    >>> state.apply(Deal(1, shuffled(random.Random(7)), cut=16, batches=Batches.THREE_TWO))
    >>> state.phase, [str(a) for a in state.legal_actions()]
    (<Phase.SPEAK: 'speak'>, ['A stand', 'A propose'])
    >>> state.apply(parse_action("A stand"))
    >>> state.phase
    <Phase.PLAY: 'play'>

Modules: `cards` (the pack as ints and bit sets), `actions` (immutable actions), `state` (the
game as a state machine), `rules` and `ruleset` (what the engine implements and what each
witness states, with citations), `events` (the log read aloud), `policies` (how players
choose), `scenario` and `conformance` (the conformance suite), `citations` (the catalogue
for cross-references), `bench` (speed), `terminal` (a game in the terminal).
"""
from .actions import (Accept, Action, AnnounceKing, Arrange, Deal, Discard, Draw, MarkKing, Play,
                      PlayerAction, Propose, Refuse, Stand, parse_action)
from .cards import card_name, cards_of, parse_card, shuffled
from .citations import catalog, rules_by_unit
from .errors import CODES, IllegalAction
from .events import Event, explain
from .observation import Observation
from .options import Options
from .param_values import Batches
from .ruleset import Ruleset, RulesetError, available, load
from .state import Phase, State

__all__ = [
    "Accept", "Action", "AnnounceKing", "Arrange", "Batches", "CODES", "Deal", "Discard", "Draw",
    "Event", "IllegalAction", "MarkKing", "Observation", "Options", "Phase", "Play", "PlayerAction",
    "Propose", "Refuse", "Ruleset", "RulesetError", "Stand", "State", "available", "card_name",
    "cards_of", "catalog", "explain", "load", "parse_action", "parse_card", "rules_by_unit", "shuffled",
]
