"""Adapters that put chatcompact under the agent frameworks people already use.

Each module imports its framework lazily and only when imported itself, behind its own extra:

- :mod:`chatcompact.integrations.langchain` (``chatcompact[langchain]``): an agent middleware for
  LangChain v1 / LangGraph ``create_agent`` (every request and the graph state bounded) and a
  ``BaseChatMessageHistory``;
- :mod:`chatcompact.integrations.openai_agents` (``chatcompact[agents]``): a ``Session`` for the OpenAI Agents SDK
  with an in-run ``call_model_input_filter``;
- :mod:`chatcompact.integrations.pydantic_ai` (``chatcompact[pydantic-ai]``): a capability, a model wrapper and a
  history processor for Pydantic AI.

All three keep the framework's conversation in a :class:`~chatcompact.Thread` (each message once, whole: what the
chat form cannot hold goes to ``Message.meta``; the per-thread cache is :mod:`chatcompact.integrations._mirror`)
and send the model ``thread.context(budget, query=<latest user message>, tools=...)`` on every model call;
compaction runs in chatcompact's background, never inside a model call.
"""
