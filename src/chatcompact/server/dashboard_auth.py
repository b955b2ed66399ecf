"""The dashboard's login: a form posts the key once, in the body; the answer sets a session cookie.

No key ever travels in a URL (where access logs, browser history and ``Referer`` headers would keep it) and
the page's scripts never hold it: the cookie is ``HttpOnly``, ``SameSite=Strict``, scoped to the dashboard's
paths and ``Secure`` over https. Its value names the key by id and proves the login with an HMAC under a
secret that lives only in this process, bound to that key's stored hash: revoking or rotating the key ends its
sessions at once, a restart ends them all, and the cookie is useless as an API key. The session is the key's
tenant, so every dashboard route is tenant-scoped exactly as the API is. With ``--no-auth`` the dashboard is
the ``local`` tenant, as every other route.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from urllib.parse import parse_qs

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from .keys import KeyRecord, presented_key, retry_after
from .service import LOCAL_TENANT, Caller, HTTPProblem, Service, error_response

COOKIE = "chatcompact_session"
SESSION_S = 12 * 3600
LOGIN_MAX_BODY = 4096
LOGIN_RATE = 30  # login attempts per minute per client address

# what must never reach a log line: a key (cc_<id>_<secret>) and any ``key=`` query value
_KEYS = re.compile(r"cc_[0-9a-f]{12}_[A-Za-z0-9_-]+")
_KEY_PARAM = re.compile(r"((?:^|[?&])(?:api_?key|key|token)=)[^&\s\"]*", re.I)


def redact(text: str) -> str:
    """``text`` with keys and ``key=`` query values replaced by ``[redacted]``."""
    return _KEY_PARAM.sub(r"\1[redacted]", _KEYS.sub("cc_[redacted]", text))


class RedactKeys(logging.Filter):
    """A log filter for uvicorn's access log: a key sent in a URL anyway (an old bookmark of ``/?key=``) is
    written as ``[redacted]``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install_log_filter() -> None:
    """Add ``RedactKeys`` to uvicorn's access logger once."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactKeys) for f in access.filters):
        access.addFilter(RedactKeys())


class Sessions:
    """Signs and checks session cookies (stateless within this process)."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self._secret = secrets.token_bytes(32)

    def _mac(self, record: KeyRecord, expires: int) -> str:
        msg = f"{record.id}|{record.sha256}|{expires}".encode()
        return hmac.new(self._secret, msg, hashlib.sha256).hexdigest()

    def issue(self, record: KeyRecord, now: float | None = None) -> str:
        expires = int((time.time() if now is None else now) + SESSION_S)
        return f"v1.{record.id}.{expires}.{self._mac(record, expires)}"

    def check(self, value: str, now: float | None = None) -> KeyRecord | None:
        """The live key record behind a cookie value, or None (malformed, expired, forged, key revoked)."""
        parts = value.split(".")
        if len(parts) != 4 or parts[0] != "v1" or not parts[2].isdigit():
            return None
        key_id, expires, mac = parts[1], int(parts[2]), parts[3]
        if expires < (time.time() if now is None else now):
            return None
        record = next((r for r in self.service.keys.list() if r.id == key_id), None)
        if record is None or record.revoked or not hmac.compare_digest(mac, self._mac(record, expires)):
            return None
        return record

    # ------------------------------------------------------------ who is calling
    def caller(self, request: Request) -> Caller:
        """The dashboard caller: the session cookie's tenant (or an API key header, for scripts); 401 otherwise.
        Each request counts against the key's rate limit, as on the API."""
        svc = self.service
        if not svc.config.auth:
            return Caller(LOCAL_TENANT)
        record = self.check(request.cookies.get(COOKIE, ""))
        if record is None and presented_key(request.headers):
            record = svc.keys.check(presented_key(request.headers) or "")
        if record is None:
            raise HTTPProblem(401, "not signed in: sign in with your API key on the dashboard's login form")
        wait = svc.limiter.take(record.id, record.rate_per_minute)
        if wait:
            raise HTTPProblem(429, "rate limit exceeded for this key", {"Retry-After": retry_after(wait)})
        return Caller(record.tenant, record.id)

    # ------------------------------------------------------------ routes
    async def login(self, request: Request) -> Response:
        """``POST /dashboard/login`` with ``{"key": ...}`` (JSON) or ``key=...`` (an HTML form, no script)."""
        form = "application/x-www-form-urlencoded" in request.headers.get("content-type", "")
        try:
            self._login_rate(request)
            key = await _posted_key(request)
            record = self.service.keys.check(key) if self.service.config.auth else None
            if self.service.config.auth and record is None:
                raise HTTPProblem(401, "that is not a valid API key (cc_...)")
        except HTTPProblem as exc:
            if form:
                return RedirectResponse("/?login=failed", 303)
            return error_response(exc)
        body = {"tenant": record.tenant if record else LOCAL_TENANT}
        response: Response = RedirectResponse("/", 303) if form else JSONResponse(body)
        if record is not None:
            response.set_cookie(
                COOKIE,
                self.issue(record),
                max_age=SESSION_S,
                path="/dashboard",
                httponly=True,
                samesite="strict",
                secure=request.url.scheme == "https",
            )
        return response

    async def logout(self, request: Request) -> Response:
        response = JSONResponse({"signed_out": True})
        response.delete_cookie(COOKIE, path="/dashboard", httponly=True, samesite="strict")
        return response

    async def session(self, request: Request) -> Response:
        """``GET /dashboard/api/session``: who the page is signed in as (401 when it is not)."""
        try:
            caller = self.caller(request)
        except HTTPProblem as exc:
            return error_response(exc)
        return JSONResponse({"tenant": caller.tenant, "auth": self.service.config.auth})

    def _login_rate(self, request: Request) -> None:
        host = request.client.host if request.client else "?"
        wait = self.service.limiter.take(f"login:{host}", LOGIN_RATE)
        if wait:
            raise HTTPProblem(429, "too many sign-in attempts", {"Retry-After": retry_after(wait)})


async def _posted_key(request: Request) -> str:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > LOGIN_MAX_BODY:
            raise HTTPProblem(413, f"sign-in body over {LOGIN_MAX_BODY} bytes")
    text = raw.decode("utf-8", "replace")
    if "application/x-www-form-urlencoded" in request.headers.get("content-type", ""):
        key: object = (parse_qs(text).get("key") or [""])[0]
    else:
        try:
            body = json.loads(text or "{}")
        except ValueError:
            raise HTTPProblem(400, 'sign-in body must be JSON {"key": ...}') from None
        key = body.get("key") if isinstance(body, dict) else None
    if not isinstance(key, str):
        raise HTTPProblem(400, "key: a string is required")
    return key.strip()
