// chatcompact dashboard: sign-in, threads, the paged transcript, search and keyboard. The panels (token curve,
// what the model saw, work log, compaction timeline) are in panels.js. Conversation text is data: every node is
// built with textContent or text nodes (md.js for markdown), never innerHTML.
"use strict";
const CC = (window.CC = {});
(function () {
  const S = (CC.S = {
    thread: null, overview: null, last: 0, lo: 0, hi: 0, rows: new Map(), selected: null, ctx: null,
    gen: 0, loading: false, view: "conversation", panel: "request", threadsOffset: 0,
  });
  const $ = (id) => document.getElementById(id);
  CC.$ = $;

  // ---------------------------------------------------------------- helpers
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k === "style") e.style.cssText = v;  // through the CSSOM: the page's CSP refuses style attributes
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== undefined && c !== null) e.append(c);  // strings become text nodes
    return e;
  }
  CC.el = el;
  CC.num = (n) => (n ?? 0).toLocaleString("en-US");
  CC.size = (chars) => (chars < 1000 ? `${chars} chars` : `${(chars / 1000).toFixed(chars < 10000 ? 1 : 0)}k chars`);
  CC.when = (t, withDay = true) => {
    if (!t) return "";
    const d = new Date(t * 1000);
    const opts = withDay ? { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" } : { hour: "2-digit", minute: "2-digit" };
    return d.toLocaleString("en-GB", opts);
  };
  CC.md = (text) => el("div", { class: "md" }, window.ccMarkdown(text));
  CC.cite = (seq, label) => el("button", { class: "cite", type: "button", title: `show message #${seq}`, "data-seq": seq,
    onclick: (ev) => { ev.stopPropagation(); CC.reveal(seq); } }, label || `#${seq}`);

  async function api(name, params = {}) {
    const query = new URLSearchParams(params).toString();
    const r = await fetch(`/dashboard/api/${name}${query ? "?" + query : ""}`, {
      credentials: "same-origin", headers: { Accept: "application/json" },
    });
    if (r.status === 401) { showLogin(); throw new Error("signed out"); }
    const body = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(body.error?.message || r.statusText);
    return body;
  }
  CC.api = api;

  // ---------------------------------------------------------------- theme
  const THEMES = ["auto", "light", "dark"];
  function applyTheme(name) {
    if (name === "auto") document.documentElement.removeAttribute("data-theme");
    else document.documentElement.dataset.theme = name;
    $("theme").title = `Colour scheme: ${name} (click to change)`;
    if (S.curve) CC.drawCurve();
  }

  // ---------------------------------------------------------------- sign-in
  function showLogin(notice) {
    $("app").hidden = true;
    $("login").hidden = false;
    if (notice) { $("login-error").textContent = notice; $("login-error").hidden = false; }
    $("login-key").focus();
  }

  async function login(ev) {
    ev.preventDefault();
    const box = $("login-key"), key = box.value.trim();
    const r = await fetch("/dashboard/login", {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ key }),
    });
    box.value = "";  // the page keeps no copy of the key
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      $("login-error").textContent = body.error?.message || "sign-in failed";
      $("login-error").hidden = false;
      return;
    }
    start(await r.json());
  }

  async function logout() {
    await fetch("/dashboard/logout", { method: "POST", credentials: "same-origin" });
    S.thread = null;
    showLogin();
  }

  function start(session) {
    $("login").hidden = true;
    $("login-error").hidden = true;
    $("app").hidden = false;
    $("who").textContent = session.tenant ? `tenant ${session.tenant}` : "";
    $("logout").hidden = session.auth === false;
    loadThreads();
    const want = new URLSearchParams(location.hash.slice(1));
    if (want.get("thread")) openThread(want.get("thread"), parseInt(want.get("seq"), 10) || null);
  }

  // ---------------------------------------------------------------- threads
  async function loadThreads(more = false) {
    const box = $("threads");
    S.threadsOffset = more ? S.threadsOffset : 0;
    const q = $("thread-filter").value.trim();
    try {
      const { threads, total } = await api("threads", { q, offset: S.threadsOffset, limit: 100 });
      if (!more) box.replaceChildren();
      for (const t of threads) {
        box.append(el("li", { role: "option", "data-thread": t.id, "aria-selected": String(t.id === S.thread),
          onclick: () => openThread(t.id) },
          el("span", { class: "name" }, t.id),
          el("span", { class: "sub" }, `${CC.num(t.messages)} messages · ${t.version ? "summary v" + t.version : "no summary yet"}`)));
      }
      S.threadsOffset += threads.length;
      $("threads-more").hidden = S.threadsOffset >= total;
      if (!total) box.append(el("li", { class: "sub" }, q ? "no thread matches" : "no threads yet"));
    } catch (e) { box.replaceChildren(el("li", { class: "error" }, "error: " + e.message)); }
  }

  function threadKeys(ev) {
    const items = [...$("threads").querySelectorAll("li[data-thread]")];
    if (!items.length) return;
    let i = items.findIndex((li) => li.classList.contains("focus"));
    if (i < 0) i = Math.max(0, items.findIndex((li) => li.getAttribute("aria-selected") === "true"));
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      items.forEach((li) => li.classList.remove("focus"));
      const next = items[Math.min(items.length - 1, Math.max(0, i + (ev.key === "ArrowDown" ? 1 : -1)))];
      next.classList.add("focus");
      next.scrollIntoView({ block: "nearest" });
      $("threads").setAttribute("aria-activedescendant", "");
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      openThread(items[i].dataset.thread);
    }
  }

  async function openThread(id, seq = null) {
    const gen = ++S.gen;
    Object.assign(S, { thread: id, ctx: null, selected: null, rows: new Map(), lo: 0, hi: 0, curve: null });
    document.querySelectorAll("#threads li[data-thread]").forEach((li) =>
      li.setAttribute("aria-selected", String(li.dataset.thread === id)));
    $("thread-title").textContent = id;
    $("curve").replaceChildren();
    delete $("curve").dataset.ready;
    $("transcript").replaceChildren(el("div", { class: "loading" }, "loading…"));
    $("hits").hidden = true;
    let ov;
    try { ov = await api("thread", { thread: id }); } catch (e) {
      $("transcript").replaceChildren(el("div", { class: "error pad" }, "error: " + e.message));
      return;
    }
    if (gen !== S.gen) return;
    S.overview = ov;
    S.last = ov.messages;
    $("tab-worklog").hidden = !ov.agent;
    if (!ov.agent && S.panel === "worklog") CC.showPanel("request");
    await loadAround(seq || S.last, !seq);
    if (gen !== S.gen) return;
    window.__ccFirstContent = window.__ccFirstContent || performance.now();
    document.body.dataset.ready = "1";
    // the curve after the first "what the model saw": both read every summary version, the panel matters more
    S.curveAfter = gen;
    setTimeout(() => CC.curveNext(gen), 4000);
    if (S.last) select(seq || S.last, { scroll: !!seq });
    else CC.curveNext(gen);
    if (S.view === "timeline") CC.loadVersions(true);
  }

  // ---------------------------------------------------------------- the transcript (pages of messages)
  const PAGE = 60, MAX_ROWS = 600;
  let observer = null;

  function sentinels() {
    const box = $("transcript");
    const top = el("div", { class: "sentinel", id: "top-sentinel" }), bottom = el("div", { class: "sentinel", id: "bottom-sentinel" });
    box.replaceChildren(top, bottom);
    if (observer) observer.disconnect();
    observer = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (!e.isIntersecting || S.loading) continue;
        if (e.target.id === "top-sentinel" && S.lo > 0) loadMore("before");
        if (e.target.id === "bottom-sentinel" && S.hi < S.last) loadMore("after");
      }
    }, { root: box, rootMargin: "600px 0px" });
    observer.observe(top);
    observer.observe(bottom);
  }

  async function loadAround(seq, atEnd) {
    const gen = S.gen;
    S.loading = true;
    try {
      const page = await api("messages", atEnd ? { thread: S.thread, before: S.last + 1, limit: PAGE }
        : { thread: S.thread, around: seq, limit: PAGE });
      if (gen !== S.gen) return;
      sentinels();
      S.rows = new Map();
      insert(page.messages, "end");
      S.lo = page.messages.length ? page.messages[0].seq - 1 : 0;
      S.hi = page.messages.length ? page.messages[page.messages.length - 1].seq : 0;
      if (!page.messages.length) $("transcript").append(el("p", { class: "muted pad" }, "no messages yet"));
      const box = $("transcript");
      if (atEnd) box.scrollTop = box.scrollHeight;
      else S.rows.get(seq)?.scrollIntoView({ block: "center" });
    } finally { S.loading = false; }
    CC.applyMarks();
  }

  async function loadMore(where) {
    const gen = S.gen, box = $("transcript");
    S.loading = true;
    try {
      const params = where === "before" ? { thread: S.thread, before: S.lo + 1, limit: PAGE } : { thread: S.thread, after: S.hi, limit: PAGE };
      const page = await api("messages", params);
      if (gen !== S.gen || !page.messages.length) return;
      const height = box.scrollHeight, top = box.scrollTop;
      insert(page.messages, where === "before" ? "start" : "end");
      if (where === "before") {
        S.lo = page.messages[0].seq - 1;
        box.scrollTop = top + (box.scrollHeight - height);
      } else S.hi = page.messages[page.messages.length - 1].seq;
      trim(where === "before" ? "end" : "start");
    } catch (e) { console.warn(e); } finally { S.loading = false; }
    CC.applyMarks();
  }

  function insert(messages, where) {
    const box = $("transcript"), anchor = where === "start" ? $("top-sentinel").nextSibling : $("bottom-sentinel");
    const frag = document.createDocumentFragment();
    for (const m of messages) {
      if (S.rows.has(m.seq)) continue;
      const row = messageRow(m);
      S.rows.set(m.seq, row);
      frag.append(row);
    }
    box.insertBefore(frag, anchor);
  }

  function trim(side) {  // at most MAX_ROWS in the DOM: the far side goes (it is one page load away)
    const rows = [...$("transcript").querySelectorAll(".msg")];
    const extra = rows.length - MAX_ROWS;
    if (extra <= 0) return;
    const gone = side === "end" ? rows.slice(-extra) : rows.slice(0, extra);
    const box = $("transcript"), height = box.scrollHeight, top = box.scrollTop;
    for (const r of gone) { S.rows.delete(+r.dataset.seq); r.remove(); }
    const kept = [...S.rows.keys()];
    if (side === "end") S.hi = Math.max(...kept);
    else { S.lo = Math.min(...kept) - 1; box.scrollTop = top - (height - box.scrollHeight); }
  }

  function messageRow(m) {
    const who = m.name ? `${m.role} · ${m.name}` : m.role;
    const row = el("article", { class: `msg role-${m.role}`, role: "listitem", tabindex: "-1", "data-seq": m.seq,
      "aria-label": `message ${m.seq}, ${m.role}`, onclick: () => select(m.seq) },
      el("div", { class: "meta" }, el("span", { class: "seq" }, `#${m.seq}`), el("span", { class: "role" }, who),
        el("time", { title: new Date((m.time || 0) * 1000).toISOString() }, CC.when(m.time)), el("span", { class: "marks" })));
    if (m.role === "tool") row.append(toolOutput(m));
    else if (m.role === "system") row.append(fold(el("span", { class: "size" }, CC.size(m.chars)), body(m)));
    else if (m.text) row.append(body(m));
    for (const tc of m.tool_calls || []) row.append(toolCall(tc));
    return row;
  }

  function body(m) {
    const box = el("div", {}, CC.md(m.text));
    if (m.chars > m.text.length) box.append(showAll(m, (full) => box.replaceChildren(CC.md(full.text))));
    return box;
  }

  function fold(summaryChild, content, extraClass = "") {
    return el("details", { class: `fold ${extraClass}` }, el("summary", {}, ...[].concat(summaryChild)), content);
  }

  function toolOutput(m) {
    const pre = el("pre", {}, m.text);
    const content = el("div", {}, pre);
    if (m.chars > m.text.length) content.append(showAll(m, (full) => { pre.textContent = full.text; }));
    return fold([el("span", { class: "size" }, `output · ${CC.size(m.chars)}`), el("code", { class: "digest", title: m.digest }, m.digest)], content, "tool-out");
  }

  function toolCall(tc) {
    let args = tc.arguments;
    try { args = JSON.stringify(JSON.parse(tc.arguments), null, 2); } catch (_) { /* clipped or not JSON: as stored */ }
    const preview = tc.arguments.length > 90 ? tc.arguments.slice(0, 90) + "…" : tc.arguments;
    return fold([el("span", { class: "name" }, `→ ${tc.name}`), el("code", { class: "digest" }, preview),
      el("span", { class: "size" }, CC.size(tc.chars))], el("pre", {}, args), "call");
  }

  function showAll(m, done) {
    const b = el("button", { class: "quiet more", type: "button", onclick: async (ev) => {
      ev.stopPropagation();
      b.textContent = "loading…";
      try { done(await api("message", { thread: S.thread, seq: m.seq })); b.remove(); } catch (e) { b.textContent = "error: " + e.message; }
    } }, `Show all ${CC.size(m.chars)}`);
    return b;
  }

  // ---------------------------------------------------------------- selecting a turn
  let ctxTimer = null;
  function select(seq, { scroll = false, focus = false } = {}) {
    S.selected = seq;
    for (const [s, row] of S.rows) row.classList.toggle("sel", s === seq);
    const row = S.rows.get(seq);
    if (row && scroll) row.scrollIntoView({ block: "nearest" });
    if (row && focus) row.focus({ preventScroll: true });
    const params = new URLSearchParams({ thread: S.thread, seq });
    history.replaceState(null, "", "#" + params);
    const role = row?.classList.contains("role-assistant") ? "assistant" : null;
    const at = role === "assistant" && seq > 1 ? seq - 1 : seq;  // a reply: the request that produced it
    clearTimeout(ctxTimer);
    ctxTimer = setTimeout(() => CC.loadContext(at, seq), 80);
    CC.drawCursor?.();
  }
  CC.select = select;

  async function jump(seq) {  // open message `seq` (a citation, a curve point, a search hit)
    if (S.view !== "conversation") CC.showView("conversation");
    if (!S.rows.has(seq)) await loadAround(seq, false);
    select(seq, { scroll: true, focus: true });
    S.rows.get(seq)?.scrollIntoView({ block: "center" });
  }
  CC.jump = jump;

  async function reveal(seq) {  // show message `seq` (a citation) without changing the turn being read
    if (S.view !== "conversation") CC.showView("conversation");
    if (!S.rows.has(seq)) await loadAround(seq, false);
    const row = S.rows.get(seq);
    if (!row) return;
    for (const r of document.querySelectorAll(".msg.revealed")) r.classList.remove("revealed");
    row.classList.add("revealed");
    row.scrollIntoView({ block: "center" });
    row.focus({ preventScroll: true });
    if (S.selected === null) select(seq);
  }
  CC.reveal = reveal;

  async function step(delta) {
    const seqs = [...S.rows.keys()].sort((a, b) => a - b);
    if (!seqs.length) return;
    let i = seqs.indexOf(S.selected);
    if (i < 0) i = delta > 0 ? -1 : seqs.length;
    const j = i + delta;
    if (j >= seqs.length && S.hi < S.last) { await loadMore("after"); return step(delta); }
    if (j < 0 && S.lo > 0) { await loadMore("before"); return step(delta); }
    const next = seqs[Math.max(0, Math.min(seqs.length - 1, j))];
    select(next, { scroll: true, focus: true });
  }

  // ---------------------------------------------------------------- search (recall over the whole history)
  async function search(ev) {
    ev.preventDefault();
    const q = $("q").value.trim(), box = $("hits");
    if (!q || !S.thread) return;
    box.hidden = false;
    box.replaceChildren(el("div", { class: "loading" }, "searching…"));
    try {
      const { hits } = await api("recall", { thread: S.thread, q, k: 10 });
      const close = el("button", { class: "quiet", type: "button", onclick: () => { box.hidden = true; } }, "✕ close");
      box.replaceChildren(el("div", { class: "box-head" }, el("h2", {}, `${hits.length} found for “${q}”`), close));
      for (const h of hits) {
        box.append(el("button", { class: "hit", type: "button", "data-seq": h.id, onclick: () => jump(h.id) },
          el("div", { class: "meta" }, el("span", { class: "seq" }, `#${h.id}`), el("span", { class: "role" }, h.role),
            el("span", {}, (h.time || "").replace("T", " ").slice(0, 16)), el("span", { class: "marks" }, h.matched.join(" + "))),
          CC.md(h.text)));
      }
      if (!hits.length) box.append(el("p", { class: "muted" }, "nothing found"));
    } catch (e) { box.replaceChildren(el("p", { class: "error" }, "error: " + e.message)); }
  }

  // ---------------------------------------------------------------- views, keyboard
  CC.showView = (view) => {
    S.view = view;
    for (const b of document.querySelectorAll(".top .tabs button")) b.setAttribute("aria-selected", String(b.dataset.view === view));
    $("view-conversation").hidden = view !== "conversation";
    $("seen").hidden = view !== "conversation";
    $("view-timeline").hidden = view !== "timeline";
    if (view === "timeline" && S.thread) CC.loadVersions(true);
    if (view === "conversation" && S.curve) CC.drawCurve();
  };
  CC.showPanel = (panel) => {
    S.panel = panel;
    for (const b of document.querySelectorAll("#seen .tabs button")) b.setAttribute("aria-selected", String(b.dataset.panel === panel));
    $("panel-request").hidden = panel !== "request";
    $("panel-worklog").hidden = panel !== "worklog";
  };

  function keys(ev) {
    const t = ev.target, typing = t.matches?.("input, textarea");
    if (ev.key === "Escape") { $("hits").hidden = true; if (typing) t.blur(); return; }
    if (typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "/") { ev.preventDefault(); $("q").focus(); return; }
    if (t.closest?.("#threads")) { threadKeys(ev); return; }
    if (t.closest?.("#curve")) { CC.curveKeys(ev); return; }
    if (S.view !== "conversation" || !S.thread) return;
    if (ev.key === "j" || ev.key === "ArrowDown") { ev.preventDefault(); step(1); }
    else if (ev.key === "k" || ev.key === "ArrowUp") { ev.preventDefault(); step(-1); }
    else if (ev.key === "End") { ev.preventDefault(); jump(S.last); }
    else if (ev.key === "Enter" && t.closest?.(".msg") && !t.closest("summary")) {
      const d = S.rows.get(S.selected)?.querySelector("details");
      if (d) { ev.preventDefault(); d.open = !d.open; }
    }
  }

  function boot() {
    let theme = localStorage.getItem("cc-theme") || "auto";
    applyTheme(theme);
    $("theme").addEventListener("click", () => {
      theme = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length];
      localStorage.setItem("cc-theme", theme);
      applyTheme(theme);
    });
    $("login-form").addEventListener("submit", login);
    $("logout").addEventListener("click", logout);
    $("search").addEventListener("submit", search);
    let filterTimer = null;
    $("thread-filter").addEventListener("input", () => { clearTimeout(filterTimer); filterTimer = setTimeout(() => loadThreads(), 200); });
    $("threads-more").addEventListener("click", () => loadThreads(true));
    for (const b of document.querySelectorAll(".top .tabs button")) b.addEventListener("click", () => CC.showView(b.dataset.view));
    for (const b of document.querySelectorAll("#seen .tabs button")) b.addEventListener("click", () => CC.showPanel(b.dataset.panel));
    document.addEventListener("keydown", keys);
    window.addEventListener("resize", () => S.curve && CC.drawCurve());

    const params = new URLSearchParams(location.search);
    let notice = "";
    if (params.has("key")) {  // an old bookmark: drop the key from the address bar at once, never use it
      params.delete("key");
      const rest = params.toString();
      history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
      notice = "A key in the address bar ends up in logs and history: it was removed. Sign in with the form.";
    }
    if (params.get("login") === "failed") notice = "That is not a valid API key.";
    fetch("/dashboard/api/session", { credentials: "same-origin" }).then(async (r) => {
      if (r.ok && !notice) start(await r.json());
      else if (r.ok) { start(await r.json()); }
      else showLogin(notice);
    }, () => showLogin("the server cannot be reached"));
  }
  document.addEventListener("DOMContentLoaded", boot);
})();
