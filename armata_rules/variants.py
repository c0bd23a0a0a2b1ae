"""Rulesets: a named choice for every play-changing point where the rulebooks disagree or are silent.

Each field of :class:`Ruleset` is a *reading*, described once in :data:`READINGS` with the clauses behind each
option. An option lists the sources (``peg19.en``, ``sb19.en``, ...) whose text says it; the edition presets in
:mod:`armata_rules.editions` are derived from those lists, so a preset can never disagree with its citations. Where
a source says nothing on a point, the spec records which option its preset falls back to and why. Readings the
text leaves open in every source are *interpretations*: the engine's default is stated with its reasoning and the
other option is still offered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from types import MappingProxyType

from armata_rules.board.placement import LadderPlacement
from armata_rules.kernel.play.readings import Reading, ReadingSet

__all__ = [
    "LATER_READINGS",
    "READINGS",
    "READING_SET",
    "SOURCES",
    "AbilityTiming",
    "AdvancedTiming",
    "CentreAttack",
    "CentreRelocation",
    "ComponentEdition",
    "CounterAfterFight",
    "Counterattack",
    "DiscardTiming",
    "IconScope",
    "InitiativeTies",
    "LadderPlacement",
    "LastLadder",
    "LeapLanding",
    "Movement",
    "Option",
    "ProtectionUnits",
    "ReadingSpec",
    "Ruleset",
    "SelfWound",
    "SelfWoundCount",
    "ShockProtection",
    "StrigoiAfterEncounter",
    "StrigoiDamage",
    "ruleset_for_source",
]

#: The texts a preset can follow: each language of the Pegasus print and the English rules of the ScriBabs print.
SOURCES = ("peg19.de", "peg19.en", "peg19.it", "peg19.fr", "peg19.es", "sb19.en")


class ComponentEdition(Enum):
    """Which print's component counts to use: 27 reward cards and 14 blood points, or 28 and 10."""

    PEG19 = "peg19"
    SB19 = "sb19"


class Movement(Enum):
    """How far a Powerwolf moves in Phase 2a."""

    MAY_UP_TO = "may_up_to"  # 0 .. the card's value
    MUST_UP_TO = "must_up_to"  # at least one step when one is possible, up to the value
    MAY_EXACTLY = "may_exactly"  # stay, or move the full value (an encounter or a dead end stops it early)


class IconScope(Enum):
    """How long one ability icon stays spent once used."""

    PER_TURN = "per_turn"
    PER_ROUND = "per_round"


class AbilityTiming(Enum):
    """When the abilities of the played action card may be used (the golden rule of Phase 2)."""

    NOT_DURING_FIGHT = "not_during_fight"
    BEFORE_STRIGOI_ACTS = "before_strigoi_acts"
    BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT = "before_strigoi_acts_heal_before_fight"


class InitiativeTies(Enum):
    """Who goes first when two played cards show the same initiative (possible: four cards are shared)."""

    SEAT_ORDER = "seat_order"  # the hero listed earlier at setup goes first
    CHANCE = "chance"  # a fair draw orders the tied heroes


class Counterattack(Enum):
    """Who may counterattack after a Strigoi's attack."""

    ATTACKED_HERO = "attacked_hero"
    ANY_HERO = "any_hero"


class CounterAfterFight(Enum):
    """Whether the active hero who already fought this turn may still counterattack the Strigoi."""

    ALLOWED = "allowed"  # a counterattack answers the Strigoi's attack, whatever the hero did before
    ONE_FIGHT_PER_TURN = "one_fight_per_turn"  # a player fights only one Monster or Strigoi in their turn


class StrigoiAfterEncounter(Enum):
    """Whether the hero who had the turn's encounter may still attack a Strigoi in the same Phase 2b.

    English, German and Italian end Phase 2b at the encounter and attack a Strigoi instead of a Monster
    (peg19.en:801, :880; peg19.de:228, :315, :340; peg19.it:1424, :1433; sb19.en:356, :437). French and Spanish keep
    one encounter per turn but leave both sentences out (peg19.fr:1895, :1976; peg19.es:2372, :2453, :2460), and the
    Spanish Monk ends the player's turn (peg19.es:2369, :2370). An attack never comes before the encounter: stopping
    on an encounter space forces the flip, and no encounter starts after an attack.
    """

    ONE = "one"  # an encounter ends Phase 2b: one encounter or one attack on a Strigoi, not both
    ENCOUNTER_THEN_STRIGOI = "encounter_then_strigoi"  # after any encounter, Monster or Monk, one attack may follow
    MONSTER_THEN_STRIGOI = "monster_then_strigoi"  # after a Monster one attack may follow; a Monk ends the turn


class DiscardTiming(Enum):
    """When a card discarded from hand for Protection, or by a shock, reaches the discard pile.

    The English texts place it beside the played cards and add it to the discard pile at the end of the turn
    (peg19.en:949, peg19.en:1092; sb19.en:506, sb19.en:594), the played cards themselves at the end of the round
    (peg19.en:951, peg19.en:831). The other languages keep it with the played cards to the end of the round
    (peg19.de:412, peg19.it:1639, peg19.fr:2103, peg19.es:2653), German's shock alone at the end of the turn
    (peg19.de:527). It matters when a discard pile comes back to the hand later in the same round.
    """

    END_OF_ROUND = "end_of_round"  # with the played cards, at the end of Phase 3
    END_OF_TURN = "end_of_turn"  # at the end of the turn in which it was discarded (whoever's turn it is)


class StrigoiDamage(Enum):
    """How many wounds a Strigoi's attack inflicts, before the token's modifier."""

    DAMAGE = "damage"  # the wounds printed on the Strigoi card
    STRENGTH = "strength"  # the Strigoi's strength


class LastLadder(Enum):
    """What the destruction of the last ladder tile costs."""

    PACK_LOSES = "pack_loses"  # a blood point lost: altar to inferno, else supply to inferno
    STRIGOI_GAIN = "strigoi_gain"  # the Strigoi gain a blood point: supply to inferno


class CentreRelocation(Enum):
    """Where a hero caught on a platform centre by a teleporting Strigoi is moved."""

    LADDER_FIRST = "ladder_first"  # a ladder tile; a staircase only if no ladder is free
    ANY = "any"  # any staircase or ladder tile


class CentreAttack(Enum):
    """Whether the hero on the platform centre a Strigoi lands on also suffers its attack."""

    ATTACKED = "attacked"  # the attack hits without protection, on top of the blood point
    BLOOD_ONLY = "blood_only"  # the pack loses the blood point and the hero is moved; no attack


class LeapLanding(Enum):
    """Where Leap may land in the hero's room."""

    NOT_ENCOUNTER = "not_encounter"  # any space but an encounter space
    ANY_SPACE = "any_space"  # any space, staircases included


class AdvancedTiming(Enum):
    """When an earned advanced action card joins the hand."""

    END_OF_TURN = "end_of_turn"  # the turn in which it was earned, whoever's it is
    END_OF_EARNERS_TURN = "end_of_earners_turn"  # the earner's own turn (the next one, if earned in another's)
    WHEN_EARNED = "when_earned"


class ShockProtection(Enum):
    """Whether a Protection icon can avoid the instant effect of a shock wound."""

    AVOIDABLE = "avoidable"  # Protection avoids 'a Wound or a Shock'
    NOT_AVOIDABLE = "not_avoidable"  # Protection only avoids receiving a wound token


class SelfWound(Enum):
    """When the self-wound icon of the played action card hurts its hero."""

    IF_FIGHTS_THIS_TURN = "if_fights_this_turn"
    IF_FIGHTS_THIS_ROUND = "if_fights_this_round"
    WHEN_PLAYED = "when_played"


class SelfWoundCount(Enum):
    """How often the played card's self-wound icon hurts while its condition (:class:`SelfWound`) holds."""

    EACH_FIGHT = "each_fight"  # in every fight, in addition to the damage the action causes the enemy
    ONCE = "once"  # one wound in the round, however many fights


class ProtectionUnits(Enum):
    """How many wounds one use of Protection blocks: one per Protection icon the source shows, or one per card or
    token used, whatever its icons (a reward card's Wild Strength side may show two)."""

    PER_ICON = "per_icon"  # each icon is an Ability, and each Protection avoids a single wound
    PER_CARD = "per_card"  # each card or token played blocks one wound


@dataclass(frozen=True, slots=True)
class Option:
    """One reading of a point: what it means, the clauses that say it, and the sources whose preset takes it."""

    value: Enum
    summary: str
    clauses: tuple[str, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReadingSpec:
    """A play-changing point of the rules and its options.

    ``kind`` is ``"discrepancy"`` (sources disagree) or ``"interpretation"`` (every source is silent).
    ``fallbacks`` says, for a source that is silent on the point, which option its preset takes and why.
    """

    name: str
    title: str
    kind: str
    finding: str
    options: tuple[Option, ...]
    default: Enum
    fallbacks: Mapping[str, tuple[Enum, str]] = field(default_factory=dict)

    def option(self, value: Enum) -> Option:
        """The option for ``value``."""
        return next(o for o in self.options if o.value is value)

    def for_source(self, source: str) -> Enum:
        """The option the preset of ``source`` takes."""
        for option in self.options:
            if source in option.sources:
                return option.value
        if source in self.fallbacks:
            return self.fallbacks[source][0]
        return self.default


READINGS: tuple[ReadingSpec, ...] = (
    ReadingSpec(
        "components",
        "Component counts",
        "discrepancy",
        "counts-reward-cards-blood-points",
        (
            Option(
                ComponentEdition.PEG19,
                "27 reward cards, 14 blood point counters",
                ("peg19.en:648", "peg19.en:668", "peg19.de:86", "peg19.de:106", "peg19.it:1214", "peg19.it:1226"),
                ("peg19.de", "peg19.en", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                ComponentEdition.SB19,
                "28 reward cards, 10 blood point counters",
                ("sb19.de:108", "sb19.de:140"),
                ("sb19.en",),
            ),
        ),
        ComponentEdition.PEG19,
    ),
    ReadingSpec(
        "ladder_placement",
        "Where ladder tiles go at setup",
        "discrepancy",
        "setup-ladder-placement",
        (
            Option(
                LadderPlacement.AWAY_FROM_STRIGOI_ROOMS,
                "on an outer edge not in contact with the Strigoi's starting rooms",
                ("peg19.en:716", "peg19.fr:1815", "sb19.en:273"),
                ("peg19.en", "peg19.fr", "sb19.en"),
            ),
            Option(
                LadderPlacement.AT_CORRIDOR,
                "on the outer perimeter wherever preferred, as long as it borders a corridor",
                ("peg19.it:1271", "peg19.es:2273"),
                ("peg19.it", "peg19.es"),
            ),
        ),
        LadderPlacement.AWAY_FROM_STRIGOI_ROOMS,
        {
            "peg19.de": (
                LadderPlacement.AWAY_FROM_STRIGOI_ROOMS,
                "the German text of peg19 has no setup section; its print shares the English setup, so the "
                "English reading applies",
            )
        },
    ),
    ReadingSpec(
        "movement",
        "How far a Powerwolf moves",
        "discrepancy",
        "movement-may-must-exactly",
        (
            Option(
                Movement.MAY_UP_TO,
                "may move up to the card's value",
                ("peg19.en:760", "peg19.de:169", "peg19.it:1307", "peg19.es:2319"),
                ("peg19.de", "peg19.en", "peg19.it", "peg19.es"),
            ),
            Option(Movement.MUST_UP_TO, "must move, up to the card's value", ("sb19.en:310",), ("sb19.en",)),
            Option(
                Movement.MAY_EXACTLY,
                "may move the number of spaces shown on the card",
                ("peg19.fr:1853",),
                ("peg19.fr",),
            ),
        ),
        Movement.MAY_UP_TO,
    ),
    ReadingSpec(
        "icon_scope",
        "How often one ability icon may be used",
        "discrepancy",
        "ability-icon-once-per-turn-or-round",
        (
            Option(IconScope.PER_TURN, "once each turn", ("peg19.en:924",), ("peg19.en",)),
            Option(
                IconScope.PER_ROUND,
                "once each round",
                ("peg19.de:361", "peg19.it:1464", "peg19.es:2494", "sb19.en:487"),
                ("peg19.de", "peg19.it", "peg19.es", "sb19.en"),
            ),
        ),
        IconScope.PER_ROUND,
        {
            "peg19.fr": (IconScope.PER_ROUND, "the French text has no such note; most texts say once per round"),
        },
    ),
    ReadingSpec(
        "ability_timing",
        "When the played card's abilities may be used (golden rule)",
        "discrepancy",
        "golden-rule-ability-timing",
        (
            Option(
                AbilityTiming.NOT_DURING_FIGHT,
                "at any time during the turn, but not during a fight (save the listed exceptions): while moving, "
                "before and after the turn's fight, and after the Strigoi act, before the turn ends",
                ("peg19.en:756", "peg19.it:1303", "peg19.fr:1849", "peg19.es:2315"),
                ("peg19.en", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                AbilityTiming.BEFORE_STRIGOI_ACTS,
                "at any time during the turn before the Strigoi moves and attacks (none after), in the turn's own "
                "fight too, not in a counterattack (save Protection)",
                ("sb19.en:306", "sb19.en:614"),
                ("sb19.en",),
            ),
            Option(
                AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT,
                "as before_strigoi_acts, but the played card's Heal acts only before a fight (a reward heals in one)",
                ("peg19.de:165", "peg19.de:469"),
                ("peg19.de",),
            ),
        ),
        AbilityTiming.NOT_DURING_FIGHT,
    ),
    ReadingSpec(
        "initiative_ties",
        "Equal initiative values",
        "interpretation",
        "initiative-ties",
        (
            Option(
                InitiativeTies.SEAT_ORDER,
                "the hero listed earlier at setup takes the turn first",
                ("peg19.en:742", "peg19.en:636", "sb19.en:294"),
                (),
            ),
            Option(
                InitiativeTies.CHANCE,
                "a fair draw orders the tied heroes",
                ("peg19.en:742", "peg19.en:636", "sb19.en:294"),
                (),
            ),
        ),
        InitiativeTies.SEAT_ORDER,
    ),
    ReadingSpec(
        "counterattack",
        "Who may counterattack",
        "discrepancy",
        "counterattack-who",
        (
            Option(
                Counterattack.ATTACKED_HERO,
                "the attacked Powerwolf",
                ("peg19.en:864", "peg19.de:299", "peg19.fr:1962", "sb19.en:427"),
                ("peg19.de", "peg19.en", "peg19.fr", "sb19.en"),
            ),
            Option(
                Counterattack.ANY_HERO,
                "a Powerwolf (any of them)",
                ("peg19.it:1410", "peg19.es:2437"),
                ("peg19.it", "peg19.es"),
            ),
        ),
        Counterattack.ATTACKED_HERO,
    ),
    ReadingSpec(
        "counter_after_fight",
        "Whether the active hero who fought this turn may counterattack",
        "discrepancy",
        "counterattack-after-a-fight",
        (
            Option(
                CounterAfterFight.ALLOWED,
                "yes: the attacked Powerwolf may counterattack whatever they did before in the turn",
                ("peg19.en:864", "peg19.en:887", "peg19.en:1014", "peg19.it:1491", "sb19.en:427"),
                ("peg19.en", "peg19.it", "peg19.fr", "peg19.es", "sb19.en"),
            ),
            Option(
                CounterAfterFight.ONE_FIGHT_PER_TURN,
                "no: a player fights only one Monster or Strigoi in their turn",
                ("peg19.de:340",),
                ("peg19.de",),
            ),
        ),
        CounterAfterFight.ALLOWED,
    ),
    ReadingSpec(
        "strigoi_damage",
        "Wounds of a Strigoi's attack",
        "discrepancy",
        "strigoi-damage-or-strength",
        (
            Option(
                StrigoiDamage.DAMAGE,
                "the wounds shown on the Strigoi card plus the token's modifier",
                ("peg19.en:854", "peg19.en:1002", "sb19.en:415"),
                ("peg19.de", "peg19.en", "peg19.it", "peg19.es", "sb19.en"),
            ),
            Option(
                StrigoiDamage.STRENGTH,
                "as many wounds as the Strigoi's strength plus the token's modifier",
                ("peg19.fr:1952",),
                ("peg19.fr",),
            ),
        ),
        StrigoiDamage.DAMAGE,
    ),
    ReadingSpec(
        "last_ladder",
        "When the Strigoi destroy the last ladder tile",
        "discrepancy",
        "last-ladder-blood-point",
        (
            Option(
                LastLadder.PACK_LOSES,
                "the pack loses a blood point (altar first)",
                ("peg19.en:824", "peg19.de:257", "peg19.fr:1926", "sb19.en:383"),
                ("peg19.de", "peg19.en", "peg19.fr", "sb19.en"),
            ),
            Option(
                LastLadder.STRIGOI_GAIN,
                "the Strigoi gain a blood point (from the supply)",
                ("peg19.it:1374", "peg19.es:2401"),
                ("peg19.it", "peg19.es"),
            ),
        ),
        LastLadder.PACK_LOSES,
    ),
    ReadingSpec(
        "centre_relocation",
        "Where a hero caught on a platform centre goes",
        "discrepancy",
        "centre-space-relocation",
        (
            Option(
                CentreRelocation.LADDER_FIRST,
                "to a ladder tile, or a staircase if no ladder is available",
                ("peg19.en:860", "peg19.it:1406", "peg19.fr:1958", "peg19.es:2433"),
                ("peg19.en", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                CentreRelocation.ANY,
                "to any staircase or ladder tile of the player's choice",
                ("peg19.de:295", "sb19.en:421"),
                ("peg19.de", "sb19.en"),
            ),
        ),
        CentreRelocation.LADDER_FIRST,
    ),
    ReadingSpec(
        "centre_attack",
        "Whether the hero caught on a platform centre is attacked",
        "discrepancy",
        "centre-space-attack",
        (
            Option(
                CentreAttack.ATTACKED,
                "the hero cannot protect himself from the Strigoi's attack, and the pack loses a blood point",
                ("peg19.en:860", "peg19.de:295", "peg19.fr:1958", "sb19.en:421"),
                ("peg19.de", "peg19.en", "peg19.fr", "sb19.en"),
            ),
            Option(
                CentreAttack.BLOOD_ONLY,
                "the pack loses a blood point and the hero is moved; no attack is mentioned (none is made, so no "
                "Strigoi Attack marker is placed)",
                ("peg19.it:1406", "peg19.es:2433"),
                ("peg19.it", "peg19.es"),
            ),
        ),
        CentreAttack.ATTACKED,
    ),
    ReadingSpec(
        "leap_landing",
        "Where Leap may land",
        "discrepancy",
        "leap-landing-spaces",
        (
            Option(
                LeapLanding.NOT_ENCOUNTER,
                "any space of the room but an encounter space (never a ladder tile)",
                ("peg19.en:1070", "peg19.it:1617", "peg19.fr:2077", "peg19.es:2619"),
                ("peg19.en", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                LeapLanding.ANY_SPACE,
                "any space of the room, staircases included (never a ladder tile)",
                ("peg19.de:503", "sb19.en:646"),
                ("peg19.de", "sb19.en"),
            ),
        ),
        LeapLanding.NOT_ENCOUNTER,
    ),
    ReadingSpec(
        "advanced_timing",
        "When an earned advanced action card joins the hand",
        "discrepancy",
        "advanced-card-timing",
        (
            Option(
                AdvancedTiming.END_OF_EARNERS_TURN,
                "at the end of the earner's own turn ('their turn'; a card earned in another hero's turn waits for "
                "the earner's; one earned in Phase 3 joins at its end)",
                ("peg19.en:957", "peg19.de:420"),
                ("peg19.de", "peg19.en"),
            ),
            Option(
                AdvancedTiming.END_OF_TURN,
                "at the end of the turn in which it was earned, whoever's it is",
                ("peg19.it:1543", "peg19.es:2555"),
                ("peg19.it", "peg19.es"),
            ),
            Option(
                AdvancedTiming.WHEN_EARNED,
                "as soon as the event occurs",
                ("sb19.en:514",),
                ("sb19.en",),
            ),
        ),
        AdvancedTiming.END_OF_TURN,
        {
            "peg19.fr": (
                AdvancedTiming.END_OF_TURN,
                "the French text does not say when; the texts nearest to it in wording, Italian and Spanish, say "
                "at the end of the turn in which the card was earned",
            )
        },
    ),
    ReadingSpec(
        "shock_protection",
        "Whether Protection avoids a shock",
        "discrepancy",
        "protection-against-shock",
        (
            Option(
                ShockProtection.AVOIDABLE,
                "Protection avoids a single negative effect: a wound or a shock",
                ("peg19.en:1038", "peg19.de:473", "peg19.fr:2049", "sb19.en:618"),
                ("peg19.de", "peg19.en", "peg19.fr", "sb19.en"),
            ),
            Option(
                ShockProtection.NOT_AVOIDABLE,
                "Protection avoids receiving a wound token; nothing is said of shocks",
                ("peg19.it:1589", "peg19.es:2603"),
                ("peg19.it", "peg19.es"),
            ),
        ),
        ShockProtection.AVOIDABLE,
    ),
    ReadingSpec(
        "protection_units",
        "How many wounds one card or token used for Protection blocks",
        "discrepancy",
        "protection-card-or-icon-count",
        (
            Option(
                ProtectionUnits.PER_ICON,
                "one wound per Protection icon the card or token shows: each icon is an Ability and each Protection "
                "avoids a single wound or shock, so a Wild Strength side with two icons blocks two (the German and "
                "French attack paragraphs let the cards and tokens with the icon be used and say nothing of a count)",
                (
                    "peg19.de:469",
                    "peg19.de:473",
                    "peg19.de:289",
                    "peg19.fr:2043",
                    "peg19.fr:2049",
                    "peg19.fr:1952",
                ),
                ("peg19.de", "peg19.fr"),
            ),
            Option(
                ProtectionUnits.PER_CARD,
                "one wound per card or token used, whatever its icons: the Strigoi attack's paragraph counts the "
                "cards and tokens played, the played Action card among them (English: 'each card or token played "
                "... blocks one wound'; Italian: as many cards as wounds; Spanish: the played card counts in the "
                "total). These texts also call each icon an Ability that avoids a single wound (peg19.en:1034, "
                ":1038; sb19.en:614, :618; peg19.it:1585, :1589; peg19.es:2597, :2603); their presets follow the "
                "attack's paragraph, the one that counts what a card or token blocks",
                (
                    "peg19.en:854",
                    "peg19.en:949",
                    "sb19.en:415",
                    "sb19.en:506",
                    "peg19.it:1400",
                    "peg19.it:1535",
                    "peg19.es:2427",
                    "peg19.es:2547",
                ),
                ("peg19.en", "peg19.it", "peg19.es", "sb19.en"),
            ),
        ),
        ProtectionUnits.PER_ICON,
    ),
    ReadingSpec(
        "self_wound",
        "When the played card's self-wound icon hurts",
        "discrepancy",
        "self-wound-condition",
        (
            Option(
                SelfWound.IF_FIGHTS_THIS_TURN, "only if the hero fights that turn", ("peg19.en:1080",), ("peg19.en",)
            ),
            Option(
                SelfWound.IF_FIGHTS_THIS_ROUND,
                "only if the hero fights during the round (a counterattack counts)",
                ("peg19.de:517", "peg19.it:1627", "peg19.fr:2089", "peg19.es:2641"),
                ("peg19.de", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                SelfWound.WHEN_PLAYED, "the card hurts its hero; no condition is stated", ("sb19.en:590",), ("sb19.en",)
            ),
        ),
        SelfWound.IF_FIGHTS_THIS_ROUND,
    ),
    ReadingSpec(
        "self_wound_count",
        "How often the played card's self-wound icon hurts",
        "discrepancy",
        "self-wound-count",
        (
            Option(
                SelfWoundCount.EACH_FIGHT,
                "in each fight the condition covers, in addition to the damage the action causes the enemy",
                ("peg19.en:1080", "peg19.it:1627", "peg19.fr:2089", "peg19.es:2641"),
                ("peg19.en", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                SelfWoundCount.ONCE,
                "once ('einmalig'), however many fights the hero has in the round",
                ("peg19.de:517",),
                ("peg19.de",),
            ),
        ),
        SelfWoundCount.EACH_FIGHT,
        {
            "sb19.en": (
                SelfWoundCount.EACH_FIGHT,
                "sb19.en:590 states no condition (the self_wound reading when_played): the card hurts once, when its "
                "turn begins, so this reading does not apply; its 'in addition to damage to the enemy' reads as the "
                "English of peg19",
            )
        },
    ),
    ReadingSpec(
        "strigoi_after_encounter",
        "Whether a hero may attack a Strigoi after the turn's encounter",
        "discrepancy",
        "strigoi-after-encounter",
        (
            Option(
                StrigoiAfterEncounter.ONE,
                "no: an encounter ends this part of the turn, and a Strigoi is attacked instead of a Monster",
                (
                    "peg19.en:801",
                    "peg19.en:880",
                    "peg19.de:228",
                    "peg19.de:315",
                    "peg19.de:340",
                    "peg19.it:1424",
                    "peg19.it:1433",
                    "sb19.en:356",
                    "sb19.en:437",
                ),
                ("peg19.de", "peg19.en", "peg19.it", "sb19.en"),
            ),
            Option(
                StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI,
                "yes, once, after any encounter (a Monster or a Monk): only one encounter per turn, nothing ends "
                "Phase 2b at it, and a Strigoi may be attacked in Phase 2b when the altar allows",
                ("peg19.fr:1895", "peg19.fr:1901", "peg19.fr:1907", "peg19.fr:1976", "peg19.fr:1983"),
                ("peg19.fr",),
            ),
            Option(
                StrigoiAfterEncounter.MONSTER_THEN_STRIGOI,
                "yes, once, after a Monster: no other encounter in the turn, and a Strigoi may be attacked during "
                "the turn when the altar allows; a Monk, set free or fought, ends the player's turn",
                (
                    "peg19.es:2372",
                    "peg19.es:2376",
                    "peg19.es:2382",
                    "peg19.es:2453",
                    "peg19.es:2460",
                    "peg19.es:2369",
                    "peg19.es:2370",
                ),
                ("peg19.es",),
            ),
        ),
        StrigoiAfterEncounter.ONE,
    ),
    ReadingSpec(
        "discard_timing",
        "When a card discarded for Protection or by a shock reaches the discard pile",
        "discrepancy",
        "discard-end-of-turn-or-round",
        (
            Option(
                DiscardTiming.END_OF_ROUND,
                "at the end of the round, with the cards played: it lies beside them until the end of Phase 3",
                (
                    "peg19.de:412",
                    "peg19.de:414",
                    "peg19.de:416",
                    "peg19.it:1535",
                    "peg19.it:1537",
                    "peg19.it:1639",
                    "peg19.fr:2103",
                    "peg19.es:2547",
                    "peg19.es:2549",
                    "peg19.es:2653",
                ),
                ("peg19.de", "peg19.it", "peg19.fr", "peg19.es"),
            ),
            Option(
                DiscardTiming.END_OF_TURN,
                "at the end of the turn in which it was discarded, whoever's turn it is; the cards played (the "
                "action card, a reward card used normally) stay until the end of the round, and a card discarded "
                "outside a hero's turn (a Phase 3 attack) with them. Cards discarded for Stealth or Leap, of which "
                "the texts say nothing, stay with the played cards",
                ("peg19.en:949", "peg19.en:951", "peg19.en:1092", "peg19.en:831", "sb19.en:506", "sb19.en:594"),
                ("peg19.en", "sb19.en"),
            ),
        ),
        DiscardTiming.END_OF_ROUND,
    ),
)

_SPECS = {spec.name: spec for spec in READINGS}

#: Readings added after rulesets were first saved (in game records, OpenSpiel state records and study stores), each
#: with the option that plays as the engine did before the reading existed. A ruleset JSON that lacks one of these
#: keys was written before it: :meth:`Ruleset.from_json` reads it with this option, so an older record loads and
#: replays as it was played. Any other missing key is still refused. ``self_wound_count`` (added 2026-11-22): the
#: played card's self-wound hurt in the hero's first fight of the round only; ``strigoi_after_encounter``
#: (2026-11-24): every edition ended the turn's fights at the encounter; ``protection_units`` (2026-11-29): one wound
#: per Protection icon; ``discard_timing`` (2026-11-29): a discarded card waits for the end of the round.
LATER_READINGS: Mapping[str, Enum] = MappingProxyType(
    {
        "self_wound_count": SelfWoundCount.ONCE,
        "strigoi_after_encounter": StrigoiAfterEncounter.ONE,
        "protection_units": ProtectionUnits.PER_ICON,
        "discard_timing": DiscardTiming.END_OF_ROUND,
    }
)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A frozen choice of reading for every point in :data:`READINGS`; ``name`` says where it came from."""

    name: str = "custom"
    components: ComponentEdition = ComponentEdition.PEG19
    ladder_placement: LadderPlacement = LadderPlacement.AWAY_FROM_STRIGOI_ROOMS
    movement: Movement = Movement.MAY_UP_TO
    icon_scope: IconScope = IconScope.PER_ROUND
    ability_timing: AbilityTiming = AbilityTiming.NOT_DURING_FIGHT
    initiative_ties: InitiativeTies = InitiativeTies.SEAT_ORDER
    counterattack: Counterattack = Counterattack.ATTACKED_HERO
    counter_after_fight: CounterAfterFight = CounterAfterFight.ALLOWED
    strigoi_damage: StrigoiDamage = StrigoiDamage.DAMAGE
    last_ladder: LastLadder = LastLadder.PACK_LOSES
    centre_relocation: CentreRelocation = CentreRelocation.LADDER_FIRST
    centre_attack: CentreAttack = CentreAttack.ATTACKED
    leap_landing: LeapLanding = LeapLanding.NOT_ENCOUNTER
    advanced_timing: AdvancedTiming = AdvancedTiming.END_OF_TURN
    shock_protection: ShockProtection = ShockProtection.AVOIDABLE
    protection_units: ProtectionUnits = ProtectionUnits.PER_ICON
    self_wound: SelfWound = SelfWound.IF_FIGHTS_THIS_ROUND
    self_wound_count: SelfWoundCount = SelfWoundCount.EACH_FIGHT
    strigoi_after_encounter: StrigoiAfterEncounter = StrigoiAfterEncounter.ONE
    discard_timing: DiscardTiming = DiscardTiming.END_OF_ROUND

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name == "name":
                continue
            spec = _SPECS[f.name]
            value = getattr(self, f.name)
            if not any(option.value is value for option in spec.options):
                raise ValueError(f"{value!r} is not a reading of {f.name!r}")

    def with_(self, name: str | None = None, **readings: Enum) -> Ruleset:
        """A copy with some readings changed (and named ``name``, or ``"<old>+custom"``); a
        :class:`~armata_rules.kernel.play.readings.ReadingError` (a ``ValueError``) names an unknown reading or
        option."""
        return READING_SET.replace(self, name=name or f"{self.name}+custom", **readings)

    def readings(self) -> dict[str, Enum]:
        """Reading name → chosen option."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}

    def to_json(self) -> dict[str, str]:
        """A JSON-ready dict: ``{"name": ..., reading: option value, ...}``."""
        return READING_SET.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Ruleset:
        """Rebuild a ruleset written by :meth:`to_json`; a
        :class:`~armata_rules.kernel.play.readings.ReadingError` (a ``ValueError``) names a bad key or value, or a
        missing reading (a reading of :data:`LATER_READINGS` may be missing: a file written before it existed)."""
        return READING_SET.from_json(data)


def _reading(spec: ReadingSpec) -> Reading:
    """``spec`` as the kernel reads it: the options' values, the default's, every clause of every option."""
    clauses = tuple(dict.fromkeys(clause for option in spec.options for clause in option.clauses))
    return Reading(
        spec.name, tuple(str(option.value.value) for option in spec.options), str(spec.default.value), clauses
    )


#: The readings as the kernel reads them (:class:`~armata_rules.kernel.play.readings.ReadingSet`), bound to
#: :class:`Ruleset`: checked against it at import (the same readings, each default the spec's), strict (a ruleset
#: read from a file names every reading but those of :data:`LATER_READINGS`). Armata's game definition names it.
READING_SET: ReadingSet[Ruleset] = ReadingSet(
    Ruleset,
    map(_reading, READINGS),
    name_field="name",
    strict=True,
    added_later={name: str(option.value) for name, option in LATER_READINGS.items()},
)


def ruleset_for_source(source: str) -> Ruleset:
    """The preset that follows ``source`` (``"peg19.fr"``) on every reading."""
    if source not in SOURCES:
        raise ValueError(f"no source {source!r}; sources: {', '.join(SOURCES)}")
    return Ruleset(source, **{spec.name: spec.for_source(source) for spec in READINGS})  # type: ignore[arg-type]
