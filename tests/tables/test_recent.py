"""The service's small least-recently-used map (finished tables, deal reviews)."""

from __future__ import annotations

import pytest

from bot.tables.recent import Recent


def test_the_entry_used_longest_ago_goes_first():
    kept: Recent[int, str] = Recent(2)
    kept.put(1, "one")
    kept.put(2, "two")
    assert kept.get(1) == "one"  # 1 is now the most recently used
    kept.put(3, "three")
    assert (kept.get(2), kept.get(1), kept.get(3), len(kept)) == (None, "one", "three", 2)


def test_a_map_needs_room_for_one_entry():
    with pytest.raises(ValueError, match="not 0"):
        Recent(0)
