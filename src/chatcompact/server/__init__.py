"""``chatcompact serve``: a memory proxy for OpenAI/Anthropic clients, REST, MCP and a dashboard.

Install with ``pip install 'chatcompact[server]'``. :func:`create_app` builds the ASGI app;
:func:`serve` runs it on uvicorn. See docs/server.md.
"""

from __future__ import annotations

from .app import create_app
from .service import ServerConfig, is_loopback


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Run the server (blocking). Refuses ``auth=False`` on a non-loopback host."""
    import uvicorn

    from ..errors import ConfigError

    if not config.auth and not is_loopback(host):
        raise ConfigError(f"--no-auth is only allowed on a loopback host, not {host!r}")
    # keep-alive longer than clients' pools idle (uvicorn's 5 s default races pooled reuse under load)
    uvicorn.run(create_app(config), host=host, port=port, log_level=log_level, timeout_keep_alive=65)


__all__ = ["ServerConfig", "create_app", "serve"]
