"""Stores and the one registry that turns a store URL into a store object.

Accepted URLs (the CLI, the server and ``Settings.store`` all go through :func:`open_store`)::

    sqlite:///relative/path.db     SQLite file, relative to the current directory
    sqlite:////absolute/path.db    SQLite file, absolute path
    sqlite://  or  :memory:        SQLite in memory
    memory://                      InMemoryStore (dicts)
    postgresql://user@host/db      PostgreSQL with pgvector (``chatcompact[postgres]``); any libpq URL
    path/to/file.db                a plain path (no scheme) is a SQLite file
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable

from ..errors import ConfigError
from ..protocols import FullStore
from .memory import InMemoryStore
from .sqlite import SQLiteStore

# "scheme://"; a "scheme+driver://" form (SQLAlchemy style) resolves by its scheme.
_SCHEME_RE = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_ACCEPTED = "sqlite:///relative.db, sqlite:////absolute.db, sqlite:// or :memory: (SQLite in memory), memory://, "
_ACCEPTED += "postgresql://user@host/db, or a plain file path"
log = logging.getLogger("chatcompact.store")


def _open_sqlite(rest: str, synchronous: str) -> FullStore:
    # SQLAlchemy's convention: after "sqlite://" comes an empty host, then "/" and the path,
    # so "sqlite:///a.db" is relative and "sqlite:////a.db" is absolute.
    if rest in ("", "/:memory:"):
        return SQLiteStore(":memory:", synchronous)
    if not rest.startswith("/") or rest == "/":
        raise ConfigError(f"sqlite URL needs a path: use sqlite:///relative.db or sqlite:////absolute.db, got {rest!r}")
    return SQLiteStore(rest[1:], synchronous)


def _open_memory(rest: str, synchronous: str) -> FullStore:
    if rest:
        raise ConfigError(f"memory:// takes no path, got memory://{rest}")
    return InMemoryStore()


def _open_postgres(url: str) -> FullStore:
    from .postgres import PostgresStore  # lazy: psycopg is an optional extra (MissingDependency names it)

    return PostgresStore(url)


_OPENERS: dict[str, Callable[[str, str], FullStore]] = {
    "sqlite": _open_sqlite,
    "memory": _open_memory,
}
_URL_OPENERS: dict[str, Callable[[str], FullStore]] = {"postgresql": _open_postgres, "postgres": _open_postgres}


def open_store(url: str, *, synchronous: str = "FULL") -> FullStore:
    """Open the store a URL names (see the module docstring); ConfigError for anything else.

    ``synchronous`` is SQLite's durability level (FULL survives power loss, NORMAL process crashes).
    """
    store = _open_store(url, synchronous)
    # the location is logged for files only: a database URL may carry a password
    log.info("opened %s%s", type(store).__name__, f" at {store.path}" if hasattr(store, "path") else "")
    return store


def _open_store(url: str, synchronous: str) -> FullStore:
    if not isinstance(url, str) or not url.strip():
        raise ConfigError(f"store URL must be a non-empty string, got {url!r}; accepted: {_ACCEPTED}")
    url = url.strip()
    if url == ":memory:":
        return SQLiteStore(":memory:", synchronous)
    match = _SCHEME_RE.match(url)
    if match is None:
        return SQLiteStore(os.path.expanduser(url), synchronous)
    scheme = match.group(1).lower()
    base = scheme.split("+", 1)[0]
    if base in _URL_OPENERS:  # libpq parses the whole URL itself (without a "+driver" suffix)
        return _URL_OPENERS[base](f"{base}://{url[match.end() :]}")
    opener = _OPENERS.get(base)
    if opener is None:
        # The URL itself is not echoed: it may carry credentials.
        raise ConfigError(f"unknown store scheme {scheme!r}; accepted: {_ACCEPTED}")
    return opener(url[match.end() :], synchronous)


__all__ = ["InMemoryStore", "SQLiteStore", "open_store"]
