"""The source files of generated pages. Sphinx needs a file per page, so before reading the extension writes one-line
stubs (``.. race-rule:: race.move``) under the source folder, rewriting only those that changed and removing the
stale ones it wrote; and it has every generated page re-read at every build, since its words come from the library
(the rules, the texts), not from its source file, and an incremental build would otherwise keep it stale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from armata_rules.kernel.docs.hooks import DocsHooks
from armata_rules.kernel.docs.rules import rule_docname, rules_by_section

__all__ = ["outdated", "stubs", "write_stubs"]


def stubs(hooks: DocsHooks) -> dict[str, str]:
    """``relative path → content`` of every generated source file of the game: its rule pages (when
    :attr:`DocsHooks.rule_pages` names their folder) and :attr:`DocsHooks.stubs`."""
    out: dict[str, str] = {}
    folder = hooks.rule_pages
    if folder is not None:
        for key, rules in rules_by_section(hooks).items():
            out[f"{folder}/{key}.rst"] = f".. {hooks.prefix}-rule-section:: {key}\n"
            for rule in rules:
                out[f"{rule_docname(folder, rule.id)}.rst"] = f".. {hooks.prefix}-rule:: {rule.id}\n"
    out.update(hooks.stubs())
    return {path: f"{hooks.stub_mark}\n\n{text}" for path, text in out.items()}


def write_stubs(hooks: DocsHooks, srcdir: Path) -> None:
    """Write the game's stubs under ``srcdir`` (only those that changed) and remove the stale ones it wrote (a file
    under a stub folder that starts with :attr:`DocsHooks.stub_mark` and is no longer wanted)."""
    wanted = stubs(hooks)
    for relative, text in wanted.items():
        path = srcdir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    folders = sorted({relative.split("/", 1)[0] for relative in wanted if "/" in relative})
    for folder in folders:
        for path in sorted((srcdir / folder).rglob("*.rst")):
            relative = path.relative_to(srcdir).as_posix()
            if relative not in wanted and path.read_text(encoding="utf-8").startswith(hooks.stub_mark):
                path.unlink()


def outdated(hooks: DocsHooks, app: Sphinx, env: Any, added: set[str], removed: set[str]) -> list[str]:
    """The game's generated pages (its stubs and :attr:`DocsHooks.generated_pages`) Sphinx found and neither added nor
    removed in this build, sorted: to be re-read."""
    generated = {path.removesuffix(".rst") for path in stubs(hooks)} | set(hooks.generated_pages)
    return sorted(name for name in generated if name in env.found_docs and name not in added | removed)
