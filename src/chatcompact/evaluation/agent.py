"""Agent-loop replay: does the request an agent would send hold what its next command needs?

A trajectory of a bash-only coding agent is replayed the way a function-calling agent stores it: the task
as the first user message, every assistant turn as its THOUGHT text plus one ``bash`` tool call, every
observation as that call's tool result. Before every assistant step the request is taken (``context(budget,
query=<last message>)`` and once more with no query) and compared with two baselines at the same budget:
plain truncation (system + task + the newest messages that fit, tool pairs whole) and the full history, and the
baselines of :mod:`chatcompact.evaluation.agent_baselines` (observation masking, the Agents SDK's
ToolOutputTrimmer, LangChain's SummarizationMiddleware).

**Next-step support**: of the identifiers (file paths, dotted names, snake_case / CamelCase symbols of 5+
characters) that the agent's next command uses and that appeared earlier in the trajectory but not in the
last two messages, the share the request holds. The measures are pure functions; :func:`run_agent` drives
real threads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..config import Policy
from ..errors import ChatcompactError
from ..protocols import Tokenizer
from ..types import Message, parse_message
from .agent_baselines import truncation_request

if TYPE_CHECKING:
    from ..runtime.memory import Memory

__all__ = [
    "Trajectory",
    "common_prefix_share",
    "identifiers",
    "load_trajectories",
    "next_step_targets",
    "request_text",
    "run_agent",
    "support",
    "truncation_request",
]

_BASH = re.compile(r"```bash\s*\n(.*?)\n```", re.DOTALL)
# a path has a slash or a known-looking extension; dotted names have 2+ parts; symbols 5+ chars
_PATH = re.compile(
    r"(?<![\w/.-])(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+|(?<![\w/.-])[\w-]+\.(?:py|txt|cfg|toml|rst|md|json|ya?ml|js|html|sh|ini)\b"
)
_DOTTED = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b")
_SNAKE = re.compile(r"\b[A-Za-z]\w*_\w+\b")
_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b")


@dataclass(frozen=True)
class Trajectory:
    """One task: the replayed messages (OpenAI dicts, system first) and its name."""

    name: str
    messages: tuple[dict[str, Any], ...]

    @property
    def steps(self) -> int:
        return sum(1 for m in self.messages if m["role"] == "assistant")


def _convert(raw: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """mini-swe-agent messages as a function-calling agent stores them."""
    out: list[dict[str, Any]] = []
    pending: str | None = None
    for i, m in enumerate(raw):
        text = m.get("content") or ""
        if not isinstance(text, str):
            text = "\n".join(p.get("text", "") for p in text if isinstance(p, dict))
        if m["role"] == "assistant":
            found = _BASH.findall(text)
            if len(found) == 1:
                thought = _BASH.sub("", text).strip() or "(no thought)"
                pending = f"call_{i}"
                args = json.dumps({"command": found[0].strip()}, ensure_ascii=False)
                call = {"id": pending, "type": "function", "function": {"name": "bash", "arguments": args}}
                out.append({"role": "assistant", "content": thought, "tool_calls": [call]})
                continue
            pending = None
            out.append({"role": "assistant", "content": text or "(empty)"})
        elif m["role"] == "user" and pending is not None:
            out.append({"role": "tool", "tool_call_id": pending, "content": text or "(no output)"})
            pending = None
        elif m["role"] in ("system", "user"):
            out.append({"role": m["role"], "content": text or "(empty)"})
    return out


def load_trajectories(folder: str | Path, limit: int | None = None) -> list[Trajectory]:
    """The ``*.traj.json`` files of ``folder`` (path order), replayed as function-calling agent messages."""
    path = Path(folder)
    if not path.is_dir():
        raise ChatcompactError(f"agent trajectories: {str(path)!r} is not a folder")
    files = sorted(path.glob("*.traj.json"))[: limit if limit else None]
    if not files:
        raise ChatcompactError(f"agent trajectories: no *.traj.json files in {str(path)!r}")
    out = []
    for f in files:
        data = json.loads(f.read_text(encoding="utf-8"))
        out.append(Trajectory(f.name.removesuffix(".traj.json"), tuple(_convert(data["messages"]))))
    return out


# ---------------------------------------------------------------- pure measures


def identifiers(text: str) -> set[str]:
    """File paths, dotted names and snake_case / CamelCase symbols of 5+ characters in ``text``."""
    found: set[str] = set()
    for rx in (_PATH, _DOTTED, _SNAKE, _CAMEL):
        found.update(x.strip(".") for x in rx.findall(text))
    return {x for x in found if len(x) >= 5 and not x.isdigit()}


def message_text(m: dict[str, Any]) -> str:
    """A message's text plus its tool calls' arguments (decoded when JSON)."""
    content = m.get("content")
    if isinstance(content, list):
        content = "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    parts = [content or ""]
    for tc in m.get("tool_calls") or ():
        args = tc["function"].get("arguments", "")
        try:
            value = json.loads(args)
            parts.append(" ".join(str(v) for v in value.values()) if isinstance(value, dict) else str(value))
        except (json.JSONDecodeError, TypeError):
            parts.append(str(args))
    return "\n".join(parts)


def request_text(messages: Iterable[dict[str, Any]]) -> str:
    """Everything a request shows the model, as one string (for containment checks)."""
    return "\n".join(message_text(m) for m in messages)


def next_step_targets(history: Sequence[dict[str, Any]], step: dict[str, Any]) -> set[str]:
    """Identifiers the next command uses that appeared earlier but not in the last two messages."""
    command = " ".join(message_text({"tool_calls": step.get("tool_calls") or ()}).split("\n"))
    wanted = identifiers(command)
    if not wanted:
        return set()
    earlier = request_text(history[:-2])
    recent = request_text(history[-2:])
    return {x for x in wanted if x in earlier and x not in recent}


def support(targets: set[str], text: str) -> tuple[int, int]:
    """``(held, total)``: how many of ``targets`` occur in ``text``."""
    return sum(1 for x in targets if x in text), len(targets)


def _serial(messages: Sequence[dict[str, Any]]) -> str:
    return "\x1e".join(json.dumps(m, sort_keys=True, ensure_ascii=False) for m in messages)


def common_prefix_share(previous: str, current: str, count: Callable[[str], int]) -> tuple[int, int]:
    """``(prefix_tokens, tokens)`` of ``current``: the tokens equal to ``previous``'s prefix (what a prefix
    cache would reuse), counted on the serialized requests."""
    n = 0
    limit = min(len(previous), len(current))
    step = 4096
    while n < limit:  # chunked compare first, then exact
        k = min(step, limit - n)
        if previous[n : n + k] == current[n : n + k]:
            n += k
            continue
        while n < limit and previous[n] == current[n]:
            n += 1
        break
    return (count(current[:n]) if n else 0), count(current)


# ---------------------------------------------------------------- the replay


@dataclass
class _Tally:
    held: int = 0
    total: int = 0
    tokens: int = 0
    largest: int = 0
    raised: int = 0
    prefix: int = 0
    prefix_total: int = 0
    last: str | None = None

    def add(
        self, targets: set[str], msgs: list[dict[str, Any]] | None, tokens: int, count: Callable[[str], int]
    ) -> None:
        if msgs is None:  # context() raised: nothing sent, nothing held
            self.raised += 1
            self.total += len(targets)
            self.last = None
            return
        h, t = support(targets, request_text(msgs))
        self.held, self.total = self.held + h, self.total + t
        self.tokens += tokens
        self.largest = max(self.largest, tokens)
        ser = _serial(msgs)
        if self.last is not None:
            p, n = common_prefix_share(self.last, ser, count)
            self.prefix, self.prefix_total = self.prefix + p, self.prefix_total + n
        self.last = ser

    def merge(self, other: _Tally) -> None:
        for k in ("held", "total", "tokens", "raised", "prefix", "prefix_total"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.largest = max(self.largest, other.largest)

    def as_dict(self, full_tokens: int) -> dict[str, Any]:
        return {
            "support": round(self.held / self.total, 4) if self.total else 1.0,
            "tokens_share": round(self.tokens / full_tokens, 4) if full_tokens else 0.0,
            "largest_request": self.largest,
            "raised": self.raised,
            "prefix_share": round(self.prefix / self.prefix_total, 4) if self.prefix_total else 0.0,
        }


@dataclass
class AgentConfig:
    """What the replay runs: budgets, the Policy (its budget is replaced), and which variants."""

    budgets: tuple[int, ...] = (8000, 4000)
    policy: Policy | None = None
    summarizer: Any = "extractive"
    variants: tuple[str, ...] = ("chatcompact",)  # also "stage1" (no summarization), "stage2" (no digests)
    # beside truncation and the full history: "masking", "trimmer", "summarization" (agent_baselines)
    baselines: tuple[str, ...] = ("masking", "trimmer", "summarization")
    noquery: bool = True  # also take each variant's request without a query ("<variant>_noquery")
    # also run these baselines at the budget where their tokens equal chatcompact's ("<name>@equal" rows)
    matched: tuple[str, ...] = ("masking", "truncation")
    progress: Callable[[str, int], Callable[[], None]] = field(default=lambda label, total: lambda: None)


def _open(config: AgentConfig, budget: int, variant: str, tokenizer: Tokenizer) -> Memory:
    from dataclasses import replace

    from ..runtime.memory import Memory

    policy = replace(config.policy or Policy(), budget=budget)
    if variant == "stage2" and hasattr(policy, "tool_digests"):
        policy = replace(policy, tool_digests=False)
    # "stage1": compactions are only queued (no worker runs them), so no summary ever lands
    background: Any = "workers" if variant == "stage1" else False
    return Memory.open(
        "memory://",
        summarizer=config.summarizer,
        policy=policy,
        tokenizer=tokenizer,
        background=background,
        embedder="none",
    )


def _baselines(config: AgentConfig, budget: int, tokenizer: Tokenizer) -> dict[str, Any]:
    """The optional baselines that can run here (a missing framework leaves its row out)."""
    from . import agent_baselines as ab

    out: dict[str, Any] = {}
    for name in config.baselines:
        if name == "summarization":
            try:
                out[name] = ab.SummarizationReplay(budget, tokenizer)
            except ImportError:
                continue
        elif name in ("masking", "trimmer"):
            out[name] = name
    return out


def _baseline_request(
    name: str, obj: Any, msgs: list[Message], tokens: list[int], budget: int, base: int, tokenizer: Tokenizer
) -> tuple[list[dict[str, Any]], int] | None:
    from . import agent_baselines as ab

    if name == "masking":
        return ab.masking_request(msgs, tokens, budget, base, tokenizer.count_message)
    if name == "trimmer":
        return ab.trimmer_request(msgs, budget, base, tokenizer)
    out: tuple[list[dict[str, Any]], int] | None = obj.request(msgs[0])
    return out


def _replay_one(traj: Trajectory, budget: int, config: AgentConfig, tokenizer: Tokenizer) -> dict[str, Any]:
    msgs = [parse_message(m) for m in traj.messages]
    tokens = [tokenizer.count_message(m) for m in msgs]
    base = tokenizer.count_messages(())
    tallies = {name: _Tally() for name in ("truncation", "full")}
    extra = _baselines(config, budget, tokenizer)
    tallies.update({name: _Tally() for name in extra})
    # per variant, the requests taken: (tally name, with the query?)
    asks = {v: [(v, True), *([(v + "_noquery", False)] if config.noquery else [])] for v in config.variants}
    tallies.update({name: _Tally() for pairs in asks.values() for name, _ in pairs})
    mems = {v: _open(config, budget, v, tokenizer) for v in config.variants}
    threads = {v: mems[v].thread(traj.name, system=msgs[0].text) for v in config.variants}
    names = {c.id: c.name for m in msgs for c in m.tool_calls}
    full_tokens = 0
    try:
        for i in range(1, len(msgs)):
            m = msgs[i]
            if m.role == "assistant" and i >= 2:
                history = list(traj.messages[:i])
                targets = next_step_targets(history, traj.messages[i])
                full = base + sum(tokens[:i])
                full_tokens += full
                tallies["full"].add(targets, history, full, tokenizer.count)
                keep = truncation_request(msgs[:i], tokens[:i], budget, base)
                trunc = [traj.messages[j] for j in keep]
                tallies["truncation"].add(targets, trunc, base + sum(tokens[j] for j in keep), tokenizer.count)
                for name, obj in extra.items():
                    got = _baseline_request(name, obj, msgs[:i], tokens[:i], budget, base, tokenizer)
                    if got is not None:
                        tallies[name].add(targets, got[0], got[1], tokenizer.count)
                query = msgs[i - 1].text
                for v, t in threads.items():
                    for name, with_query in asks[v]:
                        try:
                            res = t.assemble(budget, query=query if with_query else None)
                            out = [x.to_openai() for x in res.messages]
                            tallies[name].add(targets, out, res.tokens, tokenizer.count)
                        except ChatcompactError:
                            tallies[name].add(targets, None, 0, tokenizer.count)
            for t in threads.values():
                t.add(traj.messages[i])
            if "summarization" in extra:
                extra["summarization"].add(traj.messages[i], names)
    finally:
        for mem in mems.values():
            mem.close()
    return {"tallies": tallies, "full_tokens": full_tokens}


def _baseline_only(traj: Trajectory, budget: int, name: str, tokenizer: Tokenizer) -> tuple[_Tally, int]:
    """One pure baseline ("truncation" or "masking") replayed alone: its tally and the full-history tokens."""
    from . import agent_baselines as ab

    msgs = [parse_message(m) for m in traj.messages]
    tokens = [tokenizer.count_message(m) for m in msgs]
    base = tokenizer.count_messages(())
    tally, full_tokens = _Tally(), 0
    for i in range(2, len(msgs)):
        if msgs[i].role != "assistant":
            continue
        targets = next_step_targets(traj.messages[:i], traj.messages[i])
        full_tokens += base + sum(tokens[:i])
        if name == "masking":
            out, n = ab.masking_request(msgs[:i], tokens[:i], budget, base, tokenizer.count_message)
        else:
            keep = truncation_request(msgs[:i], tokens[:i], budget, base)
            out, n = [traj.messages[j] for j in keep], base + sum(tokens[j] for j in keep)
        tally.add(targets, out, n, tokenizer.count)
    return tally, full_tokens


def _at_equal_tokens(
    trajectories: Sequence[Trajectory], name: str, share: float, budget: int, tokenizer: Tokenizer
) -> dict[str, Any]:
    """``name`` at the budget where its share of the full history's tokens is ``share`` (secant steps on the
    budget, from the budget itself): the row to compare support at equal tokens."""

    def run(b: int) -> dict[str, Any]:
        total, full = _Tally(), 0
        for traj in trajectories:
            tally, n = _baseline_only(traj, b, name, tokenizer)
            total.merge(tally)
            full += n
        return {**total.as_dict(full), "budget": b}

    known, row = (0, 0.0), run(budget)
    best = row
    for _ in range(4):
        got = row["tokens_share"]
        if abs(got - share) <= 0.002 or got == known[1]:
            break
        # secant step: tokens grow about linearly with the budget between the last two points
        b = int(row["budget"] + (share - got) * (row["budget"] - known[0]) / (got - known[1]))
        known, row = (row["budget"], got), run(max(b, 256))
        best = min(best, row, key=lambda r: abs(r["tokens_share"] - share))
    return best


def run_agent(
    trajectories: Sequence[Trajectory], config: AgentConfig, tokenizer: Tokenizer | None = None
) -> dict[str, Any]:
    """Replay every trajectory at every budget; figures per budget and per variant (JSON-ready)."""
    from ..tokenizers import tokenizer_for

    tok = tokenizer or tokenizer_for("gpt-4o")
    result: dict[str, Any] = {
        "kind": "agent",
        "trajectories": len(trajectories),
        "steps": sum(t.steps for t in trajectories),
        "budgets": {},
    }
    for budget in config.budgets:
        advance = config.progress(f"agent replay @ {budget}", len(trajectories))
        totals: dict[str, _Tally] = {}
        full_tokens = 0
        for traj in trajectories:
            one = _replay_one(traj, budget, config, tok)
            full_tokens += one["full_tokens"]
            for name, tally in one["tallies"].items():
                totals.setdefault(name, _Tally()).merge(tally)
            advance()
        rows = {name: t.as_dict(full_tokens) for name, t in totals.items()}
        ours = rows.get(config.variants[0]) if config.variants else None
        if ours is not None:
            for name in config.matched:
                rows[f"{name}@equal"] = _at_equal_tokens(trajectories, name, ours["tokens_share"], budget, tok)
        result["budgets"][str(budget)] = rows
    return result
