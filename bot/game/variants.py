"""The six games of the rule sources, as flags on one engine (RULES §3-§7)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    """What distinguishes one game from another; the engine reads only these flags."""

    name: str
    players: int
    rules: str  # RULES section letter: A, B, C, D1, D2, E
    partnership: bool = False
    auction: bool = False
    no_trump_until_marriage: bool = False
    family: str = ""  # league rating family (issue 6)

    @property
    def two_handed(self) -> bool:
        return self.players == 2


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in [
        Variant("two-handed", 2, "A", family="two-handed"),
        Variant("two-handed-no-trump", 2, "B", no_trump_until_marriage=True, family="two-handed"),
        Variant("three-handed", 3, "C", family="three-handed"),
        Variant("four-handed", 4, "D1", family="four-handed"),
        Variant("partnership", 4, "D2", partnership=True, family="partnership"),
        Variant("check", 4, "E", partnership=True, auction=True, family="partnership"),
    ]
}


def get_variant(name: str) -> Variant:
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}") from None
