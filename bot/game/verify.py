"""Checking a fair deal (bot.game.fair) against its record: `python -m bot verify` and the web page.

Given a deal's revealed seed, the fingerprint shown before it and the ids it
names (table and deal), the check is that SHA-256 of the seed and the ids
begins with the fingerprint, and that the engine, dealing from that seed and
the deal's salts, deals exactly the record's hands, turn-up and stock. The
earlier deals are replayed from the record's own actions and seeds, so the
dealer and the seats dealt to are the engine's. Each problem is a catalogue
key ("bot.verify.*") with its parameters, for the caller to say in its language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import Card, format_cards
from .fair import KEY_BYTES, SHORT_FINGERPRINT, Dealing, fingerprint, snowflake_time
from .record import DealRecord, GameRecord

#: A problem: its catalogue key (under "bot.verify.") and parameters.
Problem = tuple[str, dict[str, Any]]


@dataclass
class Verdict:
    """What a check found: no problems means the deal is the one committed to."""

    table_id: int
    deal: int
    fingerprint: str  # what SHA-256 of the seed and ids gives
    problems: list[Problem] = field(default_factory=list)
    dealt: DealRecord | None = None  # the engine's deal from the seed given
    draw: int | None = None  # the deal's outside input: a person's Discord interaction id
    salts: dict[int, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    def lines(self) -> list[Problem]:
        """The answer to say: that the deal is verified, or that it is not and each problem."""
        ids = {"table": self.table_id, "deal": self.deal}
        if self.ok:
            proven: list[Problem] = [("ok", {"fingerprint": self.fingerprint, **ids})]
            if self.draw is None:
                proven.append(("no_draw", {}))
            else:
                proven.append(("draw", {"draw": self.draw, "time": snowflake_time(self.draw)}))
            if self.salts:
                words = ", ".join(
                    f"{seat + 1}: {word}" for seat, word in sorted(self.salts.items())
                )
                proven.append(("salts", {"salts": words}))
            return proven
        return [("failed", ids)] + [(key, {**ids, **params}) for key, params in self.problems]


def read_seed(text: str) -> bytes | None:
    """A seed as typed (hex, 32 bytes), or None."""
    try:
        seed = bytes.fromhex(text.strip())
    except ValueError:
        return None
    return seed if len(seed) == KEY_BYTES else None


def read_fingerprint(text: str) -> str | None:
    """A fingerprint as typed (at least its first `SHORT_FINGERPRINT` hex digits), lower case, or None."""
    text = text.strip().lower()
    digits = set("0123456789abcdef")
    if not SHORT_FINGERPRINT <= len(text) <= 64 or not set(text) <= digits:
        return None
    return text


def verify_deal(
    record: GameRecord,
    deal: int,
    seed: bytes,
    published: str,
    table_id: int,
    salts: Mapping[int, str] | None = None,
) -> Verdict:
    """Check deal `deal` of `record` against `seed`, the `published` fingerprint and the ids
    (`salts`: the deal's, if not the record's)."""
    computed = fingerprint(seed, table_id, deal)
    verdict = Verdict(table_id, deal, computed)
    given = next((d for d in record.deals if d.number == deal and d.finished), None)
    if given is None:
        verdict.problems.append(("no_deal", {"deal": deal}))
        return verdict
    verdict.draw, verdict.salts = given.draw, dict(given.salts if salts is None else salts)
    if given.people is not None:  # a computer never salts: such a salt is the house's choice
        for seat in sorted(set(given.salts) - set(given.people)):
            verdict.problems.append(("not_a_person", {"seat": seat + 1}))
    if not computed.startswith(published):
        verdict.problems.append(
            (
                "fingerprint",
                {"computed": computed[: len(published)], "given": published, "table": table_id},
            )
        )
    try:
        verdict.dealt = redeal(record, deal, seed, given.salts if salts is None else salts)
    except ValueError as error:  # the record's earlier deals do not replay (IllegalAction)
        verdict.problems.append(("replay", {"error": str(error)}))
        return verdict
    for seat in sorted(set(given.hands) | set(verdict.dealt.hands)):
        mine, engine = given.hands.get(seat, ()), verdict.dealt.hands.get(seat, ())
        if sorted(mine) != sorted(engine):
            verdict.problems.append(("hand", {"seat": seat + 1, **_both(mine, engine)}))
    rest = [given.turnup, *(given.stock or [])]
    dealt_rest = [verdict.dealt.turnup, *(verdict.dealt.stock or [])]
    if rest != dealt_rest:
        verdict.problems.append(("rest", _both(_cards(rest), _cards(dealt_rest))))
    return verdict


def redeal(record: GameRecord, deal: int, seed: bytes, salts: Mapping[int, str]) -> DealRecord:
    """The engine's deal `deal` from `seed` and `salts` (and the record's draw), after the
    record's earlier deals."""
    revealed = record.dealing or Dealing()
    dealing = replace(
        revealed, seeds={**revealed.seeds, deal: seed}, salts={**revealed.salts, deal: dict(salts)}
    )
    before = [action for d in record.deals if d.number < deal for action in d.actions]
    again = GameRecord.from_log(
        record.variant, record.options, record.seed, before, dealing=dealing, table_id=0
    )
    if not again.deals or again.deals[-1].number != deal:
        raise ValueError(f"the record's actions do not reach deal {deal}")
    return again.deals[-1]


def _cards(cards: list[Card | None]) -> list[Card]:
    return [card for card in cards if card is not None]


def _both(record: Sequence[Card], engine: Sequence[Card]) -> dict[str, str]:
    return {"record": format_cards(record) or "—", "engine": format_cards(engine) or "—"}
