"""Checks for the arguments of the public entry points that are not messages (queries, counts, store URLs).

Every refusal is an :class:`~chatcompact.errors.InvalidArgument` (a store URL's: a ConfigError) naming the
argument, so a caller (or the CLI, or an HTTP layer) never sees a raw ``TypeError`` from deep inside a
tokenizer or a store.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable
from typing import Any

from ..errors import ConfigError, InvalidArgument

__all__ = ["MAX_QUERY_CHARS", "check_count", "check_query", "check_recall", "check_store_url"]

MAX_QUERY_CHARS = 100_000  # a query past this is a paste, not a question; recall reads only its first words anyway
_SURROGATE = re.compile("[\\ud800-\\udfff]")


def check_query(query: object, name: str = "query", optional: bool = False) -> str | None:
    """``query`` if it is text every layer can handle (None too when ``optional``)."""
    if query is None and optional:
        return None
    if not isinstance(query, str):
        raise InvalidArgument(f"{name} must be a string, got {type(query).__name__}")
    if _SURROGATE.search(query):
        raise InvalidArgument(f"{name} holds a lone surrogate (not UTF-8 text)")
    return query[:MAX_QUERY_CHARS]


def check_count(value: object, name: str, minimum: int = 0, maximum: int = 10_000) -> int:
    """``value`` if it is an int (not a bool) in ``[minimum, maximum]``."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise InvalidArgument(f"{name} must be an int from {minimum} to {maximum}, got {value!r}")
    return value


def _check_time(value: object, name: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidArgument(f"{name} must be epoch seconds (a finite number) or None, got {value!r}")


def check_recall(
    query: object, k: object, roles: Iterable[Any] | None, since: object, until: object, neighbors: object
) -> str:
    """The arguments of ``Thread.recall``; returns the query."""
    q = check_query(query)
    check_count(k, "k", 1)
    check_count(neighbors, "neighbors", 0, 100)
    _check_time(since, "since")
    _check_time(until, "until")
    if roles is not None and (isinstance(roles, str) or not all(isinstance(r, str) for r in roles)):
        raise InvalidArgument(f"roles must be a list of role names, got {roles!r}")
    assert q is not None
    return q


def check_store_url(url: object) -> None:
    """A store given as a URL or path must be text (or a path-like object) without NUL characters."""
    if url is None or hasattr(url, "thread_info"):  # the default, or a Store object
        return
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if not isinstance(url, str):
        raise ConfigError(f"a store is a URL, a path or a Store object, got {type(url).__name__}: {url!r}")
    if "\x00" in url:
        raise ConfigError("a store URL or path cannot hold a NUL character")
