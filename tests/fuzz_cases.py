"""Fuzz cases over the public entry points, shared by tests/test_fuzz.py (short, in CI) and benchmarks/fuzz.py (long).

Each case runs one call on a fresh or shared thread and is classified: ``ok`` (accepted), ``clean`` (refused
with a ChatcompactError), ``raw`` (any other exception: a bug) or ``broken`` (after the call the thread can no
longer be opened, assembled or searched: the worst bug). Targets: 0 raw, 0 broken.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner
from hypothesis import strategies as st

from chatcompact import ChatcompactError, Memory, Message, Policy, ToolCall
from chatcompact.testing import CountingTokenizer

# ---------------------------------------------------------------- values

_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),  # includes lone surrogates
    st.binary(max_size=8),
)
_json_like = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=8), st.integers()), inner, max_size=4),
        st.frozensets(st.integers(), max_size=3),
        st.tuples(inner),
    ),
    max_leaves=12,
)
_roles = st.one_of(
    st.sampled_from(["user", "assistant", "tool", "system", "developer", "bogus", ""]), _json_like, st.just(["user"])
)
_content = st.one_of(
    st.text(max_size=200),
    st.lists(st.fixed_dictionaries({"type": st.sampled_from(["text", "image_url", "x"]), "text": _json_like})),
    _json_like,
)
_tool_calls = st.lists(
    st.fixed_dictionaries(
        {
            "id": st.one_of(st.text(max_size=10), _json_like),
            "function": st.fixed_dictionaries({"name": st.text(max_size=10), "arguments": _json_like}),
        }
    ),
    max_size=2,
)
message = st.one_of(
    st.fixed_dictionaries(
        {"role": _roles, "content": _content},
        optional={
            "name": _json_like,
            "tool_calls": st.one_of(_tool_calls, _json_like),
            "tool_call_id": _json_like,
            "refusal": _json_like,
            "annotations": _json_like,
        },
    ),
    _json_like,
)


def _deep(n: int) -> list:
    out: list = []
    cur = out
    for _ in range(n):
        cur.append([])
        cur = cur[0]
    return out


SPECIAL_MESSAGES = [
    {"role": "user", "content": "\ud800 lone surrogate"},
    {"role": "user", "content": [{"type": "text", "text": "x", "deep": _deep(3000)}]},
    {"role": {"user"}, "content": "unhashable role"},
    {"role": ["user"], "content": "list role"},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": {"s": {1, 2}}}}],
    },
    {"role": "user", "content": "x", "created_at": 1.7e12},
    {"role": "user", "content": "nan", "annotations": [math.nan]},
]

# Message values (not dicts) whose fields hold anything: a hand-built Message is validated like a dict
message_value = st.builds(
    Message,
    role=_roles,
    content=st.one_of(st.text(max_size=50), st.none(), st.tuples(_json_like)),
    tool_calls=st.one_of(
        st.just(()),
        st.tuples(st.one_of(_json_like, st.builds(ToolCall, _json_like, _json_like, _json_like))),
    ),
    tool_call_id=st.one_of(st.none(), _json_like),
)
# the optional arguments of context/recall/compact (issue 20 §13), each any value
call_args = st.fixed_dictionaries(
    {},
    optional={
        "tools": st.one_of(
            _json_like,
            st.lists(
                st.fixed_dictionaries(
                    {"type": st.just("function"), "function": st.fixed_dictionaries({"name": st.text(max_size=8)})}
                ),
                max_size=2,
            ),
        ),
        "speaker_weight": _json_like,
        "exclude": _json_like,
        "keep_tokens": _json_like,
        "focus": _json_like,
    },
)
thread_names = st.one_of(
    st.text(max_size=40), st.sampled_from(["__chatcompact_migration_incomplete__", "__chatcompact_x"]), _json_like
)
# the reproductions of issue 20 §13-14, each once a raw exception or a store that no longer opened
SPECIAL_CALLS = [
    ("context", {"tools": [{"type": "function", "function": {"name": "\ud800"}}]}),
    ("recall", {"speaker_weight": "x"}),
    ("recall", {"exclude": 5}),
    *[("compact", {"keep_tokens": v}) for v in ("x", -1, math.nan, 1.5, True)],
    ("add", {"message": Message("assistant", tool_calls=({"id": "a"},))}),  # type: ignore[arg-type]
    ("thread", {"name": "__chatcompact_migration_incomplete__"}),
]

# ---------------------------------------------------------------- running a case

OK, CLEAN, RAW, BROKEN = "ok", "clean", "raw", "broken"


def classify(fn: Callable[[], Any]) -> tuple[str, BaseException | None]:
    """Run ``fn``: ok, clean (a ChatcompactError) or raw (anything else)."""
    try:
        fn()
    except ChatcompactError as exc:
        return CLEAN, exc
    except RecursionError as exc:
        return RAW, exc
    except Exception as exc:  # the point of the fuzzer: any other exception is a finding
        return RAW, exc
    return OK, None


def thread_alive(path: str, thread_id: str) -> bool:
    """Reopen the store and use the thread the way an application would."""
    try:
        with Memory.open(path, tokenizer=CountingTokenizer(), background=False) as mem:
            t = mem.thread(thread_id)
            t.recall("what did you say in December, or yesterday?", k=3)  # dates read as of its latest message
            t.add({"role": "user", "content": "are you still there?"})
            t.context(budget=2000, query="still there")
            [h.as_dict() for h in t.recall("still there", k=3)]
            t.run_tool({"id": "c1", "type": "function", "function": {"name": "recall", "arguments": '{"query": "x"}'}})
        return True
    except Exception:
        return False


#: Times at either end of what the stores take (epoch seconds > 0, up to the last second of year 9999), and just past.
EDGE_TIMES = (1e-3, 1.0, 253402300799.0, 253402300800.0)


def add_case(path: str, raw: Any, created_at: Any = None, many: bool = False) -> str:
    """One ``add`` (or ``add_many``) on the thread of the store at ``path``; then is the thread still alive?"""

    def call() -> None:
        with Memory.open(path, tokenizer=CountingTokenizer(), background=False) as mem:
            t = mem.thread("fuzz")
            if many:
                t.add_many(raw, created_at=created_at)
            else:
                t.add(raw, created_at=created_at)

    outcome, _ = classify(call)
    return outcome if thread_alive(path, "fuzz") else BROKEN


policy_kwargs = st.dictionaries(
    st.sampled_from(
        [
            "budget",
            "high_water",
            "low_water",
            "max_tail_messages",
            "item_max_chars",
            "summary_share",
            "section_caps",
            "rollup_messages",
            "recall_quotes",
            "max_message_chars",
            "hierarchy",
        ]
    ),
    _json_like,
    max_size=3,
)
open_args = st.one_of(_json_like, st.text(max_size=20).map(lambda s: "sqlite:///" + s), st.just("x\x00y.db"))
recall_args = st.fixed_dictionaries(
    {"query": st.one_of(st.text(max_size=30), _json_like), "k": _json_like, "neighbors": st.integers(-2, 3)}
)


def call_case(kind: str, args: dict[str, Any], path: str) -> str:
    """One ``context``/``recall``/``compact``/``add``/``thread`` call with the optional arguments ``args``; then is
    the store still usable (the thread alive, the store still opening)?"""

    def call() -> None:
        with Memory.open(path, tokenizer=CountingTokenizer(), background=False) as mem:
            if kind == "thread":
                mem.thread(args["name"]).add({"role": "user", "content": "hi"})
                return
            t = mem.thread("fuzz")
            t.add({"role": "user", "content": "my order 88231 arrived broken"})
            if kind == "context":
                t.context(budget=2000, query="order", tools=args.get("tools"))
            elif kind == "recall":
                kw = {k: args[k] for k in ("speaker_weight", "exclude") if k in args}
                t.recall("order", **kw)
            elif kind == "compact":
                t.compact(keep_tokens=args.get("keep_tokens"), focus=args.get("focus"))
            else:
                t.add(args["message"])

    outcome, _ = classify(call)
    return outcome if thread_alive(path, "fuzz") else BROKEN


def api_case(kind: str, args: Any, path: str) -> str:
    """One call of ``Policy(...)``, ``Memory.open(...)``, ``context(query=...)`` or ``recall(...)``."""

    def call() -> None:
        if kind == "policy":
            Policy(**args)
        elif kind == "open":
            Memory.open(args, tokenizer=CountingTokenizer(), background=False).close()
        else:
            with Memory.open(path, tokenizer=CountingTokenizer(), background=False) as mem:
                t = mem.thread("fuzz")
                if kind == "context":
                    t.context(budget=2000, query=args)
                else:
                    t.recall(args["query"], args["k"], neighbors=args["neighbors"])

    outcome, _ = classify(call)
    if kind in ("context", "recall") and not thread_alive(path, "fuzz"):
        return BROKEN
    return outcome


CLI_FILES = {
    "empty": b"",
    "not-utf8": b"\xff\xfe\x00garbage\x80",
    "not-json": b"{not json",
    "json-list": b"[1, 2, 3]",
    "locomo-missing-keys": b'[{"sample_id": "x"}]',
    "locomo-bad-types": b'[{"sample_id": 1, "conversation": {"speaker_a": 5, "session_1": "x"}}]',
}
CLI_COMMANDS = [
    ["inspect", "{db}"],
    ["inspect", "{db}", "nothread"],
    ["recall", "{db}", "t", "q", "-k", "0"],
    ["recall", "{db}", "t", "q"],
    ["hierarchy", "{db}", "t"],
    ["revert", "{db}", "t", "99"],
    ["compact", "{file}"],
    ["replay", "{file}"],
    ["eval", "{file}"],
    ["migrate", "{db}", "{db}2"],
]


def cli_case(command: list[str], content: bytes) -> str:
    """One CLI invocation over a hostile file: a clean exit (any code, no traceback) or raw."""
    from chatcompact.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        file = os.path.join(tmp, "input.json")
        with open(file, "wb") as f:
            f.write(content)
        db = os.path.join(tmp, "store.db")
        args = [a.format(db=db, file=file) for a in command]
        result = CliRunner().invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return RAW
    return OK if result.exit_code == 0 else CLEAN


# ---------------------------------------------------------------- malformed HTTP requests (issue 20 §8)
# (name, method, path, body: raw bytes, or a JSON-able value sent as JSON, or None; extra headers).
# Every one must get a 4xx in the route's error shape (the vendors' on the proxy routes), never a 500.
_U = {"role": "user", "content": "hi"}


def _chat(**kw: Any) -> dict[str, Any]:
    return {"model": "m", "messages": [_U], "user": "fuzz", **kw}


def _anth(**kw: Any) -> dict[str, Any]:
    return {"model": "c", "max_tokens": 5, "messages": [_U], "metadata": {"user_id": "fuzz"}, **kw}


def _resp(**kw: Any) -> dict[str, Any]:
    return {"model": "m", "input": "hi", "metadata": {"thread_id": "fuzz"}, **kw}


_BODY_KILLERS: list[tuple[str, Any]] = [
    ("deep-brackets", b"[" * 100_000),
    ("deep-objects", b'{"a":' * 5_000 + b"1" + b"}" * 5_000),
    ("not-json", b"{not json"),
    ("empty", b""),
    ("array", b"[1, 2]"),
    ("string", b'"x"'),
    ("number", b"5"),
    ("null", b"null"),
    ("lone-surrogate", b'{"messages": [{"role": "user", "content": "\\ud800"}]}'),
    ("invalid-utf8", b'{"messages": [{"role": "user", "content": "\xff\xfe"}]}'),
    ("nan", b'{"messages": [{"role": "user", "content": "x"}], "temperature": NaN}'),
    ("infinity", b'{"temperature": 1e999}'),
    ("huge-int", b'{"max_tokens": 123456789012345678901234567890}'),
    ("truncated", b'{"messages": [{"role": "user", "content": "x'),
]
_PROXY_ROUTES = ["/v1/chat/completions", "/v1/responses", "/v1/responses/compact", "/v1/messages"]

MALFORMED_REQUESTS: list[tuple[str, str, str, Any, dict[str, str]]] = [
    (f"{route}:{name}", "POST", route, body, {}) for route in _PROXY_ROUTES for name, body in _BODY_KILLERS
]
MALFORMED_REQUESTS += [
    (f"chat:{name}", "POST", "/v1/chat/completions", body, {})
    for name, body in [
        ("no-messages", {"model": "m"}),
        ("messages-int", _chat(messages=5)),
        ("messages-str", _chat(messages="x")),
        ("messages-empty", _chat(messages=[])),
        ("message-int", _chat(messages=[5])),
        ("message-null", _chat(messages=[None])),
        ("role-wizard", _chat(messages=[{"role": "wizard", "content": "x"}])),
        ("role-missing", _chat(messages=[{"content": "x"}])),
        ("role-int", _chat(messages=[{"role": 5, "content": "x"}])),
        ("role-list", _chat(messages=[{"role": ["user"], "content": "x"}])),
        ("content-int", _chat(messages=[{"role": "user", "content": 5}])),
        ("content-object", _chat(messages=[{"role": "user", "content": {"a": 1}}])),
        ("content-parts-int", _chat(messages=[{"role": "user", "content": [5]}])),
        ("content-part-text-int", _chat(messages=[{"role": "user", "content": [{"type": "text", "text": 5}]}])),
        ("tool-calls-int", _chat(messages=[_U, {"role": "assistant", "content": None, "tool_calls": 5}])),
        ("tool-calls-item-int", _chat(messages=[_U, {"role": "assistant", "tool_calls": [5]}])),
        ("tool-call-function-int", _chat(messages=[_U, {"role": "assistant", "tool_calls": [{"function": 5}]}])),
        (
            "tool-call-name-int",
            _chat(messages=[_U, {"role": "assistant", "tool_calls": [{"id": "a", "function": {"name": 5}}]}]),
        ),
        ("tool-without-call-id", _chat(messages=[_U, {"role": "tool", "content": "x"}])),
        ("tool-call-id-int", _chat(messages=[_U, {"role": "tool", "content": "x", "tool_call_id": 5}])),
        ("orphan-tool-result", _chat(messages=[_U, {"role": "tool", "content": "x", "tool_call_id": "nope"}])),
        ("name-int", _chat(messages=[{"role": "user", "content": "x", "name": 5}])),
        ("name-bad", _chat(messages=[{"role": "user", "content": "x", "name": "a b!"}])),
        ("system-content-int", _chat(messages=[{"role": "system", "content": 5}, _U])),
        ("tools-int", _chat(tools=5)),
        ("tools-item-int", _chat(tools=[5])),
        (
            "tools-surrogate",
            b'{"messages": [{"role": "user", "content": "x"}], "tools": [{"function": {"name": "\\udc00"}}]}',
        ),
    ]
]
MALFORMED_REQUESTS += [
    ("chat:thread-header-too-long", "POST", "/v1/chat/completions", _chat(), {"X-Chatcompact-Thread": "t" * 500}),
    ("chat:budget-header-text", "POST", "/v1/chat/completions", _chat(), {"X-Chatcompact-Budget": "abc"}),
    ("chat:budget-header-tiny", "POST", "/v1/chat/completions", _chat(), {"X-Chatcompact-Budget": "10"}),
]
MALFORMED_REQUESTS += [
    (f"responses:{name}", "POST", "/v1/responses", body, {})
    for name, body in [
        ("input-int", _resp(input=5)),
        ("input-object", _resp(input={"a": 1})),
        ("input-item-int", _resp(input=[5])),
        ("input-role-bad", _resp(input=[{"type": "message", "role": "wizard", "content": "x"}])),
        ("function-call-name-int", _resp(input=[{"type": "function_call", "call_id": "c", "name": 5}])),
        ("function-output-orphan", _resp(input=[{"type": "function_call_output", "call_id": "c", "output": "x"}])),
        ("context-management-int", _resp(context_management=5)),
        ("context-management-item-int", _resp(context_management=[5])),
        ("compact-threshold-text", _resp(context_management=[{"type": "compaction", "compact_threshold": "abc"}])),
        ("compact-threshold-negative", _resp(context_management=[{"type": "compaction", "compact_threshold": -1}])),
        ("compact-threshold-bool", _resp(context_management=[{"type": "compaction", "compact_threshold": True}])),
        ("tools-int", _resp(tools=5)),
    ]
]
MALFORMED_REQUESTS += [
    ("responses-compact:input-object", "POST", "/v1/responses/compact", _resp(input={"a": 1}), {}),
    ("responses-compact:input-item-int", "POST", "/v1/responses/compact", _resp(input=[5]), {}),
]
MALFORMED_REQUESTS += [
    (f"messages:{name}", "POST", "/v1/messages", body, {})
    for name, body in [
        ("no-messages", {"model": "c", "max_tokens": 5}),
        ("messages-int", _anth(messages=5)),
        ("role-system", _anth(messages=[{"role": "system", "content": "x"}])),
        ("content-int", _anth(messages=[{"role": "user", "content": 5}])),
        ("content-block-int", _anth(messages=[{"role": "user", "content": [5]}])),
        (
            "tool-result-orphan",
            _anth(messages=[{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x"}]}]),
        ),
        ("context-management-int", _anth(context_management=5)),
        ("edits-int", _anth(context_management={"edits": 5})),
        ("edit-int", _anth(context_management={"edits": [5]})),
        ("trigger-int", _anth(context_management={"edits": [{"type": "compact_20260112", "trigger": 5}]})),
        (
            "trigger-value-text",
            _anth(context_management={"edits": [{"type": "compact_20260112", "trigger": {"value": "abc"}}]}),
        ),
        ("tools-int", _anth(tools=5)),
    ]
]
MALFORMED_REQUESTS += [
    (f"rest:{name}", method, path, body, {})
    for name, method, path, body in [
        ("messages-deep", "POST", "/v1/threads/fz/messages", b"[" * 100_000),
        ("messages-int", "POST", "/v1/threads/fz/messages", {"messages": 5}),
        ("messages-item-int", "POST", "/v1/threads/fz/messages", {"messages": [5]}),
        (
            "messages-surrogate",
            "POST",
            "/v1/threads/fz/messages",
            b'{"messages": [{"role": "user", "content": "\\ud800"}]}',
        ),
        ("system-int", "POST", "/v1/threads/fz/messages", {"messages": [_U], "system": 5}),
        ("note-int", "POST", "/v1/threads/fz/notes", {"text": 5}),
        ("compact-keep-text", "POST", "/v1/threads/fz/compact", {"keep_tokens": "x"}),
        ("revert-text", "POST", "/v1/threads/fz/revert", {"version": "x"}),
        ("forget-text", "POST", "/v1/threads/fz/forget", {"messages": "x"}),
        ("forget-item-text", "POST", "/v1/threads/fz/forget", {"messages": ["x"]}),
        ("forget-empty", "POST", "/v1/threads/fz/forget", {"messages": []}),
        ("recall-k-text", "GET", "/v1/threads/fz/recall?q=x&k=abc", None),
        ("context-budget-text", "GET", "/v1/threads/fz/context?budget=abc", None),
        ("context-budget-huge", "GET", "/v1/threads/fz/context?budget=99999999999999999999", None),
        ("thread-nul", "GET", "/v1/threads/a%00b/messages", None),
        ("thread-too-long", "GET", "/v1/threads/" + "t" * 1000 + "/messages", None),
        ("messages-after-text", "GET", "/v1/threads/fz/messages?after=abc", None),
    ]
]


def send_malformed(base: str, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    """Send one case with httpx; returns the response."""
    import httpx

    kw: dict[str, Any] = {"headers": {"content-type": "application/json", **headers}, "timeout": 60}
    if isinstance(body, bytes):
        kw["content"] = body
    elif body is not None:
        kw["json"] = body
    return httpx.request(method, base + path, **kw)


# ---------------------------------------------------------------- generated request bodies (JSON only)
_json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**62), 2**62),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),  # lone surrogates included: json.dumps escapes them, the server must refuse them
)
json_values = st.recursive(
    _json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)
_json_message = st.one_of(
    st.fixed_dictionaries(
        {"role": st.one_of(st.sampled_from(["user", "assistant", "tool", "system", "bogus"]), json_values)},
        optional={"content": json_values, "tool_calls": json_values, "tool_call_id": json_values, "name": json_values},
    ),
    json_values,
)
proxy_bodies = st.one_of(
    st.fixed_dictionaries(
        {"messages": st.one_of(st.lists(_json_message, max_size=4), json_values)},
        optional={"model": json_values, "tools": json_values, "user": json_values, "stream": st.just(False)},
    ),
    st.fixed_dictionaries(
        {"input": st.one_of(st.text(max_size=20), st.lists(json_values, max_size=3), json_values)},
        optional={"context_management": json_values, "instructions": json_values},
    ),
    json_values,
)
PROXY_ROUTES = _PROXY_ROUTES


def http_case(base: str, route: str, body: Any) -> str:
    """One generated body to a proxy route: ok (2xx), clean (4xx/502 in the route's error shape) or raw (5xx)."""
    import json

    resp = send_malformed(base, "POST", route, json.dumps(body).encode(), {})
    if resp.status_code >= 500 and resp.status_code != 502:
        return RAW
    return OK if resp.status_code < 400 else CLEAN
