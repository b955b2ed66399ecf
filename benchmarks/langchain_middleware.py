"""ChatcompactMiddleware vs LangChain's SummarizationMiddleware, side by side on one LoCoMo replay.

Both run inside a real LangChain v1 ``create_agent`` (with a LangGraph ``InMemorySaver`` checkpointer) whose
chat model is the framework's fake model replaying the transcript: speaker A's turns are the user's input,
speaker B's the model's replies (consecutive turns of one speaker joined). After the replay, every LoCoMo
question (categories 1-4) whose evidence lies in the replayed turns is asked as a real turn.

The same slow summarizer serves both: a fake chat model that sleeps ``--delay`` seconds and returns one short
fixed summary. SummarizationMiddleware calls it as its ``model`` (trigger at ``--budget`` tokens, counted
exactly, keeping 20 messages); chatcompact calls it through a Summarizer adapter in its background. A third
row runs chatcompact with its default extractive summarizer (no model), a fourth the same without a query
(no recalled quotes: the cost of ``context(query=...)``'s archive search shows as the difference).

Printed per row: p50/p99/max of the middleware's own time per model request (its hooks, not the model call),
tokens per request (mean, max; counted with o200k_base), answer containment (the gold answer occurs in the
request the model receives for its question, LoCoMo normalisation), summarizer calls.

Run: ``python benchmarks/langchain_middleware.py [--turns 300] [--delay 0.5] [--budget 2000] [--gap 0.02]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import SummarizationMiddleware
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from pydantic import Field

from chatcompact import Memory, SummaryDelta, SummaryRequest
from chatcompact.evaluation.datasets import load_locomo
from chatcompact.evaluation.metrics import contains_answer
from chatcompact.integrations.langchain import ChatcompactMiddleware, to_openai
from chatcompact.tokenizers import tokenizer_for
from chatcompact.types import parse_message

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"
SUMMARY = "The user and the assistant caught up about their families, work and plans."
TOK = tokenizer_for("gpt-4o")


class SlowSummaryModel(GenericFakeChatModel):
    """A chat model that takes ``delay`` seconds and always returns the same short summary."""

    delay: float = 0.5
    calls: int = 0

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any) -> Any:
        time.sleep(self.delay)
        self.calls += 1
        self.messages = iter([SUMMARY])
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kw)


class ChatModelSummarizer:
    """chatcompact's Summarizer protocol over a LangChain chat model (the benchmark's adapter)."""

    name = "langchain-chat-model"

    def __init__(self, model: SlowSummaryModel) -> None:
        self.model = model

    def summarize(self, request: SummaryRequest) -> SummaryDelta:
        text = "\n".join(f"{m.role}: {m.text}" for m in request.messages)
        reply = self.model.invoke([HumanMessage(content=f"Summarize:\n{text}")])
        return SummaryDelta(narrative=str(reply.content))

    async def asummarize(self, request: SummaryRequest) -> SummaryDelta:
        return self.summarize(request)


class ReplayModel(GenericFakeChatModel):
    """The agent's model: replies with the transcript's next reply and records each request's messages."""

    replies: list[str] = Field(default_factory=list)
    requests: list[list[BaseMessage]] = Field(default_factory=list)

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kw: Any) -> Any:
        self.requests.append(list(messages))
        self.messages = iter([AIMessage(content=self.replies.pop(0) if self.replies else "I am not sure.")])
        return super()._generate(messages, stop=stop, run_manager=run_manager, **kw)


class TimedChatcompact(ChatcompactMiddleware):
    """Measures the middleware's own time around the model call."""

    own_ms: list[float]
    pending_ms: float = 0.0

    def before_model(self, state: Any, runtime: Any) -> Any:  # the bounded-state hook, the same request's cost
        t0 = time.perf_counter()
        out = super().before_model(state, runtime)
        self.pending_ms += (time.perf_counter() - t0) * 1000
        return out

    def wrap_model_call(self, request: Any, handler: Any) -> Any:
        t0 = time.perf_counter()
        new_request, mirror, convo = self.prepare(request)
        t1 = time.perf_counter()
        response = handler(new_request)
        t2 = time.perf_counter()
        mirror.record(self._reply(response), lambda ms: [to_openai(m) for m in ms], after=convo)
        self.own_ms.append((t1 - t0 + time.perf_counter() - t2) * 1000 + self.pending_ms)
        self.pending_ms = 0.0
        return response


class TimedSummarization(SummarizationMiddleware):
    """Measures SummarizationMiddleware's before_model hook (where it summarizes, inline)."""

    own_ms: list[float]

    def before_model(self, state: Any, runtime: Any) -> Any:
        t0 = time.perf_counter()
        out = super().before_model(state, runtime)
        self.own_ms.append((time.perf_counter() - t0) * 1000)
        return out


def exact_tokens(messages: Any) -> int:
    return TOK.count_messages([parse_message(to_openai(m)) for m in messages])


def exchanges(messages: list[dict[str, str]]) -> list[tuple[list[str], str]]:
    """(user turns, joined reply) per agent invocation: consecutive turns of one speaker grouped."""
    groups: list[tuple[str, list[str]]] = []
    for m in messages:
        if groups and groups[-1][0] == m["role"]:
            groups[-1][1].append(m["content"])
        else:
            groups.append((m["role"], [m["content"]]))
    out = []
    for i, (role, texts) in enumerate(groups):
        if role == "user":
            reply = groups[i + 1][1] if i + 1 < len(groups) else []
            out.append((texts, "\n".join(reply)))
    return out


def run(label: str, middleware: Any, summ: SlowSummaryModel | None, plan: Any, args: argparse.Namespace) -> dict:
    pairs, questions = plan
    model = ReplayModel(messages=iter([]), replies=[r for _, r in pairs])
    middleware.own_ms = []
    cfg = {"configurable": {"thread_id": "bench"}}
    prompt = "You are a helpful assistant."
    saver_agent = create_agent(model, system_prompt=prompt, middleware=[middleware], checkpointer=InMemorySaver())
    for users, _reply in pairs:
        saver_agent.invoke({"messages": [{"role": "user", "content": u} for u in users]}, cfg)
        time.sleep(args.gap)
    n_replay = len(model.requests)
    hits = 0
    for q in questions:
        saver_agent.invoke({"messages": [{"role": "user", "content": q.question}]}, cfg)
        request = model.requests[-1]
        text = "\n".join(str(m.content) for m in request)
        hits += contains_answer(q.answer, text)
        time.sleep(args.gap)
    tokens = [exact_tokens(r) for r in model.requests]
    ms = middleware.own_ms
    q99 = statistics.quantiles(ms, n=100, method="inclusive")
    return {
        "label": label,
        "requests": len(tokens),
        "replayed": n_replay,
        "p50": statistics.median(ms),
        "p99": q99[98],
        "max": max(ms),
        "tok_mean": statistics.mean(tokens),
        "tok_max": max(tokens),
        "contain": 100.0 * hits / max(1, len(questions)),
        "calls": summ.calls if summ is not None else 0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--turns", type=int, default=300)
    ap.add_argument("--delay", type=float, default=0.5, help="seconds per summarizer call")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--gap", type=float, default=0.02, help="seconds between turns (the app's other work)")
    args = ap.parse_args()
    conv = load_locomo(args.data, limit=1).conversations[0]
    msgs = conv.transcript.messages[: args.turns]
    replayed = set(conv.dia_ids[: args.turns])
    questions = [q for q in conv.questions if q.evidence and set(q.evidence) <= replayed]
    plan = (exchanges(msgs), questions)
    raw = "\n".join(m["content"] for m in msgs)
    ceiling = 100.0 * sum(contains_answer(q.answer, raw) for q in questions) / max(1, len(questions))
    print(
        f"LoCoMo {conv.sample_id}: {len(msgs)} turns as {len(plan[0])} agent invocations, then {len(questions)} "
        f"questions; budget {args.budget}; summarizer: a fake chat model taking {args.delay}s per call"
    )
    rows = []
    summ = SlowSummaryModel(messages=iter([]), delay=args.delay)
    theirs = TimedSummarization(model=summ, trigger=("tokens", args.budget), token_counter=exact_tokens)
    rows.append(run("SummarizationMiddleware (same slow model, inline)", theirs, summ, plan, args))
    for label, make, query in (
        ("ChatcompactMiddleware (same slow model, background)", lambda: SlowSummaryModel(messages=iter([])), True),
        ("ChatcompactMiddleware (extractive, background)", None, True),
        ("ChatcompactMiddleware (extractive, query=False)", None, False),
    ):
        with tempfile.TemporaryDirectory() as tmp:
            model = make() if make else None
            if model is not None:
                model.delay = args.delay
            summarizer = ChatModelSummarizer(model) if model is not None else "extractive"
            with Memory.open(f"{tmp}/m.db", summarizer=summarizer, embedder="none") as mem:
                rows.append(run(label, TimedChatcompact(mem, budget=args.budget, query=query), model, plan, args))
    print(f"answer containment ceiling (the raw transcript of the replayed turns): {ceiling:.1f}%")
    print(
        f"{'middleware':<54} {'own ms p50':>10} {'p99':>8} {'max':>8} {'tokens/req':>10} {'max':>6} "
        f"{'contain%':>8} {'summ calls':>10}"
    )
    for r in rows:
        print(
            f"{r['label']:<54} {r['p50']:>10.2f} {r['p99']:>8.1f} {r['max']:>8.1f} {r['tok_mean']:>10.0f} "
            f"{r['tok_max']:>6} {r['contain']:>8.1f} {r['calls']:>10}"
        )


if __name__ == "__main__":
    main()
