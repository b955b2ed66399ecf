"""``chatcompact serve``: a memory proxy for OpenAI/Anthropic clients, REST, MCP and a dashboard.

Install with ``pip install 'chatcompact[server]'``. :func:`create_app` builds the ASGI app;
:func:`serve` runs it on uvicorn (``workers`` processes on one port). See docs/server.md.
"""

from __future__ import annotations

import os
from typing import Any

from .app import CONFIG_ENV, create_app
from .service import ServerConfig, is_loopback


def uvicorn_config(
    config: ServerConfig, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info", access_log: bool = True
) -> Any:
    """The ``uvicorn.Config`` :func:`serve` runs: the app (an import path with ``workers`` > 1), the header
    timeout, keep-alive longer than clients' pools idle (uvicorn's 5 s default races pooled reuse under load)."""
    import uvicorn

    from . import timeouts

    config.check()
    kw: dict[str, Any] = {"host": host, "port": port, "log_level": log_level, "access_log": access_log}
    kw.update(timeout_keep_alive=65, http=timeouts.protocol_path(), backlog=4096, lifespan="on")
    if config.workers > 1:  # each worker process builds its app from the configuration in the environment
        os.environ[CONFIG_ENV] = config.to_json().decode()
        out = uvicorn.Config("chatcompact.server.app:from_environment", factory=True, workers=config.workers, **kw)
    else:
        out = uvicorn.Config(create_app(config), **kw)
    setattr(out, timeouts.CONFIG_ATTRIBUTE, config.header_timeout)
    return out


def serve(
    config: ServerConfig, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info", access_log: bool = True
) -> None:
    """Run the server (blocking). Refuses ``auth=False`` on a non-loopback host and any configuration that
    could only fail at every request (e.g. a budget under 64 tokens)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    from ..errors import ConfigError

    if not config.auth and not is_loopback(host):
        raise ConfigError(f"--no-auth is only allowed on a loopback host, not {host!r}")
    cfg = uvicorn_config(config, host, port, log_level, access_log)
    if cfg.workers > 1:
        Multiprocess(cfg, sockets=[cfg.bind_socket()]).run()
        return
    server = uvicorn.Server(cfg)
    server.run()
    if not server.started:  # uvicorn logged why (a port in use, a store that would not open)
        raise ConfigError(f"the server did not start on {host}:{port} (see the log line above)")


__all__ = ["ServerConfig", "create_app", "serve", "uvicorn_config"]
