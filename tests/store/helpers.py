"""Players and tables for store tests."""

from typing import Any

from bot.store import Seat, Store, create_table, ensure_player


async def make_players(store: Store, guild_id: int, *names: str) -> list[int]:
    """Player ids for people named `names` (user ids 1, 2, 3, … in order) in one guild."""
    async with store.transaction() as tx:
        return [
            (await ensure_player(tx, guild_id, display_name=name, user_id=index)).id
            for index, name in enumerate(names, start=1)
        ]


async def lobby_table(store: Store, channel: int, variant: str, options: dict[str, Any]) -> int:
    """The id of a new lobby table of `variant` with `options` in `channel`, one person seated."""
    async with store.transaction() as tx:
        table = await create_table(
            tx,
            guild_id=1,
            channel_id=channel,
            host_id=3,
            variant=variant,
            options=options,
            seats=[Seat(0, "Ann", user_id=3)],
        )
    return table.id
