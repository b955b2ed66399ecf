"""Bad input: every malformed message gets its own clear error naming the field; nothing is stored."""

from __future__ import annotations

import pytest

from chatcompact import InvalidMessage, InvalidSequence, Memory
from chatcompact.types import parse_message

CALL = {"id": "c1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}

BAD = [
    ("not a dict", ["role", "user"], "message", "expected a dict"),
    ("no role", {"content": "hi"}, "role", "expected one of"),
    ("unknown role", {"role": "bot", "content": "hi"}, "role", "'bot'"),
    ("typo field", {"role": "user", "contnet": "hi"}, "contnet", "unknown field"),
    ("missing content", {"role": "user"}, "content", "is required"),
    ("null user content", {"role": "user", "content": None}, "content", "may be null only"),
    ("content wrong type", {"role": "user", "content": 42}, "content", "got int"),
    ("part not dict", {"role": "user", "content": ["hi"]}, "content[0]", "expected a dict part"),
    ("part bad type", {"role": "user", "content": [{"type": "video"}]}, "content[0].type", "unknown part type"),
    ("text part no text", {"role": "user", "content": [{"type": "text"}]}, "content[0].text", "needs a string"),
    ("tool calls on user", {"role": "user", "content": "x", "tool_calls": [CALL]}, "tool_calls", "only assistant"),
    ("tool calls not list", {"role": "assistant", "content": None, "tool_calls": {}}, "tool_calls", "expected a list"),
    (
        "tool call no id",
        {"role": "assistant", "content": None, "tool_calls": [{"type": "function", "function": {"name": "f"}}]},
        "tool_calls[0].id",
        "non-empty string",
    ),
    (
        "duplicate call ids",
        {"role": "assistant", "content": None, "tool_calls": [CALL, CALL]},
        "tool_calls[1].id",
        "duplicate",
    ),
    (
        "call without name",
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]},
        "tool_calls[0].function.name",
        "non-empty",
    ),
    (
        "arguments not string",
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "function": {"name": "f", "arguments": 3}}]},
        "tool_calls[0].function.arguments",
        "JSON string",
    ),
    ("tool without call id", {"role": "tool", "content": "r"}, "tool_call_id", "needs the id"),
    ("call id on user", {"role": "user", "content": "x", "tool_call_id": "c1"}, "tool_call_id", "only tool"),
    (
        "tool image part",
        {"role": "tool", "tool_call_id": "c", "content": [{"type": "image_url"}]},
        "content[0].type",
        "only hold text",
    ),
    ("bad name", {"role": "user", "content": "x", "name": "Claire Dupont"}, "name", "letters, digits"),
]


@pytest.mark.parametrize("raw, field, problem", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_each_malformed_message_names_its_field(raw, field, problem):
    with pytest.raises(InvalidMessage) as e:
        parse_message(raw)
    assert e.value.field == field
    assert problem in str(e.value)


def test_bad_input_stores_nothing(tmp_path):
    with Memory.open(tmp_path / "m.db") as mem:
        t = mem.thread("t")
        t.add({"role": "user", "content": "first"})
        for _, raw, *_ in BAD:
            with pytest.raises(InvalidMessage):
                t.add(raw)
        with pytest.raises(InvalidMessage) as e:  # a batch is all or nothing, the index is named
            t.add_many([{"role": "user", "content": "ok"}, {"role": "user"}])
        assert e.value.index == 1 and "message[1].content" in str(e.value)
        with pytest.raises(InvalidSequence):
            t.add({"role": "tool", "tool_call_id": "nope", "content": "r"})
        assert [m.text for m in t.history()] == ["first"]


def test_good_messages_round_trip_verbatim(tmp_path):
    good = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "look 🙂"},
                {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
            ],
        },
        {"role": "assistant", "content": None, "tool_calls": [CALL, {**CALL, "id": "c2"}]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"ok": true}'},
        {"role": "tool", "tool_call_id": "c2", "content": [{"type": "text", "text": "done"}]},
        {"role": "assistant", "content": "Voilà", "name": "support_bot", "refusal": None},
    ]
    with Memory.open(tmp_path / "m.db") as mem:
        mem.thread("t").add_many(good)
    with Memory.open(tmp_path / "m.db") as mem:
        assert [m.to_openai() for m in mem.thread("t").history()] == [
            {**g, "content": g.get("content")}
            if "tool_calls" not in g
            else {**g, "tool_calls": [{**c, "type": "function"} for c in g["tool_calls"]]}
            for g in good
        ]


def _call(cid: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": "bash", "arguments": '{"command": "cat big.log"}'}}


def test_user_text_over_the_limit_is_refused_naming_the_limit():
    with pytest.raises(InvalidMessage) as e:
        parse_message({"role": "user", "content": "x" * 1001}, max_chars=1000)
    assert e.value.field == "content" and "Policy.max_message_chars" in str(e.value)
    assert parse_message({"role": "user", "content": "x" * 1000}, max_chars=1000).text == "x" * 1000


@pytest.mark.parametrize("role", ["tool", "assistant", "system", "developer"])
def test_non_user_messages_of_any_size_are_accepted(role):
    raw = {"role": role, "content": "y" * 5000}
    if role == "tool":
        raw["tool_call_id"] = "c1"
    assert len(parse_message(raw, max_chars=1000).text) == 5000


def test_a_tool_output_over_the_limit_is_stored_in_full_and_shown_trimmed(tmp_path):
    """Issue 18 §3: a 1.2 MB tool output (over the default 1,000,000) never stops the loop, on the real store."""
    body = "HEAD-OF-OUTPUT\n" + "line of build log 0123456789\n" * 44_000 + "TAIL-OF-OUTPUT"
    assert len(body) > 1_200_000
    with Memory.open(tmp_path / "m.db", background=False, embedder="none") as mem:
        t = mem.thread("agent", system="You are a coding agent.")
        t.add({"role": "user", "content": "Why does the build fail?"})
        t.add({"role": "assistant", "content": None, "tool_calls": [_call("c1")]})
        stored = t.add({"role": "tool", "tool_call_id": "c1", "content": body})  # no InvalidMessage
        assert t.history()[-1].text == body  # in full in the log
        res = t.assemble(2000)
        assert res.tokens <= 2000
        shown = next(m for m in res.messages if m.seq == stored.seq)
        assert shown.text.startswith("HEAD-OF-OUTPUT") and shown.text.endswith("TAIL-OF-OUTPUT")
        assert f"of message #{stored.seq} elided" in shown.text
        with pytest.raises(InvalidMessage):  # user text keeps its limit
            t.add({"role": "user", "content": body})
        assert len(t.history()) == 3


def test_a_pasted_user_turn_larger_than_the_budget_never_stops_context():
    """Issue 18 §3: a 200k-character paste (accepted: under the limit) made every context() raise BudgetTooSmall
    until the next user turn; it is shown head + tail with a marker naming its id, in every later context too."""
    paste = "BEGIN PASTE\n" + "2024-05-01 12:00:00 INFO request served in 12 ms\n" * 4000 + "END PASTE"
    with Memory.open("memory://", background=False, embedder="none") as mem:
        t = mem.thread("chat", system="Be brief.")
        pasted = t.add({"role": "user", "content": paste})
        for budget in (300, 1000, 4000):
            res = t.assemble(budget)
            assert res.tokens <= budget
            shown = next(m for m in res.messages if m.seq == pasted.seq)
            assert shown.text.startswith("BEGIN PASTE") and shown.text.endswith("END PASTE")
            assert f"of message #{pasted.seq} elided here (user message)" in shown.text
        t.add({"role": "assistant", "content": "That log shows only successful requests."})
        assert t.assemble(1000).tokens <= 1000
