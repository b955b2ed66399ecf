"""The adapters' shared per-thread cache: each framework message stored once, whatever list the framework hands over."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from chatcompact import Memory
from chatcompact.integrations._mirror import Mirror, Mirrors, message_key, short


def _msgs(n: int, start: int = 0) -> list[dict[str, Any]]:
    return [{"role": "user" if i % 2 == 0 else "assistant", "content": f"m{i}"} for i in range(start, start + n)]


def _convert(elements: Any) -> list[dict[str, Any]]:
    return [dict(e) for e in elements]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(0, 7))
def test_growing_lists_store_each_message_once_even_after_a_restart(steps: list[int], restart_at: int) -> None:
    with Memory.open("memory://", background=False) as mem:
        thread = mem.thread("t")
        mirror = Mirror(thread, key=message_key)
        sent: list[dict[str, Any]] = []
        for i, n in enumerate(steps):
            if i == restart_at:  # a new process: no memory of the last list, only the store
                mirror = Mirror(thread, key=message_key)
            sent = sent + _msgs(n, len(sent))
            mirror.sync(sent, _convert)
        assert [m.text for m in thread.history()] == [m["content"] for m in sent]


def test_a_view_handed_out_is_known_and_not_stored() -> None:
    with Memory.open("memory://", background=False) as mem:
        mirror = Mirrors(mem, 1000, key=message_key).get("v", system="be brief")
        mirror.sync(_msgs(4), _convert)
        view = [{"role": "system", "content": "summary: ..."}, *_msgs(2, 2)]
        mirror.assume_known(view)
        mirror.sync([*view, *_msgs(2, 4)], _convert)
        assert [m.text for m in mirror.thread.history()] == [f"m{i}" for i in range(6)]
        assert mem.thread("v").system == "be brief"


def test_long_strings_are_keyed_by_length_and_hash() -> None:
    big = "x" * 1_000_000
    assert short({"a": [big]}) == {"a": [f"\x00{len(big)}:{hash(big)}"]}
    assert message_key({"role": "tool", "content": big, "tool_call_id": "c"}) != message_key(
        {"role": "tool", "content": big + "y", "tool_call_id": "c"}
    )
    assert message_key({"role": "user", "content": "hi", "meta": {"key": "id-1"}}) == "key:id-1"
