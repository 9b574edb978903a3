"""The rate limit's client behind reverse proxies: X-Forwarded-For only from `WEB_TRUSTED_PROXIES`.

aiohttp's test client connects from 127.0.0.1, so in the app-level tests that
address is the proxy in front of the pages (trusted or not).
"""

from __future__ import annotations

from ipaddress import ip_network

import pytest

from bot.__main__ import main
from bot.config import Config, ConfigError
from bot.web.clients import client_address, client_key
from bot.web.ratelimit import RateLimit

from .pages import FakeClock, web_client

NGINX = [ip_network("10.0.0.0/8"), ip_network("fd00::/8")]


def test_without_trusted_proxies_the_header_is_ignored():
    assert client_address("198.51.100.7", ["203.0.113.1"], []) == "198.51.100.7"
    assert client_address("10.0.0.2", ["203.0.113.1"], []) == "10.0.0.2"


def test_a_spoofed_header_from_an_untrusted_peer_is_ignored():
    # A visitor talking to the app directly writes whatever it likes in the header.
    assert client_address("198.51.100.7", ["1.2.3.4, 10.0.0.1"], NGINX) == "198.51.100.7"


def test_one_trusted_proxy_names_the_client():
    assert client_address("10.0.0.2", ["203.0.113.9"], NGINX) == "203.0.113.9"


def test_a_chain_of_trusted_proxies_is_walked_from_the_right():
    # client -> 10.0.0.5 (edge) -> 10.0.0.2 (inner) -> app; the inner one appends the edge's address.
    assert client_address("10.0.0.2", ["203.0.113.9, 10.0.0.5"], NGINX) == "203.0.113.9"
    # What the client put in the header itself stands left of it and is not believed.
    forged = ["6.6.6.6, 10.0.0.7, 203.0.113.9, 10.0.0.5"]
    assert client_address("10.0.0.2", forged, NGINX) == "203.0.113.9"
    # Several header lines are one list, in the order received.
    assert client_address("10.0.0.2", ["6.6.6.6", "203.0.113.9, 10.0.0.5"], NGINX) == (
        "203.0.113.9"
    )


def test_garbage_in_the_header_stops_at_the_last_trusted_hop():
    assert client_address("10.0.0.2", ["not-an-ip, 10.0.0.5"], NGINX) == "10.0.0.5"
    assert client_address("10.0.0.2", ["203.0.113.9,"], NGINX) == "10.0.0.2"
    # No header at all: a request made by the proxy itself (a health check, say).
    assert client_address("10.0.0.2", [], NGINX) == "10.0.0.2"


def test_ipv6_and_ipv4_mapped_peers():
    assert client_address("fd00::2", ["2001:db8::1"], NGINX) == "2001:db8::1"
    # A dual-stack socket reports an IPv4 proxy as ::ffff:10.0.0.2.
    assert client_address("::ffff:10.0.0.2", ["203.0.113.9"], NGINX) == "203.0.113.9"


def test_trusted_proxies_setting_and_its_refusals():
    assert Config.from_env({}).web_trusted_proxies == ()  # never trusted by default
    settings = Config.from_env({"WEB_TRUSTED_PROXIES": " 127.0.0.1, 10.0.0.0/8,::1 "})
    assert settings.web_trusted_proxies == (
        ip_network("127.0.0.1/32"),
        ip_network("10.0.0.0/8"),
        ip_network("::1/128"),
    )
    for value, said in (
        ("nginx", "'nginx' is not one"),
        ("10.0.0.1/8", "'10.0.0.1/8' is not one .*has host bits set"),
        ("10.0.0.300", "'10.0.0.300' is not one"),
        ("10.0.0.1,,10.0.0.2", "one entry is empty"),
    ):
        with pytest.raises(ConfigError, match=f"WEB_TRUSTED_PROXIES must list addresses.*{said}"):
            Config.from_env({"WEB_TRUSTED_PROXIES": value})


def test_python_m_bot_web_refuses_a_malformed_proxy_list(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("WEB_TRUSTED_PROXIES", "10.0.0.0/8, proxy.internal")
    assert main(["web", "--database", str(tmp_path / "none.db")]) == 2
    assert "'proxy.internal' is not one" in capsys.readouterr().err


def limit() -> RateLimit:
    """Two requests per client, then (on a clock that stands still) none."""
    return RateLimit(burst=2, per_second=0.1, clock=FakeClock())


async def test_behind_a_trusted_proxy_the_limit_is_per_real_client(league):
    chips = f"/s/{league.token}/chips"
    trusted = [ip_network("127.0.0.1/32"), ip_network("10.0.0.0/8")]
    async with web_client(league, limit=limit(), trusted_proxies=trusted) as client:

        async def status(forwarded: str) -> int:
            return (await client.get(chips, headers={"X-Forwarded-For": forwarded})).status

        assert [await status("198.51.100.7") for _ in range(3)] == [200, 200, 429]
        # Another visitor through the same proxy keeps a budget of their own.
        assert await status("198.51.100.8") == 200
        # Through two proxies, and with a forged entry in front: still the first visitor.
        assert await status("9.9.9.9, 198.51.100.7, 10.0.0.5") == 429
        assert await status("198.51.100.8, 10.0.0.5") == 200
        assert await status("198.51.100.8") == 429


async def test_from_an_untrusted_peer_a_new_header_buys_no_new_budget(league):
    chips = f"/s/{league.token}/chips"
    async with web_client(league, limit=limit()) as client:
        statuses = [
            (await client.get(chips, headers={"X-Forwarded-For": f"198.51.100.{n}"})).status
            for n in range(3)
        ]
        assert statuses == [200, 200, 429]  # all of them count against 127.0.0.1


async def test_an_ipv6_visitor_is_counted_by_their_network_not_each_address(league):
    chips = f"/s/{league.token}/chips"
    trusted = [ip_network("127.0.0.1/32")]
    async with web_client(league, limit=limit(), trusted_proxies=trusted) as client:

        async def status(forwarded: str) -> int:
            return (await client.get(chips, headers={"X-Forwarded-For": forwarded})).status

        # Every address of one /64 is one subscriber's: a fresh address buys no fresh budget.
        rotating = ["2001:db8:1:2::1", "2001:db8:1:2::ffff", "2001:db8:1:2:abcd::9"]
        assert [await status(address) for address in rotating] == [200, 200, 429]
        assert await status("2001:db8:1:3::1") == 200  # the next network is someone else
    assert client_key("2001:db8:1:2:abcd::9") == "2001:db8:1:2::/64"
    assert client_key("::ffff:203.0.113.9") == client_key("203.0.113.9") == "203.0.113.9"
