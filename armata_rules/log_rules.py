"""Which rule wrote a line of the game's log: each line's wording maps to the registered rule that fired.

The rules write their log lines as plain text (:func:`armata_rules.rules.flow.log`); this table reads a line back to
the rule it comes from, so a viewer can link each line to that rule's page. Every pattern names a rule of
:data:`~armata_rules.rules.registry.REGISTRY`, and a test plays random games of every preset and checks that each
line written matches exactly one pattern: a new or reworded log line fails that test until it is entered here.
"""

from __future__ import annotations

import re
from typing import Final

from armata_rules.components.icons import Ability, Hero

__all__ = ["LINE_RULES", "rule_of_line"]

_H = "(" + "|".join(re.escape(hero.value) for hero in Hero) + ")"  # a hero's name
_S = r"(Master|Apprentice)"  # a Strigoi's name
_ABILITY_RULES: Final = {
    Ability.HEAL: "ability.heal",
    Ability.MECHANICS: "ability.mechanics",
    Ability.LEAP: "ability.leap",
    Ability.PACK: "ability.pack",
    Ability.STEALTH: "ability.stealth",
    Ability.RECOVERY: "ability.recovery",
    Ability.RETRIEVAL: "ability.retrieval",
    Ability.GATES_OF_HELL: "ability.gates_of_hell",
    Ability.PROTECTION: "wounds.protection",
}

#: (pattern of a whole line, id of the rule that writes it), in the order tried.
LINE_RULES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), rule_id)
    for pattern, rule_id in (
        # setup
        (r"setup: .+; ruleset \S+", "setup.components"),
        (rf"{_H} places a ladder on \S+", "setup.ladder"),
        (r"the Strigoi arrive: .+", "setup.strigoi"),
        (rf"{_H} stands on the {_S}'s space and makes way", "setup.strigoi"),
        # the round
        (r"round \d+ begins", "round.phase1"),
        (r"cards revealed \(.*\)", "round.turn_order"),
        (r"tie on initiative broken by chance: [\d,]+", "round.turn_order"),
        (rf"{_H}'s turn", "round.turn_order"),
        (r"Phase 2 ends( \(a Strigoi attacked this round\))?", "round.end"),
        (rf"{_H} has no action card and takes back the discard pile", "round.end"),
        (rf"{_H} takes back the discard pile", "round.end"),
        # moving and encounters
        (rf"{_H} stops on the encounter space \S+", "encounter.flip"),
        (rf"{_H} flips the (red|grey) encounter", "encounter.flip"),
        (rf"{_H} peeks at the (red|grey) encounter", "encounter.stealth"),
        (rf"{_H} meets a monk", "encounter.monk"),
        (rf"{_H} meets .+ \(strength \d+\)", "encounter.flip"),
        (rf"{_H} uses Stealth on the monk and recovers the discard pile", "encounter.stealth"),
        (rf"{_H} leaves the .+ face up on the (red|grey) stack", "encounter.stealth"),
        (rf"{_H} sets the monk free and recovers the discard pile", "encounter.monk"),
        (rf"{_H} leaves the monk in peace", "encounter.monk"),
        (rf"{_H} attacks the monk, who turns into a grey monster", "encounter.monk"),
        (r"a fight token goes on \S+", "encounter.fight_token"),
        (r"the encounter space \S+ is reactivated", "encounter.fight_token"),
        (rf"{_H} finds nothing: the (card|token) stack is empty", "encounter.loot"),
        (rf"{_H} draws (?!a wound: )\S+", "encounter.loot"),
        # fights
        (rf"{_H} attacks the {_S} \((melee|ranged)\)", "fight.strigoi"),
        (rf"{_H} plays .+ \((normal|wild), \+\d+\)", "rewards.use"),
        (r"strength -?\d+ against .+'s \d+: (won|lost)", "fight.monster"),
        (rf"strength -?\d+ against the {_S}'s \d+: (the attack fails|a wound)", "fight.strigoi"),
        (rf"no wound token is left: the {_S} loses an existence point all the same", "fight.strigoi_wound"),
        (rf"a wound token goes face down on the {_S}'s card", "fight.strigoi_wound"),
        (rf"the {_S} perishes", "fight.defeat"),
        (r"the Supreme Strigoi is defeated: the pack wins", "fight.defeat"),
        (rf"the {_S} rises as the Supreme", "fight.defeat"),
        (r"the card shows X: no platform collapses", "fight.collapse"),
        (r"the book [A-F] points at a platform already gone: nothing collapses", "fight.collapse"),
        (r"the platform of \S+ collapses", "fight.collapse"),
        (r"the Supreme Strigoi goes to the centre of the room without a platform", "fight.collapse"),
        (rf"{_H} leaps clear to \S+", "fight.collapse"),
        (rf"{_H} falls with the rubble: a blood point lost", "fight.collapse"),
        (rf"{_H} moves to \S+", "strigoi.relocate"),
        # the Strigoi
        (rf"the Strigoi token shows the {_S} \([+-]\d+\)", "strigoi.move"),
        (rf"the card shows X: the {_S} stays and does not attack", "strigoi.move"),
        (r"the book [A-F] points at the other Strigoi's platform: neither moves", "strigoi.move"),
        (rf"nothing that way: the {_S} bounces", "strigoi.move"),
        (rf"the {_S} cannot move, and does not attack", "strigoi.move"),
        (rf"the {_S} teleports to \S+", "strigoi.move"),
        (rf"{_H} is caught on the centre space", "strigoi.centre_space"),
        (rf"the {_S} sees no Powerwolf", "strigoi.attack"),
        (rf"the {_S} attacks {_H}: \d+ wound\(s\)", "strigoi.attack"),
        (rf"{_H} stands between the Strigoi and the ladder", "strigoi.ladders"),
        (rf"the ladder stands; the {_S} stays and curses nobody", "strigoi.ladders"),
        (rf"the {_S} destroys the ladder \S+", "strigoi.ladders"),
        (rf"{_H} was on it: a blood point lost", "strigoi.ladders"),
        (r"the last ladder is gone: the (pack loses|Strigoi gain) a blood point", "strigoi.ladders"),
        (r"the curse falls on room \S+: .+", "strigoi.phase3"),
        (rf"{_H} counterattacks \((melee|ranged)\)", "strigoi.counterattack"),
        (rf"Phase 3: no Strigoi attacked; the {_S} acts", "strigoi.phase3"),
        # wounds
        (rf".+ hurts {_H} (in this fight )?\(self-wound icon\)", "wounds.self"),
        (rf"{_H} blocks \d+ wound\(s\) with \S+", "wounds.protection"),
        (rf"{_H} draws a wound: .+", "wounds.draw"),
        (rf"{_H} is wounded, but no wound token is left to draw", "wounds.draw"),
        (rf"third wound: the pack loses a blood point and {_H} recovers", "wounds.third"),
        (rf"{_H} is shocked and discards \S+", "wounds.shock"),
        (rf"{_H} avoids the shock", "wounds.shock"),
        (rf"{_H} puts the cards discarded this turn on the discard pile: \S+(, \S+)*", "wounds.discard_timing"),
        (rf"{_H} is healed of every wound", "ability.heal"),
        (rf"{_H} heals \S+", "ability.heal"),
        # abilities, rewards, advanced cards
        *((rf"{_H} uses {ability.value} \(\S*, \w+\)", rule) for ability, rule in _ABILITY_RULES.items()),
        (rf"{_H} uses (?!Stealth on the monk)[^()]+", "rewards.use"),
        (rf"{_H} hands \S+ to {_H}", "rewards.exchange"),
        (rf"{_H} gives up Nighttime Rebel to draw a reward card", "advanced.nighttime_rebel"),
        (rf"{_H} earns .+", "advanced.earn"),
        (rf"{_H} takes .+ into hand", "advanced.earn"),
        # the end
        (r"the inferno is full: the Strigoi win", "game.over"),
    )
)


def rule_of_line(text: str) -> str | None:
    """The id of the rule that writes log line ``text`` (without its ``round N:`` date); ``None`` for a line no
    pattern knows."""
    for pattern, rule_id in LINE_RULES:
        if pattern.fullmatch(text):
            return rule_id
    return None
