"""The MCP server with the official SDK's client: in-process and over stdio (a real subprocess)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from chatcompact import Memory
from chatcompact.server.mcp_tools import build
from chatcompact.server.service import ServerConfig, Service

TOOLS = {"recall", "summary", "expand", "compact", "add_note", "forget", "delete_thread", "export_thread"}


def _seed(db: Path) -> None:
    with Memory.open(str(db), background=False) as mem:
        t = mem.thread("local/trip", system="Travel planning.")
        for i in range(12):
            t.add({"role": "user", "content": f"We booked hotel H-{300 + i} in Porto for night {i}."})
            t.add({"role": "assistant", "content": f"Booked H-{300 + i}."})


def _data(result) -> dict:
    assert not result.is_error, result
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def _exercise(client: Client) -> None:
    names = {t.name for t in (await client.list_tools()).tools}
    assert names >= TOOLS
    hits = _data(await client.call_tool("recall", {"thread": "trip", "query": "H-305"}))["hits"]
    assert "H-305" in hits[0]["text"]
    compacted = _data(await client.call_tool("compact", {"thread": "trip"}))
    assert compacted["compacted"] and compacted["version"]["report"]["added"]
    summary = _data(await client.call_tool("summary", {"thread": "trip"}))
    assert "H-3" in summary["text"]
    root = _data(await client.call_tool("expand", {"thread": "trip", "node": "root"}))
    assert "nodes" in root or "messages" in root
    note = _data(await client.call_tool("add_note", {"thread": "trip", "text": "Passport expires in May."}))
    assert note["message"]["name"] == "note"
    found = _data(await client.call_tool("recall", {"thread": "trip", "query": "passport"}))["hits"]
    assert "Passport" in found[0]["text"]
    missing = await client.call_tool("summary", {"thread": "nope"})
    assert missing.is_error and "nope" in json.dumps(missing.model_dump(mode="json"))
    await _erase(client)


async def _erase(client: Client) -> None:
    """forget (by text), export (the forgotten text is nowhere), delete (then the thread is gone)."""
    gone = _data(await client.call_tool("forget", {"thread": "trip", "containing": "passport"}))["forgotten"]
    assert gone["messages"] == 1
    dump = json.dumps(_data(await client.call_tool("export_thread", {"thread": "trip"})))
    assert "Passport" not in dump and "H-305" in dump and '"id": "trip"' in dump
    refused = await client.call_tool("forget", {"thread": "trip"})
    assert refused.is_error and "messages" in json.dumps(refused.model_dump(mode="json"))
    assert _data(await client.call_tool("delete_thread", {"thread": "trip"}))["deleted"] == "trip"
    again = await client.call_tool("export_thread", {"thread": "trip"})
    assert again.is_error and "trip" in json.dumps(again.model_dump(mode="json"))


def test_mcp_tools_in_process(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _seed(db)

    async def main() -> None:
        service = Service(ServerConfig(store=str(db), auth=False))
        await service.start()
        try:
            async with Client(build(service)) as client:
                await _exercise(client)
        finally:
            await service.stop()

    anyio.run(main)


def test_mcp_over_stdio_subprocess(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _seed(db)
    env = {**os.environ, "CHATCOMPACT_EMBEDDER": "none"}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "chatcompact", "serve", "--mcp-stdio", "--store", str(db), "--keys", str(tmp_path / "k.json")],
        env=env,
        cwd=str(tmp_path),
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=60) as client:
            await _exercise(client)

    anyio.run(main)
