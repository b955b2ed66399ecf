"""Is a summarizer's delta fit to land? Pure checks against the schema and the span it folds.

Whatever a model (or a third-party summarizer) returns passes through :func:`check_delta` before
anything is merged or committed. A delta is refused (:class:`~chatcompact.errors.InvalidSummary`,
a failed compaction: an event, a retry, never a commit) when it

* names an unknown section, or carries a value of the wrong type;
* cites messages outside the folded span, or every cited id of it was foreign (invented provenance);
* is empty although the span holds real content (a reply of ``{}`` or ``{"foo": 1}`` must not fold
  turns into nothing);
* is larger than any useful delta: more items per section than :func:`max_items` or more characters
  in all than :func:`max_chars`. The bounds are checked first, in one linear pass, so the work a
  compaction does is bounded whatever the model returns.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..config import Policy
from ..errors import InvalidSummary
from ..types import Message, SummaryDelta, SummaryItem
from .merge import validate_delta

#: A span with fewer distinct words than this ("ok", "thanks!", a line repeated) may fairly yield an empty delta.
TRIVIAL_SPAN_WORDS = 12
_WORD = re.compile(r"[^\W_]{2,}")
#: Items a delta may propose per section: this many times the section's cap (and at least MIN_ITEMS).
ITEMS_PER_CAP = 4
MIN_ITEMS = 32
#: Characters a whole delta may hold: this many times the state's own character cap (and at least MIN_CHARS).
CHARS_PER_CAP = 8
MIN_CHARS = 20_000


def max_items(policy: Policy, section: str, span: int = 0) -> int:
    """The most items a delta over ``span`` messages may add to ``section`` (one per message is plausible)."""
    return max(ITEMS_PER_CAP * policy.section_caps.get(section, 1), MIN_ITEMS, span)


def max_chars(policy: Policy) -> int:
    """The most characters (items, resolutions and narrative together) a delta may hold."""
    return max(CHARS_PER_CAP * (policy.summary_max_chars or 0), CHARS_PER_CAP * policy.narrative_max_chars, MIN_CHARS)


def span_is_trivial(messages: Sequence[Message]) -> bool:
    """True when the folded messages hold few distinct words (an empty delta for them is fine)."""
    words: set[str] = set()
    for m in messages:
        for w in _WORD.finditer(m.searchable_text, 0, 4000):  # bounded: a few thousand chars decide it
            words.add(w.group().casefold())
            if len(words) >= TRIVIAL_SPAN_WORDS:
                return False
    return True


def size_problems(delta: SummaryDelta, policy: Policy, span: int = 0) -> list[str]:
    """Problems with the delta's size (linear in the delta, stops at the first bound crossed)."""
    problems: list[str] = []
    limit = max_chars(policy)
    total = len(delta.narrative or "") + sum(len(r.text) for r in delta.resolve)
    for name, items in delta.add.items():
        cap = max_items(policy, name, span)
        if len(items) > cap:
            problems.append(f"{name}: {len(items)} items, more than the bound of {cap}")
        total += sum(len(i.text) + len(i.subject or "") for i in items)
    if len(delta.resolve) > sum(max_items(policy, s, span) for s in ("open_questions", "todos")):
        problems.append(f"resolve: {len(delta.resolve)} resolutions, more than the bound")
    if total > limit:
        problems.append(f"the delta holds {total} characters, more than the bound of {limit}")
    return problems


def type_problems(delta: object) -> list[str]:
    """Problems with the delta's shape (a third-party summarizer may return anything)."""
    if not isinstance(delta, SummaryDelta):
        return [f"expected a SummaryDelta, got {type(delta).__name__}"]
    problems = []
    for name, items in delta.add.items():
        if not isinstance(items, tuple) or not all(isinstance(i, SummaryItem) for i in items):
            problems.append(f"{name}: expected a tuple of SummaryItem")
    return problems


def is_empty(delta: SummaryDelta) -> bool:
    """True when the delta proposes nothing at all."""
    return not (any(delta.add.values()) or delta.resolve or (delta.narrative or "").strip())


def delta_problems(delta: object, messages: Sequence[Message], policy: Policy) -> list[str]:
    """Every reason ``delta`` must not land on top of a summary as the fold of ``messages`` (empty: fine)."""
    problems = type_problems(delta)
    if problems:
        return problems
    assert isinstance(delta, SummaryDelta)
    problems = size_problems(delta, policy, len(messages))  # first: bounds before any other work
    if problems:
        return problems
    span = [m.seq for m in messages if m.seq is not None]
    problems = validate_delta(delta, span)
    if is_empty(delta) and not span_is_trivial(messages):
        first, last = (span[0], span[-1]) if span else (0, 0)
        problems.append(f"an empty delta for messages {first}-{last}, which hold real content")
    return problems


def check_delta(delta: object, messages: Sequence[Message], policy: Policy, summarizer: str) -> SummaryDelta:
    """Return ``delta`` if it may land as the fold of ``messages``; raise InvalidSummary naming why otherwise."""
    problems = delta_problems(delta, messages, policy)
    if problems:
        raise InvalidSummary(f"{summarizer} returned an invalid delta: " + "; ".join(problems[:5]), tuple(problems))
    assert isinstance(delta, SummaryDelta)
    return delta


__all__ = ["check_delta", "delta_problems", "max_chars", "max_items", "span_is_trivial"]
