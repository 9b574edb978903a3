"""Which client a request comes from (the rate limit's key), also behind reverse proxies.

Without trusted proxies the client is the connection's peer and
`X-Forwarded-For` is ignored: anyone can send that header, so believing it by
default would let one visitor pose as any number of addresses. With
`WEB_TRUSTED_PROXIES` the header is read only when the peer is one of them.
Each proxy appends the address it got the request from, so, read from the
right, the first address that is not a trusted proxy is the client; whatever
stands to its left came from the client and is not believed. An entry that
is not an address ends the walk at the last trusted hop.

    client_address("10.0.0.2", ["203.0.113.9, 10.0.0.1"], [ip_network("10.0.0.0/8")])
    # "203.0.113.9"
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

Address = IPv4Address | IPv6Address
Network = IPv4Network | IPv6Network

HEADER = "X-Forwarded-For"


def _address(text: str) -> Address | None:
    """An address as written in a header or by the socket; an IPv4-mapped IPv6 address as IPv4."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _trusted(address: Address, trusted: Iterable[Network]) -> bool:
    return any(address in network for network in trusted)


#: An IPv6 subscriber is given a /64 at least, and may use any of its addresses.
IPV6_SUBSCRIBER = 64


def client_key(client: str) -> str:
    """What the limits count a client by: its IPv4 address, or its IPv6 address's /64 (else a
    visitor could take a fresh budget from each of the 2^64 addresses of their network)."""
    address = _address(client)
    if isinstance(address, IPv6Address):
        return str(ipaddress.ip_network(f"{address}/{IPV6_SUBSCRIBER}", strict=False))
    return client if address is None else str(address)


def is_trusted(peer: str, trusted: Sequence[Network]) -> bool:
    """Whether the socket peer `peer` is one of the trusted reverse proxies."""
    address = _address(peer)
    return address is not None and _trusted(address, trusted)


def client_address(
    peer: str | None, forwarded_for: Sequence[str], trusted: Sequence[Network]
) -> str:
    """The client of a request whose socket peer is `peer` and whose X-Forwarded-For headers
    (each a comma-separated list, in the order received) are `forwarded_for`."""
    nearest = _address(peer or "")
    if nearest is None:
        return peer or ""
    if not _trusted(nearest, trusted):
        return str(nearest)
    hops = [hop for header in forwarded_for for hop in header.split(",")]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break
        nearest = address
        if not _trusted(address, trusted):
            break
    return str(nearest)
