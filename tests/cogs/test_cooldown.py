"""The exports' per-member ration: one a minute each, and a bounded memory of who waits."""

from cogs._exports import Cooldown


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_member_waits_out_the_minute_and_others_do_not():
    clock = Clock()
    ration = Cooldown(60, limit=100, clock=clock)
    assert ration.wait("ann") == 0
    ration.use("ann")
    clock.now += 20
    assert ration.wait("ann") == 40 and ration.wait("bob") == 0
    clock.now += 40
    assert ration.wait("ann") == 0


def test_it_remembers_at_most_its_limit_and_then_everyone_waits_for_the_oldest():
    clock = Clock()
    ration = Cooldown(60, limit=3, clock=clock)
    for offset, member in enumerate(("ann", "bob", "cat")):
        clock.now = 1000.0 + offset
        ration.use(member)
    assert len(ration._last) == 3
    assert ration.wait("dan") == 58  # full: until ann's minute is over
    clock.now = 1060.0
    assert ration.wait("dan") == 0 and len(ration._last) == 2  # ann forgotten
