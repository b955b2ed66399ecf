"""Issue 5 part 1: the summary hierarchy, pure planning and selection, then the drivers end to end."""

from __future__ import annotations

import asyncio
import itertools
import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact import AsyncMemory, Memory, NodeNotFound, Policy, SummaryDelta, SummaryItem, SummaryState
from chatcompact.cli import main
from chatcompact.config import ConfigError
from chatcompact.core import hierarchy as h
from chatcompact.core.assemble import ContextInput, assemble, render_lines
from chatcompact.errors import BudgetTooSmall, StoreError, SummarizerError
from chatcompact.protocols import SummaryRequest
from chatcompact.stores import InMemoryStore
from chatcompact.summarizers.extractive import ExtractiveSummarizer
from chatcompact.testing import CountingTokenizer, ScriptedSummarizer
from chatcompact.tokenizers import tokenizer_for
from chatcompact.types import MergeReport, SummaryNode, SummaryVersion

from .strategies import stored, transcripts

pytestmark = pytest.mark.timeout(120)
CHARS = CountingTokenizer()
BPE = tokenizer_for("gpt-4o")
WORDS = ["refund", "order", "88231", "label", "parcel", "invoice", "webhook", "plan", "coupon", "ceramic", "mug"]


def leaf(first: int, last: int, basis: int, texts: list[str] | None = None) -> SummaryNode:
    texts = texts or [f"span {first}-{last} talked about {WORDS[first % len(WORDS)]}"]
    state = SummaryState(topics=tuple(SummaryItem(text=t, sources=(first,)) for t in texts), narrative=f"Part {basis}.")
    return SummaryNode(
        id=f"0.{first}-{last}.v{basis}", level=0, seq_from=first, seq_until=last, state=state, basis=basis
    )


def leaves(n: int, width: int) -> list[SummaryNode]:
    return [leaf(i * width + 1, (i + 1) * width, i + 1) for i in range(n)]


# ---------------------------------------------------------------- pure core


def test_policy_checks_hierarchy_settings():
    assert Policy().hierarchy is False and Policy().rollup_messages == (100, 1000)
    for bad in [{"rollup_messages": ()}, {"rollup_messages": (100, 50)}, {"rollup_messages": (1,)}]:
        with pytest.raises(ConfigError, match="rollup_messages"):
            Policy(**bad)
    with pytest.raises(ConfigError, match="rollup_input_tokens"):
        Policy(rollup_input_tokens=10)
    with pytest.raises(ConfigError, match="detail_share"):
        Policy(detail_share=1.0)


def test_lineage_follows_reverts():
    assert h.lineage([]) == frozenset()
    assert h.lineage([(1, None), (2, None), (3, None)]) == {1, 2, 3}
    # v4 reverts to v1; v5 compacts again; v6 reverts to v3 (the old branch comes back)
    heads = [(1, None), (2, None), (3, None), (4, 1), (5, None)]
    assert h.lineage(heads) == {1, 5}
    assert h.lineage([*heads, (6, 3)]) == {1, 2, 3}
    assert h.lineage([(1, None), (2, 0), (3, None)]) == {3}  # a revert to "no summary"


def test_active_drops_rollups_over_inactive_children():
    a, b, c = leaves(3, 50)
    up = SummaryNode(id="1.x", level=1, seq_from=1, seq_until=100, state=a.state, children=(a.id, b.id))
    assert [n.id for n in h.active([a, b, c, up], frozenset({1, 2, 3}))] == [a.id, b.id, c.id, up.id]
    assert [n.id for n in h.active([a, b, c, up], frozenset({1}))] == [a.id]


def test_plan_groups_children_by_message_span_lowest_level_first():
    p = Policy(rollup_messages=(100, 300))
    nodes = leaves(7, 40)  # 280 messages: two level-1 groups of 3 leaves (120 messages), one leaf waits
    plan = h.plan_rollup(nodes, p, CHARS.count)
    assert plan is not None and plan.level == 1 and [c.id for c in plan.children] == [n.id for n in nodes[:3]]
    assert plan.span == (1, 120) and all(
        m.seq == c.seq_until for m, c in zip(plan.request.messages, plan.children, strict=True)
    )
    summ = ScriptedSummarizer()
    first = h.finish_rollup(plan, summ.summarize(plan.request), p, "s", CHARS.count)
    plan2 = h.plan_rollup([*nodes, first], p, CHARS.count)
    assert plan2 is not None and [c.id for c in plan2.children] == [n.id for n in nodes[3:6]]
    second = h.finish_rollup(plan2, summ.summarize(plan2.request), p, "s", CHARS.count)
    plan3 = h.plan_rollup([*nodes, first, second], p, CHARS.count)
    assert plan3 is None  # level 1 holds 240 messages < 300; the last leaf waits for company
    more = leaves(10, 40)
    l1 = []
    for _ in range(3):
        plan = h.plan_rollup([*more, *l1], p, CHARS.count)
        assert plan is not None and plan.level == 1  # level 2 built only from level-1 nodes, never leaves
        l1.append(h.finish_rollup(plan, summ.summarize(plan.request), p, "s", CHARS.count))
    top = h.plan_rollup([*more, *l1], p, CHARS.count)
    assert top is not None and top.level == 2 and top.children == tuple(l1)


def test_finish_rollup_merges_children_validates_and_is_content_addressed():
    p = Policy(rollup_messages=(10,))
    kids = leaves(2, 5)
    plan = h.plan_rollup(kids, p, CHARS.count)
    assert plan is not None
    delta = SummaryDelta(add={"decisions": (SummaryItem(text="Refund agreed", sources=(7,)),)}, narrative="Both parts.")
    node = h.finish_rollup(plan, delta, p, "s", CHARS.count)
    assert node.level == 1 and node.children == (kids[0].id, kids[1].id) and (node.seq_from, node.seq_until) == (1, 10)
    assert {i.text for i in node.state.topics} == {i.text for k in kids for i in k.state.topics}
    assert node.state.decisions[0].text == "Refund agreed" and node.state.narrative == "Both parts."
    assert node.tokens == h.node_tokens(node.state, CHARS.count) > 0
    assert h.finish_rollup(plan, delta, p, "s", CHARS.count).id == node.id
    outside = SummaryDelta(add={"decisions": (SummaryItem(text="x", sources=(11,)),)})
    with pytest.raises(SummarizerError, match=r"cites only messages outside the folded span"):
        h.finish_rollup(plan, outside, p, "s", CHARS.count)


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 40), st.integers(200, 2000), st.integers(0, 2**32))
def test_rollup_input_is_bounded_whatever_the_children(n_children, input_tokens, seed):
    rnd = random.Random(seed)
    p = Policy(rollup_messages=(2,), rollup_input_tokens=input_tokens)
    kids = [
        leaf(i * 3 + 1, i * 3 + 3, i + 1, [" ".join(rnd.choices(WORDS, k=rnd.randint(1, 40))) for _ in range(30)])
        for i in range(n_children)
    ]
    req = h.rollup_request(kids, p, CHARS.count)
    room = max(input_tokens // n_children, 16)
    title = len("Summary of messages 99999-99999:\n")
    for m in req.messages:
        assert CHARS.count(m.text) <= room + title + 40  # + headings, joined by newlines
    assert sum(CHARS.count(m.text) for m in req.messages) <= max(input_tokens, 16 * n_children) + 80 * n_children


def test_cover_prefers_the_coarsest_node_at_each_point():
    a, b, c, d = leaves(4, 25)
    up = SummaryNode(id="1.x", level=1, seq_from=1, seq_until=50, state=a.state, children=(a.id, b.id))
    assert [n.id for n in h.cover([a, b, c, d, up], 100)] == [up.id, c.id, d.id]
    assert [n.id for n in h.cover([a, c, up], 75)] == [up.id, c.id]
    assert h.cover([], 10) == []


def test_detail_lines_pick_the_relevant_finer_node_and_skip_what_the_root_says():
    nodes = [
        leaf(1, 20, 1, ["User ordered a ceramic mug", "Coupon PRINTEMPS15 applied"]),
        leaf(21, 40, 2, ["The webhook was switched to v2"]),
        leaf(41, 60, 3, ["Refund of 120 EUR for order 88231 agreed", "Label sent by email"]),
    ]
    ix = [h.Indexed.of(n, CHARS.count) for n in nodes]
    lines = h.detail_lines(ix, "what about the refund for order 88231?", [], 500)
    assert [ln.text for ln in lines] == ["- Refund of 120 EUR for order 88231 agreed"]
    assert lines[0].block == "detail" and lines[0].heading == "Messages 41-60"
    assert h.detail_lines(ix, "refund 88231", ["- Refund of 120 EUR for order 88231 agreed"], 500) == []
    assert h.detail_lines(ix, "the and what", [], 500) == []  # nothing but common words
    assert h.detail_lines(ix, "refund", [], 3) == []  # no room
    both = h.detail_lines(ix, "coupon webhook", [], 500)
    assert {ln.heading for ln in both} == {"Messages 1-20", "Messages 21-40"}


def _random_nodes(rnd: random.Random, n: int) -> list[SummaryNode]:
    return [
        leaf(i * 10 + 1, i * 10 + 10, i + 1, [" ".join(rnd.choices(WORDS, k=rnd.randint(1, 30)))]) for i in range(n)
    ]


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    transcripts(max_turns=6),
    st.integers(0, 12),
    st.integers(0, 4000),
    st.booleans(),
    st.integers(0, 2**32),
    st.floats(0, 0.9),
)
def test_context_with_detail_lines_never_exceeds_budget(raw, n_nodes, budget, bpe, seed, detail_share):
    tok = BPE if bpe else CHARS
    rnd = random.Random(seed)
    tail = stored(raw)
    state = SummaryState(topics=tuple(SummaryItem(text=f"topic {w}", sources=(1,)) for w in WORDS[: rnd.randint(0, 8)]))
    base = render_lines(state, 100, tok.count)
    ix = [h.Indexed.of(n, tok.count) for n in _random_nodes(rnd, n_nodes)]
    p = Policy(detail_share=detail_share)
    share = int(p.summary_share * budget)
    details = h.detail_lines(ix, " ".join(rnd.choices(WORDS, k=4)), [ln.text for ln in base], int(share * detail_share))
    assert sum(ln.tokens for ln in details) <= int(share * detail_share)
    lines = h.with_details(base, details, share, detail_share)
    assert sorted(map(id, lines)) == sorted(map(id, [*base, *details]))  # reordered, nothing lost or added
    inp = ContextInput("You are helpful.", tail, [tok.count_message(m) for m in tail], lines, 100)
    try:
        res = assemble(inp, budget, tok, p)
    except BudgetTooSmall as e:
        assert budget < e.minimum
        return
    assert tok.count_messages(res.messages) == res.tokens <= budget


# ---------------------------------------------------------------- drivers


class Recording:
    """Wraps a summarizer and records the size of every request it gets (state + messages, in tokens)."""

    def __init__(self, inner, tokenizer):
        self.inner, self.tok, self.name = inner, tokenizer, inner.name
        self.sizes: list[tuple[str, int]] = []

    def _record(self, request: SummaryRequest) -> None:
        state = sum(ln.tokens for ln in render_lines(request.state, 0, self.tok.count))
        kind = request.kind
        self.sizes.append((kind, state + sum(self.tok.count_message(m) for m in request.messages)))

    def summarize(self, request):
        self._record(request)
        return self.inner.summarize(request)

    async def asummarize(self, request):
        self._record(request)
        return await self.inner.asummarize(request)


def _msg(i: int) -> dict:
    w = WORDS[(i * 7) % len(WORDS)]
    if i % 2 == 0:
        return {"role": "user", "content": f"My {w} number is {10000 + i}, can you check the {WORDS[i % 5]}?"}
    return {"role": "assistant", "content": f"Yes, {w} {10000 + i - 1} is fine; we'll send the {WORDS[i % 4]}."}


@pytest.mark.slow
def test_ten_thousand_messages_bounded_context_and_summarizer_input():
    tok = CountingTokenizer("word")
    budget = 400
    p = Policy(budget=budget, hierarchy=True, rollup_input_tokens=600)
    summ = Recording(ExtractiveSummarizer(), tok)
    mem = Memory(store=InMemoryStore(), summarizer=summ, tokenizer=tok, policy=p, background=False)
    t = mem.thread("long", system="You are a support assistant.")
    worst = 0
    for i in range(10_000):
        t.add(_msg(i))
        if i % 97 == 0:
            res = t.assemble(budget, query=f"what was the {WORDS[i % len(WORDS)]} number {10000 + i // 2}?")
            worst = max(worst, res.tokens)
            assert res.tokens <= budget and tok.count_messages(res.messages) == res.tokens
    nodes = t.hierarchy()
    levels = {lv: sum(1 for n in nodes if n.level == lv) for lv in range(4)}
    assert levels[0] > 100 and levels[1] >= 80 and levels[2] >= 8 and nodes[-1].id == "root"
    assert nodes[-1].level == 3 and nodes[-1].seq_until == t.stats()["covered_until"]
    # every call's input is bounded, however long the history: a compaction reads its capped state and a tail
    # under the budget's high-water mark; a roll-up reads its children within rollup_input_tokens
    compactions = [n for k, n in summ.sizes if k == "compaction"]
    rollups = [n for k, n in summ.sizes if k == "rollup"]
    assert len(rollups) == levels[1] + levels[2]
    cap = sum(p.section_caps.values()) * (p.item_max_chars // 3) + p.narrative_max_chars // 3 + budget
    assert max(compactions) <= cap
    fan = max(len(n.children) for n in nodes if n.level > 0)
    state_cap = cap - budget  # the merged children are a state, capped like the running one
    assert max(rollups) <= state_cap + p.rollup_input_tokens + 50 * fan
    # the late half of the conversation is no bigger a request than the early half
    assert max(compactions[len(compactions) // 2 :]) <= 1.5 * max(compactions[: len(compactions) // 2])
    mem.close()


WORD = CountingTokenizer("word")


def _long_thread(where):
    p = Policy(budget=300, hierarchy=True, rollup_messages=(40, 120))
    return Memory.open(where, summarizer=ScriptedSummarizer(), policy=p, tokenizer=WORD, background=False)


def _inline(summarizer, policy):
    return Memory(store=InMemoryStore(), summarizer=summarizer, tokenizer=WORD, policy=policy, background=False)


def test_hierarchy_expand_and_context_query_on_sqlite(tmp_path):
    with _long_thread(tmp_path / "h.db") as mem:
        t = mem.thread("h")
        for i in range(400):
            t.add(_msg(i))
        nodes = t.hierarchy()
        root = nodes[-1]
        assert root.id == "root" and {n.level for n in nodes} == {0, 1, 2, 3}
        by_id = {n.id: n for n in nodes}
        for n in nodes[:-1]:
            assert n.tokens == h.node_tokens(n.state, WORD.count)
            kids = t.expand(n.id)
            if n.level == 0:
                assert [m.seq for m in kids] == list(range(n.seq_from, n.seq_until + 1))
            else:
                assert all(k.level == n.level - 1 for k in kids) and kids[0].seq_from == n.seq_from
                assert kids[-1].seq_until == n.seq_until
        top = t.expand("root")
        assert top[0].seq_from == 1 and all(a.seq_until + 1 == b.seq_from for a, b in itertools.pairwise(top))
        assert top[0].level == 2 and all(n.id in by_id for n in top)
        with pytest.raises(NodeNotFound, match="no hierarchy node 'nope'"):
            t.expand("nope")
        ctx = t.assemble(300, query="what was my coupon number 10042?")
        assert ctx.tokens <= 300
        text = "\n".join(m.text for m in ctx.messages if m.seq is None)
        assert "In more detail" in text
    with _long_thread(tmp_path / "h.db") as mem:  # durable, and read back the same
        assert [n.id for n in mem.thread("h").hierarchy()] == [n.id for n in nodes]
    r = CliRunner().invoke(main, ["hierarchy", str(tmp_path / "h.db"), "h", "--json"], catch_exceptions=False)
    listed = json.loads(r.output)
    assert [n["id"] for n in listed] == [n.id for n in nodes] and listed[-1]["messages"] == [1, root.seq_until]
    leaf0 = next(n for n in nodes if n.level == 0)
    r = CliRunner().invoke(main, ["hierarchy", str(tmp_path / "h.db"), "h", "--expand", leaf0.id, "--json"])
    assert [m["seq"] for m in json.loads(r.output)] == list(range(leaf0.seq_from, leaf0.seq_until + 1))
    r = CliRunner().invoke(main, ["inspect", str(tmp_path / "h.db"), "h"])
    assert "summary hierarchy" in r.output
    r = CliRunner().invoke(main, ["hierarchy", str(tmp_path / "h.db"), "h", "--expand", "nope"])
    assert r.exit_code == 2 and "no hierarchy node 'nope'" in r.output


def test_revert_sets_aside_the_nodes_of_undone_compactions():
    mem = _long_thread("memory://")
    t = mem.thread("r")
    for i in range(200):
        t.add(_msg(i))
    versions = t.compactions()
    keep = versions[len(versions) // 2 - 1]
    before = {n.id for n in t.hierarchy()}
    t.revert(keep.version)
    after = t.hierarchy()
    assert all(n.seq_until <= keep.covered_until for n in after)
    assert {n.id for n in after if n.level == 0} == {n.id for n in after if n.id in before and n.level == 0}
    for i in range(200, 260):  # compacting again grows the tree anew from the revert point
        t.add(_msg(i))
    again = t.hierarchy()
    fresh = [n for n in again if n.level == 0 and n.id not in before]
    assert fresh and fresh[0].seq_from == keep.covered_until + 1
    leaves_ = sorted((n for n in again if n.level == 0), key=lambda n: n.seq_from)
    assert all(a.seq_until + 1 == b.seq_from for a, b in itertools.pairwise(leaves_))  # one lineage, no overlap
    old = next(i for i in before if i.startswith("0.") and i not in {n.id for n in again})
    assert t.expand(old)  # a set-aside node can still be read
    mem.close()


def test_failed_rollup_changes_nothing_and_is_logged():
    p = Policy(budget=300, hierarchy=True, rollup_messages=(40,))

    class FailsRollups(ScriptedSummarizer):
        def summarize(self, request):
            if request.kind == "rollup":
                raise RuntimeError("model down")
            return super().summarize(request)

    mem = _inline(FailsRollups(), p)
    t = mem.thread("f")
    for i in range(120):
        t.add(_msg(i))
    assert {n.level for n in t.hierarchy()} == {0, 1}  # leaves and the root only
    events = mem.store.events("f", "rollup_failed")
    assert events and "model down" in events[0].data["error"] and events[0].data["level"] == 1
    assert t.assemble(300, query="refund").tokens <= 300
    mem.close()


def test_background_and_async_build_the_same_tree(tmp_path):
    p = Policy(budget=300, hierarchy=True, rollup_messages=(40, 120))
    tok = CountingTokenizer("word")
    with Memory.open(tmp_path / "b.db", summarizer=ScriptedSummarizer(), policy=p, tokenizer=tok) as mem:
        t = mem.thread("b")
        for i in range(300):
            t.add(_msg(i))
        assert mem.wait_idle(60)
        levels = {n.level for n in t.hierarchy()}
    assert levels == {0, 1, 2, 3}

    async def go():
        async with await AsyncMemory.open(
            tmp_path / "a.db", summarizer=ScriptedSummarizer(), policy=p, tokenizer=tok
        ) as mem:
            t = await mem.thread("a")
            for i in range(300):
                await t.add(_msg(i))
            assert await mem.wait_idle(60)
            nodes = await t.hierarchy()
            assert {n.level for n in nodes} == {0, 1, 2, 3}
            leaf0 = next(n for n in nodes if n.level == 0)
            assert len(await t.expand(leaf0.id)) == leaf0.seq_until - leaf0.seq_from + 1
            assert (await t.assemble(300, query="coupon")).tokens <= 300

    asyncio.run(go())


def test_hierarchy_off_lists_only_the_root():
    mem = _inline(ScriptedSummarizer(), Policy(budget=300))
    t = mem.thread("o")
    assert [n.id for n in t.hierarchy()] == ["root"] and t.expand("root") == []
    for i in range(100):
        t.add(_msg(i))
    (root,) = t.hierarchy()
    assert root.level == 0 and root.seq_until == t.stats()["covered_until"] > 0
    assert [m.seq for m in t.expand("root")] == list(range(1, root.seq_until + 1))
    assert mem.store.nodes("o") == []
    mem.close()


def test_detail_lines_prefer_the_finer_node_when_the_parent_repeats_it():
    a = leaf(1, 20, 1, ["Refund of 120 EUR for order 88231 agreed"])
    b = leaf(21, 40, 2, ["The webhook was switched to v2"])
    plan = h.Rollup(1, (a, b), h.rollup_request([a, b], Policy(), WORD.count))
    up = h.finish_rollup(plan, SummaryDelta(), Policy(), "s", WORD.count)
    ix = [h.Indexed.of(n, WORD.count) for n in (a, b, up)]
    lines = h.detail_lines(ix, "refund for 88231", [], 500)
    assert [ln.heading for ln in lines] == ["Messages 1-20"]


class FlakyNodes(InMemoryStore):
    """A store whose first put_node fails, as if the process died between the commit and the node write."""

    def __init__(self):
        super().__init__()
        self.failed = False

    def put_node(self, thread_id, node):
        if not self.failed:
            self.failed = True
            raise StoreError("disk full")
        return super().put_node(thread_id, node)


def test_a_lost_level0_node_leaves_a_gap_not_a_failure():
    p = Policy(budget=300, hierarchy=True, rollup_messages=(40,))
    store = FlakyNodes()
    mem = Memory(store=store, summarizer=ScriptedSummarizer(), tokenizer=WORD, policy=p, background=False)
    t = mem.thread("g")
    for i in range(150):
        t.add(_msg(i))
    versions = t.compactions()
    leaves_ = [n for n in t.hierarchy() if n.level == 0]
    assert store.failed and len(leaves_) == len(versions) - 1  # the first compaction's node is missing
    assert leaves_[0].seq_from == versions[1].covered_from
    assert any(n.level == 1 for n in t.hierarchy())  # roll-ups carry on over the gap
    mem.close()


@settings(deadline=None, max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.integers(0, 10**6), min_size=20, max_size=160), st.integers(150, 1500), st.data())
def test_thread_context_with_hierarchy_stays_within_budget(seeds, budget, data):
    p = Policy(budget=budget, hierarchy=True, rollup_messages=(10, 30), detail_share=data.draw(st.floats(0, 0.9)))
    mem = _inline(ScriptedSummarizer(), p)
    t = mem.thread("p", system="You are helpful.")
    for i, s in enumerate(seeds):
        t.add(_msg(s if i % 2 == 0 else s | 1))
        if i % 7 == 0:
            q = data.draw(st.text(min_size=0, max_size=40) | st.sampled_from(WORDS))
            try:
                res = t.assemble(budget, query=q or None)
            except BudgetTooSmall as e:
                assert budget < e.minimum
                continue
            assert WORD.count_messages(res.messages) == res.tokens <= budget
    mem.close()


def test_rollup_requests_carry_their_kind_to_every_summarizer():
    kids = leaves(2, 5)
    req = h.rollup_request(kids, Policy(), WORD.count)
    assert ExtractiveSummarizer().summarize(req) == SummaryDelta()  # its roll-up is the merge itself
    from chatcompact.summarizers.prompts import DEFAULT_PROMPTS

    text = DEFAULT_PROMPTS.user_message(req.state, req.messages, req.kind)
    assert text.startswith("This is a ROLL-UP")
    first = next(line for line in text.splitlines() if line.startswith("[#5 user summary]"))
    assert "Summary of messages 1-5" in first  # each child is one cited part, its span named
    assert not DEFAULT_PROMPTS.user_message(req.state, req.messages).startswith("This is a ROLL-UP")


@settings(deadline=None, max_examples=200)
@given(st.lists(st.integers(-1, 30), min_size=1, max_size=40))
def test_lineage_matches_replaying_the_versions(steps):
    """Each step commits a compaction (-1) or a revert to an earlier version; the walk-back lineage equals
    the set of compactions a from-scratch replay of the states would hold."""
    heads: list[tuple[int, int | None]] = []
    holds: dict[int, frozenset[int]] = {0: frozenset()}  # version -> the compactions its state descends from
    for step in steps:
        v = len(heads) + 1
        if step < 0 or step >= v - 1 or not heads:
            heads.append((v, None))
            holds[v] = holds[v - 1] | {v}
        else:
            heads.append((v, step))
            holds[v] = holds[step]
        assert h.lineage(heads) == holds[v]


def test_rollup_settles_questions_a_later_span_resolved():
    q = SummaryItem(text="When will the refund arrive?", sources=(3,))
    first = leaf(1, 10, 1).model_copy(update={"state": SummaryState(open_questions=(q,), narrative="Asked.")})
    second = leaf(11, 20, 2).model_copy(update={"meta": {"resolved": ["When will the refund arrive?"]}})
    merged = h.merged_children([first, second], Policy())
    assert merged.open_questions == () and merged.topics == second.state.topics
    assert h.merged_children([second, first], Policy()).open_questions == (q,)  # only later spans settle
    plan = h.plan_rollup([first, second], Policy(rollup_messages=(20,)), WORD.count)
    node = h.finish_rollup(plan, SummaryDelta(), Policy(), "s", WORD.count)
    assert node.state.open_questions == () and node.meta["resolved"] == ["When will the refund arrive?"]
    version = SummaryVersion(
        version=2,
        parent=1,
        state=SummaryState(),
        covered_from=11,
        covered_until=20,
        report=MergeReport(resolved=("When will the refund arrive?",)),
    )
    assert h.span_node(version, SummaryDelta(), (), Policy(), WORD.count).meta == {"resolved": [q.text]}
