"""Provably fair dealing: each deal's cards are a documented function of bytes (docs/fair-deals.md).

A table's secret `key` (32 bytes the service draws from `secrets`) gives each
deal a seed, `HMAC-SHA256(key, "deal <k>")`; before the deal, the board shows
its fingerprint, `SHA-256(seed || "table <id> deal <k>")`. Then what the house
does not choose is mixed in, `HMAC-SHA256(seed, salts and draw)`: the people's
salt words for the deal, and the draw, the Discord id of the last click by a
person before the deal (Discord numbers it; the bot cannot); so neither the
bot (committed first) nor a player (who never sees the seed) alone decides the
cards. That key's HMAC stream shuffles the pack (Fisher–Yates, rejection
sampling). Once the deal is over its seed is revealed in the deal's
record and anyone can re-deal it. Games stored before this dealing existed
have no key and keep their seed-based shuffle (`GameCore._deck`).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

#: Bytes in a table's key and in each deal's seed.
KEY_BYTES = 32
#: The longest salt word a player may give, and the fewest hex digits a fingerprint is shown and
#: checked by: 128 bits, so that two seeds sharing them take about 2**64 work to find.
SALT_CHARS = 32
SHORT_FINGERPRINT = 32
T = TypeVar("T")


def deal_seed(key: bytes, deal: int) -> bytes:
    """Deal `deal`'s seed: HMAC-SHA256 keyed by the table's key over ASCII "deal <k>"."""
    return hmac.digest(key, f"deal {deal}".encode("ascii"), "sha256")


def fingerprint(seed: bytes, table_id: int, deal: int) -> str:
    """The commitment shown before the deal: SHA-256 of the seed then ASCII "table <id> deal <k>"."""
    return hashlib.sha256(seed + f"table {table_id} deal {deal}".encode("ascii")).hexdigest()


def salt_text(salts: Mapping[int, str], draw: int | None = None) -> bytes:
    """The salts as HMAC message: one "<seat>:<word>" line per seat in seat order, then a
    "draw:<id>" line if the deal has a draw, joined by newlines, UTF-8."""
    lines = [f"{seat}:{salts[seat]}" for seat in sorted(salts)]
    return "\n".join(lines + ([f"draw:{draw}"] if draw is not None else [])).encode("utf-8")


#: Discord's epoch (2015-01-01 UTC) in milliseconds: a snowflake id's top bits count from it.
DISCORD_EPOCH_MS = 1_420_070_400_000


def snowflake_time(snowflake: int) -> str:
    """When Discord made the id, "YYYY-MM-DD HH:MM:SS" UTC (the id's bits above the lowest 22
    count milliseconds from Discord's epoch)."""
    made = datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)
    return f"{made:%Y-%m-%d %H:%M:%S}"


def clean_salt(word: str) -> str | None:
    """A salt word as kept (spaces squeezed), or None when it is empty, too long or unprintable."""
    word = " ".join(word.split())
    if not word or len(word) > SALT_CHARS or not word.isprintable():
        return None
    return word


def _stream(key: bytes) -> Iterator[int]:
    """Unsigned 32-bit big-endian integers from HMAC-SHA256(key, 8-byte big-endian counter 0, 1, …)."""
    counter = 0
    while True:
        block = hmac.digest(key, counter.to_bytes(8, "big"), "sha256")
        for at in range(0, len(block), 4):
            yield int.from_bytes(block[at : at + 4], "big")
        counter += 1


def shuffle(
    cards: list[T], seed: bytes, salts: Mapping[int, str], draw: int | None = None
) -> list[T]:
    """`cards` shuffled by the deal's seed and salts (Fisher–Yates from the last position down,
    each swap index drawn without bias: a number at or above the largest multiple of i + 1 below
    2**32 is thrown away)."""
    deck = list(cards)
    numbers = _stream(hmac.digest(seed, salt_text(salts, draw), "sha256"))
    for i in range(len(deck) - 1, 0, -1):
        span = i + 1
        limit = 2**32 - 2**32 % span
        number = next(numbers)
        while number >= limit:
            number = next(numbers)
        j = number % span
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def key_maker(seed: int | None) -> Callable[[], bytes]:
    """Where a service's table keys come from: `secrets` (the bot; seed None), or a test's seed,
    so that its deals repeat."""
    if seed is None:
        return lambda: secrets.token_bytes(KEY_BYTES)
    rng = random.Random(f"{seed}:keys")
    return lambda: rng.randbytes(KEY_BYTES)


@dataclass
class Dealing:
    """What a fairly dealt game deals from: its key (the live game) or the seeds its record
    reveals, the salts of each deal (deal -> seat -> word), its draw (deal -> a person's Discord
    interaction id) and the seats people held as it was dealt (only salts of theirs count)."""

    key: bytes | None = None
    seeds: dict[int, bytes] = field(default_factory=dict)
    salts: dict[int, dict[int, str]] = field(default_factory=dict)
    draws: dict[int, int] = field(default_factory=dict)
    people: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def seed(self, deal: int) -> bytes | None:
        """Deal `deal`'s seed; None where only revealed seeds are known and this one is not."""
        if deal in self.seeds:
            return self.seeds[deal]
        return None if self.key is None else deal_seed(self.key, deal)

    def deck(self, pack: list[T], deal: int) -> list[T]:
        """The deal's cards. A record's deal whose seed it does not reveal (the one dealt after its
        last revealed deal) is dealt unshuffled: the engine needs cards to go on, nobody sees them."""
        seed = self.seed(deal)
        if seed is None:
            return list(pack)
        return shuffle(pack, seed, self.salts.get(deal, {}), self.draws.get(deal))

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key.hex() if self.key is not None else None,
            "seeds": {str(k): s.hex() for k, s in self.seeds.items()},
            "salts": {str(k): {str(s): w for s, w in v.items()} for k, v in self.salts.items()},
            "draws": {str(k): d for k, d in self.draws.items()},
            "people": {str(k): list(p) for k, p in self.people.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Dealing:
        key = data.get("key")
        return cls(
            key=bytes.fromhex(key) if key else None,
            seeds={int(k): bytes.fromhex(s) for k, s in data.get("seeds", {}).items()},
            salts={
                int(k): {int(s): w for s, w in v.items()} for k, v in data.get("salts", {}).items()
            },
            draws={int(k): int(d) for k, d in data.get("draws", {}).items()},
            people={int(k): tuple(p) for k, p in data.get("people", {}).items()},
        )
