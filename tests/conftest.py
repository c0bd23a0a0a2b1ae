"""Hypothesis profiles: ``ci`` (deterministic, bounded; the default) and ``soak`` (many more examples).

Select with ``ARMATA_HYPOTHESIS_PROFILE=soak`` (``make soak``).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=3000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("ARMATA_HYPOTHESIS_PROFILE", "ci"))
