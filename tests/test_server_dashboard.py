"""The dashboard as a person uses it, in a real headless Chromium driven over the DevTools protocol: sign in with
the form, pick a thread, read the transcript and what the model saw at a turn, click a point of the token curve,
expand a compaction, search, move with the keyboard; screenshots are taken and looked at. Every request the page
makes is recorded: none carries the key in its URL.

With ``CHATCOMPACT_SCREENSHOTS=docs/img`` the run writes the screenshots docs/server.md shows.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from chatcompact import Memory
from chatcompact.core.digest import digest_line

from .cdp import Browser, chromium_path, png_pixels
from .dashboard_support import XSS, populate
from .server_support import Running, running

if chromium_path() is None:
    pytest.skip(
        "chromium not installed (apt-get install chromium): dashboard browser tests skip", allow_module_level=True
    )
pytest.importorskip("websockets")

SHOTS = os.environ.get("CHATCOMPACT_SCREENSHOTS")
W, H = 1500, 950


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, str, Path]]:
    tmp = tmp_path_factory.mktemp("dashboard")
    populate(str(tmp / "memory.db"))
    # full-text recall: embedding every stored turn on first recall would dominate the run (and is no part of this)
    with running(tmp, auth=True, budget=2000, memory_kw={"embedder": "none"}) as r:
        yield r, r.key("acme"), tmp


@pytest.fixture(scope="module")
def page(site: tuple[Running, str, Path]) -> Iterator[Browser]:
    """One signed-in browser for the module's tests (each opens what it needs)."""
    r, key, _ = site
    b = Browser(width=W, height=H)
    try:
        b.watch()
        sign_in(b, r.url, key)
        yield b
    finally:
        b.close()


def sign_in(b: Browser, url: str, key: str) -> None:
    b.goto(url + "/")
    b.wait_for("!!document.getElementById('login') && !document.getElementById('login').hidden")
    b.click("#login-key")
    b.type(key)
    b.key("Enter")
    b.wait_for("!document.getElementById('app').hidden && !!document.querySelector('#threads li[data-thread]')")


def open_thread(b: Browser, name: str) -> None:
    b.js("CC.showView('conversation')")
    b.click(f'#threads li[data-thread="{name}"]')
    try:
        b.wait_for(
            f"CC.S.thread === {json.dumps(name)} && document.body.dataset.ready === '1'"
            " && !!document.getElementById('panel-request').dataset.ctx && !!CC.S.ctx"
        )
    except TimeoutError:
        state = (
            "JSON.stringify({t: CC.S.thread, sel: CC.S.selected, ctx: !!CC.S.ctx, ready: document.body.dataset.ready})"
        )
        raise AssertionError(f"{name} did not open: {b.js(state)}; {b.errors()}") from None


def texts(b: Browser, selector: str) -> list[str]:
    return b.js(f"[...document.querySelectorAll({json.dumps(selector)})].map(e => e.textContent)")


def visible(b: Browser, selector: str) -> bool:
    """The element is laid out inside the viewport (what a screenshot of the window shows)."""
    return b.js(
        f"(() => {{ const e = document.querySelector({json.dumps(selector)}); if (!e) return false;"
        " const r = e.getBoundingClientRect();"
        " return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0"
        " && r.top < innerHeight && r.left < innerWidth; })()"
    )


def near(px: tuple[int, ...], rgb: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(px[:3], rgb, strict=True))


def shot(b: Browser, name: str) -> bytes:
    png = b.screenshot()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        (Path(SHOTS) / name).write_bytes(png)
    return png


def region(png: bytes, rect: dict[str, float]) -> list[tuple[int, ...]]:
    width, _, pixels = png_pixels(png)
    x0, y0 = int(rect["x"]), int(rect["y"])
    return [
        pixels[y * width + x] for y in range(y0, y0 + int(rect["height"])) for x in range(x0, x0 + int(rect["width"]))
    ]


def no_key_in_urls(b: Browser, key: str) -> None:
    urls = b.request_urls()
    assert urls and not [u for u in urls if key in u or "key=" in u], urls
    secret = key.split("_", 2)[2]
    assert not [u for u in urls if secret in u]


# ---------------------------------------------------------------- sign-in
def test_login_form_sets_an_httponly_cookie_and_no_url_carries_the_key(site: tuple[Running, str, Path]) -> None:
    r, key, _ = site
    b = Browser(width=W, height=H)
    try:
        b.watch()
        b.goto(f"{r.url}/?key={key}")  # an old bookmark: the page drops the key from the address bar, never uses it
        b.wait_for("!document.getElementById('login').hidden")
        assert "key=" not in b.js("location.href")
        assert "removed" in b.js("document.getElementById('login-error').textContent")
        b.click("#login-key")
        b.type("cc_000000000000_wrongwrongwrongwrongwrong")
        b.key("Enter")
        b.wait_for("document.getElementById('login-error').textContent.includes('not a valid')")
        b.click("#login-key")
        b.type(key)
        b.key("Enter")
        b.wait_for("!document.getElementById('app').hidden && !!document.querySelector('#threads li[data-thread]')")
        assert b.js("document.getElementById('login-key').value") == ""  # the page keeps no copy
        assert "chatcompact_session" not in b.js("document.cookie")
        (cookie,) = [c for c in b.call("Network.getAllCookies")["cookies"] if c["name"] == "chatcompact_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/dashboard"
        assert key not in cookie["value"] and key.split("_", 2)[2] not in cookie["value"]
        logins = [q for q in b.requests() if q["url"].endswith("/dashboard/login")]
        assert logins and all(q["method"] == "POST" and "key=" not in q["url"] for q in logins)
        assert sorted(texts(b, "#threads li[data-thread] .name")) == ["agent-run", "support-dupont", "xss-probe"]
        b.click("#logout")
        b.wait_for("!document.getElementById('login').hidden")
        status = b.js("fetch('/dashboard/api/threads', {credentials: 'same-origin'}).then(r => r.status)")
        assert status == 401  # signed out means signed out
        urls = [u for u in b.request_urls() if not u.startswith("data:")]
        assert [u for u in urls if key in u] == [f"{r.url}/?key={key}"]  # only the old link we typed ourselves
    finally:
        b.close()


# ---------------------------------------------------------------- the conversation view
def test_what_the_model_saw_is_the_librarys_reconstruction(site: tuple[Running, str, Path], page: Browser) -> None:
    _, key, tmp = site
    open_thread(page, "support-dupont")
    ctx_seq = int(page.js("document.getElementById('panel-request').dataset.ctx"))
    with Memory.open(str(tmp / "memory.db"), background=False, embedder="none") as mem:
        tc = mem.thread("acme/support-dupont").context_at(ctx_seq)
    assert page.js("CC.S.ctx.tokens") == tc.assembled.tokens <= tc.assembled.budget
    window = [m.seq for m in tc.assembled.messages if m.seq is not None]
    assert page.js("CC.S.ctx.window.map(w => w.seq)") == window
    assert tc.version is not None and page.js("CC.S.ctx.version.version") == tc.version.version
    head = page.js("document.querySelector('#panel-request .seen-head').textContent")
    assert f"v{tc.version.version}" in head and f"Thread.context_at({ctx_seq})" in head
    assert "reconstruction with today's code" in head and "exact when nothing changed" in head
    summary_lines = [ln.text.removeprefix("- ") for ln in tc.assembled.lines if ln.block == "summary"]
    shown = " ".join(texts(page, "#block-summary .line .t"))
    assert summary_lines and all(s[:40] in shown for s in summary_lines if s)  # the summary, by section
    assert texts(page, "#block-summary h4")  # section headings
    # the transcript marks what the model saw: window rows "sent", older rows folded into the summary
    chips = page.js(
        "[...document.querySelectorAll('#transcript .msg')]"
        ".map(m => [+m.dataset.seq, m.querySelector('.marks').textContent])"
    )
    marks = dict(chips)
    assert all(marks[s] in ("sent", "trimmed", "digest") for s in window if s in marks)
    folded = [s for s, m in chips if m.startswith("folded")]
    assert folded and max(folded) == tc.version.covered_until
    no_key_in_urls(page, key)
    assert not [e for e in page.errors() if "401" not in e], page.errors()


def test_clicking_a_curve_point_opens_that_turn(site: tuple[Running, str, Path], page: Browser) -> None:
    _, key, _ = site
    open_thread(page, "support-dupont")
    page.wait_for("document.getElementById('curve').dataset.ready === '1' && !!CC.S.curve")
    points = page.js("CC.S.curve.points")
    assert 2 < len(points) <= 401 and all(p["sent"] <= 2000 for p in points)
    assert points[-1]["full"] > points[-1]["sent"] > 0
    target = points[len(points) // 3]
    box = page.rect("#curve")
    x = box["x"] + page.js(f"CC.S.curveX({target['seq']})") * box["width"] / page.js(
        "CC.$('curve').viewBox.baseVal.width"
    )
    page.click_at(x, box["y"] + box["height"] / 2)  # a real mouse click on the chart
    page.wait_for(f"CC.S.selected === {target['seq']} && !!CC.S.ctx && CC.S.ctx.seq <= {target['seq']}")
    page.wait_for(f"document.querySelector('#transcript .msg.sel')?.dataset.seq === '{target['seq']}'")
    assert visible(page, "#transcript .msg.sel")
    assert page.js("CC.S.ctx.seq") in (target["seq"], target["seq"] - 1)  # a reply: the request that produced it
    # later messages are dimmed: they did not exist yet at that turn
    assert page.js(
        f"document.querySelector('#transcript .msg[data-seq=\"{target['seq'] + 2}\"]')?.classList.contains('future')"
    )
    png = shot(page, "dashboard-conversation.png")
    pixels = region(png, page.rect("#curve"))
    assert sum(near(p, (0x2F, 0x6F, 0xDE)) for p in pixels) > 150  # sent to the model
    assert sum(near(p, (0xD0, 0x45, 0x3F)) for p in pixels) > 150  # the full history
    for sel in ("#threads li[aria-selected='true']", "#transcript .msg.sel", "#curve"):
        assert visible(page, sel), sel
    sel = region(png, page.rect("#transcript .msg.sel"))
    assert sum(near(p, (0x2F, 0x6F, 0xDE), 30) for p in sel) > 200  # the selected turn's outline is drawn
    for block in ("block-summary", "block-outline"):  # below the standing instructions: the panel scrolls to them
        page.js(f"document.getElementById('{block}').scrollIntoView()")
        assert visible(page, f"#{block}"), block
    page.js("document.getElementById('block-window').scrollIntoView()")
    assert visible(page, "#block-window") and page.js("document.querySelectorAll('#block-window .wrow').length") > 0
    no_key_in_urls(page, key)


def test_recalled_quotes_link_to_the_messages_they_quote(site: tuple[Running, str, Path], page: Browser) -> None:
    _, _, tmp = site
    with Memory.open(
        str(tmp / "memory.db"), background=False, embedder="none"
    ) as mem:  # a user turn that recalled older messages
        t = mem.thread("acme/support-dupont")
        users = [m.seq for m in t.history(150) if m.role == "user"]
        turn = next(s for s in reversed(users) if any(ln.block == "quotes" for ln in t.context_at(s).assembled.lines))
    open_thread(page, "support-dupont")
    page.js(f"CC.jump({turn})")
    page.wait_for(f"CC.S.selected === {turn} && CC.S.ctx?.seq === {turn}")
    quoted = page.js("CC.S.ctx.blocks.quotes.map(l => l.seqs[0])")
    assert quoted and max(quoted) < turn  # never a message from after the turn
    page.click(f"#block-quotes .cite[data-seq='{quoted[0]}']")  # the quote's link shows the message it quotes
    page.wait_for(f"document.querySelector('#transcript .msg.revealed')?.dataset.seq === '{quoted[0]}'")
    assert visible(page, "#transcript .msg.revealed")
    assert page.js("CC.S.selected") == turn  # the turn being read stays open
    page.wait_for(f"CC.S.rows.get({quoted[0]}).querySelector('.marks').textContent.includes('recalled')")


def test_elided_and_pinned_messages_are_marked(site: tuple[Running, str, Path], page: Browser) -> None:
    _, _, tmp = site
    with Memory.open(str(tmp / "memory.db"), background=False, embedder="none") as mem:
        t = mem.thread("acme/support-dupont")
        users = [m.seq for m in t.history(200) if m.role == "user"]
        turn, tc = next((s, tc) for s in reversed(users) if (tc := t.context_at(s)).assembled.hidden)
    assert tc.version is not None
    open_thread(page, "support-dupont")
    page.js(f"CC.jump({turn})")
    page.wait_for(f"CC.S.selected === {turn} && CC.S.ctx?.seq === {turn}")
    chips = dict(
        page.js(
            "[...document.querySelectorAll('#transcript .msg')]"
            ".map(m => [+m.dataset.seq, m.querySelector('.marks').textContent])"
        )
    )
    hidden = [m.seq for m in tc.assembled.hidden if m.seq in chips]
    assert hidden and all("elided" in chips[s] for s in hidden)
    assert all("elided" not in chips[s] for s in chips if s not in {m.seq for m in tc.assembled.hidden})
    pinned = [p.seq for p in tc.version.state.pinned if p.seq in chips]
    assert all("pinned" in chips[s] for s in pinned)
    assert page.js(
        "[...document.querySelectorAll('#panel-request .block > summary')]"
        ".some(s => s.textContent.startsWith('Elided'))"
    )


def test_the_transcript_is_paged_and_scrolling_up_loads_the_page_before(page: Browser) -> None:
    open_thread(page, "support-dupont")
    seqs = page.js("[...document.querySelectorAll('#transcript .msg')].map(m => +m.dataset.seq)")
    assert seqs == list(range(238, 298))  # the latest 60 of 297: no page loads the whole history
    page.js("document.getElementById('transcript').scrollTop = 0")
    page.wait_for("+document.querySelector('#transcript .msg').dataset.seq < 238")
    first = page.js("+document.querySelector('#transcript .msg').dataset.seq")
    assert first == 178 and page.js("document.querySelectorAll('#transcript .msg').length") == 120
    pages = [q["url"] for q in page.requests() if "/dashboard/api/messages" in q["url"]]
    assert pages and all("limit=60" in u for u in pages)


# ---------------------------------------------------------------- the compaction timeline
def test_timeline_rows_expand_to_a_grouped_diff_listing_each_item_once(
    site: tuple[Running, str, Path], page: Browser
) -> None:
    _, key, tmp = site
    open_thread(page, "support-dupont")
    page.click("#tab-timeline")
    page.wait_for("document.getElementById('versions').dataset.ready === '1'")
    with Memory.open(str(tmp / "memory.db"), background=False, embedder="none") as mem:
        versions = mem.thread("acme/support-dupont").compactions()
    rows = page.js("[...document.querySelectorAll('.vrow')].map(v => +v.dataset.version)")
    assert rows == [v.version for v in reversed(versions)][:30]
    head = page.js("document.querySelector('.vrow summary').textContent")
    assert f"folded #{versions[-1].covered_from}–#{versions[-1].covered_until}" in head and "tokens" in head
    twice = next((v for v in reversed(versions) if set(v.report.added) & set(v.report.dropped)), versions[-1])
    page.js(f"document.querySelector('.vrow[data-version=\"{twice.version}\"]').scrollIntoView()")
    page.click(f".vrow[data-version='{twice.version}'] > summary")
    page.wait_for(f"document.querySelector('.vrow[data-version=\"{twice.version}\"]')?.dataset.loaded === '1'")
    items = page.js(
        f"[...document.querySelectorAll('.vrow[data-version=\"{twice.version}\"] .item .t')].map(e => e.textContent)"
    )
    assert items and len(items) == len(set(items))  # an item is never shown as both added and dropped
    listed = set(twice.report.added) | set(twice.report.dropped) | set(twice.report.superseded)
    assert set(items) >= listed
    groups = texts(page, f".vrow[data-version='{twice.version}'] h4")
    assert groups and all("(" in g for g in groups)  # grouped by section, with counts
    cite = page.js(f"document.querySelector('.vrow[data-version=\"{twice.version}\"] .item .cite')?.dataset.seq")
    assert cite
    if SHOTS:
        page.color_scheme("dark")
        page.js("document.getElementById('view-timeline').scrollTop = 0")
        shot(page, "dashboard-timeline.png")
        page.color_scheme("light")
    page.click(f".vrow[data-version='{twice.version}'] .item .cite")  # provenance opens the message it cites
    page.wait_for(f"CC.S.view === 'conversation' && document.querySelector('.msg.revealed')?.dataset.seq === '{cite}'")
    assert visible(page, "#transcript .msg.revealed")
    no_key_in_urls(page, key)


# ---------------------------------------------------------------- search and keyboard
def test_search_then_keyboard_navigation(page: Browser) -> None:
    open_thread(page, "support-dupont")
    page.click("#transcript .msg.sel")
    page.js("document.getElementById('q').value = ''")
    page.key("/")
    assert page.js("document.activeElement.id") == "q"
    page.type("Colissimo claim")
    page.key("Enter")
    page.wait_for("!!document.querySelector('#hits .hit')")
    hit = int(page.js("document.querySelector('#hits .hit').dataset.seq"))
    assert "Colissimo" in page.js("document.querySelector('#hits .hit').textContent")
    page.click("#hits .hit")
    page.wait_for(f"CC.S.selected === {hit}")
    page.key("Escape")
    assert page.js("document.getElementById('hits').hidden")
    page.js(f"CC.S.rows.get({hit}).focus()")
    page.key("k")
    page.key("k")
    page.wait_for(f"CC.S.selected === {hit - 2}")
    page.key("ArrowDown")
    page.wait_for(f"CC.S.selected === {hit - 1} && document.activeElement.dataset.seq === '{hit - 1}'")
    page.wait_for(f"CC.S.ctx && (CC.S.ctx.seq === {hit - 1} || CC.S.ctx.seq === {hit - 2})")
    # the thread list: arrows move, Enter opens
    page.js("document.getElementById('threads').focus()")
    names = texts(page, "#threads li[data-thread] .name")
    here = names.index("support-dupont")
    page.key("ArrowDown" if here + 1 < len(names) else "ArrowUp")
    page.key("Enter")
    other = names[here + 1] if here + 1 < len(names) else names[here - 1]
    page.wait_for(f"CC.S.thread === {json.dumps(other)} && document.body.dataset.ready === '1'")
    # Tab walks the header controls in order
    page.js("document.getElementById('q').focus()")
    page.key("Tab")
    assert page.js("document.activeElement.id") == "theme"


# ---------------------------------------------------------------- agents
def test_agent_thread_shows_its_work_log_and_tool_digests(site: tuple[Running, str, Path], page: Browser) -> None:
    _, _, tmp = site
    open_thread(page, "agent-run")  # the latest turn is selected
    assert not page.js("document.getElementById('tab-worklog').hidden")
    page.click("#tab-worklog")
    page.wait_for("!document.getElementById('panel-worklog').hidden")
    with Memory.open(str(tmp / "memory.db"), background=False, embedder="none") as mem:
        t = mem.thread("acme/agent-run")
        tc = t.context_at(int(page.js("CC.S.ctx.seq")))
        calls = {tc.id: tc for m in t.history() for tc in m.tool_calls}
        outputs = {m.seq: digest_line(calls.get(m.tool_call_id or ""), m) for m in t.history() if m.role == "tool"}
    assert tc.version is not None and tc.version.state.worklog.commands
    panel = page.js("document.getElementById('panel-worklog').textContent")
    assert "Commands" in panel and "Failures" in panel and "Files changed" in panel
    assert tc.version.state.worklog.commands[-1].text[:40] in panel  # commands with their outcomes
    if SHOTS:
        shot(page, "dashboard-agent.png")
    # tool outputs are collapsed behind their size and digest (core.digest.digest_line), one click to open
    rows = page.js(
        "[...document.querySelectorAll('#transcript .tool-out')].map(d => [+d.closest('.msg').dataset.seq,"
        " d.querySelector('.digest').textContent, d.open])"
    )
    assert rows and all(digest == outputs[seq] and not is_open for seq, digest, is_open in rows)
    # a turn where the model got a tool output trimmed: the window row says what was cut
    with Memory.open(str(tmp / "memory.db"), background=False, embedder="none") as mem:
        t = mem.thread("acme/agent-run")
        roles = {m.seq: m.role for m in t.history()}

        def trimmed(seq: int) -> bool:
            tc = t.context_at(seq)
            stored = {m.seq: m.text for m in tc.tail}
            return any(m.seq is not None and m.text != stored.get(m.seq, m.text) for m in tc.assembled.messages)

        cut = next(s for s in roles if roles[s] != "assistant" and trimmed(s))
    page.js(f"CC.jump({cut})")
    page.wait_for(f"CC.S.selected === {cut} && CC.S.ctx?.seq === {cut}")
    assert page.js("CC.S.ctx.window.some(w => w.form !== 'verbatim' && w.shown_chars < w.chars)")
    assert "chars shown" in page.js("document.getElementById('block-window').textContent")
    first = rows[0][0]
    page.js(f"CC.jump({first})")
    page.click(f"#transcript .msg[data-seq='{first}'] .tool-out > summary")
    assert page.js(f"document.querySelector('#transcript .msg[data-seq=\"{first}\"] .tool-out').open")
    assert visible(page, f"#transcript .msg[data-seq='{first}'] .tool-out pre")
    page.click("#tab-request")


# ---------------------------------------------------------------- conversation text is data
def test_conversation_text_is_rendered_as_text_never_as_html(page: Browser) -> None:
    open_thread(page, "xss-probe")
    page.wait_for("document.querySelectorAll('#transcript .msg').length === 2")
    assert page.js("window.__pwned") is None
    assert page.js("document.querySelectorAll('#transcript img, #transcript script').length") == 0
    assert not page.js("[...document.querySelectorAll('#transcript a')].some(a => !/^https?:|^mailto:/.test(a.href))")
    body = page.js("document.querySelector('#transcript .msg[data-seq=\"1\"] .md').textContent")
    assert '<img src=x onerror="window.__pwned=1">' in body and "<script>" in body
    assert page.js("document.querySelector('#transcript .msg[data-seq=\"1\"] .md strong')?.textContent") == "bold"
    page.js("document.getElementById('q').value = ''; document.getElementById('q').focus()")
    page.type("onerror")
    page.key("Enter")
    page.wait_for("!!document.querySelector('#hits .hit')")
    assert page.js("document.querySelectorAll('#hits img, #hits script').length") == 0
    assert page.js("window.__pwned") is None
    assert XSS[:20] in page.js("document.getElementById('hits').textContent")
    page.key("Escape")


def test_page_is_served_with_a_strict_content_security_policy(site: tuple[Running, str, Path]) -> None:
    import httpx

    r, _, _ = site
    res = httpx.get(r.url + "/")
    csp = res.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert res.headers["cache-control"] == "no-store"
    for name in ("app.js", "panels.js", "md.js", "app.css"):
        static = httpx.get(f"{r.url}/dashboard/static/{name}")
        assert static.status_code == 200 and static.headers["x-content-type-options"] == "nosniff"
        if name.endswith(".js"):
            assert not re.search(r"\.(inner|outer)HTML\s*=|insertAdjacentHTML|document\.write|eval\(", static.text)
    assert httpx.get(r.url + "/dashboard/static/..%2Fkeys.py").status_code == 404
