"""Fixtures shared by the computer-player tests."""

from __future__ import annotations

import math

import pytest

import bot.ai.hard as hard_search


@pytest.fixture
def counted_budget_only(monkeypatch):
    """A decision is a function of the view and the seed while the search stops on its count of work;
    the wall-clock guard (`hard.GUARD`, for a machine too busy to keep to the budget) is the one
    exception, so tests of sameness switch it off rather than depend on the machine's load."""
    monkeypatch.setattr(hard_search, "GUARD", math.inf)
