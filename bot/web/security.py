"""Security headers on every response of the web app.

The pages load nothing but their own stylesheet and, on the replay, their own
script: no inline script or style, no frames, no plugins, forms only to
ourselves. The links carry a server's token, so no page tells another site
where the reader came from (`Referrer-Policy: no-referrer`), and none is
stored by shared caches.
"""

from __future__ import annotations

from typing import Final

from aiohttp import web

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    response.headers.update(HEADERS)
    if not request.path.startswith("/static/"):
        response.headers["Cache-Control"] = "no-store"
