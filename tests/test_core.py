"""Pure core: cut points, triggers, merge caps, and the budget guarantee of assembly."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact.config import Policy
from chatcompact.core.assemble import ContextInput, Line, assemble, render_lines
from chatcompact.core.merge import apply_delta, validate_delta
from chatcompact.core.plan import check_trigger, plan_compaction
from chatcompact.core.render import FRAMING
from chatcompact.core.window import check_sequence, choose_cut, groups, last_user_index
from chatcompact.errors import BudgetTooSmall, InvalidSequence
from chatcompact.testing import CountingTokenizer
from chatcompact.tokenizers import tokenizer_for
from chatcompact.types import Message, PinnedItem, Resolution, SummaryDelta, SummaryItem, SummaryState

from .strategies import stored, transcripts

CHARS = CountingTokenizer()
BPE = tokenizer_for("gpt-4o")
PROPS = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def msgs(*specs):
    return stored([dict(s) for s in specs])


U = {"role": "user", "content": "u"}
A = {"role": "assistant", "content": "a"}
CALL2 = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}},
        {"id": "c2", "type": "function", "function": {"name": "g", "arguments": "{}"}},
    ],
}
R1 = {"role": "tool", "tool_call_id": "c1", "content": "r1"}
R2 = {"role": "tool", "tool_call_id": "c2", "content": "r2"}


# ---------------------------------------------------------------- window


def test_groups_keep_parallel_calls_with_all_results():
    m = msgs(U, CALL2, R1, R2, A)
    assert groups(m) == [(0, 1), (1, 4), (4, 5)]


@pytest.mark.parametrize(
    "seq, error",
    [
        ([U, R1], "does not directly follow"),
        ([U, CALL2, R1, U], "unanswered tool calls"),
        ([U, CALL2, R1, R1], "does not directly follow"),
    ],
)
def test_sequence_errors(seq, error):
    with pytest.raises(InvalidSequence, match=error):
        check_sequence(msgs(*seq))


def _plan_keeps_latest_user(m, toks, keep) -> None:
    """Whatever the cut, the plan never folds the latest user message, and what it keeps is provider-valid."""
    plan = plan_compaction(m, toks, 10_000, Policy(budget=10_000, min_recent_messages=1), "manual", keep_tokens=keep)
    lu = last_user_index(m)
    if plan is None:
        return
    assert lu is None or m[lu] not in plan.evict
    assert plan.consumed == len(plan.evict) + len(plan.kept) and plan.evict
    rest = [*plan.kept, *m[plan.consumed :]]
    assert lu is None or rest[0] is m[lu] or m[lu] in rest
    check_sequence(rest)


def test_choose_cut_never_splits_calls_and_never_folds_latest_user():
    m = msgs(U, A, U, CALL2, R1, R2, A, U, A)
    toks = [10] * len(m)
    for keep in range(0, 100, 5):
        c = choose_cut(m, toks, keep)
        assert c == 0 or m[c].role != "tool"
        _plan_keeps_latest_user(m, toks, keep)


def test_an_agent_loop_after_one_request_folds_around_the_request():
    m = msgs(U, CALL2, R1, R2, CALL2, R1, R2, CALL2, R1, R2)  # call ids repeat: fine for stored() transcripts
    toks = [10] * len(m)
    plan = plan_compaction(m, toks, 1000, Policy(budget=1000), "manual", keep_tokens=0)
    assert plan is not None and plan.kept == (m[0],) and plan.evict == tuple(m[1:7]) and plan.consumed == 7
    alone = msgs(U, A)
    one = Policy(budget=1000, min_recent_messages=1)
    assert plan_compaction(alone, [10, 10], 1000, one, "manual", keep_tokens=0) is None


def test_choose_cut_prefers_turn_boundary():
    m = msgs(U, A, A, U, A, A, U, A)
    assert choose_cut(m, [10] * 8, keep_tokens=45) == 6  # 45 tokens would allow cut 4; next user is at 6
    assert choose_cut(m, [10] * 8, keep_tokens=45, prefer_turns=False) == 4


def test_plan_compacts_down_to_low_water_only_after_high_water():
    policy = Policy(budget=1000, high_water=0.6, low_water=0.3)
    m = msgs(*([U, A] * 20))
    toks = [20] * 40  # 800 tokens > 0.6 * 1000
    assert check_trigger(sum(toks[:20]), 20, 1000, policy) is None
    assert check_trigger(sum(toks), 40, 1000, policy) == "tokens"
    plan = plan_compaction(m, toks, 1000, policy, "tokens")
    assert plan.keep_tokens <= 0.3 * 1000
    assert plan.evict[0].seq == 1 and plan.evict[-1].role == "assistant"


@PROPS
@given(transcripts(), st.integers(0, 3000))
def test_cut_invariants_on_generated_transcripts(raw, keep):
    m = stored(raw)
    toks = [CHARS.count_message(x) for x in m]
    c = choose_cut(m, toks, keep)
    if c:
        assert m[c].role != "tool"
        check_sequence(m[c:])  # the kept suffix is itself a valid conversation
        _plan_keeps_latest_user(m, toks, keep)  # the latest user message is kept aside, never folded


# ---------------------------------------------------------------- merge


def item(text, seq=1, subject=None):
    return SummaryItem(text=text, sources=(seq,), subject=subject)


def test_merge_dedups_supersedes_resolves():
    p = Policy()
    s, _ = apply_delta(
        SummaryState(), SummaryDelta(add={"user_facts": (item("User's email is a@x.fr", 1, "user:email"),)}), p
    )
    s, r = apply_delta(s, SummaryDelta(add={"user_facts": (item("user's EMAIL is a@x.fr!", 3),)}), p)
    assert len(s.user_facts) == 1 and s.user_facts[0].sources == (1, 3) and r.duplicates == 1
    s, r = apply_delta(s, SummaryDelta(add={"user_facts": (item("User's email is b@y.fr", 5, "user:email"),)}), p)
    assert [i.text for i in s.user_facts] == ["User's email is b@y.fr"]
    assert r.superseded == ("User's email is a@x.fr",)
    s, _ = apply_delta(s, SummaryDelta(add={"open_questions": (item("When will the refund arrive?", 6),)}), p)
    s, r = apply_delta(
        s, SummaryDelta(resolve=(Resolution(section="open_questions", text="when will the refund arrive"),)), p
    )
    assert s.open_questions == () and r.resolved == ("When will the refund arrive?",)


def test_validate_delta_rejects_foreign_sources_and_sections():
    d = SummaryDelta(add={"decisions": (item("x", 99),), "gossip": (item("y", 1),)})
    problems = validate_delta(d, [1, 2, 3])
    assert any("gossip" in p for p in problems) and any("[99]" in p for p in problems)


_VOCAB = ["refund", "order", "88231", "label", "the", "we", "agreed", "naïve", "日本", "🙂", "ship", "email", "!", "?"]
_SECTIONS = ["decisions", "user_facts", "todos", "open_questions", "identifiers", "topics"]


def _random_delta(rnd) -> SummaryDelta:
    def text(n):
        return " ".join(rnd.choices(_VOCAB, k=n))

    add = {
        name: tuple(
            SummaryItem(
                text=text(rnd.randint(1, 80)), sources=(rnd.randint(1, 10**6),), subject=rnd.choice([None, "a", "b"])
            )
            for _ in range(rnd.randint(0, 6))
        )
        for name in rnd.sample(_SECTIONS, rnd.randint(0, 6))
    }
    resolve = tuple(Resolution(section="todos", text=text(2)) for _ in range(rnd.randint(0, 1)))
    return SummaryDelta(add=add, resolve=resolve, narrative=rnd.choice([None, text(rnd.randint(1, 400))]))


@settings(deadline=None, max_examples=3)
@given(st.integers(0, 2**32))
def test_sections_stay_within_caps_over_1000_compactions(seed):
    rnd = random.Random(seed)  # 1000 deltas are too large for Hypothesis to draw one by one
    p = Policy()
    state = SummaryState()
    for i in range(1000):
        pinned = [PinnedItem(seq=i, kind="code", text="x" * rnd.randint(1, 2000))]
        state, _ = apply_delta(state, _random_delta(rnd), p, pinned)
        for name, cap in p.section_caps.items():
            assert len(getattr(state, name)) <= cap
            assert all(len(x.text) <= p.item_max_chars for x in getattr(state, name))
        assert len(state.narrative) <= p.narrative_max_chars
        assert len(state.pinned) <= p.max_pinned
        assert all(len(x.text) <= p.pinned_max_chars for x in state.pinned)


# ---------------------------------------------------------------- assemble


def _state_with(n: int) -> SummaryState:
    return SummaryState(
        decisions=tuple(item(f"decision number {i} about the refund of order 8823{i}", i) for i in range(1, n)),
        narrative="The user reported a broken order and asked for a refund.",
        pinned=(PinnedItem(seq=2, kind="code", text="```python\nprint('hi')\n```"),),
    )


@PROPS
@given(transcripts(max_turns=8, huge=True, pending=True), st.integers(0, 12), st.integers(0, 6000), st.booleans())
def test_context_never_exceeds_budget(raw, n_items, budget, bpe):
    tok = BPE if bpe else CHARS
    tail = stored(raw)
    state = _state_with(n_items)
    inp = ContextInput(
        "You are helpful.", tail, [tok.count_message(m) for m in tail], render_lines(state, 0, tok.count), 0
    )
    try:
        res = assemble(inp, budget, tok, Policy())
    except BudgetTooSmall as e:
        assert budget < e.minimum
        res = assemble(inp, e.minimum, tok, Policy())  # the reported minimum really is enough
        budget = e.minimum
    out = res.messages
    assert tok.count_messages(out) == res.tokens <= budget
    assert out[0].role == "system" and out[0].text in ("You are helpful.", f"You are helpful.\n\n{FRAMING}")
    # conversation text is never in the system role (the app's own system notes in the tail keep theirs)
    assert all(m.role != "system" or m.seq is not None for m in out[1:])
    window = [m for m in out if m.seq is not None]
    assert [m.seq for m in window] == sorted(m.seq for m in window)
    assert check_sequence(window) == check_sequence(tail)  # pairs intact; same calls pending at the end
    lu = last_user_index(tail)
    if lu is not None:  # always present: verbatim, or (larger than the room) trimmed with a marker naming its id
        shown = next(m for m in window if m.seq == tail[lu].seq)
        assert shown == tail[lu] or f"of message #{tail[lu].seq} elided" in shown.text
    assert len(window) + len(res.hidden) == len(tail)


@settings(PROPS, max_examples=30)
@given(
    st.lists(
        st.tuples(transcripts(max_turns=6, huge=True, pending=True), st.integers(0, 8), st.integers(200, 5000)),
        min_size=2,
        max_size=5,
    ),
    st.booleans(),
)
def test_one_view_cache_across_contexts_gives_what_a_fresh_one_gives(cases, bpe):
    """The thread's view cache keeps the system and data messages (rendered and counted once per summary and
    choice of lines): a sequence of contexts over changing summaries, tails and budgets through one cache is
    exactly what each gives with a fresh cache."""
    from chatcompact.core.digest import ViewCache

    tok = BPE if bpe else CHARS
    views = ViewCache()
    for raw, n_items, budget in cases + cases[:1]:  # the first case again, after the cache moved on
        tail = stored(raw)
        lines = render_lines(_state_with(n_items), 0, tok.count)
        inp = ContextInput("You are helpful.", tail, [tok.count_message(m) for m in tail], lines, 0)
        try:
            fresh = assemble(inp, budget, tok, Policy())
        except BudgetTooSmall as e:
            with pytest.raises(BudgetTooSmall) as again:
                assemble(replace(inp, views=views), budget, tok, Policy())
            assert again.value.minimum == e.minimum
            continue
        cached = assemble(replace(inp, views=views), budget, tok, Policy())
        assert cached.messages == fresh.messages and cached.tokens == fresh.tokens == tok.count_messages(fresh.messages)


def test_a_full_view_cache_drops_its_oldest_half_not_everything(monkeypatch):
    """Past its bound the cache keeps the newest half (a long tail's views are not all made again at once); a value
    written again counts as new, and a hit always matches the message it was made from."""
    from chatcompact.core.digest import ViewCache

    monkeypatch.setattr(ViewCache, "MAX", 8)
    msgs = [Message(role="user", content=f"turn {i}", seq=i) for i in range(9)]
    made: list[object] = []

    def read(views: ViewCache, i: int) -> str:
        return views.of("reading", msgs[i], lambda: made.append(i) or f"r{i}")

    views = ViewCache()
    for i in range(9):  # the 9th entry finds the cache full: the 4 oldest go
        read(views, i)
    assert len(views) == 5
    made.clear()
    assert [read(views, i) for i in range(4, 9)] == [f"r{i}" for i in range(4, 9)] and made == []
    assert read(views, 0) == "r0" and made == [0]

    views, made[:] = ViewCache(), []
    views.latest("lines", "k1", lambda: "v1")  # the oldest entry...
    for i in range(7):
        read(views, i)
    views.latest("lines", "k2", lambda: "v2")  # ...written again: now the newest
    read(views, 7)  # full: readings 0-3 go, the rewritten value stays
    assert views.latest("lines", "k2", lambda: made.append("again") or "v2 again") == "v2" and "again" not in made
    made.clear()
    assert read(views, 3) == "r3" and made == [3]
    other = Message(role="user", content="another text", seq=5)  # same seq, another message: never r5
    assert views.of("reading", other, lambda: "fresh") == "fresh"


def test_the_stable_prefix_is_rendered_once_until_the_summary_changes(monkeypatch):
    from chatcompact.core import assemble as module
    from chatcompact.core.digest import ViewCache

    renders: list[int] = []
    original = module._data_text
    monkeypatch.setattr(module, "_data_text", lambda inp, chosen: renders.append(1) or original(inp, chosen))
    tail = stored([{"role": "user", "content": "Where is my refund?"}])
    views = ViewCache()
    for n_items in (5, 5, 5, 7, 7):
        lines = render_lines(_state_with(n_items), 4, BPE.count)
        inp = ContextInput("sys", tail, [BPE.count_message(m) for m in tail], lines, 4, views=views)
        res = assemble(inp, 3000, BPE, Policy())
        assert f"decision number {n_items - 1} about" in res.messages[1].text
    assert len(renders) == 2  # once per summary: not twice per context


def _quotes(n: int, tok, first: int = 1000) -> list:
    from chatcompact.core.assemble import Line

    texts = [f"[#{first + i} user, 1 May 2023, 10:00 UTC] recalled turn {i} about the blue vase" for i in range(n)]
    return [Line("quotes", "", t, tok.count(t) + 1, first + i) for i, t in enumerate(texts)]


@PROPS
@given(
    transcripts(max_turns=8, huge=True, pending=True),
    st.integers(0, 12),
    st.integers(0, 30),
    st.integers(0, 6000),
    st.booleans(),
)
def test_context_with_quotes_and_spares_never_exceeds_budget(raw, n_items, n_quotes, budget, bpe):
    tok = BPE if bpe else CHARS
    tail = stored(raw)
    quotes = _quotes(n_quotes, tok)
    lines = render_lines(_state_with(n_items), 0, tok.count)
    inp = ContextInput("sys", tail, [tok.count_message(m) for m in tail], lines, 0, quotes[:8], quotes[8:])
    try:
        res = assemble(inp, budget, tok, Policy())
    except BudgetTooSmall as e:
        assert budget < e.minimum
        return
    assert tok.count_messages(res.messages) == res.tokens <= budget
    assert check_sequence([m for m in res.messages if m.seq is not None]) == check_sequence(tail)


def test_spare_quotes_take_only_room_the_window_leaves():
    long_tail = stored([{"role": "user", "content": "word " * 40}, {"role": "assistant", "content": "ok " * 40}] * 20)
    toks = [BPE.count_message(m) for m in long_tail]
    quotes = _quotes(30, BPE)
    plain = assemble(ContextInput("sys", long_tail, toks, (), 0, quotes[:8]), 2000, BPE, Policy())
    filled = assemble(ContextInput("sys", long_tail, toks, (), 0, quotes[:8], quotes[8:]), 2000, BPE, Policy())
    # the window keeps what it had: spares only use the crumbs no further group fits in
    assert len(filled.hidden) == len(plain.hidden) > 0
    short_tail = stored([U, A])
    toks = [BPE.count_message(m) for m in short_tail]
    res = assemble(ContextInput("sys", short_tail, toks, (), 0, quotes[:8], quotes[8:]), 2000, BPE, Policy())
    text = "\n".join(m.text for m in res.messages if m.seq is None)
    assert "recalled turn 29 about" in text and not res.hidden  # all 30 fit beside a short window
    share_only = assemble(ContextInput("sys", short_tail, toks, (), 0, quotes[:8]), 2000, BPE, Policy())
    assert "recalled turn 8 about" not in "\n".join(m.text for m in share_only.messages if m.seq is None)


def test_a_quoted_tail_message_is_quoted_when_the_window_has_no_room_for_it_and_only_then():
    # the recall's best hit is the tail's oldest message: the window (newest first) has no room for it, so its
    # quote carries it; when the window shows it, the quote is left out and its room goes to the spares
    tail = stored([{"role": "user", "content": f"turn {i} " + "word " * 60} for i in range(40)])
    tail = [replace(m, content=m.content.replace("turn 0 ", "turn 0 Paris ")) for m in tail[:1]] + tail[1:]
    toks = [BPE.count_message(m) for m in tail]
    first = tail[0]
    line = f"[#{first.seq} user 10:00] {first.text}"
    mine = Line("quotes", "", line, BPE.count(line) + 1, first.seq or 0)
    res = assemble(ContextInput("sys", tail, toks, (), 0, [mine, *_quotes(3, BPE)]), 1500, BPE, Policy())
    assert first in res.hidden
    text = "\n".join(m.text for m in res.messages)
    assert text.count("turn 0 Paris") == 1  # quoted once, from the archive's line
    short = tail[:2]
    res = assemble(ContextInput("sys", short, toks[:2], (), 0, [mine], _quotes(3, BPE)), 3000, BPE, Policy())
    assert not res.hidden
    text = "\n".join(m.text for m in res.messages)
    assert text.count("turn 0 Paris") == 1  # shown in the window, not quoted as well
    assert "recalled turn 2 about" in text  # the spares got the room


def test_budget_too_small_names_minimum():
    tail = stored([{"role": "user", "content": "word " * 300}])
    inp = ContextInput("sys", tail, [BPE.count_message(m) for m in tail])
    assert assemble(inp, 100, BPE, Policy()).tokens <= 100  # a 300-token user turn is shown trimmed at 100
    with pytest.raises(BudgetTooSmall) as e:
        assemble(inp, 20, BPE, Policy())  # below even its marker-only form
    assert 20 < e.value.minimum < 100 and e.value.budget == 20
    assert assemble(inp, e.value.minimum, BPE, Policy()).tokens <= e.value.minimum


def test_summary_and_pinned_appear_and_elision_is_announced():
    tail = stored([U, A] * 30)
    state = _state_with(4)
    inp = ContextInput("sys", tail, [BPE.count_message(m) for m in tail], render_lines(state, 10, BPE.count), 10)
    res = assemble(inp, 300, BPE, Policy())
    sys_text = "\n".join(m.text for m in res.messages if m.seq is None)
    assert "Summary of the conversation so far (messages 1-10)" in sys_text
    assert "print('hi')" in sys_text and "decision number 3" in sys_text
    assert res.hidden and f"{len(res.hidden)} earlier messages" in sys_text


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["decisions", "user_facts", "todos", "identifiers", "topics"]),
            st.text(alphabet="abcdefgh xyz", min_size=3, max_size=80),
            st.floats(min_value=0.5, max_value=5.0),
        ),
        min_size=1,
        max_size=40,
    ),
    st.integers(min_value=50, max_value=600),
)
def test_all_items_together_stay_within_summary_max_chars_lightest_out_first(adds, cap):
    sections = ("decisions", "user_facts", "todos", "open_questions", "identifiers", "topics")
    policy = Policy(summary_max_chars=cap, section_caps=dict.fromkeys(sections, 100))  # only the total cap bites
    add: dict[str, list[SummaryItem]] = {}
    for i, (section, text, weight) in enumerate(adds):
        add.setdefault(section, []).append(SummaryItem(text=f"{text} {i}", sources=(i + 1,), weight=weight))
    delta = SummaryDelta(add={k: tuple(v) for k, v in add.items()})
    state, report = apply_delta(SummaryState(), delta, policy)
    kept = [i for name in ("decisions", "user_facts", "todos", "identifiers", "topics") for i in getattr(state, name)]
    assert sum(len(i.text) for i in kept) <= cap
    dropped = set(report.dropped)
    assert not dropped & {i.text for i in kept}
    if kept:  # nothing dropped by the total cap was heavier than the lightest item kept
        lightest = min(i.weight for i in kept)
        by_text = {f"{t} {n}": w for n, (_, t, w) in enumerate(adds)}
        assert all(by_text[t] <= lightest for t in dropped if t in by_text)


def test_summary_max_chars_defaults_to_twice_the_shown_summary_and_rejects_nonsense():
    assert Policy(budget=2000).summary_max_chars == 2400  # 8 chars x 0.15 x 2000
    with pytest.raises(Exception, match="summary_max_chars"):
        Policy(summary_max_chars=0)


def test_the_merge_report_of_every_demo_version_is_a_truthful_diff():
    """Issue 20 §16 / 21 §5: over ``chatcompact demo``'s chat, no version lists an item as both added and dropped;
    added items are in the version's state, dropped/superseded/resolved ones were in its parent's, and what the
    caps kept out in the same merge is reported as not kept (in neither state)."""
    from chatcompact import Memory
    from chatcompact.core.merge import clip, normalise
    from chatcompact.transcripts import demo_transcript, replay
    from chatcompact.types import SECTIONS

    def keys(state: SummaryState) -> set[str]:
        return {normalise(i.text) for name in SECTIONS for i in getattr(state, name)}

    def pins(state: SummaryState) -> set[str]:  # as the report shows them (clipped)
        return {normalise(clip(p.text, 60)) for p in state.pinned}

    with Memory.open("memory://", policy=Policy(budget=2000), background=False, embedder="none") as mem:
        replay(mem, "demo", demo_transcript(), 2000)
        versions = mem.thread("demo").compactions()
    assert len(versions) >= 4
    parent = SummaryState()
    not_kept = 0
    for v in versions:
        r = v.report
        assert not set(r.added) & set(r.dropped), v.version
        now, before = keys(v.state), keys(parent)
        assert {normalise(t) for t in r.added} <= now - before
        assert {normalise(t) for t in (*r.superseded, *r.resolved)} <= before - now
        dropped = {normalise(t) for t in r.dropped}  # pins: two spans may share their clipped form
        assert dropped <= (before - now) | pins(parent) and not dropped & now
        assert not {normalise(t) for t in r.not_kept} & (now | before | pins(v.state) | pins(parent))
        not_kept += len(r.not_kept)
        parent = v.state
    assert not_kept  # the demo does push proposed items out with the caps: the case is exercised
