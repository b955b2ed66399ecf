"""The in-process vector index both stores keep per (thread, embedding model).

Search is exact numpy brute force over a float32 matrix (one BLAS matrix-vector product, then a partial sort).
Measured at 384 dimensions on 2 cores, idle (``benchmarks/vector_index.py``, real sentence embeddings): 0.26 ms
at 10k vectors, 7 ms at 100k (15-25 ms when the cores are busy), ~70 ms at 1M. From ``ANN_THRESHOLD`` vectors on,
when ``hnswlib`` is installed, an HNSW graph (M=32, ef_construction=200, ef=512) is built in a background thread
(on one core: tens of seconds for 100k, so never inside a search); until it is ready, and for filters that leave
few candidates, search stays exact. Parameters from ``benchmarks/vector_index.py`` on the dev data at 100k
vectors (LoCoMo and DialogSum turns; agent trajectories, padded with jittered copies): recall@10 against exact
search 0.99 and 0.999 at ~0.8 ms a query; M=16, ef=128 (the earlier setting) gave 0.96 and 0.73 on the agent
data, whose near-duplicate outputs defeat a sparse graph. hnswlib beat usearch on recall, build time and latency.

A message has one row per part (:data:`WHOLE` for a vector of the whole text, ``1 + i`` for the vector of its
passage ``i``: ``runtime.archive``): search ranks each message once, by its best part (max over its rows), and the
graph's labels are rows, mapped back to seqs. Rows are removed by ``forget`` (:meth:`VectorIndex.remove`: out of the
matrix's live rows and marked deleted in the graph) and by a put that gives a seq fewer parts than it had; a vector
put again for the same (seq, part) replaces its row in place. Every public method is thread-safe.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..errors import InvalidArgument, StoreError
from ..protocols import SearchFilter

#: Below this many vectors search is always exact brute force (None: always exact). Exact is <= ~3.5 ms up to here.
ANN_THRESHOLD: int | None = 50_000
#: With a filter that leaves at most this many candidates, the candidates are searched exactly even with a graph.
EXACT_SUBSET_MAX = 20_000
HNSW_M = 32
HNSW_EF_CONSTRUCTION = 200
HNSW_EF_SEARCH = 512
#: From this many vectors on, queries search wider still.
HNSW_LARGE = 500_000
HNSW_EF_SEARCH_LARGE = 768
#: The part of a vector that embeds the message's whole text (all a short message has; a long one's passages are
#: parts ``1 + chunk``, ``core.passages.vector_rows``' chunk numbers).
WHOLE = 0


def hnswlib_module() -> Any | None:
    """The ``hnswlib`` module, or None when it is not installed (search then stays exact)."""
    try:
        import hnswlib
    except ImportError:
        return None
    return hnswlib


def as_matrix(vectors: Any, count: int) -> np.ndarray:
    """``vectors`` as a C-contiguous float32 (count, dim) array, each row L2-normalised (zero rows stay zero).

    ValueError if the shape does not fit ``count`` or a value is not finite.
    """
    try:
        matrix = np.array(vectors, dtype=np.float32, copy=True)
    except (TypeError, ValueError) as exc:
        raise InvalidArgument(f"vectors must be a numeric array: {exc}") from exc
    if matrix.ndim == 1 and count == 1:
        matrix = matrix.reshape(1, -1)
    if matrix.ndim != 2 or matrix.shape[0] != count:
        raise InvalidArgument(
            f"expected {count} vectors as an array of shape ({count}, dimensions), got {matrix.shape}"
        )
    if matrix.shape[1] == 0:
        raise InvalidArgument("vectors must have at least one dimension")
    if not np.isfinite(matrix).all():
        raise InvalidArgument("vectors must be finite (no NaN or infinity)")
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix /= np.where(norms == 0, 1.0, norms)
    return np.ascontiguousarray(matrix)


def as_query(query: Any, dim: int | None) -> np.ndarray:
    """One query vector, float32 and normalised; StoreError if its dimension differs from the index's."""
    q = np.asarray(query, dtype=np.float32)
    if q.ndim == 2 and q.shape[0] == 1:
        q = q[0]
    if q.ndim != 1:
        raise InvalidArgument(f"query must be one vector, got an array of shape {q.shape}")
    if dim is not None and q.shape[0] != dim:
        raise StoreError(f"query vector has {q.shape[0]} dimensions but the stored vectors have {dim}")
    if not np.isfinite(q).all():
        raise InvalidArgument("query vector must be finite (no NaN or infinity)")
    norm = float(np.linalg.norm(q))
    return q / norm if norm else q


def _ints(values: Sequence[int], count: int, name: str, least: int, what: str) -> list[int]:
    """``values`` as ints >= ``least``, one per vector; InvalidArgument naming ``name`` otherwise."""
    out = list(values)
    if len(out) != count:
        raise InvalidArgument(f"put_vectors got {len(out)} {name} but {count} vectors")
    for i, v in enumerate(out):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < least:
            raise InvalidArgument(f"{name}[{i}] must be {what}, got {v!r}")
    return [int(v) for v in out]


def check_seqs(seqs: Sequence[int], count: int) -> list[int]:
    """The seqs as ints, one per vector; ValueError otherwise."""
    return _ints(seqs, count, "seqs", 1, "a positive int")


def check_parts(parts: Sequence[int] | None, count: int) -> list[int]:
    """Each row's part as an int >= 0 (None: every row the whole message, :data:`WHOLE`); ValueError otherwise."""
    return [WHOLE] * count if parts is None else _ints(parts, count, "parts", 0, "an int >= 0")


def vector_batch(
    model: object, seqs: Sequence[int], vectors: np.ndarray, parts: Sequence[int] | None = None
) -> tuple[list[int], list[int], np.ndarray]:
    """A ``put_vectors`` batch checked (model name, shapes, seqs, parts) as ``(seqs, parts, matrix)``, one row per
    (seq, part), ordered by seq then part: the last vector wins when a batch names a (seq, part) twice.
    ValueError/StoreError as the checks raise them."""
    check_model(model)
    seq_list = list(seqs)
    if not seq_list:
        return [], [], np.empty((0, 0), dtype=np.float32)
    matrix = as_matrix(vectors, len(seq_list))
    seq_list = check_seqs(seq_list, len(matrix))
    part_list = check_parts(parts, len(matrix))
    last = {key: i for i, key in enumerate(zip(seq_list, part_list, strict=True))}
    keys = sorted(last)
    if len(keys) < len(seq_list) or keys != list(zip(seq_list, part_list, strict=True)):
        matrix = matrix[[last[key] for key in keys]]
        seq_list, part_list = [k[0] for k in keys], [k[1] for k in keys]
    return seq_list, part_list, matrix


def check_model(model: object) -> str:
    """Return ``model`` if it is a non-empty string (an embedding model's name); StoreError otherwise."""
    if not isinstance(model, str) or not model:
        raise StoreError(f"embedding model name must be a non-empty string, got {model!r}")
    return model


def check_dim(model: str, have: int | None, got: int) -> None:
    if have is not None and have != got:
        raise StoreError(f"vectors of model {model!r} have {have} dimensions in this thread; got {got}")


def no_match(where: SearchFilter | None) -> bool:
    """True when the filter can match nothing (an empty role set or an empty time range)."""
    if where is None:
        return False
    if where.roles is not None and not where.roles:
        return True
    return where.since is not None and where.until is not None and where.since > where.until


class VectorIndex:
    """Vectors of one (thread, model): rows of a growing float32 matrix with their seq, part, role and time."""

    def __init__(self, dim: int, *, ann_threshold: int | str | None = "default", background: bool = True) -> None:
        """``ann_threshold``: size from which a graph is built (None: never; "default": ``ANN_THRESHOLD`` as it
        is when the index is created, so a process may change the module constant)."""
        self.dim = dim
        self.ann_threshold: int | None = ANN_THRESHOLD if ann_threshold == "default" else ann_threshold  # type: ignore[assignment]
        self.background = background
        self._lock = threading.RLock()
        self._n = 0
        self._vecs = np.zeros((0, dim), dtype=np.float32)
        self._seqs = np.zeros(0, dtype=np.int64)
        self._parts = np.zeros(0, dtype=np.int32)
        self._roles = np.zeros(0, dtype=np.int16)
        self._times = np.zeros(0, dtype=np.float64)
        self._row: dict[int, dict[int, int]] = {}  # seq -> part -> row (live rows only)
        self._live = 0  # live rows (a message embedded by passages has several)
        self._dead = np.zeros(0, dtype=bool)  # rows removed (kept in the arrays, never returned)
        self._role_code: dict[str, int] = {}
        self._ann: Any = None  # an hnswlib.Index whose labels are rows, once built
        self._ann_rows = 0  # rows [0, _ann_rows) are in the graph
        self._building = False
        self._dirty: set[int] = set()  # rows replaced while a graph was being built

    def __len__(self) -> int:
        """Live rows (vectors held), every part counted."""
        return self._live

    @property
    def ann_ready(self) -> bool:
        return self._ann is not None

    def seqs(self) -> np.ndarray:
        with self._lock:
            return self._seqs[: self._n].copy()

    def has(self, seq: int) -> bool:
        return seq in self._row

    def export(self) -> tuple[list[int], list[int], np.ndarray]:
        """Every live row as (seqs, parts, float32 matrix), by seq then part: what ``Store.get_vector_parts``
        returns."""
        with self._lock:
            rows = np.asarray(
                [self._row[seq][part] for seq in sorted(self._row) for part in sorted(self._row[seq])], dtype=np.int64
            )
            return [int(s) for s in self._seqs[rows]], [int(p) for p in self._parts[rows]], self._vecs[rows].copy()

    def remove(self, seqs: Sequence[int]) -> None:
        """Take every row of ``seqs`` out (forget): never returned again; a later put of the seq adds new rows."""
        with self._lock:
            rows = [row for s in seqs if int(s) in self._row for row in self._row.pop(int(s)).values()]
            self._kill(rows)

    def _kill(self, rows: list[int]) -> None:
        """Mark rows dead (under the lock): out of search, and of the graph unless a build will mark them."""
        if not rows:
            return
        self._live -= len(rows)
        self._dead[rows] = True
        if self._ann is not None and not self._building:  # a build in progress marks them when it ends
            for row in rows:
                if row < self._ann_rows:
                    self._ann.mark_deleted(row)

    # ------------------------------------------------------------------ writes

    def add(
        self,
        seqs: Sequence[int],
        vectors: np.ndarray,
        roles: Sequence[str],
        times: Sequence[float],
        parts: Sequence[int] | None = None,
    ) -> None:
        """Insert or replace rows, one per (seq, part) (``parts`` None: every row the whole message); a seq named
        here keeps only the parts named here (a message embedded again with fewer passages loses the others).
        ``vectors`` must already be normalised float32 of this index's dimension."""
        if vectors.shape[1] != self.dim:
            raise StoreError(f"vectors have {vectors.shape[1]} dimensions but this index has {self.dim}")
        part_list = [WHOLE] * len(seqs) if parts is None else [int(p) for p in parts]
        with self._lock:
            named: dict[int, set[int]] = {}
            for seq, part in zip(seqs, part_list, strict=True):
                named.setdefault(int(seq), set()).add(part)
            stale = [
                self._row[seq].pop(part)
                for seq, keep in named.items()
                if seq in self._row
                for part in [p for p in self._row[seq] if p not in keep]
            ]
            self._kill(stale)
            replaced: list[int] = []
            fresh: list[tuple[int, int, int]] = []  # (source index, seq, part)
            for i, (seq, part) in enumerate(zip(seqs, part_list, strict=True)):
                held = self._row.setdefault(int(seq), {})
                row = held.get(part)
                if row is None:
                    held[part] = self._n + len(fresh)
                    fresh.append((i, int(seq), part))
                else:
                    self._vecs[row] = vectors[i]
                    replaced.append(row)
            self._live += len(fresh)
            if fresh:
                self._grow(self._n + len(fresh))
                end = self._n + len(fresh)
                src = np.asarray([f[0] for f in fresh], dtype=np.int64)
                self._vecs[self._n : end] = vectors[src]
                self._seqs[self._n : end] = [f[1] for f in fresh]
                self._parts[self._n : end] = [f[2] for f in fresh]
                self._roles[self._n : end] = [self._code(roles[f[0]]) for f in fresh]
                self._times[self._n : end] = [times[f[0]] for f in fresh]
                self._n = end
            if self._building:
                self._dirty.update(replaced)
            elif self._ann is not None:
                self._ann_add(sorted(set(replaced)))
                self._ann_add(list(range(self._ann_rows, self._n)))
            self._maybe_build()

    def _code(self, role: str) -> int:
        code = self._role_code.get(role)
        if code is None:
            code = self._role_code[role] = len(self._role_code)
        return code

    def _grow(self, need: int) -> None:
        if need <= len(self._seqs):
            return
        cap = max(need, 2 * len(self._seqs), 64)
        vecs = np.zeros((cap, self.dim), dtype=np.float32)
        vecs[: self._n] = self._vecs[: self._n]
        seqs = np.zeros(cap, dtype=np.int64)
        seqs[: self._n] = self._seqs[: self._n]
        parts = np.zeros(cap, dtype=np.int32)
        parts[: self._n] = self._parts[: self._n]
        roles = np.zeros(cap, dtype=np.int16)
        roles[: self._n] = self._roles[: self._n]
        times = np.zeros(cap, dtype=np.float64)
        times[: self._n] = self._times[: self._n]
        dead = np.zeros(cap, dtype=bool)
        dead[: self._n] = self._dead[: self._n]
        self._dead = dead
        # A graph build in progress reads its own copy, so swapping the buffers is safe.
        self._vecs, self._seqs, self._parts, self._roles, self._times = vecs, seqs, parts, roles, times

    # ------------------------------------------------------------------ the graph (optional)

    def _maybe_build(self) -> None:
        if self._ann is not None or self._building or self.ann_threshold is None or self._n < self.ann_threshold:
            return
        hnswlib = hnswlib_module()
        if hnswlib is None:
            return
        self._building = True
        snapshot = self._vecs[: self._n].copy()
        if self.background:
            threading.Thread(target=self._build, args=(hnswlib, snapshot), name="chatcompact-hnsw", daemon=True).start()
        else:
            self._build(hnswlib, snapshot)

    def _build(self, hnswlib: Any, snapshot: np.ndarray) -> None:
        try:
            index = hnswlib.Index(space="ip", dim=self.dim)
            index.init_index(
                max_elements=max(2 * len(snapshot), 1024), M=HNSW_M, ef_construction=HNSW_EF_CONSTRUCTION, random_seed=7
            )
            # a background build leaves a core to the foreground (hnswlib would take them all)
            threads = max(1, (os.cpu_count() or 2) - 1) if self.background else -1
            index.add_items(snapshot, np.arange(len(snapshot)), num_threads=threads)
            index.set_ef(self._ef(len(snapshot)))
        except Exception:  # a failed build leaves exact search in place, which is always correct
            with self._lock:
                self._building = False
                self._dirty.clear()
            return
        with self._lock:
            self._ann, self._ann_rows = index, len(snapshot)
            self._building = False
            dirty, self._dirty = sorted(self._dirty), set()
            self._ann_add(dirty)  # replaced while building
            self._ann_add(list(range(self._ann_rows, self._n)))  # added while building
            for row in np.flatnonzero(self._dead[: self._ann_rows]):  # removed before or while building
                index.mark_deleted(int(row))

    @staticmethod
    def _ef(n: int) -> int:
        return HNSW_EF_SEARCH_LARGE if n >= HNSW_LARGE else HNSW_EF_SEARCH

    def _ann_add(self, rows: list[int]) -> None:
        """Put rows into the graph (called under the lock); rows at or past ``_ann_rows`` extend it."""
        if not rows:
            return
        index = self._ann
        top = max(rows) + 1
        if top > index.get_max_elements():
            index.resize_index(max(2 * index.get_max_elements(), top))
        ids = np.asarray(rows, dtype=np.int64)
        index.add_items(self._vecs[ids], ids)
        self._ann_rows = max(self._ann_rows, top)

    def wait_for_graph(self, timeout: float = 60.0) -> bool:
        """Block until a background graph build finishes (benchmarks and tests); True if a graph is ready."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if not self._building:
                    return self._ann is not None
            time.sleep(0.01)
        return False

    # ------------------------------------------------------------------ search

    def _mask(self, where: SearchFilter | None) -> np.ndarray | None:
        """Boolean mask over the live rows passing ``where`` (None = all pass); called under the lock."""
        dead = self._live < self._n
        if not dead and (where is None or (where.roles is None and where.since is None and where.until is None)):
            return None
        mask = ~self._dead[: self._n] if dead else np.ones(self._n, dtype=bool)
        if where is None:
            return mask
        if where.roles is not None:
            codes = [self._role_code[r] for r in where.roles if r in self._role_code]
            mask &= np.isin(self._roles[: self._n], np.asarray(codes, dtype=np.int16))
        if where.since is not None:
            mask &= self._times[: self._n] >= where.since
        if where.until is not None:
            mask &= self._times[: self._n] <= where.until
        return mask

    def search(self, query: np.ndarray, k: int, where: SearchFilter | None = None) -> list[tuple[int, float]]:
        """The ``k`` best (seq, cosine similarity) pairs passing ``where``, a seq once at its best part; ties go to
        the older message."""
        return [(seq, score) for seq, score, _ in self.search_parts(query, k, where)]

    def search_parts(
        self, query: np.ndarray, k: int, where: SearchFilter | None = None
    ) -> list[tuple[int, float, int]]:
        """:meth:`search` with the part each seq was found by: ``(seq, score, part)``."""
        if k <= 0 or no_match(where):
            return []
        q = as_query(query, self.dim)
        with self._lock:
            n = self._n
            if n == 0:
                return []
            mask = self._mask(where)
            passing = n if mask is None else int(mask.sum())
            if passing == 0:
                return []
            if self._ann is not None and self._ann_rows == n and (mask is None or passing > EXACT_SUBSET_MAX):
                try:
                    return self._search_ann(q, k, mask, passing)
                except RuntimeError:  # hnswlib could not fill the result (ef too small): exact search below
                    self._ann.set_ef(self._ef(n))
            vecs, seqs, parts = self._vecs[:n], self._seqs[:n], self._parts[:n]
            multi = self._live > len(self._row)
        # Outside the lock: the matrix product is the slow part and these arrays are never written in place
        # except by a replacing put, which at worst gives this one search the old or the new vector.
        if mask is not None and passing <= n // 4:
            rows = np.flatnonzero(mask)
            return self._top(vecs[rows] @ q, seqs[rows], parts[rows], k, multi=multi)
        scores = vecs @ q
        if mask is not None:
            scores = np.where(mask, scores, -np.inf)
        return self._top(scores, seqs, parts, k, valid=passing, multi=multi)

    @staticmethod
    def _top(
        scores: np.ndarray,
        seqs: np.ndarray,
        parts: np.ndarray,
        k: int,
        valid: int | None = None,
        multi: bool = False,
    ) -> list[tuple[int, float, int]]:
        """The ``k`` best seqs, each scored by its best row (max over its parts), with that row's part; ties go to
        the older message. ``valid``: rows with a finite score (the others are -inf); ``multi``: some seq may have
        several rows, so the best rows are taken four times deeper, and deeper again until they hold ``k`` seqs
        (exact: a seq's first row in score order is its best)."""
        limit = len(scores) if valid is None else valid
        m = min(limit, 4 * k if multi else k)
        while m > 0:
            cand = np.argpartition(-scores, m - 1)[:m] if m < len(scores) else np.arange(len(scores))
            # Include every row tied with the m-th score, so the seq tie-break below is exact.
            ties = np.flatnonzero(scores >= scores[cand].min())
            if len(ties) > m:
                cand = ties
            order = cand[np.lexsort((parts[cand], seqs[cand], -scores[cand]))]
            out: dict[int, tuple[float, int]] = {}
            for seq, score, part in zip(
                seqs[order].tolist(), scores[order].tolist(), parts[order].tolist(), strict=True
            ):
                if seq not in out:
                    out[seq] = (score, part)
                    if len(out) >= k:
                        break
            if len(out) >= k or m >= limit:
                return [(int(seq), float(score), int(part)) for seq, (score, part) in out.items()]
            m = min(limit, m * 4)
        return []

    def _search_ann(self, q: np.ndarray, k: int, mask: np.ndarray | None, passing: int) -> list[tuple[int, float, int]]:
        """Graph search (under the lock); with a filter, over-fetch and widen until the rows passing hold k seqs."""
        n = self._n
        fetch = min(n, max(k * 4, int(k * 4 * n / passing)))
        while True:
            self._ann.set_ef(max(self._ef(n), fetch))
            labels, distances = self._ann.knn_query(q, k=fetch)
            rows, sims = labels[0].astype(np.int64), 1.0 - distances[0]  # hnswlib's "ip" distance is 1 - dot
            if mask is not None:
                keep = mask[rows]
                rows, sims = rows[keep], sims[keep]
            if len(np.unique(self._seqs[rows])) >= k or fetch >= n:
                break
            fetch = min(n, fetch * 4)
        self._ann.set_ef(self._ef(n))
        # Exact scores for the candidates (the graph's are float error away), then the same ordering as brute force.
        exact = self._vecs[rows] @ q
        return self._top(exact, self._seqs[rows], self._parts[rows], k, multi=True)
