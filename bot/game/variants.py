"""The games of the rule sources, as flags on one engine (RULES §3-§7, §13, §14)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Variant:
    """What distinguishes one game from another; the engine reads only these flags."""

    name: str
    players: int
    rules: str  # RULES section letter: A, B, C, D1, D2, E, F, H
    partnership: bool = False
    auction: bool = False
    no_trump_until_marriage: bool = False
    family: str = ""  # the league rates each family apart: the two two-hand games are one
    checks: bool = False  # Check Pinochle's premiums paid in checks (E-15..E-20)
    double_deck: bool = False  # the 80-card pack and its meld table and count (H-1, H-7, H-9)
    #: Option defaults of this game where they differ from the options' own (§11, §13, §14).
    defaults: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: The options this game plays, the others refused (G-14, §13, §14): those some rule of
    #: this game reads.
    plays: frozenset[str] = frozenset()

    def plays_option(self, name: str) -> bool:
        """Does this game play the option `name` (G-14, §13, §14)? Those it does not are refused."""
        return name in self.plays

    @property
    def two_handed(self) -> bool:
        return self.players == 2

    def party(self, seat: int) -> int:
        """The scoring unit of a seat: its side (seat % 2) in partnership games (D2-1, E-1), else itself."""
        return seat % 2 if self.partnership else seat

    def partner(self, seat: int) -> int | None:
        """The seat across the table in the partnership games; None where everyone plays alone."""
        return (seat + 2) % 4 if self.partnership else None

    def same_side(self, a: int, b: int) -> bool:
        """Do seats `a` and `b` score together (the same seat, or partners)?"""
        return self.party(a) == self.party(b)

    def sides(self, seats: Iterable[int] | None = None) -> list[list[int]]:
        """The scoring units among `seats` (all seats by default), each a list of seats, in party order."""
        chosen = list(range(self.players)) if seats is None else list(seats)
        parties = sorted({self.party(s) for s in chosen})
        return [[s for s in chosen if self.party(s) == p] for p in parties]


#: F: the options partnership auction plays (§13): the auction, passing, trump, play and game
#: end, the 48-card meld table and the count.
_AUCTION_PLAYS = frozenset(
    {
        "target",
        "packet_size",
        "head_rule",
        "must_undertrump",
        "must_head_partner",
        "bid_increment",
        "min_bid",
        "bid_requires_marriage",
        "all_pass",
        "pass_count",
        "first_lead",
        "shoot_the_moon",
        "only_bidder_goes_out",
        "trump_requires_marriage",
        "trump_without_marriage",
    }
)
#: The 48-card meld table's and count's options (§2.1, G-6, G-7), played by E and F.
_SINGLE_DECK_PLAYS = frozenset(
    {
        "count_scheme",
        "round_card_points",
        "double_pinochle_value",
        "eight_queens_value",
        "eight_of_a_kind",
        "grand_pinochle",
        "roundhouse_bonus_points",
        "flush_includes_royal_bonus",
    }
)
#: What every game without an auction plays (§11): the target and its ties, the 48-card meld
#: table and count, the packets of the deal and under-trumping (P-3).
_PLAIN_PLAYS = _SINGLE_DECK_PLAYS | {"target", "tie_over_target", "packet_size", "must_undertrump"}
#: The two-hand deal with a stock (A-5..A-11, P-5, M-4): A and B, and the last two of C and D1
#: playing on (C-10).
_TWO_HAND_PLAYS = frozenset(
    {
        "draw_before_meld",
        "dix_exchange_mandatory",
        "winner_chooses_last_card",
        "twohand_head_rule",
        "same_class_upgrades",
    }
)
#: The three- and four-hand deal (C-3..C-8, D2-1, DX-G7): the turn-up dix, the head rule and
#: the running tally's call.
_MULTI_HAND_PLAYS = frozenset({"head_rule", "turnup_dix_immediate", "running_tally_game_call"})
#: Four at the table meld after their first card, or before play (D2-1, DX-D2).
_FOUR_HAND_PLAYS = frozenset({"partnership_meld_timing", "meld_excludes_first_card"})
#: A: the two-hand game, its 64-card pack and declaring out (A-12, A-14).
_TWO_HANDED_PLAYS = _PLAIN_PLAYS | _TWO_HAND_PLAYS | {"declare_out", "pack64", "pack64_hand_size"}
#: C and D1: everyone for himself; the last two play on as A (C-10, D1-2) unless `three_hand_playon`.
_CUTTHROAT_PLAYS = (
    _PLAIN_PLAYS | _TWO_HAND_PLAYS | _MULTI_HAND_PLAYS | {"declare_out", "three_hand_playon"}
)
#: E: Check Pinochle plays F's auction with its checks (E-15..E-21) and any raise (H-3 too).
_CHECK_PLAYS = (
    _AUCTION_PLAYS
    | _SINGLE_DECK_PLAYS
    | {
        "bid_ladder",
        "set_side_forfeits_meld_checks",
        "roundtrip_checks_additive",
        "double_meld_checks",
        "slam_defenders_eligible",
    }
)
#: H: the double deck plays F's rules but its own meld table and count (H-7, H-9), and adds
#: the ladder of raises and the house rules of the double deck (H-3, H-9..H-14).
_DOUBLE_DECK_PLAYS = _AUCTION_PLAYS | {
    "bid_ladder",
    "dd_multiple_values",
    "save_meld_counters",
    "min_counters",
    "min_meld",
    "set_scoring",
    "dd_last_trick",
}

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in [
        Variant("two-handed", 2, "A", family="two-handed", plays=_TWO_HANDED_PLAYS),
        Variant(
            "two-handed-no-trump",
            2,
            "B",
            no_trump_until_marriage=True,
            family="two-handed",
            plays=_TWO_HANDED_PLAYS | {"first_marriage_value", "b_no_trump_fallback"},
        ),
        Variant("three-handed", 3, "C", family="three-handed", plays=_CUTTHROAT_PLAYS),
        Variant(
            "four-handed", 4, "D1", family="four-handed", plays=_CUTTHROAT_PLAYS | _FOUR_HAND_PLAYS
        ),
        Variant(
            "partnership",
            4,
            "D2",
            partnership=True,
            family="partnership",
            # D2-2: a side's meld; P-5: heading a partner's trick; no declaring out
            plays=_PLAIN_PLAYS
            | _MULTI_HAND_PLAYS
            | _FOUR_HAND_PLAYS
            | {"must_head_partner", "meld_credit_unit"},
        ),
        Variant(
            "check",
            4,
            "E",
            partnership=True,
            auction=True,
            family="partnership",
            checks=True,
            # E-6: the dealer stuck without a marriage still names a suit
            defaults=MappingProxyType({"trump_without_marriage": "any_suit"}),
            plays=_CHECK_PLAYS,
        ),
        # A family of their own: their scores run on other scales (the 48-card auction's
        # contracts and sets; the double deck's 50-point count) than the partnership games'.
        Variant(
            "auction",
            4,
            "F",
            partnership=True,
            auction=True,
            family="auction",
            defaults=MappingProxyType(
                {"pass_count": 4, "bid_requires_marriage": False, "min_bid": 100}
            ),
            plays=_AUCTION_PLAYS | _SINGLE_DECK_PLAYS,
        ),
        Variant(
            "double-deck",
            4,
            "H",
            partnership=True,
            auction=True,
            family="double-deck",
            double_deck=True,
            defaults=MappingProxyType(
                {
                    "bid_requires_marriage": False,
                    "trump_requires_marriage": True,
                    "min_bid": 50,
                    "count_scheme": "double_deck",
                    "target": 500,
                    "packet_size": 4,
                    "bid_ladder": True,
                }
            ),
            plays=_DOUBLE_DECK_PLAYS,
        ),
    ]
}


def get_variant(name: str) -> Variant:
    """The variant of this name; ValueError names the variants there are."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}") from None
