"""The error tree (issue 10 §2): every deliberate error is a ChatcompactError, budgets are checked the same way
everywhere, and a summarizer that cannot work says so when it is built, not at the first compaction."""

from __future__ import annotations

import ast
import asyncio
import re
import socket
from pathlib import Path

import pytest

import chatcompact
from chatcompact import (
    AsyncMemory,
    ChatcompactError,
    InvalidArgument,
    InvalidBudget,
    InvalidMessage,
    InvalidType,
    Memory,
    Message,
    MissingDependency,
    Policy,
    SummarizerUnavailable,
    compact,
)
from chatcompact.config import check_budget

SRC = Path(chatcompact.__file__).parent
# what a caller's mistake or a backend failure would be raised as; AttributeError (module __getattr__),
# AssertionError (internal invariants) and NotImplementedError keep their built-in meaning
USER_FACING = {"Exception", "ValueError", "TypeError", "KeyError", "IndexError", "LookupError", "RuntimeError"}
USER_FACING |= {"ImportError", "ModuleNotFoundError", "OSError", "FileNotFoundError", "IOError"}
# (file, exception) raised on purpose that are not ChatcompactError, each with its reason
ALLOWED = {
    ("summarizers/local.py", "ImportError"),  # caught two lines below and turned into MissingDependency
}


def _raised_builtins() -> set[tuple[str, str, int]]:
    found = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            exc = node.exc if isinstance(node, ast.Raise) else None
            call = exc.func if isinstance(exc, ast.Call) else exc
            if isinstance(call, ast.Name) and call.id in USER_FACING:
                found.add((path.relative_to(SRC).as_posix(), call.id, node.lineno))
    return found


def test_no_raw_builtin_errors_are_raised():
    raw = {(f, e, line) for f, e, line in _raised_builtins() if (f, e) not in ALLOWED}
    assert raw == set(), "raise an error of the ChatcompactError tree (errors.py) instead"


def test_tree_shape_and_mixins():
    assert issubclass(InvalidArgument, ChatcompactError) and issubclass(InvalidArgument, ValueError)
    assert issubclass(InvalidType, InvalidArgument) and issubclass(InvalidType, TypeError)
    assert issubclass(InvalidBudget, InvalidArgument)
    assert issubclass(SummarizerUnavailable, chatcompact.ConfigError)
    for name in chatcompact.__all__:  # every exported exception is in the tree and named in its drawing
        obj = getattr(chatcompact, name)
        if isinstance(obj, type) and issubclass(obj, BaseException):
            assert issubclass(obj, ChatcompactError), name
            assert name in chatcompact.errors.__doc__, f"{name} missing from the tree in errors.py"


@pytest.mark.parametrize("bad", [0, -5, True, False, 1500.0, "1500", None, 2.5])
def test_check_budget_rejects_what_is_not_a_positive_int(bad):
    with pytest.raises(InvalidBudget, match="budget") as err:
        check_budget(bad)
    assert repr(bad) in str(err.value) or str(bad) in str(err.value)


def test_check_budget_passes_ints():
    assert check_budget(1) == 1 and check_budget(128_000) == 128_000


@pytest.mark.parametrize("bad", [0, -1, True, 1500.0, "1500", float("nan"), float("inf")])
def test_thread_context_rejects_bad_budgets_instead_of_using_the_default(bad):
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "hello"})
        with pytest.raises(InvalidBudget):
            t.context(bad)
        with pytest.raises(InvalidBudget):
            t.usage(bad)  # 0 once meant "the thread's budget" here
        assert len(t.context(500)) == 1  # nothing was lost


@pytest.mark.parametrize("bad", [0, float("nan"), float("inf"), "1500"])
def test_async_thread_checks_budgets_like_the_sync_one(bad):
    async def main() -> None:
        async with await AsyncMemory.open("memory://", background=False) as mem:
            t = await mem.thread("t")
            with pytest.raises(InvalidBudget):
                await t.context(bad)
            with pytest.raises(InvalidBudget):
                await t.usage(bad)

    asyncio.run(main())


@pytest.mark.parametrize("bad", [0, -5, True, 1500.0, "1500", float("nan"), float("inf"), None])
def test_policy_budget_is_checked(bad):
    with pytest.raises(ChatcompactError, match=r"Policy\.budget"):
        Policy(budget=bad)


def test_context_format_is_checked_before_any_work():
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "hello"})
        with pytest.raises(InvalidArgument, match="format must be 'openai' or 'anthropic', got 'bogus'"):
            t.context(500, format="bogus")  # type: ignore[call-overload]
        assert len(t.context(500, format="openai")) == 1


@pytest.mark.parametrize("bad", [0, -1, True, "1500"])
def test_compact_rejects_bad_budgets(bad):
    with pytest.raises(InvalidBudget):
        compact([{"role": "user", "content": "hi"}], budget=bad)


def test_recall_bad_arguments_are_invalid_argument():
    with Memory.open("memory://", background=False) as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "hello"})
        with pytest.raises(InvalidArgument, match="k must be an int from 1"):
            t.recall("hello", 0)
        with pytest.raises(InvalidArgument, match="mode"):
            t.recall("hello", 3, mode="fuzzy")


_BAD_CALLS = [  # issue 20 §13: each once raised a raw exception (or was accepted silently)
    ("tools", lambda t: t.context(500, tools=[{"type": "function", "function": {"name": "\ud800"}}]), "tools[0]"),
    ("tools", lambda t: t.context(500, tools={"type": "function"}), "tools must be a list"),
    ("tools", lambda t: t.context(500, tools=[5]), "tools[0] must be"),
    ("speaker_weight", lambda t: t.recall("hello", speaker_weight="x"), "speaker_weight"),
    ("speaker_weight", lambda t: t.recall("hello", speaker_weight=float("nan")), "speaker_weight"),
    ("exclude", lambda t: t.recall("hello", exclude=5), "exclude"),
    ("exclude", lambda t: t.recall("hello", exclude=["1"]), "exclude"),
    ("roles", lambda t: t.recall("hello", roles=5), "roles"),
    *[("keep_tokens", lambda t, v=v: t.compact(keep_tokens=v), "keep_tokens") for v in ("x", -1, 1.5, True)],
    ("keep_tokens", lambda t: t.compact(keep_tokens=float("nan")), "keep_tokens"),
    ("focus", lambda t: t.compact(focus=5), "focus"),
]


@pytest.mark.parametrize("call, named", [c[1:] for c in _BAD_CALLS], ids=[c[0] for c in _BAD_CALLS])
def test_bad_arguments_are_clean_errors_naming_the_argument(call, named):
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "hello"})
        with pytest.raises(InvalidArgument, match=re.escape(named)):
            call(t)
        assert t.compactions() == [] and len(t.history()) == 1  # nothing changed


@pytest.mark.parametrize("bad", ["x", -1, 1.5, True])
def test_async_compact_checks_keep_tokens_like_the_sync_one(bad):
    async def go():
        async with AsyncMemory.open("memory://", embedder="none") as mem:
            t = await mem.thread("t")
            await t.add({"role": "user", "content": "hello"})
            with pytest.raises(InvalidArgument, match="keep_tokens"):
                await t.compact(keep_tokens=bad)

    asyncio.run(go())


def test_a_message_value_with_a_dict_for_a_tool_call_is_an_invalid_message():
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("t")
        with pytest.raises(InvalidMessage) as e:
            t.add(Message("assistant", tool_calls=({"id": "a"},)))  # type: ignore[arg-type]
        assert e.value.field == "tool_calls[0].function"
        with pytest.raises(InvalidMessage) as e:
            t.add(Message("assistant", tool_calls=(5,)))  # type: ignore[arg-type]
        assert e.value.field == "tool_calls[0]"
        with pytest.raises(InvalidMessage) as e:
            t.add(Message("user", "x", extra={"role": "system"}))
        assert e.value.field == "extra.role"
        assert t.history() == []


def test_reserved_thread_names_are_refused_and_the_store_keeps_opening(tmp_path):
    """Issue 20 §14: a thread named like migrate's mark made every later Memory.open fail ("interrupted migrate")."""
    from chatcompact.runtime.migrate import MARKER

    path = tmp_path / "m.db"
    with Memory.open(path, background=False, embedder="none") as mem:
        for name in (MARKER, "__chatcompact_anything"):
            with pytest.raises(InvalidArgument, match="reserved"):
                mem.thread(name)
        mem.thread("__chat").add({"role": "user", "content": "an ordinary name that merely starts with underscores"})

    async def via_async():
        async with AsyncMemory.open(path, embedder="none") as amem:
            with pytest.raises(InvalidArgument, match="reserved"):
                await amem.thread(MARKER)

    asyncio.run(via_async())
    with Memory.open(path, background=False, embedder="none") as mem:  # still opens
        assert [t.id for t in mem.threads()] == ["__chat"]


def test_missing_dependency_names_the_extra():
    assert "pip install 'chatcompact[postgres]'" in str(MissingDependency("psycopg", "postgres"))


# ---------------------------------------------------------------- summarizers that cannot work fail fast


def test_openai_without_a_key_fails_at_open(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(SummarizerUnavailable, match="needs an API key"):
        Memory.open("memory://", summarizer="openai:gpt-4o-mini")


def test_anthropic_without_a_key_fails_at_open(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    with pytest.raises(SummarizerUnavailable, match="ANTHROPIC_API_KEY"):
        Memory.open("memory://", summarizer="anthropic:claude-haiku-4-5")


@pytest.mark.parametrize("url", ["http://127.0.0.1:99999/v1", "ftp://host/v1", "http:///v1"])
def test_a_base_url_that_does_not_parse_fails_at_construction(url):
    from chatcompact.summarizers.openai import OpenAISummarizer

    with pytest.raises(SummarizerUnavailable, match="base URL"):
        OpenAISummarizer("m", base_url=url)


def test_preflight_connects_to_local_servers_only():
    from chatcompact.summarizers.openai import OpenAISummarizer

    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        port = listening.getsockname()[1]
        OpenAISummarizer("m", base_url=f"http://127.0.0.1:{port}/v1").preflight()  # something answers: fine
    with pytest.raises(SummarizerUnavailable, match="nothing answers"):
        OpenAISummarizer("m", base_url=f"http://127.0.0.1:{port}/v1").preflight()
    OpenAISummarizer("m", base_url="https://api.example.invalid/v1").preflight()  # remote: not contacted


def test_a_corrupt_minilm_tokenizer_is_refused(tmp_path):
    from chatcompact.embedders.local import MINILM_TOKENIZER, LocalEmbedder

    assert MINILM_TOKENIZER.is_file() and 300_000 < MINILM_TOKENIZER.stat().st_size < 1_000_000
    assert LocalEmbedder._tokenizer_json(MINILM_TOKENIZER).startswith("{")
    bad = tmp_path / "tokenizer.json"
    bad.write_bytes(MINILM_TOKENIZER.read_bytes().replace(b'"[UNK]"', b'"[UNX]"', 1))
    with pytest.raises(ChatcompactError, match="not the MiniLM tokenizer"):
        LocalEmbedder._tokenizer_json(bad)
