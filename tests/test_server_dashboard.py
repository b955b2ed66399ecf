"""The dashboard end to end in a real headless Chromium (DevTools protocol): thread list, token curve
pixels in a screenshot, a known compaction's diff in the DOM, the hierarchy, and recall search."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from .cdp import Browser, chromium_path, png_pixels
from .server_support import running

if chromium_path() is None:
    pytest.skip(
        "chromium not installed (apt-get install chromium): dashboard browser tests skip", allow_module_level=True
    )
pytest.importorskip("websockets")


def _near(px: tuple[int, ...], rgb: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], rgb, strict=True))


def test_dashboard_shows_curve_diffs_hierarchy_and_recall(tmp_path: Path) -> None:
    with running(tmp_path, auth=True, budget=300) as r:
        key = r.key("acme")
        auth = {"Authorization": f"Bearer {key}"}
        turns = []
        for i in range(20):
            turns.append(
                {"role": "user", "content": f"Decision: container C-{400 + i} sails from Rotterdam on day {i}."}
            )
            turns.append({"role": "assistant", "content": f"Logged C-{400 + i}."})
        assert httpx.post(f"{r.v1}/threads/ship/messages", json={"messages": turns}, headers=auth).status_code == 201
        httpx.post(f"{r.v1}/threads/ship/compact", json={}, headers=auth)
        versions = httpx.get(f"{r.v1}/threads/ship/compactions", headers=auth).json()["compactions"]
        known = versions[0]["report"]["added"][0]

        browser = Browser(f"{r.url}/?key={key}&thread=ship")
        try:
            browser.wait_for("document.body.dataset.ready === '1'")
            assert browser.js("[...document.querySelectorAll('#threads a')].map(a => a.dataset.thread)") == ["ship"]
            added = browser.js("[...document.querySelectorAll('.version .diff li.added')].map(li => li.textContent)")
            assert known in added  # the diff of a known compaction, visible
            nodes = browser.js("[...document.querySelectorAll('#hierarchy .node')].map(n => n.textContent)")
            assert any(n.startswith("root") for n in nodes)

            box = browser.js("JSON.stringify(document.getElementById('chart').getBoundingClientRect())")
            rect = json.loads(box)
            shot = browser.screenshot(
                {"x": rect["x"], "y": rect["y"], "width": rect["width"], "height": rect["height"]}
            )
            (tmp_path / "chart.png").write_bytes(shot)
            _, _, pixels = png_pixels(shot)
            blue = sum(_near(p, (0x2F, 0x6F, 0xDE)) for p in pixels)
            red = sum(_near(p, (0xD0, 0x45, 0x3F)) for p in pixels)
            assert blue > 200 and red > 200, (blue, red)  # both curves drawn, not an empty chart

            browser.js("document.getElementById('q').value = 'C-412'; document.querySelector('#recall button').click()")
            hit = browser.wait_for("document.querySelector('#hits .hit')?.textContent")
            assert "C-412" in hit
        finally:
            browser.close()


def test_dashboard_without_a_key_says_so(tmp_path: Path) -> None:
    with running(tmp_path, auth=True) as r:
        browser = Browser(f"{r.url}/")
        try:
            text = browser.wait_for(
                "(document.getElementById('threads')?.textContent || '').startsWith('error')"
                " && document.getElementById('threads').textContent"
            )
            assert "API key" in text
        finally:
            browser.close()
