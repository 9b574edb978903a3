"""A league database for the web tests: two servers, finished games with their logs, a ledger, events.

`sample_league(path)` writes it through the store's own functions (the way the
bot writes), so the pages read what a real server would hold: games played out
by the engine and recorded with `record_game`, grants and adjustments, league
events with their final tables (one with a hostile name and a shared first
place, one still running), one player with a hostile display name, and a
second server whose pages are off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game import Dealing, new_game
from bot.game.record import GameRecord
from bot.services.league import record_game
from bot.services.ledger_hook import best_melds
from bot.store import (
    GameSeat,
    Store,
    Tx,
    append_action,
    create_table,
    ensure_player,
    grant,
    set_guild_settings,
    start_season,
    update_table,
)
from bot.store.nights import add_entrant, create_event, save_results, update_event
from bot.web.tokens import page_token

GUILD = 4242
#: A server with a player and a game, whose pages stay off.
DARK_GUILD = 777
SECRET = "test-secret-0123456789abcdef"
HOSTILE = '<script>alert("x")</script> & <b>Mallory</b>'
HOSTILE_EVENT = '<img src=x onerror="alert(1)"> Night & <i>Day</i>'
#: Grants to Ann: more than one page of ledger lines.
GRANTS = 30


@dataclass
class Sample:
    database: str
    token: str
    dark_token: str
    players: dict[str, int] = field(default_factory=dict)
    games: list[int] = field(default_factory=list)
    season_id: int = 0
    #: "friday" (duplicate, Ann first), "hostile" (points, Ann and Bob share first place),
    #: "running" (not over), "dark" (the dark server's, finished).
    events: dict[str, int] = field(default_factory=dict)


def played(seed: int, key: bytes | None = None) -> tuple[list[str], list[int], object]:
    """A whole two-handed game, everyone taking the first legal action: its actions and scores
    (dealt fairly from `key`, bot.game.fair; else from the seed, as a game made before)."""
    game = new_game("two-handed", seed=seed, dealing=None if key is None else Dealing(key=key))
    actions = []
    while game.to_act is not None:
        action = game.legal_actions()[0]
        actions.append(str(action))
        game.apply(action)
    return actions, list(game.scores), game


async def _game(
    store: Store, guild: int, seed: int, seated: list[int], channel: int, key: bytes | None = None
) -> int:
    actions, scores, _ = played(seed, key)
    fair = {} if key is None else {"dealing": Dealing(key=key), "table_id": 0}
    melds = best_melds(GameRecord.from_log("two-handed", {}, seed, actions, **fair))
    ranks = [1 + sum(other > mine for other in scores) for mine in scores]
    async with store.transaction() as tx:
        table = await create_table(
            tx,
            guild_id=guild,
            channel_id=channel,
            host_id=1,
            variant="two-handed",
            seed=seed,
            deal_key=key,
        )
        for seq, action in enumerate(actions, 1):
            await append_action(tx, table.id, seq, None, None, action)
        await update_table(tx, table.id, status="finished")
        await record_game(
            tx,
            game_id=table.id,
            guild_id=guild,
            table_id=table.id,
            variant="two-handed",
            seats=[
                GameSeat(
                    seat,
                    player,
                    seat,
                    scores[seat],
                    ranks[seat],
                    *(melds[seat] if seat in melds else (None, None)),
                )
                for seat, player in enumerate(seated)
            ],
        )
    return table.id


async def _event(
    tx: Tx,
    guild: int,
    name: str,
    variant: str,
    duplicate: bool,
    places: list[tuple[int, str, int, int]],
    *,
    status: str = "finished",
) -> int:
    """An event with these entrants, (user id, name, place, total) each, in the state `status`.

    A finished event gets its final table, as the event runner stores it when the
    last round is over; one still running has none.
    """
    event = await create_event(
        tx,
        guild_id=guild,
        channel_id=50,
        organiser_id=100,
        name=name,
        variant=variant,
        rounds=3,
        deals_per_round=4,
        duplicate=duplicate,
        language="en",
        seed=11,
        round_seconds=2400.0,
        turn_seconds=120.0,
    )
    entrants = [
        (user, (await add_entrant(tx, event.id, guild, user, display, 0.0)).player_id, place, total)
        for user, display, place, total in places
    ]
    if status == "finished":
        await save_results(tx, event.id, entrants, len(entrants))
    await update_event(tx, event.id, status=status, round=3)
    return event.id


async def sample_league(
    database: str, *, hostile: str = HOSTILE, hostile_event: str = HOSTILE_EVENT
) -> Sample:
    """Write the sample league into a new database (a SQLite file or a PostgreSQL URL).

    `hostile` and `hostile_event` name the third player and the second event: markup by default,
    for the escaping tests; ordinary names for the documentation's screenshot."""
    store = await Store.open(database)
    try:
        async with store.transaction() as tx:
            names = {"ann": "Ann", "bob": "Bob", "mallory": hostile}
            players = {
                key: (await ensure_player(tx, GUILD, display_name=name, user_id=100 + i)).id
                for i, (key, name) in enumerate(names.items())
            }
            players["cpu"] = (
                await ensure_player(tx, GUILD, display_name="Computer", bot_level="normal")
            ).id
            dark = await ensure_player(tx, DARK_GUILD, display_name="Dora", user_id=200)
            season = await start_season(tx, GUILD, "Spring")
            await set_guild_settings(tx, GUILD, web=True, web_generation=3)
            for number in range(GRANTS):
                await grant(tx, GUILD, players["ann"], 10 + number, f"prize {number + 1}")
            await grant(tx, GUILD, players["mallory"], 5, hostile)
            await grant(tx, DARK_GUILD, dark.id, 7, "welcome")
        sample = Sample(
            database,
            page_token(SECRET, GUILD, 3),
            page_token(SECRET, DARK_GUILD, 0),
            players,
            season_id=season.id,
        )
        pairs = [("ann", "bob"), ("ann", "mallory"), ("bob", "cpu"), ("ann", "bob")]
        for seed, (a, b) in enumerate(pairs, 1):
            sample.games.append(
                await _game(store, GUILD, seed, [players[a], players[b]], channel=10 + seed)
            )
        async with store.transaction() as tx:
            cpu = await ensure_player(tx, DARK_GUILD, display_name="Cpu", bot_level="easy")
        await _game(store, DARK_GUILD, 9, [dark.id, cpu.id], channel=99)
        ann, bob, mallory = (100, "Ann"), (101, "Bob"), (102, hostile)
        async with store.transaction() as tx:
            sample.events["friday"] = await _event(
                tx,
                GUILD,
                "Friday night",
                "two-handed",
                True,
                [(*ann, 1, 14), (*mallory, 2, 10), (*bob, 3, 6)],
            )
        async with store.transaction() as tx:
            sample.events["hostile"] = await _event(
                tx,
                GUILD,
                hostile_event,
                "partnership",
                False,
                [(*mallory, 3, 600), (*bob, 1, 830), (*ann, 1, 830)],
            )
            sample.events["running"] = await _event(
                tx, GUILD, "Next week", "two-handed", True, [(*ann, 1, 0)], status="running"
            )
            sample.events["dark"] = await _event(
                tx, DARK_GUILD, "Dark night", "two-handed", False, [(200, "Dora", 1, 900)]
            )
    finally:
        await store.close()
    return sample
