"""Registering a game's reference pages with Sphinx: a game's own extension calls :func:`add_game` from its
``setup(app)`` with its :class:`~armata_rules.kernel.docs.hooks.DocsHooks`.

The directives it adds, each named by the game's prefix (``race`` here):

``race-rules``          every rule on one page, by section (:class:`~armata_rules.kernel.docs.rules.RuleIndexDirective`)
``race-rule-sections``  the table of contents of the rule pages; ``race-rule-section`` a section; ``race-rule`` a rule
``race-readings``       the readings and interpretations

and the transform linking every citation of the game's text. Where :attr:`DocsHooks.rule_pages` names a folder, the
stubs of the rule pages are written there before reading, and every generated page is re-read at every build.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from armata_rules.kernel.docs.citations import citation_links
from armata_rules.kernel.docs.hooks import DocsHooks
from armata_rules.kernel.docs.readings import ReadingsDirective
from armata_rules.kernel.docs.rules import (
    RuleDirective,
    RuleIndexDirective,
    RuleSectionDirective,
    RuleSectionsDirective,
)
from armata_rules.kernel.docs.stubs import outdated, write_stubs

__all__ = ["DIRECTIVES", "add_game", "bind"]

D = TypeVar("D", bound=Directive)

#: The generic directives, by the name that follows the game's prefix.
DIRECTIVES: Mapping[str, type[Directive]] = {
    "rules": RuleIndexDirective,
    "rule-sections": RuleSectionsDirective,
    "rule-section": RuleSectionDirective,
    "rule": RuleDirective,
    "readings": ReadingsDirective,
}


def bind(directive: type[D], hooks: DocsHooks) -> type[D]:
    """``directive`` (a generic directive or a game's subclass of one) bound to the game ``hooks`` describes."""
    return type(f"{directive.__name__}_{hooks.prefix}", (directive,), {"hooks": hooks})


def add_game(app: Sphinx, hooks: DocsHooks, overrides: Mapping[str, type[Directive]] | None = None) -> None:
    """Add the reference pages of the game ``hooks`` describes to ``app``. ``overrides`` replaces a generic directive
    (by its name after the prefix) with the game's own subclass of it; a name that is not one of :data:`DIRECTIVES`
    is a ``ValueError``."""
    chosen = dict(DIRECTIVES)
    for name, directive in sorted((overrides or {}).items()):
        if name not in DIRECTIVES:
            raise ValueError(f"no generic directive {name!r} to override (there are {', '.join(DIRECTIVES)})")
        if not issubclass(directive, DIRECTIVES[name]):
            raise ValueError(f"{directive.__name__} must subclass {DIRECTIVES[name].__name__} to replace {name!r}")
        chosen[name] = directive
    app.add_transform(citation_links(hooks))
    for name, directive in chosen.items():
        app.add_directive(f"{hooks.prefix}-{name}", bind(directive, hooks))
    if hooks.rule_pages is not None or hooks.generated_pages:

        def before_reading(app: Sphinx) -> None:
            write_stubs(hooks, Path(app.srcdir))

        def to_reread(app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
            return outdated(hooks, app, env, added, removed)

        app.connect("builder-inited", before_reading)
        app.connect("env-get-outdated", to_reread)


def setup(app: Sphinx) -> dict[str, Any]:
    """Nothing to add by itself: each game adds its pages with :func:`add_game`."""
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
