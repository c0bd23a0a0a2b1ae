"""The rules of a game's rule book as pages, by section: the table of contents of the sections, a page per section
(each rule's title and summary), a page per rule (its title, what it does, the clauses it implements, the readings it
reads), or every rule on one page. A rule belongs to the section its id starts with (``race.move`` to ``race``)."""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property
from typing import ClassVar

from armata_rules.kernel.docs.generated import Generated
from armata_rules.kernel.docs.hooks import DocsHooks
from armata_rules.kernel.docs.markup import escape
from armata_rules.kernel.play.registry import Rule

__all__ = [
    "RuleDirective",
    "RuleIndexDirective",
    "RuleSectionDirective",
    "RuleSectionsDirective",
    "rule_docname",
    "rules_by_section",
    "section_of",
]


def section_of(rule: Rule) -> str:
    """The section key of ``rule`` (the part of its id before the first dot)."""
    return rule.id.split(".", maxsplit=1)[0]


def rules_by_section(hooks: DocsHooks) -> dict[str, list[Rule]]:
    """The rules under each section key, in rule-book order: the sections :attr:`DocsHooks.sections` names in its
    order, then any other in sorted order; a section with no rule is left out."""
    grouped: dict[str, list[Rule]] = defaultdict(list)
    for rule in hooks.rules.rules.values():
        grouped[section_of(rule)].append(rule)
    unknown = sorted(set(grouped) - set(hooks.sections))
    return {key: grouped[key] for key in [*hooks.sections, *unknown] if grouped.get(key)}


def rule_docname(folder: str, rule_id: str) -> str:
    """The page of rule ``rule_id`` under ``folder``: ``rules`` and ``move.step`` → ``rules/move/step``."""
    section, _dot, name = rule_id.partition(".")
    return f"{folder}/{section}/{name}"


class _GameDirective(Generated):
    """A generated directive of one game (:attr:`hooks`); :func:`~armata_rules.kernel.docs.extension.add_game` makes
    each game's class."""

    hooks: ClassVar[DocsHooks]

    def rule_title(self, rule: Rule) -> str:
        """A rule's title in the build's language."""
        return self.hooks.translate(rule.title)

    def rule_link(self, rule: Rule) -> str:
        """A ``:ref:`` to the rule's entry, titled by the rule."""
        return f":ref:`{escape(self.rule_title(rule))} <{self.hooks.label_of_rule(rule.id)}>`"

    @cached_property
    def reading_names(self) -> frozenset[str]:
        """The names of the readings the game lists (read once per directive)."""
        return frozenset(entry.name for entry in self.hooks.readings())

    def reading_links(self, rule: Rule) -> str:
        """Links to the entries of the readings ``rule`` reads (code, for one the game does not list)."""
        return ", ".join(
            f":ref:`{name} <{self.hooks.label_of_reading(name)}>`" if name in self.reading_names else f"``{name}``"
            for name in rule.readings
        )

    def facts(self, rule: Rule) -> list[str]:
        """What a rule entry says under its title: its id and summary, its clauses, its readings."""
        words = self.hooks.words
        out = [f"``{rule.id}``: {escape(rule.summary)}", ""]
        out += [f"{escape(self.hooks.word(words.clauses))}: {', '.join(rule.clauses)}", ""]
        if rule.readings:
            out += [f"{escape(self.hooks.word(words.readings))}: {self.reading_links(rule)}", ""]
        return out


class RuleSectionsDirective(_GameDirective):
    """The table of contents of the rule pages: one entry per section."""

    def lines(self) -> list[str]:
        out = [".. toctree::", "   :maxdepth: 2", ""]
        return [*out, *(f"   {key}" for key in rules_by_section(self.hooks)), ""]


class RuleSectionDirective(_GameDirective):
    """A section page: a table of each rule's title (a link) and summary, then the rule pages."""

    required_arguments = 1

    def lines(self) -> list[str]:
        key = self.arguments[0]
        rules = rules_by_section(self.hooks).get(key, [])
        title = escape(self.hooks.section_title(key))
        out = [title, "=" * len(title), ""]
        out += [".. list-table::", "   :header-rows: 1", "   :widths: 30 70", ""]
        head = [escape(self.hooks.word(self.hooks.words.rule)), escape(self.hooks.word(self.hooks.words.summary))]
        out += [f"   * - {head[0]}", f"     - {head[1]}"]
        for rule in rules:
            out += [f"   * - {self.rule_link(rule)}", f"     - {escape(rule.summary)}"]
        out += ["", ".. toctree::", "   :hidden:", ""]
        return [*out, *(f"   {key}/{rule.id.partition('.')[2]}" for rule in rules), ""]


class RuleDirective(_GameDirective):
    """A rule's page: its label and title, then :meth:`body` (what it does, its clauses, its readings)."""

    required_arguments = 1

    @property
    def rule(self) -> Rule:
        """The rule the directive's argument names; a one-line error for one the book lacks."""
        try:
            return self.hooks.rules.rules[self.arguments[0]]
        except KeyError:
            raise self.error(f"{self.hooks.rules.game} has no rule {self.arguments[0]!r}") from None

    def heading(self, rule: Rule) -> list[str]:
        """The rule's label and title."""
        title = escape(self.rule_title(rule))
        return [f".. _{self.hooks.label_of_rule(rule.id)}:", "", title, "=" * len(title), ""]

    def body(self, rule: Rule) -> list[str]:
        """What the page says under the title."""
        return self.facts(rule)

    def lines(self) -> list[str]:
        rule = self.rule
        return self.heading(rule) + self.body(rule)


class RuleIndexDirective(_GameDirective):
    """Every rule on one page, by section: each section labelled and titled, each rule with its label, title and
    what :meth:`facts` says."""

    def lines(self) -> list[str]:
        out: list[str] = []
        for key, rules in rules_by_section(self.hooks).items():
            heading = escape(self.hooks.section_title(key))
            out += [f".. _{self.hooks.label_of_section(key)}:", "", heading, "-" * len(heading), ""]
            for rule in rules:
                title = escape(self.rule_title(rule))
                out += [f".. _{self.hooks.label_of_rule(rule.id)}:", "", title, "~" * len(title), ""]
                out += self.facts(rule)
        return out
