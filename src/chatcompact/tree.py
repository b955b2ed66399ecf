"""A thread's summary hierarchy as its driver caches it (``Policy(hierarchy=True)``).

The algorithm is pure, in :mod:`chatcompact.core.hierarchy`; this holds the state it runs on: every
stored node, the lineage of summary versions (which level-0 nodes count after a revert), the active
nodes with their rendered lines (rendered once per node). It is loaded once, advanced by the thread's
own writes, and reloaded when another writer moved the thread or a revert changed the lineage.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .config import Policy
from .core import hierarchy as h
from .core.assemble import Line
from .errors import StoreError, SummarizerError
from .protocols import Store, Tokenizer
from .types import PinnedItem, SummaryDelta, SummaryNode, SummaryState, SummaryVersion

if TYPE_CHECKING:
    from .memory import Thread

log = logging.getLogger("chatcompact")


def _head(v: SummaryVersion) -> tuple[int, int | None]:
    return v.version, (int(v.meta.get("reverted_to", 0)) if v.trigger == "revert" else None)


class Tree:
    """Nodes, lineage and rendered lines of one thread's hierarchy; thread-safe."""

    def __init__(self, store: Store, thread_id: str, policy: Policy, tokenizer: Tokenizer) -> None:
        """Empty until :meth:`reload` (an empty one lists just the root: a thread without a hierarchy)."""
        self._store, self._id, self._policy, self._count = store, thread_id, policy, tokenizer.count
        self._lock = threading.RLock()
        self._nodes: dict[str, SummaryNode] = {}
        self._heads: list[tuple[int, int | None]] = []
        self._active: list[SummaryNode] = []
        self._indexed: dict[str, h.Indexed] = {}

    def reload(self) -> None:
        """Read every node and the versions' lineage from the store again."""
        nodes = self._store.nodes(self._id)
        heads = [_head(v) for v in self._store.versions(self._id)]
        with self._lock:
            self._nodes = {n.id: n for n in nodes}
            self._heads = heads
            self._recompute()

    def _recompute(self) -> None:
        self._active = h.active(self._nodes.values(), h.lineage(self._heads))
        old = self._indexed
        self._indexed = {n.id: old.get(n.id) or h.Indexed.of(n, self._count) for n in self._active}

    def _put(self, node: SummaryNode) -> SummaryNode:
        stored = self._store.put_node(self._id, node)
        with self._lock:
            self._nodes[stored.id] = stored
            self._recompute()
        return stored

    # ------------------------------------------------------------------ writing
    def add_span(self, version: SummaryVersion, delta: SummaryDelta, pinned: Sequence[PinnedItem]) -> None:
        """After a compaction committed ``version``: store its level-0 node.

        The version is already durable; if this write fails, that span simply has no node (the roll-up
        above it covers its neighbours, and the running summary still holds it), so it is logged, not raised.
        """
        with self._lock:
            self._heads.append(_head(version))
        try:
            self._put(h.span_node(version, delta, pinned, self._policy, self._count))
        except StoreError as exc:
            log.warning("thread %s: level-0 node of version %d not stored: %s", self._id, version.version, exc)
            with self._lock:
                self._recompute()

    def plan(self) -> h.Rollup | None:
        """The next roll-up to build, or None."""
        with self._lock:
            nodes = list(self._active)
        return h.plan_rollup(nodes, self._policy, self._count)

    def add_rollup(self, rollup: h.Rollup, delta: SummaryDelta, summarizer: str) -> SummaryNode:
        """Validate and merge the summarizer's delta into the new node and store it (SummarizerError if unusable)."""
        return self._put(h.finish_rollup(rollup, delta, self._policy, summarizer, self._count))

    # ------------------------------------------------------------------ reading
    def listing(self, root: SummaryState, covered_until: int) -> list[SummaryNode]:
        """The active nodes, finest first, then the root (the running summary)."""
        with self._lock:
            nodes = list(self._active)
        return [*nodes, self.root(root, covered_until)]

    def root(self, state: SummaryState, covered_until: int) -> SummaryNode:
        """The running summary as the tree's top node; its children are the coarsest cover below it."""
        with self._lock:
            children = tuple(n.id for n in h.cover(self._active, covered_until))
        level = max((n.level for n in self._active), default=-1) + 1
        return SummaryNode(
            id=h.ROOT,
            level=level,
            seq_from=1 if covered_until else 0,
            seq_until=covered_until,
            state=state,
            children=children if level else (),
            tokens=h.node_tokens(state, self._count),
        )

    def node(self, node_id: str) -> SummaryNode | None:
        with self._lock:
            return self._nodes.get(node_id)

    def lines(self, base: Sequence[Line], query: str, share_tokens: int) -> list[Line]:
        """The summary lines for a context with ``query``: the root's, plus the finer nodes' about the query."""
        detail_room = int(share_tokens * self._policy.detail_share)
        with self._lock:
            indexed = list(self._indexed.values())
        known = [ln.text for ln in base]
        details = h.detail_lines(indexed, query, known, detail_room)
        return h.with_details(base, details, share_tokens, self._policy.detail_share)


def find_node(
    listing: Sequence[SummaryNode], tree: Tree | None, node_id: object
) -> tuple[SummaryNode | None, list[SummaryNode]]:
    """The node ``node_id`` (active or not: a node set aside by a revert can still be read) and its children."""
    if not isinstance(node_id, str):
        return None, []
    by_id = {n.id: n for n in listing}

    def get(i: str) -> SummaryNode | None:
        return by_id.get(i) or (tree.node(i) if tree is not None else None)

    node = get(node_id)
    if node is None:
        return None, []
    return node, [c for c in map(get, node.children) if c is not None]


def rollup_step(thread: Thread) -> bool:
    """Build one node of ``thread``'s hierarchy if a level has a full group; True if one was built.

    Runs in the thread's compaction slot (one summarizer job per thread at a time) and honours the
    failure cooldown; a failed roll-up is logged as a ``rollup_failed`` event and changes nothing.
    """
    from .memory import summarize_safely  # the driver's; imported here because memory imports this module

    tree = thread._tree
    if tree is None or time.monotonic() < thread._cooldown_until or not thread._compacting.acquire(blocking=False):
        return False
    try:
        plan = tree.plan()
        if plan is None:
            return False
        mem = thread._mem
        try:
            delta = mem.retry.call(lambda: summarize_safely(mem.summarizer, plan))
            tree.add_rollup(plan, delta, mem.summarizer.name)
        except SummarizerError as exc:
            rollup_failed(thread, plan, exc)
            return False
        return True
    finally:
        thread._compacting.release()


def rollup_failed(thread: Thread, plan: h.Rollup, exc: SummarizerError) -> None:
    """Record a roll-up that did not land (a store event) and start the thread's cooldown."""
    thread._cooldown_until = time.monotonic() + thread._mem.retry.cooldown
    data = {"span": list(plan.span), "level": plan.level, "error": str(exc)}
    thread._mem.store.log_event(thread.id, "rollup_failed", data)
