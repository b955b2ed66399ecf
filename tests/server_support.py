"""Shared set-up of the server tests: a fake upstream and chatcompact's app, both real HTTP on loopback."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from .fake_upstream import FakeUpstream, UvicornThread

if importlib.util.find_spec("starlette") is None or importlib.util.find_spec("uvicorn") is None:
    pytest.skip("server extra not installed: pip install 'chatcompact[server]'", allow_module_level=True)

from chatcompact.server import ServerConfig, create_app
from chatcompact.server.keys import KeyFile


@dataclass
class Running:
    """A running chatcompact server (``url``) in front of a running fake upstream."""

    url: str
    upstream: FakeUpstream
    upstream_url: str
    keys: KeyFile
    config: ServerConfig
    app: Any

    @property
    def v1(self) -> str:
        return self.url + "/v1"

    def key(self, tenant: str, rate: int | None = None) -> str:
        return self.keys.create(tenant, rate_per_minute=rate)[0]


@contextlib.contextmanager
def running(tmp: Path, *, auth: bool = False, anthropic_upstream: bool = False, **kw: Any) -> Iterator[Running]:
    """Start the fake upstream and chatcompact (SQLite in ``tmp``); stop both afterwards."""
    up = FakeUpstream()
    with UvicornThread(up.app) as u:
        cfg = ServerConfig(
            store=str(tmp / "memory.db"),
            upstream=u.url + "/v1",
            anthropic_upstream=u.url if anthropic_upstream else None,
            auth=auth,
            keys_path=str(tmp / "keys.json"),
            **kw,
        )
        app = create_app(cfg)
        with UvicornThread(app) as s:
            yield Running(s.url, up, u.url + "/v1", KeyFile(cfg.keys_path), cfg, app)
