"""LLM-judged QA (the protocol of the Mem0 paper): a model answers each question from the context, a
judge labels the answer CORRECT or WRONG against the gold answer; J is the share judged correct.

Any OpenAI-compatible server: ``openai:MODEL`` or ``openai:MODEL@BASE_URL`` (the key from
``OPENAI_API_KEY``; local servers need none). The same model answers and judges unless told otherwise.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any

from ..core.specs import split_model_url
from ..errors import ConfigError, SummarizerError

__all__ = ["ANSWER_PROMPT", "JUDGE_PROMPT", "Judge", "Judgement", "parse_label"]

ANSWER_PROMPT = """You answer questions about a long conversation between two people, using only the memory of \
that conversation below (a summary, quoted turns and the most recent turns; dates are in brackets).

# MEMORY
{context}

# INSTRUCTIONS
- Use only the memory above. If it mentions relative times ("last year", "next month"), work out the actual \
date from the date of the turn they were said in.
- If the memory does not contain the answer, give your best short guess.
- Answer in at most six words, without explanation.

Question: {question}
Answer:"""

JUDGE_PROMPT = """Label an answer to a question as CORRECT or WRONG.
You get a question (one person asking about something the other person said in earlier conversations), \
a gold answer (the ground truth, usually short) and a generated answer.
Be generous: the generated answer is CORRECT if it refers to the same thing as the gold answer, even if it \
is longer or worded differently. For dates and times it is CORRECT if it denotes the same date or period, \
whatever the format ("May 7th" and "7 May" are the same). Otherwise it is WRONG.

Question: {question}
Gold answer: {gold}
Generated answer: {answer}

Reply with a JSON object {{"reason": "<one sentence>", "label": "CORRECT" or "WRONG"}}."""

_LABEL = re.compile(r"\b(CORRECT|WRONG)\b")


def parse_label(text: str) -> str | None:
    """``"CORRECT"``/``"WRONG"`` from a judge's reply (JSON ``label`` first, else the last bare label)."""
    try:
        data = json.loads(text.strip().removeprefix("```json").removesuffix("```"))
        label = str(data.get("label", "")).strip().upper() if isinstance(data, dict) else ""
        if label in ("CORRECT", "WRONG"):
            return label
    except (json.JSONDecodeError, AttributeError):
        pass
    found = _LABEL.findall(text.upper())
    return found[-1] if found else None


@dataclass(frozen=True)
class Judgement:
    """One question: the generated answer, the label and what the two calls cost (tokens)."""

    answer: str
    label: str  # CORRECT, WRONG, or UNPARSED (counted as wrong)
    answer_prompt_tokens: int
    answer_completion_tokens: int
    judge_tokens: int

    @property
    def correct(self) -> bool:
        return self.label == "CORRECT"


class Judge:
    """Answers from a context and judges the answer, over an OpenAI-compatible chat-completions API."""

    def __init__(self, spec: str, *, timeout: float = 60.0, max_retries: int = 2) -> None:
        kind, _, arg = spec.partition(":")
        if kind.strip().lower() != "openai" or not arg.strip():
            raise ConfigError(f"bad judge spec {spec!r}: expected openai:MODEL or openai:MODEL@BASE_URL")
        try:
            self.model, self.base_url = split_model_url(arg.strip())
        except ValueError as exc:
            raise ConfigError(f"bad judge spec {spec!r}: {exc}") from None
        self.spec = spec
        from ..summarizers.openai import NO_KEY, _sdk  # lazy: the openai extra is optional

        key = os.environ.get("OPENAI_API_KEY") or (NO_KEY if self.base_url else None)
        if key is None:
            raise ConfigError("the judge needs OPENAI_API_KEY (or a BASE_URL of a local server)")
        self._client = _sdk().OpenAI(api_key=key, base_url=self.base_url, timeout=timeout, max_retries=max_retries)

    def _chat(self, prompt: str, max_tokens: int) -> tuple[str, Any]:
        try:
            r = self._client.chat.completions.create(
                model=self.model,
                messages=[{"role": "user", "content": prompt}],
                temperature=0,
                max_tokens=max_tokens,
            )
        except Exception as exc:  # any SDK/transport error: one clear message, the run stops
            raise SummarizerError(f"judge {self.spec} failed: {exc}") from exc
        text = (r.choices[0].message.content or "").strip() if r.choices else ""
        return text, r.usage

    def judge(self, question: str, gold: str, context: str) -> Judgement:
        """Answer ``question`` from ``context`` (text), then label the answer against ``gold``."""
        answer, usage = self._chat(ANSWER_PROMPT.format(context=context, question=question), 64)
        verdict, jusage = self._chat(JUDGE_PROMPT.format(question=question, gold=gold, answer=answer), 128)
        label = parse_label(verdict) or "UNPARSED"
        return Judgement(
            answer,
            label,
            getattr(usage, "prompt_tokens", 0) or 0,
            getattr(usage, "completion_tokens", 0) or 0,
            getattr(jusage, "total_tokens", 0) or 0,
        )

    def close(self) -> None:
        self._client.close()
