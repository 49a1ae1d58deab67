"""A player's course over the rounds as a small inline SVG (server-rendered, no script).

Rank 1 is at the top; one point per round, after that round's Passen.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

WIDTH, HEIGHT, PAD = 240, 120, 16


def course_svg(course: Sequence[tuple[int, int, int]], field: int, label: str = "") -> Markup:
    """``course``: (round, rank, total) per round; ``field``: how many are ranked."""
    if not course:
        return Markup("")
    rounds = max(len(course), 2)
    worst = max(field, max(rank for _, rank, _ in course), 2)

    def x(index: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * index / (rounds - 1)

    def y(rank: int) -> float:
        return PAD + (HEIGHT - 2 * PAD) * (rank - 1) / (worst - 1)

    points = " ".join(f"{x(i):.1f},{y(rank):.1f}" for i, (_, rank, _) in enumerate(course))
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(rank):.1f}" r="4"><title>{number}: {rank}. ({total})</title></circle>'
        f'<text x="{x(i):.1f}" y="{y(rank) - 7:.1f}" text-anchor="middle">{rank}</text>'
        for i, (number, rank, total) in enumerate(course)
    )
    return Markup(
        f'<svg class="course" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img"'
        f' aria-label="{escape(label)}">'
        f'<line x1="{PAD}" y1="{PAD}" x2="{WIDTH - PAD}" y2="{PAD}" stroke="currentColor" stroke-opacity="0.3"/>'
        f'<polyline points="{points}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f'<g fill="currentColor" font-size="10">{dots}</g></svg>'
    )
