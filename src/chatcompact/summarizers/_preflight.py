"""Cheap checks that a model server can work, run when a summarizer is built or a CLI command starts."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from chatcompact.errors import SummarizerUnavailable

_LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})


def check_base_url(name: str, base_url: str) -> None:
    """SummarizerUnavailable unless ``base_url`` is an http(s) URL with a host (and a valid port, if any)."""
    try:
        parts = urlsplit(base_url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number in range
    except ValueError as exc:
        raise SummarizerUnavailable(f"{name}: base URL {base_url!r} does not parse: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SummarizerUnavailable(f"{name}: base URL {base_url!r} must be http(s)://HOST[:PORT]/...")


def check_listening(name: str, base_url: str, timeout: float = 0.5) -> None:
    """For a server on this machine: SummarizerUnavailable if nothing accepts a TCP connection at its port."""
    parts = urlsplit(base_url)
    host = parts.hostname or ""
    if host not in _LOCAL_HOSTS:
        return
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as exc:
        raise SummarizerUnavailable(
            f"{name}: nothing answers at {base_url} ({exc.strerror or exc}); start the server or fix the URL"
        ) from None
