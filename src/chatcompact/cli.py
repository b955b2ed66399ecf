"""``chatcompact`` command line: parse arguments, call the library, print. No logic of its own."""

from __future__ import annotations

import json
import signal
import sys
import tempfile
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from . import Memory, Policy, compact, compaction_ratio
from .core.assemble import summary_text
from .errors import ChatcompactError
from .transcripts import ReplayResult, Transcript, demo_transcript, load_transcript, replay, sparkline
from .types import SummaryVersion

out = Console()
err = Console(stderr=True)


def _dump(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


class _Group(click.Group):
    """Turns library errors into one red line and exit code 2 instead of a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ChatcompactError as exc:
            err.print(f"[red]error:[/red] {exc}")
            sys.exit(2)


@click.group(cls=_Group)
@click.version_option(package_name="chatcompact")
def main() -> None:
    """Keep LLM conversations inside a fixed token budget, forever."""


def _usage(v: SummaryVersion) -> str:
    u = v.meta.get("usage")
    if not u:
        return "-"
    return f"{u['input_tokens']}+{u['output_tokens']} tok, {u['latency_s']:.2f}s, {u['attempts']} try"


def _version_row(v: SummaryVersion) -> list[str]:
    r = v.report
    return [
        str(v.version),
        f"{v.covered_from}-{v.covered_until}",
        v.trigger,
        str(v.meta.get("tokens_folded", "")),
        str(len(r.added)),
        str(len(r.superseded) + len(r.resolved)),
        str(len(r.dropped)),
        _usage(v),
    ]


def _versions_table(versions: list[SummaryVersion]) -> Table:
    table = Table("version", "messages", "trigger", "folded", "added", "superseded/resolved", "dropped", "model usage")
    for v in versions:
        table.add_row(*_version_row(v))
    return table


SUMMARIZER = click.option(
    "--summarizer",
    default=None,
    envvar="CHATCOMPACT_SUMMARIZER",
    help="extractive (default), openai:MODEL, openai:MODEL@BASE_URL, anthropic:MODEL",
)


TOPIC = click.option("--topic-shift", is_flag=True, help="Also compact when a new topic starts (embeddings).")


def _run_replay(
    transcript: Transcript, budget: int, db: str | None, json_out: bool, summarizer: str | None, topic: bool = False
) -> tuple[ReplayResult, Memory]:
    path = db or str(Path(tempfile.mkdtemp(prefix="chatcompact-")) / "replay.db")
    mem = Memory.open(path, policy=Policy(budget=budget, topic_shift=topic), summarizer=summarizer)
    with Progress(console=err, transient=True, disable=json_out) as bar:
        task = bar.add_task(transcript.title[:50], total=len(transcript.messages))
        result = replay(mem, "replay", transcript, budget, on_message=lambda i: bar.update(task, completed=i + 1))
    return result, mem


def _report(result: ReplayResult, mem: Memory, show_summary: bool) -> None:
    d = result.as_dict()
    out.print(f"requests: {d['requests']}   budget: {d['budget']}   largest request: {d['max_request_tokens']} tokens")
    out.print(f"full history  {sparkline([p.full for p in result.points])}  up to {result.points[-1].full} tokens")
    top = max(p.full for p in result.points)
    scaled = [int(p.compacted * 8 / top) for p in result.points]
    out.print(f"chatcompact   {sparkline([*scaled, 8])[:-1]}  at most {d['max_request_tokens']} tokens")
    out.print(_versions_table(result.compactions))
    if show_summary and result.compactions:
        last = result.compactions[-1]
        out.rule("final summary")
        out.print(summary_text(last.state, last.covered_until), markup=False, highlight=False)
        out.rule()
    out.print(
        f"[bold]compaction ratio[/bold]: sent {d['tokens_sent']:,} tokens instead of {d['tokens_full_history']:,} "
        f"({d['share_of_full_history']:.1%} of the full history, {d['compaction_ratio']}x smaller)"
    )


@main.command()
@click.option("--budget", default=2000, show_default=True, help="Context budget in tokens.")
@click.option("--db", default=None, help="Keep the demo's SQLite file here (default: a temporary file).")
@SUMMARIZER
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def demo(budget: int, db: str | None, summarizer: str | None, json_out: bool) -> None:
    """Replay the bundled ~300-message support chat on the embedded defaults (no API key, no network)."""
    result, mem = _run_replay(demo_transcript(), budget, db, json_out, summarizer)
    with mem:
        if json_out:
            _dump({**result.as_dict(), "summary": mem.thread("replay").summary().model_dump()})
        else:
            _report(result, mem, show_summary=True)


@main.command()
@click.argument("file")
@click.option("--budget", default=2000, show_default=True, help="Context budget in tokens.")
@click.option("--sample", default=None, help="LoCoMo sample id (e.g. conv-26); default: the first.")
@click.option("--db", default=None, help="SQLite file to replay into (default: a temporary file).")
@SUMMARIZER
@TOPIC
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def replay_cmd(
    file: str,
    budget: int,
    sample: str | None,
    db: str | None,
    summarizer: str | None,
    topic_shift: bool,
    json_out: bool,
) -> None:
    """Stream a transcript (OpenAI JSON/JSONL or LoCoMo) through a thread; print the token curve and
    each compaction with its trigger (tokens, messages, topic_shift)."""
    result, mem = _run_replay(load_transcript(file, sample), budget, db, json_out, summarizer, topic_shift)
    with mem:
        if json_out:
            _dump({**result.as_dict(), "points": [p.__dict__ for p in result.points]})
        else:
            _report(result, mem, show_summary=False)


main.add_command(replay_cmd, name="replay")


@main.command("compact")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@click.option("--budget", type=int, default=None, help="Also guarantee the result fits this many tokens.")
@click.option("--keep-recent", default=10, show_default=True, help="Messages kept verbatim at the end.")
@click.option("--json", "json_out", is_flag=True, help="Print {messages, ratio} instead of the bare list.")
def compact_cmd(file: Any, budget: int | None, keep_recent: int, json_out: bool) -> None:
    """Compact a JSON message list (FILE or - for stdin); the compacted list goes to stdout."""
    try:
        data = json.load(file)
    except json.JSONDecodeError as exc:
        raise ChatcompactError(f"input is not JSON: line {exc.lineno}: {exc.msg}") from exc
    messages = data["messages"] if isinstance(data, dict) and "messages" in data else data
    if not isinstance(messages, list):
        raise ChatcompactError('expected a JSON list of messages or {"messages": [...]}')
    result = compact(messages, budget=budget, keep_recent=keep_recent)
    ratio = compaction_ratio(messages, result).as_dict()
    if json_out:
        _dump({"messages": result, "ratio": ratio})
    else:
        _dump(result)
        err.print(f"{ratio['tokens_before']} -> {ratio['tokens_after']} tokens ({ratio['reduction']:.1%} smaller)")


@main.command()
@click.argument("db")
@click.argument("thread")
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def inspect(db: str, thread: str, json_out: bool) -> None:
    """Summary versions of THREAD in DB: span, trigger, what each added, superseded and dropped; failures."""
    with Memory.open(db) as mem:
        mem.store.thread_info(thread)  # ThreadNotFound before anything is created
        t = mem.thread(thread)
        versions, failures = t.compactions(), mem.store.events(thread, "compaction_failed")
        if json_out:
            _dump(
                {
                    "thread": thread,
                    "stats": t.stats(),
                    "versions": [v.model_dump() for v in versions],
                    "failures": [{"at": e.created_at, **e.data} for e in failures],
                }
            )
            return
        out.print(f"thread {thread}: {t.stats()}")
        out.print(_versions_table(versions))
        for v in versions:
            r = v.report
            if r.superseded or r.dropped or r.resolved:
                out.print(f"v{v.version}", style="bold")
                for label, items in (("superseded", r.superseded), ("resolved", r.resolved), ("dropped", r.dropped)):
                    for item in items:
                        out.print(f"  {label}: {item}", markup=False, highlight=False)
        for e in failures:
            out.print(f"failed compaction of messages {e.data.get('span')}: {e.data.get('error')}", markup=False)


@main.command("worker")
@click.option("--store", "store_url", required=True, envvar="CHATCOMPACT_STORE", help="Store URL (postgresql://...).")
@SUMMARIZER
@click.option("--embedder", default=None, help="local, none, openai:MODEL (default: CHATCOMPACT_EMBEDDER or local).")
@click.option("--budget", type=int, default=None, help="The apps' context budget (drives the triggers).")
@click.option("--kinds", default="compact,embed", show_default=True, help="Job kinds to take.")
@click.option("--lease", default=120.0, show_default=True, help="Seconds a claimed job stays this worker's.")
@click.option("--poll", default=0.5, show_default=True, help="Seconds between claims when the queue is empty.")
@click.option("--max-jobs", type=int, default=None, help="Exit after this many jobs.")
@click.option("--idle-exit", type=float, default=None, help="Exit after this many seconds without a job.")
def worker_cmd(
    store_url: str,
    summarizer: str | None,
    embedder: str | None,
    budget: int | None,
    kinds: str,
    lease: float,
    poll: float,
    max_jobs: int | None,
    idle_exit: float | None,
) -> None:
    """Take compaction and embedding jobs for any thread from the store's queue, until SIGTERM/SIGINT."""
    from .worker import Worker

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    policy = Policy(budget=budget) if budget else None
    with Memory.open(store_url, summarizer=summarizer, embedder=embedder, policy=policy, background="workers") as mem:
        w = Worker(mem, kinds=tuple(k.strip() for k in kinds.split(",") if k.strip()), lease_s=lease, poll_s=poll)
        done = w.run(stop, max_jobs=max_jobs, idle_exit=idle_exit)
    err.print(f"worker stopped after {done} jobs")


@main.command("migrate")
@click.argument("src")
@click.argument("dst")
def migrate_cmd(src: str, dst: str) -> None:
    """Copy every thread, message, summary version, event and vector from store SRC into the empty store DST
    (e.g. sqlite:///chat.db postgresql://user@host/db)."""
    from .migrate import copy_store
    from .stores import open_store

    with closing(open_store(src)) as source, closing(open_store(dst)) as target:
        report = copy_store(source, target, on_thread=lambda t: err.print(f"copied {t}", markup=False))
    out.print(
        f"migrated {report.threads} threads: {report.messages} messages, {report.versions} summary versions, "
        f"{report.events} events, {report.vectors} vectors"
    )


@main.command("recall")
@click.argument("db")
@click.argument("thread")
@click.argument("query")
@click.option("-k", default=5, show_default=True, help="How many messages.")
@click.option("--mode", type=click.Choice(["hybrid", "text", "vector"]), default="hybrid", show_default=True)
@click.option("--neighbors", default=0, show_default=True, help="Turns of context on each side.")
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def recall_cmd(db: str, thread: str, query: str, k: int, mode: str, neighbors: int, json_out: bool) -> None:
    """Find messages of THREAD in DB matching QUERY, verbatim, with ids and times."""
    with Memory.open(db) as mem:
        mem.store.thread_info(thread)
        hits = mem.thread(thread).recall(query, k, neighbors=neighbors, mode=mode)
        if json_out:
            _dump([h.as_dict() for h in hits])
            return
        for h in hits:
            d = h.as_dict()
            out.print(
                f"#{d['id']} {d['role']} {d['time']}  score {d['score']} ({', '.join(d['matched'])})", style="bold"
            )
            out.print(d["text"], markup=False, highlight=False)
