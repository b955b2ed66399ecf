"""Real agent loops with tool outputs from 1 KB to 2 MB: every request in budget, state size, our time per step.

Four loops, each run with chatcompact and without it, against one fake OpenAI-compatible model over real HTTP
(``tests/agent_model.py``: it answers at once, one ``bash`` tool call per request for ``--steps`` requests, then
a final answer; it counts every request's tokens as it receives it, tool schemas included):

- ``thread``: the docs' loop (``docs/agents.md``) with the OpenAI SDK and ``thread.context(budget, tools=...)``;
- ``langchain``: ``create_agent`` + ``ChatOpenAI`` + ``InMemorySaver``, with ``ChatcompactMiddleware`` (bound state);
- ``agents``: the OpenAI Agents SDK ``Runner`` + ``OpenAIChatCompletionsModel``, ``ChatcompactSession`` and its
  in-run filter (``session.run_config()``);
- ``pydantic_ai``: ``Agent`` + ``OpenAIChatModel`` with ``ChatcompactCapability``.

The tool's output at step ``i`` grows geometrically from 1 KB to 2 MB (build-log-like lines, identifiers in each).
Printed per loop: the largest request (tokens, as the server counted it) beside the budget, raises, the state the
framework keeps after the run (LangChain's checkpointed messages, the Agents SDK session's view, Pydantic AI's
``all_messages()``), our time per step (the adapter's hooks: p50 / p99 over all steps and over the steps whose
latest output is >= 1 MB; "core" is the part spent in ``Thread.add_many`` / ``Thread.assemble``), and the loop's
wall time with chatcompact against without it (ratio; target <= 1.1x).

The store is a SQLite file per loop, as in the docs (``--store memory`` for ``memory://``), full text only
(``--embedder local`` adds the bundled embedder).

Run: ``python benchmarks/agent_loop.py [--steps 40] [--budget 8000] [--loops thread,langchain,agents,pydantic_ai]
[--quick] [--background threads|inline|workers] [--repeat 3] [--warmup 1] [--min-bytes N --max-bytes N]
[--store sqlite|memory] [--embedder none|local]``. ``--background workers``: compaction and embedding in one
``chatcompact worker`` process on the same SQLite file (``Memory.open(..., background="workers")``), the way to
keep them off the app's interpreter.
``--max-message-chars`` sets ``Policy.max_message_chars`` (a user message's limit; tool outputs of any size are
accepted with the default Policy: the first line checks that a 2 MB one is).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.agent_model import AgentModelServer, ToolLoop  # noqa: E402

from chatcompact import ChatcompactError, Memory, Policy  # noqa: E402
from chatcompact.runtime.memory import Thread  # noqa: E402
from chatcompact.types import parse_message  # noqa: E402

SYSTEM = "You are a coding agent. Use the bash tool; one command per call."
TASK = "Fix the failing test in tests/test_dates.py. Do not modify tests."
SIZES: list[int] = []  # output size per step, set in main()


def output(n: int) -> str:
    """The tool's output at step ``n``: build-log lines, each with a path and a symbol, ``SIZES[n]`` characters."""
    size = SIZES[n % len(SIZES)]
    line = f"src/pkg/module_{n}.py:{{}}: check_value_{n} passed in 0.{n:03d}s\n"
    out, i = [f"$ make test STEP={n}\n"], 0
    total = len(out[0])
    while total < size:
        piece = line.format(i)
        out.append(piece)
        total += len(piece)
        i += 1
    return "".join(out)[:size]


class Clock:
    """Our time per model call: adapter hooks (``own``) and the thread calls inside them (``core``)."""

    def __init__(self) -> None:
        self.own: list[float] = []
        self.core: list[float] = []
        self._core = 0.0
        self._orig: dict[str, Any] = {}

    def patch_thread(self) -> None:
        for name in ("add_many", "assemble"):
            orig = self._orig[name] = getattr(Thread, name)

            def timed(*a: Any, _orig: Callable[..., Any] = orig, **kw: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return _orig(*a, **kw)
                finally:
                    self._core += time.perf_counter() - t0

            setattr(Thread, name, timed)

    def unpatch(self) -> None:
        for name, orig in self._orig.items():
            setattr(Thread, name, orig)

    def merge_core(self) -> None:
        if self.core:
            self.core[-1] += self._core * 1000
        self._core = 0.0

    def step(self, seconds: float) -> None:
        self.own.append(seconds * 1000)
        self.core.append(self._core * 1000)
        self._core = 0.0


def _timed(obj: Any, name: str, clock: Clock, is_async: bool) -> None:
    orig = getattr(obj, name)
    if is_async:

        async def a(*args: Any, **kw: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return await orig(*args, **kw)
            finally:
                clock.step(time.perf_counter() - t0)

        setattr(obj, name, a)
    else:

        def s(*args: Any, **kw: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return orig(*args, **kw)
            finally:
                clock.step(time.perf_counter() - t0)

        setattr(obj, name, s)


# ---------------------------------------------------------------- the loops


def run_thread(url: str, mem: Memory | None, budget: int, clock: Clock) -> dict[str, Any]:
    from openai import OpenAI

    client = OpenAI(base_url=url, api_key="x", max_retries=0)
    bash = {
        "type": "function",
        "function": {
            "name": "bash",
            "description": "Run a bash command.",
            "parameters": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
        },
    }
    messages: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": TASK}]
    thread = mem.thread("loop", system=SYSTEM) if mem is not None else None
    if thread is not None:
        thread.add(messages[1])
    for _ in range(10_000):
        t0 = time.perf_counter()
        sent = thread.context(budget, query=TASK, tools=[bash]) if thread is not None else messages
        if thread is not None:
            clock.step(time.perf_counter() - t0)
        reply = client.chat.completions.create(model="gpt-4o", messages=sent, tools=[bash]).choices[0].message  # type: ignore[arg-type]
        answer = reply.model_dump(exclude_none=True, include={"role", "content", "tool_calls"})
        steps = [answer]
        for call in reply.tool_calls or ():
            n = json.loads(call.function.arguments)["n"]  # type: ignore[union-attr]
            steps.append({"role": "tool", "tool_call_id": call.id, "content": output(n)})
        t0 = time.perf_counter()
        if thread is not None:
            thread.add_many(steps)
            clock.own[-1] += (time.perf_counter() - t0) * 1000
            clock.merge_core()
        messages += steps
        if not reply.tool_calls:
            break
    state = thread.context(budget) if thread is not None else messages
    return {"state": state}


def run_langchain(url: str, mem: Memory | None, budget: int, clock: Clock) -> dict[str, Any]:
    from langchain.agents import create_agent
    from langchain_core.tools import tool
    from langchain_openai import ChatOpenAI
    from langgraph.checkpoint.memory import InMemorySaver

    from chatcompact.integrations.langchain import ChatcompactMiddleware, to_openai

    @tool
    def bash(n: int) -> str:
        """Run a bash command."""
        return output(n)

    class Timed(ChatcompactMiddleware):
        def before_model(self, state: Any, runtime: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return super().before_model(state, runtime)
            finally:
                clock.step(time.perf_counter() - t0)

        def prepare(self, request: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return super().prepare(request)
            finally:  # the same model call as the before_model hook just timed
                clock.own[-1] += (time.perf_counter() - t0) * 1000
                clock.merge_core()

    middleware = [Timed(mem, budget=budget)] if mem is not None else []
    saver = InMemorySaver()
    model = ChatOpenAI(model="gpt-4o", base_url=url, api_key="x", max_retries=0)  # type: ignore[arg-type]
    agent = create_agent(model, tools=[bash], system_prompt=SYSTEM, middleware=middleware, checkpointer=saver)
    cfg = {"configurable": {"thread_id": "loop"}, "recursion_limit": 10_000}
    agent.invoke({"messages": [{"role": "user", "content": TASK}]}, cfg)  # type: ignore[arg-type]
    state = saver.get(cfg)["channel_values"]["messages"]  # type: ignore[index]
    return {"state": [to_openai(m) for m in state]}


def run_agents(url: str, mem: Memory | None, budget: int, clock: Clock) -> dict[str, Any]:
    from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool, set_tracing_disabled
    from openai import AsyncOpenAI

    from chatcompact.integrations.openai_agents import ChatcompactSession, items_to_messages

    set_tracing_disabled(True)

    @function_tool
    def bash(n: int) -> str:
        """Run a bash command."""
        return output(n)

    model = OpenAIChatCompletionsModel("gpt-4o", AsyncOpenAI(base_url=url, api_key="x", max_retries=0))
    agent = Agent(name="coder", instructions=SYSTEM, model=model, tools=[bash])
    session = ChatcompactSession("loop", mem, budget=budget) if mem is not None else None
    if session is not None:
        _timed(session, "input_filter", clock, True)
        orig_add = session.add_items

        async def add(items: list[Any]) -> None:  # the session's save, counted into the step it ends
            t0 = time.perf_counter()
            await orig_add(items)
            if clock.own:
                clock.own[-1] += (time.perf_counter() - t0) * 1000
                clock.merge_core()

        session.add_items = add  # type: ignore[method-assign]

    async def go() -> Any:
        config = session.run_config() if session is not None else RunConfig()
        return await Runner.run(agent, TASK, session=session, run_config=config, max_turns=10_000)

    result = asyncio.run(go())
    state = asyncio.run(session.get_items()) if session is not None else result.to_input_list()
    return {"state": items_to_messages(state)}


def run_pydantic_ai(url: str, mem: Memory | None, budget: int, clock: Clock) -> dict[str, Any]:
    from pydantic_ai import Agent
    from pydantic_ai.models.openai import OpenAIChatModel
    from pydantic_ai.providers.openai import OpenAIProvider

    from chatcompact.integrations.pydantic_ai import ChatcompactCapability, ChatcompactProcessor, to_openai

    def bash(n: int) -> str:
        """Run a bash command."""
        return output(n)

    model = OpenAIChatModel("gpt-4o", provider=OpenAIProvider(base_url=url, api_key="x"))
    caps = []
    if mem is not None:
        cap = ChatcompactCapability(ChatcompactProcessor(mem, "loop", budget=budget))
        _timed(cap, "before_model_request", clock, True)
        orig_after = cap.after_model_request

        async def after(ctx: Any, **kw: Any) -> Any:
            t0 = time.perf_counter()
            out = await orig_after(ctx, **kw)
            if clock.own:
                clock.own[-1] += (time.perf_counter() - t0) * 1000
                clock.merge_core()
            return out

        cap.after_model_request = after  # type: ignore[method-assign]
        caps.append(cap)
    agent = Agent(model, instructions=SYSTEM, tools=[bash], capabilities=caps)
    result = agent.run_sync(TASK)
    return {"state": to_openai(result.all_messages())[0]}


LOOPS = {"thread": run_thread, "langchain": run_langchain, "agents": run_agents, "pydantic_ai": run_pydantic_ai}


# ---------------------------------------------------------------- measuring


def _tokens(state: list[dict[str, Any]], mem_tok: Any) -> int:
    msgs = [parse_message({k: v for k, v in m.items() if k != "meta"}, max_chars=1 << 62) for m in state]
    return int(mem_tok.count_messages(msgs))


def _pct(xs: list[float], q: int) -> float:
    if not xs:
        return float("nan")
    if len(xs) == 1:
        return xs[0]
    return statistics.quantiles(xs, n=100, method="inclusive")[q - 1]


def measure(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """``--repeat`` runs of the loop without and with chatcompact, alternating (the same machine state for both):
    the walls' medians, our per-step times of every run with us pooled, the rest from the last run."""
    out: dict[str, Any] = {"loop": name, "with": [], "without": [], "own": [], "core": [], "own_big": []}
    for _ in range(args.warmup):  # the first runs in a process pay imports and first-use work: not counted
        for with_us in (False, True):
            _run_once(name, args, with_us, {"with": [], "without": [], "own": [], "core": [], "own_big": []})
    for _ in range(args.repeat):
        for with_us in (False, True):
            _run_once(name, args, with_us, out)
    out["with_s"], out["without_s"] = statistics.median(out["with"]), statistics.median(out["without"])
    out["adapter"] = [o - c for o, c in zip(out["own"], out["core"], strict=False)]
    return out


def _run_once(name: str, args: argparse.Namespace, with_us: bool, out: dict[str, Any]) -> None:
    from chatcompact.tokenizers import tokenizer_for

    tmp = tempfile.mkdtemp(prefix="agent-loop-")
    clock = Clock()
    policy = Policy(budget=args.budget, max_message_chars=args.max_message_chars)
    with AgentModelServer(ToolLoop(args.steps), count=with_us) as server:
        bg: Any = {"threads": True, "inline": False, "workers": "workers"}[args.background]
        url = "memory://" if args.store == "memory" else os.path.join(tmp, f"{name}.db")
        mem = Memory.open(url, policy=policy, embedder=args.embedder, background=bg) if with_us else None
        worker = start_worker(url, args) if with_us and bg == "workers" else None
        if with_us:
            clock.patch_thread()
        t0 = time.perf_counter()
        raised = None
        try:
            result = LOOPS[name](server.url, mem, args.budget, clock)
        except (ChatcompactError, Exception) as exc:
            raised, result = f"{type(exc).__name__}: {str(exc)[:120]}", {"state": []}
        wall = time.perf_counter() - t0
        clock.unpatch()
        requests = list(server.requests)
        if mem is not None:
            mem.close()
        if worker is not None:
            worker.terminate()
            worker.wait(30)
    key = "with" if with_us else "without"
    out[key].append(wall)
    out[f"{key}_raised"] = out.get(f"{key}_raised") or raised
    out[f"{key}_requests"] = len(requests)
    if with_us:
        out["max_tokens"] = max([out.get("max_tokens", 0), *(r["tokens"] for r in requests)])
        out["over_budget"] = out.get("over_budget", 0) + sum(1 for r in requests if r["tokens"] > args.budget)
        out["state_tokens"] = _tokens(result["state"], tokenizer_for("gpt-4o"))
        out["state_messages"] = len(result["state"])
        big = [i for i, _ in enumerate(clock.own) if 0 < i <= len(SIZES) and SIZES[i - 1] >= 1_000_000]
        out["own"] += clock.own
        out["core"] += clock.core
        out["own_big"] += [clock.own[i] for i in big]
    else:
        out["max_bytes"] = max((r["bytes"] for r in requests), default=0)


def floor_seconds() -> tuple[float, float]:
    """The least any memory layer adds to the loop: count every tool output exactly and write each one durably
    (one SQLite WAL insert of its JSON body, ``synchronous=NORMAL``, as the store does), nothing else. Returns
    (all outputs, the largest output), the best of three."""
    import sqlite3

    import orjson

    from chatcompact.tokenizers import tokenizer_for

    tok = tokenizer_for("gpt-4o")
    outputs = [output(i) for i in range(len(SIZES))]
    best_all = best_big = float("inf")
    for _ in range(3):
        with tempfile.TemporaryDirectory() as tmp:
            conn = sqlite3.connect(os.path.join(tmp, "floor.db"), isolation_level=None)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("CREATE TABLE m (seq INTEGER PRIMARY KEY, body TEXT)")
            took = []
            for text in outputs:
                t0 = time.perf_counter()
                tok.count(text)
                body = orjson.dumps({"role": "tool", "content": text, "tool_call_id": "c"}).decode()
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("INSERT INTO m (body) VALUES (?)", (body,))
                conn.execute("COMMIT")
                took.append(time.perf_counter() - t0)
            conn.close()
        best_all, best_big = min(best_all, sum(took)), min(best_big, max(took))
    return best_all, best_big


def start_worker(url: str, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    """``--background workers``: one ``chatcompact worker`` process on the loop's store, polling every 20 ms."""
    cmd = [sys.executable, "-m", "chatcompact", "worker", "--store", url, "--embedder", args.embedder]
    cmd += ["--budget", str(args.budget), "--poll", "0.02", "--log-level", "warning"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--max-bytes", type=int, default=2_000_000, help="the largest tool output")
    ap.add_argument("--min-bytes", type=int, default=1000, help="the smallest tool output")
    ap.add_argument("--inline", action="store_true", help="the same as --background inline")
    ap.add_argument(
        "--background",
        choices=("threads", "inline", "workers"),
        default="threads",
        help="compaction and embedding on the app's threads (the default), inside add, or in a worker process",
    )
    ap.add_argument("--loops", default=",".join(LOOPS))
    ap.add_argument("--max-message-chars", type=int, default=4_000_000)
    ap.add_argument(
        "--store", choices=("sqlite", "memory"), default="sqlite", help="a SQLite file (as in the docs) or memory://"
    )
    ap.add_argument("--embedder", default="none", help="none (full text only), local (the bundled MiniLM), e5")
    ap.add_argument("--quick", action="store_true", help="12 steps up to 1.2 MB")
    ap.add_argument(
        "--repeat", type=int, default=3, help="runs without and with, alternating (walls: medians; steps pooled)"
    )
    ap.add_argument("--warmup", type=int, default=1, help="uncounted runs of each before measuring")
    args = ap.parse_args()
    if args.inline:
        args.background = "inline"
    if args.background == "workers" and args.store == "memory":
        ap.error("--background workers needs --store sqlite (the worker is another process)")
    if args.quick:
        args.steps, args.max_bytes = 12, 1_200_000
    n = args.steps
    lo = args.min_bytes
    SIZES[:] = [int(lo * (args.max_bytes / lo) ** (i / max(1, n - 1))) for i in range(n)]
    with Memory.open("memory://", embedder="none") as probe:
        try:
            t = probe.thread("probe")
            t.add(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [{"id": "c", "type": "function", "function": {"name": "bash", "arguments": "{}"}}],
                }
            )
            t.add({"role": "tool", "tool_call_id": "c", "content": "x" * args.max_bytes})
            note = "accepted"
        except ChatcompactError as exc:
            note = f"refused ({type(exc).__name__})"
    print(
        f"{n} steps, tool outputs {SIZES[0]:,} .. {SIZES[-1]:,} chars, budget {args.budget}, {args.repeat} runs each "
        f"after {args.warmup} uncounted (wall: median; own: every step of every run); a {args.max_bytes:,}-"
        f"char tool output with the default Policy: {note}; load average {os.getloadavg()[0]:.2f}"
    )
    floor_all, floor_big = floor_seconds()
    print(
        f"floor (counting every output exactly and writing each durably, nothing else): {floor_all * 1000:.0f} ms "
        f"for all {n} outputs, {floor_big * 1000:.1f} ms for the largest; a loop's ratio cannot go below "
        "(without + floor) / without (printed as 'floor')"
    )
    print(
        f"{'loop':<12} {'max req':>8} {'over':>5} {'raised':>7} {'state tok':>10} {'msgs':>5} "
        f"{'own p50':>8} {'p99':>8} {'p99@1MB':>8} {'core p99':>9} {'adapter p99':>11} {'with s':>8} {'without s':>10} "
        f"{'ratio':>6}"
    )
    for name in args.loops.split(","):
        r = measure(name, args)
        raised = "0" if not r["with_raised"] else "1"
        print(
            f"{name:<12} {r['max_tokens']:>8} {r['over_budget']:>5} {raised:>7} {r['state_tokens']:>10} "
            f"{r['state_messages']:>5} {_pct(r['own'], 50):>8.1f} {_pct(r['own'], 99):>8.1f} "
            f"{_pct(r['own_big'], 99):>8.1f} {_pct(r['core'], 99):>9.1f} {_pct(r['adapter'], 99):>11.1f} "
            f"{r['with_s']:>8.2f} {r['without_s']:>10.2f} "
            f"{r['with_s'] / max(r['without_s'], 1e-9):>6.2f}"
        )
        walls = ", ".join(f"{w:.2f}/{o:.2f}" for w, o in zip(r["with"], r["without"], strict=True))
        floor = (r["without_s"] + floor_all) / max(r["without_s"], 1e-9)
        print(f"    runs with/without s: {walls}; floor {floor:.2f}")
        for key in ("with_raised", "without_raised"):
            if r[key]:
                print(f"    {key}: {r[key]}")
    print(
        f"references: max req <= {args.budget} (0 over), 0 raised, LangChain state <= {2 * args.budget} tokens, "
        "own p99 <= 20 ms at 1 MB outputs, ratio <= 1.1; load average now "
        f"{os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
