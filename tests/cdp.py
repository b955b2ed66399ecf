"""Drive a real headless Chromium over the DevTools protocol (no Playwright, no browser download): real mouse
clicks and key presses (``Input.*``), every request the page makes (``Network.*``), script errors and console
messages, light or dark colour scheme; and decode its PNG screenshots (stdlib only) so tests can look at pixels."""

from __future__ import annotations

import base64
import itertools
import json
import shutil
import struct
import subprocess
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

import httpx

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--window-size=1100,1400",
]


KEY_CODES = {
    "Enter": 13,
    "Tab": 9,
    "Escape": 27,
    " ": 32,
    "End": 35,
    "Home": 36,
    "ArrowLeft": 37,
    "ArrowUp": 38,
    "ArrowRight": 39,
    "ArrowDown": 40,
    "/": 191,
}


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One Chromium process with one page; ``call`` sends a DevTools command to that page."""

    def __init__(self, url: str = "about:blank", *, width: int = 1100, height: int = 1400) -> None:
        from websockets.sync.client import connect

        exe = chromium_path()
        assert exe, "chromium not installed"
        self._profile = tempfile.mkdtemp(prefix="cc-chromium-")
        flags = [f for f in FLAGS if not f.startswith("--window-size")] + [f"--window-size={width},{height}"]
        args = [exe, *flags, "--remote-debugging-port=0", f"--user-data-dir={self._profile}", url]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = Path(self._profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("chromium did not start")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        pages = [t for t in httpx.get(f"http://127.0.0.1:{port}/json/list").json() if t["type"] == "page"]
        # entered, as websockets >= 17.1 asks of a connection (a warning otherwise); closed by close()
        self.ws = connect(pages[0]["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024).__enter__()
        self._ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []  # every DevTools event seen so far (requests, console, errors)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        cid = next(self._ids)
        self.ws.send(json.dumps({"id": cid, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv(timeout=60))
            if msg.get("id") == cid:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            if "method" in msg:
                self.events.append(msg)

    def watch(self) -> None:
        """Record the page's requests, console messages and uncaught script errors from now on."""
        for domain in ("Network", "Runtime", "Log", "Page"):
            self.call(f"{domain}.enable")

    def goto(self, url: str) -> None:
        self.call("Page.navigate", url=url)

    def request_urls(self) -> list[str]:
        """Every URL the page has requested since ``watch`` (the event queue is pumped first)."""
        self.js("1")
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def requests(self) -> list[dict[str, Any]]:
        self.js("1")
        return [e["params"]["request"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def errors(self) -> list[str]:
        """Uncaught exceptions, console errors and browser log errors (a CSP refusal is one) since ``watch``."""
        self.js("1")
        out = []
        for e in self.events:
            p = e["params"]
            if e["method"] == "Runtime.exceptionThrown":
                out.append(json.dumps(p["exceptionDetails"])[:500])
            elif e["method"] == "Runtime.consoleAPICalled" and p.get("type") == "error":
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif e["method"] == "Log.entryAdded" and p["entry"].get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    # ------------------------------------------------------------ input, as a person gives it
    def click_at(self, x: float, y: float) -> None:
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def rect(self, selector: str) -> dict[str, float]:
        found = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return null;"
            " e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()"
        )
        assert found, f"no element {selector!r} on the page"
        return found

    def click(self, selector: str) -> None:
        """A real mouse click at the middle of the first element matching ``selector``."""
        r = self.rect(selector)
        self.click_at(r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)

    def key(self, key: str, code: str | None = None, key_code: int = 0) -> None:
        """Press and release one key (``"ArrowDown"``, ``"Enter"``, ``"Tab"``, ``"j"``, ``"/"``...)."""
        text = key if len(key) == 1 else ("\r" if key == "Enter" else "")
        key_code = key_code or KEY_CODES.get(key, ord(key.upper()) if len(key) == 1 else 0)
        base = {"key": key, "code": code or key, "windowsVirtualKeyCode": key_code, "nativeVirtualKeyCode": key_code}
        self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **base)
        self.call("Input.dispatchKeyEvent", type="keyUp", **base)

    def type(self, text: str) -> None:
        self.call("Input.insertText", text=text)

    def color_scheme(self, scheme: str) -> None:
        """Emulate ``prefers-color-scheme: light|dark``."""
        self.call("Emulation.setEmulatedMedia", features=[{"name": "prefers-color-scheme", "value": scheme}])

    def js(self, expression: str) -> Any:
        out = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in out:
            raise RuntimeError(out["exceptionDetails"])
        return out["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> Any:
        """Poll ``expression`` until it is truthy; an error while the page is still loading (no body yet) is a
        'not yet', the last one is reported if the deadline passes."""
        deadline = time.monotonic() + timeout
        last: Exception | None = None
        while time.monotonic() < deadline:
            try:
                value = self.js(expression)
            except RuntimeError as exc:
                value, last = None, exc
            if value:
                return value
            time.sleep(0.1)
        raise TimeoutError(f"{expression} (last error: {last})")

    def screenshot(self, clip: dict[str, float] | None = None) -> bytes:
        params: dict[str, Any] = {"format": "png"}
        if clip:
            params["clip"] = {**clip, "scale": 1}
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])

    def close(self) -> None:
        try:
            self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            shutil.rmtree(self._profile, ignore_errors=True)


def png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, ...]]]:
    """``(width, height, [pixel tuples])`` of an 8-bit non-interlaced RGB/RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and not interlace
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * channels, [], bytearray(width * channels)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, cur = line[0], bytearray(line[1:])
        for i in range(stride):
            a = cur[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                cur[i] = (cur[i] + a) & 255
            elif kind == 2:
                cur[i] = (cur[i] + b) & 255
            elif kind == 3:
                cur[i] = (cur[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(cur))
        prev = cur
    pixels = [tuple(r[i : i + channels]) for r in rows for i in range(0, stride, channels)]
    return width, height, pixels
