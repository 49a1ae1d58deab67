"""A served worker, readied once its app is built (scorer.ready_worker): the PDFs' fonts read,
what the app holds frozen and the oldest generation collected rarely (scorer/web/collector.py);
an app built for a test changes nothing."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from typing import Any

from scorer.sheets.pdf import fonts
from scorer.web import collector, serving

WORKER = """
import gc, json, sys
from reportlab.pdfbase import pdfmetrics
from scorer import served_app
before = gc.get_freeze_count()
served_app()
print(json.dumps({"frozen": gc.get_freeze_count() - before, "thresholds": gc.get_threshold(),
                  "switch": sys.getswitchinterval(), "fonts": pdfmetrics.getRegisteredFontNames()}))
"""


def test_a_served_worker_reads_its_fonts_freezes_its_start_up_and_collects_the_oldest_generation_rarely() -> (
    None
):
    assert serving.APP == "scorer:served_app"  # the factory every worker calls
    answer = subprocess.run(
        [sys.executable, "-c", WORKER], capture_output=True, text=True, timeout=120, check=True
    )
    worker = json.loads(answer.stdout.strip().splitlines()[-1])
    # The modules, templates and tables of a built app: tens of thousands of objects no full
    # collection walks again.
    assert worker["frozen"] > 10_000
    assert tuple(worker["thresholds"]) == collector.THRESHOLDS
    # The oldest generation rarer than Python's own; the young ones as Python collects them.
    assert worker["thresholds"][2] > 10 and tuple(worker["thresholds"][:2]) == (700, 10)
    assert worker["switch"] == collector.SWITCH_INTERVAL
    # No reader's first printout pays for reading the fonts.
    assert {fonts.REGULAR, fonts.BOLD} <= set(worker["fonts"])


def test_an_app_built_for_a_test_leaves_the_process_as_it_was(app: Any) -> None:
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() != collector.THRESHOLDS
