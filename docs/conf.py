"""Sphinx configuration for the armata-rules reference site."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

project = "armata-rules"
author = "armata-rules developers"
copyright = "2026, armata-rules developers"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "armata_docs",
    "armata_i18n",
    "armata_impact",
    "armata_rl",
    "wladcy_nocy_pages",
]

# One build per language: `-D language=de` into build/docs/de (make docs-html builds all five). The site's own prose
# is translated by the catalogues of docs/locales (one per page, made with sphinx-intl); see _ext/armata_i18n.py.
language = "en"
locale_dirs = ["locales/"]
gettext_compact = False

html_theme = "furo"
templates_path = ["_templates"]
html_title = "armata-rules"
html_static_path = ["_static"]
html_css_files = ["armata.css"]
html_js_files = ["armata.js"]
html_search_scorer = str(HERE / "_static" / "armata-scorer.js")  # Sphinx opens it relative to the cwd
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "description"
autodoc_typehints_format = "short"
nitpicky = False
exclude_patterns = ["_build"]
