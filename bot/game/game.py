"""The game: a series of deals to a target, for every variant (RULES §3-§7).

A `Game` is fully determined by its variant, options, seed (or first deck) and
the actions applied, which is exactly what `to_json` stores. Each phase has
its own small handler; legality is one query (`legal_actions`) that every
consumer chooses from, and `apply` refuses anything else with IllegalAction
(changing nothing).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from . import actions as A
from .actions import Action, parse_action
from .auction import AuctionRules
from .cards import Card, Suit
from .errors import IllegalAction
from .events import Event
from .fair import Dealing
from .phases import (
    AUCTION,
    DRAW,
    EXCHANGE,
    GAME_OVER,
    MELD,
    PASSING,
    PLAY,
    PLAYOFF,
    STOCK,
    TRUMP,
    DealMode,
    Phase,
)
from .results import DealResult
from .state import DealState, StateField
from .tricks import refusal_reason
from .twohand import TwoHandRules
from .views import PublicView, SeatView, public_view, seat_view


class Game(TwoHandRules, AuctionRules):
    """One game of Pinochle. Use `new_game` to make one."""

    # ------------------------------------------------------------------ public API

    @property
    def to_act(self) -> int | None:
        """The seat whose decision it is; None when the game is over."""
        st = self.state
        return None if st.phase == GAME_OVER else st.turn

    @property
    def is_over(self) -> bool:
        return self.state.phase == GAME_OVER

    # The public facts of the state, read-only: `state` holds them (see DealState's fields).
    phase = StateField[Phase]()
    trump = StateField[Suit | None]()
    scores = StateField[list[int]]()  # per party (a side in partnership games); see seat_scores
    deal_no = StateField[int]()
    dealer = StateField[int]()
    target = StateField[int]()
    active = StateField[list[int]]()  # seats still playing (C-10: the others have finished)
    places = StateField[list[int]]()  # parties that have finished, best first
    history = StateField[list[Action]]()  # every action of the game, in order
    deal_results = StateField[list[DealResult]]()  # one entry per completed deal

    @property
    def tricks_played(self) -> int:
        return len(self.state.tricks)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now, in a stable order.

        Every entry applies as given. The passing (F-5) lists one card at a time (`give A♥`),
        each card held and not chosen yet; `apply` also takes all the cards still due at once
        (`give A♥ 10♥ K♥ Q♥`: a typed give, and every give of an older log).
        """
        return list(self.offered())

    def offered(self) -> list[Action]:
        """`legal_actions` without the copy, for a caller that only reads it (random play): the
        engine's own list, worked out once per state and valid until the next `apply`."""
        acts = self._legal
        if acts is None:
            phase = self.state.phase
            acts = [] if phase is GAME_OVER else _LEGAL[phase](self)
            if self._declare_out_allowed:
                self._offer(acts)
            else:  # `_offer` would add nothing
                self._legal = acts
        return acts

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply one action (text or `Action`) of the seat to act; returns the public events it caused.

        With `seat`, an action from any other seat is refused as out of turn.
        An illegal action raises IllegalAction naming the rule and changes nothing.
        """
        act = action if isinstance(action, Action) else parse_action(action)
        st = self.state
        phase = st.phase
        if phase is GAME_OVER:
            raise IllegalAction("game_over")
        if seat is not None and seat != st.turn:
            raise IllegalAction("not_your_turn", "G-11")
        legal = self._legal
        if legal is None:
            legal = self.offered()
        for candidate in legal:  # play, meld and give actions are interned: identity is enough
            if candidate is act:
                break
        else:
            if act in legal:
                act = legal[legal.index(act)]  # the engine's own copy, compared by identity
            elif phase is PASSING and act.verb == "give":
                act = self._check_give(self._actor, act)  # F-5: the cards still due, at once
            else:
                self._refuse(act, list(legal))
        self._legal = None
        events: list[Event] = []
        if phase is not PASSING:  # a pass joins it whole, once every card is chosen (F-5)
            st.deal_history.append(act)
        if act is A.DECLARE_OUT:
            self._declare_out(events)
        else:
            _APPLY[phase](self, act, events)
        st.history.append(act)
        return events

    def to_json(self) -> str:
        """Variant, options, seed, first deck and every action: all that makes the game."""
        return json.dumps(
            {
                "variant": self.variant.name,
                "options": dict(self.options.given),
                "seed": self.seed,
                "deck": [str(c) for c in self.first_deck] if self.first_deck else None,
                "actions": [str(a) for a in self.state.history],
                **({"dealing": self.dealing.to_json()} if self.dealing is not None else {}),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        data = json.loads(text)
        deck = [Card.from_text(c) for c in data["deck"]] if data.get("deck") else None
        dealing = Dealing.from_json(data["dealing"]) if data.get("dealing") else None
        game = cls(
            data["variant"],
            seed=data["seed"],
            deck=deck,
            options=data.get("options"),
            dealing=dealing,
        )
        for action in data["actions"]:
            game.apply(action)
        return game

    @classmethod
    def from_state(cls, variant: str, options: Mapping[str, Any], state: DealState) -> Game:
        """A game in `state` (a complete one: every hand and the stock filled in), for search."""
        game = object.__new__(cls)
        game._configure(variant, options)
        game.seed, game.first_deck, game.opening_events, game.dealing = 0, None, [], None
        game.state = state
        return game

    # ------------------------------------------------------------------ the rule sets' steps

    def _begin_deal(self, events: list[Event]) -> None:
        mode = self.state.mode
        if mode == DealMode.TWO_HAND:
            self._begin_two(events)
        elif mode == DealMode.MULTI_HAND:
            self._begin_multi(events)
        else:
            self._begin_check(events)

    # ------------------------------------------------------------------ refusals

    def _refuse(self, act: Action, legal: list[Action]) -> None:
        st = self.state
        seat = st.turn
        assert seat is not None
        verb = act.verb
        phase = st.phase
        if verb == "play" and phase.plays_cards:
            card = act.card
            if card not in self._holding(seat):
                raise IllegalAction("not_in_hand", "P-0", card=str(card))
            allowed = [a.card for a in legal if a.verb == "play"]
            key, rule, params = refusal_reason(
                card, st.hands[seat], [c for _, c in st.trick], st.trump, allowed
            )
            raise IllegalAction(key, rule, **params)
        if verb == "meld" and phase == MELD:
            self._refuse_meld(seat, list(act.cards))
        if verb in ("dix", "exchange") and phase == MELD:
            self._refuse_dix(seat, verb)
        if verb == "bid" and phase == AUCTION and act.amount is not None:
            self._refuse_bid(seat, act.amount)
        if verb == "pass" and phase == AUCTION and self._forced(seat):
            raise IllegalAction("bid_forced", "E-6", minimum=self._min_bid())
        if verb == "trump" and phase == TRUMP:
            raise IllegalAction("trump_needs_marriage", "DX-E3")
        if verb in A.VERBS:
            raise IllegalAction("not_now", action=str(act))
        raise IllegalAction("not_legal", action=str(act))

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What `seat` may know: its own hand, everything public, and nothing else."""
        if not 0 <= seat < self.n:
            raise ValueError(f"no seat {seat} in a {self.n}-player game")
        return seat_view(self, seat, tuple(self.legal_actions()) if self.to_act == seat else ())

    def public_view(self) -> PublicView:
        """What everyone may see (a board): `view` without a hand, legal actions or search data."""
        return public_view(self)

    def clone(self) -> Game:
        """An independent copy for search (playouts); much faster than from_json."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.state = self.state.copy()
        new._legal = None
        return new

    def __repr__(self) -> str:
        return f"<Game {self.variant.name} deal {self.deal_no} phase {self.phase} to_act {self.to_act}>"


#: The legal actions of each phase (typed dispatch: one entry per `Phase` but the game's end).
_LEGAL: dict[Phase, Callable[[Game], list[Action]]] = {
    STOCK: Game._legal_stock,
    MELD: Game._legal_meld,
    DRAW: Game._legal_draw,
    PLAYOFF: partial(Game._legal_play, two_handed=True),  # P-5: the two-hand heading rule
    EXCHANGE: Game._legal_exchange,
    PLAY: Game._legal_play,
    AUCTION: Game._legal_auction,
    TRUMP: Game._legal_trump,
    PASSING: Game._legal_passing,
}
#: How each phase applies an action already found legal.
_APPLY: dict[Phase, Callable[[Game, Action, list[Event]], None]] = {
    STOCK: Game._play_card,
    MELD: Game._apply_meld,
    DRAW: Game._apply_draw,
    PLAYOFF: Game._play_card,
    EXCHANGE: Game._apply_exchange,
    PLAY: Game._play_card,
    AUCTION: Game._apply_auction,
    TRUMP: Game._apply_trump,
    PASSING: Game._apply_passing,
}


def new_game(
    variant: str,
    *,
    seed: int | None = None,
    deck: Iterable[Card] | None = None,
    options: Mapping[str, Any] | None = None,
    dealing: Dealing | None = None,
) -> Game:
    """Start a game: the first dealer is drawn, the first deal dealt (deterministic from seed or
    deck; each deal's cards from `dealing` where given, bot.game.fair)."""
    return Game(variant, seed=seed, deck=deck, options=options, dealing=dealing)
