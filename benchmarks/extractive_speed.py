"""Throughput of the extractive summarizer (and of preservation rules) over the LoCoMo dev conversations.

Every conversation is folded in chunks of ``--chunk`` turns, carrying the state from one chunk to the next
through ``core.merge.apply_delta`` as compaction does. Prints turns per second for summarize alone and for
summarize + find_pinned.

    python benchmarks/extractive_speed.py [--data ../shared/data/locomo_dev.json] [--chunk 20] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from chatcompact.config import Policy
from chatcompact.core.merge import apply_delta
from chatcompact.core.preserve import find_pinned
from chatcompact.protocols import SummaryRequest
from chatcompact.summarizers import ExtractiveSummarizer
from chatcompact.types import Message, SummaryState, parse_message


def load(path: Path) -> list[list[Message]]:
    """LoCoMo conversations as message lists: speaker_a is the user, speaker_b the assistant."""
    convs = []
    for sample in json.loads(path.read_text()):
        conv = sample["conversation"]
        roles = {conv["speaker_a"]: "user", conv["speaker_b"]: "assistant"}
        sessions = sorted((k for k in conv if k.startswith("session_") and k[8:].isdigit()), key=lambda k: int(k[8:]))
        msgs: list[Message] = []
        for key in sessions:
            for turn in conv[key]:
                raw = {"role": roles.get(turn["speaker"], "user"), "content": turn["text"], "name": turn["speaker"]}
                msgs.append(parse_message(raw).with_meta(len(msgs) + 1, float(len(msgs))))
        convs.append(msgs)
    return convs


def run(convs: list[list[Message]], chunk: int, pin: bool) -> tuple[int, float, float]:
    """Turns folded, total seconds, and seconds inside ``summarize`` alone."""
    summarizer, policy = ExtractiveSummarizer(), Policy()
    turns, in_summarize, start = 0, 0.0, time.perf_counter()
    for msgs in convs:
        state = SummaryState()
        for i in range(0, len(msgs), chunk):
            part = msgs[i : i + chunk]
            pinned = find_pinned(part) if pin else ()
            t0 = time.perf_counter()
            delta = summarizer.summarize(SummaryRequest(state=state, messages=part, pinned=pinned))
            in_summarize += time.perf_counter() - t0
            state, _ = apply_delta(state, delta, policy, pinned)
            turns += len(part)
    return turns, time.perf_counter() - start, in_summarize


def main() -> None:
    default = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=default)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    convs = load(args.data)
    for pin in (False, True):
        turns, total, alone = min((run(convs, args.chunk, pin) for _ in range(args.repeat)), key=lambda r: r[1])
        if not pin:
            print(f"{'summarize alone':34s} {turns} turns in {alone:.3f}s = {turns / alone:,.0f} turns/s")
        label = "summarize + find_pinned + merge" if pin else "summarize + merge"
        print(f"{label:34s} {turns} turns in {total:.3f}s = {turns / total:,.0f} turns/s")


if __name__ == "__main__":
    main()
