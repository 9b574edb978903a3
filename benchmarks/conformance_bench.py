"""What the tests' Discord conformance check costs per request (tests/conformance).

Every request of every SimCord test is checked, so its cost is paid tens of thousands of times a
suite. This times, for a few bodies the bot sends (a full board of five rows of buttons, a hand
view's interaction response, the command tree's upload), the check as the suite runs it (the
spec's schema through its fast yes, then the documented limits), the same body through
jsonschema alone (the authority, which names the field when a body is refused), a repeat of a
body already seen, and the route lookup. Median milliseconds of `--repeat` runs each.

    python benchmarks/conformance_bench.py [--repeat 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def board() -> dict[str, Any]:
    buttons = [
        [{"type": 2, "style": 1, "label": f"Q♠ {r}{c}", "custom_id": f"pinochle:act:1:2:{r}{c}:3"}]
        for r in range(5)
        for c in range(5)
    ]
    rows = [{"type": 1, "components": [b[0] for b in buttons[r * 5 : r * 5 + 5]]} for r in range(5)]
    embed = {
        "title": "Table 1",
        "description": "d" * 1500,
        "fields": [{"name": "n", "value": "v"}] * 8,
    }
    return {"content": "x" * 300, "embeds": [embed], "components": rows}


async def tree() -> list[dict[str, Any]]:
    """The command tree the bot uploads at its start in SimCord, with its Russian texts."""
    import tempfile

    from cogs._bot import create_bot
    from tests.cogs.sim import close_store
    from tests.steady_sim import steady_run

    bot = create_bot(Path(tempfile.mkdtemp()) / "bench.db")
    async with steady_run(bot) as env:
        uploads = [r.json for r in env.http_requests if r.method == "PUT"]
        await close_store(bot)
    return uploads[-1]


def median_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    import asyncio

    from tests.conformance import check, spec

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    repeat = parser.parse_args().repeat
    bodies = [
        ("board (5 rows of 5 buttons, an embed)", "POST", "/channels/1/messages", board()),
        (
            "hand view (interaction response)",
            "POST",
            "/interactions/1/t/callback",
            {"type": 4, "data": board()},
        ),
        (
            "command tree (English and Russian)",
            "PUT",
            "/applications/1/commands",
            asyncio.run(tree()),
        ),
    ]
    print(f"{'body':40} {'check':>9} {'jsonschema':>11} {'repeat':>8}   (median ms)")
    for name, method, path, body in bodies:
        template = spec.find_route(path).template  # type: ignore[union-attr]
        schema = spec.body_validator(template, method, "application/json")
        assert schema is not None
        fresh = median_ms(lambda: list(check.body_violations(template, method, body, 0)), repeat)
        slow = median_ms(lambda: schema.full.is_valid(body), max(3, repeat // 10))
        check.check_request(method, path, body)
        again = median_ms(lambda: check.check_request(method, path, body), repeat)
        print(f"{name:40} {fresh:9.2f} {slow:11.2f} {again:8.2f}")
    spec.find_route.cache_clear()
    lookup = median_ms(lambda: (spec.find_route.cache_clear(), spec.find_route(path)), repeat)
    print(f"route lookup (uncached): {lookup:.3f} ms")


if __name__ == "__main__":
    main()
