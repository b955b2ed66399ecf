"""How the unsummarised tail is shown under a budget. Pure (the per-thread :class:`ViewCache` comes in).

* :func:`shown_tail`: the stable trims, the same on every request at one budget (a provider's prefix cache keeps
  working): a tool result or assistant turn over its share of the budget, and a user turn (or an app's system
  note) larger than the whole budget, shown as head + tail around a marker naming its message id.
* :func:`fit_forced`: the part that is always shown (the latest user message's group and the last group) fitted
  into the room left beside the system prompt: tool results and assistant turns give way first; the user's
  own words are trimmed only when they alone cannot fit, and then keep at least half the room.
* :func:`digest_group`: an old call group as stage 1 shows it (one line per tool result).

Every trim is made from the stored message, never from an earlier trim, so a message's least form (its
marker-only form, :meth:`ViewCache.floor`) is what the :class:`~chatcompact.errors.BudgetTooSmall` minimum
counts, and any budget at or above that minimum fits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..config import Policy
from ..types import Message
from .digest import NAME_SCAN_CHARS, ViewCache, _trim_args, clip_names, command_of, mentioned, outcome
from .window import last_user_index

__all__ = ["SOFT", "digest_group", "fit_forced", "forced_groups", "shown_tail"]

SOFT = ("tool", "assistant")  # roles trimmed first: their full text is one recall away and the user's words matter
Count = Callable[[Message], int]


def forced_groups(tail: Sequence[Message], grp: Sequence[tuple[int, int]]) -> set[int]:
    """Groups that are always shown: the last one and the one holding the latest user message."""
    forced = {len(grp) - 1} if grp else set()
    lu = last_user_index(tail)
    if lu is not None:
        forced.add(next(g for g, (s, e) in enumerate(grp) if s <= lu < e))
    return forced


def shown_tail(
    tail: Sequence[Message],
    tokens: Sequence[int],
    budget: int,
    room: int,
    policy: Policy,
    count: Count,
    views: ViewCache,
) -> tuple[list[Message], list[int]]:
    """The tail with its stable trims (see the module docstring); ``room``: the budget less the system prompt."""
    cap = max(int(policy.tool_result_share * budget), 48)
    hard_cap = max(room // 2, 48)
    view, toks = list(tail), list(tokens)
    for i, m in enumerate(view):
        if toks[i] > cap and m.role in SOFT:
            view[i], toks[i] = views.fitted(m, cap, count, toks[i])
        elif toks[i] > room and m.role not in SOFT:  # a pasted log, a huge app note: larger than the whole budget
            view[i], toks[i] = views.fitted(m, hard_cap, count, toks[i])
    return view, toks


def _floors(
    tail: Sequence[Message], tokens: Sequence[int], idx: Sequence[int], count: Count, views: ViewCache
) -> dict[int, int]:
    return {i: views.floor(tail[i], count, tokens[i]) for i in idx}


def _share_out(
    tail: Sequence[Message],
    tokens: Sequence[int],
    view: list[Message],
    toks: list[int],
    idx: Sequence[int],
    target: int,
    count: Count,
    views: ViewCache,
) -> None:
    """Fit the messages at ``idx`` into ``target`` tokens together (``target`` >= the sum of their floors).

    Each keeps at least its floor; the room above the floors is shared out smallest excess first, so a short
    message stays whole and the big ones split the rest. A trim never exceeds its floor plus its share, so the
    sum holds."""
    floors = _floors(tail, tokens, idx, count, views)
    left = target - sum(floors.values())
    order = sorted(idx, key=lambda i: toks[i] - floors[i])
    for k, i in enumerate(order):
        cap = floors[i] + max(left // (len(order) - k), 0)
        if toks[i] > cap:
            view[i], toks[i] = views.fitted(tail[i], cap, count, tokens[i])
            if toks[i] > cap:  # a trim that came out above its cap: the least form, which is within it
                view[i], toks[i] = views.fitted(tail[i], 1, count, tokens[i])
                if toks[i] > floors[i]:  # the message itself is its floor (smaller than any marker)
                    view[i], toks[i] = tail[i], tokens[i]
        left -= toks[i] - floors[i]


def fit_forced(
    tail: Sequence[Message],
    tokens: Sequence[int],
    view: list[Message],
    toks: list[int],
    idx: Sequence[int],
    room: int,
    count: Count,
    views: ViewCache,
) -> int:
    """Trim the forced messages at ``idx`` (in place) to fit ``room``; returns the least tokens they can take
    (their floors: more than ``room`` means nothing fits, the caller raises BudgetTooSmall)."""
    total = sum(toks[i] for i in idx)
    soft = [i for i in idx if view[i].role in SOFT]
    hard = [i for i in idx if view[i].role not in SOFT]
    floors = _floors(tail, tokens, idx, count, views)
    least = sum(floors.values())
    if total <= room or least > room:
        return least
    hard_cost = sum(toks[i] for i in hard)
    soft_floor = sum(floors[i] for i in soft)
    if hard_cost + soft_floor <= room:  # the user's words whole: tool output and assistant turns give way
        _share_out(tail, tokens, view, toks, soft, room - hard_cost, count, views)
        return least
    # the user's text is itself too big for what is left: it keeps at least half the room, tool output the rest
    hard_floor = sum(floors[i] for i in hard)
    soft_cost = sum(toks[i] for i in soft)
    soft_target = max(min(soft_cost, room // 2), soft_floor)
    soft_target = min(soft_target, room - hard_floor)
    _share_out(tail, tokens, view, toks, soft, soft_target, count, views)
    _share_out(tail, tokens, view, toks, hard, room - sum(toks[i] for i in soft), count, views)
    return least


THOUGHT_CHARS = 200  # of an old step's text, in its digest; the names of the rest follow it
COMMAND_CHARS = 300  # of an old step's call arguments
COMMAND_NAMES = 80  # at most this many names of a long command listed (a script the agent wrote)


def digest_group(group: Sequence[Message]) -> list[Message]:
    """A group as stage 1 shows it: the assistant's text cut to its head, the calls kept (long arguments cut to a
    head), the paths and code names of what was cut listed after the head (an agent reuses them: the names of a
    script it wrote), each tool result replaced by a one-line digest naming its message id: how it ended and the
    first names it mentions (the command is the call right above)."""
    out = []
    for m in group:
        if m.role == "tool":
            text = m.text
            names = mentioned(text, chars=NAME_SCAN_CHARS)
            line = f"[digest of message #{m.seq}; full output stored, recall it] {outcome(text)}"
            out.append(replace(m, content=line + ("; mentions: " + ", ".join(names) if names else "")))
        elif m.role == "assistant":
            head, names = clip_names(m.text, THOUGHT_CHARS)
            calls = []
            for tc in m.tool_calls:
                if len(tc.arguments) > COMMAND_CHARS:
                    args = _trim_args(tc.arguments, COMMAND_CHARS, m.seq)
                    calls.append(replace(tc, arguments=args))
                    # of the command as run (JSON escapes decoded), those the trimmed arguments do not show
                    cut = [n for n in mentioned(command_of(tc), COMMAND_NAMES) if n not in args and n not in names]
                    names += cut
                else:
                    calls.append(tc)
            text = head + (" […]" if head != " ".join(m.text.split()) else "")
            text += (" (names: " + ", ".join(names) + ")") if names else ""
            content = text if (isinstance(m.content, str) or m.text) and text else m.content
            out.append(replace(m, content=content, tool_calls=tuple(calls)))
        else:
            out.append(m)
    return out
