"""Parsing the ``MODEL[@BASE_URL]`` part of backend specs (``openai:gpt-4o-mini@http://host/v1``). Pure.

Its own module so that the registry and the embedder factory (which the registry calls) both use it
without importing each other.
"""

from __future__ import annotations

import re

from ..errors import InvalidArgument

_MODEL_AT_URL = re.compile(r"^(.*?)@(https?://\S+)$")


def split_model_url(arg: str) -> tuple[str, str | None]:
    """``MODEL[@BASE_URL]`` of an ``openai:`` spec (summarizers and embedders); InvalidArgument names the problem.

    The model may hold ':' (Ollama's "qwen2.5:7b") and the URL may hold '@' (user info).
    """
    m = _MODEL_AT_URL.match(arg)
    model, base_url = (m.group(1).strip(), m.group(2).strip()) if m else (arg, "")
    if not model:
        raise InvalidArgument("a model name is required after 'openai:'")
    if "@" in arg and not base_url:
        raise InvalidArgument("the base URL after '@' must start with http:// or https://")
    return model, base_url or None
