"""What recall reads of each message, kept by seq in the thread's view: the work is done once per message.

Recall ranks deep candidate lists (a hundred seqs from each search) but reads, per candidate, only small derived
values: who spoke it (``core.speakers.speaker_of``), when (``created_at``, for the head spread) and its shingle
sketch (``core.mmr.sketch``, for merging near-duplicates); only the hits it returns need their message.
:class:`Derived` holds those values and the messages themselves, by seq: filled by ``add`` (the message is at
hand), read by every query, computed for a seq the first time a query needs it and never again. A megabyte tool
output is sketched once (from a bounded sample), never re-tokenised per query.

A context's recalled quotes are kept here too (:meth:`Derived.quoted`): the same turns are quoted request after
request, each line made once.

Bounded: messages up to :data:`MESSAGE_CHARS` characters in all (least recently used out first), sketches up to
:data:`SKETCHES`, speakers and times up to :data:`SPEAKERS` each, the spans of embedded units up to :data:`UNITS`,
quote lines up to :data:`QUOTES`. It lives in its thread's view (DESIGN rule 16: no module-level cache of
conversation text) and is cleared whenever the view reloads from the store (another writer moved the thread, a
revert, a forget), so an erased message is never served from it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TypeVar

from ..core.mmr import Sketch, sketch_many
from ..core.passages import vector_rows, vector_span
from ..core.speakers import speaker_of
from ..protocols import RankedSearch, Store
from ..types import Message

T = TypeVar("T")
V = TypeVar("V")

#: Characters of messages a thread keeps at most for recall (a 1 MB tool output is one million).
MESSAGE_CHARS = 16_000_000
MESSAGES = 4096  # messages a thread keeps at most, whatever their size
SKETCHES = 4096
SPEAKERS = 65_536
UNITS = 4096  # messages whose embedded units' spans are kept (at most 12 spans each)
QUOTES = 512  # quote lines (a recalled turn as a context shows it, at one passage)
_GAP = 4  # seqs this close are fetched in one range read (the few between come along, and are kept)


class Derived:
    """The per-message values recall reads, by seq (see the module docstring). Thread-safe."""

    def __init__(self, max_chars: int = MESSAGE_CHARS) -> None:
        self.max_chars = max_chars
        self._lock = threading.Lock()
        self._messages: OrderedDict[int, Message] = OrderedDict()
        self._chars = 0
        self._sketches: OrderedDict[int, Sketch] = OrderedDict()
        self._speakers: OrderedDict[int, str | None] = OrderedDict()
        self._times: OrderedDict[int, float] = OrderedDict()
        self._units: OrderedDict[int, dict[int, tuple[int, int]]] = OrderedDict()
        self._quotes: OrderedDict[tuple[object, ...], tuple[Message, object]] = OrderedDict()
        self._mark: int | None = None  # the latest "forgotten" event id when the cache was last emptied

    def clear(self, mark: int | None = None) -> None:
        """Forget everything (the thread's view reloads); ``mark`` is the thread's latest ``forgotten`` event id
        as read before the reload (:func:`forget_mark`), which :meth:`check` compares against."""
        with self._lock:
            self._messages.clear()
            self._sketches.clear()
            self._speakers.clear()
            self._times.clear()
            self._units.clear()
            self._quotes.clear()
            self._chars = 0
            self._mark = mark

    @property
    def mark(self) -> int | None:
        """The thread's latest ``forgotten`` event id when this cache was last emptied (None: never)."""
        return self._mark

    def check(self, store: Store, thread_id: str) -> None:
        """Clear when the thread forgot messages since the mark (another process's ``forget``: it moves no head,
        so the view would not notice): one indexed read per query."""
        mark = forget_mark(store, thread_id)
        if mark != self._mark:
            self.clear(mark)

    def quoted(self, m: Message, shape: tuple[object, ...], compute: Callable[[], T]) -> T:
        """``compute()``: how recalled message ``m`` is quoted (``shape``: what else the line depends on, e.g. its
        passage), made once and kept; a hit is checked against the whole message (another text under the same
        seq, a tombstone, is made afresh). Cleared with the rest on a reload and on a forget."""
        key = (m.seq, m.role, len(m.text), *shape)
        with self._lock:
            hit = self._quotes.get(key)
            if hit is not None and (hit[0] is m or hit[0] == m):
                self._quotes.move_to_end(key)
                return hit[1]  # type: ignore[return-value]
        value = compute()  # outside the lock: a race makes it twice, never wrongly
        with self._lock:
            self._quotes[key] = (m, value)
            while len(self._quotes) > QUOTES:
                self._quotes.popitem(last=False)
        return value

    def put(self, messages: Iterable[Message], *, sketched: bool = False) -> None:
        """Keep stored ``messages`` (with their seqs) and their speakers; ``sketched`` computes their sketches now
        (``add`` does: each message is sketched once, when it arrives, not by the first query that needs it)."""
        ms = [m for m in messages if m.seq]
        fresh = {}
        if sketched:  # in one batch: numpy's per-call cost once for all the short messages
            fresh = dict(zip([m.seq or 0 for m in ms], sketch_many([m.searchable_text for m in ms]), strict=True))
        with self._lock:
            for m in ms:
                self._keep(m)
            self._sketched(fresh)

    def _sketched(self, fresh: dict[int, Sketch]) -> None:  # under the lock
        for s, sk in fresh.items():
            self._sketches[s] = sk
            self._sketches.move_to_end(s)
        while len(self._sketches) > SKETCHES:
            self._sketches.popitem(last=False)

    def _keep(self, m: Message) -> None:  # under the lock
        seq = m.seq or 0
        _remember(self._speakers, seq, speaker_of(m))
        _remember(self._times, seq, _time_of(m))
        size = len(m.searchable_text)
        if size > self.max_chars:
            return
        old = self._messages.pop(seq, None)
        if old is not None:
            self._chars -= len(old.searchable_text)
        self._messages[seq] = m
        self._chars += size
        while self._chars > self.max_chars or len(self._messages) > MESSAGES:
            _, gone = self._messages.popitem(last=False)
            self._chars -= len(gone.searchable_text)

    def messages(self, store: Store, thread_id: str, seqs: Iterable[int]) -> dict[int, Message]:
        """The messages of ``seqs`` (those the thread has): from here, the others read from ``store`` and kept."""
        want = sorted(set(seqs))
        with self._lock:
            out = {s: m for s in want if (m := self._messages.get(s)) is not None}
            for s in out:
                self._messages.move_to_end(s)
        missing = [s for s in want if s not in out]
        if not missing:
            return out
        if isinstance(store, RankedSearch):  # one read by seq
            got = store.messages_at(thread_id, missing)
            self.put(got)
            out.update((m.seq or 0, m) for m in got)
            return out
        for first, last in _runs(missing):  # any store: range reads, close seqs together
            got = store.messages(thread_id, first - 1, last)
            self.put(got)
            out.update((m.seq or 0, m) for m in got if (m.seq or 0) in missing)
        return out

    def unit_span(self, m: Message, part: int) -> tuple[int, int] | None:
        """The span of ``m``'s text that its vector ``part`` embeds (``core.passages.vector_rows``: part ``1 + i``
        is unit ``i``, ``core.passages.vector_span``); None for part 0 (the whole text) or a part it has not. The
        units of a message are split once (a 2 MB output: ~30 ms) and the spans of those embedded kept, by seq."""
        if part < 1:
            return None
        seq = m.seq or 0
        with self._lock:
            spans = self._units.get(seq)
            if spans is not None:
                self._units.move_to_end(seq)
        if spans is None:
            spans = {chunk + 1: (start, end) for chunk, start, end in vector_rows(m.searchable_text)}
            with self._lock:
                self._units[seq] = spans
                while len(self._units) > UNITS:
                    self._units.popitem(last=False)
        return spans.get(part) or vector_span(m.searchable_text, part)  # or a vector of an earlier build's rule

    def speakers(self, store: Store, thread_id: str, seqs: Iterable[int]) -> dict[int, str | None]:
        """The speaker (``core.speakers.speaker_of``) of each of ``seqs`` the thread has."""
        at = store.speakers_at if isinstance(store, RankedSearch) else None
        return self._small(self._speakers, store, thread_id, seqs, at, speaker_of)

    def times(self, store: Store, thread_id: str, seqs: Iterable[int]) -> dict[int, float]:
        """The ``created_at`` of each of ``seqs`` the thread has."""
        at = store.times_at if isinstance(store, RankedSearch) else None
        return self._small(self._times, store, thread_id, seqs, at, _time_of)

    def _small(
        self,
        cache: OrderedDict[int, V],
        store: Store,
        thread_id: str,
        seqs: Iterable[int],
        rows: Callable[[str, list[int]], dict[int, V]] | None,
        of: Callable[[Message], V],
    ) -> dict[int, V]:
        """A small value of each of ``seqs`` from ``cache``; the missing ones from the store's ``rows`` (read from
        the rows, no message built: candidates are many, hits few) or ``of`` their messages, and kept."""
        want = list(dict.fromkeys(seqs))
        with self._lock:
            out = {s: cache[s] for s in want if s in cache}
        missing = [s for s in want if s not in out]
        if not missing:
            return out
        if rows is not None:
            found = rows(thread_id, missing)
            with self._lock:
                for s, value in found.items():
                    _remember(cache, s, value)
        else:
            found = {s: of(m) for s, m in self.messages(store, thread_id, missing).items()}
        out.update(found)
        return out

    def sketches(self, store: Store, thread_id: str, seqs: Iterable[int]) -> dict[int, Sketch]:
        """The shingle sketch (``core.mmr.sketch``) of each of ``seqs`` the thread has, computed once per message."""
        want = list(dict.fromkeys(seqs))
        with self._lock:
            out = {s: sk for s in want if (sk := self._sketches.get(s)) is not None}
        missing = [s for s in want if s not in out]
        if not missing:
            return out
        got = self.messages(store, thread_id, missing)
        fresh = dict(zip(got, sketch_many([m.searchable_text for m in got.values()]), strict=True))
        with self._lock:
            self._sketched(fresh)
        out.update(fresh)
        return out


def _remember(cache: OrderedDict[int, V], seq: int, value: V) -> None:  # under the lock
    cache[seq] = value
    cache.move_to_end(seq)
    while len(cache) > SPEAKERS:
        cache.popitem(last=False)


def _time_of(m: Message) -> float:
    return m.created_at or 0.0


def forget_mark(store: Store, thread_id: str) -> int:
    """The id of the thread's latest ``forgotten`` event (0: none): it changes whenever a turn is forgotten."""
    got = store.events(thread_id, "forgotten", 1)
    return got[-1].id if got else 0


def _runs(seqs: list[int]) -> list[tuple[int, int]]:
    """Sorted seqs as ``(first, last)`` ranges, seqs at most _GAP apart in one range."""
    out: list[tuple[int, int]] = []
    for s in seqs:
        if out and s - out[-1][1] <= _GAP:
            out[-1] = (out[-1][0], s)
        else:
            out.append((s, s))
    return out


__all__ = ["MESSAGE_CHARS", "Derived", "forget_mark"]
