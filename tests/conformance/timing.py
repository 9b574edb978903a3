"""Interaction tokens' deadlines on SimCord's virtual clock: the first answer (a response or a
defer) within 3 seconds of the interaction, and nothing through its token (follow-ups, edits,
deletes) after 15 minutes.

Discord: https://discord.com/developers/docs/interactions/receiving-and-responding#responding-to-an-interaction
("you must send an initial response within 3 seconds"; "interaction tokens are valid for 15
minutes").
"""

from __future__ import annotations

from typing import Any

from tests.conformance.limits import DOCS

PAGE = f"{DOCS}/interactions/receiving-and-responding#responding-to-an-interaction"
ANSWER_SECONDS, TOKEN_SECONDS = 3.0, 15 * 60.0
ANSWERED = f"the first answer within 3 s of the interaction [{PAGE}]"
TOKEN_ALIVE = f"nothing through an interaction token after 15 minutes [{PAGE}]"
#: Discord's epoch in milliseconds: a snowflake's top bits count from it.
DISCORD_EPOCH_MS = 1_420_070_400_000
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
WEBHOOK_PREFIX = "/webhooks/{webhook_id}/{webhook_token}"


def created_at(snowflake: int) -> float:
    """The Unix time a snowflake was made (the interaction's arrival)."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


def token_breach(backend: Any, template: str, arguments: dict[str, str]) -> tuple[str, str] | None:
    """The deadline a request through an interaction token misses, with how late it is."""
    if template == CALLBACK:
        token, limit, rule = arguments["interaction_token"], ANSWER_SECONDS, ANSWERED
    elif template.startswith(WEBHOOK_PREFIX):
        token, limit, rule = arguments["webhook_token"], TOKEN_SECONDS, TOKEN_ALIVE
    else:
        return None
    interaction_id = backend.interaction_tokens.get(token)
    if interaction_id is None:
        return None
    age = backend.clock.now().timestamp() - created_at(interaction_id)
    return (rule, f"{age:.1f} s after the interaction") if age > limit else None
