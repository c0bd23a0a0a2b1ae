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
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "armata_docs",
    "armata_impact",
    "armata_rl",
]

html_theme = "furo"
html_title = "armata-rules"
html_static_path = ["_static"]
html_css_files = ["armata.css"]
html_js_files = ["armata.js"]
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "description"
autodoc_typehints_format = "short"
nitpicky = False
exclude_patterns = ["_build"]
