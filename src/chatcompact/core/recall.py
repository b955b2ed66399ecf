"""Recall for the context: when a query gets quotes, what the archive is asked, how the turns are quoted. Pure.

Summaries lose exact wording. A query that asks for it ("what exactly did I say", "quote",
"earlier you said"), or that names numbers or proper names the summary does not contain, gets
verbatim turns from the archive, with their dates, inside the Policy's recall share.

:func:`plan_quotes` decides, from the parsed :class:`~chatcompact.core.query.Query`, the Policy and the summary
lines the context will show, whether to recall and what (:class:`QuotePlan`); the driver runs the recall and
:func:`quotes` turns the hits into the quote lines and the spares ``assemble`` takes. The sync and the async
thread share this code (``AsyncThread`` runs ``Thread.assemble``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from ..config import Policy
from ..types import ArchiveHit, Message
from .assemble import Line, _take
from .lang import has_han, language
from .merge import clip
from .passages import excerpt
from .query import Query
from .when import date_relative

_DETAIL = re.compile(
    r"\b(exact(ly)?|verbatim|word for word|quote|precisely|what did (i|you|we) (say|write|tell|ask|mention)|"
    r"(earlier|before|previously) (you|i|we) (said|wrote|mentioned|told|asked)|(you|i|we) (said|wrote|mentioned)|"
    r"remind me|what was the|which (one|number|order|address|code|link|file)|when did (i|you|we))\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d")
# The latest message is the query's own turn when its text is the query: compared only when the lengths allow it
# (a megabyte of tool output is never stripped to be compared with a question).
_OWN_TURN_SLACK = 1024


def wants_detail(query: str | Query, summary_text: str = "") -> bool:
    """True if ``query`` asks for exact wording, or names numbers/names that the summary lacks."""
    q = Query.of(query)
    text = q.head
    if not text.strip():
        return False
    if _DETAIL.search(text) or _NUMBER.search(text):
        return True
    low = text.lower()
    if any(cue in low for cue in language(q.lang).cue("detail")):  # "wörtlich", "cosa ho detto", "原话"
        return True
    if has_han(text):
        # Chinese has no capitals to mark a name: any content word of the query that the summary lacks asks for it.
        return any(w not in summary_text for w in q.content if has_han(w))
    # whole words: "Caro" is not in a summary that says "Caroline", nor "LGBT" in one that says "LGBTQ"
    return any(re.search(rf"\b{re.escape(n)}\b", summary_text, re.IGNORECASE) is None for n in q.names)


@dataclass(frozen=True)
class QuotePlan:
    """What the context asks the archive for: the ``k`` best turns (never the seqs in ``exclude``), the first
    ``keep`` of them quoted within the recall share, the rest spares for room the recent window leaves."""

    k: int
    keep: int
    exclude: tuple[int, ...] = ()


def plan_quotes(
    query: Query,
    policy: Policy,
    lines: Sequence[Line],
    room: int,
    last: Message | None = None,
    *,
    agent: bool = False,
    working: bool = False,
) -> QuotePlan | None:
    """Whether ``query`` gets quotes (None: not) and what to recall for them.

    ``Policy.recall_quotes``: "off" never; "query" for any query with a content word ("how are you?" has none);
    "detail" only when :func:`wants_detail` says so against the summary lines the context will show at ``room``
    tokens (``lines``, taken by priority as ``assemble`` takes them: a name only in the rest still gets recalled).
    ``last``, the thread's latest message, is excluded when it is the query's own turn. An ``agent``'s context
    (a tool result among the unsummarised messages) takes no spare quotes (``core.assemble`` keeps its requests
    lean), so only ``recall_k`` turns are recalled for it. An agent ``working`` on its task
    (:func:`~chatcompact.core.window.agent_at_work`) gets none at all (``core.assemble`` shows it no quotes, so
    its requests keep their cached prefix): nothing is recalled for it.
    """
    if policy.recall_quotes == "off" or not query.content or working:
        return None
    if policy.recall_quotes == "detail":
        shown = _take([ln for ln in lines if ln.block == "summary"], int(policy.summary_share * room))
        if not wants_detail(query, " ".join(ln.text for ln in shown)):
            return None
    spare = 0 if agent else policy.recall_fill_k
    return QuotePlan(policy.recall_k + spare, policy.recall_k, own_turn(query, last))


def own_turn(query: Query, last: Message | None) -> tuple[int, ...]:
    """The seq of ``last`` when its text is the query (the query's own turn is never a recall hit), else ()."""
    if last is None or not last.seq:
        return ()
    want = query.text.strip()
    text = last.searchable_text
    if len(text) > len(want) + _OWN_TURN_SLACK or text.strip() != want:
        return ()
    return (last.seq,)


def quotes(
    plan: QuotePlan, hits: Sequence[ArchiveHit], count: Callable[[str], int], cache: QuoteCache | None = None
) -> tuple[list[Line], list[Line]]:
    """The quote lines of ``hits`` (best first): the plan's ``keep`` first ones, and the spares."""
    lines = quote_lines([h.message for h in hits], count, passages=[h.passage for h in hits], cache=cache)
    return lines[: plan.keep], lines[plan.keep :]


def quote_day(epoch: float) -> str:
    """The heading quoted turns of one day share: ``8 May 2023 (UTC)``."""
    t = datetime.fromtimestamp(epoch, UTC)
    return f"{t.day} {t:%B %Y} (UTC)"


#: Where quote lines are kept: ``cache(message, shape, make)`` returns ``make()`` or the line kept for them.
QuoteCache = Callable[[Message, tuple[object, ...], Callable[[], Line]], Line]


def quote_lines(
    hits: Sequence[Message],
    count: Callable[[str], int],
    max_chars: int = 600,
    passages: Sequence[tuple[int, int] | None] = (),
    cache: QuoteCache | None = None,
) -> list[Line]:
    """Recalled messages as quote lines, best first (their priority), rendered in conversation order.

    Turns of one day render under one date heading (``Line.heading``; the assembler pays each heading
    once), each line keeping its id, the role of who wrote it and its time: ``[#9 user 14:00] ...``. The role
    stays even when the text opens with a ``Name:`` label: a user who typed ``System: ...`` is quoted as
    ``[#9 user 14:00] System: ...``, never as a line that reads like a system line (issue 20). Relative time
    phrases get the absolute date they meant then (``core.when``): quoted out of their time, "last month" would
    otherwise read as last month from now. ``passages`` (parallel to ``hits``, as ``ArchiveHit.passage``) show a long
    message at its matching passage, elided on both sides, with the passage's character offsets:
    ``[#9 tool 14:00 chars 8120-8590 of 9400] …``. ``cache``: the thread's, where each message's line at each
    passage is kept (the same turns are recalled request after request; ``runtime.derived.Derived.quoted``).
    """

    def line(m: Message, span: tuple[int, int] | None) -> Line:
        epoch = m.created_at or 0
        full = m.searchable_text
        body = date_relative(clip(excerpt(full, span, max_chars - 2), max_chars), m.created_at)
        where = f" chars {span[0]}-{span[1]} of {len(full)}" if span and len(full) > max_chars else ""
        text = f"[#{m.seq} {m.role} {datetime.fromtimestamp(epoch, UTC):%H:%M}{where}] {body}"
        return Line("quotes", quote_day(epoch), text, count(text) + 1, m.seq or 0)

    lines = []
    for i, m in enumerate(hits):
        span = passages[i] if i < len(passages) else None
        if cache is None:
            lines.append(line(m, span))
        else:  # keyed by the message (checked whole, with its date) and what shapes its line
            lines.append(cache(m, (span, max_chars, m.created_at), partial(line, m, span)))
    return lines
