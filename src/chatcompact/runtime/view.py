"""A thread's cache of its committed state, with the locks that guard it (issue 22 §1).

:class:`ThreadView` holds what ``add`` and ``context`` read without a store round trip: the latest summary
version, the unsummarised tail with its token counts, the rendered summary lines and the per-thread derived
values. Every change to it is one of its public methods: a full :meth:`~ThreadView.load`, a
:meth:`~ThreadView.refresh` against the store's head, an append (:meth:`~ThreadView.appended`), a compaction's
:meth:`~ThreadView.commit`, a revert's or forget's :meth:`~ThreadView.moved_to`. The driver
(:class:`~chatcompact.runtime.thread.Thread`) and the effect runner use these and nothing private.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..core import compaction
from ..core import engine as e
from ..core import hierarchy as h
from ..core.assemble import Line, ViewCache, render_lines
from ..core.window import check_sequence
from ..errors import ChatcompactError
from ..protocols import FullStore, Tokenizer
from ..types import Message, SummaryVersion, ThreadInfo
from .derived import Derived, forget_mark
from .forget import seq_runs

__all__ = ["ThreadView", "ViewState", "version_no"]


def version_no(version: SummaryVersion | None) -> int:
    return version.version if version else 0


@dataclass
class ViewState:
    """What a thread caches of its committed state."""

    info: ThreadInfo
    version: SummaryVersion | None
    tail: list[Message]
    tail_tokens: list[int]
    lines: list[Line]
    pending: frozenset[str]
    # trimmed/digested views of this thread's messages: never shared with another thread (issue 20)
    views: ViewCache = field(default_factory=ViewCache)

    @property
    def covered_until(self) -> int:
        return self.version.covered_until if self.version else 0


class ThreadView:
    """The cache of one thread (:class:`ViewState`), its view lock and its compaction slot.

    ``lock`` (re-entrant) guards ``state`` and is never held across a summarizer call; ``slot`` lets at most one
    compaction (or roll-up, forget, delete) of this thread run at a time in this process."""

    def __init__(
        self,
        thread_id: str,
        store: FullStore,
        tokenizer: Tokenizer,
        info: ThreadInfo,
        default_budget: int,
        tree: h.Tree | None = None,
    ) -> None:
        self.id = thread_id
        self.store = store
        self.tokenizer = tokenizer
        self.tree = tree
        self.default_budget = default_budget
        self.lock = threading.RLock()
        self.slot = threading.Lock()
        self.derived = Derived()  # what recall reads per message, by seq (runtime.derived)
        self._committing: int | None = None  # the version our own commit is writing: refresh must not reload
        self._history_tokens: int | None = None  # the log's stored token counts, summed (history_tokens)
        self.state = self.load(info)

    @property
    def budget(self) -> int:
        """The thread's stored trigger budget, else the policy's."""
        return self.state.info.budget or self.default_budget

    # ------------------------------------------------------------------ reading the store
    def load(self, info: ThreadInfo) -> ViewState:
        """The state read in full from the store (the head moved, or the first load)."""
        store, tok = self.store, self.tokenizer
        mark = forget_mark(store, self.id)  # read first: a forget after it is noticed by the next recall
        version = store.latest_version(self.id)
        covered = version.covered_until if version else 0
        tail = self.kept(version) + store.messages(self.id, after=covered)
        lines = render_lines(version.state, covered, tok.count) if version else []
        tokens = [tok.count_message(m) for m in tail]  # recounted: the tokenizer may differ from the writer's
        if self.tree is not None:  # the head moved (or first load): nodes and lineage may have too
            self.tree.reset(store.nodes(self.id), store.versions(self.id))
        self.derived.clear(mark)  # another writer may have erased messages (forget): nothing stale is served
        self.derived.put(tail)
        self._history_tokens = None
        return ViewState(info, version, tail, tokens, lines, check_sequence(tail))

    def history_tokens(self) -> int:
        """The stored token counts of the whole log, summed (lock held): read once, then kept up by this view's
        appends; a reload or a forget reads them again. ``stats()`` is asked on every proxy request."""
        if self._history_tokens is None:
            self._history_tokens = sum(self.store.message_tokens(self.id))
        return self._history_tokens

    def kept(self, version: SummaryVersion | None) -> list[Message]:
        """The messages ``version`` folded past but kept in the recent window (the latest user message)."""
        kept = version.kept if version else ()
        return [m for k in kept for m in self.store.messages(self.id, after=k - 1, until=k)]

    def reload(self) -> None:
        """A full reload (a commit lost its race: the state the flow read is stale)."""
        with self.lock:
            self.state = self.load(self.store.thread_info(self.id))

    def refresh(self) -> None:
        """Catch up if another writer moved the thread's head (lock held): its new messages read and appended when
        it only appended (:meth:`extended`), else a full reload."""
        info = self.store.thread_info(self.id)
        v = self.state
        if info.last_seq == v.info.last_seq and info.last_version == self._committing:
            return  # our own compaction committed and is about to advance the cache
        if (info.last_seq, info.last_version) != (v.info.last_seq, version_no(v.version)):
            self.catch_up(info)
        elif info.budget != v.info.budget:
            v.info = info

    def catch_up(self, info: ThreadInfo) -> None:
        """Bring the state to the store's head ``info`` (lock held): :meth:`extended`, else a full load."""
        if not self.extended(info):
            self.state = self.load(info)

    def extended(self, info: ThreadInfo) -> bool:
        """Another writer (a second server process, a worker, an app beside ``serve``) only appended since this
        view's head: read those messages, count them and append them to the tail (lock held), keeping every cache
        of the thread (trimmed views, instruction readings, sketches, quotes), which a full reload empties. False,
        with nothing changed, when anything else moved: a new summary version, a re-created thread, a forget since
        the caches' mark, or messages that do not follow the tail."""
        v = self.state
        if (
            info.last_version != version_no(v.version)
            or info.last_seq <= v.info.last_seq
            or info.created_at != v.info.created_at
            or forget_mark(self.store, self.id) != self.derived.mark
        ):
            return False
        after = v.info.last_seq
        new = self.store.messages(self.id, after=after)
        if not new or new[0].seq != after + 1 or new[-1].seq != info.last_seq:
            return False  # another writer appended again meanwhile: the full load reads a consistent state
        try:
            pending = check_sequence(new, v.pending)
        except ChatcompactError:  # not a sequence this tail can take (not expected of stored messages): reload
            return False
        tokens = [self.tokenizer.count_message(m) for m in new]  # ours: the writer's tokenizer may differ
        self.derived.put(new, sketched=True)
        v.tail.extend(new)
        v.tail_tokens.extend(tokens)
        if self._history_tokens is not None:  # the log's stored counts, as history_tokens sums them
            self._history_tokens += sum(self.store.message_tokens(self.id, after=after)[: len(new)])
        v.pending = pending
        v.info = info
        return True

    def reopened(self, info: ThreadInfo) -> None:
        """``info`` as the store returned it for a re-opened thread (a new system prompt or budget): a head that
        another writer moved meanwhile is caught up on, as :meth:`refresh` does."""
        with self.lock:
            v = self.state
            same = (info.last_seq, info.last_version) == (v.info.last_seq, version_no(v.version))
            if same:
                self.state = replace(v, info=info)
            else:
                self.catch_up(info)

    def snapshot(self, fresh: bool = True) -> e.Snapshot:
        """What a flow of :mod:`chatcompact.core.engine` reads (``fresh``: refreshed against the store first)."""
        with self.lock:
            if fresh:
                self.refresh()
            v = self.state
            return e.Snapshot(v.version, tuple(v.tail), tuple(v.tail_tokens), self.budget)

    # ------------------------------------------------------------------ changes
    def appended(self, stored: Sequence[Message], tokens: Sequence[int], pending: frozenset[str]) -> None:
        """Messages this thread just stored (lock held): appended to the tail, or a reload if another writer
        wrote in between."""
        v = self.state
        if stored[0].seq != v.info.last_seq + 1:  # another writer appended first: catch up on the log's head
            self.catch_up(self.store.thread_info(self.id))  # (which sketches these messages too, once)
            return
        self.derived.put(stored, sketched=True)
        v.tail.extend(stored)
        v.tail_tokens.extend(tokens)
        if self._history_tokens is not None:
            self._history_tokens += sum(tokens)
        v.pending = pending
        v.info = replace(v.info, last_seq=stored[-1].seq or v.info.last_seq)

    def commit(self, job: compaction.Job, version: SummaryVersion) -> SummaryVersion:
        """Commit ``version`` guarded by its parent (durable first, outside the lock), then advance the state."""
        self._committing = version.version  # refresh must not reload for our own commit
        try:
            committed = self.store.commit_version(self.id, version)
            lines = render_lines(committed.state, committed.covered_until, self.tokenizer.count)  # before the lock
            with self.lock:
                self._advance(job, committed, lines)
            return committed
        finally:
            self._committing = None

    def _advance(self, job: compaction.Job, committed: SummaryVersion, lines: list[Line]) -> None:
        """Move the state past the folded span (messages added meanwhile stay in the tail). Lock held; ``lines``,
        the new version rendered, come in ready: no CPU work while the foreground may wait."""
        v = self.state
        rest = compaction.window_after(job.plan, v.tail, v.tail_tokens)
        if version_no(v.version) != version_no(job.parent) or rest is None:
            self.state = self.load(self.store.thread_info(self.id))
            return
        v.version = committed
        v.tail, v.tail_tokens = rest
        first = min((m.seq or 0 for m in v.tail), default=committed.covered_until + 1)
        v.views.keep_after(min(committed.covered_until, first - 1))  # a kept user message keeps its view
        v.lines = lines
        v.info = replace(v.info, last_version=committed.version)

    def moved_to(self, head: SummaryVersion | None, forgotten: Iterable[int] = ()) -> None:
        """Advance the state to ``head``, a revert or forget this thread just committed on top of the cached
        version (lock held): only the span whose coverage changed and the ``forgotten`` turns are read and
        counted, not the whole tail. If anything else moved meanwhile (another writer), a full reload."""
        store, tok = self.store, self.tokenizer
        info = store.thread_info(self.id)
        v = self.state
        moved = info.last_seq != v.info.last_seq or info.last_version != (head.version if head else -1)
        kept = bool(head and head.kept) or bool(v.version and v.version.kept)  # a kept user message: rare, reload
        if head is None or moved or kept or head.parent != version_no(v.version):
            self.state = self.load(info)
            return
        pairs = list(zip(v.tail, v.tail_tokens, strict=True))
        if head.covered_until < v.covered_until:  # a revert: the folded span returns to the tail
            back = store.messages(self.id, head.covered_until, v.covered_until)
            pairs = [(m, tok.count_message(m)) for m in back] + pairs
        else:
            pairs = [(m, n) for m, n in pairs if (m.seq or 0) > head.covered_until]
        gone = sorted({s for s in forgotten if s > head.covered_until})
        if gone:  # tombstones replace the forgotten turns still in the tail
            fresh = {m.seq: m for a, b in seq_runs(gone) for m in store.messages(self.id, a - 1, b)}
            pairs = [(fresh[m.seq], tok.count_message(fresh[m.seq])) if m.seq in fresh else (m, n) for m, n in pairs]
        tail = [m for m, _ in pairs]
        lines = render_lines(head.state, head.covered_until, tok.count)
        if self.tree is not None:
            self.tree.reset(store.nodes(self.id), store.versions(self.id))
        views = v.views
        self._history_tokens = None  # a forget stores tombstones of other sizes
        if gone:  # no trimmed view or derived value of an erased turn stays in memory
            views = ViewCache()
            self.derived.clear(forget_mark(store, self.id))
            self.derived.put(tail)
        self.state = ViewState(info, head, tail, [n for _, n in pairs], lines, check_sequence(tail), views)
