"""Topic-shift detection over message embeddings (the lesson's third trigger). Pure numpy.

A TextTiling-style depth score over a sliding window: for each boundary ``i`` compare the centroid
of the ``window`` messages before it with the centroid of those from it on. A shift is a local
minimum of that similarity whose depth (how far it dips below the peaks on either side) exceeds
``threshold`` and whose similarity is below ``max_similarity``.
"""

from __future__ import annotations

import numpy as np


def gap_similarities(vectors: np.ndarray, window: int = 4) -> np.ndarray:
    """Cosine similarity between the centroids left and right of every boundary 1..n-1."""
    n = len(vectors)
    sims = np.ones(n, dtype=np.float32)
    if n < 2:
        return sims
    csum = np.vstack([np.zeros((1, vectors.shape[1]), np.float32), np.cumsum(vectors, axis=0, dtype=np.float32)])
    for i in range(1, n):
        lo, hi = max(0, i - window), min(n, i + window)
        left, right = csum[i] - csum[lo], csum[hi] - csum[i]
        denom = float(np.linalg.norm(left) * np.linalg.norm(right))
        sims[i] = float(left @ right) / denom if denom else 1.0
    return sims


def depth_scores(sims: np.ndarray) -> np.ndarray:
    """TextTiling depth: (left peak - value) + (right peak - value), walking while the curve rises."""
    n = len(sims)
    depth = np.zeros(n, dtype=np.float32)
    for i in range(1, n):
        left = i
        while left > 1 and sims[left - 1] >= sims[left]:
            left -= 1
        right = i
        while right < n - 1 and sims[right + 1] >= sims[right]:
            right += 1
        depth[i] = (sims[left] - sims[i]) + (sims[right] - sims[i])
    return depth


def find_shifts(
    vectors: np.ndarray, window: int = 4, threshold: float = 0.25, max_similarity: float = 0.6, min_gap: int = 4
) -> list[int]:
    """Indices ``i`` where a new topic starts (message ``i`` is the first of the new topic).

    Boundaries closer than ``min_gap`` to the start, the end or a stronger boundary are ignored.
    """
    n = len(vectors)
    if n < 2 * min_gap:
        return []
    sims = gap_similarities(vectors, window)
    depth = depth_scores(sims)
    candidates = [i for i in range(min_gap, n - min_gap + 1) if depth[i] >= threshold and sims[i] <= max_similarity]
    chosen: list[int] = []
    for i in sorted(candidates, key=lambda i: -depth[i]):
        if all(abs(i - j) >= min_gap for j in chosen):
            chosen.append(i)
    return sorted(chosen)


def latest_shift(vectors: np.ndarray, **kw: float) -> int | None:
    """The most recent shift index in ``vectors`` (the unsummarised tail), or None."""
    shifts = find_shifts(vectors, **kw)  # type: ignore[arg-type]
    return shifts[-1] if shifts else None
