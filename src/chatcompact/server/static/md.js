// Markdown for conversation text, built as DOM nodes: every piece of text goes in with textContent (or a text
// node), never through innerHTML, so a message's "<img onerror=...>" shows as those characters and runs nothing.
// Links keep only http(s) and mailto targets. Supported: fenced code, headings, lists, quotes, rules,
// paragraphs with line breaks; inline code, bold, italics, links and bare URLs.
"use strict";
(function () {
  const SAFE_URL = /^(https?:\/\/|mailto:)/i;
  const INLINE = /`([^`\n]+)`|\*\*([^*\n]+?)\*\*|(?<!\w)__([^_\n]+?)__(?!\w)|(?<![\w*])\*([^*\s][^*\n]*?)\*(?!\w)|(?<![\w_])_([^_\s][^_\n]*?)_(?!\w)|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()"']+[^\s<>()"'.,;:!?])/g;

  function el(tag, text) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function link(text, href) {
    if (!SAFE_URL.test(href)) return document.createTextNode(text === href ? text : `${text} (${href})`);
    const a = el("a", text);
    a.href = href;
    a.rel = "noopener noreferrer nofollow";
    a.target = "_blank";
    return a;
  }

  function inline(parent, text, depth = 0) {
    let last = 0;
    INLINE.lastIndex = 0;
    for (let m; (m = INLINE.exec(text)); ) {
      if (m.index > last) parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      if (m[1] !== undefined) parent.appendChild(el("code", m[1]));
      else if (m[2] !== undefined || m[3] !== undefined) nested(parent, "strong", m[2] ?? m[3], depth);
      else if (m[4] !== undefined || m[5] !== undefined) nested(parent, "em", m[4] ?? m[5], depth);
      else if (m[6] !== undefined) parent.appendChild(link(m[6], m[7]));
      else parent.appendChild(link(m[8], m[8]));
      last = INLINE.lastIndex;
    }
    if (last < text.length) parent.appendChild(document.createTextNode(text.slice(last)));
  }

  function nested(parent, tag, text, depth) {
    const e = el(tag);
    if (depth < 3) {
      const saved = INLINE.lastIndex;
      inline(e, text, depth + 1);
      INLINE.lastIndex = saved;
    } else e.textContent = text;
    parent.appendChild(e);
  }

  function paragraph(lines) {
    const p = el("p");
    lines.forEach((line, i) => {
      if (i) p.appendChild(el("br"));
      inline(p, line);
    });
    return p;
  }

  function render(text) {
    const frag = document.createDocumentFragment();
    const lines = String(text ?? "").replace(/\r\n?/g, "\n").split("\n");
    let para = [];
    const flush = () => { if (para.length) { frag.appendChild(paragraph(para)); para = []; } };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      const fence = /^\s*(```|~~~)\s*([\w+-]*)\s*$/.exec(line);
      if (fence) {
        flush();
        const body = [];
        for (i++; i < lines.length && !lines[i].trim().startsWith(fence[1]); i++) body.push(lines[i]);
        const pre = el("pre"), code = el("code", body.join("\n"));
        if (fence[2]) code.dataset.lang = fence[2];
        pre.appendChild(code);
        frag.appendChild(pre);
        continue;
      }
      if (!line.trim()) { flush(); continue; }
      const h = /^(#{1,6})\s+(.*)$/.exec(line);
      if (h) { flush(); const e = el(h[1].length <= 2 ? "h3" : "h4"); inline(e, h[2]); frag.appendChild(e); continue; }
      if (/^\s*(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$/.test(line)) { flush(); frag.appendChild(el("hr")); continue; }
      if (/^\s*>/.test(line)) {
        flush();
        const quote = [];
        for (; i < lines.length && /^\s*>/.test(lines[i]); i++) quote.push(lines[i].replace(/^\s*>\s?/, ""));
        i--;
        const bq = el("blockquote");
        bq.appendChild(render(quote.join("\n")));
        frag.appendChild(bq);
        continue;
      }
      const item = /^\s*([-*+]|\d{1,3}[.)])\s+(.*)$/.exec(line);
      if (item) {
        flush();
        const ordered = /\d/.test(item[1]);
        const list = el(ordered ? "ol" : "ul");
        if (ordered && parseInt(item[1], 10) > 1) list.start = parseInt(item[1], 10);
        for (; i < lines.length; i++) {
          const it = /^\s*([-*+]|\d{1,3}[.)])\s+(.*)$/.exec(lines[i]);
          if (!it) {
            if (lines[i].trim() && /^\s{2,}/.test(lines[i]) && list.lastChild) {
              list.lastChild.appendChild(el("br"));
              inline(list.lastChild, lines[i].trim());
              continue;
            }
            break;
          }
          const li = el("li");
          inline(li, it[2]);
          list.appendChild(li);
        }
        i--;
        frag.appendChild(list);
        continue;
      }
      para.push(line);
    }
    flush();
    return frag;
  }

  window.ccMarkdown = render;
})();
