"""The Pinochle rules engine: pure Python, no I/O, deterministic from a seed.

Everything outside the engine (the bot, the computer players, the tests)
uses these names. Rule ids in docstrings refer to `docs/rules.md`.
"""

from .actions import (
    DECLARE_OUT,
    DIX,
    DRAW,
    DRAW_TURNUP,
    EXCHANGE,
    PASS,
    Action,
    lowest_bid,
    parse_action,
)
from .cards import (
    ALL_CARDS,
    RANKS,
    SUITS,
    Card,
    Suit,
    format_cards,
    make_pack,
    parse_cards,
    sort_hand,
)
from .checks import contract_checks, game_checks, meld_checks, set_checks
from .errors import IllegalAction, OptionError, PinochleError, Refusal, Typed
from .events import Event
from .fair import Dealing, fingerprint
from .frozen import FrozenMap
from .game import Game, new_game
from .melds import (
    cards_melded,
    enabled_melds,
    meld_breakdown,
    meld_points,
    sequential_meld_value,
)
from .options import OPTIONS, resolve_options
from .phases import DealMode, Phase
from .points import card_points, deal_card_total, last_trick_bonus, round_card_points, scale
from .results import ChipItem, DealResult, Transfer, place_ranks
from .state import CardPlay, CompletedTrick, DealState, FrozenState
from .tricks import legal_plays, trick_winner, winning_play
from .variants import VARIANTS, Variant, get_variant
from .views import PublicView, SeatView
from .worlds import world_from_view

__all__ = [
    "ALL_CARDS",
    "DECLARE_OUT",
    "DIX",
    "DRAW",
    "DRAW_TURNUP",
    "EXCHANGE",
    "OPTIONS",
    "PASS",
    "RANKS",
    "SUITS",
    "VARIANTS",
    "Action",
    "Card",
    "CardPlay",
    "ChipItem",
    "CompletedTrick",
    "DealMode",
    "DealResult",
    "DealState",
    "Dealing",
    "Event",
    "FrozenMap",
    "FrozenState",
    "Game",
    "IllegalAction",
    "OptionError",
    "Phase",
    "PinochleError",
    "PublicView",
    "Refusal",
    "SeatView",
    "Suit",
    "Transfer",
    "Typed",
    "Variant",
    "card_points",
    "cards_melded",
    "contract_checks",
    "deal_card_total",
    "enabled_melds",
    "fingerprint",
    "format_cards",
    "game_checks",
    "get_variant",
    "last_trick_bonus",
    "legal_plays",
    "lowest_bid",
    "make_pack",
    "meld_breakdown",
    "meld_checks",
    "meld_points",
    "new_game",
    "parse_action",
    "parse_cards",
    "place_ranks",
    "resolve_options",
    "round_card_points",
    "scale",
    "sequential_meld_value",
    "set_checks",
    "sort_hand",
    "trick_winner",
    "winning_play",
    "world_from_view",
]
