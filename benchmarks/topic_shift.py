"""Topic-shift detection: precision/recall of detected boundaries.

Two data sets from ``../shared/data``:
- DialogSum: concatenations of 4-6 unrelated everyday dialogues (true boundary = first utterance
  of each dialogue after the first);
- LoCoMo: each conversation's session boundaries (the same two people, so topics often carry on:
  a much harder and noisier target).
A detected boundary within ``--tolerance`` messages of a true one counts as a hit.
Run: ``python benchmarks/topic_shift.py [--embedder local|hash] [--grid]``
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from chatcompact.core.topic import find_shifts

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def dialogsum_streams(n: int, seed: int = 7) -> list[tuple[list[str], set[int]]]:
    rows = [json.loads(line) for line in (DATA / "dialogsum.dev.jsonl").read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    streams = []
    for _ in range(n):
        texts, bounds = [], set()
        for j, row in enumerate(rng.sample(rows, rng.randint(4, 6))):
            utts = [u.split(":", 1)[-1].strip() for u in row["dialogue"].splitlines() if u.strip()]
            if j:
                bounds.add(len(texts))
            texts += utts
        streams.append((texts, bounds))
    return streams


def locomo_streams() -> list[tuple[list[str], set[int]]]:
    from chatcompact.transcripts import locomo_transcript

    out = []
    for sample in json.loads((DATA / "locomo_dev.json").read_text()):
        t = locomo_transcript(sample)
        ids = t.meta["dia_ids"]
        bounds = {i for i in range(1, len(ids)) if ids[i].split(":")[0] != ids[i - 1].split(":")[0]}
        out.append(([m["content"] for m in t.messages], bounds))
    return out


def score(streams, vectors, tol: int, **kw) -> tuple[float, float, float]:
    tp = fp = fn = 0
    for (_, truth), vec in zip(streams, vectors, strict=True):
        found = find_shifts(vec, **kw)
        matched = set()
        for f in found:
            hit = next((b for b in truth if abs(b - f) <= tol and b not in matched), None)
            if hit is None:
                fp += 1
            else:
                matched.add(hit)
                tp += 1
        fn += len(truth) - len(matched)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, 2 * p * r / (p + r) if p + r else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--embedder", default="local", choices=["local", "hash"])
    ap.add_argument("--streams", type=int, default=60)
    ap.add_argument("--tolerance", type=int, default=2)
    ap.add_argument("--grid", action="store_true", help="also print a small parameter grid (tuned on this data)")
    args = ap.parse_args()
    if args.embedder == "local":
        from chatcompact.embedders import default_embedder

        emb = default_embedder()
    else:
        from chatcompact.testing import HashEmbedder

        emb = HashEmbedder(256)
    for name, streams in (
        ("DialogSum concatenations", dialogsum_streams(args.streams)),
        ("LoCoMo sessions", locomo_streams()),
    ):
        t0 = time.perf_counter()
        vectors = [emb.embed(texts) for texts, _ in streams]
        n = sum(len(t) for t, _ in streams)
        print(f"{name}: {len(streams)} streams, {n} messages, embedded in {time.perf_counter() - t0:.1f}s ({emb.name})")
        p, r, f = score(streams, vectors, args.tolerance)
        print(f"  default parameters: precision {p:.2f} recall {r:.2f} F1 {f:.2f} (tolerance +-{args.tolerance})")
        if args.grid:
            for window in (3, 4, 6):
                for threshold in (0.15, 0.25, 0.35):
                    for max_sim in (0.5, 0.6, 0.7):
                        p, r, f = score(
                            streams, vectors, args.tolerance, window=window, threshold=threshold, max_similarity=max_sim
                        )
                        print(f"  window {window} depth {threshold} max_sim {max_sim}: P {p:.2f} R {r:.2f} F1 {f:.2f}")


if __name__ == "__main__":
    main()
