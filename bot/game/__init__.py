"""The Pinochle rules engine: pure Python, no I/O, deterministic from a seed.

Everything outside the engine (the bot, the computer players, the tests)
uses these names. Rule ids in docstrings refer to `shared/RULES.md`.
"""

from .actions import Action, parse_action
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
from .errors import IllegalAction, OptionError, PinochleError
from .game import Game, new_game
from .melds import meld_breakdown, meld_points
from .options import OPTIONS, resolve_options
from .points import card_points, round_card_points
from .tricks import legal_plays, trick_winner
from .variants import VARIANTS, Variant
from .worlds import world_from_view

__all__ = [
    "ALL_CARDS",
    "OPTIONS",
    "RANKS",
    "SUITS",
    "VARIANTS",
    "Action",
    "Card",
    "Game",
    "IllegalAction",
    "OptionError",
    "PinochleError",
    "Suit",
    "Variant",
    "card_points",
    "contract_checks",
    "format_cards",
    "game_checks",
    "legal_plays",
    "make_pack",
    "meld_breakdown",
    "meld_checks",
    "meld_points",
    "new_game",
    "parse_action",
    "parse_cards",
    "resolve_options",
    "round_card_points",
    "set_checks",
    "sort_hand",
    "trick_winner",
    "world_from_view",
]
