"""Each rule the conformance check holds requests to, broken once on purpose: the check must
refuse the planted payload and name the route, the field (a JSON pointer) and the rule. The
spec's own bounds come first, then the documented limits it leaves out (`tests.conformance.limits`).
"""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

import pytest

from tests.conformance.check import UNKNOWN_ROUTE, check_request
from tests.conformance.timing import DISCORD_EPOCH_MS, token_breach

COMMANDS = "/applications/1/commands"
GUILD_COMMANDS = "/applications/1/guilds/2/commands"
MESSAGES = "/channels/3/messages"
CALLBACK = "/interactions/4/tok/callback"
FOLLOW_UP = "/webhooks/1/tok"


def option(**fields: Any) -> dict[str, Any]:
    return {"type": 4, "name": "game", "description": "Which game", **fields}


def command(**fields: Any) -> dict[str, Any]:
    return {"type": 1, "name": "pinochle", "description": "Play", **fields}


def grouped(*options: dict[str, Any]) -> list[dict[str, Any]]:
    """A /pinochle command whose `replay` subcommand has `options`."""
    replay = {"type": 1, "name": "replay", "description": "A replay", "options": list(options)}
    return [command(options=[replay])]


def button(custom_id: str = "b", **fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Play", "custom_id": custom_id, **fields}


def select(**fields: Any) -> dict[str, Any]:
    options = [{"label": "A", "value": "a"}, {"label": "B", "value": "b"}]
    return {"type": 3, "custom_id": "s", "options": options, **fields}


def rows(*rows: list[dict[str, Any]]) -> dict[str, Any]:
    return {"components": [{"type": 1, "components": list(row)} for row in rows]}


def embed(**fields: Any) -> dict[str, Any]:
    return {"embeds": [{"title": "Board", **fields}]}


def only(method: str, path: str, body: Any, files: int = 0) -> tuple[str, str]:
    """The violation the body was planted with (the spec's first where a documented limit
    repeats its bound): its pointer and its rule."""
    found = check_request(method, path, body, files)
    assert found, f"{method} {path} passed: {body}"
    assert len({violation.pointer for violation in found}) == 1, found
    assert found[0].route.startswith("/") and found[0].method == method
    return found[0].pointer, found[0].rule


GOOD_TREE = [
    command(
        name_localizations={"ru": "пинокль"},
        description_localizations={"ru": "Играть"},
        options=[
            {
                "type": 1,
                "name": "replay",
                "description": "A replay",
                "name_localizations": {"ru": "повтор"},
                "options": [
                    option(required=True, min_value=1, max_value=2**53 - 1),
                    {"type": 3, "name": "variant", "description": "v", "choices": []},
                ],
            }
        ],
    )
]


@pytest.mark.parametrize("path", [COMMANDS, GUILD_COMMANDS])
def test_a_conforming_upload_passes(path):
    assert check_request("PUT", path, GOOD_TREE) == []


# --------------------------------------------------------------------------- the spec's bounds


@pytest.mark.parametrize(
    ("planted", "pointer", "rule"),
    [
        (grouped(option(max_value=2**62)), "/0/options/0/options/0/max_value", "maximum"),
        (grouped(option(min_value=-(2**53))), "/0/options/0/options/0/min_value", "minimum"),
        ([command(name="p" * 33)], "/0/name", "maxLength 32"),
        ([command(description="d" * 101)], "/0/description", "maxLength 100"),
        (
            [command(description_localizations={"ru": "д" * 101})],
            "/0/description_localizations/ru",
            "maxLength 100",
        ),
        (
            [command(name_localizations={"ru": "п" * 33})],
            "/0/name_localizations/ru",
            "maxLength 32",
        ),
        (
            grouped(option(description="")),
            "/0/options/0/options/0/description",
            "minLength 1",
        ),
        (
            grouped(*[option(name=f"o{i}") for i in range(26)]),
            "/0/options/0/options",
            "maxItems 25",
        ),
        (
            grouped(option(choices=[{"name": f"c{i}", "value": i} for i in range(26)])),
            "/0/options/0/options/0/choices",
            "maxItems 25",
        ),
        (
            grouped(option(choices=[{"name": "c" * 101, "value": 1}])),
            "/0/options/0/options/0/choices/0/name",
            "maxLength 100",
        ),
    ],
)
def test_the_spec_refuses_a_command_beyond_its_bounds(planted, pointer, rule):
    found_pointer, found_rule = only("PUT", COMMANDS, planted)
    assert found_pointer == pointer and rule in found_rule and "the spec's" in found_rule


LONG_ID, LONG_LABEL = "c" * 101, "L" * 81


@pytest.mark.parametrize(
    ("planted", "pointer", "rule"),
    [
        (rows([button(LONG_ID)]), "/components/0/components/0/custom_id", "maxLength 100"),
        (rows([button(label=LONG_LABEL)]), "/components/0/components/0/label", "maxLength 80"),
        (
            rows([button(f"b{i}") for i in range(6)]),
            "/components/0/components",
            "maxItems 5",
        ),
        (
            rows([select(options=[{"label": f"{i}", "value": f"{i}"} for i in range(26)])]),
            "/components/0/components/0/options",
            "maxItems 25",
        ),
        (
            rows([select(options=[{"label": "l" * 101, "value": "v"}])]),
            "/components/0/components/0/options/0/label",
            "maxLength 100",
        ),
        (
            rows([select(options=[{"label": "l", "value": "v" * 101}])]),
            "/components/0/components/0/options/0/value",
            "maxLength 100",
        ),
        (
            rows([select(options=[{"label": "l", "value": "v", "description": "d" * 101}])]),
            "/components/0/components/0/options/0/description",
            "maxLength 100",
        ),
        (embed(title="t" * 257), "/embeds/0/title", "maxLength 256"),
        (embed(description="d" * 4097), "/embeds/0/description", "maxLength 4096"),
        (
            embed(fields=[{"name": "n", "value": "v"}] * 26),
            "/embeds/0/fields",
            "maxItems 25",
        ),
        (embed(fields=[{"name": "n" * 257, "value": "v"}]), "/embeds/0/fields/0/name", "256"),
        (embed(fields=[{"name": "n", "value": "v" * 1025}]), "/embeds/0/fields/0/value", "1024"),
        (embed(footer={"text": "f" * 2049}), "/embeds/0/footer/text", "maxLength 2048"),
        ({"embeds": [{"title": "t"}] * 11}, "/embeds", "maxItems 10"),
        ({"allowed_mentions": {"parse": ["everyone", "all"]}}, "/allowed_mentions/parse/1", ""),
        ({"content": "c" * 4001}, "/content", "maxLength 4000"),
    ],
)
def test_the_spec_refuses_a_message_beyond_its_bounds(planted, pointer, rule):
    found_pointer, found_rule = only("POST", MESSAGES, planted)
    assert found_pointer == pointer and rule in found_rule


def test_the_spec_refuses_a_long_thread_name():
    assert only("POST", "/channels/3/threads", {"name": "t" * 101, "type": 11}) == (
        "/name",
        "the spec's maxLength 100",
    )
    assert check_request("POST", "/channels/3/threads", {"name": "t" * 100, "type": 11}) == []


def test_an_interaction_response_is_held_to_the_same_bounds():
    body = {"type": 4, "data": rows([button(LONG_ID)])}
    assert only("POST", CALLBACK, body)[0] == "/data/components/0/components/0/custom_id"
    autocomplete = {"type": 8, "data": {"choices": [{"name": "c", "value": 1}] * 26}}
    assert only("POST", CALLBACK, autocomplete)[0] == "/data/choices"


def test_snowflakes_may_be_integers_as_discord_takes_them_but_nothing_else():
    """The one tolerance: the spec wants ids as strings; discord.py sends integers and Discord
    takes them. A negative or a word is still refused."""
    mentions = {"allowed_mentions": {"users": [5, "6"]}, "content": "hi"}
    assert check_request("POST", MESSAGES, mentions) == []
    assert only("POST", MESSAGES, {"allowed_mentions": {"users": [-5]}})[0] == (
        "/allowed_mentions/users/0"
    )
    assert only("POST", MESSAGES, {"allowed_mentions": {"users": ["five"]}})[0] == (
        "/allowed_mentions/users/0"
    )


def test_a_path_that_is_no_route_of_discord_is_refused():
    assert only("POST", "/channels/3/nonsense", {}) == ("", UNKNOWN_ROUTE)


def test_a_body_where_none_is_documented_is_refused():
    assert only("DELETE", "/channels/3/messages/4", {"content": "x"})[1].startswith("no body")


# ---------------------------------------------------- documented limits the spec leaves out


@pytest.mark.parametrize(
    ("planted", "files", "pointer", "rule"),
    [
        ({"content": "c" * 2001}, 0, "/content", "2,000"),
        (
            {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
            0,
            "/embeds",
            "6,000",
        ),
        (rows(*[[button(f"b{i}")] for i in range(6)]), 0, "/components", "5 action rows"),
        (
            rows([button("same")], [button("same")]),
            0,
            "/components/1/components/0/custom_id",
            "unique",
        ),
        (rows([button("b"), select()]), 0, "/components/0/components", "never both"),
        (rows([select(), select(custom_id="t")]), 0, "/components/0/components", "never both"),
        (rows([button(style=5, url="https://x.example")]), 0, "/components/0/components/0", "link"),
        (rows([button(label=None)]), 0, "/components/0/components/0", "a label or an emoji"),
        (rows([select(min_values=2, max_values=1)]), 0, "/components/0/components/0", "min_values"),
        (rows([select(max_values=3)]), 0, "/components/0/components/0", "min_values"),
        (
            {"allowed_mentions": {"parse": ["users"], "users": ["5"]}},
            0,
            "/allowed_mentions/users",
            "excludes",
        ),
        ({"content": "a picture"}, 1, "/attachments", "files[n]"),
        ({"attachments": [{"id": 0, "filename": "a.png"}]}, 0, "/attachments", "files[n]"),
    ],
)
def test_a_documented_message_limit_is_held(planted, files, pointer, rule):
    found_pointer, found_rule = only("POST", MESSAGES, planted, files)
    assert found_pointer == pointer and rule in found_rule
    assert "https://discord.com/developers/docs/" in found_rule


def test_message_limits_hold_for_edits_follow_ups_and_responses():
    planted = {"content": "c" * 2001}
    assert only("PATCH", "/channels/3/messages/9", planted)[0] == "/content"
    assert only("PATCH", f"{FOLLOW_UP}/messages/@original", planted)[0] == "/content"
    assert only("PATCH", f"{FOLLOW_UP}/messages/9", planted)[0] == "/content"
    twice = rows([button("same"), button("same")])
    assert only("POST", FOLLOW_UP, twice)[0] == "/components/0/components/1/custom_id"
    assert only("POST", CALLBACK, {"type": 7, "data": twice})[0] == (
        "/data/components/0/components/1/custom_id"
    )


def test_an_upload_with_its_attachment_entries_passes():
    body = {"content": "x", "attachments": [{"id": 0, "filename": "board.png"}]}
    assert check_request("POST", MESSAGES, body, 1) == []


def renamed(tree: list[dict[str, Any]], **fields: Any) -> list[dict[str, Any]]:
    planted = copy.deepcopy(tree)
    planted[0]["options"][0]["options"][0].update(fields)
    return planted


@pytest.mark.parametrize(
    ("planted", "pointer", "rule"),
    [
        (renamed(GOOD_TREE, name="Game"), "/0/options/0/options/0/name", "lowercase"),
        (renamed(GOOD_TREE, name="the game"), "/0/options/0/options/0/name", "lowercase"),
        (
            renamed(GOOD_TREE, name_localizations={"ru": "Партия"}),
            "/0/options/0/options/0/name_localizations/ru",
            "lowercase",
        ),
        (
            renamed(GOOD_TREE, description_localizations={"xx": "d"}),
            "/0/options/0/options/0/description_localizations/xx",
            "locales",
        ),
        ([command(description="")], "/0/description", "1-100"),
        (
            grouped(option(name="a"), option(name="b", required=True)),
            "/0/options/0/options/1",
            "required options before",
        ),
    ],
)
def test_a_documented_command_limit_is_held(planted, pointer, rule):
    found_pointer, found_rule = only("PUT", COMMANDS, planted)
    assert found_pointer == pointer and rule in found_rule
    assert "https://discord.com/developers/docs/" in found_rule


def test_a_command_over_eight_thousand_characters_is_refused():
    """Counted with the longest localization of each field."""
    wordy = [
        {
            "type": 3,
            "name": f"o{i}",
            "description": "d",
            "description_localizations": {"ru": "д" * 100},
        }
        for i in range(25)
    ]
    groups = [{"type": 1, "name": f"s{i}", "description": "d", "options": wordy} for i in range(4)]
    pointer, rule = only("PUT", COMMANDS, [command(options=groups)])
    assert pointer == "/0" and "8,000" in rule


def test_more_than_a_hundred_chat_commands_are_refused():
    many = [command(name=f"c{i}") for i in range(101)]
    assert only("PUT", COMMANDS, many) == (
        "",
        "at most 100 chat-input commands [https://discord.com/developers/docs/interactions/"
        "application-commands#registering-a-command]",
    )


def test_user_and_message_commands_may_have_spaces_and_capitals():
    context_menu = {"type": 2, "name": "Show Hand", "description": ""}
    assert check_request("PUT", COMMANDS, [context_menu]) == []


# ------------------------------------------------------------------------------------- timing


def backend_at(seconds: float) -> SimpleNamespace:
    """A backend whose one interaction (token `tok`) arrived at 0 and whose clock reads `seconds`."""
    arrived_ms = 1_767_225_600_000  # 2026-01-01, SimCord's epoch
    interaction_id = (arrived_ms - DISCORD_EPOCH_MS) << 22
    clock = SimpleNamespace(
        now=lambda: SimpleNamespace(timestamp=lambda: arrived_ms / 1000 + seconds)
    )
    return SimpleNamespace(interaction_tokens={"tok": interaction_id}, clock=clock)


CALLBACK_ROUTE = "/interactions/{interaction_id}/{interaction_token}/callback"
CALLBACK_ARGS = {"interaction_id": "4", "interaction_token": "tok"}
ORIGINAL_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
WEBHOOK_ARGS = {"webhook_id": "1", "webhook_token": "tok"}


def test_an_answer_after_three_seconds_is_late():
    assert token_breach(backend_at(2.9), CALLBACK_ROUTE, CALLBACK_ARGS) is None
    rule, detail = token_breach(backend_at(3.5), CALLBACK_ROUTE, CALLBACK_ARGS)
    assert "3 s" in rule and detail == "3.5 s after the interaction"


@pytest.mark.parametrize(
    "route",
    [
        ORIGINAL_ROUTE,
        "/webhooks/{webhook_id}/{webhook_token}",
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
    ],
)
def test_nothing_goes_through_a_token_after_fifteen_minutes(route):
    assert token_breach(backend_at(899), route, WEBHOOK_ARGS) is None
    rule, _ = token_breach(backend_at(901), route, WEBHOOK_ARGS)
    assert "15 minutes" in rule


def test_a_real_webhook_token_has_no_deadline():
    other = {"webhook_id": "1", "webhook_token": "a-channel-webhook"}
    assert token_breach(backend_at(10_000), ORIGINAL_ROUTE, other) is None


# ------------------------------------------------------------------------------------- queries


def test_a_query_parameter_the_route_does_not_document_is_refused():
    for spelling in ("true", "True", "1", 1, 0, True):  # Discord's spellings of a boolean
        assert check_request("POST", FOLLOW_UP, {"content": "x"}, query={"wait": spelling}) == []
    found = check_request("POST", FOLLOW_UP, {"content": "x"}, query={"wait": "yes"})
    assert [(v.pointer, v.rule) for v in found] == [("?wait", 'the spec\'s type "boolean"')]
    found = check_request("POST", FOLLOW_UP, {"content": "x"}, query={"hurry": "true"})
    assert [(v.pointer, v.rule) for v in found] == [
        ("?hurry", "a query parameter the operation documents")
    ]


def test_a_query_value_beyond_its_bounds_is_refused():
    assert check_request("GET", MESSAGES, None, query={"limit": 100, "before": 7}) == []
    found = check_request("GET", MESSAGES, None, query={"limit": "101"})
    assert [(v.pointer, v.rule) for v in found] == [("?limit", "the spec's maximum 100")]
    found = check_request("GET", MESSAGES, None, query={"before": "yesterday"})
    assert [v.pointer for v in found] == ["?before"]
