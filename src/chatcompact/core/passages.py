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
from collections.abc import Iterator, Sequence

from ..errors import InvalidArgument
from .lang import DEFAULT, content_words, detect, has_han, stop_words, words
from .query import Query, term_of
from .query import terms as query_terms

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
    An empty text gives no spans. One step per passage (the lines a passage packs are found with ``str.rfind``), so
    a megabyte of one-number lines costs ~2,000 steps, not ~150,000.
    """
    if target < 1:
        raise InvalidArgument(f"target must be >= 1, got {target}")
    return list(_split(text, target))


def _split(text: str, target: int) -> Iterator[tuple[int, int]]:
    """:func:`split`'s spans one by one: each is final once the next one starts (only the last one grows)."""
    spans: list[tuple[int, int]] = []
    pos, n = 0, len(text)
    while pos < n:
        if len(spans) > 1:
            yield from spans[:-1]
            del spans[:-1]
        nl = text.find("\n", pos)
        end = n if nl < 0 else nl + 1  # the line starting at pos, with its newline
        if end - pos > 2 * target:  # a long line: its pieces, each a unit of its own
            for s, e in _pieces(text, pos, end, target):
                _pack(spans, s, e, target)
            pos = end
            continue
        _pack(spans, pos, end, target)
        start = spans[-1][0]
        if end < start + target:  # every whole line ending within target of the passage's start joins it
            last = text.rfind("\n", end, start + target)
            if last >= end:
                end = last + 1
                spans[-1] = (start, end)
        pos = end
    yield from spans


def _pack(spans: list[tuple[int, int]], start: int, end: int, target: int) -> None:
    """Add the unit ``start:end``: into the current passage if it still ends within ``target`` of its start."""
    if spans and end - spans[-1][0] <= target:
        spans[-1] = (spans[-1][0], end)
    else:
        spans.append((start, end))


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


def _word_terms(word: str, code: str, stop: frozenset[str]) -> tuple[str, ...]:
    """The terms one word (as :func:`~chatcompact.core.lang.words` gives it) contributes, by the content-word rule."""
    if has_han(word):
        return tuple(term_of(c, code) for c in content_words(word, code))
    low = word.lower()
    return () if low in stop else (term_of(low, code),)


def _terms_fast(text: str, code: str, memo: dict[str, tuple[str, ...]]) -> list[str]:
    """:func:`terms` with each distinct word worked out once (``memo``): a long text repeats its words."""
    stop = stop_words(code) | (stop_words(DEFAULT) if code != DEFAULT else frozenset())
    out: list[str] = []
    for w in words(text):
        got = memo.get(w)
        if got is None:
            got = memo[w] = _word_terms(w, code, stop)
        out.extend(got)
    return out


def terms(text: str, lang: str | None = None) -> list[str]:
    """The stemmed, folded content words of ``text``: what passages are scored on (``core.query.terms``)."""
    return query_terms(text, lang)


def score_passages(text: str, spans: Sequence[tuple[int, int]], query: str | Query) -> list[float]:
    """BM25 of each span of ``text`` for ``query``'s content words, with document frequencies over the spans."""
    code = detect(text)
    wanted = Query.of(query).terms(code)
    if not wanted or not spans:
        return [0.0] * len(spans)
    memo: dict[str, tuple[str, ...]] = {}
    counts = [Counter(_terms_fast(text[s:e], code, memo)) for s, e in spans]
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
    text: str, query: str | Query, *, long_chars: int = LONG_CHARS, target: int = TARGET_CHARS
) -> tuple[int, int] | None:
    """The span of the passage of ``text`` that best matches ``query``; None for a short text or no match.

    Ties go to the earlier passage. A long text whose passages share none of the query's words gives None:
    its head is as good a quote as any. Reads the whole text: recall calls it only for a store without a passage
    index (a store's ``rank_passages`` gives the span with the hit).
    """
    q = Query.of(query)
    if not is_long(text, long_chars) or not q.text.strip():
        return None
    spans = split(text, target)
    scores = score_passages(text, spans, q)
    best = max(range(len(spans)), key=lambda i: (scores[i], -i))
    return spans[best] if scores[best] > 0 else None


def window(text: str, span: tuple[int, int] | None, max_chars: int) -> tuple[int, int]:
    """The ``(start, end)`` of ``text`` to show for ``span`` within ``max_chars``: the passage widened evenly
    around it (its head if it is longer itself); the text's head without a span; the whole text if it fits."""
    if len(text) <= max_chars:
        return 0, len(text)
    if span is None:
        return 0, max_chars
    start, end = span
    if end - start > max_chars:  # the passage itself is too long: keep its head
        return start, start + max_chars
    spare = max_chars - (end - start)  # room left: widen evenly around the passage, to line-friendly context
    start = max(0, start - spare // 2)
    end = min(len(text), start + max_chars)
    return max(0, end - max_chars), end


def excerpt(text: str, span: tuple[int, int] | None, max_chars: int, marker: str = "…") -> str:
    """``text`` shown at ``span`` within ``max_chars``: the passage with an elision ``marker`` on each cut side.

    Without a span, or when the whole text fits, the text's head as before (the caller clips it; at most
    ``4 * max_chars`` of it, so that clipping never walks a megabyte).
    """
    if len(text) <= max_chars:
        return text
    if span is None:
        return text[: 4 * max_chars]
    start, end = window(text, span, max_chars)
    body = text[start:end].strip()
    return f"{marker if start > 0 else ''}{body}{marker if end < len(text) else ''}"


def passage_rows(text: str, long_chars: int = LONG_CHARS, target: int = TARGET_CHARS) -> list[tuple[int, int, int]]:
    """``(chunk, start, end)`` of each passage a store indexes for a message's ``text``; none for a short text."""
    return list(iter_passage_rows(text, long_chars, target))


def iter_passage_rows(
    text: str, long_chars: int = LONG_CHARS, target: int = TARGET_CHARS
) -> Iterator[tuple[int, int, int]]:
    """:func:`passage_rows` one at a time, cut as they are taken: a store's background writer cuts a 2 MB output's
    ~4,300 passages a chunk of 250 at a time (~0.15 ms each) instead of all of them before its first chunk."""
    if target < 1:
        raise InvalidArgument(f"target must be >= 1, got {target}")
    if is_long(text, long_chars):
        yield from ((i, s, e) for i, (s, e) in enumerate(_split(text, target)))


#: The size of the units that get vectors, in characters (a unit never exceeds twice this): a sentence or a few
#: lines, much smaller than the full-text passages (:data:`TARGET_CHARS`), so that one statement inside a long
#: unrelated message is most of its unit instead of a fifth of a passage. Measured on the long-chat dev set
#: (``benchmarks/long_chat.py``, 10 chats, vector recall@10 / @5, at most 12 units): the 480-character full-text
#: passages (at most 8) 37.8 / 27.6, 160 characters 50.4 / 40.5, 128 53.7 / 45.7, 100 53.4 / 46.0; 128 keeps a
#: sentence of up to 256 characters whole (a longer one is cut at spaces or hard, see :func:`split`).
VECTOR_TARGET_CHARS = 128
#: A message longer than this many characters (four units) is embedded unit by unit (see :func:`vector_rows`);
#: a shorter one gets one vector of its whole text. Not only past the bundled embedder's window (256 tokens,
#: ~1,000 characters, the rest ignored): one statement in a 900-character message is a ninth of its one vector.
#: Measured on the long-chat dev set (10 chats, vector recall@10 / @5, 128-character units, at most 12): 1,000
#: characters 53.7 / 45.7, 640 60.1 / 50.1, 512 61.6 / 50.7, 400 62.2 / 52.2, 256 62.5 / 51.9. At 512 no LoCoMo
#: turn is split (the longest has 497 characters); at 400 its 30 longer turns moved hybrid turn R@10 68.0 -> 67.9.
VECTOR_LONG_CHARS = 4 * VECTOR_TARGET_CHARS
#: At most this many units of one message get a vector (a 2 MB tool output has ~15,000): see :func:`vector_rows`.
#: Measured on the same set (128-character units, messages over 1,000 characters; vector recall@10 / @5, vectors a
#: message): 12 gave 53.7 / 45.7 (9.3), 16 52.2 / 43.1 (11.7), 20 51.9 / 44.9 (13.7), 24 52.5 / 43.7 (15.3), 32
#: 51.0 / 43.1 (17.6): a message's best of many parts also matches queries it is not about. On the 62 statements in
#: the middle of their message (neither its first nor its last paragraph; the set puts two thirds at an end) 12
#: found 46.8, 24 56.5, 32 51.6 (few questions: noisy). Every unit of a message up to ~1,200 characters; a 2 MB
#: output costs 12 embeddings.
MAX_VECTOR_PASSAGES = 12


def vector_spans(text: str, target: int = VECTOR_TARGET_CHARS) -> list[tuple[int, int]]:
    """Every unit of ``text`` that :func:`vector_rows` picks from: :func:`split` at ``target`` characters (lines
    packed, long lines cut at sentence ends); unit ``i`` is the vector part ``1 + i``."""
    return split(text, target)


def vector_rows(
    text: str,
    long_chars: int = VECTOR_LONG_CHARS,
    cap: int = MAX_VECTOR_PASSAGES,
    target: int = VECTOR_TARGET_CHARS,
) -> list[tuple[int, int, int]]:
    """``(chunk, start, end)`` of the units of ``text`` that are embedded one by one; none for a text of at most
    ``long_chars`` (:data:`VECTOR_LONG_CHARS`: it gets one vector, of the whole). The units are
    :func:`vector_spans` (``target`` characters, a sentence or a few lines); every one up to ``cap``; past it the
    first ``cap // 2`` (where answers and commands usually start) and ``cap - cap // 2`` spread evenly over the
    rest, the last one included (where a log's error or a summary usually is). A vector's part is ``1 + chunk``:
    :func:`vector_span` maps it back."""
    if cap < 1:
        raise InvalidArgument(f"cap must be >= 1, got {cap}")
    if not is_long(text, long_chars):
        return []
    rows = [(i, s, e) for i, (s, e) in enumerate(vector_spans(text, target))]
    if len(rows) <= cap:
        return rows
    head = cap // 2
    rest, picks = len(rows) - head, cap - head
    tail = sorted({head + round(i * (rest - 1) / max(picks - 1, 1)) for i in range(picks)})
    return rows[:head] + [rows[i] for i in tail]


def vector_span(text: str, part: int, target: int = VECTOR_TARGET_CHARS) -> tuple[int, int] | None:
    """The ``(start, end)`` of ``text`` that vector part ``part`` embeds (:func:`vector_rows`' chunk
    ``part - 1``); None for part 0 (the whole text) or a part the text does not have."""
    if part < 1:
        return None
    spans = vector_spans(text, target)
    return spans[part - 1] if part <= len(spans) else None


def merge_ranked(
    text: Sequence[tuple[int, float]], passages: Sequence[tuple[int, float, tuple[int, int]]]
) -> tuple[list[tuple[int, float]], dict[int, tuple[int, int]]]:
    """Whole-message and passage full-text rankings as one: a message scores its better of the two.

    ``text`` is ``(seq, score)``, ``passages`` ``(seq, score, (start, end))``, best first (a store's ``rank_text``
    and ``rank_passages``). Returns the merged ranking, best first (ties: the older message), and the matching
    passage of each seq a passage found.
    """
    best: dict[int, float] = {}
    spans: dict[int, tuple[int, int]] = {}
    for seq, score in text:
        best.setdefault(seq, score)
    for seq, score, span in passages:
        spans.setdefault(seq, span)
        if seq not in best or score > best[seq]:
            best[seq] = score
    return sorted(best.items(), key=lambda kv: (-kv[1], kv[0])), spans


__all__ = [
    "LONG_CHARS",
    "MAX_VECTOR_PASSAGES",
    "TARGET_CHARS",
    "VECTOR_LONG_CHARS",
    "VECTOR_TARGET_CHARS",
    "best_passage",
    "excerpt",
    "is_long",
    "iter_passage_rows",
    "merge_ranked",
    "passage_rows",
    "score_passages",
    "split",
    "terms",
    "vector_rows",
    "vector_span",
    "vector_spans",
    "window",
]
