"""reStructuredText made from plain words: escaping and labels. No Sphinx import."""

from __future__ import annotations

import re

__all__ = ["anchor", "escape"]


def escape(text: str) -> str:
    """``text`` as literal reStructuredText inline content."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def anchor(text: str) -> str:
    """A label made of ``text``: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
