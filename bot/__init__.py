"""Pinochle for Discord: the engine (`bot.game`), table service, store, computer players, services.

Nothing here reaches into the Discord layer (`cogs`): the engine and the table service import
without discord.py. The Discord bot is built by `cogs._bot.create_bot(database)` and started by
`python -m bot` (`bot.__main__`, the one entry point that wires the Discord layer in).

The engine's refusals carry catalog keys only; importing the language layer here makes
`str(refusal)` their English sentence in every process (logs, workers, command lines).
"""

import bot.i18n  # noqa: F401  (installs the English speaker of refusals)
