"""Loading transcripts (OpenAI JSON/JSONL, the demo format, LoCoMo) and replaying them through a thread.

``replay`` is what ``chatcompact demo``/``replay`` and the benchmarks share: it streams messages
through a thread and records, at every user turn, the tokens of the request chatcompact would
send against the tokens of sending the whole history.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .errors import ChatcompactError
from .types import Message, SummaryVersion

if TYPE_CHECKING:
    from .runtime.memory import Memory


@dataclass(frozen=True)
class Transcript:
    """A conversation to replay: an optional system prompt and OpenAI-format messages."""

    title: str
    system: str | None
    messages: list[dict[str, Any]]
    meta: dict[str, Any] = field(default_factory=dict)
    times: list[float] | None = None  # when each message was written (epoch seconds), if the source says


def demo_transcript() -> Transcript:
    """The bundled ~300-message support conversation used by ``chatcompact demo``."""
    raw = resources.files("chatcompact").joinpath("data/demo_support.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    return Transcript(data.get("title", "demo"), data.get("system"), data["messages"])


def locomo_transcript(sample: dict[str, Any]) -> Transcript:
    """A LoCoMo sample as messages: speaker_a is the user, speaker_b the assistant.

    Each turn reads ``"Speaker: text"``; a session's date leads its first turn; an image caption
    is appended when present. ``meta['dia_ids']`` maps message index -> LoCoMo turn id.
    """
    conv = sample["conversation"]
    a = conv["speaker_a"]
    sessions = sorted(
        (int(k.split("_")[1]) for k in conv if k.startswith("session_") and k.count("_") == 1),
    )
    messages, dia_ids, times = [], [], []
    for n in sessions:
        date = conv.get(f"session_{n}_date_time")
        start = locomo_time(date)
        for i, turn in enumerate(conv[f"session_{n}"]):
            text = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                text += f" [shares an image: {turn['blip_caption']}]"
            if i == 0 and date:
                text = f"[{date}] {text}"
            messages.append({"role": "user" if turn["speaker"] == a else "assistant", "content": text})
            dia_ids.append(turn.get("dia_id"))
            times.append(start + 30.0 * i if start is not None else None)  # a turn every 30 s from the session's start
    title = f"LoCoMo {sample.get('sample_id', '?')}: {a} and {conv['speaker_b']}"
    meta = {"dia_ids": dia_ids, "sample_id": sample.get("sample_id")}
    known = cast("list[float]", times) if all(t is not None for t in times) else None
    return Transcript(title, None, messages, meta, known)


def locomo_time(date: str | None) -> float | None:
    """A LoCoMo session date (``"1:56 pm on 8 May, 2023"``) as epoch seconds (UTC); None if absent or odd."""
    try:
        return datetime.strptime(date or "", "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


def load_transcript(path: str | Path, sample: str | None = None) -> Transcript:
    """Read a transcript file: a JSON list of messages, ``{"messages": [...]}``, JSONL, or LoCoMo."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ChatcompactError(f"cannot read transcript {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ChatcompactError(f"transcript {path} is not UTF-8 text (byte {exc.start})") from exc
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            raise ChatcompactError(f"{path} is neither JSON nor JSONL: line {exc.lineno}: {exc.msg}") from exc
    return transcript_from_json(data, sample, name=p.name)


def transcript_from_json(data: Any, sample: str | None = None, name: str = "transcript") -> Transcript:
    """Recognise the shapes ``load_transcript`` accepts in already-parsed JSON."""
    if isinstance(data, list) and data and isinstance(data[0], dict) and "conversation" in data[0]:
        chosen = data[0] if sample is None else next((s for s in data if s.get("sample_id") == sample), None)
        if chosen is None:
            ids = ", ".join(str(s.get("sample_id")) for s in data)
            raise ChatcompactError(f"no LoCoMo sample {sample!r}; available: {ids}")
        try:
            return locomo_transcript(chosen)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:  # a hand-edited or cut file
            raise ChatcompactError(f"{name}: not a valid LoCoMo sample ({type(exc).__name__}: {exc})") from exc
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        return Transcript(data.get("title", name), data.get("system"), data["messages"])
    if isinstance(data, list):
        head = [m for m in data if isinstance(m, dict) and m.get("role") in ("system", "developer")]
        system = "\n\n".join(str(m.get("content") or "") for m in head[:1]) or None
        rest = data[1:] if head and data and data[0] is head[0] else data
        return Transcript(name, system, rest)
    raise ChatcompactError(f"{name}: expected a list of messages, {{'messages': [...]}} or a LoCoMo file")


@dataclass
class ReplayPoint:
    """Tokens of one request (at a user turn): with chatcompact and with the full history."""

    seq: int
    compacted: int
    full: int


@dataclass
class ReplayResult:
    """What a replay measured."""

    points: list[ReplayPoint]
    compactions: list[SummaryVersion]
    budget: int

    @property
    def total_compacted(self) -> int:
        return sum(p.compacted for p in self.points)

    @property
    def total_full(self) -> int:
        return sum(p.full for p in self.points)

    @property
    def max_request(self) -> int:
        return max((p.compacted for p in self.points), default=0)

    def as_dict(self) -> dict[str, Any]:
        full, comp = self.total_full, self.total_compacted
        return {
            "budget": self.budget,
            "requests": len(self.points),
            "max_request_tokens": self.max_request,
            "tokens_sent": comp,
            "tokens_full_history": full,
            "share_of_full_history": round(comp / full, 4) if full else 0.0,
            "compaction_ratio": round(full / comp, 3) if comp else 0.0,
            "compactions": len(self.compactions),
        }


def replay(
    memory: Memory,
    thread_id: str,
    transcript: Transcript,
    budget: int,
    on_message: Callable[[int], None] | None = None,
    settle: bool = True,
) -> ReplayResult:
    """Stream ``transcript`` through a new thread; measure each request at every user turn.

    With ``settle`` each turn waits for background compaction to land first, as it would in the
    seconds a real app spends waiting for the model (and so the figures are reproducible).
    """
    thread = memory.thread(thread_id, system=transcript.system)
    tok = memory.tokenizer
    running_full = tok.count_messages([Message(role="system", content=transcript.system)] if transcript.system else [])
    points = []
    for i, raw in enumerate(transcript.messages):
        stored = thread.add(raw, created_at=transcript.times[i] if transcript.times else None)
        if settle:  # compaction only: the embedding lane's debounce is no part of what a request sees
            memory.wait_idle(kinds=("compact",))
        running_full += tok.count_message(stored)
        if stored.role == "user":
            points.append(ReplayPoint(stored.seq or 0, thread.assemble(budget).tokens, running_full))
        if on_message:
            on_message(i)
    memory.wait_idle(kinds=("compact",))  # the result is the compactions; embeddings may still be on their way
    return ReplayResult(points, thread.compactions(), budget)


def sparkline(values: Sequence[int], width: int = 60, top: float | None = None) -> str:
    """A one-line chart of ``values`` (downsampled to ``width``), scaled so ``top`` (default: their max) is
    full height: give two series the same ``top`` to draw them on one scale."""
    if not values:
        return ""
    bars = "▁▂▃▄▅▆▇█"
    step = max(len(values) / width, 1)
    sampled = [values[int(i * step)] for i in range(min(width, len(values)))]
    scale = (top if top is not None else max(sampled)) or 1
    return "".join(bars[max(min(int(v / scale * (len(bars) - 1)), len(bars) - 1), 0)] for v in sampled)
