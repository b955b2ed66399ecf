"""Running the evaluations: replay through real threads, then measure with :mod:`.metrics`.

Everything goes through the public Thread API (``add``, ``context``, ``recall``, ``compactions``,
``history``) and ``compaction_ratio``, so the figures describe what a user gets. Results are plain
JSON-ready dicts; :mod:`.report` turns them into HTML.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..config import Policy, Settings
from ..core.assemble import summary_text
from ..core.merge import apply_delta
from ..core.preserve import DEFAULT_RULES, find_pinned
from ..errors import ChatcompactError, SummarizerError
from ..protocols import Embedder, Summarizer, SummaryRequest
from ..runtime.memory import Memory, Thread
from ..runtime.oneshot import compaction_ratio
from ..runtime.registry import resolve_embedder, resolve_summarizer
from ..transcripts import Transcript, replay
from ..types import SummaryState, SummaryVersion, parse_message
from . import metrics
from .datasets import CATEGORIES, Dialogue, Locomo, LocomoConversation, dialogue_messages
from .judge import Judge

__all__ = ["EvalConfig", "Progress", "run_dialogsum", "run_locomo", "run_transcript", "state_text"]

KS = (1, 5, 10, 25, 50)
IDENTIFIER_QUERY = "What do you know about {}?"

# progress(label, total) -> advance(): the CLI passes rich progress bars, the library a no-op.
Progress = Callable[[str, int], Callable[[], None]]


def _no_progress(label: str, total: int) -> Callable[[], None]:
    return lambda: None


@dataclass
class EvalConfig:
    """What to evaluate with. Specs are resolved once, so one model server serves every conversation."""

    budget: int = 2000
    summarizer: str | Summarizer | None = None  # a spec ("extractive", "local:smollm2", ...) or an object
    embedder: str | Embedder | None = None  # None: the settings' default ("local" if installed)
    judge: Judge | None = None
    policy: Policy | None = None  # compaction/assembly settings; its budget is replaced by ``budget``
    identifiers: bool = True  # measure identifier survival (one context() per identifier)
    workdir: str | None = None  # where the SQLite files go (default: a temporary folder)
    progress: Progress = field(default=_no_progress)

    def __post_init__(self) -> None:
        if self.budget < 64:
            raise ChatcompactError(f"budget must be >= 64 tokens, got {self.budget}")
        settings = Settings.from_env()
        self._summarizer = resolve_summarizer(self.summarizer, settings)
        self._embedder = resolve_embedder(self.embedder, settings)
        self._policy = replace(self.policy or Policy(), budget=self.budget)
        # without a workdir the SQLite files live in a folder removed when this config is garbage collected
        self._tmp = None if self.workdir else tempfile.TemporaryDirectory(prefix="chatcompact-eval-")
        self._dir = Path(self.workdir or self._tmp.name)  # type: ignore[union-attr]  # _tmp is set without workdir
        self._dir.mkdir(parents=True, exist_ok=True)

    def describe(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "summarizer": self._summarizer.name,
            "embedder": self._embedder.name if self._embedder is not None else None,
            "judge": self.judge.spec if self.judge else None,
        }

    def close(self) -> None:
        """Remove the temporary folder of SQLite files (if this config made one) and close the judge's client."""
        if self._tmp is not None:
            self._tmp.cleanup()
        if self.judge is not None:
            self.judge.close()

    def memory(self, name: str) -> Memory:
        """A fresh SQLite memory for one transcript; compaction inline, so every figure is reproducible."""
        path = self._dir / f"{name}.db"
        path.unlink(missing_ok=True)
        return Memory.open(
            path,
            summarizer=self._summarizer,
            embedder=self._embedder,
            policy=self._policy,
            background=False,
        )


def context_text(messages: Iterable[dict[str, Any]]) -> str:
    """The text of an OpenAI-format message list (what a model would read)."""
    return "\n".join(str(m.get("content") or "") for m in messages)


def state_text(state: SummaryState) -> str:
    """A summary state as plain prose for ROUGE: the narrative, then each item, without headings or pinned spans."""
    items = [
        i.text for s in ("decisions", "user_facts", "todos", "open_questions", "topics") for i in getattr(state, s)
    ]
    return "\n".join(x for x in [state.narrative, *items] if x)


# ------------------------------------------------------------------ one transcript


def _compaction_rows(thread: Thread, versions: Sequence[SummaryVersion], tok: Any) -> list[dict[str, Any]]:
    history = thread.history()
    rows = []
    for v in versions:
        text = summary_text(v.state, v.covered_until)
        ratio = compaction_ratio(history[: v.covered_until], [{"role": "system", "content": text}], tokenizer=tok)
        usage = v.meta.get("usage") or {}
        rows.append(
            {
                "version": v.version,
                "covered": [v.covered_from, v.covered_until],
                "trigger": v.trigger,
                "messages_folded": v.meta.get("messages", 0),
                "tokens_folded": v.meta.get("tokens_folded", 0),
                "summary_tokens": ratio.tokens_after,
                "history_tokens": ratio.tokens_before,
                "ratio": round(ratio.ratio, 2),
                "summarizer_input_tokens": usage.get("input_tokens", 0),
                "summarizer_output_tokens": usage.get("output_tokens", 0),
            }
        )
    return rows


def identifier_survival(
    thread: Thread, budget: int, texts: Sequence[str], advance: Callable[[], None]
) -> dict[str, Any]:
    """Of the identifiers mentioned anywhere, the share present in the final ``context(budget)`` text
    (``in_context``) and the share present in ``context(budget, query="What do you know about X?")``
    (``reachable``: what an app that asks about X gets)."""
    idents = metrics.mentioned_identifiers(texts)
    final = context_text(thread.context(budget))
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    missing = []
    for kind, value in idents:
        c = kinds[kind]
        c["mentioned"] += 1
        c["in_context"] += metrics.identifier_present(value, final)
        found = metrics.identifier_present(
            value, context_text(thread.context(budget, query=IDENTIFIER_QUERY.format(value)))
        )
        c["reachable"] += found
        if not found:
            missing.append(f"{kind}:{value}")
        advance()
    return _survival_summary(kinds, missing)


def _survival_summary(kinds: dict[str, Counter[str]], missing: list[str]) -> dict[str, Any]:
    total: Counter[str] = Counter()
    for c in kinds.values():
        total.update(c)
    n = total["mentioned"] or 1
    return {
        "query_template": IDENTIFIER_QUERY,
        "mentioned": total["mentioned"],
        "in_context": total["in_context"],
        "reachable": total["reachable"],
        "in_context_share": round(total["in_context"] / n, 4),
        "reachable_share": round(total["reachable"] / n, 4),
        "by_kind": {k: dict(c) for k, c in sorted(kinds.items())},
        "missing": missing[:50],
        "missing_count": len(missing),
    }


def _replay(config: EvalConfig, mem: Memory, transcript: Transcript, label: str) -> dict[str, Any]:
    """Stream the transcript through a thread and measure tokens, compactions, drift and identifiers."""
    advance = config.progress(f"{label}: replay", len(transcript.messages))
    t0 = time.perf_counter()
    result = replay(mem, "eval", transcript, config.budget, on_message=lambda i: advance())
    seconds = time.perf_counter() - t0
    thread = mem.thread("eval")
    tok = mem.tokenizer
    rows = _compaction_rows(thread, result.compactions, tok)
    calls = len(rows) + len(thread.failures)
    s_in = sum(r["summarizer_input_tokens"] for r in rows)
    s_out = sum(r["summarizer_output_tokens"] for r in rows)
    history = thread.history()
    final = compaction_ratio(history, thread.context(config.budget), tokenizer=tok)
    out: dict[str, Any] = {
        "title": transcript.title,
        "messages": len(transcript.messages),
        "replay_seconds": round(seconds, 2),
        "tokens": {
            **result.as_dict(),
            "all_within_budget": result.max_request <= config.budget,
            "final_context": final.as_dict(),
            "billed": result.total_compacted + s_in + s_out,
            "billed_share_of_full_history": round(
                (result.total_compacted + s_in + s_out) / (result.total_full or 1), 4
            ),
        },
        "curve": [[p.seq, p.compacted, p.full] for p in result.points],
        "compactions": rows,
        "summarizer": {"calls": calls, "failures": len(thread.failures), "input_tokens": s_in, "output_tokens": s_out},
        "drift": metrics.summary_drift([r["summary_tokens"] for r in rows]).as_dict(),
    }
    if config.identifiers:
        texts = [m.searchable_text for m in history]
        n = len(metrics.mentioned_identifiers(texts))
        out["identifiers"] = identifier_survival(
            thread, config.budget, texts, config.progress(f"{label}: identifiers", n)
        )
    return out


def run_transcript(transcript: Transcript, config: EvalConfig) -> dict[str, Any]:
    """Evaluate one transcript: token curve, compactions, summarizer cost, drift, identifier survival."""
    with config.memory("transcript") as mem:
        return {"kind": "transcript", "config": config.describe(), **_replay(config, mem, transcript, "transcript")}


# ------------------------------------------------------------------ LoCoMo


def _question_record(
    thread: Thread, conv: LocomoConversation, q: Any, full: str, plain: str, config: EvalConfig
) -> dict[str, Any]:
    ids = conv.dia_ids
    hits = thread.recall(q.question, k=max(KS))
    retrieved = [ids[h.seq - 1] for h in hits if 0 < h.seq <= len(ids)]
    known = set(ids)
    assembled = thread.assemble(config.budget, query=q.question)
    text = context_text(m.to_openai() for m in assembled.messages)
    norm = metrics.normalise(text)
    rec: dict[str, Any] = {
        "qid": q.qid,
        "category": q.category,
        "question": q.question,
        "answer": q.answer,
        "evidence": list(q.evidence),
        "evidence_in_conversation": sum(e in known for e in q.evidence),
        "corrected": q.corrected,
        "retrieved": retrieved[:10],
        "hits": metrics.recall_at_k(q.evidence, retrieved, KS),
        "in_transcript": metrics.contains_answer(q.answer, full, normalised=True),
        "in_context": metrics.contains_answer(q.answer, norm, normalised=True),
        "token_recall": round(metrics.token_recall(q.answer, norm, normalised=True), 3),
        "context_tokens": assembled.tokens,
        # the query changed the context: recall quoted archive turns into it
        "recalled": text != plain,
    }
    if config.judge is not None:
        j = config.judge.judge(q.question, q.answer, text)
        rec["judge"] = {
            "answer": j.answer,
            "label": j.label,
            "answer_prompt_tokens": j.answer_prompt_tokens,
            "answer_completion_tokens": j.answer_completion_tokens,
            "judge_tokens": j.judge_tokens,
        }
    return rec


def _share(num: float, den: float) -> float:
    return round(num / den, 4) if den else 0.0


def aggregate_questions(records: Sequence[dict[str, Any]], ks: Sequence[int] = KS) -> dict[str, Any]:
    """Per category name and ``overall``: containment vs the transcript ceiling, evidence recall@k, J."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[CATEGORIES[r["category"]]].append(r)
        groups["overall"].append(r)
    out = {}
    for name in [*CATEGORIES.values(), "overall"]:
        rs = groups.get(name, [])
        n = len(rs)
        ceiling = sum(r["in_transcript"] for r in rs)
        inctx = sum(r["in_context"] for r in rs)
        both = sum(r["in_transcript"] and r["in_context"] for r in rs)
        gold = sum(len(r["evidence"]) for r in rs)
        row: dict[str, Any] = {
            "questions": n,
            "ceiling": _share(ceiling, n),
            "containment": _share(inctx, n),
            "relative_to_ceiling": _share(inctx, ceiling),
            "contained_when_in_transcript": _share(both, ceiling),
            "token_recall": _share(sum(r["token_recall"] for r in rs), n),
            "context_tokens": _share(sum(r["context_tokens"] for r in rs), n),
            "recalled": _share(sum(r["recalled"] for r in rs), n),
            "containment_when_recalled": _share(
                sum(r["in_context"] for r in rs if r["recalled"]), sum(r["recalled"] for r in rs)
            ),
            "gold_evidence_ids": gold,
            "recall_at_k": {str(k): _share(sum(r["hits"][k] for r in rs), gold) for k in ks},
        }
        judged = [r["judge"] for r in rs if "judge" in r]
        if judged:
            row["J"] = _share(sum(j["label"] == "CORRECT" for j in judged), len(judged))
            row["answer_tokens_per_question"] = _share(
                sum(j["answer_prompt_tokens"] + j["answer_completion_tokens"] for j in judged), len(judged)
            )
            row["judge_tokens_per_question"] = _share(sum(j["judge_tokens"] for j in judged), len(judged))
        out[name] = row
    return out


def _totals(convs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Dataset-level token, summarizer, drift and identifier figures from per-conversation results."""
    sent = sum(c["tokens"]["tokens_sent"] for c in convs)
    full = sum(c["tokens"]["tokens_full_history"] for c in convs)
    billed = sum(c["tokens"]["billed"] for c in convs)
    ids = [c["identifiers"] for c in convs if "identifiers" in c]
    mentioned = sum(i["mentioned"] for i in ids)
    measured = {  # absent when skipped (--no-identifiers): a 0% there would read as a failure
        "identifiers_mentioned": mentioned,
        "identifiers_in_context_share": _share(sum(i["in_context"] for i in ids), mentioned),
        "identifiers_reachable_share": _share(sum(i["reachable"] for i in ids), mentioned),
    }
    return {
        "requests": sum(c["tokens"]["requests"] for c in convs),
        "max_request_tokens": max((c["tokens"]["max_request_tokens"] for c in convs), default=0),
        "all_within_budget": all(c["tokens"]["all_within_budget"] for c in convs),
        "tokens_sent": sent,
        "tokens_full_history": full,
        "share_of_full_history": _share(sent, full),
        "compaction_ratio": round(full / sent, 3) if sent else 0.0,
        "billed": billed,
        "billed_share_of_full_history": _share(billed, full),
        "compactions": sum(len(c["compactions"]) for c in convs),
        "summarizer_calls": sum(c["summarizer"]["calls"] for c in convs),
        "summarizer_failures": sum(c["summarizer"]["failures"] for c in convs),
        "summarizer_tokens": sum(c["summarizer"]["input_tokens"] + c["summarizer"]["output_tokens"] for c in convs),
        "summary_flat": all(c["drift"]["flat"] for c in convs),
        "max_summary_growth": max((c["drift"]["growth"] for c in convs), default=1.0),
        **(measured if ids else {}),
    }


def run_locomo(data: Locomo, config: EvalConfig) -> dict[str, Any]:
    """Replay each LoCoMo conversation, then ask each question: evidence recall@k of ``recall``, answer
    containment in ``context(budget, query=question)`` vs the raw transcript, and J with a judge."""
    convs, records = [], []
    for conv in data.conversations:
        with config.memory(conv.sample_id) as mem:
            result = _replay(config, mem, conv.transcript, conv.sample_id)
            thread = mem.thread("eval")
            full = metrics.normalise(context_text(conv.transcript.messages))
            plain = context_text(thread.context(config.budget))  # the same for every question: the thread is done
            advance = config.progress(f"{conv.sample_id}: questions", len(conv.questions))
            recs = []
            for q in conv.questions:
                recs.append(_question_record(thread, conv, q, full, plain, config))
                advance()
        convs.append({"sample_id": conv.sample_id, **result, "questions": aggregate_questions(recs)})
        records.extend(recs)
    return {
        "kind": "locomo",
        "config": config.describe(),
        "counts": dict(data.counts),
        "totals": _totals(convs),
        "questions": aggregate_questions(records),
        "ks": list(KS),
        "conversations": convs,
        "records": records,
    }


# ------------------------------------------------------------------ DialogSum


def summarize_dialogue(summarizer: Summarizer, dialogue: Dialogue, policy: Policy) -> tuple[str, dict[str, int]]:
    """The summarizer's state for the whole dialogue (one call, as one compaction), rendered as prose."""
    raw = dialogue_messages(dialogue.dialogue)
    if not raw:
        raise ChatcompactError(f"DialogSum item {dialogue.id}: no '#PersonN#: ...' turns")
    msgs = [parse_message(m).with_meta(i + 1, 0.0) for i, m in enumerate(raw)]
    pinned = find_pinned(msgs, DEFAULT_RULES, max_chars=policy.pinned_max_chars)
    delta = summarizer.summarize(SummaryRequest(state=SummaryState(), messages=msgs, pinned=tuple(pinned)))
    state, _ = apply_delta(SummaryState(), delta, policy, pinned)
    usage = delta.usage
    return state_text(state), {
        "input_tokens": usage.input_tokens if usage else 0,
        "output_tokens": usage.output_tokens if usage else 0,
    }


def run_dialogsum(dialogues: Sequence[Dialogue], config: EvalConfig) -> dict[str, Any]:
    """ROUGE-1/2/L F1 of the summarizer's rendered state against each reference summary.

    A dialogue the summarizer fails on scores 0 (and is counted), so failures are not hidden by the mean.
    """
    summarizer, policy = config._summarizer, config._policy
    advance = config.progress("dialogsum", len(dialogues))
    items: list[dict[str, Any]] = []
    failures = 0
    for d in dialogues:
        usage: dict[str, Any]
        try:
            text, usage = summarize_dialogue(summarizer, d, policy)
        except SummarizerError as exc:
            failures += 1
            text, usage = "", {"input_tokens": 0, "output_tokens": 0, "error": str(exc)}
        scores = metrics.rouge(text, d.summary)
        items.append(
            {
                "id": d.id,
                "summary": text,
                "reference": d.summary,
                **{k: round(v, 4) for k, v in scores.items()},
                "usage": usage,
            }
        )
        advance()
    n = len(items) or 1
    mean = {k: round(sum(i[k] for i in items) / n, 4) for k in ("rouge1", "rouge2", "rougeL")}
    words = sum(len(metrics.tokens(i["summary"])) for i in items) / n
    ref_words = sum(len(metrics.tokens(i["reference"])) for i in items) / n
    return {
        "kind": "dialogsum",
        "config": config.describe(),
        "dialogues": len(items),
        "failures": failures,
        "rouge": mean,
        "mean_summary_words": round(words, 1),
        "mean_reference_words": round(ref_words, 1),
        "summarizer_tokens": sum(i["usage"]["input_tokens"] + i["usage"]["output_tokens"] for i in items),
        "items": items,
    }
