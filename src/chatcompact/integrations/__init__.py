"""Adapters that put chatcompact under the agent frameworks people already use.

Each module imports its framework lazily and only when imported itself, behind its own extra:

- :mod:`chatcompact.integrations.langchain` (``chatcompact[langchain]``): an agent middleware for
  LangChain v1 / LangGraph ``create_agent`` and a ``BaseChatMessageHistory``;
- :mod:`chatcompact.integrations.openai_agents` (``chatcompact[agents]``): a ``Session`` for the OpenAI Agents SDK;
- :mod:`chatcompact.integrations.pydantic_ai` (``chatcompact[pydantic-ai]``): a history processor for Pydantic AI.

All three keep the framework's conversation in a :class:`~chatcompact.Thread` and send the model
``thread.context(budget, query=<latest user message>)``; compaction runs in chatcompact's background,
never inside a model call.
"""
