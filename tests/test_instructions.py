"""Standing instructions: detected in four languages, never evicted, superseded only by a later one."""

from __future__ import annotations

import pytest

from chatcompact import Memory
from chatcompact.config import Policy
from chatcompact.core.instructions import capture, detect, is_instruction
from chatcompact.testing import ScriptedSummarizer
from chatcompact.types import Message

RULES = {
    "en": [
        "Always use tabs for indentation.",
        "From now on, answer in one paragraph.",
        "Do not modify the tests.",
        "I prefer answers without emojis.",
    ],
    "de": [
        "Ab jetzt bitte nur auf Deutsch antworten.",
        "Verwende immer absolute Pfade.",
        "Ich bevorzuge kurze Antworten.",
    ],
    "it": ["D'ora in poi rispondi in italiano.", "Usa sempre i percorsi assoluti.", "Non modificare i test."],
    "zh": ["从现在开始请用中文回答。", "不要修改测试。", "我更喜欢简短的回答。"],
}
CHAT = {
    "en": ["I always loved painting.", "I don't know what to do.", "We went to the lake yesterday."],
    "de": ["Wir waren gestern am See.", "Das Wetter ist schön."],
    "it": ["Ieri siamo andati al lago.", "Non lo so."],
    "zh": ["我们昨天去了湖边。", "天气很好。"],
}


@pytest.mark.parametrize("lang", sorted(RULES))
def test_detects_rules_not_chat(lang):
    assert all(is_instruction(r) for r in RULES[lang]), RULES[lang]
    assert not any(is_instruction(c) for c in CHAT[lang]), CHAT[lang]


def test_later_contradicting_instruction_supersedes_with_provenance():
    a = capture((), [Message("user", "Always use tabs for indentation.", seq=3)])
    b = capture(a, [Message("user", "Actually, use spaces for indentation instead.", seq=9)])
    assert [i.text for i in b] == ["Actually, use spaces for indentation instead."] and b[0].sources == (9, 3)
    c = capture(b, [Message("user", "Never use emojis.", seq=12)])
    assert len(c) == 2  # another subject: both stay
    assert detect(Message("assistant", "Always use tabs.", seq=1)) == []  # only the user sets rules


@pytest.mark.parametrize("summarizer", ["extractive", "scripted"])
def test_instruction_survives_compactions_with_any_summarizer(summarizer):
    s = ScriptedSummarizer() if summarizer == "scripted" else "extractive"
    policy = Policy(budget=600, high_water=0.5, low_water=0.1)
    with Memory.open("memory://", summarizer=s, policy=policy, background=False, embedder="none") as mem:
        t = mem.thread("i", system="Be helpful.")
        t.add({"role": "user", "content": "Hello! From now on, always sign your answers with 'Ciao, Bot'."})
        for i in range(150):
            t.add({"role": "user", "content": f"Tell me about topic number {i} and the weather in town {i}."})
            t.add({"role": "assistant", "content": f"Topic {i} is interesting; the weather in town {i} was mild."})
        assert len(t.compactions()) > 3
        ctx = t.context(budget=600)
        assert ctx[0]["role"] == "system" and "Ciao" not in ctx[0]["content"]  # the system role: the app's prompt
        data = ctx[1]["content"]  # the data message, before the recent window
        assert ctx[1]["role"] == "user" and "always sign your answers with 'Ciao, Bot'" in data
        assert data.index("Standing instructions") < data.index("Summary of")
