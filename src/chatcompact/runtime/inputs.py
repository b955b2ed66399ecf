"""Checks for the arguments of the public entry points that are not messages (queries, counts, store URLs).

Every refusal is an :class:`~chatcompact.errors.InvalidArgument` (a store URL's: a ConfigError) naming the
argument, so a caller (or the CLI, or an HTTP layer) never sees a raw ``TypeError`` from deep inside a
tokenizer or a store.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..errors import ConfigError, InvalidArgument, InvalidMessage
from ..types import _plain_json

__all__ = [
    "MAX_QUERY_CHARS",
    "RESERVED_PREFIX",
    "check_compact",
    "check_count",
    "check_query",
    "check_recall",
    "check_store_url",
    "check_thread_id",
    "check_tools",
]

MAX_QUERY_CHARS = 100_000  # a query past this is a paste, not a question; recall reads only its first words anyway
#: Thread ids chatcompact keeps for itself (e.g. ``__chatcompact_migration_incomplete__``, the mark of an unfinished
#: migration, which makes every later ``Memory.open`` refuse the store): no application may create one.
RESERVED_PREFIX = "__chatcompact"
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
    if roles is not None and (
        isinstance(roles, str | bytes | Mapping)
        or not isinstance(roles, Iterable)
        or not all(isinstance(r, str) for r in roles)
    ):
        raise InvalidArgument(f"roles must be a list of role names, got {roles!r}")
    assert q is not None
    return q


def check_speaker_weight(value: object) -> float | None:
    """``speaker_weight`` of ``recall``: None (the Policy's) or a finite number >= 0."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        raise InvalidArgument(f"speaker_weight must be a finite number >= 0 or None, got {value!r}")
    return float(value)


def check_exclude(value: object) -> frozenset[int]:
    """``exclude`` of ``recall``: message seqs (ints), as a set."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise InvalidArgument(f"exclude must be a list of message ids (ints), got {type(value).__name__} {value!r}")
    ids = list(value)
    bad = [v for v in ids if isinstance(v, bool) or not isinstance(v, int)]
    if bad:
        raise InvalidArgument(f"exclude must hold message ids (ints), got {bad[0]!r}")
    return frozenset(ids)


def check_compact(keep_tokens: object, focus: object) -> tuple[int | None, str | None]:
    """The arguments of ``Thread.compact``: ``keep_tokens`` None or an int >= 0 (not a bool, not 1.5 or NaN)."""
    if keep_tokens is not None:
        check_count(keep_tokens, "keep_tokens", 0, 10**9)
    return keep_tokens, check_query(focus, "focus", optional=True)  # type: ignore[return-value]


def check_tools(tools: object) -> list[dict[str, Any]] | None:
    """``tools`` of ``context``/``assemble``: None or a list of tool schemas (dicts of plain JSON text that every
    tokenizer and provider can encode: no lone surrogates, NaN, sets or 32-deep nesting)."""
    if tools is None:
        return None
    if isinstance(tools, str | bytes | Mapping) or not isinstance(tools, Sequence):
        raise InvalidArgument(f"tools must be a list of tool schemas (dicts), got {type(tools).__name__}")
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            raise InvalidArgument(f"tools[{i}] must be a tool schema (a dict), got {type(tool).__name__}")
        try:
            _plain_json(tool, f"tools[{i}]", 1)
        except InvalidMessage as exc:
            raise InvalidArgument(f"{exc.field} {exc.problem}") from None
    return [dict(t) for t in tools]


def check_thread_id(thread_id: object) -> None:
    """A thread id an application may create: a string, not one of chatcompact's own (:data:`RESERVED_PREFIX`).
    (Length and characters are the store's to check, at its boundary.)"""
    if not isinstance(thread_id, str):
        raise InvalidArgument(f"a thread id is a string, got {type(thread_id).__name__} {thread_id!r:.80}")
    if thread_id.startswith(RESERVED_PREFIX):
        raise InvalidArgument(
            f"thread id {thread_id[:80]!r} is reserved: ids starting {RESERVED_PREFIX!r} are chatcompact's"
        )


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
