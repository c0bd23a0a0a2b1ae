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
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.doctest",
    "sphinx_autodoc_typehints",
    "armata_docs",
    "armata_impact",
]

html_theme = "furo"
html_title = "armata-rules"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
typehints_fully_qualified = False
always_document_param_types = False
nitpicky = False
exclude_patterns = ["_build"]
