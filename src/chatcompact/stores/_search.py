"""Bounded full-text search, shared by the SQL stores (:class:`~chatcompact.stores._sql.SQLStore` inherits it).

Full-text search is bounded (:meth:`BoundedSearch._bounded_search`): the cost of a query grows with the matches it
keeps, not with the thread. Each query word is counted in the thread: SQLite counts with a LIMIT (at most
``RARE_HITS + 1`` postings read), Postgres estimates from the column's lexeme statistics. Words found in at most
``RARE_HITS`` messages (together at most ``RARE_TOTAL``) are searched over the whole history and ranked by the
index's own score; the others, whose weight in BM25 / ``ts_rank`` is low because they are common, are searched
only among the ``RECENT_HITS`` newest messages that match any word, ranked with every word. A thread of at most
``RARE_TOTAL`` messages is searched exactly, as before; its passages are not (a 2 MB tool output alone holds
thousands), they are always counted first.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from typing import Any

from ..protocols import Ranked, RankedSpan, SearchFilter, TextHit
from ..types import Message, ThreadInfo
from ._common import decode_message, query_terms, stored_speaker
from ._vectors import no_match

#: Bounds of full-text candidate generation (see the module docstring).
RARE_HITS = 500
RARE_TOTAL = 1000
RECENT_HITS = 200


@dataclass(frozen=True)
class TextScan:
    """One full-text read: rows of ``table`` ("messages" or "passages") of the thread matching any of ``terms``,
    scored with every word of ``ranked`` where the dialect can (else with ``terms``), filtered by ``where``, the
    best ``limit``; with ``recent``, only the ``recent`` newest matches are scored."""

    table: str
    thread_id: str
    terms: tuple[str, ...]
    ranked: tuple[str, ...]
    where: SearchFilter | None
    limit: int
    recent: int | None = None
    thread_size: int = 0  # messages in the thread (a dialect may plan by it)


class BoundedSearch:
    """``search_text`` and ``search_passages`` over a dialect's two primitives, :meth:`_term_hits` and
    :meth:`_text_rows`, with bounded work per query (see the module docstring)."""

    def _read(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _head(self, conn: Any, thread_id: str) -> ThreadInfo:
        raise NotImplementedError

    def _x(self, conn: Any, sql: str, args: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------------ full-text search (bounded)

    def _term_hits(self, conn: Any, scan: TextScan, term: str, cap: int) -> int:
        """Messages (or passages) of the thread holding ``term``, counted up to ``cap`` (a dialect may count
        more: a word counted as common is only searched among the newest matches)."""
        raise NotImplementedError

    def _text_rows(self, conn: Any, scan: TextScan) -> list[tuple[Any, ...]]:
        """Rows ``(seq, score, *extra)`` of ``scan.table`` for ``scan`` (best first, at most ``scan.limit``)."""
        raise NotImplementedError

    def _bounded_search(
        self, conn: Any, table: str, info: ThreadInfo, terms: list[str], where: SearchFilter | None, limit: int
    ) -> list[tuple[Any, ...]]:
        """The best ``limit`` rows of ``table`` for ``terms``, read with bounded work (see the module docstring)."""
        scan = TextScan(table, info.id, tuple(terms), tuple(terms), where, limit, thread_size=info.last_seq)
        if table == "messages" and info.last_seq <= RARE_TOTAL:  # one long message can hold thousands of passages
            return self._text_rows(conn, scan)
        counts = sorted((self._term_hits(conn, scan, t, RARE_HITS + 1), i, t) for i, t in enumerate(terms))
        if all(n == 0 for n, _, _ in counts):
            return []
        rare: list[str] = []
        total = 0
        for n, _, term in counts:
            if n <= RARE_HITS and total + n <= RARE_TOTAL:
                rare.append(term)
                total += n
        rows = self._text_rows(conn, replace(scan, terms=tuple(rare))) if total else []
        if len(rare) < len(terms):  # common words: only the newest matches of any word are ranked
            rows += self._text_rows(conn, replace(scan, recent=RECENT_HITS))
        best: dict[Any, tuple[Any, ...]] = {}
        for row in rows:  # a row found by both: its score with every word (the larger)
            key = row[0] if table == "messages" else (row[0], row[2])
            if key not in best or row[1] > best[key][1]:
                best[key] = row
        return sorted(best.values(), key=lambda r: (-r[1], r[0], *r[2:3]))[:limit]

    def search_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[TextHit]:
        """Full-text search of the thread's log, best match first (``score``: higher is better).

        ``where`` keeps only messages of the given roles and ``created_at`` range (inclusive).
        """
        return self._with_messages(thread_id, self.rank_text(thread_id, query, k, where))

    def rank_text(self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None) -> list[Ranked]:
        """:meth:`search_text`'s ranking as ``(seq, score)``: no message body is read (``protocols.RankedSearch``)."""
        terms = query_terms(query)
        with self._read() as conn:
            info = self._head(conn, thread_id)
            if not terms or k <= 0 or no_match(where):
                return []
            found = self._bounded_search(conn, "messages", info, terms, where, k)
        return [(int(seq), float(score)) for seq, score, *_ in found]

    def search_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[tuple[TextHit, tuple[int, int]]]:
        """Full-text search of the passages of the thread's long messages: each message once, at its best
        passage, as ``(hit, (start, end))`` (character offsets in its text), best first."""
        ranked = self.rank_passages(thread_id, query, k, where)
        spans = {seq: span for seq, _, span in ranked}
        hits = self._with_messages(thread_id, [(seq, score) for seq, score, _ in ranked])
        return [(h, spans[h.message.seq or 0]) for h in hits]

    def rank_passages(
        self, thread_id: str, query: str, k: int = 10, where: SearchFilter | None = None
    ) -> list[RankedSpan]:
        """:meth:`search_passages`' ranking as ``(seq, score, span)``: no message body is read."""
        terms = query_terms(query)
        with self._read() as conn:
            info = self._head(conn, thread_id)
            if not terms or k <= 0 or no_match(where):
                return []
            rows = self._bounded_search(conn, "passages", info, terms, where, 4 * k)
        out: dict[int, RankedSpan] = {}
        for seq, score, _chunk, start, end in rows:
            if seq not in out and len(out) < k:
                out[seq] = (int(seq), float(score), (int(start), int(end)))
        return list(out.values())

    def messages_at(self, thread_id: str, seqs: Sequence[int]) -> list[Message]:
        """The messages of ``seqs`` the thread has (others are left out), in seq order: one read for the hits."""
        with self._read() as conn:
            bodies = self._bodies(conn, thread_id, sorted(set(seqs)))
        return [decode_message(body, seq, created, thread_id) for seq, (body, created) in sorted(bodies.items())]

    def speakers_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, str | None]:
        """The speaker of each of ``seqs`` the thread has, read from the rows' bodies (``stored_speaker``)."""
        with self._read() as conn:
            bodies = self._bodies(conn, thread_id, sorted(set(seqs)))
        return {seq: stored_speaker(body) for seq, (body, _) in bodies.items()}

    def times_at(self, thread_id: str, seqs: Sequence[int]) -> dict[int, float]:
        """The ``created_at`` of each of ``seqs`` the thread has, from the index over the rows' metadata (no body)."""
        out: dict[int, float] = {}
        with self._read() as conn:
            for chunk in _chunks(sorted(set(seqs))):
                marks = ", ".join("?" * len(chunk))
                sql = f"SELECT seq, created_at FROM messages WHERE thread_id = ? AND seq IN ({marks})"
                out.update((int(seq), float(created)) for seq, created in self._x(conn, sql, (thread_id, *chunk)))
        return out

    def _with_messages(self, thread_id: str, ranked: Sequence[Ranked]) -> list[TextHit]:
        """The ranked seqs as hits with their messages (a seq erased meanwhile is left out)."""
        found = {m.seq: m for m in self.messages_at(thread_id, [seq for seq, _ in ranked])}
        return [TextHit(message=found[seq], score=score) for seq, score in ranked if seq in found]

    def _bodies(self, conn: Any, thread_id: str, seqs: Sequence[int]) -> dict[int, tuple[str, float]]:
        out: dict[int, tuple[str, float]] = {}
        for chunk in _chunks(seqs):
            marks = ", ".join("?" * len(chunk))
            sql = f"SELECT seq, body, created_at FROM messages WHERE thread_id = ? AND seq IN ({marks})"
            out.update((seq, (body, created)) for seq, body, created in self._x(conn, sql, (thread_id, *chunk)))
        return out


def _chunks(items: Sequence[Any], size: int = 500) -> list[Sequence[Any]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


__all__ = ["RARE_HITS", "RARE_TOTAL", "RECENT_HITS", "BoundedSearch", "TextScan"]
