"""Reading an event's start time (`/league event new start:`), in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


def parse_start(text: str, now: datetime) -> datetime | None:
    """`20:30` (the next such time from `now`) or `2026-12-04 20:30`, in UTC; None if unreadable.

    A bare time already past today means tomorrow's.
    """
    text = " ".join(text.strip().replace("T", " ").split())
    for form in ("%Y-%m-%d %H:%M", "%H:%M"):
        try:
            parsed = datetime.strptime(text, form)
        except ValueError:
            continue
        if form == "%H:%M":
            at = now.astimezone(UTC).replace(
                hour=parsed.hour, minute=parsed.minute, second=0, microsecond=0
            )
            return at if at > now else at + timedelta(days=1)
        return parsed.replace(tzinfo=UTC)
    return None
