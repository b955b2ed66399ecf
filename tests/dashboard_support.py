"""Threads the dashboard tests (and the screenshots in docs/) look at, written through the library into a store.

* ``support``: the bundled ~300-message support conversation (``chatcompact demo``'s), compacted as it went.
* ``agent``: a coding agent's run: a real SWE-bench trajectory from ``../shared/data/agent_dev`` when present,
  else a scripted one (bash calls, failing then passing tests), so the work log has something to show.
* ``xss``: conversation text that would be markup if it were ever inserted as HTML.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chatcompact import Memory, Policy
from chatcompact.transcripts import demo_transcript

AGENT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "agent_dev"
XSS = (
    '<img src=x onerror="window.__pwned=1"> **bold** [click](javascript:window.__pwned=2) '
    "<script>window.__pwned=3</script>"
)


def _call(i: int, command: str) -> dict[str, Any]:
    args = json.dumps({"command": command})
    return {
        "role": "assistant",
        "content": f"Step {i}: running `{command}`.",
        "tool_calls": [{"id": f"call_{i}", "type": "function", "function": {"name": "bash", "arguments": args}}],
    }


def scripted_agent() -> list[dict[str, Any]]:
    """A small agent run: read, edit, a failing test run with a traceback, a fix, a passing run."""
    out: list[dict[str, Any]] = [
        {"role": "user", "content": "Fix the off-by-one in `pager.py` so `tests/test_pager.py` passes. Never push."}
    ]
    steps = [
        ("cat src/pager.py", "def pages(n, size):\n    return n // size\n" + "# filler line\n" * 400),
        (
            "python -m pytest tests/test_pager.py -q",
            "F.\nFAILED tests/test_pager.py::test_partial - assert 2 == 3\n"
            "Traceback (most recent call last):\n  AssertionError: assert 2 == 3\n1 failed, 1 passed in 0.02s\n"
            "<returncode>1</returncode>",
        ),
        ("sed -i 's|n // size|-(-n // size)|' src/pager.py", "<returncode>0</returncode>"),
        ("python -m pytest tests/test_pager.py -q", "..\n2 passed in 0.01s\n<returncode>0</returncode>"),
    ]
    for k in range(6):
        for i, (cmd, output) in enumerate(steps):
            n = 10 * k + i
            out.append(_call(n, cmd))
            out.append({"role": "tool", "tool_call_id": f"call_{n}", "content": output + "\n" + "log line\n" * 40})
        out.append({"role": "assistant", "content": f"Plan: round {k} done; next I re-run the whole suite."})
    return out


def agent_messages() -> list[dict[str, Any]]:
    if AGENT_DATA.is_dir():
        from chatcompact.evaluation.agent import load_trajectories

        return list(load_trajectories(AGENT_DATA, limit=1)[0].messages)
    return scripted_agent()


def populate(db: str, tenant: str = "acme", *, agent: bool = True, support: bool = True) -> dict[str, str]:
    """Write the threads into the SQLite file ``db`` under ``tenant``; returns {short name: thread id}."""
    names: dict[str, str] = {}
    with Memory.open(db, background=False, policy=Policy(budget=2000), embedder="none") as mem:
        if support:
            demo = demo_transcript()
            t = mem.thread(f"{tenant}/support-dupont", system=demo.system, budget=2000)
            t.add_many(demo.messages[:40])
            for raw in demo.messages[40:]:
                t.add(raw)
            names["support"] = "support-dupont"
        if agent:
            msgs = agent_messages()
            system = "You are a coding agent with a bash tool." if msgs[0]["role"] != "system" else None
            t = mem.thread(f"{tenant}/agent-run", system=system, budget=3000)
            for raw in msgs:
                t.add(raw)
            names["agent"] = "agent-run"
        t = mem.thread(f"{tenant}/xss-probe", system="You are helpful.")
        t.add_many([{"role": "user", "content": XSS}, {"role": "assistant", "content": "Noted: " + XSS}])
        names["xss"] = "xss-probe"
    return names
