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
from .types import SummaryNode, SummaryVersion

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
    with Memory.open(db, policy=Policy(hierarchy=True), background=False) as mem:
        mem.store.thread_info(thread)  # ThreadNotFound before anything is created
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
    with Memory.open(db, policy=Policy(hierarchy=True), background=False) as mem:
        mem.store.thread_info(thread)
        t = mem.thread(thread)
        items = t.expand(node_id) if node_id else t.hierarchy()
        if json_out:
            _dump([_node_row(i) if isinstance(i, SummaryNode) else i.to_record() for i in items])
        elif items and isinstance(items[0], SummaryNode):
            out.print(_nodes_table(items))  # type: ignore[arg-type]
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
    ("removed", "- removed"),
)


def _print_diff(v: SummaryVersion) -> None:
    """One version's diff against its parent, one line per item."""
    r = v.report
    if v.trigger == "revert":
        head = f"v{v.version}: revert to v{v.meta.get('reverted_to')} (covers messages 1-{v.covered_until})"
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
    with Memory.open(db, background=False) as mem:
        mem.store.thread_info(thread)
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
@click.option("--budget", type=int, default=None, help="The apps' context budget (drives the triggers).")
@click.option("--kinds", default="compact,embed", show_default=True, help="Job kinds to take.")
@click.option("--lease", default=120.0, show_default=True, help="Seconds a claimed job stays this worker's.")
@click.option("--poll", default=0.5, show_default=True, help="Seconds between claims when the queue is empty.")
@click.option("--max-jobs", type=int, default=None, help="Exit after this many jobs.")
@click.option("--idle-exit", type=float, default=None, help="Exit after this many seconds without a job.")
@click.option("--hierarchy", is_flag=True, help="Also roll up hierarchy nodes (Policy(hierarchy=True)).")
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
) -> None:
    """Take compaction and embedding jobs for any thread from the store's queue, until SIGTERM/SIGINT."""
    from .worker import Worker

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    knobs = {k: v for k, v in (("budget", budget), ("hierarchy", hierarchy)) if v}
    policy = Policy(**knobs) if knobs else None
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
    from .evaluation import targets, write_report

    with Progress(console=err, transient=True, disable=json_out) as bar:

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


@main.group("eval")
def eval_group() -> None:
    """Measure what compaction keeps: tokens, identifiers, summary drift, LoCoMo QA, DialogSum ROUGE."""


@eval_group.command("locomo")
@_eval_options
@click.option("--data", default="../shared/data/locomo_dev.json", show_default=True, help="LoCoMo JSON file.")
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
    from .evaluation import Judge, load_locomo, run_locomo

    judged = Judge(judge) if judge else None  # a bad spec fails before the data is read
    knobs = (("recall_k", recall_k), ("recall_share", recall_share), ("recall_quotes", recall_quotes))
    overrides = {k: v for k, v in knobs if v is not None}
    policy = Policy(**overrides) if overrides else None
    dataset = load_locomo(data, audit=audit, limit=limit)
    config = _eval_config(**kw, judge=judged, policy=policy, identifiers=not no_identifiers)
    _eval_run(lambda c: run_locomo(dataset, c), config, kw["json_out"], out)


@eval_group.command("dialogsum")
@_eval_options
@click.option("--data", default="../shared/data/dialogsum.dev.jsonl", show_default=True, help="DialogSum JSONL.")
def eval_dialogsum(data: str, limit: int | None, out: str, **kw: Any) -> None:
    """ROUGE-1/2/L (F1) of the summarizer's rendered state against DialogSum's reference summaries."""
    from .evaluation import load_dialogsum, run_dialogsum

    dialogues = load_dialogsum(data, limit=limit)
    _eval_run(lambda c: run_dialogsum(dialogues, c), _eval_config(**kw), kw["json_out"], out)


@eval_group.command("transcript")
@click.argument("file")
@_eval_options
@click.option("--sample", default=None, help="LoCoMo sample id (e.g. conv-26); default: the first.")
def eval_transcript(file: str, sample: str | None, limit: int | None, out: str, **kw: Any) -> None:
    """Token curve, compactions, summarizer cost, summary drift and identifier survival of one transcript."""
    from .evaluation import run_transcript

    transcript = load_transcript(file, sample)
    _eval_run(lambda c: run_transcript(transcript, c), _eval_config(**kw), kw["json_out"], out)


@eval_group.command("agent")
@click.option("--data", default="../shared/data/agent_dev", show_default=True, help="Folder of *.traj.json files.")
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
    result = run_agent(load_trajectories(data, limit), AgentConfig(budgets=sizes, variants=variants))
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
