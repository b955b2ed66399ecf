"""Cold start (issue 10 §4), checked by what is imported and loaded, never by the clock (the timings are in
benchmarks/cold_start.py): ``import chatcompact`` and ``chatcompact --help`` load no heavy library, and the
tokenizer vocabulary loads on the first count, once per process."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "pydantic", "rich", "quicktok", "onnxruntime", "psycopg")


def _loaded_after(code: str) -> list[str]:
    probe = f"{code}\nimport sys\nprint(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return eval(out.strip().splitlines()[-1])


def test_import_chatcompact_loads_nothing_heavy():
    assert _loaded_after("import chatcompact; chatcompact.ChatcompactError") == []


def test_cli_help_loads_nothing_heavy():
    code = (
        "import sys\nfrom chatcompact.cli import main\nsys.argv = ['chatcompact', '--help']\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code"
    )
    assert _loaded_after(code) == []


def test_memory_open_does_not_load_the_vocabulary_until_the_first_count():
    code = (
        "from chatcompact import Memory\nmem = Memory.open('memory://', embedder='none')\n"
        "import sys\nassert 'quicktok' not in sys.modules, 'loaded at open'\n"
        "t = mem.thread('t')\nt.add({'role': 'user', 'content': 'hi'})\nassert 'quicktok' in sys.modules"
    )
    assert "quicktok" in _loaded_after(code)


def test_the_vocabulary_loads_once_per_process():
    from chatcompact.tokenizers import BPETokenizer, _vocabulary

    a, b = BPETokenizer("o200k_base"), BPETokenizer("o200k_base")
    assert a._enc is None  # nothing loaded by construction
    assert a.count("hello world") == b.count("hello world") == 2
    assert a._enc is b._enc is _vocabulary("o200k_base")
