"""When a query asks for detail, and how recalled turns are quoted in the context. Pure.

Summaries lose exact wording. A query that asks for it ("what exactly did I say", "quote",
"earlier you said"), or that names numbers or proper names the summary does not contain, gets
verbatim turns from the archive, with their dates, inside the Policy's recall share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

from ..types import Message
from .assemble import Line
from .lang import LOWER, UPPER, content_words, detect, has_han, language
from .merge import clip
from .passages import excerpt
from .when import date_relative

_DETAIL = re.compile(
    r"\b(exact(ly)?|verbatim|word for word|quote|precisely|what did (i|you|we) (say|write|tell|ask|mention)|"
    r"(earlier|before|previously) (you|i|we) (said|wrote|mentioned|told|asked)|(you|i|we) (said|wrote|mentioned)|"
    r"remind me|what was the|which (one|number|order|address|code|link|file)|when did (i|you|we))\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d")
# Capitalised words that are not sentence-initial question words: candidate names.
_NAME = re.compile(rf"(?<!^)(?<![.?!]\s)\b[{UPPER}][{UPPER}{LOWER}]{{2,}}\b")  # "Müller" too, not just ASCII
_COMMON = frozenset({"What", "When", "Where", "Which", "Who", "How", "Why", "The", "And", "Did", "Can", "Could"})


def wants_detail(query: str, summary_text: str = "") -> bool:
    """True if ``query`` asks for exact wording, or names numbers/names that the summary lacks."""
    if not query or not query.strip():
        return False
    if _DETAIL.search(query) or _NUMBER.search(query):
        return True
    code = detect(query)
    low = query.lower()
    if any(cue in low for cue in language(code).cue("detail")):  # "wörtlich", "cosa ho detto", "原话"
        return True
    if has_han(query):
        # Chinese has no capitals to mark a name: any content word of the query that the summary lacks asks for it.
        return any(w not in summary_text for w in content_words(query) if has_han(w))
    names = [n for n in _NAME.findall(query) if n not in _COMMON]
    # whole words: "Caro" is not in a summary that says "Caroline", nor "LGBT" in one that says "LGBTQ"
    return any(re.search(rf"\b{re.escape(n)}\b", summary_text, re.IGNORECASE) is None for n in names)


def quote_day(epoch: float) -> str:
    """The heading quoted turns of one day share: ``8 May 2023 (UTC)``."""
    t = datetime.fromtimestamp(epoch, UTC)
    return f"{t.day} {t:%B %Y} (UTC)"


def quote_lines(
    hits: Sequence[Message], count, max_chars: int = 600, passages: Sequence[tuple[int, int] | None] = ()
) -> list[Line]:
    """Recalled messages as quote lines, best first (their priority), rendered in conversation order.

    Turns of one day render under one date heading (``Line.heading``; the assembler pays each heading
    once), each line keeping its id, the role of who wrote it and its time: ``[#9 user 14:00] ...``. The role
    stays even when the text opens with a ``Name:`` label: a user who typed ``System: ...`` is quoted as
    ``[#9 user 14:00] System: ...``, never as a line that reads like a system line (issue 20). Relative time
    phrases get the absolute date they meant then (``core.when``): quoted out of their time, "last month" would
    otherwise read as last month from now. ``passages`` (parallel to ``hits``, as ``ArchiveHit.passage``) show a long
    message at its matching passage, elided on both sides, with the passage's character offsets:
    ``[#9 tool 14:00 chars 8120-8590 of 9400] …``.
    """
    lines = []
    for i, m in enumerate(hits):
        epoch = m.created_at or 0
        span = passages[i] if i < len(passages) else None
        full = m.searchable_text
        body = date_relative(clip(excerpt(full, span, max_chars - 2), max_chars), m.created_at)
        who = f"{m.role} "
        where = f" chars {span[0]}-{span[1]} of {len(full)}" if span and len(full) > max_chars else ""
        text = f"[#{m.seq} {who}{datetime.fromtimestamp(epoch, UTC):%H:%M}{where}] {body}"
        lines.append(Line("quotes", quote_day(epoch), text, count(text) + 1, m.seq or 0))
    return lines
