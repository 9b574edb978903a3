"""A click no honest client can send: on a message the clicker cannot see (another person's
private hand view). A modified client can still send one with the view's custom_id, so the bot
must refuse it; SimCord's own `click` (rightly) forbids it, hence this helper."""

from __future__ import annotations

from simcord.actors import _component_interaction


async def forged_click(member, message, custom_id: str):
    """`member` presses the button `custom_id` of `message`, visible to them or not."""
    stored = member._env.backend.get_message(message.channel_id, message.id)
    return await _component_interaction(
        member, stored, {"custom_id": custom_id, "component_type": 2}
    )
