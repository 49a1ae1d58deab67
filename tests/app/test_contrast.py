"""Contrast the browser test's axe-core cannot see: input and chip borders (WCAG 1.4.11,
non-text contrast 3:1) and the factor on a contract chip, selected or not (1.4.3, 4.5:1)."""

from __future__ import annotations

import re
from pathlib import Path

CSS = (Path(__file__).resolve().parents[2] / "scorer" / "static" / "tafel.css").read_text(encoding="utf-8")


def colour(name: str) -> str:
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]{{6}})", CSS)
    assert found, name
    return found.group(1)


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rule(selector: str) -> str:
    found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", CSS)
    assert found, selector
    return found.group(1)


def test_borders_of_inputs_buttons_and_chips_stand_out_3_to_1() -> None:
    line = colour("line")
    for background in (colour("bg"), colour("panel"), colour("panel2"), "#0c0f0e"):
        assert contrast(line, background) >= 3, background
    for selector in ("input, select, textarea", ".chip", ".button, button, .small-button"):
        assert "border: 1px solid var(--line)" in rule(selector), selector


def test_the_factor_on_a_contract_chip_is_readable_selected_or_not() -> None:
    factor = rule(".chip .factor")
    assert "color: inherit" in factor and "opacity" not in factor
    # Inherited: the chip's text on its panel, the selected chip's dark text on the accent.
    assert contrast(colour("text"), colour("panel2")) >= 4.5
    selected = rule(".chip:has(input:checked)")
    dark = re.search(r"color:\s*(#[0-9a-fA-F]{6})", selected)
    assert dark and "var(--accent)" in selected
    assert contrast(dark.group(1), colour("accent")) >= 4.5
