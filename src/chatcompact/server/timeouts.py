"""Slow clients are dropped: uvicorn's HTTP protocols with a header timeout.

uvicorn closes an idle keep-alive connection, but a connection that sends its request line and headers a
byte at a time (or nothing at all) stays open for as long as the client likes: a few hundred of them tie up
a server. These protocol classes close a connection whose request headers are not complete within
``header_timeout`` seconds, counted from the connection's opening and, for each later request on a
keep-alive connection, from that request's first byte. The body has its own limit, ``body_timeout``, applied
where the body is read (:meth:`chatcompact.server.service.Service.body`: 408).

uvicorn builds a protocol per connection with its ``Config``; the timeout travels as an attribute of that
config (:func:`chatcompact.server.uvicorn_config` sets it), so ``--workers`` processes get it too.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger("chatcompact.server")
DEFAULT_HEADER_TIMEOUT = 10.0
CONFIG_ATTRIBUTE = "chatcompact_header_timeout"


class _HeaderTimeout:
    """The mixin: arms a timer while a request's headers are awaited, closes the connection when it fires."""

    transport: asyncio.Transport
    cycle: Any
    loop: asyncio.AbstractEventLoop

    def _timeouts_init(self, config: Any) -> None:
        self.header_timeout = float(getattr(config, CONFIG_ATTRIBUTE, DEFAULT_HEADER_TIMEOUT))
        self._header_timer: asyncio.TimerHandle | None = None
        self._awaiting_headers = True

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self._awaiting_headers and not self.transport.is_closing():
            log.debug("closing a connection whose request headers took over %.1f s", self.header_timeout)
            self.transport.close()

    def _before_data(self) -> Any:
        if self._awaiting_headers and self._header_timer is None:
            self._arm()
        return self.cycle

    def _after_data(self, before: Any) -> None:
        if self.cycle is not before:  # a new request's headers are complete
            self._awaiting_headers = False
            self._disarm()


class H11WithTimeouts(_HeaderTimeout, H11Protocol):
    """uvicorn's h11 protocol with the header timeout."""

    def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self._timeouts_init(config)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        before = self._before_data()
        super().data_received(data)
        self._after_data(before)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._awaiting_headers = True  # the next request's headers are timed from its first byte


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is optional for uvicorn: h11 then
    HttpToolsProtocol = None  # type: ignore[assignment,misc]

if HttpToolsProtocol is not None:

    class HttpToolsWithTimeouts(_HeaderTimeout, HttpToolsProtocol):
        """uvicorn's httptools protocol (the faster parser) with the header timeout."""

        def __init__(self, config: Any, *args: Any, **kwargs: Any) -> None:
            super().__init__(config, *args, **kwargs)
            self._timeouts_init(config)

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            before = self._before_data()
            super().data_received(data)
            self._after_data(before)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._awaiting_headers = True


def protocol_path() -> str:
    """The import path uvicorn loads the protocol from (httptools when installed, else h11)."""
    name = "HttpToolsWithTimeouts" if HttpToolsProtocol is not None else "H11WithTimeouts"
    return f"{__name__}:{name}"
