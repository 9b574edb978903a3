"""The services over a fresh store (SQLite and PostgreSQL, as the store tests), clock the test's."""

import pytest

from bot.services import Services
from tests.store.conftest import clock, store  # noqa: F401  (the store tests' fixtures)


@pytest.fixture
def services(store) -> Services:  # noqa: F811
    return Services(store)
