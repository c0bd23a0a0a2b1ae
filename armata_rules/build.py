"""Which build of armata-rules is running: the pure-Python package, or the opt-in mypyc build that compiles the rule
modules (``make compiled``, or ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .``).

Both builds run the same source and the same test suite (``make test`` and ``make test-compiled``); the compiled one
is faster. A compiled module is an extension file next to its source, and Python imports it in place of the source.
"""

from __future__ import annotations

import importlib
import sys
from importlib.machinery import EXTENSION_SUFFIXES

__all__ = ["compiled_modules", "describe"]


def compiled_modules() -> tuple[str, ...]:
    """The names of the package's modules that run compiled, sorted; empty for the pure-Python package."""
    importlib.import_module("armata_rules.engine")  # imports every rule module
    return tuple(
        sorted(
            name
            for name, module in list(sys.modules.items())
            if name.startswith("armata_rules.")
            and str(getattr(module, "__file__", "") or "").endswith(tuple(EXTENSION_SUFFIXES))
        )
    )


def describe() -> str:
    """One line for reports and benchmarks: ``pure Python`` or ``compiled (N modules: ...)``."""
    names = compiled_modules()
    if not names:
        return "pure Python"
    return f"compiled ({len(names)} modules: {', '.join(name.removeprefix('armata_rules.') for name in names)})"
