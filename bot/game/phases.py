"""The phases of a deal (OpenSpiel-style explicit states); `Game.phase` is one of these."""

STOCK, MELD, PLAYOFF = "stock", "meld", "playoff"  # two-hand (A, B)
DRAW = "draw"  # A-8 with winner_chooses_last_card
EXCHANGE, PLAY = "exchange", "play"  # three- and four-hand (C, D)
AUCTION, TRUMP = "auction", "trump"  # check (E)
GAME_OVER = "game_over"
