"""The phases of a deal (OpenSpiel-style explicit states); `Game.phase` is one of these.

`Phase` is a `str` enum, so `view.phase == "play"` keeps working for readers
that compare with the plain names.
"""

from enum import StrEnum


class Phase(StrEnum):
    """Whose decision of which kind the game waits for."""

    STOCK = "stock"  # two-hand, the stock not yet drawn (A-5, B)
    MELD = "meld"  # two-hand, the trick's winner may meld (M-1)
    DRAW = "draw"  # two-hand, A-8 with winner_chooses_last_card
    PLAYOFF = "playoff"  # two-hand, the last 12 tricks
    EXCHANGE = "exchange"  # three- and four-hand, the dix exchange (C-4)
    PLAY = "play"  # three- and four-hand trick play (C-7, D, E-10)
    AUCTION = "auction"  # Check Pinochle bidding (E-3)
    TRUMP = "trump"  # Check Pinochle, the declarer names trump (E-8)
    GAME_OVER = "game_over"


STOCK, MELD, DRAW, PLAYOFF = Phase.STOCK, Phase.MELD, Phase.DRAW, Phase.PLAYOFF
EXCHANGE, PLAY, AUCTION, TRUMP = Phase.EXCHANGE, Phase.PLAY, Phase.AUCTION, Phase.TRUMP
GAME_OVER = Phase.GAME_OVER
#: The phases in which cards are played to tricks.
CARD_PHASES = frozenset({STOCK, PLAYOFF, PLAY})
