"""Pinochle for Discord: the engine (`bot.game`), table service, store, computer players and cogs."""
