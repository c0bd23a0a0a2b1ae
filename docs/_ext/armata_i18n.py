"""The site in five languages: one Sphinx build per language, the extension's own words translated per build, and
the language switch every page carries.

``make docs-html`` builds the English site into ``build/docs`` and each other language with ``-D language=de``
into ``build/docs/de`` (and ``fr``, ``it``, ``es``): the same pages, the same paths. Two kinds of words change:

- the prose of hand-written ``.rst`` pages, through Sphinx's gettext machinery (``locale_dirs`` in ``conf.py``, one
  catalogue per page: ``docs/locales/de/LC_MESSAGES/rules/index.po``);
- the words the generators write (labels, section and rule titles, the steps of "how to play"), through the
  ``armata`` message catalogue (``docs/locales/de/LC_MESSAGES/armata.po``): a generator calls :func:`_` on a
  literal, or on a title marked with :func:`N_` where a table defines it; rule titles come from the registry.

A page or message nobody translated stays English (gettext falls back to the message itself). The rulebook texts
are never translated: each language's own text is quoted (:func:`armata_text.passages_block`).

To update the catalogues after changing words::

    .venv/bin/sphinx-build -q -b gettext docs build/gettext
    .venv/bin/python docs/_ext/armata_i18n.py build/gettext build/pot
    .venv/bin/sphinx-intl update -p build/pot -d docs/locales -l de -l fr -l it -l es

then translate the new ``msgstr`` entries (``sphinx-intl stat -d docs/locales`` counts what is left).

Every page gets the switch (``docs/_templates/armata-language.html``, included by ``page.html``): a link to the
same page in each language's build, and ``armata.js`` remembers the choice and follows the browser's language on a
first visit.
"""

from __future__ import annotations

import argparse
import posixpath
import shutil
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from sphinx import locale
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation

__all__ = [
    "CATALOG",
    "CATALOGUED_PAGES",
    "LANGUAGES",
    "N_",
    "LanguageLink",
    "_",
    "compile_catalog",
    "language_links",
    "main",
    "setup",
    "site_language",
    "write_pot",
]

CATALOG = "armata"
#: The languages the site is built in, each named in itself, in the order the switch lists them.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano", "es": "Español"}
#: The hand-written pages whose prose the ``armata`` catalogues translate (the players' guide keeps its own).
CATALOGUED_PAGES = ("rules/index", "clauses")

HERE = Path(__file__).resolve().parent
LOCALES = HERE.parent / "locales"

_ = get_translation(CATALOG)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where a table defines it; :func:`_` translates it where it is shown."""
    return message


def site_language(config: Config) -> str:
    """The language a build writes: ``language`` of the configuration, English when unset or not one of ours."""
    language = str(config.language or "en")
    return language if language in LANGUAGES else "en"


# --- the catalogue ---------------------------------------------------------------------------------------------


def compile_catalog(po: Path, mo: Path) -> None:
    """Compile ``po`` into ``mo`` unless ``mo`` is newer; fuzzy entries stay untranslated."""
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        return
    with po.open("rb") as source:
        catalog = read_po(source, abort_invalid=True)
    mo.parent.mkdir(parents=True, exist_ok=True)
    partial = mo.with_name(f".{mo.name}.partial")
    with partial.open("wb") as target:
        write_mo(target, catalog)
    partial.replace(mo)  # atomic: another build reading the catalogue sees the old file or the new one


def register_catalog(app: Sphinx, config: Config) -> None:
    """Compile this build's ``armata`` catalogue into the build's own folder and register it.

    A build of another language earlier in the same process left its translator behind (Sphinx merges catalogues
    into the one already registered), so it is dropped first: each build translates into its language only.
    """
    language = site_language(config)
    folder = Path(app.doctreedir) / "armata-locale"
    po = LOCALES / language / "LC_MESSAGES" / f"{CATALOG}.po"
    if po.is_file():
        compile_catalog(po, folder / language / "LC_MESSAGES" / f"{CATALOG}.mo")
    locale.translators.pop(("general", CATALOG), None)
    app.add_message_catalog(CATALOG, folder)


# --- the switch ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LanguageLink:
    """The current page in one language's build: its code, its name in itself, its address relative to the page."""

    code: str
    name: str
    href: str
    current: bool


def language_links(pagename: str, content_root: str, language: str, suffix: str = ".html") -> list[LanguageLink]:
    """Page ``pagename`` in every language's build, as addresses relative to the page itself.

    ``content_root`` is the way from the page up to its build's root (``../../``); English is at the site's root and
    every other language in ``<code>/`` under it, so a German page first climbs out of ``de/``.
    """
    english = content_root if language == "en" else posixpath.join(content_root, "..")
    return [
        LanguageLink(
            code,
            name,
            posixpath.normpath(posixpath.join(english, "" if code == "en" else code, f"{pagename}{suffix}")),
            code == language,
        )
        for code, name in LANGUAGES.items()
    ]


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """What ``armata-language.html`` shows: the links to the page in every language, the switch's words (for the
    ``html`` builder, whose page ``rules/move/step`` is the file ``rules/move/step.html``)."""
    if app.builder.name != "html":
        return
    language = site_language(app.config)
    suffix = str(context.get("file_suffix") or ".html")
    context["armata_language"] = language
    context["armata_languages"] = language_links(pagename, str(context["content_root"]), language, suffix)
    context["armata_labels"] = {
        "language": _("Language"),
        "text": _("Rulebook text"),
        "all": _("all five side by side"),
    }


# --- updating the catalogues -----------------------------------------------------------------------------------


def extension_messages() -> Catalog:
    """Every message the extension translates: the ``_()`` and ``N_()`` literals of ``docs/_ext`` and the title of
    every registered rule."""
    import armata_rules.engine  # noqa: F401  (registers every rule)
    from armata_rules.rules import REGISTRY

    catalog = Catalog(project="armata-rules", version="", msgid_bugs_address="", charset="utf-8")
    for path in sorted(HERE.glob("armata_*.py")):
        relative = path.relative_to(HERE.parents[1]).as_posix()
        for lineno, message, _comments, _context in extract_from_file("python", path, keywords={"_": None, "N_": None}):
            catalog.add(message, locations=[(relative, lineno)])
    for rule in REGISTRY.values():
        catalog.add(rule.title, auto_comments=[f"the title of rule {rule.id}"])
    return catalog


def write_pot(gettext: Path, out: Path) -> list[Path]:
    """Write ``out/armata.pot`` and copy the ``.pot`` files of :data:`CATALOGUED_PAGES` from the gettext build
    ``gettext``: the templates ``sphinx-intl update -p out`` turns into the catalogues of ``docs/locales``."""
    out.mkdir(parents=True, exist_ok=True)
    written = [out / f"{CATALOG}.pot"]
    with written[0].open("wb") as target:
        write_po(target, extension_messages(), width=120, sort_output=True)
    for page in CATALOGUED_PAGES:
        source = gettext / f"{page}.pot"
        if not source.is_file():
            raise SystemExit(f"armata_i18n: {source} is missing: run `sphinx-build -b gettext docs {gettext}` first")
        target_path = out / f"{page}.pot"
        target_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target_path)
        written.append(target_path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """``python docs/_ext/armata_i18n.py GETTEXT OUT``: the message templates of the site's own catalogues."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("gettext", type=Path, help="the output of `sphinx-build -b gettext docs GETTEXT`")
    parser.add_argument("out", type=Path, help="where the .pot files go (give it to `sphinx-intl update -p`)")
    args = parser.parse_args(argv)
    for path in write_pot(args.gettext, args.out):
        print(path)
    return 0


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", register_catalog)
    app.connect("html-page-context", page_context)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parents[1]))
    sys.exit(main())
