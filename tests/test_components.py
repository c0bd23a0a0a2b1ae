"""The data pack: printed counts per edition, cited values, provisional values, and refusals of bad packs."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from armata_rules.components import PRINTED_COUNTS, Ability, DataPackError, Hero, default_pack, load_pack, parse_pack

Data = dict[str, Any]


def pack_data() -> Data:
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_default_pack_reproduces_every_printed_count() -> None:
    pack = default_pack()
    assert len(pack.reward_deck("peg19")) == 27  # peg19.en:648
    assert len(pack.reward_deck("sb19")) == 28  # sb19.de:108
    assert pack.tables.blood_counters == {"peg19": 14, "sb19": 10}
    assert pack.tables.altar_cap == 5
    assert pack.tables.altar_required == {2: 2, 3: 3, 4: 3, 5: 4}
    assert pack.tables.inferno_loss == {2: 3, 3: 3, 4: 4, 5: 5}
    assert len(pack.action_cards) == 30 and all(len(pack.hero_cards(h)) == 6 for h in Hero)
    assert len(pack.advanced_cards) == 17
    assert (len(pack.red), len(pack.grey), len(pack.wounds)) == (21, 20, 15)
    assert (len(pack.reward_tokens), len(pack.strigoi_tokens)) == (10, 7)
    assert set(PRINTED_COUNTS) == {"peg19", "sb19"}


def test_printed_values_carry_their_citation_and_the_rest_is_provisional() -> None:
    pack = default_pack()
    moon = pack.cards["roel:when-the-moon-shines-red"]
    assert moon.letter == "E" and moon.provenance("letter") == "peg19.en:811"
    prayer = pack.cards["roel:prayer-in-the-dark"]
    assert prayer.letter == "A" and prayer.provenance("letter") == "peg19.en:930"
    assert prayer.provenance("initiative") == "provisional"
    sword = next(c for c in pack.reward_cards if c.title == "Sword")
    hammer = next(c for c in pack.reward_cards if c.title == "Hammer")
    assert sword.normal is not None and sword.normal.strength == 2 and sword.provenance("normal") == "peg19.en:928"
    assert hammer.wild.strength == 5 and hammer.provenance("wild") == "peg19.en:928"
    master = pack.strigoi_card("Master")
    assert master.supreme.strength == 9 and master.sources["supreme"] == "peg19.en:928"
    double = next(w for w in pack.wounds if w.title == "Double Wound")
    assert double.value == 2 and double.sources["value"] == "peg19.en:1084"


@pytest.mark.clauses("peg19.en:636")
def test_hero_specialities_show_in_their_own_cards() -> None:
    """peg19.en:636: Attila more Pack, Falk Maria more Heal, Matthew more movement, Charles more fighting,
    Roel more Protection."""
    pack = default_pack()

    def own(hero: Hero) -> list[Any]:
        shared = {c.title for c in pack.action_cards if c.hero is Hero.ROEL} & {
            c.title for c in pack.action_cards if c.hero is Hero.ATTILA
        }
        return [c for c in pack.action_cards if c.hero is hero and c.title not in shared]

    assert sum(Ability.PACK in c.abilities for c in own(Hero.ATTILA)) == 2
    assert sum(Ability.HEAL in c.abilities for c in own(Hero.FALK_MARIA)) == 2
    assert sum(Ability.PROTECTION in c.abilities for c in own(Hero.ROEL)) == 2
    assert max(c.movement for c in own(Hero.MATTHEW)) == max(c.movement for c in pack.action_cards)
    assert max(c.strength for c in own(Hero.CHARLES)) == max(c.strength for c in pack.action_cards)


def _set(path: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        node: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            node = node[int(part)] if part.isdigit() else node[part]
        last = parts[-1]
        node[int(last) if last.isdigit() else last] = value

    return change


def _drop_copy(name: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        data[name][0]["copies"] = data[name][0].get("copies", 1) - 1

    return change


def _split_first_strigoi_token(data: Data) -> None:
    """Three one-copy entries for the Master's +0 token instead of one entry of three copies: same ids."""
    first = data["strigoi_tokens"][0]
    assert first["copies"] == 3
    data["strigoi_tokens"][:1] = [first | {"copies": 1} for _ in range(3)]


BAD: list[tuple[str, Callable[[Data], None], str, str]] = [
    ("unknown key", _set("action_cards.0.colour", "red"), "action_cards[0].colour", "unknown key"),
    ("wrong type", _set("action_cards.0.initiative", "three"), "action_cards[0].initiative", "valid integer"),
    ("range", _set("action_cards.0.movement", 12), "action_cards[0].movement", "out of range 0..9"),
    ("letter", _set("action_cards.0.letter", "G"), "action_cards[0].letter", "one of A, B, C, D, E, F, X"),
    ("ability", _set("action_cards.0.abilities", ["flight"]), "action_cards[0].abilities[0]", "unknown ability"),
    ("hero", _set("action_cards.4.hero", "Dracula"), "action_cards[4].hero", "no Powerwolf called"),
    ("hero card count", _set("action_cards.4.hero", "Roel"), "action_cards", "Attila needs 6 action cards"),
    ("reward count", _drop_copy("reward_cards"), "reward_cards", "peg19 prints 27"),
    ("red count", _drop_copy("red"), "red", "prints 21"),
    ("grey monk", _set("grey.0.monk", True), "grey[0].monk", "monks are red"),
    ("loot", _set("red.1.loot", ["gold"]), "red[1].loot[0]", "unknown loot"),
    ("citation", _set("action_cards.12.cite.letter", "page 12"), "action_cards[12].cite.letter", "SOURCE.LANG:LINE"),
    (
        "cite field",
        _set("action_cards.12.cite.colour", "peg19.en:811"),
        "action_cards[12].cite.colour",
        "does not have",
    ),
    ("legendary", _set("advanced_cards.2.title", "Fear of the Dark"), "advanced_cards[2].title", "unknown legendary"),
    ("strigoi ref", _set("strigoi_tokens.0.strigoi", "Dracula"), "strigoi_tokens[0].strigoi", "names no Strigoi"),
    ("table players", _set("tables.altar_required", {"2": 2}), "tables.altar_required", "each player count"),
    ("altar cap", _set("tables.altar_cap", 3), "tables.altar_cap", "below the 4 needed"),
    ("editions", _set("reward_cards.13.editions", ["xx19"]), "reward_cards[13].editions", "editions are among"),
    ("format", _set("format", 9), "format", "unsupported format 9"),
    (
        "inferno beyond the counters",
        _set("tables.blood_counters.sb19", 4),
        "tables.inferno_loss.5",
        "sb19 has only 4 counters (tables.blood_counters.sb19): the supply would run dry",
    ),
    (
        "inferno table too high",
        _set("tables.inferno_loss", {"2": 3, "3": 11, "4": 4, "5": 5}),
        "tables.inferno_loss.3",
        "the Strigoi win with 11 blood points on the inferno, but sb19 has only 10",
    ),
    ("ladder tiles", _set("tables.ladder_tiles", 4), "tables.ladder_tiles", "each of up to 5 heroes starts"),
    ("wound ids", _set("wounds.1.title", "Wound"), "<components>", "share the id 'wound/wound#1'"),
    ("strigoi token ids", _split_first_strigoi_token, "<components>", "share the id 'strigoi-token/master+0'"),
]


@pytest.mark.parametrize(("change", "key", "problem"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_packs_are_refused_naming_key_and_problem(change: Callable[[Data], None], key: str, problem: str) -> None:
    data = copy.deepcopy(pack_data())
    change(data)
    with pytest.raises(DataPackError) as caught:
        parse_pack(data, "mine.toml")
    assert (caught.value.source, caught.value.key) == ("mine.toml", key)
    assert problem in caught.value.problem


def test_pack_files_load_and_bad_files_are_named(tmp_path: Path) -> None:
    good = tmp_path / "pack.toml"
    good.write_bytes((resources.files("armata_rules.components") / "data" / "default_pack.toml").read_bytes())
    assert load_pack(good).id == "default"
    bad = tmp_path / "pack.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataPackError, match=r"pack\.json: <file>: is not valid JSON"):
        load_pack(bad)


@pytest.mark.clauses(
    "peg19.en:603",
    "peg19.en:604",
    "peg19.en:608",
    "peg19.en:615",
    "peg19.en:621",
    "peg19.en:622",
    "peg19.en:626",
    "peg19.en:627",
    "peg19.en:631",
    "peg19.en:632",
    "peg19.en:638",
    "peg19.en:643",
    "peg19.en:644",
    "peg19.en:648",
    "peg19.en:660",
    "peg19.en:664",
    "peg19.en:668",
    "peg19.en:672",
    "peg19.en:676",
    "peg19.en:684",
    "peg19.en:685",
    "peg19.en:689",
    "peg19.en:690",
)
def test_the_component_list_of_the_box_is_what_a_game_sets_out() -> None:
    """The component list (peg19.en:603-690): each count as the engine holds it in a game of the peg19.en preset,
    and set out at setup, not only as pack data."""
    from armata_rules import Game, editions
    from armata_rules.components.cards import AdvancedKind

    pack = default_pack()
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    state = game.initial_state()
    fortress = game.fortress
    assert len(fortress.rooms) == 7  # 603-604: seven hexagonal rooms
    assert len(fortress.platform_rooms) == 6  # 608: six circular platforms
    assert len(Hero) == 5  # 615: five Powerwolf
    assert [s.title for s in pack.strigoi] == ["Master", "Apprentice"]  # 621-622, 643-644
    assert [s.name for s in state.strigoi] == ["Master", "Apprentice"]
    kinds = [card.advanced for card in pack.advanced_cards]
    assert (kinds.count(AdvancedKind.HEROIC), kinds.count(AdvancedKind.LEGENDARY)) == (12, 5)  # 626-627
    assert len(state.advanced_supply) == 17
    assert len(pack.action_cards) == 30 and all(len(pack.hero_cards(h)) == 6 for h in Hero)  # 631-632
    assert all(len(hero.hand) == 6 for hero in state.heroes)
    assert pack.tables.ladder_tiles == 5  # 638
    assert len(state.reward_deck.hidden) == 27  # 648
    assert pack.tables.fight_tokens == 6  # 660
    assert len(state.wound_stack.hidden) == 15  # 664
    assert state.blood.supply + state.blood.altar + state.blood.inferno == 14  # 668
    assert len(state.reward_tokens.hidden) == 10  # 672
    assert len(state.strigoi_tokens.hidden) == 7  # 676
    assert len(state.red.hidden) == 21 and any(pack.encounters[t].title == "Monk" for t in state.red.hidden)  # 684-685
    assert len(state.grey.hidden) == 20 and not any(pack.encounters[t].title == "Monk" for t in state.grey.hidden)
