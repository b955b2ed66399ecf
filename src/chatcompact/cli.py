"""``chatcompact`` command line: parse arguments, call the library, print. No logic of its own.

Imports are lazy (inside the commands) so ``chatcompact --help`` starts in about the time Python does;
every user mistake (a ChatcompactError, a bad option, a missing file) is one ``error:`` line and exit code 2.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
import tempfile
import threading
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from .errors import ChatcompactError, StoreError, ThreadNotFound

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from .protocols import Summarizer
    from .runtime.memory import Memory
    from .transcripts import ReplayResult, Transcript
    from .types import SummaryNode, SummaryVersion


class _LazyConsole:
    """A rich Console made on first use (rich costs ~0.1 s to import; ``--help`` needs none)."""

    def __init__(self, stderr: bool) -> None:
        self._stderr = stderr
        self._console: Console | None = None

    def get(self) -> Console:
        """The Console itself (for rich objects that take one, e.g. Progress)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=self._stderr)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.get(), name)


out: Any = _LazyConsole(stderr=False)
err: Any = _LazyConsole(stderr=True)


def _dump(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False, default=str))


def _fail(message: str, code: int = 2) -> None:
    """The one place a CLI failure is printed: one plain line on stderr (no markup, no emoji, no wrapping, so
    ``pip install 'chatcompact[postgres]'`` and ``openai:m`` print as written), then exit ``code``."""
    click.secho("error:", fg="red", nl=False, err=True)
    click.echo(" " + " ".join(message.split()), err=True)
    sys.exit(code)


class _Group(click.Group):
    """Turns library errors, usage mistakes and missing files into one red line and exit code 2, never a
    traceback (a bug still shows one: those are ours to fix)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rc = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.UsageError as exc:
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            _fail(f"{exc.format_message()}{hint}", exc.exit_code)
        except click.ClickException as exc:
            _fail(exc.format_message(), exc.exit_code)
        except click.Abort:
            _fail("aborted", 1)
        except ChatcompactError as exc:
            _fail(str(exc))
        except OSError as exc:  # a file that cannot be read or written: the user's to fix
            _fail(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        sys.exit(rc if isinstance(rc, int) else 0)


@click.group(cls=_Group, name="chatcompact")
@click.version_option(package_name="chatcompact")
def main() -> None:
    """Keep LLM conversations inside a fixed token budget, forever."""


# a path, or a sqlite:/// URL with a path: the stores that are files on this machine
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def _store_file(url: str) -> str | None:
    """The file a store URL names, or None when it is not a file (memory, Postgres, SQLite in memory)."""
    url = url.strip()
    m = _SCHEME.match(url)
    if m is None:
        return None if url == ":memory:" else os.path.expanduser(url)
    rest = url[m.end() :]
    if m.group(1).lower().split("+", 1)[0] != "sqlite" or rest in ("", "/:memory:") or not rest.startswith("/"):
        return None
    return rest[1:]


def _existing(url: str) -> str:
    """``url`` if its store exists; StoreError naming the file otherwise (so reading never creates one)."""
    path = _store_file(url)
    if path is not None and not Path(path).is_file():
        raise StoreError(f"no store at {path}: the file does not exist (give the path of an existing store)")
    return url


def _open_existing(db: str, thread: str, **kw: Any) -> Memory:
    """Open an existing store whose THREAD exists; a missing one lists the threads there are."""
    from . import Memory

    mem = Memory.open(_existing(db), summarizer="extractive", **kw)  # reading and reverting never summarize
    try:
        mem.store.thread_info(thread)
    except ThreadNotFound:
        names = sorted(t.id for t in mem.threads())
        mem.close()
        there = f"threads there: {', '.join(names[:20])}{' ...' if len(names) > 20 else ''}" if names else "it is empty"
        raise ThreadNotFound(f"no thread {thread!r} in {db}; {there}") from None
    return mem


def _summarizer(spec: str | None) -> Summarizer:
    """The summarizer a spec names, checked now (key present, local server answering), not at the first
    compaction: a demo with a summarizer that cannot work must fail, not report 0 compactions."""
    from .config import Settings
    from .runtime.registry import resolve_summarizer

    built = resolve_summarizer(spec, Settings.from_env())
    preflight = getattr(built, "preflight", None)
    if callable(preflight):
        preflight()
    return built


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
    from rich.table import Table

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
    from rich.progress import Progress

    from . import Memory, Policy
    from .transcripts import replay

    summ = _summarizer(summarizer)  # before any file is made
    path = db or str(Path(tempfile.mkdtemp(prefix="chatcompact-")) / "replay.db")
    mem = Memory.open(path, policy=Policy(budget=budget, topic_shift=topic), summarizer=summ)
    with Progress(console=err.get(), transient=True, disable=json_out) as bar:
        task = bar.add_task(transcript.title[:50], total=len(transcript.messages))
        result = replay(mem, "replay", transcript, budget, on_message=lambda i: bar.update(task, completed=i + 1))
    return result, mem


def _report(result: ReplayResult, mem: Memory, show_summary: bool) -> None:
    if not result.points:
        raise ChatcompactError("the transcript holds no messages to replay")
    from .core.assemble import summary_text
    from .transcripts import sparkline

    d = result.as_dict()
    out.print(f"requests: {d['requests']}   budget: {d['budget']}   largest request: {d['max_request_tokens']} tokens")
    out.print(f"full history  {sparkline([p.full for p in result.points])}  up to {result.points[-1].full} tokens")
    top = max(p.full for p in result.points)  # one scale for both lines, whatever the number of points
    line = sparkline([p.compacted for p in result.points], top=top)
    out.print(f"chatcompact   {line}  at most {d['max_request_tokens']} tokens")
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
    from .transcripts import demo_transcript

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
    from .transcripts import load_transcript

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
    from . import compact, compaction_ratio
    from .config import check_budget

    budget = None if budget is None else check_budget(budget, "--budget")
    try:
        data = json.load(file)
    except json.JSONDecodeError as exc:
        raise ChatcompactError(f"input is not JSON: line {exc.lineno}: {exc.msg}") from exc
    except UnicodeDecodeError as exc:
        raise ChatcompactError(f"input is not UTF-8 text (byte {exc.start})") from exc
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
    from . import Policy

    with _open_existing(db, thread, policy=Policy(hierarchy=True), background=False) as mem:
        t = mem.thread(thread)
        versions, failures = t.compactions(), mem.store.events(thread, "compaction_failed")
        nodes = [n for n in t.hierarchy() if n.id != "root"]
        if json_out:
            _dump(
                {
                    "thread": thread,
                    "stats": t.stats(),
                    "versions": [v.model_dump() for v in versions],
                    "failures": [{"at": e.created_at, **e.data} for e in failures],
                    "hierarchy": [_node_row(n) for n in nodes],
                }
            )
            return
        out.print(f"thread {thread}: {t.stats()}")
        out.print(_versions_table(versions))
        for v in versions:
            _print_diff(v)
        for e in failures:
            out.print(f"failed compaction of messages {e.data.get('span')}: {e.data.get('error')}", markup=False)
        if nodes:
            out.print(_nodes_table(t.hierarchy()))


def _node_row(n: SummaryNode) -> dict[str, Any]:
    return {
        "id": n.id,
        "level": n.level,
        "messages": [n.seq_from, n.seq_until],
        "tokens": n.tokens,
        "children": len(n.children),
    }


def _nodes_table(nodes: list[SummaryNode]) -> Table:
    from rich.table import Table

    table = Table("node", "level", "messages", "tokens", "children", title="summary hierarchy (root = running summary)")
    for n in sorted(nodes, key=lambda n: (-n.level, n.seq_from)):
        table.add_row(n.id, str(n.level), f"{n.seq_from}-{n.seq_until}", str(n.tokens), str(len(n.children)))
    return table


@main.command("hierarchy")
@click.argument("db")
@click.argument("thread")
@click.option("--expand", "node_id", default=None, help="Show this node's children (or, at level 0, its messages).")
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def hierarchy_cmd(db: str, thread: str, node_id: str | None, json_out: bool) -> None:
    """THREAD's summary tree: every node with its level, message range and size; --expand NODE to descend."""
    from . import Policy
    from .core.assemble import summary_text
    from .types import SummaryNode

    with _open_existing(db, thread, policy=Policy(hierarchy=True), background=False) as mem:
        t = mem.thread(thread)
        items = t.expand(node_id) if node_id else t.hierarchy()
        if json_out:
            _dump([_node_row(i) if isinstance(i, SummaryNode) else i.to_record() for i in items])
        elif items and isinstance(items[0], SummaryNode):
            out.print(_nodes_table(items))
            if node_id:
                for n in items:
                    out.print(summary_text(n.state, n.seq_until), markup=False, highlight=False)
        else:
            for m in items:
                out.print(f"#{m.seq} {m.role}: {m.text}", markup=False, highlight=False)  # type: ignore[union-attr]


_DIFF_LABELS = (
    ("added", "+"),
    ("pinned", "+ pinned"),
    ("superseded", "~ superseded"),
    ("resolved", "✓ resolved"),
    ("dropped", "- dropped (cap)"),
    ("not_kept", "· proposed, not kept (cap)"),
    ("removed", "- removed"),
)


def _print_diff(v: SummaryVersion) -> None:
    """One version's diff against its parent, one line per item."""
    r = v.report
    if v.trigger == "revert":
        head = f"v{v.version}: revert to v{v.meta.get('reverted_to')} (covers messages 1-{v.covered_until})"
    elif v.trigger == "forget":
        gone = v.meta.get("forgotten", 0)
        n = len(gone) if isinstance(gone, list) else gone
        head = f"v{v.version}: forget of {n} message(s), summary rebuilt from v{v.meta.get('rebuilt_from')}"
    else:
        head = f"v{v.version}: folded messages {v.covered_from}-{v.covered_until} ({v.trigger})"
    out.print(head + (", narrative rewritten" if r.narrative_changed else ""), style="bold", markup=False)
    for field, label in _DIFF_LABELS:
        for item in getattr(r, field):
            out.print(f"  {label} {item}", markup=False, highlight=False)


@main.command("revert")
@click.argument("db")
@click.argument("thread")
@click.argument("version", type=int)
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def revert_cmd(db: str, thread: str, version: int, json_out: bool) -> None:
    """Return THREAD's summary to VERSION (0: none) by committing a new version; the log is untouched."""
    with _open_existing(db, thread, background=False) as mem:
        t = mem.thread(thread)
        new = t.revert(version)
        if json_out:
            _dump({"thread": thread, "version": new.model_dump() if new else None, "stats": t.stats()})
            return
        if new is None or new.trigger != "revert":
            out.print(f"thread {thread} is already at version {version}; nothing changed")
            return
        _print_diff(new)
        out.print(f"messages after #{new.covered_until} are back in the recent window and will be compacted again")


@main.command("worker")
@click.option("--store", "store_url", required=True, envvar="CHATCOMPACT_STORE", help="Store URL (postgresql://...).")
@SUMMARIZER
@click.option("--embedder", default=None, help="local, none, openai:MODEL (default: CHATCOMPACT_EMBEDDER or local).")
@click.option(
    "--budget",
    type=int,
    default=None,
    help="Trigger budget of threads that store none (a thread's own, mem.thread(id, budget=N), always wins).",
)
@click.option("--kinds", default="compact,embed", show_default=True, help="Job kinds to take.")
@click.option("--lease", default=120.0, show_default=True, help="Seconds a claimed job stays this worker's.")
@click.option("--poll", default=0.5, show_default=True, help="Seconds between claims when the queue is empty.")
@click.option("--max-jobs", type=int, default=None, help="Exit after this many jobs.")
@click.option("--idle-exit", type=float, default=None, help="Exit after this many seconds without a job.")
@click.option("--hierarchy", is_flag=True, help="Also roll up hierarchy nodes (Policy(hierarchy=True)).")
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error"], case_sensitive=False),
    default="info",
    show_default=True,
    help="What the worker prints on stderr: info reports each job it runs, debug also the stores' and models' steps.",
)
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
    hierarchy: bool,
    log_level: str,
) -> None:
    """Take compaction and embedding jobs for any thread from the store's queue, until SIGTERM/SIGINT."""
    from . import Memory, Policy
    from .config import check_budget
    from .logs import configure_logging
    from .runtime.worker import Worker

    budget = None if budget is None else check_budget(budget, "--budget")  # 0 must not mean "the default"
    configure_logging(log_level)  # reports each job (see _report_jobs) and what the stores and models do

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    knobs: dict[str, Any] = {k: v for k, v in (("budget", budget), ("hierarchy", hierarchy)) if v}
    policy = Policy(**knobs) if knobs else None
    summ = _summarizer(summarizer)
    with Memory.open(store_url, summarizer=summ, embedder=embedder, policy=policy, background="workers") as mem:
        _report_jobs(mem)
        w = Worker(mem, kinds=tuple(k.strip() for k in kinds.split(",") if k.strip()), lease_s=lease, poll_s=poll)
        done = w.run(stop, max_jobs=max_jobs, idle_exit=idle_exit)
    err.print(f"worker stopped after {done} jobs")


def _report_jobs(mem: Memory) -> None:
    """Log every job this worker runs (kind, thread, seconds, whether the thread needs another) at info."""
    import time

    from .logs import get_logger

    log, run_job = get_logger("worker"), mem.run_job

    def reported(kind: str, thread_id: str) -> bool:
        t0 = time.perf_counter()
        log.info("%s job for thread %s started", kind, thread_id)
        again = run_job(kind, thread_id)
        log.info(
            "%s job for thread %s done in %.2fs%s",
            kind,
            thread_id,
            time.perf_counter() - t0,
            ", more to do" if again else "",
        )
        return again

    mem.run_job = reported  # type: ignore[method-assign]


@main.command("migrate")
@click.argument("src")
@click.argument("dst")
def migrate_cmd(src: str, dst: str) -> None:
    """Copy every thread, message, summary version, event and vector from store SRC into the empty store DST
    (e.g. sqlite:///chat.db postgresql://user@host/db)."""
    from .runtime.migrate import copy_store
    from .stores import open_store

    with closing(open_store(_existing(src))) as source, closing(open_store(dst)) as target:
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
    with _open_existing(db, thread) as mem:
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


# ---------------------------------------------------------------- eval


def _eval_options(f: Any) -> Any:
    for option in reversed(
        [
            click.option("--budget", default=2000, show_default=True, help="Context budget in tokens."),
            SUMMARIZER,
            click.option(
                "--embedder", default=None, help="Recall embedder: local (default if installed), none, openai:MODEL."
            ),
            click.option("--limit", type=int, default=None, help="Only the first N conversations/dialogues."),
            click.option(
                "--out", default="eval-report", show_default=True, help="Folder for the JSON and HTML report."
            ),
            click.option("--json", "json_out", is_flag=True, help="Print the headline figures as JSON."),
        ]
    ):
        f = option(f)
    return f


def _eval_config(budget: int, summarizer: str | None, embedder: str | None, json_out: bool, **kw: Any) -> Any:
    from .evaluation import EvalConfig

    return EvalConfig(budget=budget, summarizer=summarizer, embedder=embedder, **kw)


def _eval_run(run: Any, config: Any, json_out: bool, out_dir: str) -> None:
    from rich.progress import Progress
    from rich.table import Table

    from .evaluation import targets, write_report

    with Progress(console=err.get(), transient=True, disable=json_out) as bar:

        def progress(label: str, total: int) -> Any:
            task = bar.add_task(label[:40], total=total)
            return lambda: bar.advance(task)

        config.progress = progress
        try:
            result = run(config)
        finally:
            config.close()
    jpath, hpath = write_report(result, out_dir)
    checks = targets(result) if result["kind"] != "dialogsum" else []
    head = {k: result[k] for k in ("totals", "questions", "tokens", "rouge", "drift") if k in result}
    if json_out:
        _dump({"json": str(jpath), "html": str(hpath), "config": result["config"], "targets": checks, **head})
        return
    if checks:
        table = Table("measure", "target", "value", "")
        for c in checks:
            table.add_row(c["name"], c["target"], str(c["value"]), {True: "met", False: "MISSED", None: ""}[c["met"]])
        out.print(table)
    if "rouge" in result:
        out.print(f"ROUGE F1 over {result['dialogues']} dialogues: {result['rouge']}")
    out.print(f"report: {hpath}\ndata:   {jpath}")


# Where each public evaluation set comes from (the repository holds none of them).
DATASETS = {
    "locomo": "LoCoMo JSON (data/locomo10.json of github.com/snap-research/LoCoMo, CC BY-NC 4.0)",
    "dialogsum": "DialogSum JSONL (DialogSum_Data/dialogsum.dev.jsonl of github.com/cylnlp/dialogsum, CC BY-NC-SA 4.0)",
    "agent": "folder of mini-swe-agent *.traj.json trajectories (SWE-bench runs, github.com/SWE-agent/mini-swe-agent)",
}


def _dataset(path: str, kind: str, folder: bool = False) -> str:
    """``path`` if the dataset is there; else one line naming what is missing and where it comes from."""
    there = os.path.isdir(path) if folder else os.path.isfile(path)
    if not there:
        _fail(f"cannot read {path}: no {DATASETS[kind]} there; pass --data PATH")
    return path


@main.group("eval")
def eval_group() -> None:
    """Measure what compaction keeps: tokens, identifiers, summary drift, LoCoMo QA, DialogSum ROUGE."""


@eval_group.command("locomo")
@_eval_options
@click.option(
    "--data",
    default="../shared/data/locomo_dev.json",
    show_default=True,
    help="LoCoMo JSON file: " + DATASETS["locomo"],
)
@click.option("--audit", default=None, help="Audit file whose answer/evidence corrections to apply.")
@click.option("--judge", default=None, help="LLM judge for J: openai:MODEL or openai:MODEL@BASE_URL.")
@click.option("--recall-k", type=int, default=None, help="Policy.recall_k: turns quoted into context(query).")
@click.option("--recall-share", type=float, default=None, help="Policy.recall_share: budget share for quotes.")
@click.option(
    "--recall-quotes", type=click.Choice(["query", "detail", "off"]), default=None, help="Policy.recall_quotes."
)
@click.option("--no-identifiers", is_flag=True, help="Skip identifier survival (one context() per identifier).")
def eval_locomo(
    data: str,
    audit: str | None,
    judge: str | None,
    recall_k: int | None,
    recall_share: float | None,
    recall_quotes: str | None,
    no_identifiers: bool,
    limit: int | None,
    out: str,
    **kw: Any,
) -> None:
    """Replay LoCoMo conversations; evidence recall@k, answer containment vs the transcript, J with --judge."""
    from . import Policy
    from .evaluation import Judge, load_locomo, run_locomo

    judged = Judge(judge) if judge else None  # a bad spec fails before the data is read
    knobs = (("recall_k", recall_k), ("recall_share", recall_share), ("recall_quotes", recall_quotes))
    overrides: dict[str, Any] = {k: v for k, v in knobs if v is not None}
    policy = Policy(**overrides) if overrides else None
    dataset = load_locomo(_dataset(data, "locomo"), audit=audit, limit=limit)
    config = _eval_config(**kw, judge=judged, policy=policy, identifiers=not no_identifiers)
    _eval_run(lambda c: run_locomo(dataset, c), config, kw["json_out"], out)


@eval_group.command("dialogsum")
@_eval_options
@click.option(
    "--data",
    default="../shared/data/dialogsum.dev.jsonl",
    show_default=True,
    help="DialogSum: " + DATASETS["dialogsum"],
)
def eval_dialogsum(data: str, limit: int | None, out: str, **kw: Any) -> None:
    """ROUGE-1/2/L (F1) of the summarizer's rendered state against DialogSum's reference summaries."""
    from .evaluation import load_dialogsum, run_dialogsum

    dialogues = load_dialogsum(_dataset(data, "dialogsum"), limit=limit)
    _eval_run(lambda c: run_dialogsum(dialogues, c), _eval_config(**kw), kw["json_out"], out)


@eval_group.command("transcript")
@click.argument("file")
@_eval_options
@click.option("--sample", default=None, help="LoCoMo sample id (e.g. conv-26); default: the first.")
def eval_transcript(file: str, sample: str | None, limit: int | None, out: str, **kw: Any) -> None:
    """Token curve, compactions, summarizer cost, summary drift and identifier survival of one transcript."""
    from .evaluation import run_transcript
    from .transcripts import load_transcript

    transcript = load_transcript(file, sample)
    _eval_run(lambda c: run_transcript(transcript, c), _eval_config(**kw), kw["json_out"], out)


# ---------------------------------------------------------------- the service (chatcompact[server])
def _server() -> Any:
    """The server package, or a clear install hint (its dependencies are an extra)."""
    try:
        from . import server
    except ImportError as exc:
        from .errors import MissingDependency

        raise MissingDependency(getattr(exc, "name", None) or "starlette", "server") from None
    return server


@main.command("serve")
@click.option("--store", default=None, envvar="CHATCOMPACT_STORE", help="Store URL (default ./.chatcompact/memory.db).")
@click.option("--upstream", default=None, envvar="CHATCOMPACT_UPSTREAM", help="OpenAI-compatible base URL (.../v1).")
@click.option("--upstream-key", default=None, envvar="CHATCOMPACT_UPSTREAM_KEY", help="Key sent to the upstream.")
@click.option("--anthropic-upstream", default=None, help="Anthropic-compatible base URL for /v1/messages.")
@click.option("--anthropic-key", default=None, envvar="CHATCOMPACT_ANTHROPIC_KEY", help="Key for that upstream.")
@click.option("--budget", type=click.IntRange(min=64), default=8000, show_default=True, help="Context budget (tokens).")
@SUMMARIZER
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True, help="Server processes.")
@click.option("--keys", "keys_path", default=".chatcompact/keys.json", show_default=True, help="API key file.")
@click.option("--no-auth", is_flag=True, help="No API keys, one tenant (loopback hosts only).")
@click.option("--rate", type=click.IntRange(min=0), default=600, show_default=True, help="Requests/minute per key.")
@click.option("--max-body", type=click.IntRange(min=1), default=4 * 1024 * 1024, show_default=True, help="Bytes.")
@click.option(
    "--max-message-chars",
    type=click.IntRange(min=1),
    default=None,
    help="Largest message stored, in characters (default: Policy.max_message_chars; tool outputs may be larger).",
)
@click.option("--header-timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True, help="Seconds.")
@click.option("--body-timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True, help="Seconds.")
@click.option("--upstream-timeout", type=click.FloatRange(min=0.1), default=600.0, show_default=True, help="Seconds.")
@click.option("--access-log/--no-access-log", default=True, show_default=True, help="One log line per request.")
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error"], case_sensitive=False),
    default="info",
    show_default=True,
)
@click.option("--mcp-stdio", is_flag=True, help="Serve MCP on stdin/stdout instead of HTTP.")
@click.option("--tenant", default="local", show_default=True, help="Tenant of the --mcp-stdio session.")
def serve_cmd(
    summarizer: str | None,
    host: str,
    port: int,
    no_auth: bool,
    rate: int,
    access_log: bool,
    log_level: str,
    mcp_stdio: bool,
    tenant: str,
    **kw: Any,
) -> None:
    """Memory proxy (OpenAI/Anthropic-compatible), REST, MCP and dashboard; see docs/server.md."""
    server = _server()
    config = server.ServerConfig(summarizer=summarizer, auth=not no_auth, rate_per_minute=rate, **kw).check()
    if mcp_stdio:
        from .server.mcp_tools import run_stdio
        from .server.service import Service

        run_stdio(Service(config), tenant)
        return
    server.serve(config, host, port, log_level.lower(), access_log)


@main.group("keys")
def keys_group() -> None:
    """API keys of ``chatcompact serve`` (stored hashed; a key is shown once, at creation)."""


_KEYS_OPT = click.option("--keys", "keys_path", default=".chatcompact/keys.json", show_default=True, help="Key file.")


@keys_group.command("create")
@click.argument("tenant")
@click.option("--name", default="", help="A label for the key.")
@click.option("--rate", type=int, default=None, help="Requests per minute (default: the server's --rate).")
@_KEYS_OPT
def keys_create(tenant: str, name: str, rate: int | None, keys_path: str) -> None:
    """Create a key for TENANT and print it (the only time it is shown)."""
    from .server.keys import KeyFile

    key, record = KeyFile(keys_path).create(tenant, name, rate)
    click.echo(key)
    err.print(f"key {record.id} for tenant {tenant!r}: store it now, it is not shown again")


@keys_group.command("list")
@_KEYS_OPT
@click.option("--json", "json_out", is_flag=True, help="Machine-readable output.")
def keys_list(keys_path: str, json_out: bool) -> None:
    """Every key: id, tenant, name, created, revoked (never the secret)."""
    from dataclasses import asdict

    from rich.table import Table

    from .server.keys import KeyFile

    rows = [{k: v for k, v in asdict(r).items() if k != "sha256"} for r in KeyFile(keys_path).list()]
    if json_out:
        _dump(rows)
        return
    table = Table("id", "tenant", "name", "revoked", "rate/min")
    for r in rows:
        table.add_row(r["id"], r["tenant"], r["name"], "yes" if r["revoked"] else "", str(r["rate_per_minute"] or ""))
    out.print(table)


@keys_group.command("revoke")
@click.argument("key_id")
@_KEYS_OPT
def keys_revoke(key_id: str, keys_path: str) -> None:
    """Revoke the key KEY_ID (its requests get 401 from then on)."""
    from .server.keys import KeyFile

    if not KeyFile(keys_path).revoke(key_id):
        raise click.ClickException(f"no key {key_id!r}")
    click.echo(f"revoked {key_id}")


@eval_group.command("agent")
@click.option("--data", default="../shared/data/agent_dev", show_default=True, help="A " + DATASETS["agent"])
@click.option("--limit", type=int, default=None, help="Only the first N trajectories.")
@click.option("--budgets", default="8000,4000", show_default=True, help="Comma-separated context budgets.")
@click.option("--stages", is_flag=True, help="Also replay digests only (stage1) and summarization only (stage2).")
@click.option("--json", "json_out", is_flag=True, help="Print the figures as JSON.")
def eval_agent(data: str, limit: int | None, budgets: str, stages: bool, json_out: bool) -> None:
    """Replay agent trajectories: next-step support, tokens, raising steps and prefix-cache share vs truncation."""
    from .evaluation.agent import AgentConfig, load_trajectories, run_agent

    try:
        sizes = tuple(int(b) for b in budgets.split(","))
    except ValueError:
        raise click.BadParameter(f"expected integers, got {budgets!r}", param_hint="--budgets") from None
    variants = ("chatcompact", "stage1", "stage2") if stages else ("chatcompact",)
    result = run_agent(
        load_trajectories(_dataset(data, "agent", True), limit), AgentConfig(budgets=sizes, variants=variants)
    )
    if json_out:
        _dump(result)
        return
    for budget, rows in result["budgets"].items():
        table = Table("request", "support", "tokens", "largest", "raised", "prefix", title=f"budget {budget}")
        for name, r in rows.items():
            table.add_row(
                name,
                f"{r['support']:.1%}",
                f"{r['tokens_share']:.1%}",
                str(r["largest_request"]),
                str(r["raised"]),
                f"{r['prefix_share']:.1%}",
            )
        out.print(table)


@eval_group.command("languages")
@click.option("--budget", type=int, default=1200, show_default=True, help="Context budget in tokens.")
@click.option("--embedder", default="local", show_default=True, help="Embedder spec: local (MiniLM), e5, none.")
@click.option("--lang", "codes", default="", help="Comma-separated language codes (default: all of the dev set).")
def eval_languages(budget: int, embedder: str, codes: str) -> None:
    """Each language of the bundled dev set beside English: summary, topics, recall@3, containment."""
    from .evaluation.languages import run_languages, table

    chosen = [c.strip() for c in codes.split(",") if c.strip()] or None
    click.echo(table(run_languages(chosen, budget, embedder=embedder)))
