"""What the reader of words and sentence vectors costs a thread with the bundled embedder.

    python benchmarks/reader_cost.py [--data PATH] [--tokens 100000] [--rounds 2]

A thread whose embedder is the bundled MiniLM has each compaction embed the sentences of the short user turns it
folds (``core.engine.hear``; ``core.instructions.reader_asks``), so the learned reader reads their vectors beside
their words. This script feeds the long streams of ``benchmarks/instructions.py`` (LoCoMo, agent, assistant;
about ``--tokens`` each) into a thread with the bundled embedder, compacting inline (``background=False``), with
the vectors read and without (``core.reader.hears`` switched off for the run), alternating, and prints the
seconds each takes in all (recall's own embedding of every message included, as a thread has it), the seconds
the compactions' reader embeddings took, the sentences embedded, and the standing preferences the summary holds.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

from instructions import DATA, SOURCES, stream

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.core import engine, reader
from chatcompact.embedders.local import LocalEmbedder


class _Timed(LocalEmbedder):
    """The bundled embedder, timing the calls the compactions make for the reader (``engine.hear``)."""

    def __init__(self) -> None:
        super().__init__()
        self.reader_seconds = 0.0
        self.reader_sentences = 0
        self.for_reader = False

    def embed(self, texts: Any) -> Any:
        if not self.for_reader:
            return super().embed(texts)
        started = time.perf_counter()
        try:
            return super().embed(texts)
        finally:
            self.reader_seconds += time.perf_counter() - started
            self.reader_sentences += len(texts)


def _run(messages: list[dict[str, Any]], embedder: _Timed, vectors: bool, budget: int) -> tuple[float, int]:
    hears, hear = reader.hears, engine.hear
    if not vectors:
        reader.hears = lambda name: False  # type: ignore[assignment]

    def timed_hear(job: Any) -> Any:  # the reader's Embed effects, marked so the embedder times them
        embedder.for_reader = True
        try:
            return (yield from hear(job))
        finally:
            embedder.for_reader = False

    engine.hear = timed_hear  # type: ignore[assignment]
    try:
        with Memory.open("memory://", policy=Policy(budget=budget), background=False, embedder=embedder) as mem:
            t = mem.thread("cost")
            started = time.perf_counter()
            for m in messages:
                t.add(m)
            took = time.perf_counter() - started
            return took, len(t.summary().instructions)
    finally:
        reader.hears, engine.hear = hears, hear


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--tokens", type=int, default=100_000)
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.tokens:,} tokens a stream, budget {args.budget}")
    embedder = _Timed()
    embedder.embed(["warm up"])
    for source in SOURCES:
        messages = stream(source, args.tokens, args.data)
        best: dict[bool, float] = {}
        held: dict[bool, int] = {}
        for _ in range(args.rounds):
            for vectors in (False, True):
                embedder.reader_seconds, embedder.reader_sentences = 0.0, 0
                took, held[vectors] = _run(messages, embedder, vectors, args.budget)
                best[vectors] = min(best.get(vectors, took), took)
        print(
            f"{source:<9} {len(messages):,} messages: {best[False]:.1f} s with the words alone, {best[True]:.1f} s "
            f"with the vectors (best of {args.rounds}); the reader's embeddings {embedder.reader_seconds:.2f} s for "
            f"{embedder.reader_sentences:,} sentences; standing preferences held {held[False]} -> {held[True]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
