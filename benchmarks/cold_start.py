"""Cold start: whole-process wall time of a CLI call, an import and a first context, beside their floors.

Each command runs in a fresh process (so nothing is cached between runs), median of 5, the commands
interleaved round by round so a machine that slows down mid-run slows them all alike. Printed beside
``python -c pass`` (the interpreter's own start) and beside the tokenizer library's own vocabulary load
(``quicktok.get_encoding("o200k_base")``: the floor of any first count). Targets (issue 10 §4):
``chatcompact --help`` within 0.3 s of ``python -c pass``; ``import chatcompact`` <= 0.15 s over it;
``Memory.open`` + first ``add`` + first ``context(budget)`` <= 1.5x the vocabulary load alone.

Run: ``python benchmarks/cold_start.py`` (``--runs N`` to change 5).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FIRST_CONTEXT = """
from chatcompact import Memory
with Memory.open("sqlite:///cold.db", embedder={embedder!r}) as mem:
    t = mem.thread("t", system="You are helpful.")
    t.add({{"role": "user", "content": "My order 88231 arrived broken; can I get a refund?"}})
    assert t.context(2000)
"""


def commands() -> dict[str, list[str]]:
    py = sys.executable
    cli = shutil.which("chatcompact", path=str(Path(py).parent)) or shutil.which("chatcompact")
    return {
        "python -c pass": [py, "-c", "pass"],
        "import chatcompact": [py, "-c", "import chatcompact"],
        "chatcompact --help": [cli, "--help"] if cli else [py, "-m", "chatcompact", "--help"],
        "vocabulary load (quicktok o200k)": [
            py,
            "-c",
            "import quicktok; quicktok.get_encoding('o200k_base').count('x')",
        ],
        "open + add + context (embedder none)": [py, "-c", FIRST_CONTEXT.format(embedder="none")],
        "open + add + context (default embedder)": [py, "-c", FIRST_CONTEXT.format(embedder=None)],
    }


def measure(runs: int) -> dict[str, float]:
    cmds = commands()
    times: dict[str, list[float]] = {name: [] for name in cmds}
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(runs + 1):  # the first round warms the OS file cache and is not counted
            for name, argv in cmds.items():
                Path(tmp, "cold.db").unlink(missing_ok=True)
                t0 = time.perf_counter()
                subprocess.run(argv, cwd=tmp, check=True, stdout=subprocess.DEVNULL, env={**os.environ})
                times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(ts[1:]) for name, ts in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    med = measure(parser.parse_args().runs)
    for name, seconds in med.items():
        print(f"{name:42s} {seconds:6.3f} s  (median of the runs, whole process)")
    floor, vocab = med["python -c pass"], med["vocabulary load (quicktok o200k)"]
    first, first_embed = med["open + add + context (embedder none)"], med["open + add + context (default embedder)"]
    checks = [
        ("chatcompact --help - python -c pass", med["chatcompact --help"] - floor, "<= 0.30 s"),
        ("import chatcompact - python -c pass", med["import chatcompact"] - floor, "<= 0.15 s"),
        ("first context (no embedder) / vocabulary load", first / vocab, "<= 1.5x"),
        ("first context (default embedder) / vocabulary load", first_embed / vocab, "(info)"),
    ]
    print()
    for name, value, target in checks:
        print(f"{name:52s} {value:6.2f}   target {target}")


if __name__ == "__main__":
    main()
