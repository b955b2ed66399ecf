// chatcompact dashboard panels: the token curve, "what the model saw" at a turn, the work log and the compaction
// timeline. Every text is inserted as text (CC.el / CC.md), never as HTML.
"use strict";
(function () {
  const S = CC.S, el = CC.el, $ = CC.$;
  const NS = "http://www.w3.org/2000/svg";
  const TRIGGERS = { tokens: "token threshold", messages: "message count", topic: "topic shift", topic_shift: "topic shift",
    manual: "manual", revert: "revert" };
  const KIND = { added: "+", superseded: "~", resolved: "✓", dropped: "−", removed: "×" };
  const SECTION = { decisions: "Decisions", user_facts: "About the user", todos: "To do", open_questions: "Open questions",
    identifiers: "Identifiers", topics: "Topics", instructions: "Instructions", pinned: "Pinned", cut: "Cut at once", other: "Other" };

  // ---------------------------------------------------------------- token curve
  CC.curveNext = (gen) => {  // load the thread's curve once (after its first context, or a timeout)
    if (S.curveAfter !== gen || gen !== S.gen) return;
    S.curveAfter = null;
    CC.loadCurve(gen);
  };

  CC.loadCurve = async (gen) => {
    try {
      const c = await CC.api("curve", { thread: S.thread });
      if (gen !== S.gen) return;
      S.curve = c;
      S.curveIdx = c.points.length - 1;
      CC.drawCurve();
    } catch (e) { console.warn(e); }
  };

  function svg(tag, attrs, parent) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    parent.appendChild(e);
    return e;
  }

  CC.drawCurve = () => {
    const box = $("curve"), { points, budget } = S.curve;
    box.replaceChildren();
    const W = box.clientWidth || 700, H = box.clientHeight || 150, L = 46, R = 12, T = 12, B = 20;
    box.setAttribute("viewBox", `0 0 ${W} ${H}`);
    if (!points.length) return;
    const maxX = points[points.length - 1].seq || 1, maxY = Math.max(budget, ...points.map((p) => p.full)) || 1;
    const x = (s) => L + (W - L - R) * (maxX > 1 ? (s - 1) / (maxX - 1) : 1), y = (v) => H - B - (H - T - B) * v / maxY;
    S.curveX = x;
    svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, class: "axis" }, box);
    let prev = points[0].version;
    for (const p of points) {
      if (p.version !== prev) svg("line", { x1: x(p.seq), y1: T, x2: x(p.seq), y2: H - B, class: "vmark" }, box);
      prev = p.version;
    }
    svg("line", { x1: L, y1: y(budget), x2: W - R, y2: y(budget), class: "budget" }, box);
    const line = (k) => points.map((p) => `${x(p.seq).toFixed(1)},${y(p[k]).toFixed(1)}`).join(" ");
    svg("polyline", { points: line("full"), fill: "none", "stroke-width": 2.5, class: "full", id: "full-line" }, box);
    svg("polyline", { points: line("sent"), fill: "none", "stroke-width": 2.5, class: "sent", id: "sent-line" }, box);
    const label = (text, ax, ay, anchor = "start") => { svg("text", { x: ax, y: ay, "text-anchor": anchor }, box).textContent = text; };
    label(`${CC.num(maxY)}`, L - 6, T + 8, "end");
    label("0", L - 6, H - B, "end");
    label(`budget ${CC.num(budget)}`, W - R, y(budget) - 4, "end");
    label("#1", L, H - 5);
    label(`#${CC.num(maxX)}`, W - R, H - 5, "end");
    S.cursor = svg("line", { x1: 0, y1: T, x2: 0, y2: H - B, class: "cursor", visibility: "hidden" }, box);
    box.dataset.ready = "1";
    window.__ccCurveDrawn = window.__ccCurveDrawn || performance.now();  // for benchmarks/dashboard.py
    CC.drawCursor();
  };

  CC.drawCursor = () => {
    if (!S.cursor || !S.curveX || S.selected == null) return;
    const px = S.curveX(S.selected).toFixed(1);
    S.cursor.setAttribute("x1", px);
    S.cursor.setAttribute("x2", px);
    S.cursor.setAttribute("visibility", "visible");
  };

  function nearest(ev) {
    const box = $("curve"), r = box.getBoundingClientRect(), pts = S.curve?.points || [];
    if (!pts.length) return -1;
    const vx = (ev.clientX - r.left) * ((box.viewBox.baseVal?.width || r.width) / r.width);
    let best = 0;
    for (let i = 1; i < pts.length; i++) if (Math.abs(S.curveX(pts[i].seq) - vx) < Math.abs(S.curveX(pts[best].seq) - vx)) best = i;
    return best;
  }

  function tip(i, ev) {
    const p = S.curve.points[i], t = $("curve-tip");
    t.hidden = false;
    t.textContent = `#${CC.num(p.seq)} · full ${CC.num(p.full)} · sent ≈ ${CC.num(p.sent)} · ${p.version ? "summary v" + p.version : "no summary"}`;
    const r = $("curve").getBoundingClientRect(), host = t.parentElement.getBoundingClientRect();
    const left = (ev ? ev.clientX : r.left + S.curveX(p.seq)) - host.left + 12;
    t.style.left = `${Math.min(left, host.width - t.offsetWidth - 8)}px`;
    t.style.top = `${r.top - host.top + 8}px`;
  }

  function curveEvents() {
    const box = $("curve");
    box.addEventListener("mousemove", (ev) => { const i = nearest(ev); if (i >= 0) tip(i, ev); });
    box.addEventListener("mouseleave", () => { $("curve-tip").hidden = true; });
    box.addEventListener("click", (ev) => { const i = nearest(ev); if (i >= 0) { S.curveIdx = i; CC.jump(S.curve.points[i].seq); } });
  }
  CC.curveKeys = (ev) => {
    const pts = S.curve?.points || [];
    if (!pts.length) return;
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      ev.preventDefault();
      S.curveIdx = Math.max(0, Math.min(pts.length - 1, (S.curveIdx ?? pts.length - 1) + (ev.key === "ArrowRight" ? 1 : -1)));
      tip(S.curveIdx);
    } else if (ev.key === "Enter") { ev.preventDefault(); CC.jump(pts[S.curveIdx ?? pts.length - 1].seq); }
  };

  // ---------------------------------------------------------------- what the model saw
  CC.loadContext = async (at, selected) => {
    const gen = S.gen, panel = $("panel-request");
    panel.setAttribute("aria-busy", "true");
    try {
      const ctx = await CC.api("context", { thread: S.thread, seq: at });
      if (gen !== S.gen || S.selected !== selected) return;
      S.ctx = ctx;
      renderRequest(ctx, selected);
      renderWorklog(ctx.worklog);
      CC.applyMarks();
      panel.dataset.ctx = String(at);
      window.__ccContextShown = window.__ccContextShown || performance.now();
    } catch (e) { panel.replaceChildren(el("p", { class: "error pad" }, "error: " + e.message)); }
    finally { panel.removeAttribute("aria-busy"); CC.curveNext(gen); }
  };

  CC.applyMarks = () => {
    const c = S.ctx;
    if (!c) return;
    const quotes = new Set((c.blocks.quotes || []).flatMap((l) => l.seqs)), hidden = new Set(c.hidden), pinned = new Set(c.pinned);
    const window_ = new Map(c.window.map((w) => [w.seq, w]));
    const covered = c.version ? c.version.covered_until : 0;
    for (const [seq, row] of S.rows) {
      const marks = [];
      if (seq <= covered) marks.push(["folded", `folded · v${c.version.version}`]);
      if (pinned.has(seq)) marks.push(["pinned", "pinned"]);
      if (quotes.has(seq)) marks.push(["recalled", "recalled"]);
      if (hidden.has(seq)) marks.push(["elided", "elided"]);
      const w = window_.get(seq);
      if (w) marks.push(w.form === "verbatim" ? ["window", "sent"] : [w.form, w.form]);
      for (const k of ["folded", "pinned", "recalled", "elided"]) row.classList.toggle(k, marks.some((m) => m[0] === k));
      row.classList.toggle("future", seq > Math.max(c.seq, S.selected || 0));
      row.querySelector(".marks").replaceChildren(...marks.map(([k, t]) => el("span", { class: `chip ${k}` }, t)));
    }
  };

  function block(title, size, children, { open = true, id } = {}) {
    const d = el("details", { class: "block", id }, el("summary", { class: "fold-sum" }, title, el("span", { class: "size" }, size)), el("div", { class: "body" }, ...children));
    d.open = open;
    return d;
  }

  function lineEl(l, md = false) {
    const text = l.text.replace(/^\[#\d+[^\]]*\]\s*/, "").replace(/^- /, "");
    return el("div", { class: "line" }, ...l.seqs.slice(0, 4).map((s) => CC.cite(s)), md ? el("div", { class: "t" }, CC.md(text)) : el("span", { class: "t" }, text));
  }

  function grouped(lines, md = false) {
    const out = [];
    let heading = null;
    for (const l of lines) {
      if (l.heading !== heading) { heading = l.heading; if (heading) out.push(el("h4", {}, heading)); }
      out.push(lineEl(l, md));
    }
    return out;
  }
  const tokens = (lines) => `${CC.num((lines || []).reduce((a, l) => a + l.tokens, 0))} tokens`;

  function renderRequest(c, selected) {
    const panel = $("panel-request"), b = c.blocks;
    const reply = selected !== c.seq;
    const head = el("div", { class: "seen-head" },
      el("h2", {}, reply ? `The request that produced reply #${selected}` : `What the model saw after #${c.seq}`),
      el("div", { class: "kv" }, el("span", {}, el("b", {}, CC.num(c.tokens)), ` of ${CC.num(c.budget)} tokens`),
        c.version ? el("span", {}, "summary ", el("b", {}, `v${c.version.version}`), ` · folded #1–#${c.version.covered_until}`) : el("span", {}, "no summary yet: the whole tail"),
        el("span", {}, `${c.window.length} messages in the window`)),
      outlineBar(c),
      c.query ? el("div", { class: "note" }, "recall query (the latest user turn): ", el("q", {}, c.query.length > 160 ? c.query.slice(0, 160) + "…" : c.query)) : "",
      el("p", { class: "note", id: "reconstruction-note" }, `A reconstruction with today's code, by the library's own assembly (Thread.context_at(${c.seq})): the summary version current then, the messages after it up to #${c.seq}, the thread's budget, the latest user turn as the recall query; exact when nothing changed since (code, policy, system prompt, forgotten turns).`),
      c.imported ? el("p", { class: "note" }, "This turn was imported with its own date: the summary version is the newest one that ends before it; the one in force then may have been older.") : "");
    const parts = [head, requestOutline(c)];
    if (b.instructions) parts.push(block("Standing instructions", tokens(b.instructions), grouped(b.instructions)));
    if (b.task) parts.push(block("The task", tokens(b.task), grouped(b.task, true)));
    const sum = b.summary || [];
    const sumNote = c.summary_lines_total > c.summary_lines ? ` · ${c.summary_lines} of ${c.summary_lines_total} lines fit` : "";
    if (sum.length || c.version) {
      parts.push(block("Summary", tokens(sum) + sumNote, sum.length ? grouped(sum.map((l) => (l.heading ? l : { ...l, heading: "Narrative" })))
        : [el("p", { class: "empty-block" }, "no summary line fit the budget")], { id: "block-summary" }));
    }
    if (b.worklog) parts.push(block("Work log", tokens(b.worklog), grouped(b.worklog)));
    if (b.pinned) parts.push(block("Pinned verbatim", tokens(b.pinned), grouped(b.pinned, true)));
    if (b.detail) parts.push(block("Finer summary nodes", tokens(b.detail), grouped(b.detail)));
    parts.push(block(`Recalled quotes (${(b.quotes || []).length})`, tokens(b.quotes),
      b.quotes ? grouped(b.quotes, true) : [el("p", { class: "empty-block" }, c.query ? "nothing recalled for this query" : "no query: nothing recalled")], { id: "block-quotes" }));
    parts.push(block(`Recent window (${c.window.length})`, "", windowRows(c), { id: "block-window" }));
    if (c.hidden.length) {
      parts.push(block(`Elided (${c.hidden.length})`, "", [el("p", {}, `${c.hidden.length} unsummarised messages were left out to fit the budget (stored verbatim, recallable): `,
        CC.cite(c.hidden[0]), " – ", CC.cite(c.hidden[c.hidden.length - 1]))]));
    }
    if (S.overview?.system) parts.push(block("System prompt", CC.size(S.overview.system_chars), [el("pre", {}, S.overview.system)], { open: false }));
    panel.replaceChildren(...parts);
  }

  function outlineBar(c) {
    const total = Math.max(c.budget, 1), sum = (k) => c.messages.filter((m) => m.kind === k).reduce((a, m) => a + m.tokens, 0);
    const seg = (cls, n, label) => el("i", { class: cls, style: `width:${(100 * n / total).toFixed(2)}%`, title: `${label}: ${CC.num(n)} tokens` });
    return el("div", { class: "bar", role: "img", "aria-label": "tokens by part of the request" },
      seg("sys", sum("system"), "system message"), seg("data", sum("data"), "chatcompact data"), seg("win", sum("window"), "recent window"));
  }

  function requestOutline(c) {
    const rows = [];
    let run = null;
    for (const m of c.messages) {
      if (m.kind === "window") {
        if (!run) { run = { first: m.seq, last: m.seq, n: 0, tokens: 0 }; rows.push(run); }
        run.last = m.seq; run.n += 1; run.tokens += m.tokens;
      } else { run = null; rows.push(m); }
    }
    const items = rows.map((r) => r.n !== undefined
      ? el("div", { class: "wrow" }, el("span", { class: "role" }, "window"), el("span", {}, `${r.n > 1 ? `#${r.first}–#${r.last} · ${r.n} messages` : `#${r.first} · 1 message`} · ${CC.num(r.tokens)} tokens`))
      : el("div", { class: "wrow" }, el("span", { class: "role" }, r.role), el("span", {}, `${r.kind === "system" ? "system message" : "chatcompact's data message"} · ${CC.num(r.tokens)} tokens`)));
    return block(`The request: ${c.messages.length} messages`, `${CC.num(c.tokens)} tokens`, items, { id: "block-outline" });
  }

  function windowRows(c) {
    return c.window.map((w) => {
      const what = w.form === "verbatim" ? "verbatim" : `${w.form}: ${CC.num(w.shown_chars)} of ${CC.num(w.chars)} chars shown, ${CC.num(w.chars - w.shown_chars)} cut`;
      const row = el("div", { class: "wrow" }, CC.cite(w.seq), el("span", { class: "role" }, w.role), el("span", { class: w.form === "verbatim" ? "muted" : "cutnote" }, what));
      if (w.form === "verbatim") return row;
      return el("details", { class: "fold" }, el("summary", {}, row), el("pre", {}, w.text));
    });
  }

  // ---------------------------------------------------------------- work log (agents)
  function renderWorklog(w) {
    const panel = $("panel-worklog");
    if (!w) { panel.replaceChildren(el("p", { class: "muted pad" }, "No work log yet: nothing of this agent's run was folded by this turn.")); return; }
    const items = (list) => list.length ? list.map((it) => el("div", { class: "line" }, ...it.seqs.slice(-2).map((s) => CC.cite(s)), el("span", { class: "t" }, it.text)))
      : [el("p", { class: "empty-block" }, "none")];
    const one = (x) => x.text ? [el("div", { class: "line" }, x.seq ? CC.cite(x.seq) : "", el("div", { class: "t" }, CC.md(x.text)))] : [el("p", { class: "empty-block" }, "none")];
    const files = (list) => list.length ? [el("div", { class: "md" }, ...list.map((f, i) => [i ? ", " : "", el("code", {}, f)]).flat())] : [el("p", { class: "empty-block" }, "none")];
    panel.replaceChildren(
      el("div", { class: "seen-head" }, el("h2", {}, `Work log as of #${S.ctx.seq}`),
        el("p", { class: "note" }, "What the folded part of the run did, from its tool calls and results (deterministic, whichever summarizer runs).")),
      block("Task", "", one(w.task)),
      w.request.text ? block("Latest request", "", one(w.request)) : "",
      block("Plan", "", one(w.plan)),
      block(`Files changed (${w.files_changed.length})`, "", files(w.files_changed)),
      block(`Files read (${w.files_read.length})`, "", files(w.files_read), { open: false }),
      block(`Commands (${w.commands.length})`, "with outcomes", items(w.commands)),
      block(`Failures (${w.failures.length})`, "", items(w.failures)),
      block(`Approaches abandoned (${w.abandoned.length})`, "", items(w.abandoned), { open: !!w.abandoned.length }));
  }

  // ---------------------------------------------------------------- compaction timeline
  CC.loadVersions = async (reset) => {
    const gen = S.gen, box = $("versions");
    if (reset) { S.versionsBefore = null; box.replaceChildren(el("div", { class: "loading" }, "loading…")); }
    try {
      const params = { thread: S.thread, limit: 30 };
      if (S.versionsBefore) params.before = S.versionsBefore;
      const { versions, total } = await CC.api("versions", params);
      if (gen !== S.gen) return;
      if (reset) box.replaceChildren();
      if (!total) box.append(el("p", { class: "muted" }, "No compaction yet: every message is still in the recent window."));
      for (const v of versions) box.append(versionRow(v));
      S.versionsBefore = versions.length ? versions[versions.length - 1].version : 1;
      $("versions-more").hidden = S.versionsBefore <= 1;
      box.dataset.ready = "1";
    } catch (e) { box.replaceChildren(el("p", { class: "error" }, "error: " + e.message)); }
  };

  function counts(t) {
    return Object.keys(KIND).filter((k) => t[k]).map((k) => el("span", { class: `n-${k}`, title: k }, `${KIND[k]}${t[k]}`));
  }

  function versionRow(v) {
    const trig = v.trigger === "revert" ? `revert to v${v.reverted_to ?? "?"}` : TRIGGERS[v.trigger] || v.trigger;
    const what = v.trigger === "revert"
      ? `summary back to v${v.reverted_to ?? "?"}; messages after #${v.covered_until} return to the window`
      : `folded #${v.covered_from}–#${v.covered_until} (${CC.num(v.messages)} messages) · ${CC.num(v.tokens_before)} → ${CC.num(v.tokens_after)} tokens`;
    const d = el("details", { class: "vrow", "data-version": v.version },
      el("summary", {}, el("span", { class: "vno" }, `v${v.version}`), el("span", { class: "when" }, `${CC.when(v.created_at)} · ${trig}`),
        el("span", { class: "what" }, what, v.note ? el("span", { class: "muted" }, ` · “${v.note}”`) : "",
          el("span", { class: "sections" }, ...Object.entries(v.counts).map(([s, c]) => el("span", { class: "sec" }, `${SECTION[s] || s} `, ...counts(c))))),
        el("span", { class: "counts" }, ...counts(v.totals))),
      el("div", { class: "diff" }, el("div", { class: "loading" }, "loading…")));
    d.addEventListener("toggle", () => { if (d.open && !d.dataset.loaded) loadDiff(d, v.version); });
    return d;
  }

  async function loadDiff(d, n) {
    const box = d.querySelector(".diff");
    try {
      const v = await CC.api("version", { thread: S.thread, version: n });
      d.dataset.loaded = "1";
      const kinds = Object.keys(KIND).filter((k) => v.totals[k]);
      const table = el("table", {}, el("tr", {}, el("th", {}, "section"), ...kinds.map((k) => el("th", { class: `n-${k}` }, k))),
        ...v.diff.map((g) => el("tr", {}, el("td", {}, g.title), ...kinds.map((k) => el("td", {}, String(v.counts[g.section]?.[k] || ""))))));
      const groups = v.diff.map((g) => {
        const rows = g.items.map((it) => el("div", { class: `item ${g.section}`, "data-kind": it.kind },
          el("span", { class: `k n-${it.kind}`, title: it.also_added ? `${it.kind} (new in this span, cut in the same merge)` : it.kind }, KIND[it.kind]),
          el("span", { class: "t" }, it.text), ...it.seqs.slice(0, 6).map((s) => CC.cite(s))));
        const body = [el("h4", {}, `${g.title} (${g.items.length})`), ...rows];
        return g.section === "topics" ? el("details", { class: "fold" }, el("summary", {}, `Topics (${g.items.length})`), ...rows) : el("div", {}, ...body);
      });
      const extra = [];
      if (v.narrative_changed) extra.push(el("p", { class: "muted" }, "The narrative changed: ", el("q", {}, v.narrative)));
      box.replaceChildren(kinds.length ? table : el("p", { class: "muted" }, "no item changes"), ...groups, ...extra);
    } catch (e) { box.replaceChildren(el("p", { class: "error" }, "error: " + e.message)); }
  }

  document.addEventListener("DOMContentLoaded", () => {
    curveEvents();
    $("versions-more").addEventListener("click", () => CC.loadVersions(false));
  });
})();
