"""The language evaluation: one long support chat per language, the same checks for each, English beside.

The dev set (``chatcompact/data/languages_dev.json``, written for this project) holds, per language, a chat of
120 turns whose first eight carry a name, an order number, a preference, a standing instruction and a decision;
the rest is small talk told four times over. After all turns, with the embedded defaults:

* **summary** (%): of the name, the preference and the decision, the share present in ``context(budget)``
  without a query (by then their turns have long been compacted away: only the summary can hold them);
* **topics clean** (%): the summary's topics that are neither a stop word nor a word fragment (each word
  of a Latin-script topic occurs whole in the chat; a Chinese topic occurs as a whole piece between stop words);
* **recall@3** (%): questions in the chat's language whose evidence turn ``thread.recall(q, k=3)`` returns;
* **containment** (%): questions whose answer occurs in ``context(budget, query=q)``;
* **score**: the mean of the four; the target is every language within 5 points of English;
* **vectors@3** (%, not in the score): the embedder alone ranks the chat's turns by cosine to each question
  (what the vector half of recall contributes; compares MiniLM with multilingual e5).
"""

from __future__ import annotations

import json
import re
import tempfile
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..core import lang
from ..errors import ConfigError

__all__ = ["LanguageResult", "load_dev_set", "run_language", "run_languages", "table"]

DEFAULT_BUDGET = 1200
METRICS = ("summary", "topics clean", "recall@3", "containment", "score", "vectors@3")


@dataclass
class LanguageResult:
    """The figures of one language (percentages) and what was checked."""

    code: str
    turns: int
    figures: dict[str, float] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)  # what the summary or a context lacked
    bad_topics: list[str] = field(default_factory=list)
    seconds: float = 0.0


def load_dev_set(path: str | Path | None = None) -> dict[str, Any]:
    """The dev set's languages: ``{code: {"turns": [...], "questions": [...], "expect": {...}}}``."""
    if path is None:
        text = (resources.files("chatcompact") / "data" / "languages_dev.json").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    langs: dict[str, Any] = json.loads(text)["languages"]
    return langs


def _rendered(messages: list[dict[str, Any]]) -> str:
    return "\n".join(m["content"] if isinstance(m.get("content"), str) else json.dumps(m) for m in messages)


def _topic_ok(topic: str, chat: str, code: str) -> bool:
    low = chat.lower()
    if lang.has_han(topic):
        pieces = {p for run in re.findall(f"[{lang.HAN}]+", chat) for p in lang.han_chunks(run, whole=True)}
        return topic in pieces and topic not in lang.stop_words("zh", filler=True)
    stops = lang.stop_words(code, filler=True) | lang.stop_words("en", filler=True)
    for word in topic.lower().split():
        if word in stops or re.search(rf"(?<!\w){re.escape(word)}(?!\w)", low) is None:
            return False
    return True


def run_language(
    code: str, data: dict[str, Any], budget: int = DEFAULT_BUDGET, store: str | None = None, embedder: Any = None
) -> LanguageResult:
    """Replay one language's chat through a fresh thread and measure it (see the module docstring)."""
    from .. import Memory
    from ..config import Policy

    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        url = store or f"sqlite:///{tmp}/lang-{code}.db"
        mem = Memory.open(url, policy=Policy(budget=budget), background=False, embedder=embedder)
        try:
            thread = mem.thread(f"lang-{code}", system="You are a helpful support assistant.")
            for turn in data["turns"]:
                thread.add(turn)
            result = LanguageResult(code, len(data["turns"]))
            _measure(thread, data, budget, result)
            if mem.embedder is not None:
                result.figures["vectors@3"] = _vector_recall(mem.embedder, data)
        finally:
            mem.close()
    result.seconds = time.perf_counter() - start
    return result


def _measure(thread: Any, data: dict[str, Any], budget: int, result: LanguageResult) -> None:
    chat = "\n".join(t["content"] for t in data["turns"])
    plain = _rendered(thread.context(budget=budget)).casefold()
    expect = data["expect"]
    held = [k for k in ("name", "preference", "decision") if expect[k].casefold() in plain]
    result.missing += [f"summary lacks {k} {expect[k]!r}" for k in ("name", "preference", "decision") if k not in held]
    topics = [t.text for t in thread.summary().topics]
    result.bad_topics = [t for t in topics if not _topic_ok(t, chat, result.code)]
    questions = data["questions"]
    recalled = contained = 0
    for q in questions:
        hits = thread.recall(q["question"], k=3)
        if {h.message.seq for h in hits} & set(q["evidence"]):
            recalled += 1
        else:
            result.missing.append(f"recall@3 misses {q['question']!r}")
        if q["answer"].casefold() in _rendered(thread.context(budget=budget, query=q["question"])).casefold():
            contained += 1
        else:
            result.missing.append(f"context lacks {q['answer']!r} for {q['question']!r}")
    figures = {
        "summary": 100.0 * len(held) / 3,
        "topics clean": 100.0 * (len(topics) - len(result.bad_topics)) / len(topics) if topics else 0.0,
        "recall@3": 100.0 * recalled / len(questions),
        "containment": 100.0 * contained / len(questions),
    }
    figures["score"] = sum(figures.values()) / len(figures)
    result.figures = figures
    if not topics:
        result.missing.append("no topics")


def _vector_recall(embedder: Any, data: dict[str, Any], k: int = 3) -> float:
    import numpy as np

    turns = np.asarray(embedder.embed([t["content"] for t in data["turns"]]))
    questions = np.asarray(embedder.embed([q["question"] for q in data["questions"]]))
    found = 0
    for q, vec in zip(data["questions"], questions, strict=True):
        top = np.argsort(-(turns @ vec))[:k] + 1  # seqs are 1-based
        found += bool(set(top.tolist()) & set(q["evidence"]))
    return 100.0 * found / len(data["questions"])


def run_languages(
    codes: list[str] | None = None,
    budget: int = DEFAULT_BUDGET,
    path: str | Path | None = None,
    embedder: Any = None,
) -> list[LanguageResult]:
    """Every language of the dev set (or ``codes``), English first; ``embedder`` as ``Memory.open`` takes it
    (a spec such as ``"e5"`` or ``"none"``, or an object; None: the default)."""
    from ..embedders import resolve_embedder

    dev = load_dev_set(path)
    chosen = codes or sorted(dev, key=lambda c: (c != "en", c))
    unknown = sorted(set(chosen) - set(dev))
    if unknown:
        raise ConfigError(f"no dev set for language(s) {', '.join(unknown)}; the dev set has {', '.join(sorted(dev))}")
    built = resolve_embedder(embedder) if isinstance(embedder, str) else embedder  # one model load for all
    return [run_language(c, dev[c], budget, embedder=built if built is not None else "none") for c in chosen]


def table(results: list[LanguageResult]) -> str:
    """The figures as a text table, each language beside English (``Δ`` = points below English)."""
    en = next((r for r in results if r.code == "en"), None)
    head = f"{'metric':<14}" + "".join(f"{r.code:>9}" for r in results)
    lines = [head]
    for metric in METRICS:
        if any(metric in r.figures for r in results):
            lines.append(f"{metric:<14}" + "".join(f"{r.figures.get(metric, 0.0):9.1f}" for r in results))
    if en is not None:
        gap = [en.figures["score"] - r.figures["score"] for r in results]  # positive: below English
        lines.append(f"{'Δ vs en':<14}" + "".join(f"{g:9.1f}" for g in gap))
        ok = all(g <= 5.0 for g in gap)
        lines.append(f"target (every language within 5 points of English): {'met' if ok else 'MISSED'}")
    lines.append(f"{'turns':<14}" + "".join(f"{r.turns:9d}" for r in results))
    lines.append(f"{'seconds':<14}" + "".join(f"{r.seconds:9.1f}" for r in results))
    for r in results:
        for note in [*r.missing, *(f"bad topic {t!r}" for t in r.bad_topics)]:
            lines.append(f"  {r.code}: {note}")
    return "\n".join(lines)
