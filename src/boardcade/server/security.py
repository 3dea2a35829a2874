"""Who may talk to the server, and what every answer tells the browser.

An ASGI middleware in front of everything:
- Host check: the Host header must be one of the allowed names (by default the loopback names when the server
  listens on loopback), which stops DNS-rebinding pages from reaching a server on 127.0.0.1.
- Origin check: a browser request from another site (its Origin header differs from the Host it asks, and is
  not listed in allowed_origins) may not open a WebSocket or send a POST.
- POST bodies must be application/json: a cross-site form or `fetch(..., {mode: "no-cors"})` can only send
  text/plain, url-encoded or multipart bodies without asking first, so they are refused before being read.
  The one exception: /email/unsubscribe takes a form POST from anywhere (a mail program's one-click
  unsubscribe, RFC 8058); it needs the secret token in its link and can only turn mails off.
- HTTP API requests per client address are rate limited.
- Security headers on every HTTP answer: a Content-Security-Policy that allows only this server's own scripts,
  styles, images and connections and no framing, plus nosniff, no-referrer and no framing for older browsers.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import STATUS, dumps
from .limits import KeyedBuckets
from .settings import Settings

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
ONE_CLICK = "/email/unsubscribe"  # email_routes.UNSUBSCRIBE_PATH: takes a form POST from anywhere (RFC 8058)
VERIFY = "/email/verify"  # email_routes.VERIFY_PATH: its page's form POST, from this site's own page only
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None


def _strip_port(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.index("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    def __init__(self, app: ASGIApp, settings: Settings):
        self.app = app
        self.hosts = settings.host_names()
        self.origins = {o.rstrip("/").lower() for o in settings.allowed_origins}
        self.requests = KeyedBuckets(settings.requests_per_second, settings.request_burst)

    def _refusal(self, scope: Scope) -> tuple[str, str] | None:
        host = _header(scope, b"host") or ""
        if self.hosts is not None and _strip_port(host) not in self.hosts:
            return "bad_origin", f"this server does not answer to the host name {host[:100]!r}"
        origin = _header(scope, b"origin")
        unsafe = scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if scope["type"] == "http" and scope["path"] == ONE_CLICK and scope["method"] == "POST":
            # RFC 8058: a mail program (no origin of ours) posts a form; the token in the link is the proof
            kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
            if kind in ("application/x-www-form-urlencoded", "multipart/form-data"):
                return None
        if unsafe and origin is not None and origin.lower() != "null":
            same = urlsplit(origin).netloc.lower() == host.lower()
            if not same and origin.rstrip("/").lower() not in self.origins:
                return "bad_origin", f"requests from the web page at {origin[:100]!r} are not allowed here"
        elif unsafe and origin is not None:  # "null": a sandboxed frame or a file: page
            return "bad_origin", "requests from a page without an origin are not allowed here"
        if scope["type"] == "http" and scope["method"] == "POST":
            kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
            if scope["path"] == VERIFY and kind in FORMS and origin is not None:
                return None  # the confirmation page's button: a browser form, its Origin ours (checked above)
            if kind != "application/json":
                return "bad_media_type", f"send the body as application/json, not {kind or 'no content type'}"
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            client = scope.get("client")
            if not self.requests.allow(client[0] if client else "unknown"):
                return "rate_limited", "too many requests from your address; slow down"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        refusal = self._refusal(scope)
        if refusal is not None:
            code, message = refusal
            if scope["type"] == "websocket":  # refuse the handshake (HTTP 403), before any frame is read
                await send({"type": "websocket.close", "code": 1008, "reason": code})
                return
            body = dumps({"error": {"code": code, "message": message}}).encode()
            headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": STATUS[code], "headers": headers + SECURITY_HEADERS})
            await send({"type": "http.response.body", "body": body})
            return
        if scope["type"] == "websocket":
            return await self.app(scope, receive, send)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
