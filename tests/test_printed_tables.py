"""The pack's tables are the printed ones, in every text that prints them; a changed pack is caught."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules.components.pack import default_pack
from armata_rules.translations.sources import RulebookError, Rulebooks
from armata_rules.translations.tables import printed_tables
from armata_rules.verify.printed import check_printed_tables


@pytest.fixture(scope="module")
def books() -> Rulebooks:
    try:
        return Rulebooks.load()
    except RulebookError as err:  # pragma: no cover - the rulebooks ship with the package
        pytest.skip(str(err))


def test_every_text_prints_its_tables_and_the_french_extraction_lacks_the_inferno(books: Rulebooks) -> None:
    found = {(t.source, t.kind) for t in printed_tables(books)}
    for source in ("peg19.de", "peg19.en", "peg19.it", "peg19.es", "sb19.en"):
        assert {(source, "altar"), (source, "inferno")} <= found
    assert ("peg19.fr", "altar") in found and ("peg19.fr", "inferno") not in found  # the page missing (en915-1030)
    assert next(t for t in printed_tables(books) if t.source == "peg19.en" and t.kind == "altar").cite == (
        "peg19.en:884-885"
    )


def test_the_pack_holds_the_printed_values(books: Rulebooks) -> None:
    checks = check_printed_tables(default_pack(), books)
    assert len(checks) == 11 * 4
    assert all(c.ok for c in checks), [c for c in checks if not c.ok]


def test_a_pack_that_differs_from_the_print_is_caught(books: Rulebooks) -> None:
    pack = default_pack()
    tables = replace(pack.tables, inferno_loss={**pack.tables.inferno_loss, 4: 6})
    wrong = [c for c in check_printed_tables(replace(pack, tables=tables), books) if not c.ok]
    assert wrong and {c.players for c in wrong} == {4} and all(c.kind == "inferno" for c in wrong)
    assert {c.cite for c in wrong} >= {"peg19.en:940-941", "sb19.en:497-498"}
