"""The reference site, built once per test run for every test module that reads it: ``tests/test_docs.py`` reads
its HTML, ``tests/test_docs_browser.py`` opens it in a browser. A build takes about a minute, so the first module to
ask builds it and the others get the same folder.

English is built at the root, another language (``de``) beside it in ``de/``, as ``make docs-html`` lays them out,
so the language switch's links between the builds work.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
_BUILT: dict[str, Path] = {}


def _build(out: Path) -> None:
    """Build the English site into ``out`` with no warning at all: Sphinx's fail the build, Python's fail the
    test."""
    from sphinx.cmd.build import build_main

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)])
    assert status == 0, "the Sphinx build failed (warnings are errors)"
    assert [str(w.message) for w in caught] == [], "the docs build raised Python warnings"


def _build_language(out: Path, lang: str) -> None:
    """Build the site in ``lang`` into ``out`` in a child process, as the Makefile does: Sphinx keeps the
    translations of a build in module globals, which would leak into a second build in this process."""
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "-D", f"language={lang}"]
    done = subprocess.run(
        [*command, str(DOCS), str(out)],
        env={**os.environ, "PYTHONWARNINGS": "error"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"the {lang} build failed:\n{done.stderr[-3000:]}"


def built_site(factory: pytest.TempPathFactory, lang: str = "en") -> Path:
    """The English site's folder, with the build of ``lang`` in its ``lang/`` folder when ``lang`` is not
    English; each built on first use in this run."""
    if "en" not in _BUILT:
        out = factory.mktemp("site")
        _build(out)
        _BUILT["en"] = out
    root = _BUILT["en"]
    if lang != "en" and lang not in _BUILT:
        _build_language(root / lang, lang)
        _BUILT[lang] = root / lang
    return root
