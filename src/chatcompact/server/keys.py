"""API keys, tenants and per-key rate limits.

A key looks like ``cc_<id>_<secret>``. Only ``sha256(secret)`` is kept (in a JSON file, by default
next to the store), so the key is shown once, at creation. Each key belongs to a tenant; every
thread the server touches is namespaced by its tenant (``<tenant>/<thread>`` in the store).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import re
import secrets
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError

TENANT_RE = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_KEY_RE = re.compile(r"^cc_([0-9a-f]{12})_([A-Za-z0-9_-]{20,})$")


@dataclass
class KeyRecord:
    """One key as stored (never the secret itself)."""

    id: str
    tenant: str
    sha256: str
    created_at: float
    name: str = ""
    revoked: bool = False
    rate_per_minute: int | None = None  # None: the server's default


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class KeyFile:
    """The key registry: a small JSON file, rewritten atomically on every change."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._mtime = -1.0
        self._records: dict[str, KeyRecord] = {}

    def _load(self) -> None:
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            self._records, self._mtime = {}, -1.0
            return
        if mtime == self._mtime:
            return
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
            self._records = {r["id"]: KeyRecord(**r) for r in raw.get("keys", [])}
        except (ValueError, TypeError, KeyError) as exc:
            raise ConfigError(f"key file {self.path} is unreadable: {exc}") from exc
        self._mtime = mtime

    def _save(self) -> None:
        _private_dirs(self.path.parent)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"keys": [asdict(r) for r in self._records.values()]}, indent=1), encoding="utf-8")
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)
        self._mtime = self.path.stat().st_mtime

    def create(self, tenant: str, name: str = "", rate_per_minute: int | None = None) -> tuple[str, KeyRecord]:
        """A new key for ``tenant``: returns the full key (shown once) and its record."""
        if not TENANT_RE.match(tenant or ""):
            raise ConfigError(f"tenant must be 1-64 letters, digits, '_', '.' or '-', got {tenant!r}")
        key_id, secret = secrets.token_hex(6), secrets.token_urlsafe(24)
        record = KeyRecord(key_id, tenant, _digest(secret), time.time(), name, False, rate_per_minute)
        with self._lock:
            self._load()
            self._records[key_id] = record
            self._save()
        return f"cc_{key_id}_{secret}", record

    def list(self) -> list[KeyRecord]:
        with self._lock:
            self._load()
            return sorted(self._records.values(), key=lambda r: r.created_at)

    def revoke(self, key_id: str) -> bool:
        """Revoke by id; False if there is no such key."""
        with self._lock:
            self._load()
            record = self._records.get(key_id)
            if record is None:
                return False
            record.revoked = True
            self._save()
            return True

    def check(self, key: str) -> KeyRecord | None:
        """The live record for a presented key, or None (unknown, malformed, revoked)."""
        m = _KEY_RE.match(key or "")
        if not m:
            return None
        with self._lock:
            self._load()
            record = self._records.get(m.group(1))
        if record is None or record.revoked or not hmac.compare_digest(record.sha256, _digest(m.group(2))):
            return None
        return record


def _private_dirs(folder: Path) -> None:
    """Create ``folder`` and its missing parents owner-only (0700), as the store does for ``.chatcompact/``."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        made.mkdir(mode=0o700, exist_ok=True)
        os.chmod(made, 0o700)  # mkdir's mode is narrowed by the umask, never widened; chmod makes it exact


class RateLimiter:
    """A token bucket per key: ``per_minute`` requests, bursts up to the same number."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str, per_minute: int | None = None, now: float | None = None) -> float:
        """0 if the request may go ahead, else the seconds until it may (for ``Retry-After``)."""
        rate = per_minute or self.per_minute
        if rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(key, (float(rate), now))
            tokens = min(float(rate), tokens + (now - last) * rate / 60.0)
            if tokens >= 1.0:
                self._buckets[key] = (tokens - 1.0, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1.0 - tokens) * 60.0 / rate


def retry_after(seconds: float) -> str:
    """``Retry-After`` header value: whole seconds, at least 1."""
    return str(max(1, math.ceil(seconds)))


def presented_key(headers: Any) -> str | None:
    """The key a client sent: ``Authorization: Bearer`` (OpenAI SDKs) or ``x-api-key`` (Anthropic SDKs)."""
    auth = headers.get("authorization") or ""
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    key = headers.get("x-api-key")
    return key if isinstance(key, str) else None
