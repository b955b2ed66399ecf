"""Near-duplicate merging and maximal marginal relevance over ranked hits. Pure.

Agent and assistant logs repeat themselves: the same boilerplate reply, the same failing test output ten
times. Recall that returns ten copies of one text wastes the quote share on one fact. :func:`diversify`
keeps the best of each group of near-identical texts (word-shingle Jaccard at or above ``threshold``) and,
with ``lam < 1``, reorders the rest by maximal marginal relevance (Carbonell & Goldstein 1998):
``lam * relevance - (1 - lam) * max similarity to what is already chosen``. ``lam = 1`` keeps the fused order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import InvalidArgument
from .lang import fold

#: Texts at or above this word-shingle Jaccard similarity are one text: only the better-ranked stays.
DUPLICATE_THRESHOLD = 0.9
SHINGLE = 3  # words per shingle; shorter texts use their words as one shingle each
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)


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


def diversify(
    items: Sequence[tuple[int, float, str]], k: int, lam: float = 1.0, threshold: float = DUPLICATE_THRESHOLD
) -> list[tuple[int, float]]:
    """The ``k`` best ``(key, score)`` of ``items`` (``(key, score, text)``, best first) without near-duplicates.

    An item whose text has Jaccard similarity >= ``threshold`` with an earlier-ranked kept item is dropped (the
    top item is always kept). With ``lam < 1`` the kept items are picked greedily by MMR over scores min-max
    normalised to [0, 1]; ``lam = 1`` keeps the input order (stable). Keys are returned once each.
    """
    if not 0.0 <= lam <= 1.0:
        raise InvalidArgument(f"lam must be between 0 and 1, got {lam}")
    if not 0.0 < threshold <= 1.0:
        raise InvalidArgument(f"threshold must be in (0, 1], got {threshold}")
    if k <= 0 or not items:
        return []
    kept: list[tuple[int, float, frozenset[str]]] = []
    seen: set[int] = set()
    for key, score, text in items:
        if key in seen:
            continue
        sh = shingles(text)
        if any(jaccard(sh, other) >= threshold for _, _, other in kept):
            continue
        seen.add(key)
        kept.append((key, score, sh))
        if lam == 1.0 and len(kept) >= k:
            break
    if lam == 1.0:
        return [(key, score) for key, score, _ in kept[:k]]
    return _mmr(kept, k, lam)


def _mmr(kept: list[tuple[int, float, frozenset[str]]], k: int, lam: float) -> list[tuple[int, float]]:
    """Greedy MMR over the deduplicated items; ties keep the input order, so the top item always comes first.

    Each item's similarity to the chosen set is kept up to date with the newest pick only: O(k * n) comparisons.
    """
    lo, hi = min(s for _, s, _ in kept), max(s for _, s, _ in kept)
    rel = [1.0 if hi == lo else (s - lo) / (hi - lo) for _, s, _ in kept]
    chosen: list[int] = [0]
    near = [jaccard(sh, kept[0][2]) for _, _, sh in kept]  # max similarity to anything chosen so far
    left = list(range(1, len(kept)))
    while left and len(chosen) < k:
        best = max(left, key=lambda i: (lam * rel[i] - (1 - lam) * near[i], -i))
        chosen.append(best)
        left.remove(best)
        for i in left:
            near[i] = max(near[i], jaccard(kept[i][2], kept[best][2]))
    return [(kept[i][0], kept[i][1]) for i in chosen]


__all__ = ["DUPLICATE_THRESHOLD", "diversify", "jaccard", "shingles"]
