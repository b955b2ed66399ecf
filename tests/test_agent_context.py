"""An agent's request keeps what its next step needs, in fewer tokens: the anchored verbatim window, digests that
keep the names of what they cut, the work log's names from the agent's reasoning, a task folded only with work."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.config import Policy
from chatcompact.core.assemble import ContextInput, agent_window_start, assemble
from chatcompact.core.fitting import digest_group
from chatcompact.core.window import check_sequence, choose_cut, groups
from chatcompact.core.worklog import update
from chatcompact.testing import CountingTokenizer
from chatcompact.types import Message, ToolCall, WorkLog

TOK = CountingTokenizer()


def _call(i: int, cmd: str) -> ToolCall:
    return ToolCall(f"c{i}", "bash", json.dumps({"command": cmd}))


def _steps(n: int, out_chars: int = 600, thought: str = "THOUGHT: step {i}.") -> list[Message]:
    """A task, then ``n`` steps (a thought with one bash call, its output), seq from 1."""
    msgs = [Message("user", "Fix the crash in django/db/models/query.py.", seq=1)]
    for i in range(n):
        call = _call(i, f"grep -n helper_{i} module_{i}/file_{i}.py")
        msgs.append(Message("assistant", thought.format(i=i), tool_calls=(call,), seq=len(msgs) + 1))
        out = f"<returncode>0</returncode><output>{'x' * out_chars} found_{i}_name</output>"
        msgs.append(Message("tool", out, tool_call_id=call.id, seq=len(msgs) + 1))
    return msgs


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 900), min_size=1, max_size=40), st.integers(200, 2000))
def test_the_verbatim_window_starts_at_an_anchor_that_only_moves_forward(costs, cap):
    """As the tail grows (no compaction in between), the window's first group never moves back, it moves only
    to anchors (a few distinct starts, so the groups before it stay the same bytes), and the window costs at most
    ``cap`` unless its single newest group alone is larger."""
    grp = [(i, i + 1) for i in range(len(costs))]
    starts = []
    for n in range(1, len(costs) + 1):
        start = agent_window_start(grp[:n], costs[:n], cap)
        assert sum(costs[start:n]) <= cap  # start == n: the newest group alone is larger (it is forced anyway)
        assert start == n or start == 0 or sum(costs[start - 1 : n]) > cap * 2 // 3 or costs[start - 1] > cap // 3
        starts.append(start)
    assert starts == sorted(starts)  # never backwards
    assert len(set(starts)) <= sum(costs) // max(cap // 3, 1) + 2  # moves a third of the window at a time


def test_an_agent_request_stays_lean_and_keeps_every_step_as_a_digest():
    msgs = _steps(24, out_chars=1500)
    budget = 60_000  # the whole tail would fit: the lean window still shows only the newest steps verbatim
    policy = Policy(budget=budget)
    inp = ContextInput("You are a coding agent.", msgs, [TOK.count_message(m) for m in msgs])
    res = assemble(inp, budget, TOK, policy)
    full = TOK.count_messages(msgs)
    assert res.tokens < 0.6 * full  # leaner than the history, though it all fits
    verbatim = [m for m in res.messages if m.role == "tool" and not m.text.startswith("[digest")]
    assert sum(TOK.count_message(m) for m in verbatim) <= policy.agent_window_share * budget
    text = json.dumps([m.to_openai() for m in res.messages])
    for i in range(24):  # every command and the names of every output are still in the request
        assert f"module_{i}/file_{i}.py" in text and f"found_{i}_name" in text
    check_sequence([m for m in res.messages if m.role != "system"])  # every call paired with its result
    wide = assemble(inp, budget, TOK, replace(policy, agent_window_share=1.0))
    assert wide.tokens > res.tokens and not any(m.text.startswith("[digest") for m in wide.messages)


def test_a_conversation_is_assembled_the_same_whatever_the_agent_window_share():
    msgs = [Message("user" if i % 2 == 0 else "assistant", f"turn {i} " + "word " * 80, seq=i + 1) for i in range(40)]
    inp = ContextInput("You are helpful.", msgs, [TOK.count_message(m) for m in msgs])
    for budget in (1500, 6000, 40_000):
        lean = assemble(inp, budget, TOK, Policy(budget=budget, agent_window_share=0.1))
        wide = assemble(inp, budget, TOK, Policy(budget=budget, agent_window_share=1.0))
        assert lean.messages == wide.messages and lean.tokens == wide.tokens


def test_a_digest_keeps_the_names_of_the_script_and_reasoning_it_cuts():
    tail = "from app.models import ParentAdmin, get_inlines\nsettings.configure()\nEOF"
    script = "cat <<'EOF' > repro.py\n" + "import os\n" * 60 + tail
    thought = "THOUGHT: " + "I will write the reproduction script now. " * 12 + "It calls `Child.objects.order_by`."
    call = _call(1, script)
    group = [
        Message("assistant", thought, tool_calls=(call,), seq=2),
        Message("tool", "<returncode>1</returncode>ValueError: bad in helper.py", tool_call_id="c1", seq=3),
    ]
    a, t = digest_group(group)
    assert a.tool_calls[0].id == "c1" and t.tool_call_id == "c1"  # still paired
    json.loads(a.tool_calls[0].arguments)  # still a JSON object
    assert len(a.tool_calls[0].arguments) < len(call.arguments) and len(a.text) < len(thought)
    shown = a.text + json.loads(a.tool_calls[0].arguments)["command"]
    for name in ("ParentAdmin", "get_inlines", "app.models", "Child.objects.order_by", "settings.configure"):
        assert name in shown  # cut from the thought or the script: listed after the head or in the marker
        assert shown.count(name) == 1  # listed once
    assert "nsettings" not in shown  # names of the command as run, not of its JSON escapes ("\\n")
    assert t.text.startswith("[digest of message #3") and "exit 1" in t.text and "helper.py" in t.text
    assert "cat <<" not in t.text  # the command is the call right above, not repeated


def test_the_work_log_names_what_the_agent_reasoned_about():
    msgs = _steps(2, thought="THOUGHT: the bug is in `get_order_dir` of {i}th compiler_{i}.py, see `OrderBy`.")
    log = update(WorkLog(), msgs)
    assert {"get_order_dir", "OrderBy", "compiler_1.py", "module_0/file_0.py"} <= set(log.names)


def test_an_agents_task_folds_only_together_with_work_done_on_it():
    """A task folded alone (before any tool call of the agent's) would be taken for a conversation turn and lost
    from the work log: the cut waits until it can take the first call group with it."""
    task = Message("user", "Fix it. " * 200, seq=1)
    c1, c2 = _call(1, "ls"), _call(2, "cat big.log")
    msgs = [
        task,
        Message("assistant", "look", tool_calls=(c1,), seq=2),
        Message("tool", "y" * 3000, tool_call_id="c1", seq=3),
        Message("assistant", "read", tool_calls=(c2,), seq=4),
    ]
    toks = [TOK.count_message(m) for m in msgs]
    assert choose_cut(msgs, toks, 100, min_recent=2) == 0  # only the task could go: wait
    msgs.append(Message("tool", "z" * 50, tool_call_id="c2", seq=5))
    toks.append(TOK.count_message(msgs[-1]))
    cut = choose_cut(msgs, toks, 100, min_recent=2)
    assert cut >= 3 and all(s != 1 for s, _ in groups(msgs) if s == cut)  # the task with its first call group
    log = update(WorkLog(), msgs[:cut])
    assert log.task.startswith("Fix it.") and log.commands


def test_a_digest_is_made_from_the_stored_step_not_its_trimmed_view():
    """A script too large for its share is shown trimmed while it is recent; once it is old, its digest is made
    from the stored step, so it lists the names of the whole script (the trimmed view had cut its middle)."""
    body = "".join(f"value_{i} = compute_{i}({'arg, ' * 150})\n" for i in range(30))
    call = _call(99, "cat <<'EOF' > repro.py\n" + body + "EOF")
    msgs = [Message("user", "Fix the crash in django/db/models/query.py.", seq=1)]
    msgs.append(Message("assistant", "THOUGHT: write the script.", tool_calls=(call,), seq=2))
    msgs.append(Message("tool", "<returncode>0</returncode><output></output>", tool_call_id="c99", seq=3))
    for m in _steps(5, out_chars=2500)[1:]:
        msgs.append(replace(m, seq=len(msgs) + 1))
    budget = 12_000
    inp = ContextInput("You are a coding agent.", msgs, [TOK.count_message(m) for m in msgs])
    assert TOK.count_message(msgs[1]) > Policy().tool_result_share * budget  # its view is trimmed
    res = assemble(inp, budget, TOK, Policy(budget=budget))
    step = next(m for m in res.messages if m.tool_calls and m.tool_calls[0].id == "c99")
    assert step == digest_group(msgs[1:3])[0]  # the digest of the stored step
    shown = step.text + step.tool_calls[0].arguments
    assert "value_15" in shown and "compute_15" in shown  # from the middle of the script
    assert res.tokens <= budget


def test_the_work_log_lists_every_name_before_the_commands():
    """Within the work log's share the names come first (a few tokens each, what later steps reuse), then the
    command lines, newest first."""
    from chatcompact.core.lines import worklog_lines

    log = update(WorkLog(), _steps(40, thought="THOUGHT: look at `helper_{i}_impl` in pkg_{i}/mod_{i}.py."))
    lines = [ln for ln in worklog_lines(log, TOK.count) if ln.block == "worklog"]
    kinds = [ln.heading for ln in lines if ln.heading.startswith(("Names", "Commands"))]
    assert kinds.count("Commands run (oldest first)") >= 2 and kinds.count("Names seen (paths, code names)") >= 4
    assert kinds == sorted(kinds, key=lambda h: not h.startswith("Names"))  # every name line before any command
    listed = " ".join(ln.text for ln in lines if ln.heading.startswith("Names"))
    assert "helper_39_impl" in listed and "pkg_0/mod_0.py" in listed
