"""How an Armata game is set up from a player's arguments: the heroes, the ruleset, the seed, the data pack and the
layout, checked and turned into the game's fixed facts (:class:`~armata_rules.rules.context.RulesContext`).

:meth:`armata_rules.engine.Game.new` and the kernel's setup hook of :data:`armata_rules.game.ARMATA` both build a
game here, so a game record (which keeps :func:`setup_json`) sets up the very game ``Game.new`` did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from armata_rules import editions
from armata_rules.board.fortress import Fortress
from armata_rules.board.layout import Layout
from armata_rules.board.loader import default_layout
from armata_rules.board.placement import legal_ladder_sites
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack, default_pack
from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.rules.context import RulesContext
from armata_rules.variants import Ruleset

__all__ = ["BUNDLED", "check_setup_types", "context_from_json", "edition_ruleset", "new_context", "setup_json"]

#: The id of the bundled data pack and the name of the bundled layout, as game records keep them.
BUNDLED = "default"


def edition_ruleset(ruleset: Ruleset | str) -> Ruleset:
    """``ruleset`` itself, or the edition preset it names (``"peg19.de"``, case-insensitive, as the CLI and the
    OpenSpiel game take it); ``GameSetupError`` listing the editions for a name that is none of them."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    try:
        return editions.by_name(ruleset)
    except ValueError:
        names = ", ".join(preset.name for preset in editions.ALL)
        raise GameSetupError(f"ruleset {ruleset!r:.40} is not an edition; editions: {names}") from None


def check_setup_types(heroes: object, ruleset: object, seed: object, pack: object, layout: object) -> None:
    """Refuse arguments of the wrong type before anything is built (``Game.new``)."""
    if isinstance(heroes, (str, bytes)) or not isinstance(heroes, Sequence):
        raise GameSetupError(f"heroes must be a list of hero names or Hero values; got {type(heroes).__name__}")
    for i, hero in enumerate(heroes):
        if not isinstance(hero, (str, Hero)):
            raise GameSetupError(f"heroes[{i}] must be a hero name or a Hero; got {type(hero).__name__}")
    if not isinstance(ruleset, (Ruleset, str)):
        raise GameSetupError(
            f"ruleset must be a Ruleset or an edition name (see armata_rules.editions); got {type(ruleset).__name__}"
        )
    if type(seed) is not int:
        raise GameSetupError(f"seed must be an int (not a bool); got {type(seed).__name__}")
    if pack is not None and not isinstance(pack, DataPack):
        raise GameSetupError(f"pack must be a DataPack (see load_pack) or None; got {type(pack).__name__}")
    if layout is not None and not isinstance(layout, Layout):
        raise GameSetupError(f"layout must be a Layout (see load_layout) or None; got {type(layout).__name__}")


def new_context(
    heroes: Sequence[str | Hero],
    ruleset: Ruleset | str = editions.PEG19_EN,
    seed: int = 0,
    pack: DataPack | None = None,
    layout: Layout | None = None,
) -> RulesContext:
    """The fixed facts of a new game for 2–5 distinct heroes, seated in the order given; ``GameSetupError`` naming
    the argument when one has the wrong type or the game cannot be set up (see ``Game.new``)."""
    check_setup_types(heroes, ruleset, seed, pack, layout)
    ruleset = edition_ruleset(ruleset)
    try:
        chosen = tuple(h if isinstance(h, Hero) else Hero.parse(h) for h in heroes)
    except ValueError as err:
        raise GameSetupError(str(err)) from None
    if not 2 <= len(chosen) <= 5:
        raise GameSetupError(f"a game has 2 to 5 heroes (peg19.en:884); got {len(chosen)}")
    if len(set(chosen)) != len(chosen):
        raise GameSetupError("each player chooses a different Powerwolf (peg19.en:718)")
    fortress = Fortress.of(layout or default_layout())
    sites = legal_ladder_sites(fortress, fortress.initial_state(), ruleset.ladder_placement)
    if len(sites) < len(chosen):
        raise GameSetupError(
            f"layout {fortress.layout.name!r} allows {len(sites)} ladder sites under reading "
            f"{ruleset.ladder_placement.value}: too few for {len(chosen)} heroes to start (peg19.en:716-718)"
        )
    return RulesContext(ruleset, pack or default_pack(), fortress, chosen, seed)


def setup_json(ctx: RulesContext) -> dict[str, object]:
    """The arguments of ``ctx``'s game as plain JSON data (a game record's ``setup``): the heroes by name, the
    ruleset's readings, the seed, and the pack's id and the layout's name (``"default"`` for the bundled ones)."""
    return {
        "heroes": [hero.value for hero in ctx.heroes],
        "ruleset": ctx.ruleset.to_json(),
        "seed": ctx.seed,
        "pack": ctx.pack.id,
        "layout": ctx.fortress.layout.name,
    }


def context_from_json(
    heroes: object = None,
    ruleset: object = editions.PEG19_EN,
    seed: object = 0,
    pack: object = BUNDLED,
    layout: object = BUNDLED,
    *,
    packs: Mapping[str, DataPack] | None = None,
    layouts: Mapping[str, Layout] | None = None,
) -> RulesContext:
    """The context :func:`setup_json` wrote: a ruleset given as its readings, the pack and layout by id or name,
    found among the bundled ones and ``packs``/``layouts`` (the caller's own); ``GameSetupError`` naming what is
    wrong."""
    if isinstance(ruleset, Mapping):
        try:
            ruleset = Ruleset.from_json(ruleset)
        except ValueError as err:
            raise GameSetupError(f"ruleset: {err}") from None
    chosen_pack = _named(pack, "pack", BUNDLED, {BUNDLED: None} | dict(packs or {}))
    chosen_layout = _named(layout, "layout", BUNDLED, {BUNDLED: None} | dict(layouts or {}))
    return new_context(heroes, ruleset, seed, chosen_pack, chosen_layout)  # type: ignore[arg-type]  # checked there


def _named(value: object, what: str, bundled: str, known: Mapping[str, object]) -> object:
    """The pack or layout ``value`` names (``None`` for the bundled one), or ``value`` itself when it is not a name."""
    if not isinstance(value, str):
        return value
    if value not in known:
        supplied = sorted(set(known) - {bundled})
        hint = f"supplied: {', '.join(supplied)}" if supplied else "supply it to replay"
        raise GameSetupError(f"{what} {value!r:.40} is not bundled ({hint})")
    return known[value]
