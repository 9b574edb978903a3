"""Database URLs as they may be shown: never a password, in any message, refusal or log line.

A PostgreSQL URL can carry secrets in two places: its user info
(`postgresql://bot:PASSWORD@host/db`) and its query (`?password=…`,
`?sslpassword=…`). `safe_url` masks both, and `scrub` masks them inside any
text built from the URL (a driver's error may quote it): only in a secret's
place (a URL's user info, a `password=` pair), never its letters elsewhere, so
a short password never garbles the words around it. Neither ever raises,
whatever the URL looks like: a malformed URL is still shown without secrets.

    safe_url("postgresql://bot:hunter2@db/pinochle?password=x")
    # "postgresql://bot:***@db/pinochle?password=***"
"""

from __future__ import annotations

import re
from typing import Final
from urllib.parse import unquote

MASK: Final = "***"
#: Query parameters whose value is secret (a name containing any of these, in any case).
_SECRET_NAMES: Final = ("pass", "secret", "token", "key")
_URL: Final = re.compile(
    r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*://)(?P<authority>[^/?#]*)(?P<rest>.*)", re.S
)
#: A URL inside a line of text: up to the next space or quote.
_URL_IN_TEXT: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>]+")
#: Where a secret stands in text: after "user:" and before "@", or after "name=" (quoted or not).
_PLACE: Final = r"(?P<before>:|(?:{names})[\w-]*\s*=\s*['\"]?){secret}(?P<after>@|\W|$)"


def _parts(url: str) -> tuple[str, str, str, str, str] | None:
    """(scheme://, user info, host, path, query and fragment) of a URL; None for a plain path."""
    match = _URL.fullmatch(url)
    if match is None:
        return None
    userinfo, at, host = match["authority"].rpartition("@")
    path, mark, query = match["rest"].partition("?")
    return match["scheme"], userinfo if at else "", host, path, mark + query


def _secret_param(pair: str) -> bool:
    name = unquote(pair.partition("=")[0]).lower()
    return any(word in name for word in _SECRET_NAMES)


def secrets_of(url: str) -> list[str]:
    """The secret values in `url`, as written and percent-decoded, longest first."""
    parts = _parts(url)
    if parts is None:
        return []
    _, userinfo, _, _, query = parts
    found = []
    if ":" in userinfo:
        found.append(userinfo.partition(":")[2])
    for pair in re.split(r"[&;]", query.lstrip("?").partition("#")[0]):
        if "=" in pair and _secret_param(pair):
            found.append(pair.partition("=")[2])
    values = {value for secret in found for value in (secret, unquote(secret)) if value}
    return sorted(values, key=len, reverse=True)


def safe_url(url: str) -> str:
    """`url` with its password and secret query values masked; a file path unchanged."""
    parts = _parts(url)
    if parts is None:
        return url
    scheme, userinfo, host, path, query = parts
    if ":" in userinfo:
        userinfo = userinfo.partition(":")[0] + ":" + MASK
    if query:
        query, mark, fragment = query.partition("#")
        pairs = re.split(r"([&;])", query.lstrip("?"))
        query = "?" + "".join(
            pair.partition("=")[0] + "=" + MASK if "=" in pair and _secret_param(pair) else pair
            for pair in pairs
        )
        query += mark + fragment
    return scheme + (userinfo + "@" if userinfo else "") + host + path + query


def scrub(text: str, *urls: str) -> str:
    """`text` with every URL in it shown safely, and each secret of `urls` masked where a secret
    stands (a user info's password, a secret parameter's value), its letters elsewhere left be."""
    for url in urls:
        if url:
            text = text.replace(url, safe_url(url))
    text = _URL_IN_TEXT.sub(lambda found: safe_url(found.group()), text)
    names = "|".join(_SECRET_NAMES)
    for url in urls:
        for secret in secrets_of(url) if url else []:
            place = _PLACE.format(names=names, secret=re.escape(secret))
            text = re.sub(place, rf"\g<before>{MASK}\g<after>", text, flags=re.I)
    return text
