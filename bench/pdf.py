"""PDF speed: a 40-deal scoresheet and a blank pad against a "hello" page.

    .venv/bin/python bench/pdf.py            # measure, print, update bench/RESULTS.md
    .venv/bin/python bench/pdf.py --no-write # measure and print only

Every case is timed in the same run, the cases taking turns, and reported as the median of
its repetitions in milliseconds:

- hello: ReportLab's canvas drawing one line "hello" in Helvetica on an A4 page, saved to
  bytes with ``invariant=1`` (the baseline of the goal: scoresheet under 10x hello);
- hello (DejaVu): the same line in the embedded TrueType font the PDFs use;
- scoresheet render: a 40-deal Schieber scoresheet from its ready view-model, in English,
  with the text caches (fitted cells, formatted numbers) emptied first, as for a new match;
- scoresheet warm: the same sheet again with the caches kept (a reprint);
- scoresheet fa: the 40-deal sheet in Persian (shaping and right-to-left on every string), cold;
- scoresheet end to end: match document -> engine (``score_match``) -> view-model -> PDF;
- pad: a blank Schieber pad (two pages: deal rows and chalk board), and a Klammern Liga pad.

Fonts are registered before timing (the app registers them once per process).
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import reportlab  # noqa: E402
from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402
from results import write_section  # noqa: E402  (bench/ is the script folder)

from scorer.sheets.pdf import Lang, build_scoresheet, pad_view, render_pad, render_scoresheet  # noqa: E402
from scorer.sheets.pdf.fonts import REGULAR, register_fonts  # noqa: E402
from scorer.sheets.pdf.grid import fit  # noqa: E402
from scorer.web.pdf_text import _number  # noqa: E402
from tests.helpers.pdf_matches import schieber_match  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS.md"
BEGIN, END = "<!-- bench/pdf.py: begin -->", "<!-- bench/pdf.py: end -->"
GOAL = 10.0


def accelerated() -> bool:
    """Whether ReportLab found its C accelerators (PyPI ``rl-accel``)."""
    from reportlab.lib import rl_accel

    return not (getattr(rl_accel.fp_str, "__module__", None) or "").startswith("reportlab")


def hello(font: str = "Helvetica") -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1)
    canvas.setFont(font, 12)
    canvas.drawString(72, 770, "hello")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def measure(repeat: int) -> tuple[dict[str, float], dict[str, float], dict[str, int]]:
    register_fonts()
    document = schieber_match(
        40,
        meta={
            "names": ["Anna", "Beat", "Carla", "Dario"],
            "teams": ["Bern", "Thun"],
            "place": "Thun",
            "date": "2026-11-28",
        },
    )
    view = build_scoresheet(document)
    en, fa = Lang("en"), Lang("fa")
    schieber_pad = pad_view("schieber", teams=("Bern", "Thun"), players=("Anna", "Beat", "Carla", "Dario"))
    liga_pad = pad_view("klammern", "liga", teams=("Bern", "Thun"))

    def cold(run: Callable[[], bytes]) -> Callable[[], bytes]:
        def timed() -> bytes:
            fit.cache_clear()
            _number.cache_clear()
            return run()

        return timed

    cases: dict[str, Callable[[], bytes]] = {
        "hello": hello,
        "hello (DejaVu)": lambda: hello(REGULAR),
        "scoresheet render": cold(lambda: render_scoresheet(view, en, "a4")),
        "scoresheet warm": lambda: render_scoresheet(view, en, "a4"),
        "scoresheet fa": cold(lambda: render_scoresheet(view, fa, "a4")),
        "scoresheet end to end": cold(lambda: render_scoresheet(build_scoresheet(document), en, "a4")),
        "pad schieber": lambda: render_pad(schieber_pad, en, "a4"),
        "pad liga": lambda: render_pad(liga_pad, en, "a4"),
    }
    sizes = {name: len(run()) for name, run in cases.items()}  # warm-up, and the output size
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(repeat):
        for name, run in cases.items():
            start = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - start) * 1000)
    medians = {name: statistics.median(values) for name, values in times.items()}
    return medians, {name: min(values) for name, values in times.items()}, sizes


def section(medians: dict[str, float], minima: dict[str, float], sizes: dict[str, int], repeat: int) -> str:
    base = medians["hello"]
    ratio = medians["scoresheet render"] / base
    same_font = medians["scoresheet render"] / medians["hello (DejaVu)"]
    lines = [
        BEGIN,
        "## PDFs (bench/pdf.py)",
        "",
        f"{dt.date.today().isoformat()}, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; ReportLab {reportlab.Version}, C accelerators "
        f"{'on' if accelerated() else 'off'}; median of {repeat} runs, cases interleaved.",
        "",
        "| case | median ms | × hello | × hello (DejaVu) | fastest ms | bytes |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, value in medians.items():
        lines.append(
            f"| {name} | {value:.2f} | {value / base:.1f} | {value / medians['hello (DejaVu)']:.1f} "
            f"| {minima[name]:.2f} | {sizes[name]:,} |"
        )
    lines += [
        "",
        f"Goal: a 40-deal scoresheet under {GOAL:.0f}× the hello page. Against a hello page in "
        f"the same embedded font: {same_font:.1f}× — {'met' if same_font < GOAL else 'NOT met'}. Against "
        f"Helvetica hello: {ratio:.1f}× — {'met' if ratio < GOAL else 'NOT met'}. The sheets must embed "
        "their fonts (every app script, Persian included), and subsetting and compressing one "
        "TrueType font already costs a one-line page several times the Helvetica hello (`hello (DejaVu)`); "
        "the sheet embeds two (regular and bold). `end to end` adds the engine scoring the match and "
        "building the view-model. The deal rows are drawn by `scorer/sheets/pdf/grid.py` (one text object and "
        "one path per page). "
        "The machine is shared: `fastest` is the least disturbed run, medians swing with the load.",
        END,
    ]
    return "\n".join(lines) + "\n"


def write(text: str) -> None:
    """Replace this script's own section of bench/RESULTS.md (others keep theirs)."""
    write_section(RESULTS, BEGIN, END, text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--no-write", action="store_true", help="do not update bench/RESULTS.md")
    parser.add_argument("--repeat", type=int, default=30, help="repetitions per case (default 30)")
    args = parser.parse_args(argv)
    medians, minima, sizes = measure(args.repeat)
    for name, value in medians.items():
        print(
            f"{name:<24} {value:9.2f} ms  {value / medians['hello']:6.1f}x hello  "
            f"{value / medians['hello (DejaVu)']:6.1f}x hello (DejaVu)  {sizes[name]:>8,} bytes"
        )
    if not args.no_write:
        write(section(medians, minima, sizes, args.repeat))
        print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
