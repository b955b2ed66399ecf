"""Throughput of the extractive summarizer: the LoCoMo dev conversations, and one huge pasted message.

1. Every LoCoMo dev conversation is folded in chunks of ``--chunk`` turns, carrying the state from one chunk to
   the next through ``core.merge.apply_delta`` as compaction does: turns per second for summarize alone, and for
   summarize + find_pinned + merge.
2. Linear and bounded (issue 18): one pasted user turn of N order lines folded by ``chatcompact.compact`` (the
   whole compaction: preservation rules, summarize, validation, merge, assembly), CPU seconds at 1,000-8,000 lines
   beside the target (<= 1 s at 8,000) and the ratio 8,000 / 4,000 (2.0 is linear); then a thread whose one
   message holds 999,000 characters compacted with ``thread.compact()``.

    python benchmarks/extractive_speed.py [--data ../shared/data/locomo_dev.json] [--chunk 20] [--repeat 3] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

from chatcompact import Memory, Policy, compact
from chatcompact.core.merge import apply_delta
from chatcompact.core.preserve import find_pinned
from chatcompact.protocols import SummaryRequest
from chatcompact.summarizers import ExtractiveSummarizer
from chatcompact.types import Message, SummaryState, parse_message

PASTE_TARGET_S = 1.0  # issue 18: the 8,000-line paste
SIZES = (1000, 2000, 4000, 8000)


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


def paste(lines: int, seed: int = 7) -> str:
    """A user pasting ``lines`` order lines (an id, a quantity, an item, an amount, a date, a city each)."""
    rng = random.Random(seed)
    items = ("blue widget", "red gadget", "steel bolt M8", "oak shelf", "USB-C cable", "desk lamp")
    cities = ("Berlin", "Lyon", "Milano", "Wien", "Porto", "Gent")
    rows = [
        f"ORD-{100000 + i} | {rng.randint(1, 9)} x {rng.choice(items)} | "
        f"{rng.randint(1, 999)}.{rng.randint(0, 99):02d} EUR"
        f" | shipped 2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} to {rng.choice(cities)}"
        for i in range(lines)
    ]
    return "Here are my orders, please check which ones are late:\n" + "\n".join(rows)


def paste_cpu(lines: int) -> float:
    """CPU seconds of ``chatcompact.compact`` folding one pasted turn of ``lines`` order lines."""
    messages = [
        {"role": "user", "content": paste(lines)},
        {"role": "assistant", "content": "I will check them now."},
        {"role": "user", "content": "Thanks. Which of them shipped to Lyon?"},
        {"role": "assistant", "content": "Let me look that up."},
    ]
    t0 = time.process_time()
    compact(messages, keep_recent=2)
    return time.process_time() - t0


def huge_cpu(chars: int = 999_000) -> float:
    """CPU seconds of ``thread.compact()`` over a thread whose first message holds ``chars`` characters."""
    big = " ".join(f"Line {i}: the value of item {i} is {i * 7} units, see ticket T-{i}." for i in range(chars // 40))
    with Memory.open("memory://", background=False, policy=Policy(auto=False), embedder="none") as mem:
        t = mem.thread("big", budget=8000)
        t.add_many(
            [
                {"role": "user", "content": big[:chars]},
                {"role": "assistant", "content": "Read it all."},
                {"role": "user", "content": "Summarise please."},
                {"role": "assistant", "content": "Sure."},
            ]
        )
        t0 = time.process_time()
        t.compact(keep_tokens=0)
        return time.process_time() - t0


def main() -> None:
    default = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo_dev.json"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=default)
    ap.add_argument("--chunk", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one repeat, and the paste at 4,000 and 8,000 lines only")
    args = ap.parse_args()
    repeat = 1 if args.quick else args.repeat
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores shared; CPU seconds below are this process's own)")
    if args.data.is_file():
        convs = load(args.data)
        for pin in (False, True):
            turns, total, alone = min((run(convs, args.chunk, pin) for _ in range(repeat)), key=lambda r: r[1])
            if not pin:
                print(f"{'summarize alone':34s} {turns} turns in {alone:.3f}s = {turns / alone:,.0f} turns/s")
            label = "summarize + find_pinned + merge" if pin else "summarize + merge"
            print(f"{label:34s} {turns} turns in {total:.3f}s = {turns / total:,.0f} turns/s")
    else:
        print(f"no LoCoMo data at {args.data}: the turns/s figures are skipped (--data PATH)")
    paste_cpu(200)  # warm up: the tokenizer's vocabulary and the language data load once per process
    cpu: dict[int, float] = {}
    for lines in (4000, 8000) if args.quick else SIZES:
        cpu[lines] = min(paste_cpu(lines) for _ in range(repeat))
        mark = f"  (target <= {PASTE_TARGET_S:.1f} s)" if lines == 8000 else ""
        print(f"compact() of one pasted turn of {lines:>5,} order lines: {cpu[lines]:.2f} s CPU{mark}")
    print(f"ratio 8,000 / 4,000 lines: {cpu[8000] / cpu[4000]:.2f} (2.00 = linear; 12.3 s / 4.8 s = 2.56 before)")
    print(f"thread.compact() after a 999,000-character message: {min(huge_cpu() for _ in range(repeat)):.2f} s CPU")


if __name__ == "__main__":
    main()
