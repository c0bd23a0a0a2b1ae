"""How many wounds one card or token used for Protection blocks: the reading ``protection_units``.

Every text defines each icon as an Ability and Protection as avoiding a single wound (peg19.en:1034, peg19.en:1038,
peg19.de:469, peg19.de:473, peg19.fr:2043, peg19.fr:2049, sb19.en:614, sb19.en:618): per icon, a Shield used with
Wild Strength (two Protection icons on that side) blocks two wounds. The Strigoi attack's paragraph counts cards:
'each card or token played ... blocks one wound' (peg19.en:854, sb19.en:415), as many cards as wounds
(peg19.it:1400), the played card counted in the total (peg19.es:2427): per card, it blocks one, and the other wound
is still to block or draw.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import pytest

from armata_rules import Game, editions
from armata_rules.actions import EndMove, Pass, Protect
from armata_rules.components.pack import DataPack, parse_pack
from armata_rules.frames import Wounds
from armata_rules.state import GameState
from armata_rules.variants import READINGS, SOURCES, Movement, ProtectionUnits, Ruleset, ruleset_for_source
from tests.scenario import CROSS, MOON, card_id, draw, game, play, reward, token, turn, wound

PER_ICON = editions.PEG19_EN.with_(protection_units=ProtectionUnits.PER_ICON)
PER_CARD = editions.PEG19_EN.with_(protection_units=ProtectionUnits.PER_CARD)


def _said(state: GameState) -> list[str]:
    """The history's lines without their round prefix."""
    return [line.split(": ", 1)[1] for line in state.history()]


def _attacked_with_a_shield(ruleset: Ruleset) -> tuple[Game, GameState, str]:
    """Roel (When the Moon Shines Red) ends his turn; the Master flips its +1 token and attacks Matthew, who plays
    the Cross and holds a Shield, for its wounds: the state at Matthew's protect decision, and the Shield's id."""
    g = game(ruleset=ruleset)
    shield = reward(g, "Shield")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [shield]},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+1")
    assert state.to_act.decision == "protect" and Protect(1, shield, "wild") in g.legal_actions(state)
    return g, state, shield


def _pending(state: GameState) -> int:
    """The wounds still to block or take at the protect decision on top."""
    frame = state.frames[-1]
    assert isinstance(frame, Wounds)
    return frame.count


@pytest.mark.clauses("peg19.en:854", "peg19.en:1034", "peg19.en:1038", "sb19.en:415", "peg19.it:1400")
@pytest.mark.parametrize(("units", "blocked"), [(ProtectionUnits.PER_ICON, 2), (ProtectionUnits.PER_CARD, 1)])
def test_a_shield_with_wild_strength_blocks_a_wound_per_icon_or_one_per_card(
    units: ProtectionUnits, blocked: int
) -> None:
    """The Master (damage 1, token +1) attacks Matthew for two wounds; his Shield's Wild Strength side shows two
    Protection icons. Per icon (peg19.en:1034, peg19.en:1038) it blocks both and no wound is drawn; per card
    (peg19.en:854: 'each card or token played ... blocks one wound'; peg19.it:1400) it blocks one, and the other is
    still to block or take: taken, one wound token is drawn. The Shield goes to the box either way."""
    g, state, shield = _attacked_with_a_shield(editions.PEG19_EN.with_(protection_units=units))
    assert _said(state)[-1] == "the Master attacks Matthew: 2 wound(s)"
    after = play(g, state, Protect(1, shield, "wild"))
    assert _said(after)[-1] == f"Matthew blocks {blocked} wound(s) with {shield}"
    assert shield in after.box and shield not in after.heroes[1].hand
    if units is ProtectionUnits.PER_ICON:
        assert after.heroes[1].wounds == () and after.to_act.decision == "counterattack"
        return
    assert after.to_act.decision == "protect" and _pending(after) == 1
    legal = g.legal_actions(after)
    assert Pass(1, "take_wounds") in legal and not [a for a in legal if isinstance(a, Protect) and a.source == shield]
    taken = play(g, after, Pass(1, "take_wounds"))
    assert taken.to_act.decision == "draw_wound"
    drawn = draw(g, taken, wound(g, "Shock"))
    assert len(drawn.heroes[1].wounds) == 1


@pytest.mark.clauses("peg19.en:854", "peg19.en:1038", "peg19.en:949")
@pytest.mark.parametrize("units", list(ProtectionUnits))
def test_a_shield_used_normally_or_discarded_blocks_one_wound_under_both_readings(units: ProtectionUnits) -> None:
    """The Shield's normal side shows one Protection icon, and a card discarded from hand for its icon protects
    against a single wound (peg19.en:949): either use blocks one of the Master's two wounds under both readings."""
    for mode in ("normal", "discard"):
        g, state, shield = _attacked_with_a_shield(editions.PEG19_EN.with_(protection_units=units))
        after = play(g, state, Protect(1, shield, mode))
        assert _said(after)[-1] == f"Matthew blocks 1 wound(s) with {shield}"
        assert after.to_act.decision == "protect" and _pending(after) == 1


@cache
def _doubled_pack() -> DataPack:
    """The bundled pack, but with two Protection icons on When the Moon Shines Red, on the Amulet and on the
    Shield's normal side (the text prints no card's icons: a pack may show two)."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for card in data["action_cards"]:
        if card["title"] == MOON:
            card["abilities"] = ["protection", "protection"]
    for held in data["reward_tokens"]:
        if held["title"] == "Amulet":
            held["abilities"] = ["protection", "protection"]
    for card in data["reward_cards"]:
        if card["title"] == "Shield":
            card["normal"]["abilities"] = ["protection", "protection"]
    return parse_pack(data, "<test: two Protection icons on a card, a token and a normal side>")


@pytest.mark.clauses("peg19.en:854", "sb19.en:415", "peg19.it:1400", "peg19.es:2427")
@pytest.mark.parametrize("used", ["card", "token", "normal"])
def test_per_card_the_played_card_a_token_or_a_normal_side_with_two_icons_blocks_one_wound(used: str) -> None:
    """'Each card or token played (including their Action card for the round if not already used) blocks one
    wound' (peg19.en:854, sb19.en:415; peg19.it:1400, peg19.es:2427 count the played card among the cards). In a
    pack where When the Moon Shines Red, the Amulet and the Shield's normal side each show two Protection icons, the
    Master (+1) attacks Roel for two wounds in his turn: under per card his played card, the Amulet or the Shield
    used normally blocks one, and one wound is left (per icon each blocks both: test_rules_mutant_gaps_4)."""
    g = Game.new(("Roel", "Matthew"), ruleset=PER_CARD, seed=1, chance="explicit", pack=_doubled_pack())
    shield, amulet = reward(g, "Shield"), token(g, "Amulet")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:1,0", 1: "C:-1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={0: [shield]},
        tokens={0: [amulet]},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+1")
    assert _said(state)[-1] == "the Master attacks Roel: 2 wound(s)"
    source = {"card": card_id(g, "Roel", MOON), "token": amulet, "normal": shield}[used]
    state = play(g, state, Protect(0, source, used))
    assert _said(state)[-1] == f"Roel blocks 1 wound(s) with {source}"
    assert state.to_act.decision == "protect" and _pending(state) == 1
    assert Protect(0, source, used) not in g.legal_actions(state)  # spent: the second icon does not stay behind


@pytest.mark.clauses("peg19.en:1038", "sb19.en:618", "peg19.de:473", "peg19.fr:2049")
@pytest.mark.parametrize("units", list(ProtectionUnits))
def test_one_use_of_protection_avoids_a_shock_under_both_readings(units: ProtectionUnits) -> None:
    """Protection avoids 'a single negative effect (a Wound or a Shock)' (peg19.en:1038): Matthew takes the Master's
    two wounds and draws a Shock first; the Shield used with Wild Strength avoids it, whatever the reading counts
    for its two icons, and is gone to the box; the second wound is then drawn."""
    g, state, shield = _attacked_with_a_shield(editions.PEG19_EN.with_(protection_units=units))
    state = draw(g, play(g, state, Pass(1, "take_wounds")), wound(g, "Shock"))
    assert state.to_act.decision == "shock" and Protect(1, shield, "wild") in g.legal_actions(state)
    after = play(g, state, Protect(1, shield, "wild"))
    assert _said(after)[-1] == "Matthew avoids the shock"
    assert shield in after.box and after.to_act.decision == "draw_wound"


#: What each text's preset blocks with a Shield used with Wild Strength against two wounds.
PRESET_BLOCKS = {"peg19.de": 2, "peg19.fr": 2, "peg19.en": 1, "peg19.it": 1, "peg19.es": 1, "sb19.en": 1}


@pytest.mark.clauses(
    "peg19.en:854",
    "sb19.en:415",
    "peg19.it:1400",
    "peg19.es:2427",
    "peg19.de:289",
    "peg19.de:469",
    "peg19.de:473",
    "peg19.fr:1952",
    "peg19.fr:2043",
    "peg19.fr:2049",
)
@pytest.mark.parametrize("preset", editions.ALL, ids=lambda p: p.name)
def test_each_preset_counts_protection_as_its_text_does(preset: Ruleset) -> None:
    """English, ScriBabs, Italian and Spanish count cards in the Strigoi attack's paragraph (peg19.en:854,
    sb19.en:415, peg19.it:1400, peg19.es:2427): their presets block one wound with the Shield's two icons. German
    and French give no count there (peg19.de:289, peg19.fr:1952) and count each icon as an Ability avoiding one
    wound (peg19.de:469, peg19.de:473, peg19.fr:2043, peg19.fr:2049): two. The French preset's Master deals its
    strength (peg19.fr:1952), so the wounds left are counted from the attack. (Movement is may_up_to in every
    preset here, so that Roel may end his move where he stands: the ScriBabs preset's hero must step.)"""
    g, state, shield = _attacked_with_a_shield(preset.with_(movement=Movement.MAY_UP_TO))
    attack = _pending(state)
    assert attack >= 2
    after = play(g, state, Protect(1, shield, "wild"))
    blocked = PRESET_BLOCKS[preset.name]
    assert _said(after)[-1] == f"Matthew blocks {blocked} wound(s) with {shield}"
    if attack > blocked:
        assert _pending(after) == attack - blocked


def test_the_presets_follow_the_sources_each_option_lists() -> None:
    """The per-card option lists the four texts whose attack paragraph counts cards, the per-icon option the other
    two; the default is per icon (what the engine did before the reading existed)."""
    spec = next(s for s in READINGS if s.name == "protection_units")
    assert spec.default is ProtectionUnits.PER_ICON and Ruleset().protection_units is ProtectionUnits.PER_ICON
    per_card = spec.option(ProtectionUnits.PER_CARD)
    assert set(per_card.sources) == {"peg19.en", "peg19.it", "peg19.es", "sb19.en"}
    assert set(spec.option(ProtectionUnits.PER_ICON).sources) == {"peg19.de", "peg19.fr"}
    for source in SOURCES:
        expected = ProtectionUnits.PER_CARD if source in per_card.sources else ProtectionUnits.PER_ICON
        assert ruleset_for_source(source).protection_units is expected, source
