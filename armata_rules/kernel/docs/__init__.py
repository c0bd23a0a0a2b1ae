"""A game's reference as Sphinx pages, generated from its definition: a page per rule (or one page of every rule)
by section, its readings, and every citation of its text in running text linked to the clause it names.

A game describes what the pages need in a :class:`~armata_rules.kernel.docs.hooks.DocsHooks` (plain data: this
package's :mod:`~armata_rules.kernel.docs.hooks` imports no Sphinx) and registers it from its Sphinx extension with
:func:`armata_rules.kernel.docs.extension.add_game`. The other modules import Sphinx and docutils, which only the
documentation extras install; nothing else in the kernel imports them.
"""
