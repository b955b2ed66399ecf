"""Summarizers: turn evicted messages into a :class:`~chatcompact.types.SummaryDelta`.

:class:`ExtractiveSummarizer` is the embedded default (no model, no network); LLM-backed
summarizers implement the same :class:`~chatcompact.protocols.Summarizer` protocol.
"""

from .extractive import ExtractiveSummarizer

__all__ = ["ExtractiveSummarizer"]
