"""Agent loops: no tool output can stop the loop, digests, the work log, the replay metric."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.core.assemble import ContextInput, assemble
from chatcompact.core.digest import digest_line, fit_message, outcome
from chatcompact.core.formats import to_anthropic, to_openai
from chatcompact.core.window import check_sequence
from chatcompact.core.worklog import update
from chatcompact.errors import BudgetTooSmall
from chatcompact.evaluation.agent import common_prefix_share, identifiers, next_step_targets
from chatcompact.testing import CountingTokenizer
from chatcompact.types import Message, ToolCall, WorkLog

TOK = CountingTokenizer()


def _call(i: int, cmd: str) -> dict:
    args = json.dumps({"command": cmd})
    return {"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": args}}


def _agent(sizes: list[list[int]]) -> list[dict]:
    out = [{"role": "user", "content": "Fix the bug in django/db/models/query.py please."}]
    for i, group in enumerate(sizes):
        calls = [_call(i * 10 + k, f"cat file_{i}_{k}.py") for k in range(len(group))]
        out.append({"role": "assistant", "content": f"THOUGHT step {i}", "tool_calls": calls})
        for k, n in enumerate(group):
            out.append(
                {"role": "tool", "tool_call_id": calls[k]["id"], "content": f"<returncode>0</returncode>{'x' * n}"}
            )
    return out


def _valid_openai(msgs: list[dict]) -> None:
    check_sequence(
        [
            Message(
                role=m["role"],
                content=m.get("content"),
                tool_call_id=m.get("tool_call_id"),
                tool_calls=tuple(ToolCall(c["id"], c["function"]["name"]) for c in m.get("tool_calls", ())),
            )
            for m in msgs
            if m["role"] != "system"
        ]
    )


def _valid_anthropic(msgs: list[dict]) -> None:
    asked: set[str] = set()
    for i, m in enumerate(msgs):
        assert i == 0 or m["role"] != msgs[i - 1]["role"]  # roles alternate
        ids = [b["tool_use_id"] for b in m["content"] if b["type"] == "tool_result"]
        assert set(ids) <= asked  # no orphan tool results
        if ids:
            assert m["content"][: len(ids)] == [b for b in m["content"] if b["type"] == "tool_result"]
        asked = {b["id"] for b in m["content"] if b["type"] == "tool_use"}
        if asked and i + 1 < len(msgs):  # every tool_use answered in the next turn
            nxt = {b["tool_use_id"] for b in msgs[i + 1]["content"] if b["type"] == "tool_result"}
            assert asked == nxt


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.lists(st.integers(0, 20_000), min_size=1, max_size=3), min_size=1, max_size=6), st.integers(1200, 6000)
)  # char tokens: a marker-only form is ~120
def test_any_tool_output_sizes_give_a_valid_request_within_budget(sizes, budget):
    raw = _agent(sizes)
    msgs = [
        Message(
            **{k: v for k, v in m.items() if k != "tool_calls"},
            tool_calls=tuple(
                ToolCall(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls", ())
            ),
            seq=i + 1,
        )
        for i, m in enumerate(raw)
    ]
    inp = ContextInput("You are a coding agent.", msgs, [TOK.count_message(m) for m in msgs])
    res = assemble(inp, budget, TOK, Policy())  # never raises: the user text is small
    assert TOK.count_messages(res.messages) == res.tokens <= budget
    out = to_openai(res.messages)
    _valid_openai(out)
    _valid_anthropic(to_anthropic(res.messages)[1])
    assert "Fix the bug" in json.dumps(out)


def test_a_10k_token_tool_result_in_the_latest_turn_does_not_raise_at_1500():
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("a", system="You are a coding agent.")
        for m in _agent([[40_000]]):
            t.add(m)
        ctx = t.context(budget=1500)
        assert (
            mem.tokenizer.count_messages(
                [Message(**{k: v for k, v in m.items() if k in ("role", "content")}) for m in ctx]
            )
            <= 1500 + 50
        )
        tool = next(m for m in ctx if m["role"] == "tool")
        assert "elided" in tool["content"] and "#3" in tool["content"]  # marker names the stored message


def test_a_user_turn_larger_than_the_budget_is_shown_trimmed_and_names_its_id():
    """Issue 18 §3: a pasted log no longer makes every context() raise until the next user turn."""
    msgs = [Message("user", "start of the paste " + "word " * 400 + " end of the paste", seq=1)]
    res = assemble(ContextInput("sys", msgs, [TOK.count_message(msgs[0])]), 500, TOK, Policy())
    assert TOK.count_messages(res.messages) == res.tokens <= 500
    shown = res.messages[-1]
    assert shown.role == "user" and shown.seq == 1
    assert shown.text.startswith("start of the paste") and shown.text.endswith("end of the paste")
    assert "of message #1 elided" in shown.text and "user message" in shown.text


def test_budget_too_small_only_below_the_least_form_and_its_minimum_fits():
    msgs = [Message("user", "word " * 400, seq=1)]
    inp = ContextInput("sys " * 100, msgs, [TOK.count_message(msgs[0])])
    try:
        assemble(inp, 200, TOK, Policy())
    except BudgetTooSmall as e:
        assert e.minimum > 200
        res = assemble(inp, e.minimum, TOK, Policy())  # the reported minimum really is enough
        assert res.tokens <= e.minimum
    else:
        raise AssertionError("a system prompt larger than the budget must raise")


def test_fit_message_keeps_head_tail_and_pairing():
    m = Message("tool", "HEAD " + "y" * 10_000 + " TAIL", tool_call_id="c1", seq=7)
    out = fit_message(m, 500, TOK.count_message)
    assert TOK.count_message(out) <= 500 and out.tool_call_id == "c1"
    assert out.text.startswith("HEAD") and out.text.endswith("TAIL") and "message #7" in out.text


def test_digest_line_names_command_exit_and_failures():
    out = (
        "<returncode>1</returncode><output>FAILED tests/test_x.py::test_a\n"
        "FAILED tests/test_x.py::test_b\n2 failed</output>"
    )
    call = ToolCall("c", "bash", json.dumps({"command": "pytest tests/test_x.py"}))
    line = digest_line(call, Message("tool", out, tool_call_id="c", seq=4))
    assert line.startswith("bash: pytest tests/test_x.py -> exit 1")
    assert "2 failed" in line and "test_a" in line and "test_b" in line
    assert outcome("<returncode>0</returncode><output>ok</output>").startswith("exit 0")


def test_a_long_output_is_digested_from_its_head_and_tail():
    """How a 2 MB command ended is read from its head and tail (bounded work); its line count is of the whole."""
    from chatcompact.core.digest import NAME_SCAN_CHARS, SCAN_CHARS, mentioned, scanned

    middle = "".join(f"src/pkg/mid_{i}.py: collected_case_{i} ok\n" for i in range(60_000))
    out = "$ pytest\nsrc/app/first_module.py collected\n" + middle + "FAILED tests/test_z.py::test_end\n1 failed\n"
    assert len(out) > 2_000_000
    view = scanned(out)
    assert len(view) <= 2 * SCAN_CHARS + 1 and view.startswith("$ pytest") and view.endswith("1 failed\n")
    lines = set(out.splitlines())
    assert all(line in lines for line in view.splitlines())  # cut at line ends: no half line
    o = outcome(out)
    assert "1 failed: tests/test_z.py::test_end" in o and o.endswith(f"{out.strip().count(chr(10)) + 1} lines")
    names = mentioned(out, 20, chars=NAME_SCAN_CHARS)
    assert names[0] == "src/app/first_module.py" and len(names) == 20 and "src/pkg/mid_59999.py" not in names
    assert "test_end" in mentioned(out[-3000:], 1000)
    assert mentioned(out, 10**6, chars=100)[-1] == "test_end"  # the tail is read too
    short = "ok\nFAILED tests/t.py::x\n"
    assert scanned(short) is short and "1 failed" in outcome(short)


def test_work_log_records_task_files_commands_and_failures():
    raw = _agent([[10]])
    raw.append(
        {
            "role": "assistant",
            "content": "That did not work, try a different approach.",
            "tool_calls": [_call(99, "sed -i 's/a/b/' django/db/models/query.py")],
        }
    )
    raw.append({"role": "tool", "tool_call_id": "c99", "content": "<returncode>1</returncode>Traceback: ValueError"})
    msgs = [
        Message(
            **{k: v for k, v in m.items() if k != "tool_calls"},
            tool_calls=tuple(
                ToolCall(c["id"], c["function"]["name"], c["function"]["arguments"]) for c in m.get("tool_calls", ())
            ),
            seq=i + 1,
        )
        for i, m in enumerate(raw)
    ]
    log = update(WorkLog(), msgs)
    assert log.task.startswith("Fix the bug") and log.task_seq == 1
    assert "django/db/models/query.py" in log.files_changed and "file_0_0.py" in log.files_read
    assert len(log.commands) == 2 and log.errors and log.abandoned
    assert update(WorkLog(), [Message("user", "hi", seq=1), Message("assistant", "hello", seq=2)]).is_empty()


def test_replay_metric_pieces():
    assert {"django/db/models/query.py", "get_prep_value", "QuerySet"} <= identifiers(
        "grep -n get_prep_value django/db/models/query.py QuerySet"
    )
    history = [
        {"role": "user", "content": "look at get_prep_value"},
        {"role": "assistant", "content": "a"},
        {"role": "tool", "content": "b", "tool_call_id": "x"},
    ]
    step = {"role": "assistant", "content": "", "tool_calls": [_call(1, "grep get_prep_value x")]}
    assert next_step_targets(history, step) == {"get_prep_value"}
    p, n = common_prefix_share("abcdef", "abcxyz", len)
    assert (p, n) == (3, 6)


def test_trimmed_tool_outputs_never_cross_threads():
    """Issue 20: two threads whose oversized outputs share seq, length and first 200 characters (same task, same
    traceback prefix) must each be shown their own text (a module-level cache once showed one thread the other's)."""
    prefix = "Traceback (most recent call last):\n" + "  File 'x.py', line 1\n" * 20
    with Memory.open("memory://", background=False, embedder="none") as mem:
        shown = {}
        for name, secret in (("tenant-a", "ALPHA-SECRET"), ("tenant-b", "BRAVO-SECRET")):
            t = mem.thread(name, system="You are a coding agent.")
            for m in _agent([[1]]):
                t.add(m)
            t.add({"role": "user", "content": "and now?"})
            t.add({"role": "assistant", "content": None, "tool_calls": [_call(99, "cat log")]})
            body = prefix + "y" * 20_000 + f"\nERROR {secret}"
            t.add({"role": "tool", "tool_call_id": "c99", "content": body})
            shown[name] = json.dumps(t.context(budget=1500))
        assert "ALPHA-SECRET" in shown["tenant-a"] and "BRAVO-SECRET" not in shown["tenant-a"]
        assert "BRAVO-SECRET" in shown["tenant-b"] and "ALPHA-SECRET" not in shown["tenant-b"]


def test_a_pasted_log_and_a_huge_tool_output_share_the_room():
    """The forced part holds a user paste larger than the budget AND a tool output larger than it: the user's words
    keep at least half the room, the tool output the rest (neither reduced to a bare marker), within budget."""
    paste = "PASTE-HEAD " + "request served in 12 ms\n" * 20_000 + " PASTE-TAIL"
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("a", system="You are a coding agent.")
        user = t.add({"role": "user", "content": paste})
        t.add({"role": "assistant", "content": "Let me grep it.", "tool_calls": [_call(1, "grep ms log")]})
        tool = t.add({"role": "tool", "tool_call_id": "c1", "content": "OUT-HEAD " + "12 ms\n" * 50_000 + " OUT-TAIL"})
        for budget in (600, 2000, 8000):
            res = t.assemble(budget)
            assert res.tokens <= budget
            shown = {m.seq: m for m in res.messages if m.seq is not None}
            u, o = shown[user.seq], shown[tool.seq]
            assert u.text.startswith("PASTE-HEAD") and u.text.endswith("PASTE-TAIL") and "user message" in u.text
            assert o.text.startswith("OUT-HEAD") and o.text.endswith("OUT-TAIL")
            assert mem.tokenizer.count_message(u) >= 0.3 * budget
            assert mem.tokenizer.count_message(o) >= 0.1 * budget


def test_observation_masking_keeps_every_command_masks_old_outputs_and_fits():
    from chatcompact.evaluation.agent import truncation_request
    from chatcompact.evaluation.agent_baselines import MASK, masking_request

    raw = [{"role": "system", "content": "You are a coding agent."}, *_agent([[300]] * 14)]
    msgs = [parse(m) for m in raw]
    tokens = [TOK.count_message(m) for m in msgs]
    base = TOK.count_messages(())
    out, n = masking_request(msgs, tokens, 100_000, base, TOK.count_message)
    tools = [m for m in out if m["role"] == "tool"]
    assert [m["content"] for m in tools[:4]] == [MASK] * 4 and all(MASK not in m["content"] for m in tools[4:])
    assert len([m for m in out if m["role"] == "assistant"]) == 14  # every thought and command
    assert n == TOK.count_messages([parse(m) for m in out])
    small, k = masking_request(msgs, tokens, 1500, base, TOK.count_message, keep=2)
    assert k <= 1500 and len(small) < len(out)
    assert len(small) > len(truncation_request(msgs, tokens, 1500, base))  # masked pairs are cheap: more fit


def test_the_agents_sdk_trimmer_leaves_a_one_task_run_alone_and_summarization_replays():
    import pytest

    pytest.importorskip("agents")
    from chatcompact.evaluation.agent_baselines import SummarizationReplay, trimmer_request

    raw = [{"role": "system", "content": "You are a coding agent."}, *_agent([[3000]] * 15)]
    msgs = [parse(m) for m in raw]
    base = TOK.count_messages(())
    out, _ = trimmer_request(msgs, 100_000, base, TOK)
    assert [m.get("content") for m in out] == [m.get("content") for m in raw]  # one user turn: nothing is old
    pytest.importorskip("langchain.agents.middleware")
    replay = SummarizationReplay(2000, TOK)
    names = {c["id"]: c["function"]["name"] for m in raw for c in m.get("tool_calls", ())}
    sizes = []
    for m in raw[1:]:
        replay.add(m, names)
        sizes.append(len(replay.request(msgs[0])[0]))
    assert max(sizes) > sizes[-1]  # its trigger fired and replaced older messages by its summary


def parse(m: dict) -> Message:
    from chatcompact.types import parse_message

    return parse_message(m)


_NAME_TEXT = st.lists(
    st.sampled_from([*"abcXYZ_./-:01 \n<>é", "foo", "Bar", "src/", ".py", "returncode", "</output>"]), max_size=120
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=_NAME_TEXT, limit=st.integers(1, 12))
def test_mentioned_reads_each_run_once_and_finds_what_a_whole_text_scan_finds(text: str, limit: int) -> None:
    """``digest.mentioned`` matches its name pattern once per distinct run of name characters: the same names in
    the same order as the pattern run over the whole text (the rule it replaced, kept here as the reference)."""
    from chatcompact.core import digest

    seen: dict[str, None] = {}
    for m in digest._NAME.finditer(digest._TAGS.sub(" ", text)):
        name = m.group(0).strip(".")
        if len(name) >= 5 and name not in seen:
            seen[name] = None
            if len(seen) >= limit:
                break
    assert digest.mentioned(text, limit) == list(seen)


def test_a_long_outputs_lines_are_counted_whole() -> None:
    from chatcompact.core.digest import SCAN_CHARS, outcome

    log = "".join(f"line {i} ok\n" for i in range(20 * SCAN_CHARS // 10)) + "1 failed, 3 passed\n"
    assert len(log) > 4 * SCAN_CHARS
    assert outcome(log).endswith(f"{log.count(chr(10))} lines") and "1 failed, 3 passed" in outcome(log)
    assert outcome("one line") == "one line" and outcome("a\nb") == "2 lines"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "x y", "\n", "\n\n", " ", "\t", "\r\n", "\u00a0", "\u2028", "ok 3"]), max_size=30),
    st.integers(min_value=0, max_value=5000),
)
def test_an_outputs_line_count_is_that_of_its_stripped_text(parts: list[str], blanks: int) -> None:
    """``outcome`` counts a long output's lines without copying it: the same count as ``strip()`` then ``count``,
    trailing runs of blanks past the fast path's 4,096 included."""
    from chatcompact.core.digest import _line_count

    for text in ("".join(parts), "".join(parts) + " \n" * blanks, "\n" * blanks + "".join(parts)):
        assert _line_count(text) == text.strip().count("\n") + 1
