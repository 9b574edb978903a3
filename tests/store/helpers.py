"""Players for store tests."""

from bot.store import Store, ensure_player


async def make_players(store: Store, guild_id: int, *names: str) -> list[int]:
    """Player ids for people named `names` (user ids 1, 2, 3, … in order) in one guild."""
    async with store.transaction() as tx:
        return [
            (await ensure_player(tx, guild_id, display_name=name, user_id=index)).id
            for index, name in enumerate(names, start=1)
        ]
