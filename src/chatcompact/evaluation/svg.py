"""Tiny inline-SVG charts for the HTML report (no JavaScript, no plotting library)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

__all__ = ["bar_chart", "line_chart"]

COLORS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#4b5563")
W, H = 560, 260
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 28, 40


def _nice_max(v: float) -> float:
    if v <= 0:
        return 1.0
    mag = float(10 ** (len(str(int(v))) - 1))
    for step in (1, 2, 2.5, 5, 10):
        if v <= step * mag:
            return step * mag
    return 10 * mag


def _fmt(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 10 or v == int(v) else f"{v:.2g}"


def _frame(title: str, ymax: float, xlabel: str, ylabel: str, xticks: Sequence[tuple[float, str]]) -> list[str]:
    ph, pw = H - TOP - BOTTOM, W - LEFT - RIGHT
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">',
        f"<title>{escape(title)}</title>",
        f'<text x="{W / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">{escape(title)}</text>',
        f'<text x="{W / 2}" y="{H - 4}" text-anchor="middle" font-size="11">{escape(xlabel)}</text>',
        f'<text x="12" y="{TOP + ph / 2}" font-size="11" text-anchor="middle" '
        f'transform="rotate(-90 12 {TOP + ph / 2})">{escape(ylabel)}</text>',
    ]
    for i in range(5):
        y = TOP + ph - ph * i / 4
        out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e5e7eb"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end" font-size="10">{_fmt(ymax * i / 4)}</text>')
    for x, label in xticks:
        out.append(f'<text x="{x:.1f}" y="{TOP + ph + 14}" text-anchor="middle" font-size="10">{escape(label)}</text>')
    return out


def _legend(names: Sequence[str]) -> list[str]:
    out = []
    for i, name in enumerate(names):
        x = LEFT + 8 + i * 150
        out.append(f'<rect x="{x}" y="{TOP + 2}" width="10" height="10" fill="{COLORS[i % len(COLORS)]}"/>')
        out.append(f'<text x="{x + 14}" y="{TOP + 11}" font-size="10">{escape(name)}</text>')
    return out


def line_chart(
    title: str,
    series: Mapping[str, Sequence[tuple[float, float]]],
    xlabel: str = "",
    ylabel: str = "",
    hline: tuple[float, str] | None = None,
) -> str:
    """Lines of (x, y) points; ``hline`` = (y, label) draws a dashed reference line (e.g. the budget)."""
    points = [p for s in series.values() for p in s]
    if not points:
        return f"<p>{escape(title)}: no data</p>"
    xmin, xmax = min(p[0] for p in points), max(p[0] for p in points)
    ymax = _nice_max(max([p[1] for p in points] + ([hline[0]] if hline else [])))
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    span = (xmax - xmin) or 1

    def sx(x: float) -> float:
        return LEFT + (x - xmin) / span * pw

    def sy(y: float) -> float:
        return TOP + ph - y / ymax * ph

    ticks = [(sx(xmin + span * i / 4), _fmt(xmin + span * i / 4)) for i in range(5)]
    out = _frame(title, ymax, xlabel, ylabel, ticks)
    if hline:
        y = sy(hline[0])
        out.append(
            f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#111" stroke-dasharray="4 3"/>'
        )
        out.append(
            f'<text x="{LEFT + pw - 2}" y="{y - 3:.1f}" text-anchor="end" font-size="10">{escape(hline[1])}</text>'
        )
    for i, pts in enumerate(series.values()):
        path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)
        color = COLORS[i % len(COLORS)]
        out.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.5" points="{path}"/>')
        if len(pts) < 40:
            out.extend(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="2.5" fill="{color}"/>' for x, y in pts)
    out.extend(_legend(list(series)))
    out.append("</svg>")
    return "\n".join(out)


def bar_chart(
    title: str, groups: Mapping[str, Mapping[str, float]], ylabel: str = "", ymax: float | None = None
) -> str:
    """Grouped bars: ``{group label: {series name: value}}`` (every group has the same series)."""
    if not groups:
        return f"<p>{escape(title)}: no data</p>"
    names = list(next(iter(groups.values())))
    top = ymax or _nice_max(max((v for g in groups.values() for v in g.values()), default=1.0))
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    slot = pw / len(groups)
    bw = slot * 0.8 / max(len(names), 1)
    ticks = [(LEFT + slot * (i + 0.5), label) for i, label in enumerate(groups)]
    out = _frame(title, top, "", ylabel, ticks)
    for gi, values in enumerate(groups.values()):
        for si, name in enumerate(names):
            v = values.get(name, 0.0)
            h = min(v / top, 1.0) * ph
            x = LEFT + slot * gi + slot * 0.1 + si * bw
            color = COLORS[si % len(COLORS)]
            out.append(
                f'<rect x="{x:.1f}" y="{TOP + ph - h:.1f}" width="{bw - 1:.1f}" height="{h:.1f}" fill="{color}">'
                f"<title>{escape(name)}: {v:.3g}</title></rect>"
            )
    out.extend(_legend(names))
    out.append("</svg>")
    return "\n".join(out)
