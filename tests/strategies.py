"""Hypothesis strategies: valid transcripts with tool calls (parallel too), long and unicode messages."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from chatcompact.types import Message, parse_message

_text = st.text(alphabet=st.characters(exclude_categories=("Cs",)), min_size=1, max_size=60)
_words = st.lists(
    st.sampled_from(["order", "88231", "refund", "label", "héllo", "日本語", "🙂", "ok", "the", "we'll"]),
    min_size=1,
    max_size=30,
).map(" ".join)
_long = st.integers(min_value=200, max_value=1500).map(lambda n: ("lorem ipsum dolor " * (n // 18 + 1))[:n])
TEXT = st.one_of(_words, _text, _long)
# any size that matters: a pasted log or a tool output of 5k-16k characters, far above any budget a property test
# uses (the assembly is size-invariant above the budget; indexing 1 MB per example would make the suite crawl).
# Built from a number, so cheap to generate and shrink.
_huge = st.integers(min_value=5_000, max_value=16_000).map(
    lambda n: ("Traceback line 42 in app.py " * (n // 28 + 1))[:n]
)
SIZED = st.one_of(_words, _text, _long, _huge)


@st.composite
def turn(draw, call_no: list[int], huge: bool = False) -> list[dict]:
    """One user turn: the user message, then assistant messages, some calling tools (``huge``: texts of any size)."""
    text = SIZED if huge else TEXT
    out = [{"role": "user", "content": draw(text)}]
    for _ in range(draw(st.integers(0, 2))):
        n_calls = draw(st.integers(1, 3))
        ids = []
        for _ in range(n_calls):
            call_no[0] += 1
            ids.append(f"call_{call_no[0]}")
        out.append(
            {
                "role": "assistant",
                "content": draw(st.none() | TEXT),
                "tool_calls": [
                    {
                        "id": i,
                        "type": "function",
                        "function": {"name": "lookup", "arguments": json.dumps({"q": draw(_words)})},
                    }
                    for i in ids
                ],
            }
        )
        out += [{"role": "tool", "tool_call_id": i, "content": draw(text)} for i in ids]
    out.append({"role": "assistant", "content": draw(TEXT)})
    return out


@st.composite
def transcripts(draw, min_turns: int = 1, max_turns: int = 12, huge: bool = False, pending: bool = False) -> list[dict]:
    """A list of OpenAI message dicts that is a valid conversation.

    ``huge``: user turns and tool outputs of any size (up to 300k characters); ``pending``: it may end on a tool
    call still awaiting its results (an agent loop between the model's call and the tool's answer)."""
    counter = [0]
    msgs: list[dict] = []
    for _ in range(draw(st.integers(min_turns, max_turns))):
        msgs += draw(turn(counter, huge))
        if draw(st.booleans()) and draw(st.booleans()):
            msgs.append({"role": "system", "content": "note: " + draw(_words)})
    if draw(st.booleans()):  # sometimes end on a user message awaiting an answer
        msgs.append({"role": "user", "content": draw(SIZED if huge else TEXT)})
    elif pending and draw(st.booleans()):  # or on a call (parallel ones too) some of whose results are not in yet
        ids = [f"call_p{k}" for k in range(draw(st.integers(1, 3)))]
        calls = [{"id": i, "type": "function", "function": {"name": "bash", "arguments": "{}"}} for i in ids]
        msgs.append({"role": "assistant", "content": None, "tool_calls": calls})
        answered = draw(st.integers(0, len(ids) - 1))
        msgs += [{"role": "tool", "tool_call_id": i, "content": draw(SIZED if huge else TEXT)} for i in ids[:answered]]
    return msgs


def stored(raw: list[dict]) -> list[Message]:
    """Parse and number messages as a store would."""
    return [parse_message(m).with_meta(i + 1, 1_700_000_000.0 + i) for i, m in enumerate(raw)]
