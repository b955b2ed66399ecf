"""Near-duplicate merging and maximal marginal relevance over ranked hits. Pure.

Agent and assistant logs repeat themselves: the same boilerplate reply, the same failing test output ten
times. Recall that returns ten copies of one text wastes the quote share on one fact. :func:`diversify`
keeps the best of each group of near-identical texts (word-shingle Jaccard at or above ``threshold``) and,
with ``lam < 1``, reorders the rest by maximal marginal relevance (Carbonell & Goldstein 1998):
``lam * relevance - (1 - lam) * max similarity to what is already chosen``. ``lam = 1`` keeps the fused order.

A text is compared through its :class:`Sketch`, computed once per message (recall keeps it in the thread's
view): the hashes of its word shingles, at most :data:`SKETCH_SIZE` of them (the smallest: a bottom-k MinHash
sketch). Below that many shingles the sketch holds them all and the Jaccard similarity is exact; above, it is
the bottom-k estimate (standard error about ``sqrt(J (1 - J) / SKETCH_SIZE)``, 0.03 at 0.9). A text longer than
:data:`SKETCH_CHARS` is read in evenly spaced windows of that many characters in all, so a 2 MB tool output
costs what 16 KB do.
"""

from __future__ import annotations

import re
import zlib
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import InvalidArgument
from .lang import fold

#: Texts at or above this word-shingle Jaccard similarity are one text: only the better-ranked stays.
DUPLICATE_THRESHOLD = 0.9
SHINGLE = 3  # words per shingle; shorter texts use their words as one shingle each
#: Shingle hashes a sketch keeps (the smallest); texts with fewer shingles are compared exactly.
SKETCH_SIZE = 128
#: Characters of a text a sketch reads at most (in SKETCH_WINDOWS evenly spaced windows past this). ``add`` sketches
#: every message: a 50 KB build log took 6.5 ms at 64 KB, 1.2 ms at 16 KB. Exact copies still sketch alike (1.0);
#: a log with 2% of its lines changed was 0.66 similar at 64 KB and 0.42 at 16 KB, both far below the 0.9 of a
#: duplicate (MMR's diversity term reads the estimate; recall's fusion order is unchanged).
SKETCH_CHARS = 16_384
SKETCH_WINDOWS = 16
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_WORD_SALT = np.uint64(0x5BD1E9955BD1E995)
_M64 = (1 << 64) - 1
_SMALL = 512  # tokens up to which a text is sketched in plain integers
# Odd 64-bit multipliers, one per position in a shingle (a permutation of the words is another shingle).
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F), np.uint64(0x165667B19E3779F9))


def shingles(text: str, n: int = SHINGLE) -> frozenset[str]:
    """The set of ``n``-word shingles of ``text`` (folded words); a text shorter than ``n`` words gives its words."""
    toks = _TOKEN.findall(fold(text))
    if len(toks) < n:
        return frozenset(toks)
    return frozenset(" ".join(toks[i : i + n]) for i in range(len(toks) - n + 1))


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """``|a & b| / |a | b|``; two empty sets are identical (1.0)."""
    if not a and not b:
        return 1.0
    return len(a & b) / len(a | b)


@dataclass(frozen=True)
class Sketch:
    """A text's shingles as a bottom-k MinHash sketch: ``hashes``, the smallest (at most ``SKETCH_SIZE``) of its
    shingles' 64-bit hashes, and ``count``, how many distinct shingles the text (or its windows) had."""

    hashes: frozenset[int]
    count: int
    order: tuple[int, ...] = ()  # the same hashes, ascending

    @classmethod
    def of(cls, hashes: Iterable[int], count: int) -> Sketch:
        order = tuple(sorted(set(hashes)))
        return cls(frozenset(order), count, order)

    @property
    def top(self) -> int:
        """The largest hash kept (0 for an empty text)."""
        return self.order[-1] if self.order else 0

    @property
    def complete(self) -> bool:
        """True when the sketch holds every shingle (the similarity is then exact)."""
        return self.count <= len(self.hashes)


def _token_hashes(tokens: list[str]) -> np.ndarray:
    """A stable 64-bit hash per token (CRC-32 and Adler-32 side by side; each distinct token hashed once)."""
    table = {}
    for t in dict.fromkeys(tokens):
        b = t.encode("utf-8", "surrogatepass")
        table[t] = zlib.crc32(b) | (zlib.adler32(b) << 32)
    return np.fromiter((table[t] for t in tokens), dtype=np.uint64, count=len(tokens))


def _finish(x: np.ndarray) -> np.ndarray:
    """A 64-bit finaliser (splitmix64's): every input bit moves every output bit, so the smallest hashes are a
    uniform sample of the shingles."""
    x = x ^ (x >> np.uint64(30))
    x = x * np.uint64(0xBF58476D1CE4E5B9)
    x = x ^ (x >> np.uint64(27))
    x = x * np.uint64(0x94D049BB133111EB)
    out: np.ndarray = x ^ (x >> np.uint64(31))
    return out


def _windows(text: str) -> list[str]:
    """``text`` whole, or SKETCH_WINDOWS evenly spaced windows of SKETCH_CHARS characters in all."""
    if len(text) <= SKETCH_CHARS:
        return [text]
    width = SKETCH_CHARS // SKETCH_WINDOWS
    step = (len(text) - width) / (SKETCH_WINDOWS - 1)
    return [text[int(i * step) : int(i * step) + width] for i in range(SKETCH_WINDOWS)]


def sketch(text: str, n: int = SHINGLE) -> Sketch:
    """The :class:`Sketch` of ``text``'s ``n``-word shingles (folded words, as :func:`shingles`)."""
    windows = [_TOKEN.findall(fold(w)) for w in _windows(text)]
    if len(windows) == 1 and len(windows[0]) <= _SMALL:
        found = _small(windows[0], n)
        return Sketch.of(sorted(found)[:SKETCH_SIZE] if len(found) > SKETCH_SIZE else found, len(found))
    parts: list[np.ndarray] = []
    for toks in windows:
        h = _token_hashes(toks)
        if len(h) < n:  # a short text: its words are its shingles (salted apart from real shingles)
            parts.append(h ^ _WORD_SALT)
            continue
        mixed = h[: len(h) - n + 1] * _MIX[0]  # uint64 arrays wrap around: the multiplication mixes
        for j in range(1, n):
            mixed = mixed ^ (h[j : len(h) - n + 1 + j] * _MIX[j % len(_MIX)])
        parts.append(mixed)
    allh = np.unique(_finish(np.concatenate(parts)))
    return Sketch.of(allh[:SKETCH_SIZE].tolist(), len(allh))


def sketch_many(texts: Sequence[str], n: int = SHINGLE) -> list[Sketch]:
    """:func:`sketch` of each of ``texts`` (the same sketches), the short ones hashed together in one numpy pass.

    ``add`` sketches every message it stores; one at a time, a chat message's few dozen shingles were hashed in
    Python integers (numpy's per-call cost is larger than the work there), a third of ``add_many``'s own time. In
    one batch the per-call cost is paid once for all the short texts; the long ones are sketched as before.
    """
    out: list[Sketch | None] = [None] * len(texts)
    owners: list[int] = []
    tokens: list[str] = []
    lengths: list[int] = []
    for i, text in enumerate(texts):
        toks = _TOKEN.findall(fold(text)) if len(text) <= SKETCH_CHARS else None
        if toks is None or len(toks) > _SMALL:
            out[i] = sketch(text, n)
            continue
        owners.append(i)
        tokens += toks
        lengths.append(len(toks))
    if owners:
        for i, sk in zip(owners, _sketch_batch(tokens, lengths, n), strict=True):
            out[i] = sk
    return [sk for sk in out if sk is not None]


def _sketch_batch(tokens: list[str], lengths: list[int], n: int) -> list[Sketch]:
    """The sketches of consecutive texts whose tokens are ``tokens`` (``lengths`` of them each), as :func:`_small`
    computes them one by one: the shingles of a text of ``n`` tokens or more, else its salted words."""
    h = _token_hashes(tokens)
    total, k = len(h), len(lengths)
    size = np.asarray(lengths, dtype=np.int64)
    owner = np.repeat(np.arange(k), size)
    at = np.arange(total) - np.repeat(np.cumsum(size) - size, size)  # each token's position in its text
    length = np.repeat(size, size)
    shingle = at <= length - n  # a shingle starts here (never in a text shorter than n)
    values = h ^ _WORD_SALT  # a text shorter than n: its words
    if total >= n:
        mixed = h[: total - n + 1] * _MIX[0]
        for j in range(1, n):
            mixed = mixed ^ (h[j : total - n + 1 + j] * _MIX[j % len(_MIX)])
        values[: total - n + 1] = np.where(shingle[: total - n + 1], mixed, values[: total - n + 1])
    keep = shingle | (length < n)
    finished, owner = _finish(values[keep]), owner[keep]
    order = np.lexsort((finished, owner))  # by text, then hash
    finished, owner = finished[order], owner[order]
    first = np.ones(len(finished), dtype=bool)
    first[1:] = (finished[1:] != finished[:-1]) | (owner[1:] != owner[:-1])
    finished, owner = finished[first], owner[first]
    ends = np.cumsum(np.bincount(owner, minlength=k)).tolist()
    hashes: list[int] = finished.tolist()
    out, start = [], 0
    for end in ends:
        order_k = tuple(hashes[start : min(end, start + SKETCH_SIZE)])
        out.append(Sketch(frozenset(order_k), end - start, order_k))
        start = end
    return out


def _small(tokens: list[str], n: int) -> set[int]:
    """:func:`sketch`'s hashes for a short text, in plain integers (numpy's per-call cost dominates there)."""
    hs = []
    for t in tokens:
        b = t.encode("utf-8", "surrogatepass")
        hs.append(zlib.crc32(b) | (zlib.adler32(b) << 32))
    if len(hs) < n:
        return {_finish_int(h ^ int(_WORD_SALT)) for h in hs}
    mix = [int(m) for m in _MIX]
    out = set()
    for i in range(len(hs) - n + 1):
        x = 0
        for j in range(n):
            x ^= (hs[i + j] * mix[j % len(mix)]) & _M64
        out.add(_finish_int(x))
    return out


def _finish_int(x: int) -> int:
    """:func:`_finish` on one integer."""
    x ^= x >> 30
    x = (x * 0xBF58476D1CE4E5B9) & _M64
    x ^= x >> 27
    x = (x * 0x94D049BB133111EB) & _M64
    return x ^ (x >> 31)


def similarity(a: Sketch, b: Sketch) -> float:
    """The Jaccard similarity of two sketched texts: exact when both sketches are complete, else estimated on the
    hashes up to the smaller of the two sketches' largest (a uniform sample of both texts' shingles, each sketch
    complete there). Two empty texts are identical."""
    if a.count == 0 and b.count == 0:
        return 1.0
    if a.count == 0 or b.count == 0:
        return 0.0
    both = a.hashes & b.hashes
    if a.complete and b.complete:
        return len(both) / (a.count + b.count - len(both))
    cut = min(a.top, b.top)
    na, nb = bisect_right(a.order, cut), bisect_right(b.order, cut)
    nab = sum(1 for x in both if x <= cut)
    return nab / (na + nb - nab)


def _near(a: Sketch, b: Sketch, threshold: float) -> bool:
    # |A & B| / |A | B| <= min / max: texts of very different sizes are never near-duplicates (no set work)
    if max(a.count, b.count) and min(a.count, b.count) < threshold * max(a.count, b.count):
        return False
    return similarity(a, b) >= threshold


def diversify(
    items: Sequence[tuple[int, float, str | Sketch]], k: int, lam: float = 1.0, threshold: float = DUPLICATE_THRESHOLD
) -> list[tuple[int, float]]:
    """The ``k`` best ``(key, score)`` of ``items`` (``(key, score, text or sketch)``, best first) without
    near-duplicates.

    An item whose text has Jaccard similarity >= ``threshold`` with an earlier-ranked kept item is dropped (the
    top item is always kept). With ``lam < 1`` the kept items are picked greedily by MMR over scores min-max
    normalised to [0, 1]; ``lam = 1`` keeps the input order (stable). Keys are returned once each. Pass sketches
    (:func:`sketch`, kept per message) rather than texts: a text is sketched here, on every call.
    """
    if not 0.0 <= lam <= 1.0:
        raise InvalidArgument(f"lam must be between 0 and 1, got {lam}")
    if not 0.0 < threshold <= 1.0:
        raise InvalidArgument(f"threshold must be in (0, 1], got {threshold}")
    if k <= 0 or not items:
        return []
    kept: list[tuple[int, float, Sketch]] = []
    seen: set[int] = set()
    for key, score, text in items:
        if key in seen:
            continue
        sk = text if isinstance(text, Sketch) else sketch(text)
        if any(_near(sk, other, threshold) for _, _, other in kept):
            continue
        seen.add(key)
        kept.append((key, score, sk))
        if lam == 1.0 and len(kept) >= k:
            break
    if lam == 1.0:
        return [(key, score) for key, score, _ in kept[:k]]
    return _mmr(kept, k, lam)


def _mmr(kept: list[tuple[int, float, Sketch]], k: int, lam: float) -> list[tuple[int, float]]:
    """Greedy MMR over the deduplicated items; ties keep the input order, so the top item always comes first.

    Each item's similarity to the chosen set is kept up to date with the newest pick only: O(k * n) comparisons.
    """
    lo, hi = min(s for _, s, _ in kept), max(s for _, s, _ in kept)
    rel = [1.0 if hi == lo else (s - lo) / (hi - lo) for _, s, _ in kept]
    chosen: list[int] = [0]
    near = [similarity(sk, kept[0][2]) for _, _, sk in kept]  # max similarity to anything chosen so far
    left = list(range(1, len(kept)))
    while left and len(chosen) < k:
        best = max(left, key=lambda i: (lam * rel[i] - (1 - lam) * near[i], -i))
        chosen.append(best)
        left.remove(best)
        for i in left:
            near[i] = max(near[i], similarity(kept[i][2], kept[best][2]))
    return [(kept[i][0], kept[i][1]) for i in chosen]


__all__ = [
    "DUPLICATE_THRESHOLD",
    "SKETCH_SIZE",
    "Sketch",
    "diversify",
    "jaccard",
    "shingles",
    "similarity",
    "sketch",
    "sketch_many",
]
