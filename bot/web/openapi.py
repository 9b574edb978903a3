"""The OpenAPI 3.1 document of the JSON API, served at `/api/openapi.json`.

Every route of the API is described here; a test checks that the document and
the app's routes name the same paths, so neither can drift from the other.
"""

from __future__ import annotations

from typing import Any, Final

from bot.store import FAMILIES

_INT: Final = {"type": "integer"}
_STR: Final = {"type": "string"}
_NUM: Final = {"type": "number"}
_BOOL: Final = {"type": "boolean"}
_NULL_INT: Final = {"type": ["integer", "null"]}
_NULL_STR: Final = {"type": ["string", "null"]}


def _object(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties)}


def _list(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


_PAGING: Final = {"page": _INT, "pages": _INT, "total": _INT}
_SEASON: Final = _object(id=_INT, name=_STR, active=_BOOL)
_SCOPE: Final = {
    "season": {"oneOf": [_ref("Season"), {"type": "null"}]},
    "seasons": _list(_ref("Season")),
}
_PLAYER: Final = _object(id=_INT, name=_STR, is_bot=_BOOL)
_STANDING: Final = _object(
    rank=_INT,
    family=_STR,
    player_id=_INT,
    display_name=_STR,
    is_bot=_BOOL,
    rating=_NUM,
    mu=_NUM,
    sigma=_NUM,
    games=_INT,
    wins=_INT,
    win_pct=_NUM,
    points_for=_INT,
    points_against=_INT,
)
_SEAT: Final = _object(
    seat=_INT,
    player_id=_INT,
    display_name=_STR,
    is_bot=_BOOL,
    team=_INT,
    score=_INT,
    rank=_INT,
)
_GAME: Final = _object(
    game_id=_INT, variant=_STR, finished_at=_STR, table_id=_NULL_INT, seats=_list(_ref("Seat"))
)
_EVENT: Final = _object(
    event_id=_INT,
    name=_STR,
    variant=_STR,
    duplicate={"type": "boolean", "description": "duplicate deals, ranked by matchpoints"},
    rounds=_INT,
    deals_per_round=_INT,
    entrants=_INT,
    finished_at=_STR,
    winners=_list(_object(player_id=_INT, display_name=_STR)),
)
_CARDS: Final = _list(_STR)
_DEAL: Final = _object(
    number=_INT,
    fair={
        "description": "a fair deal (docs/fair-deals.md), revealed: its seed (hex), the"
        " fingerprint shown before it and the players' salts by seat; null for a game dealt"
        " before fair dealing",
        "oneOf": [
            {"type": "null"},
            _object(seed=_STR, fingerprint=_STR, salts={"type": "object"}),
        ],
    },
    dealer=_INT,
    hands=_list(_object(seat=_INT, cards=_CARDS)),
    widow={"type": ["array", "null"], "items": _STR},
    stock={"type": ["array", "null"], "items": _STR},
    auction=_list(_object(seat=_INT, call=_STR)),
    passes=_list(_object(seat=_INT, cards=_CARDS)),
    contract={},
    trump=_NULL_STR,
    melds=_list(_object(seat=_INT, cards=_CARDS, points=_INT)),
    tricks=_list(
        _object(
            leader=_INT,
            plays=_list(_object(seat=_INT, card=_STR)),
            winner=_INT,
            points=_INT,
        )
    ),
    results={"description": "the deal's scoring summary as the engine reports it"},
    dealt={
        "description": "the seats dealt in (a player who finished sits out); null if thrown in",
        "type": ["array", "null"],
        "items": _INT,
    },
    chips=_list(_object(seat=_INT, items=_list(_object(reason=_STR, detail=_STR, chips=_INT)))),
)

SCHEMAS: Final = {
    "Season": _SEASON,
    "Player": _PLAYER,
    "Standing": _STANDING,
    "Seat": _SEAT,
    "Game": _GAME,
    "Deal": _DEAL,
    "Event": _EVENT,
    "Standings": _object(
        family=_STR, families=_list(_STR), rows=_list(_ref("Standing")), **_SCOPE, **_PAGING
    ),
    "PlayerPage": _object(
        player=_ref("Player"),
        **_SCOPE,
        balance=_INT,
        ratings=_list(
            {
                "allOf": [
                    _ref("Standing"),
                    _object(history=_list(_object(game_id=_INT, finished_at=_STR, rating=_NUM))),
                ]
            }
        ),
        recent_games=_list(
            _object(
                game_id=_INT,
                variant=_STR,
                finished_at=_STR,
                score=_INT,
                rank=_INT,
                teammates=_list(_STR),
                opponents=_list(_STR),
                won=_BOOL,
            )
        ),
        head_to_head=_list(
            _object(player_id=_INT, display_name=_STR, games=_INT, wins=_INT, losses=_INT)
        ),
        best_melds=_list(_object(meld=_STR, points=_INT, game_id=_INT, finished_at=_STR)),
        events=_list(
            _object(
                event_id=_INT,
                name=_STR,
                variant=_STR,
                duplicate=_BOOL,
                place=_INT,
                entrants=_INT,
                total=_INT,
                finished_at=_STR,
            )
        ),
    ),
    "Leaderboard": _object(
        rows=_list(
            _object(rank=_INT, player_id=_INT, display_name=_STR, is_bot=_BOOL, balance=_INT)
        ),
        **_PAGING,
    ),
    "Ledger": _object(
        player=_ref("Player"),
        balance=_INT,
        entries=_list(
            _object(
                tx_id=_INT,
                created_at=_STR,
                reason=_STR,
                detail=_STR,
                memo=_STR,
                game_id=_NULL_INT,
                deal_no=_NULL_INT,
                amount=_INT,
                others=_list(_object(player_id=_NULL_INT, name=_NULL_STR)),
            )
        ),
        **_PAGING,
    ),
    "Games": _object(games=_list(_ref("Game")), **_PAGING),
    "Replay": _object(
        game=_ref("Game"),
        options={"type": "object"},
        final_scores={},
        table_id={**_NULL_INT, "description": "the id a fair game's fingerprints name"},
        deals=_list(_ref("Deal")),
    ),
    "Verify": _object(
        game=_ref("Game"),
        asked=_object(deal=_STR, table=_STR, seed=_STR, fingerprint=_STR),
        ok={
            "type": ["boolean", "null"],
            "description": "null until deal, seed and fingerprint are all given",
        },
        lines=_list(
            _object(
                key={"type": "string", "description": "under bot.verify in the catalogues"},
                params={"type": "object"},
            )
        ),
    ),
    "Events": _object(events=_list(_ref("Event")), **_PAGING),
    "EventTable": _object(
        event=_ref("Event"),
        rows=_list(
            _object(
                place=_INT,
                player_id=_INT,
                display_name=_STR,
                total={"type": "integer", "description": "matchpoints (duplicate) or points"},
            )
        ),
        **_PAGING,
    ),
    "Error": _object(status=_INT, error=_STR, message=_STR),
}


def _param(name: str, where: str, schema: dict[str, Any], about: str) -> dict[str, Any]:
    return {
        "name": name,
        "in": where,
        "required": where == "path",
        "schema": schema,
        "description": about,
    }


_TOKEN: Final = _param(
    "token", "path", _STR, "the server's token, from the link its managers were given"
)
_PAGE: Final = _param(
    "page", "query", {"type": "integer", "minimum": 1, "maximum": 10_000}, "page, from 1"
)
_SEASON_Q: Final = _param(
    "season", "query", _STR, "a season id, or `all`; by default the running season, else all time"
)
_FAMILY: Final = _param(
    "family",
    "query",
    {"enum": list(dict.fromkeys(FAMILIES.values()))},
    "the table (Check shares the partnership table)",
)
_PLAYER_ID: Final = _param("player_id", "path", _INT, "a player's id")
_GAME_ID: Final = _param("game_id", "path", _INT, "a recorded game's id")
_EVENT_ID: Final = _param("event_id", "path", _INT, "a finished league event's id")


def _get(summary: str, schema: str, *params: dict[str, Any]) -> dict[str, Any]:
    error = {"content": {"application/json": {"schema": _ref("Error")}}}
    return {
        "get": {
            "summary": summary,
            "parameters": [_TOKEN, *params],
            "responses": {
                "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": _ref(schema)}},
                },
                "400": {"description": "a query value the API does not take", **error},
                "404": {
                    "description": "no such page: a wrong or old token, pages off, no such id",
                    **error,
                },
                "429": {"description": "too many requests from this address", **error},
            },
        }
    }


def openapi_document() -> dict[str, Any]:
    """The API's description (OpenAPI 3.1)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Pinochle league API",
            "version": "1",
            "description": "Read-only: a server's standings, players, chips, finished games and league events.",
        },
        "paths": {
            "/api/s/{token}/standings": _get(
                "one family's standings, one page", "Standings", _FAMILY, _SEASON_Q, _PAGE
            ),
            "/api/s/{token}/players/{player_id}": _get(
                "a player's ratings and history, games, opponents, melds, chips, finished events",
                "PlayerPage",
                _PLAYER_ID,
                _SEASON_Q,
            ),
            "/api/s/{token}/chips": _get("the chip leaderboard, one page", "Leaderboard", _PAGE),
            "/api/s/{token}/chips/{player_id}": _get(
                "a player's chip ledger, newest first, one page", "Ledger", _PLAYER_ID, _PAGE
            ),
            "/api/s/{token}/games": _get("finished games, newest first", "Games", _PAGE),
            "/api/s/{token}/games/{game_id}": _get(
                "a finished game deal by deal, trick by trick", "Replay", _GAME_ID
            ),
            "/api/s/{token}/games/{game_id}/verify": _get(
                "a fair deal of a finished game checked against its seed and fingerprint",
                "Verify",
                _GAME_ID,
                _param("deal", "query", _STR, "the deal's number"),
                _param("seed", "query", _STR, "the deal's revealed seed, 64 hex digits"),
                _param("fingerprint", "query", _STR, "as shown before the deal (16+ hex digits)"),
                _param("table", "query", _STR, "the table's id (default: the game's own)"),
            ),
            "/api/s/{token}/events": _get(
                "finished league events, newest first, with their winners", "Events", _PAGE
            ),
            "/api/s/{token}/events/{event_id}": _get(
                "a finished league event's final table, one page", "EventTable", _EVENT_ID, _PAGE
            ),
        },
        "components": {"schemas": SCHEMAS},
    }
