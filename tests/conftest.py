"""Fixtures shared by every test folder."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Property tests run on a shared machine: a deadline measures the machine's load, not the
# code (the Klammern match properties missed it under load), so no profile has one.
# HYPOTHESIS_PROFILE=dev (make check) tries fewer examples where a test does not set its own
# number; ci (the default, make test) tries Hypothesis's usual hundred.
settings.register_profile("ci", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=10, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
