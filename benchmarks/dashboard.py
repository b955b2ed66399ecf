"""The dashboard at size: how fast a 100k-message thread opens in a real browser, and what each route costs.

Builds (once; reused from --db) a thread of N messages through the library (the bundled support conversation
cycled, compacted as it grows, budget 8000), serves it with ``chatcompact serve`` (a subprocess, access log on),
signs in through the login form in headless Chromium, opens the thread and prints:

* first content: from navigation to the first transcript rows on screen (the page's own ``performance.now()``),
  cold (the first thread opened after the server started) and warm (opened again);
* when the token curve and "what the model saw" at the latest turn are drawn;
* each dashboard route's latency over HTTP (median of 5), and how many rows / bytes it answered: nothing
  answers with the whole history;
* that the access log holds no key.

    python benchmarks/dashboard.py            # 100,000 messages (the first build takes several minutes)
    python benchmarks/dashboard.py --quick    # 10,000 messages

Reference (issue 23): first content <= 1 s for a 100k-message thread. Vectors are off (``CHATCOMPACT_EMBEDDER=none``,
full-text recall): embedding 100k turns would dominate the build and is no part of opening a page.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from chatcompact import Memory, Policy  # noqa: E402
from chatcompact.transcripts import demo_transcript  # noqa: E402

THREAD = "big"
TENANT = "acme"


def build(db: Path, n: int, batch: int) -> float:
    """Write ``n`` messages into thread ``acme/big`` (compacting inline as it grows); seconds taken."""
    demo = demo_transcript()
    started = time.perf_counter()
    with Memory.open(db, background=False, policy=Policy(budget=8000), embedder="none") as mem:
        t = mem.thread(f"{TENANT}/{THREAD}", system=demo.system, budget=8000)
        done = 0
        while done < n:
            size = min(batch, n - done)
            t.add_many([dict(demo.messages[(done + k) % len(demo.messages)]) for k in range(size)])
            done += size
            if done % 10_000 == 0:
                print(f"  built {done:,} messages in {time.perf_counter() - started:.0f} s", flush=True)
    return time.perf_counter() - started


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path, keys: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none", "PYTHONPATH": str(ROOT / "src")}
    cmd = [sys.executable, "-m", "chatcompact", "serve", "--store", str(db), "--keys", str(keys), "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/health", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start: " + log.read_text()[-2000:])


def browser_figures(url: str, key: str) -> dict[str, float]:
    from tests.cdp import Browser

    out: dict[str, float] = {}
    b = Browser(width=1500, height=950)
    try:
        b.goto(url + "/")
        b.wait_for("!!document.getElementById('login') && !document.getElementById('login').hidden", 60)
        b.click("#login-key")
        b.type(key)
        b.key("Enter")
        b.wait_for(f"!!document.querySelector('#threads li[data-thread=\"{THREAD}\"]')", 60)
        for label in ("cold", "warm"):
            b.goto(f"{url}/?open={label}#thread={THREAD}")  # a new document each time (the query differs)
            try:
                b.wait_for("document.body.dataset.ready === '1'", 120)
            except TimeoutError:
                state = b.js("JSON.stringify({t: window.CC && CC.S.thread, url: location.href})")
                raise SystemExit(f"the page did not open the thread: {state}") from None
            first = b.js("window.__ccFirstContent")
            b.wait_for("!!window.__ccCurveDrawn && !!window.__ccContextShown", 180)
            curve, seen = b.js("window.__ccCurveDrawn"), b.js("window.__ccContextShown")
            rows = b.js("document.querySelectorAll('#transcript .msg').length")
            out[f"{label} first content ms"] = first
            out[f"{label} curve drawn ms"] = curve
            out[f"{label} what-the-model-saw ms"] = seen
            out[f"{label} rows in the DOM"] = rows
    finally:
        b.close()
    return out


def route_figures(url: str, key: str, last: int) -> list[tuple[str, float, int]]:
    c = httpx.Client(base_url=url, timeout=300)
    assert c.post("/dashboard/login", json={"key": key}).status_code == 200
    base = {"thread": THREAD}
    cases = [
        ("thread", {}),
        ("messages", {"before": last + 1, "limit": 60}),
        ("messages", {"around": last // 2, "limit": 60}),
        ("curve", {}),
        ("context", {"seq": last}),
        ("context", {"seq": last // 2}),
        ("versions", {"limit": 30}),
        ("version", {"version": 1}),
        ("recall", {"q": "refund bank account"}),
    ]
    out = []
    for name, params in cases:
        times, size = [], 0
        for _ in range(5):
            t0 = time.perf_counter()
            r = c.get(f"/dashboard/api/{name}", params={**base, **params})
            times.append((time.perf_counter() - t0) * 1000)
            r.raise_for_status()
            size = len(r.content)
        label = name + (" " + " ".join(f"{k}={v}" for k, v in params.items()) if params else "")
        out.append((label, statistics.median(times), size))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--quick", action="store_true", help="10,000 messages")
    ap.add_argument("--batch", type=int, default=50, help="messages per add_many (one compaction at most each)")
    ap.add_argument("--db", type=Path, default=None, help="SQLite file to build into / reuse")
    ap.add_argument("--rebuild", action="store_true")
    args = ap.parse_args()
    n = 10_000 if args.quick else args.messages
    db = args.db or Path(tempfile.gettempdir()) / f"chatcompact-dashboard-{n}-{args.batch}.db"
    if args.rebuild and db.exists():
        db.unlink()
    if not db.exists():
        print(f"building {n:,} messages into {db} ...", flush=True)
        print(f"built in {build(db, n, args.batch):.0f} s")
    with Memory.open(db, background=False, embedder="none") as mem:
        info = mem.store.thread_info(f"{TENANT}/{THREAD}")
    work = Path(tempfile.mkdtemp(prefix="cc-dash-bench-"))
    keys, log = work / "keys.json", work / "serve.log"
    from chatcompact.server.keys import KeyFile

    key = KeyFile(keys).create(TENANT)[0]
    proc, url = serve(db, keys, log)
    try:
        figures = browser_figures(url, key)
        routes = route_figures(url, key, info.last_seq)
    finally:
        proc.terminate()
        proc.wait(30)
    load = os.getloadavg()
    print(
        f"\nthread: {info.last_seq:,} messages, {info.last_version:,} summary versions; {os.cpu_count()} cores, "
        f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}"
    )
    print("\nin headless Chromium (from navigation start; reference: first content <= 1000 ms)")
    for k, v in figures.items():
        print(f"  {k:34s} {v:10.0f}")
    print("\ndashboard routes over HTTP (median of 5)")
    for label, ms, size in routes:
        print(f"  {label:34s} {ms:8.0f} ms {size / 1024:8.1f} KiB")
    leaked = key in log.read_text(encoding="utf-8", errors="replace")
    print(
        f"\naccess log lines: {log.read_text().count('HTTP/1.1')}; the key appears in it: {'YES' if leaked else 'no'}"
    )


if __name__ == "__main__":
    main()
