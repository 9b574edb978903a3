"""Without chromium the browser tests say so: skipped with the reason, or failed where CI requires them."""

from __future__ import annotations

import pytest

from tests.web import browser


def test_without_chromium_the_browser_tests_are_skipped_saying_why(monkeypatch):
    monkeypatch.setattr(browser, "chromium_path", lambda: None)
    monkeypatch.delenv(browser.REQUIRE_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="NO CHROMIUM: the browser tests did not run"):
        browser.require_chromium()


def test_without_chromium_the_browser_tests_fail_where_they_are_required(monkeypatch):
    monkeypatch.setattr(browser, "chromium_path", lambda: None)
    monkeypatch.setenv(browser.REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="PINOCHLE_REQUIRE_BROWSER is set"):
        browser.require_chromium()


def test_with_chromium_the_browser_tests_run(monkeypatch):
    monkeypatch.setattr(browser, "chromium_path", lambda: "/usr/bin/chromium")
    monkeypatch.setenv(browser.REQUIRE_ENV, "1")
    browser.require_chromium()  # neither skips nor fails
