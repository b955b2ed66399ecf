"""The ``chatcompact`` logger tree, and the one handler set-up the CLI's long runners use.

Every module logs under ``chatcompact``: ``chatcompact.store`` (opening stores, schema steps),
``chatcompact.summarizer`` (retries, structured-output fallbacks), ``chatcompact.embedder`` (model loads),
``chatcompact.runtime.background`` and ``chatcompact.runtime.worker`` (jobs). The library adds no handler but a
:class:`logging.NullHandler`, so an application decides what is shown (``logging.getLogger("chatcompact")``).
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

ROOT = "chatcompact"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

logging.getLogger(ROOT).addHandler(logging.NullHandler())


class _CLIHandler(logging.StreamHandler[TextIO]):
    """The handler :func:`configure_logging` adds (told apart so a second call replaces it). Without a stream
    of its own it writes to whatever ``sys.stderr`` is at the time, never to a stream closed since."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__(stream)
        self._own = stream

    @property
    def stream(self) -> TextIO:
        return self._own if self._own is not None else sys.stderr

    @stream.setter
    def stream(self, value: TextIO | None) -> None:
        self._own = value


def get_logger(part: str) -> logging.Logger:
    """The logger of one part of the library, e.g. ``get_logger("store")`` is ``chatcompact.store``."""
    return logging.getLogger(f"{ROOT}.{part}")


def configure_logging(level: str | int = "info", stream: TextIO | None = None) -> logging.Handler:
    """Print ``chatcompact`` records of ``level`` and above on ``stream`` (stderr); returns the handler added.

    For the CLI's long runners (``chatcompact worker --log-level``); calling it again replaces the handler.
    """
    root = logging.getLogger(ROOT)
    numeric = logging.getLevelName(level.upper()) if isinstance(level, str) else level
    if not isinstance(numeric, int):
        from .errors import ConfigError

        raise ConfigError(f"log level must be debug, info, warning or error, got {level!r}")
    for h in [h for h in root.handlers if isinstance(h, _CLIHandler)]:
        root.removeHandler(h)
    handler = _CLIHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
    root.setLevel(numeric)
    return handler
