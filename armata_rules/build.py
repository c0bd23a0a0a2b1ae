"""Which build of armata-rules is running: the pure-Python package, or the opt-in mypyc build that compiles the rule
modules (``make compiled``, or ``HATCH_BUILD_HOOK_ENABLE_MYPYC=true pip install .``).

Both builds run the same source and the same test suite (``make test`` and ``make test-compiled``); the compiled one
is faster. A compiled module is an extension file next to its source, and Python imports it in place of the source.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import sys
from importlib import metadata
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from armata_rules import __version__

__all__ = ["compiled_modules", "describe", "engine_id"]

#: The files whose content decides how a game plays: the package's sources and its bundled data.
_SOURCE_SUFFIXES = (".py", ".toml", ".json")


def compiled_modules() -> tuple[str, ...]:
    """The names of the package's modules that run compiled, sorted; empty for the pure-Python package."""
    importlib.import_module("armata_rules.engine")  # imports every rule module
    importlib.import_module(
        "armata_rules.observation_vector"
    )  # the adapters' seat vectors (the engine does not import them)
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


@functools.cache
def engine_id() -> str:
    """Which engine this is, for results kept across runs: ``VERSION+DIGEST``, the package version and the first
    16 hex digits of a SHA-256 over every source and data file of the installed package (path and content, in
    path order). Any change to the code or the bundled data gives another id, so results stored by an older engine
    are never mistaken for this one's; the compiled and the pure build of one source share an id (their games
    are the same, which ``make test-compiled`` checks)."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in _SOURCE_SUFFIXES and "__pycache__" not in p.parts):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    try:
        version = metadata.version("armata-rules")
    except metadata.PackageNotFoundError:  # pragma: no cover - a source tree that is not installed
        version = __version__
    return f"{version}+{digest.hexdigest()[:16]}"
