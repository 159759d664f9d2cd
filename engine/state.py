"""A game of écarté as a state machine: the draw, then deal after deal until a player reaches five.

Phases, in order: `draw` (who deals first) → `deal` (the next deal is to be dealt) → `speak`
(the elder stands or proposes) ⇄ `answer` (the dealer accepts or refuses) → `discard` (elder,
then dealer) → … → `play` (five tricks) → scored, back to `deal` — or `over` as soon as a player
reaches the target, even in mid-deal. `apply(action)` either performs a legal action and logs
its events, or raises `IllegalAction` with the contract's code and leaves the state unchanged.

Hands are bit sets: both hands live in one int, player p's cards at bits 32p…32p+31, so the
duties of play, the trick's winner and the king's holder are a few bit operations, and the
legal plays are read from tables indexed by a suit's byte of a hand.
"""
from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from . import actions as act
from . import faults as _faults
from . import faulty_actions as _faulty
from . import judging as _judging
from . import table as _table
from .actions import PLAYERS, Action, PlayerAction
from .cards import BIT, FULL, HIGHER, SUIT_MASK, SUIT_NAMES, card_name, cards_of, is_pack, king_of, mask_of, names
from .errors import Code, IllegalAction
from .duty import BEATS, lawful
from .events import Event, EventKind
from .game_config import game_config
from .observation import Observation
from .options import Options
from .param_values import Batches
from .play_tables import FOLLOW, KING_BOTH, KING_MARK, PLAY_TABLES
from .ruleset import Ruleset, load
from .phase import ANSWER, DEAL, DISCARD, DRAW, IN_DEAL, OVER, PLAY, REMEDY, SPEAK, TURNUP, Phase


class State:
    """One game between A (0) and B (1) under one ruleset; mutable, with `undo` and `copy`."""

    __slots__ = ("ruleset", "options", "_c", "phase", "dealer", "score", "deal_number", "batches",
                 "winner", "lot", "hands", "played", "turnup", "trump", "talon", "talon_pos",
                 "discards", "proposals", "stood_first", "refused_first", "turn", "led",
                 "cards_played", "tricks", "deal_points", "kings_marked", "kings_announced",
                 "king_live", "table", "log", "_history", "_checkpoints", "_legal")

    def __init__(self, ruleset: Ruleset | str, *, dealer: int | None = None,
                 score: tuple[int, int] = (0, 0), options: Options = Options()):
        self.ruleset = load(ruleset) if isinstance(ruleset, str) else ruleset
        self.options = options
        self._c = game_config(self.ruleset, options)
        self.phase = DRAW if dealer is None else DEAL
        self.dealer = 0 if dealer is None else dealer
        self.score = (score[0], score[1])
        self.deal_number = 0
        self.batches: tuple[Batches | None, Batches | None] = (None, None)   # each dealer's first batches
        self.table: _table.TableDeal | None = None
        self.winner: int | None = None
        self.lot: int | None = None
        self.log: list[Event] = []
        self._history: list[Action] = []
        self._checkpoints: list[tuple[int, tuple, int]] = []
        self._legal: tuple[PlayerAction, ...] | None = None   # legal_actions() until the next action
        self._clear_deal()
        self._checkpoint()

    def _clear_deal(self) -> None:
        """The fields of one deal, empty (`_EMPTY_DEAL`): both hands in `hands` (A at bits 0–31,
        B at bits 32–63), the cards each has played in `played` (packed the same way), the talon's
        next card `talon[talon_pos]`, whether the elder stood at once (d'autorité) and the dealer
        refused the first proposal, the card led (-1 if none), the kings marked and announced (bit p:
        player p), and whether someone may still mark the king in the play (`king_live`)."""
        (self.hands, self.played, self.turnup, self.trump, self.talon, self.talon_pos, self.discards,
         self.proposals, self.stood_first, self.refused_first, self.turn, self.led, self.cards_played,
         self.tricks, self.deal_points, self.kings_marked, self.kings_announced,
         self.king_live) = _EMPTY_DEAL

    # ---- reading the state -------------------------------------------------------------

    @property
    def elder(self) -> int:
        """The non-dealer, who speaks and leads first."""
        return 1 - self.dealer

    @property
    def to_move(self) -> int | None:
        """The player whose turn it is (the dealer when a deal is due), None in the draw or at the end."""
        if self.phase in IN_DEAL or self.phase is REMEDY or self.phase is TURNUP:
            return self.turn
        return self.dealer if self.phase is DEAL else None

    @property
    def talon_left(self) -> int:
        """How many cards the talon still holds."""
        return len(self.talon) - self.talon_pos

    def hand(self, player: int) -> tuple[int, ...]:
        """A player's cards, in pack order."""
        return cards_of(self.hands >> (player << 5) & FULL)

    def hand_mask(self, player: int) -> int:
        """A player's cards as a bit set."""
        return self.hands >> (player << 5) & FULL

    def observation(self, player: int) -> Observation:
        """What `player` sees of the game."""
        return Observation(player, self.phase, self.to_move, self.dealer, self.deal_number,
                           self.hand(player), self.turnup if self.turnup >= 0 else None,
                           self.talon_left, self.led if self.led >= 0 else None, self.tricks,
                           self.score, self.deal_points, self.discards[player],
                           (bool(self.kings_marked & 1), bool(self.kings_marked & 2)),
                           _table.open_cards(self, player))

    def legal_actions(self, player: int | None = None) -> tuple[PlayerAction, ...]:
        """The players' legal actions now (one player's if given); empty when cards are to be dealt.

        Both players' actions are listed: the king of trumps is marked inside a window, not in turn.
        The answer is a tuple of shared immutable actions (the plays come from prebuilt tables);
        both players' list is kept until the next action, for `apply_index`.
        """
        if player is None:
            found = self._legal
            if found is not None:
                return found
        if self.phase is PLAY:
            p = self.turn
            if player is None or player == p:
                hand = self.hands >> (p << 5)       # the player's cards in bits 0–31 (A's: then B's)
                led = self.led
                found = None
                if led >= 0:
                    # follow (and overtake if possible), else trump: the legal cards lie in one suit
                    found = FOLLOW[p][led][hand >> (led & 24) & 255]
                    if found is None:
                        trump = self.trump
                        found = PLAY_TABLES[p][trump][hand >> (trump << 3) & 255] or None
                if found is None:
                    s, h, d, c = PLAY_TABLES[p]
                    found = s[hand & 255] + h[hand >> 8 & 255] + d[hand >> 16 & 255] + c[hand >> 24 & 255]
            else:
                found = ()
            if self.king_live and self.cards_played <= 2:
                found += self._play_king_actions(player)
        else:
            found = self._exchange_actions(player)
        if player is None:
            self._legal = found
        return found

    def _exchange_actions(self, player: int | None) -> tuple[PlayerAction, ...]:
        """The legal actions outside the play."""
        phase = self.phase
        if phase is SPEAK:
            found = (act.STAND[self.turn], act.PROPOSE[self.turn])
        elif phase is ANSWER:
            found = (act.ACCEPT[self.turn], act.REFUSE[self.turn])
        elif phase is DISCARD:
            found = self._discard_actions()
        elif phase is REMEDY:
            found = _table.choices(self)
        elif phase is TURNUP:
            found = (act.TurnUp(self.dealer),)
        else:
            return ()
        if self.table is not None and self.table.turnup_king_due and phase is SPEAK and player in (None, self.dealer):
            found += (act.MARK_KING[self.dealer],)   # a turned-up king, marked before the dealer looks
        if player is not None and player != self.turn:
            found = ()
        if self._c.king_at_once and self._c.target - 1 in self.score:
            found += self._king_actions(player)
        return found

    def discard_limits(self) -> tuple[int, int]:
        """How few and how many cards the player to discard may put away now."""
        p = self.turn
        c = self._c
        low, high = c.dealer_discards if p == self.dealer else c.elder_discards
        high = min(high, (self.hands >> (p << 5) & FULL).bit_count())
        if p == self.dealer and c.dealer_refused_beyond_talon:
            high = min(high, self.talon_left)
        return low, high

    def _discard_actions(self) -> tuple[act.Discard, ...]:
        """Every legal discard of the player to discard, its cards in pack order."""
        low, high = self.discard_limits()
        hand = self.hand(self.turn)
        return tuple(act.Discard(self.turn, cards) for k in range(low, high + 1)
                     for cards in combinations(hand, k))

    def _king_actions(self, player: int | None) -> tuple[PlayerAction, ...]:
        """Markings and announcements of the king of trumps open now."""
        holder = self._king_holder()
        if holder < 0 or player not in (None, holder):
            return ()
        found: tuple[PlayerAction, ...] = ()
        if self._king_refusal(holder, announce=False) is None:
            found += (act.MARK_KING[holder],)
        if self._c.announcement and self._king_refusal(holder, announce=True) is None:
            found += (act.ANNOUNCE_KING[holder],)
        return found

    def _play_king_actions(self, player: int | None) -> tuple[PlayerAction, ...]:
        """`_king_actions` in the play while the king is live: `_king_refusal`'s checks, read directly.

        In the play the holder is fixed (hands only lose cards to `played`) and the checks left
        are the window (`_king_window_open`, as for refusals) and whether he has marked or
        announced already.
        """
        holder = 0 if (self.hands | self.played) >> (self.trump << 3) & 1 else 1
        if player is not None and player != holder or self.kings_marked >> holder & 1:
            return ()
        if self.table is not None and _table.king_refusal(self, holder):
            return ()
        if not self._king_window_open(holder, False):
            return ()
        if (self._c.announcement and not self.kings_announced >> holder & 1
                and self._king_window_open(holder, True)):
            return KING_BOTH[holder]
        return KING_MARK[holder]

    # ---- acting, undoing, copying ------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Perform a legal action and log its events; IllegalAction (state unchanged) otherwise."""
        self._legal = None
        if self._c.table:
            self._apply_at_table(action)
            return
        if action.__class__ is _Play and self.phase is PLAY:
            # the commonest action, checked here at once: a legal card in turn is performed,
            # anything else goes to `_play`, which checks in the contract's order and refuses
            p = action.player
            card = action.card
            if p == self.turn and 0 <= card < 32:
                hand = self.hands >> (p << 5) & FULL
                led = self.led
                if (hand if led < 0 else lawful(hand, led, self.trump)) >> card & 1:
                    self._perform_play(action, p, card)
                    return
        _HANDLERS[action.__class__](self, action)

    def _apply_at_table(self, action: Action) -> None:
        """`apply` in table mode: a fault or a remedy may touch many fields before a later check
        refuses, so the state is put back whole on any refusal (the contract's "state unchanged")."""
        before = (_values(self), len(self._history), len(self.log), len(self._checkpoints))
        try:
            handler = _HANDLERS[action.__class__]
            if self.phase is REMEDY and handler is not _judging.choose:
                if _judging.during_remedy(self, action):  # the chooser acting on keeps the game as it is
                    return
            handler(self, action)
            if self.table is not None and action.__class__ in _LOOKING:
                _table.looks(self, action.player)
        except IllegalAction:
            values, history, log, checkpoints = before
            _restore(self, values)
            del self._history[history:], self.log[log:], self._checkpoints[checkpoints:]
            raise

    def apply_index(self, index: int) -> None:
        """Apply `legal_actions()[index]` (IndexError outside it).

        The action is one the engine has just listed as legal, so it is performed without being
        checked again: the fast way for policies, searches and the benchmark to play.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        action = legal[index]
        self._legal = None
        if self._c.table:                            # table mode keeps its own books on every action
            self._apply_at_table(action)
        elif action.__class__ is _Play:
            self._perform_play(action, action.player, action.card)
        else:
            _HANDLERS[action.__class__](self, action)

    def undo(self) -> Action:
        """Take back the last action applied; returns it. IndexError if there is none.

        The state is restored from the checkpoint taken when the current deal was dealt and the
        deal's later actions are applied again: applying stays cheap, undoing costs one deal.
        """
        history = self._history
        action = history[-1]
        index, snapshot, log_length = self._checkpoints.pop()
        replay = history[index:-1]
        _restore(self, snapshot)
        self._legal = None
        del history[index:], self.log[log_length:]
        for earlier in replay:
            self.apply(earlier)
        return action

    @property
    def actions(self) -> list[Action]:
        """The actions applied so far, in order."""
        return list(self._history)

    def copy(self) -> State:
        """An independent copy of this state (its log and history copied too)."""
        other = State.__new__(State)
        _restore(other, _values(self))
        other.log, other._history = list(self.log), list(self._history)
        other._legal = self._legal
        other._checkpoints = list(self._checkpoints)
        return other

    def fingerprint(self) -> tuple:
        """A value equal for equal states (log and history by their length): did a refusal change nothing?"""
        return tuple(zip(_FIELDS, _values(self))) + (len(self.log), len(self._history))

    def _checkpoint(self) -> None:
        """Remember the state before a draw or a deal, for undo."""
        self._checkpoints.append((len(self._history), _values(self), len(self.log)))

    def _values_now(self) -> tuple:
        """The fields a checkpoint holds, now (table mode keeps one to take a fault back)."""
        return _values(self)

    def _restore_values(self, values: tuple) -> None:
        """Set the fields from `_values_now()` (table mode: a fault taken back, a deal made void)."""
        _restore(self, values)

    def _event(self, kind: EventKind, player: int | None, rule: str | None, detail: tuple = (),
               points: int = 0) -> None:
        self.log.append(_new_event(Event, (self.deal_number, kind, player, points, rule,
                                           self._c.cites[rule] if rule else (), detail, self.score)))

    def _refuse(self, code: str, message: str, rule: str | None = None) -> IllegalAction:
        return IllegalAction(code, message, rule, self._c.cites[rule] if rule else ())

    def _check_turn(self, phase: Phase, player: int, verb: str, rule: str | None = None) -> None:
        """The checks every player's action starts with: game over, then phase, then turn."""
        if self.phase is OVER:
            raise self._refuse(Code.GAME_OVER, "the game has ended", "game.target")
        if self.phase is not phase:
            raise self._refuse(Code.WRONG_PHASE, f"no {verb} in phase {self.phase.value}")
        if player != self.turn:
            raise self._refuse(Code.WRONG_TURN, f"{PLAYERS[self.turn]} is to {phase.value},"
                               f" not {PLAYERS[player]}", rule)

    # ---- the draw and the deal ---------------------------------------------------------

    def _draw(self, action: act.Draw) -> None:
        if self.phase is not DRAW:
            raise self._refuse(Code.WRONG_PHASE, f"no draw in phase {self.phase.value}")
        a, b = action.cards
        drawn = (a, b, *action.extra[0], *action.extra[1])
        if len(set(drawn)) != len(drawn) or not all(0 <= c < 32 for c in drawn):
            raise self._refuse(Code.BAD_DEAL, "the draw takes different cards of the pack", "draw.first-dealer")
        self._checkpoint()                           # before any event: undo takes them all back
        self._history.append(action)
        if action.extra != ((), ()):
            a, b = _faults.drawn_several(self, action)
        rank_a, rank_b = self._c.draw_rank[card_name(a)[0]], self._c.draw_rank[card_name(b)[0]]
        if rank_a == rank_b:
            self._event(_K_DRAW, None, "draw.tie", (a, b))
            return
        self.dealer = 0 if (rank_a < rank_b) == self._c.lower_deals else 1
        self.phase = DEAL
        self._event(_K_DRAW, self.dealer, "draw.first-dealer", (a, b))

    def _check_deal(self, player: int) -> None:
        if self.phase is not DEAL:
            if self.phase is OVER:
                raise self._refuse(Code.GAME_OVER, "the game has ended", "game.target")
            raise self._refuse(Code.WRONG_PHASE, f"no deal in phase {self.phase.value}")
        if player != self.dealer and self._c.table:
            _faulty.wrong_dealer(self)               # dealt all the same; the fault stands until called
        elif player != self.dealer:
            raise self._refuse(Code.WRONG_TURN, f"{PLAYERS[self.dealer]} deals, not {PLAYERS[player]}",
                               "deal.passes")

    def _deal(self, action: act.Deal) -> None:
        right_dealer = self.dealer
        if self.phase is not DEAL or action.player != self.dealer:
            self._check_deal(action.player)
        pack, cut, batches = action.pack, action.cut, action.batches
        c = self._c
        if not is_pack(pack):
            raise self._refuse(Code.BAD_DEAL, "the pack must hold each of the 32 cards once", "deck.pack")
        if not c.min_cut <= cut <= 32 - c.min_cut:
            raise self._refuse(Code.BAD_DEAL, f"each packet of the cut must keep {c.min_cut} cards",
                               "deal.shuffle-cut")
        kept = self.batches[action.player]
        changed = c.batches_kept and kept not in (None, batches)
        if not action.turned and not c.table:
            raise self._refuse(Code.STRICT_MODE, "a deal waits for its turn-up in table mode only")
        if batches not in c.batches or (changed and not c.table):
            raise self._refuse(Code.BAD_DEAL, f"batches {batches} not allowed"
                               + (f": {PLAYERS[action.player]} deals {kept} in this game" if changed else ""),
                               "deal.batches")
        self._checkpoints.append((len(self._history), _values(self), len(self.log)))
        self._history.append(action)
        self.dealer = action.player
        cards = pack[cut:] + pack[:cut]
        if kept is None:
            self.batches = (batches, self.batches[1]) if action.player == 0 else (self.batches[0], batches)
        if batches is Batches.THREE_TWO:     # three each, then two each, the elder first
            e0, e1, e2, d0, d1, d2, e3, e4, d3, d4, turnup = cards[:11]
        else:                                # two each, then three each
            e0, e1, d0, d1, e2, e3, e4, d2, d3, d4, turnup = cards[:11]
        self._start_deal_masks(BIT[e0] | BIT[e1] | BIT[e2] | BIT[e3] | BIT[e4],
                               BIT[d0] | BIT[d1] | BIT[d2] | BIT[d3] | BIT[d4], turnup, cards[11:], batches,
                               action.turned)
        if self.table is not None:
            _faulty.after_deal_started(self, self.dealer != right_dealer, changed)

    def _arrange(self, action: act.Arrange) -> None:
        right_dealer = self.dealer
        self._check_deal(action.player)
        hands, turnup, talon = action.hands, action.turnup, action.talon
        if len(hands[0]) != 5 or len(hands[1]) != 5 or not is_pack((*hands[0], *hands[1], turnup, *talon)):
            raise self._refuse(Code.BAD_DEAL, "an arranged deal needs five cards each, the turn-up and a"
                               " talon of 21, each of the 32 cards once", "deck.pack")
        if not action.turned and not self._c.table:
            raise self._refuse(Code.STRICT_MODE, "a deal waits for its turn-up in table mode only")
        self._checkpoint()
        self._history.append(action)
        self.dealer = action.player
        self._start_deal_masks(mask_of(hands[self.elder]), mask_of(hands[self.dealer]), turnup, tuple(talon), None,
                               action.turned)
        if self.table is not None:
            _faulty.after_deal_started(self, self.dealer != right_dealer, False)

    def _start_deal_masks(self, elder: int, dealer: int, turnup: int, talon: tuple[int, ...],
                          batches: Batches | None, turned: bool = True) -> None:
        """A new deal: the hands (as bit sets), the turn-up, the talon; the elder to speak (or, in
        table mode when not `turned`, the dealer to turn up the eleventh card)."""
        self._clear_deal()
        self.deal_number += 1
        d = self.dealer
        e = 1 - d
        self.hands = elder << (e << 5) | dealer << (d << 5)
        self.turnup = turnup
        self.trump = turnup >> 3
        self.talon = talon
        self.phase = SPEAK
        self.turn = e
        rule = "deal.batches" if batches else "deal.turnup"
        self.log.append(_new_event(Event, (self.deal_number, _K_DEAL, d, 0, rule, self._c.cites[rule],
                                           (batches, turnup if turned else None), self.score)))
        if self._c.table:
            _table.start(self, turned)   # the dealer marks a turned-up king himself (hu-nc.26)
        elif turnup & 7 == 0:
            self._mark(d, self._c.king_turned_up, "king.turned-up", "the king is turned up")

    # ---- the exchange ------------------------------------------------------------------

    def _stand(self, action: act.Stand) -> None:
        if self.phase is not SPEAK or action.player != self.turn:
            self._check_turn(SPEAK, action.player, "stand", "exchange.speak")
        self._history.append(action)
        first = self.proposals == 0
        self.stood_first = first
        self._event(_K_STAND, action.player, "exchange.speak", (first,))
        self._begin_play()

    def _propose(self, action: act.Propose) -> None:
        if self.phase in IN_DEAL and self.talon_pos == len(self.talon):
            raise self._refuse(Code.TALON_EMPTY, "the talon is used up", "exchange.talon-exhausted")
        if self.phase is not SPEAK or action.player != self.turn:
            self._check_turn(SPEAK, action.player, "proposal", "exchange.speak")
        self._history.append(action)
        self.proposals += 1
        self.phase, self.turn = ANSWER, self.dealer
        self._event(_K_PROPOSE, action.player, "exchange.speak")

    def _accept(self, action: act.Accept) -> None:
        if self.phase is not ANSWER or action.player != self.turn:
            self._check_turn(ANSWER, action.player, "answer", "exchange.accept")
        self._history.append(action)
        if self.table is not None and self.table.must_accept:
            _table.accepted(self)
        self.phase, self.turn = DISCARD, self.elder
        self._event(_K_ACCEPT, action.player, "exchange.accept")
        if self.table is not None and self.table.deferred is not None:
            _judging.exchange_begins(self)

    def _refuse_proposal(self, action: act.Refuse) -> None:
        if self.phase is not ANSWER or action.player != self.turn:
            self._check_turn(ANSWER, action.player, "answer", "exchange.refuse")
        if self.table is not None and self.table.must_accept:
            raise _table.must_accept_refusal(self)
        self._history.append(action)
        first = self.proposals == 1
        self.refused_first = first
        self._event(_K_REFUSE, action.player, "exchange.refuse", (first,))
        self._begin_play()

    def _discard(self, action: act.Discard) -> None:
        p, cards = action.player, action.cards
        if self.phase is not DISCARD or p != self.turn:
            self._check_turn(DISCARD, p, "discard", "exchange.accept")
        shift = p << 5
        hand = self.hands >> shift & FULL
        for card in cards:
            if not 0 <= card < 32 or not hand >> card & 1:
                raise self._refuse(Code.NOT_IN_HAND, f"{PLAYERS[p]} does not hold {_card_name(card)}")
        is_dealer = p == self.dealer
        rule, short_rule = _DISCARD_RULES[is_dealer]
        if len(set(cards)) != len(cards):
            raise self._refuse(Code.BAD_DISCARD, "a card is named twice", rule)
        low, high = self._c.dealer_discards if is_dealer else self._c.elder_discards
        if not low <= len(cards) <= high:
            raise self._refuse(Code.BAD_DISCARD, f"{'the dealer' if is_dealer else 'the elder'} discards"
                               f" {low} to {high} cards, not {len(cards)}", rule)
        left = self.talon_left
        if is_dealer and self._c.dealer_refused_beyond_talon and len(cards) > left:
            raise self._refuse(Code.BAD_DISCARD, f"the talon holds only {left}: the dealer can discard"
                               " no more", short_rule)
        self._history.append(action)
        if self.table is not None:
            _table.looks(self, p)
        taken = min(len(cards), left)
        put, back = cards[:taken], cards[taken:]
        drawn = self.talon[self.talon_pos:self.talon_pos + taken]
        self.talon_pos += taken
        self.hands ^= (sum(map(BIT.__getitem__, put)) | sum(map(BIT.__getitem__, drawn))) << shift
        self.discards = (self.discards[0] + put, self.discards[1]) if p == 0 else \
            (self.discards[0], self.discards[1] + put)
        self._event(_K_DISCARD, p, short_rule if back else rule, (put, taken, back))
        if self.table is not None:
            _table.drawn(self, p, drawn)
        if self.talon_pos == len(self.talon):
            self._event(_K_EXCHANGE_ENDS, None, "exchange.talon-exhausted", ("talon",))
            self._begin_play()
        elif not is_dealer:
            self.turn = self.dealer
        elif taken == 0 and self._c.repropose_needs_dealer_cards:
            self._event(_K_EXCHANGE_ENDS, None, "exchange.repeat", ("stood-pat",))
            self._begin_play()
        else:
            self.phase, self.turn = SPEAK, self.elder

    def _begin_play(self) -> None:
        self.phase, self.turn = PLAY, 1 - self.dealer
        self.king_live = self._king_holder() >= 0

    # ---- the king of trumps ------------------------------------------------------------

    def _king_holder(self) -> int:
        """Who holds (or has played) the king of trumps in this deal; -1 if nobody (turned up, discarded)."""
        both = self.hands | self.played
        king = king_of(self.trump) if self.trump >= 0 else 0
        return 0 if both >> king & 1 else 1 if both >> king + 32 & 1 else -1

    def _king_refusal(self, p: int, announce: bool) -> Code | None:
        """The code refusing `p` to mark (or announce) the king of trumps now; None if he may."""
        phase = self.phase
        if phase is OVER:
            return Code.GAME_OVER
        if phase not in IN_DEAL or (announce and (phase is not PLAY or not self._c.announcement)):
            return Code.WRONG_PHASE
        early = phase is not PLAY
        if early and not (self._c.king_at_once and self.score[p] == self._c.target - 1):
            return Code.WRONG_PHASE
        held = self.hands if early else self.hands | self.played
        if not held >> (p << 5) + king_of(self.trump) & 1:
            return Code.NO_KING
        if not early and not self._king_window_open(p, announce):
            return Code.TOO_LATE
        if self.kings_marked >> p & 1 or (announce and self.kings_announced >> p & 1):
            return Code.ALREADY_MARKED
        return None

    def _king_window_open(self, p: int, announce: bool) -> bool:
        """Whether `p` may still mark (or `announce`) the king in the play: the one reading of the windows.

        The elder's window closes with his first lead (or, `king_window_elder` permitting, when the
        dealer plays to a king of trumps led first); the dealer's closes when the first card is led
        (`dealer_window` 0) or when he plays his own first card (1), whether or not he wins that
        trick: he may not mark between winning it and leading to the second (de-scheicher.5.2,
        en-wiki.s4.p2). An announcement made inside the window keeps the marking open until the
        second card is led.
        """
        n = self.cards_played
        if p != self.dealer:
            open_ = n == 0 or (n == 1 and self._c.elder_king_led and self.led == king_of(self.trump))
        else:
            open_ = n <= self._c.dealer_window
        return open_ or (not announce and bool(self.kings_announced >> p & 1) and n <= 2)

    def _check_king(self, p: int, announce: bool) -> None:
        """Raise the refusal of a marking or announcement of the king, if any."""
        code = self._king_refusal(p, announce)
        if code is None:
            return
        what = "announce" if announce else "mark"
        message = {
            Code.GAME_OVER: "the game has ended",
            Code.WRONG_PHASE: f"no king to {what} in phase {self.phase.value}"
                              + (": the king is marked after the exchange" if self.phase in IN_DEAL else ""),
            Code.NO_KING: f"{PLAYERS[p]} does not hold the king of trumps",
            Code.TOO_LATE: f"{PLAYERS[p]}'s window to {what} the king has closed",
            Code.ALREADY_MARKED: f"{PLAYERS[p]} has already {'announced' if announce else 'marked'} the king",
        }[code]
        rule = ("game.target" if code is Code.GAME_OVER else "king.announced" if announce
                else "king.held" if code in (Code.NO_KING, Code.ALREADY_MARKED)
                else "king.game-point" if code is Code.WRONG_PHASE and self.phase in IN_DEAL
                and self.score[p] == self._c.target - 1
                else "king.announced" if code is Code.TOO_LATE and self.kings_announced >> p & 1
                else _KING_WINDOWS[p == self.dealer])
        raise self._refuse(code, message, rule)

    def _mark_king(self, action: act.MarkKing) -> None:
        p = action.player
        if self.table is not None and _faulty.table_king(self, action):
            return
        self._check_king(p, announce=False)
        self._history.append(action)
        self.kings_marked |= 1 << p
        rule = ("king.game-point" if self.phase is not PLAY
                else _KING_WINDOWS[p == self.dealer] if self._king_window_open(p, True) else "king.announced")
        self._mark(p, self._c.king_held, rule, "the king of trumps is marked")

    def _announce_king(self, action: act.AnnounceKing) -> None:
        self._check_king(action.player, announce=True)
        self._history.append(action)
        self.kings_announced |= 1 << action.player
        self._event(_K_KING_ANNOUNCED, action.player, "king.announced")

    # ---- the play ----------------------------------------------------------------------

    def _play(self, action: act.Play) -> None:
        if self.table is None:
            self._check_play(action)
            self._perform_play(action, action.player, action.card)
            return
        try:
            self._check_play(action)
        except IllegalAction as refusal:     # at the table it is played all the same, as a fault
            _faulty.faulty_play(self, action, refusal)
            return
        _table.lawful_play(self, action)

    def _check_play(self, action: act.Play) -> None:
        """Refuse a play out of turn, of a card not held, against the duty of play or the suit named."""
        p, card = action.player, action.card
        if self.phase is not PLAY or p != self.turn:
            self._check_turn(PLAY, p, "play", "play.trick-leader" if self.cards_played else "play.first-lead")
        shift = p << 5
        hands = self.hands
        if not 0 <= card < 32 or not hands >> shift + card & 1:
            raise self._refuse(Code.NOT_IN_HAND, f"{PLAYERS[p]} does not hold {_card_name(card)}")
        if self.led >= 0 and not lawful(hands >> shift & FULL, self.led, self.trump) >> card & 1:
            raise self._duty_refusal(hands >> shift & FULL, card)
        if self.table is not None and self.led < 0 and self.table.named >= 0 and card >> 3 != self.table.named:
            raise IllegalAction(Code.NAMED_SUIT, f"{PLAYERS[p]} named {SUIT_NAMES[self.table.named]}, and leads"
                                f" {card_name(card)}")

    def _perform_play(self, action: act.Play, p: int, card: int) -> None:
        """Play a card that is legal: to the trick, then the trick's winner, the deal's score."""
        self._history.append(action)
        bit = 1 << (p << 5) + card
        self.hands ^= bit
        self.played |= bit
        n = self.cards_played = self.cards_played + 1
        led = self.led
        if led < 0:
            self.led = card
            self.turn = 1 - p
            return
        # the follower takes the trick with a higher card of the suit led, or with a trump
        winner = p if BEATS[self.trump][led] >> card & 1 else 1 - p
        t = self.tricks
        self.tricks = (t[0] + 1, t[1]) if winner == 0 else (t[0], t[1] + 1)
        self.led = -1
        self.turn = winner
        self.log.append(_new_event(Event, (self.deal_number, _K_TRICK, winner, 0, "play.trick-winner",
                                           self._c.trick_cites, (n >> 1, led, card, self.trump), self.score)))
        if self.table is None:
            if n == 10:
                self._score_deal()
        elif _table.trick_done(self):
            self._score_deal()

    def _duty_refusal(self, hand: int, card: int) -> IllegalAction:
        """The duty of play that `card` breaks."""
        led = self.led
        suit = hand & SUIT_MASK[led >> 3]
        if suit and not suit >> card & 1:
            return self._refuse(Code.MUST_FOLLOW, f"{card_name(card)} does not follow {card_name(led)};"
                                f" the hand holds {names(cards_of(suit))}", "play.must-follow")
        if suit:
            return self._refuse(Code.MUST_OVERTAKE, f"{card_name(card)} does not beat {card_name(led)};"
                                f" the hand holds {names(cards_of(suit & HIGHER[led]))}", "play.must-overtake")
        return self._refuse(Code.MUST_TRUMP, f"void in the suit led, the hand must trump with"
                            f" {names(cards_of(hand & SUIT_MASK[self.trump]))}", "play.must-trump")

    # ---- scoring -----------------------------------------------------------------------

    def _score_deal(self) -> None:
        c = self._c
        a, b = self.tricks
        winner = 0 if a >= 3 else 1
        n = a if a >= 3 else b
        base, rule, why = (c.vole, "score.vole", "the vole") if n == 5 else \
            (c.majority, "score.tricks", _TRICKS[n])
        if self.table is None:
            self._mark(winner, base, rule, why)
        else:
            self._mark(winner, *_table.trick_points(self, winner, base, rule, why))
            _table.after_score(self)
        if self.phase is OVER:
            return
        if self.table is not None and _table.forfeited(self, winner):
            self.phase, self.dealer = DEAL, self._next_dealer()     # he marks nothing more in this deal
            return
        if self.stood_first and winner == self.dealer:
            self._penalty(winner, base, c.unproposed_two, "score.unproposed-loss",
                          "the elder played without proposing and lost")
        elif self.refused_first and winner != self.dealer:
            self._penalty(winner, base, c.refused_two, "score.refused-first-proposal",
                          "the dealer refused the first proposal and lost")
        if self.phase is not OVER:
            self.phase = DEAL
            self.dealer = self._next_dealer()

    def _next_dealer(self) -> int:
        """Who deals the next deal: the other player, unless the dealer keeps the deal (a chouette's banker)."""
        return self.dealer if self.options.deal_stays else 1 - self.dealer

    def _penalty(self, p: int, base: int, two_in_all: bool, rule: str, why: str) -> None:
        """The points a lost game without exchange adds: up to two in all, or one more."""
        if two_in_all:
            self._mark(p, max(0, 2 - base), rule, why + (": two in all" if base < 2 else
                                                         ": two in all, which the tricks already give"))
        else:
            self._mark(p, 1, rule, why + ": one point more")

    def _mark(self, p: int, points: int, rule: str, why: str, cites: tuple[str, ...] | None = None) -> None:
        """Mark points for `p`, within the deal's maximum and the target; the target ends the game.

        Table mode's penalties give their ruling's `cites` (their rule is not a ruleset parameter's);
        a negative `points` takes off a point marked wrongly."""
        c = self._c
        marked = points
        if c.max_per_deal is not None and self.deal_points[p] + marked > c.max_per_deal:
            marked = max(0, c.max_per_deal - self.deal_points[p])
            self._event(_K_CAPPED, p, "score.deal-maximum", (points - marked,))
        s = self.score
        if marked > c.target - s[p]:
            marked = c.target - s[p]
        if marked:
            d = self.deal_points
            if p == 0:
                s = self.score = (s[0] + marked, s[1])
                self.deal_points = (d[0] + marked, d[1])
            else:
                s = self.score = (s[0], s[1] + marked)
                self.deal_points = (d[0], d[1] + marked)
        self.log.append(_new_event(Event, (self.deal_number, _K_POINTS, p, marked, rule,
                                           c.cites[rule] if cites is None else cites, (points, why), s)))
        if s[p] >= c.target:
            self.phase, self.winner = OVER, p
            self.lot = c.lot_table[self.score[1 - p]] if c.lot_scoring else 1
            self._event(_K_GAME, p, "game.lot" if c.lot_scoring else "game.target", (self.lot,))


_new_event = tuple.__new__
_TRICKS = tuple(f"{n} tricks" for n in range(11))     # a table-mode hand may hold six cards
_K_ACCEPT = EventKind.ACCEPT
_K_CAPPED = EventKind.CAPPED
_K_DEAL = EventKind.DEAL
_K_DISCARD = EventKind.DISCARD
_K_DRAW = EventKind.DRAW
_K_EXCHANGE_ENDS = EventKind.EXCHANGE_ENDS
_K_GAME = EventKind.GAME
_K_KING_ANNOUNCED = EventKind.KING_ANNOUNCED
_K_POINTS = EventKind.POINTS
_K_PROPOSE = EventKind.PROPOSE
_K_REFUSE = EventKind.REFUSE
_K_STAND = EventKind.STAND
_K_TRICK = EventKind.TRICK
"""The event kinds as module constants: an enum member read from its class costs more than a global."""
_DISCARD_RULES = (("exchange.elder-discard", "exchange.short-talon-elder"),
                  ("exchange.dealer-discard", "exchange.short-talon-dealer"))
"""A discard's rule and its short talon's: the elder's at [False], the dealer's at [True]."""
_KING_WINDOWS = ("king.elder-window", "king.dealer-window")
"""The rule of a player's king window: the elder's at [False], the dealer's at [True]."""
_EMPTY_DEAL = (0, 0, -1, -1, (), 0, ((), ()), 0, False, False, -1, -1, 0, (0, 0), (0, 0), 0, 0, False)
_Play = act.Play
_FIELDS = State.__slots__[:-4]
"""The fields a checkpoint holds, copied and compared: all but the log, the history, the checkpoints
and the cached legal actions."""
_values = attrgetter(*_FIELDS)


def _restore(state: State, values: tuple) -> None:
    """Set the fields of `_FIELDS` from a tuple of `_values` (written out: one unpacking, no loop)."""
    (state.ruleset, state.options, state._c, state.phase, state.dealer, state.score,
     state.deal_number, state.batches, state.winner, state.lot, state.hands, state.played,
     state.turnup, state.trump, state.talon, state.talon_pos, state.discards, state.proposals,
     state.stood_first, state.refused_first, state.turn, state.led, state.cards_played,
     state.tricks, state.deal_points, state.kings_marked, state.kings_announced, state.king_live,
     state.table) = values


def _card_name(card: int) -> str:
    """A card's name, or the number itself if it names no card (refused as not in hand)."""
    return card_name(card) if 0 <= card < 32 else f"card {card!r}"


_LOOKING = frozenset((act.Stand, act.Propose, act.Accept, act.Refuse, act.Play, act.AnnounceKing))
"""In table mode, the actions by which a player shows he has looked at his cards."""
_HANDLERS = {
    act.Irregular: _faults.irregular,
    act.Choose: _judging.choose,
    act.Call: _faulty.call,
    act.Correct: _faulty.call,
    act.Look: _table.look,
    act.TurnUp: _table.turn_up,
    act.Name: _table.name,
    act.Draw: State._draw,
    act.Deal: State._deal,
    act.Arrange: State._arrange,
    act.Stand: State._stand,
    act.Propose: State._propose,
    act.Accept: State._accept,
    act.Refuse: State._refuse_proposal,
    act.Discard: State._discard,
    act.MarkKing: State._mark_king,
    act.AnnounceKing: State._announce_king,
    act.Play: State._play,
}
