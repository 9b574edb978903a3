"""Reading an event's start time."""

from datetime import UTC, datetime

from bot.nights.when import parse_start

NOW = datetime(2026, 12, 4, 18, 0, tzinfo=UTC)


def test_a_time_later_today_is_today_and_an_earlier_one_tomorrow():
    assert parse_start("20:30", NOW) == datetime(2026, 12, 4, 20, 30, tzinfo=UTC)
    assert parse_start("09:15", NOW) == datetime(2026, 12, 5, 9, 15, tzinfo=UTC)


def test_a_full_date_and_time():
    assert parse_start(" 2026-12-24  19:00 ", NOW) == datetime(2026, 12, 24, 19, 0, tzinfo=UTC)


def test_unreadable_times_are_none():
    for text in ("", "tonight", "25:00", "2026-13-01 10:00", "20.30"):
        assert parse_start(text, NOW) is None
