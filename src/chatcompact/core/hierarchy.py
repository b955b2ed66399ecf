"""Hierarchical summaries: which nodes to roll up, and which to show for a budget. Pure.

The tree, bottom up (sizes are ``Policy.rollup_messages``):

* level 0: one node per compaction, summarising just the span it folded (its delta merged into an
  empty state, so no extra model call);
* level k >= 1: one node per ~``rollup_messages[k-1]`` messages, built from consecutive level k-1
  children: the children's items are merged by the usual rules (dedup, supersede, caps) and the
  summarizer reads the children rendered as its input (each within its share of
  ``rollup_input_tokens``, so a call's input is bounded however long the history) and proposes a delta on
  top. A node is never rebuilt from an older node of its own level;
* the root is the running summary state (``thread.summary()``): the lifetime summary, kept current by
  every compaction, and the coarsest node there is.

``context(budget, query)`` injects the coarsest cover, the root, within the summary's share of the
budget; with a query, part of that share (``detail_share``) goes to the lines of the finer nodes
most relevant to the query that the root no longer holds (caps evict details over a long history;
the nodes of that period still have them).

Undo: a revert commits a version whose state is an older one's. The level-0 nodes that count are those
of the versions on the current lineage (walked back from the head, jumping to a revert's target), and a
roll-up counts only while all its children do; the others stay stored, unused.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..config import Policy
from ..errors import InvalidSummary, SummarizerError
from ..protocols import SummaryRequest
from ..types import (
    SECTIONS,
    Message,
    PinnedItem,
    Resolution,
    SummaryDelta,
    SummaryNode,
    SummaryState,
    SummaryVersion,
)
from .assemble import Line, render_lines, rendered_block
from .merge import apply_delta, clip_sentences
from .query import Query, keys
from .validate import Grounding, delta_problems, screen

Count = Callable[[str], int]
ROOT = "root"


def node_tokens(state: SummaryState, count: Count) -> int:
    """What a node costs rendered whole (its lines, as ``context`` would send them)."""
    return sum(ln.tokens for ln in render_lines(state, 0, count))


def _node_id(level: int, first: int, last: int, children: Iterable[str]) -> str:
    # Content-addressed by its children: the same roll-up planned twice (two processes) is one node.
    digest = hashlib.sha1("|".join(children).encode()).hexdigest()[:10]
    return f"{level}.{first}-{last}.{digest}"


def span_node(
    version: SummaryVersion, delta: SummaryDelta, pinned: Sequence[PinnedItem], policy: Policy, count: Count
) -> SummaryNode:
    """The level-0 node of a committed compaction: its delta (and pins) merged into an empty state.

    What the compaction resolved (questions answered, todos done, from earlier spans) is kept in
    ``meta["resolved"]``, so a roll-up can settle those items of its earlier children.
    """
    state, _ = apply_delta(SummaryState(), delta.model_copy(update={"resolve": ()}), policy, pinned)
    return SummaryNode(
        id=f"0.{version.covered_from}-{version.covered_until}.v{version.version}",
        level=0,
        seq_from=version.covered_from,
        seq_until=version.covered_until,
        state=state,
        basis=version.version,
        tokens=node_tokens(state, count),
        summarizer=version.summarizer,
        created_at=version.created_at,
        meta={"resolved": list(version.report.resolved)} if version.report.resolved else {},
    )


def lineage(heads: Sequence[tuple[int, int | None]]) -> frozenset[int]:
    """Versions whose compactions the current summary descends from.

    ``heads``: ``(version, reverted_to)`` for every version in order (``reverted_to`` None unless the
    version is a revert). Walk back from the newest: a compaction keeps its parent's lineage, a revert
    jumps to its target's.
    """
    target = {v: r for v, r in heads}
    live: set[int] = set()
    v = heads[-1][0] if heads else 0
    while v > 0:
        r = target.get(v)
        if r is None:
            live.add(v)
            v -= 1  # versions are linear: a compaction's parent is the version before it
        else:
            v = r
    return frozenset(live)


def active(nodes: Iterable[SummaryNode], live: frozenset[int]) -> list[SummaryNode]:
    """The nodes that count: level 0 of live versions, roll-ups whose children all count.

    Sorted by level, then by the first message they cover.
    """
    by_level: dict[int, list[SummaryNode]] = {}
    for n in nodes:
        by_level.setdefault(n.level, []).append(n)
    ok: set[str] = {n.id for n in by_level.get(0, ()) if n.basis in live}
    for level in sorted(k for k in by_level if k > 0):
        ok |= {n.id for n in by_level[level] if n.children and all(c in ok for c in n.children)}
    return sorted((n for ns in by_level.values() for n in ns if n.id in ok), key=lambda n: (n.level, n.seq_from))


@dataclass(frozen=True)
class Rollup:
    """A planned roll-up: build a level-``level`` node from ``children``."""

    level: int
    children: tuple[SummaryNode, ...]
    request: SummaryRequest

    @property
    def span(self) -> tuple[int, int]:
        return self.children[0].seq_from, self.children[-1].seq_until


def plan_rollup(nodes: Sequence[SummaryNode], policy: Policy, count: Count) -> Rollup | None:
    """The next roll-up to build (lowest level first), or None when no level has a full group.

    ``nodes`` are the active nodes. At each level, the children not yet under an active parent are
    grouped from the oldest until they span ``rollup_messages[level-1]`` messages; a partial group waits.
    """
    parented = {c for n in nodes for c in n.children}
    for level, size in enumerate(policy.rollup_messages, start=1):
        free = [n for n in nodes if n.level == level - 1 and n.id not in parented]
        group: list[SummaryNode] = []
        for child in free:
            if group and child.seq_from <= group[-1].seq_until:
                group = []  # overlap (a node from another lineage slipped in): restart the group
            group.append(child)
            if group[-1].seq_until - group[0].seq_from + 1 >= size:
                return Rollup(level, tuple(group), rollup_request(group, policy, count))
    return None


def render_node(node: SummaryNode, room: int, count: Count) -> str:
    """A node as text within ``room`` tokens: its most important lines, in reading order."""
    chosen, used = [], 0
    for ln in render_lines(node.state, node.seq_until, count):
        if used + ln.tokens <= room:
            chosen.append(ln)
            used += ln.tokens
    return rendered_block(chosen, f"Summary of messages {node.seq_from}-{node.seq_until}:")


def rollup_request(children: Sequence[SummaryNode], policy: Policy, count: Count) -> SummaryRequest:
    """The summarizer's input: the children's items merged (the state, capped like any state) and the
    children rendered in order, each within an equal share of ``rollup_input_tokens``.

    Each child is one message whose ``seq`` is its last message, so the deltas cite seqs in range.
    """
    room = max(policy.rollup_input_tokens // len(children), 16)
    messages = [
        Message(role="user", name="summary", content=render_node(c, room, count), seq=c.seq_until) for c in children
    ]
    return SummaryRequest(state=merged_children(children, policy), messages=messages, kind="rollup")


def _resolved(node: SummaryNode) -> list[str]:
    return [str(t) for t in node.meta.get("resolved", ())]


def merged_children(children: Sequence[SummaryNode], policy: Policy) -> SummaryState:
    """The children's items merged in order by the usual rules (newer supersedes, caps keep the heaviest);
    the questions and todos a later child's compactions resolved leave the earlier children's items."""
    state = SummaryState()
    for c in children:
        settle = tuple(Resolution(section=s, text=t) for t in _resolved(c) for s in ("open_questions", "todos"))
        add = {name: getattr(c.state, name) for name in SECTIONS if getattr(c.state, name)}
        state, _ = apply_delta(state, SummaryDelta(add=add, resolve=settle), policy, c.state.pinned)
    narrative = " ".join(c.state.narrative for c in children if c.state.narrative)
    return state.model_copy(update={"narrative": clip_sentences(narrative, policy.narrative_max_chars)})


def finish_rollup(
    rollup: Rollup, delta: SummaryDelta, policy: Policy, summarizer: str, count: Count, now: float | None = None
) -> SummaryNode:
    """Screen the summarizer's delta (:mod:`chatcompact.core.validate`: shape, bounds, storable text, items citing
    the node's range and inventing no identifier) and merge it over the children. An empty delta is a fine
    roll-up: the merged children already are one (the extractive summarizer's)."""
    first, last = rollup.span
    messages = rollup.request.messages
    problems = delta_problems(delta, messages, policy)
    if problems:
        raise InvalidSummary(f"{summarizer} returned an invalid roll-up delta: " + "; ".join(problems[:5]))
    assert isinstance(delta, SummaryDelta)
    try:
        delta = screen(delta, range(first, last + 1), Grounding.of(messages, rollup.request.state)).delta
    except InvalidSummary as exc:
        raise InvalidSummary(f"{summarizer} returned an invalid roll-up delta: {exc}", exc.problems) from None
    state, _ = apply_delta(rollup.request.state, delta, policy)  # over the merged children
    if state.is_empty():
        raise SummarizerError(f"{summarizer} produced an empty roll-up of messages {first}-{last}")
    ids = tuple(c.id for c in rollup.children)
    return SummaryNode(
        id=_node_id(rollup.level, first, last, ids),
        level=rollup.level,
        seq_from=first,
        seq_until=last,
        state=state,
        children=ids,
        tokens=node_tokens(state, count),
        summarizer=summarizer,
        created_at=time.time() if now is None else now,
        meta={
            **({"usage": delta.usage.model_dump()} if delta.usage else {}),
            # passed up: the parent settles the items of this node's earlier siblings (bounded by the level's size)
            **({"resolved": resolved} if (resolved := [t for c in rollup.children for t in _resolved(c)]) else {}),
        },
    )


def cover(nodes: Sequence[SummaryNode], until: int) -> list[SummaryNode]:
    """The coarsest nodes tiling messages 1..``until``: at each point the highest-level node starting there.

    A stretch no node starts at (a node lost to a crash between commit and write) is skipped.
    """
    starts: dict[int, SummaryNode] = {}
    for n in nodes:
        if n.seq_until <= until and (n.seq_from not in starts or n.level > starts[n.seq_from].level):
            starts[n.seq_from] = n
    out, at = [], 1
    for first in sorted(starts):
        if first >= at:
            out.append(starts[first])
            at = starts[first].seq_until + 1
    return out


# ---------------------------------------------------------------- choosing for a query


def terms(text: str) -> frozenset[str]:
    """The folded content words of ``text`` in its language (``core.query.keys``): what a line is matched on."""
    return keys(text)


@dataclass(frozen=True)
class Indexed:
    """A node with its rendered lines and their words, cached by the driver (one render per node)."""

    node: SummaryNode
    lines: tuple[Line, ...]
    words: tuple[frozenset[str], ...]  # per line
    vocabulary: frozenset[str]  # of the whole node

    @classmethod
    def of(cls, node: SummaryNode, count: Count) -> Indexed:
        lines = tuple(
            Line("detail", f"Messages {node.seq_from}-{node.seq_until}", ln.text, ln.tokens, node.seq_from * 1000 + i)
            for i, ln in enumerate(
                ln for ln in render_lines(node.state, node.seq_until, count) if ln.block == "summary"
            )
        )
        words = tuple(terms(ln.text) for ln in lines)
        return cls(node, lines, words, frozenset().union(*words))


def detail_lines(indexed: Sequence[Indexed], query: str | Query, known: Iterable[str], room: int) -> list[Line]:
    """Lines of the finer nodes most relevant to ``query`` that ``known`` (the root's lines) lacks.

    Nodes are ranked by their best line (the rarity-weighted query words it shares), the finer node first
    on ties, then by all their matching lines; from each, the matching lines not already known, until
    ``room`` tokens are used. Nodes overlapping an already chosen one are skipped (a parent repeats its
    children).
    """
    want = Query.of(query).keys
    if not want or room <= 0 or not indexed:
        return []
    df = Counter(w for ix in indexed for w in ix.vocabulary & want)
    weight = {w: math.log(1 + len(indexed) / df[w]) for w in df}
    seen = set(known)
    ranked = []
    for ix in indexed:
        if not ix.vocabulary & want:
            continue
        hits = [(sum(weight.get(w, 0.0) for w in ws & want), ln) for ln, ws in zip(ix.lines, ix.words, strict=True)]
        hits = [(s, ln) for s, ln in hits if s > 0 and ln.text not in seen]
        if hits:  # the best line decides; a parent repeats its children's lines, so ties go to the finer node
            best = max(s for s, _ in hits)
            ranked.append((-round(best, 6), ix.node.level, -sum(s for s, _ in hits), -ix.node.seq_from, ix.node, hits))
    ranked.sort(key=lambda r: r[:4])
    out: list[Line] = []
    used = 0
    taken: list[SummaryNode] = []
    for *_, node, hits in ranked:
        if any(node.seq_from <= t.seq_until and t.seq_from <= node.seq_until for t in taken):
            continue
        picked = False
        for _, ln in sorted(hits, key=lambda h: -h[0]):
            if ln.text not in seen and used + ln.tokens <= room:
                out.append(ln)
                seen.add(ln.text)
                used += ln.tokens
                picked = True
        if picked:
            taken.append(node)
    return out


def with_details(lines: Sequence[Line], details: Sequence[Line], share_tokens: int, detail_share: float) -> list[Line]:
    """The summary lines in the priority order ``assemble`` takes them: the root's most important lines
    up to ``1 - detail_share`` of the summary's room, then the query's detail lines, then the rest."""
    if not details:
        return list(lines)
    summary = [ln for ln in lines if ln.block == "summary"]
    others = [ln for ln in lines if ln.block != "summary"]
    first, used, root_room = [], 0, int(share_tokens * (1 - detail_share))
    for ln in summary:
        if used + ln.tokens > root_room:
            break
        first.append(ln)
        used += ln.tokens
    return first + list(details) + summary[len(first) :] + others


def version_head(v: SummaryVersion) -> tuple[int, int | None]:
    """A version's entry in the lineage: its number and, for a revert, the version it returned to."""
    return v.version, (int(v.meta.get("reverted_to", 0)) if v.trigger == "revert" else None)


class Tree:
    """A thread's hierarchy as its driver caches it: every stored node, the versions' lineage, the active nodes
    with their indexed lines (indexed once per node). No I/O: the driver loads it (:meth:`reset`) and the engine
    advances it with what it stored. Copy-on-write (each change swaps whole lists), so readers need no lock;
    writers are serialised by the thread's compaction slot."""

    def __init__(self, policy: Policy, count: Count) -> None:
        self._policy, self._count = policy, count
        self._nodes: dict[str, SummaryNode] = {}
        self._heads: list[tuple[int, int | None]] = []
        self._active: list[SummaryNode] = []
        self._indexed: dict[str, Indexed] = {}

    def reset(self, nodes: Iterable[SummaryNode], versions: Iterable[SummaryVersion]) -> None:
        """Everything again, as read from the store."""
        self._nodes = {n.id: n for n in nodes}
        self._heads = [version_head(v) for v in versions]
        self._recompute()

    def _recompute(self) -> None:
        nodes = active(self._nodes.values(), lineage(self._heads))
        old = self._indexed
        self._indexed = {n.id: old.get(n.id) or Indexed.of(n, self._count) for n in nodes}
        self._active = nodes

    def committed(self, version: SummaryVersion) -> None:
        """A compaction committed ``version``: it joins the lineage."""
        self._heads = [*self._heads, version_head(version)]
        self._recompute()

    def stored(self, node: SummaryNode) -> None:
        """The store holds ``node`` now."""
        self._nodes = {**self._nodes, node.id: node}
        self._recompute()

    def plan(self) -> Rollup | None:
        """The next roll-up to build, or None."""
        return plan_rollup(list(self._active), self._policy, self._count)

    def listing(self, root: SummaryState, covered_until: int) -> list[SummaryNode]:
        """The active nodes, finest first, then the root (the running summary)."""
        return [*self._active, self.root(root, covered_until)]

    def root(self, state: SummaryState, covered_until: int) -> SummaryNode:
        """The running summary as the tree's top node; its children are the coarsest cover below it."""
        nodes = self._active
        children = tuple(n.id for n in cover(nodes, covered_until))
        level = max((n.level for n in nodes), default=-1) + 1
        return SummaryNode(
            id=ROOT,
            level=level,
            seq_from=1 if covered_until else 0,
            seq_until=covered_until,
            state=state,
            children=children if level else (),
            tokens=node_tokens(state, self._count),
        )

    def node(self, node_id: str) -> SummaryNode | None:
        return self._nodes.get(node_id)

    def lines(self, base: Sequence[Line], query: str | Query, share_tokens: int) -> list[Line]:
        """The summary lines for a context with ``query``: the root's, plus the finer nodes' about the query."""
        detail_room = int(share_tokens * self._policy.detail_share)
        known = [ln.text for ln in base]
        details = detail_lines(list(self._indexed.values()), query, known, detail_room)
        return with_details(base, details, share_tokens, self._policy.detail_share)


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
