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


@st.composite
def turn(draw, call_no: list[int]) -> list[dict]:
    """One user turn: the user message, then assistant messages, some calling tools."""
    out = [{"role": "user", "content": draw(TEXT)}]
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
        out += [{"role": "tool", "tool_call_id": i, "content": draw(TEXT)} for i in ids]
    out.append({"role": "assistant", "content": draw(TEXT)})
    return out


@st.composite
def transcripts(draw, min_turns: int = 1, max_turns: int = 12) -> list[dict]:
    """A list of OpenAI message dicts that is a valid conversation."""
    counter = [0]
    msgs: list[dict] = []
    for _ in range(draw(st.integers(min_turns, max_turns))):
        msgs += draw(turn(counter))
        if draw(st.booleans()) and draw(st.booleans()):
            msgs.append({"role": "system", "content": "note: " + draw(_words)})
    if draw(st.booleans()):  # sometimes end on a user message awaiting an answer
        msgs.append({"role": "user", "content": draw(TEXT)})
    return msgs


def stored(raw: list[dict]) -> list[Message]:
    """Parse and number messages as a store would."""
    return [parse_message(m).with_meta(i + 1, 1_700_000_000.0 + i) for i, m in enumerate(raw)]
