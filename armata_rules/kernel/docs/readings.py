"""A game's readings (where its text disagrees with itself) and interpretations (where it is silent) as a page:
each with its label, its question, its options, the default and why, and the clauses it reads."""

from __future__ import annotations

from typing import ClassVar

from armata_rules.kernel.docs.generated import Generated
from armata_rules.kernel.docs.hooks import DocsHooks
from armata_rules.kernel.docs.markup import escape

__all__ = ["ReadingsDirective"]


class ReadingsDirective(Generated):
    """Every entry of :attr:`DocsHooks.readings`, in the game's order."""

    hooks: ClassVar[DocsHooks]

    def lines(self) -> list[str]:
        hooks, words = self.hooks, self.hooks.words
        out: list[str] = []
        for entry in hooks.readings():
            kind = hooks.word(words.reading if entry.kind == "reading" else words.interpretation)
            out += [f".. _{hooks.label_of_reading(entry.name)}:", "", f"``{entry.name}``", "~" * (len(entry.name) + 4)]
            out += ["", f"*{escape(kind)}*; {escape(entry.question)}", ""]
            for option, meaning in entry.options.items():
                default = f" **({escape(hooks.word(words.default))})**" if option == entry.default else ""
                out.append(f"- ``{option}``{default}: {escape(meaning)}")
            out += ["", f"{escape(hooks.word(words.why))}: {escape(entry.reason)}", ""]
            out += [f"{escape(hooks.word(words.clauses))}: {', '.join(entry.clauses)}", ""]
            if entry.note:
                out += [f"{escape(hooks.word(words.note))}: {escape(entry.note)}", ""]
        return out
