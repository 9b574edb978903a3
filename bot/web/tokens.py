"""The unguessable part of a server's web links.

A link is `<WEB_BASE_URL>/s/<guild id>-<mac>/`: the mac is an HMAC-SHA256 of
the guild id and the server's token generation under `WEB_SECRET`, cut to 128
bits. `/pinochle settings web_rotate` bumps the generation, so every older
link stops matching. Checks compare in constant time (`hmac.compare_digest`),
and a token that does not match is answered like a server that does not
exist (404), so a guess learns nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import re

_TOKEN = re.compile(r"([0-9]{1,19})-([0-9a-f]{32})")
#: Discord ids (and the store's integers) are signed 64-bit: a larger number is no server.
MAX_ID = 2**63 - 1


def page_token(secret: str, guild_id: int, generation: int) -> str:
    """The token of a server's pages for its current generation."""
    return f"{guild_id}-{_mac(secret, guild_id, generation)}"


def _mac(secret: str, guild_id: int, generation: int) -> str:
    message = f"pinochle-web:{guild_id}:{generation}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:32]


def token_guild(token: str) -> int | None:
    """The guild id a token claims, or None when it is not shaped like a token at all."""
    match = _TOKEN.fullmatch(token)
    if match is None or int(match[1]) > MAX_ID:
        return None
    return int(match[1])


def token_matches(secret: str, token: str, generation: int) -> bool:
    """Whether `token` is the server's current one (constant time in the mac)."""
    guild_id = token_guild(token)
    if guild_id is None:
        return False
    return hmac.compare_digest(token.encode(), page_token(secret, guild_id, generation).encode())


def server_link(base_url: str, secret: str, guild_id: int, generation: int) -> str:
    """The address managers are given: the standings page of their server."""
    return f"{base_url.rstrip('/')}/s/{page_token(secret, guild_id, generation)}/"
