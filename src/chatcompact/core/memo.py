"""Memos of values derived from conversation text, scoped to one operation, never module-wide (issue 22 §6).

The pinning rules, the extractive summarizer and the language detector ask about the same message and sentence
strings many times within one compaction or one context. A module-level cache would serve that too, but it would
also keep every user's text in the process after the call, shared by every thread and tenant, and survive a
``forget``. A memo here lives in a *scope*: the drivers open one around each engine flow and each assembly
(:func:`scope`); outside any scope nothing is memoised (the value is computed each time). Nothing a scope
memoised outlives it.

    with memo.scope():
        ... every memo(...) call in here, on this thread and in tasks it starts, shares one table ...
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

__all__ = ["LIMIT", "memo", "scope"]

T = TypeVar("T")
LIMIT = 50_000  # entries per scope; past it, values are computed without being kept

_TABLE: ContextVar[dict[tuple[str, Hashable], Any] | None] = ContextVar("chatcompact_memo", default=None)


def memo(kind: str, key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, memoised under ``(kind, key)`` in the current scope (computed each time outside one)."""
    table = _TABLE.get()
    if table is None:
        return compute()
    k = (kind, key)
    try:
        value: T = table[k]
        return value
    except KeyError:
        value = compute()
        if len(table) < LIMIT:
            table[k] = value
        return value


@contextmanager
def scope() -> Iterator[None]:
    """A memo table for the block (the enclosing scope's, when one is open already)."""
    if _TABLE.get() is not None:
        yield
        return
    token = _TABLE.set({})
    try:
        yield
    finally:
        _TABLE.reset(token)
