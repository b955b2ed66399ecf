"""Long messages as passages: split at line and sentence boundaries, pick the passage a query is about. Pure.

A 2,000-token tool output or a long assistant answer is one message, but the line that matters is one
passage of it. :func:`split` cuts a text into contiguous chunks of about ``target`` characters (~4 characters
a token, so ~120 tokens), preferring line ends, then sentence ends, then spaces, and returns their character
offsets; :func:`best_passage` scores the chunks against a query, BM25 over the chunks' content words (stemmed,
``core.lang``), and returns the best chunk's span, so a quote shows that passage instead of the text's head.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import InvalidArgument
from .lang import content_words, detect, fold, stem

#: Messages longer than this many characters (~200 tokens) are treated as passages.
LONG_CHARS = 800
#: Passage size aimed at, in characters (~120 tokens); a passage never exceeds twice this.
TARGET_CHARS = 480
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
_SPACE = re.compile(r"\s+")
K1, B = 1.2, 0.75  # BM25's usual constants


def is_long(text: str, long_chars: int = LONG_CHARS) -> bool:
    """True when ``text`` is long enough to be searched and quoted as passages."""
    return len(text) > long_chars


def split(text: str, target: int = TARGET_CHARS) -> list[tuple[int, int]]:
    """Contiguous ``(start, end)`` character spans covering ``text`` exactly, each at most ``2 * target`` long.

    Lines are packed together up to ``target``; a longer line is cut at sentence ends, then at spaces, then hard.
    An empty text gives no spans.
    """
    if target < 1:
        raise InvalidArgument(f"target must be >= 1, got {target}")
    units = [u for start, end in _lines(text) for u in _pieces(text, start, end, target)]
    spans: list[tuple[int, int]] = []
    for start, end in units:
        if spans and (end - spans[-1][0]) <= target:
            spans[-1] = (spans[-1][0], end)  # pack small units into the current passage
        else:
            spans.append((start, end))
    return spans


def _lines(text: str) -> list[tuple[int, int]]:
    """Spans of the lines of ``text``, each ending after its newline."""
    out, start = [], 0
    for m in re.finditer(r"\n", text):
        out.append((start, m.end()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def _pieces(text: str, start: int, end: int, target: int) -> list[tuple[int, int]]:
    """The span ``start:end`` cut into pieces of at most ``2 * target``: at sentence ends, else spaces, else hard."""
    if end - start <= 2 * target:
        return [(start, end)]
    for pattern in (_SENTENCE_END, _SPACE):
        cuts = [m.end() for m in pattern.finditer(text, start, end) if start < m.end() < end]
        if cuts:
            return _cut(start, end, cuts, target)
    return _hard(start, end, target)


def _cut(start: int, end: int, cuts: list[int], target: int) -> list[tuple[int, int]]:
    """Pieces from the cut points: each runs to the furthest cut within ``target`` of its start (at least the
    next cut); a piece still longer than ``2 * target`` (one huge sentence or word) is cut hard."""
    points = [*cuts, end]
    out, s, i = [], start, 0
    while s < end:
        j = i
        while j + 1 < len(points) and points[j + 1] - s <= target:
            j += 1
        stop = points[j]
        out.extend(_hard(s, stop, target) if stop - s > 2 * target else [(s, stop)])
        s, i = stop, j + 1
    return out


def _hard(start: int, end: int, target: int) -> list[tuple[int, int]]:
    return [(s, min(s + target, end)) for s in range(start, end, target)]


def terms(text: str, lang: str | None = None) -> list[str]:
    """The stemmed, folded content words of ``text``: what passages are scored on."""
    code = lang or detect(text)
    return [fold(stem(w, code)) for w in content_words(text, code)]


def score_passages(text: str, spans: Sequence[tuple[int, int]], query: str) -> list[float]:
    """BM25 of each span of ``text`` for ``query``'s content words, with document frequencies over the spans."""
    code = detect(text)
    wanted = set(terms(query, code))
    if not wanted or not spans:
        return [0.0] * len(spans)
    counts = [Counter(terms(text[s:e], code)) for s, e in spans]
    lengths = [sum(c.values()) for c in counts]
    avg = (sum(lengths) / len(lengths)) or 1.0
    n = len(spans)
    df = {t: sum(1 for c in counts if t in c) for t in wanted}
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in wanted}
    out = []
    for c, length in zip(counts, lengths, strict=True):
        norm = K1 * (1 - B + B * length / avg)
        out.append(sum(idf[t] * c[t] * (K1 + 1) / (c[t] + norm) for t in wanted if c[t]))
    return out


def best_passage(
    text: str, query: str, *, long_chars: int = LONG_CHARS, target: int = TARGET_CHARS
) -> tuple[int, int] | None:
    """The span of the passage of ``text`` that best matches ``query``; None for a short text or no match.

    Ties go to the earlier passage. A long text whose passages share none of the query's words gives None:
    its head is as good a quote as any.
    """
    if not is_long(text, long_chars) or not query.strip():
        return None
    spans = split(text, target)
    scores = score_passages(text, spans, query)
    best = max(range(len(spans)), key=lambda i: (scores[i], -i))
    return spans[best] if scores[best] > 0 else None


def excerpt(text: str, span: tuple[int, int] | None, max_chars: int, marker: str = "…") -> str:
    """``text`` shown at ``span`` within ``max_chars``: the passage with an elision ``marker`` on each cut side.

    Without a span, or when the whole text fits, the text's head as before (the caller clips it).
    """
    if span is None or len(text) <= max_chars:
        return text
    start, end = span
    if end - start > max_chars:  # the passage itself is too long: keep its head
        end = start + max_chars
    else:  # room left: widen evenly around the passage, to line-friendly context
        spare = max_chars - (end - start)
        start = max(0, start - spare // 2)
        end = min(len(text), start + max_chars)
        start = max(0, end - max_chars)
    body = text[start:end].strip()
    return f"{marker if start > 0 else ''}{body}{marker if end < len(text) else ''}"


def passage_rows(text: str, long_chars: int = LONG_CHARS, target: int = TARGET_CHARS) -> list[tuple[int, int, int]]:
    """``(chunk, start, end)`` of each passage a store indexes for a message's ``text``; none for a short text."""
    if not is_long(text, long_chars):
        return []
    return [(i, s, e) for i, (s, e) in enumerate(split(text, target))]


def merge_hits(text_hits: Sequence[Any], passage_hits: Sequence[tuple[Any, tuple[int, int]]]) -> tuple[list[Any], dict]:
    """Whole-message and passage full-text hits as one ranking: a message scores its better of the two.

    ``passage_hits`` are ``(TextHit, (start, end))``, best first (a store's ``search_passages``). Returns the
    merged hits, best first (ties: the older message), and the matching passage of each seq a passage found.
    """
    best: dict[int, Any] = {}
    spans: dict[int, tuple[int, int]] = {}
    for hit in text_hits:
        best.setdefault(hit.message.seq or 0, hit)
    for hit, span in passage_hits:
        seq = hit.message.seq or 0
        spans.setdefault(seq, span)
        if seq not in best or hit.score > best[seq].score:
            best[seq] = hit
    merged = sorted(best.values(), key=lambda h: (-h.score, h.message.seq or 0))
    return merged, spans


__all__ = [
    "LONG_CHARS",
    "TARGET_CHARS",
    "best_passage",
    "excerpt",
    "is_long",
    "merge_hits",
    "passage_rows",
    "score_passages",
    "split",
    "terms",
]
