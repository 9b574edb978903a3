"""The web pages of partnership auction and double-deck games (issue 25): their own standings
tables, and replays that show the cards the partners passed (F-5)."""

from __future__ import annotations

import random

import pytest
from markupsafe import escape

from bot.ai.table_players import SimplePlayer
from bot.game import Action, new_game
from bot.services.league import record_game
from bot.store import GameSeat, Store, append_action, create_table, update_table

from .pages import page, visible_text

GUILD = 4242
NAMES = {"auction": "Partnership auction", "double-deck": "Double-deck"}
#: F-5, H-5: the partners pass 4 cards (the auction's default; the double deck's by option).
PASSING = {"pass_count": 4}


async def add_game(
    league, variant: str, seed: int, options: dict | None = None
) -> tuple[int, object]:
    """A whole game of `variant` played by SimplePlayer, stored and rated as the bot does."""
    options = {"target": 100, **PASSING} if options is None else options
    game, player, rng = (
        new_game(variant, seed=seed, options=options),
        SimplePlayer(),
        random.Random(seed),
    )
    actions = []
    while game.to_act is not None:
        view = game.view(game.to_act)
        action = player.choose(view, list(view.legal), rng)
        game.apply(action)
        actions.append(str(game.history[-1]))
    seated = [league.players[k] for k in ("ann", "bob", "mallory", "cpu")][: game.n]
    places = [
        next(i for i, side in enumerate(game.public_view().ranking) if s in side) + 1
        for s in range(game.n)
    ]
    store = await Store.open(league.database)
    try:
        async with store.transaction() as tx:
            table = await create_table(
                tx,
                guild_id=GUILD,
                channel_id=77,
                host_id=1,
                variant=variant,
                seed=seed,
                options=options,
            )
            for seq, action in enumerate(actions, 1):
                await append_action(tx, table.id, seq, None, None, action)
            await update_table(tx, table.id, status="finished")
            await record_game(
                tx,
                game_id=table.id,
                guild_id=GUILD,
                table_id=table.id,
                variant=variant,
                seats=[
                    GameSeat(s, seated[s], game.party(s), game.scores[game.party(s)], places[s])
                    for s in range(game.n)
                ],
            )
    finally:
        await store.close()
    return table.id, game


@pytest.mark.parametrize("variant", ["auction", "double-deck"])
async def test_a_new_game_has_its_own_standings_and_a_replay_with_the_passing(
    client, league, variant
):
    game_id, game = await add_game(league, variant, seed=3)
    standings = visible_text(await page(client, league, f"/?family={variant}&season=all"))
    assert f"{NAMES[variant]} · All time" in standings
    assert "Ann" in standings and "Bob" in standings
    assert "Nobody has a rated game" in visible_text(
        await page(client, league, "/?family=partnership&season=all")
    )
    html = await page(client, league, f"/games/{game_id}")
    assert "Cards passed" in visible_text(html)
    replay = await (await client.get(f"/api/s/{league.token}/games/{game_id}")).json()
    # The first deal with a passing (a double-deck bidder without a marriage plays none, H-4).
    first = next(deal for deal in replay["deals"] if deal["passes"])
    passed = [(p["seat"], p["cards"]) for p in first["passes"]]
    given = [c for a in game.history if a.verb == "give" for c in a.cards]  # a card at a time
    gives = [Action.give(given[:4]), Action.give(given[4:8])]  # that deal's two passes (F-5)
    assert [sorted(cards) for _, cards in passed] == [sorted(map(str, a.cards)) for a in gives]
    assert all(len(cards) == 4 for _, cards in passed)
    assert passed[0][0] != passed[1][0] and (passed[0][0] - passed[1][0]) % 2 == 0  # partners


async def test_a_replay_leaves_a_finished_player_out_of_the_deals_the_others_play_on(
    client, league
):
    """C-10: after the winner retires the other two play on; those deals' results name only the
    two dealt in (the engine's `DealResult.dealt`), on the page and in the API, in both languages."""
    game_id, _ = await add_game(league, "three-handed", seed=9, options={"target": 300})
    replay = await (await client.get(f"/api/s/{league.token}/games/{game_id}")).json()
    played_on = [deal for deal in replay["deals"] if deal["dealt"] and len(deal["dealt"]) == 2]
    assert played_on and replay["deals"][0]["dealt"] == [0, 1, 2]
    out = ({0, 1, 2} - set(played_on[-1]["dealt"])).pop()
    for lang in ("en", "ru"):
        html = await page(client, league, f"/games/{game_id}?lang={lang}")
        tables = html.split('<table class="results">')[1:]
        body = tables[replay["deals"].index(played_on[-1])].split("</table>")[0]
        assert body.count("<tr>") == 3  # the heading and the two dealt in
        names = [f"<td>{escape(name)}</td>" for name in replay["names"]]
        assert names[out] not in body
        assert all(names[seat] in body for seat in played_on[-1]["dealt"])
