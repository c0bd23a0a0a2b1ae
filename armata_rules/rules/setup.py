"""Setup (peg19.en:710-728, sb19.en:265-282): the starting state, ladder placement, the Strigoi's arrival (and the
hero who makes way for them).

The German text of peg19 has no setup section; the Italian, French and Spanish ones are cited where they say the
same, and the ladder placement step, where they do not, is a reading (:mod:`armata_rules.board.placement`).
"""

from __future__ import annotations

from collections.abc import Iterable

from armata_rules.actions import Action, ChanceOutcome, PlaceLadder
from armata_rules.board.placement import legal_ladder_sites
from armata_rules.effects import MoveHero, PlaceLadderTile, PlaceStrigoi
from armata_rules.frames import PlaceStrigoi as PlaceStrigoiFrame
from armata_rules.frames import RelocateChoice, SetupLadder, StartRound
from armata_rules.interning import interned
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute_all
from armata_rules.rules.flow import log, pop, push
from armata_rules.rules.handlers import ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import expect, interpretation, rule
from armata_rules.state import Blood, GameState, HeroState, Stack, StrigoiState, sorted_tuple
from armata_rules.variants import CentreRelocation

__all__ = ["COMPONENT_COUNTS", "SETUP_COMPONENTS", "SETUP_LADDER", "SETUP_STRIGOI", "initial_state"]

SETUP_COMPONENTS = rule(
    "setup.components",
    "Components beside the board",
    (
        "peg19.en:712",
        "peg19.en:718",
        "peg19.en:720",
        "peg19.en:722",
        "peg19.en:724",
        "peg19.en:726",
        "peg19.en:728",
        "sb19.en:274",
        "sb19.en:278-282",
        "peg19.it:1272-1277",
        "peg19.fr:1816-1821",
        "peg19.es:2274-2279",
    ),
    "Each hero takes their six action cards in hand; the advanced action cards lie beside the board; blood points "
    "start in the supply; reward cards, reward tokens, red and grey encounters and Strigoi action tokens form "
    "face-down stacks; wounds and fight tokens lie ready.",
    readings=("components",),
)

COMPONENT_COUNTS = rule(
    "components.counts",
    "The components and their counts",
    (
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
        "peg19.en:636",
        "peg19.en:638",
        "peg19.en:643",
        "peg19.en:644",
        "peg19.en:648",
        "peg19.en:652",
        "peg19.en:656",
        "peg19.en:660",
        "peg19.en:664",
        "peg19.en:668",
        "peg19.en:672",
        "peg19.en:676",
        "peg19.en:680",
        "peg19.en:684",
        "peg19.en:685",
        "peg19.en:689",
        "peg19.en:690",
        "peg19.en:992",
        "peg19.en:1002",
        "peg19.de:86",
        "peg19.de:106",
        "sb19.de:108",
        "sb19.de:140",
        "sb19.en:728",
    ),
    "Every data pack holds exactly the components the rulebook counts for the edition: 30 action cards (six per "
    "hero, four shared), 17 advanced cards (two heroic stacks of six, five legendary), 27 or 28 reward cards, 10 "
    "reward tokens, 21 red and 20 grey encounter tokens, 15 wounds, 7 Strigoi action tokens, 2 Strigoi cards with "
    "the Supreme on the back, 6 fight tokens, 5 ladder tiles, 14 or 10 blood points; seven rooms and six "
    "platforms make the fortress.",
    readings=("components",),
)

SETUP_LADDER = rule(
    "setup.ladder",
    "Placing the ladder tiles",
    ("peg19.en:716", "peg19.en:718", "sb19.en:273", "sb19.en:274", "peg19.it:1271", "peg19.fr:1815", "peg19.es:2273"),
    "In seat order, each hero places a ladder tile on a free ladder site allowed by the placement reading and "
    "stands on it: it is their starting position.",
    readings=("ladder_placement",),
)

SETUP_STRIGOI = rule(
    "setup.strigoi",
    "The Strigoi arrive at the start of round 2",
    (
        "peg19.en:714",
        "sb19.en:271",
        "peg19.it:1269",
        "peg19.fr:1813",
        "peg19.es:2271",
        "peg19.en:764",
        "peg19.de:173",
        "peg19.en:860",
        "peg19.de:295",
        "sb19.en:421",
    ),
    "The Strigoi are not on the board in round 1. At the start of round 2 each goes to a different space with the "
    "Strigoi's mark, which one where decided at random. A hero standing on that space makes way: it moves to a "
    "free ladder tile or staircase of the player's choice (which first, by reading), with no attack and no blood "
    "point lost.",
    readings=("centre_relocation",),
    interpretations=("strigoi-random-marks", "strigoi-arrival-displaces-hero"),
)

interpretation(
    "strigoi-random-marks",
    "Which Strigoi goes to which mark",
    "A fair draw: the Master on one marked platform's centre and the Apprentice on the other's, or the other way.",
    "The text says 'Place each Strigoi on a different space, randomly' and the Strigoi always stand on platform "
    "centres (they teleport to the centre of a platform, peg19.en:811); the two marks are on two platforms.",
    ("peg19.en:714", "peg19.en:712", "peg19.en:811"),
)

interpretation(
    "strigoi-arrival-displaces-hero",
    "A hero on a Strigoi's marked space when the Strigoi arrive (round 2)",
    "The Strigoi takes its space; the hero makes way to a free ladder tile or staircase of the player's choice "
    "(a ladder tile first where the centre-relocation reading says so), suffers no attack and costs no blood point.",
    "Heroes may walk onto a platform centre in round 1, before the Strigoi are placed (peg19.en:714), and two "
    "miniatures cannot stay in the same space (peg19.en:764, peg19.de:173, peg19.it:1311, peg19.fr:1857, "
    "peg19.es:2323). No text says who gives way. The Strigoi's space is fixed by setup (peg19.en:714, "
    "sb19.en:271), so the hero moves. Every text that moves a displaced hero sends it to a staircase or ladder tile "
    "of the player's choice (peg19.en:820, peg19.en:860, peg19.en:922), and the case of a Strigoi reaching a hero "
    "on a platform centre is peg19.en:860, so its destination (and its reading) applies. Its penalty does not: "
    "the Strigoi only start to attack once every Powerwolf has entered (peg19.en:714, peg19.it:1269, "
    "peg19.fr:1813, peg19.es:2271), and their arrival is setup, not a move or an attack.",
    (
        "peg19.en:714",
        "peg19.en:764",
        "peg19.en:820",
        "peg19.en:860",
        "peg19.en:922",
        "peg19.de:173",
        "peg19.it:1269",
        "peg19.it:1311",
        "peg19.fr:1813",
        "peg19.fr:1857",
        "peg19.es:2271",
        "peg19.es:2323",
        "sb19.en:271",
        "sb19.en:314",
    ),
)


def initial_state(ctx: RulesContext) -> GameState:
    """The state before the first decision: components set out, the first hero to place a ladder."""
    pack, edition = ctx.pack, ctx.edition
    heroes = tuple(HeroState(hero, hand=sorted_tuple(pack.hero_cards(hero))) for hero in ctx.heroes)
    blood = Blood(pack.tables.blood_counters[edition], 0, 0)
    state = GameState(
        round=0,
        heroes=heroes,
        board=ctx.fortress.initial_state(),
        strigoi=(StrigoiState("Master"), StrigoiState("Apprentice")),
        blood=blood,
        reward_deck=Stack(hidden=sorted_tuple(pack.reward_deck(edition))),
        reward_tokens=Stack(hidden=sorted_tuple(t.id for t in pack.reward_tokens)),
        red=Stack(hidden=sorted_tuple(t.id for t in pack.red)),
        grey=Stack(hidden=sorted_tuple(t.id for t in pack.grey)),
        strigoi_tokens=Stack(hidden=sorted_tuple(t.id for t in pack.strigoi_tokens)),
        wound_stack=Stack(hidden=sorted_tuple(t.id for t in pack.wounds)),
        advanced_supply=sorted_tuple(c.id for c in pack.advanced_cards),
        frames=(SetupLadder(0),),
    )
    return log(state, f"setup: {', '.join(h.value for h in ctx.heroes)}; ruleset {ctx.ruleset.name}")


class SetupLadderRules(DecisionHandler[SetupLadder]):
    """Setup step 2 and the first half of step 3."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: SetupLadder) -> Iterable[Action]:
        reading = ctx.ruleset.ladder_placement
        return [
            interned(PlaceLadder, frame.seat, site) for site in legal_ladder_sites(ctx.fortress, state.board, reading)
        ]

    def legal(self, ctx: RulesContext, state: GameState, frame: SetupLadder) -> list[Action]:
        # legal by construction: the candidates are the free sites the reading allows, which is what the guard
        # asks (guarding each one listed the sites again per candidate)
        return list(self.candidates(ctx, state, frame))

    def guard(self, ctx: RulesContext, state: GameState, frame: SetupLadder, action: Action) -> Refusal | None:
        if not isinstance(action, PlaceLadder):
            return Refusal(SETUP_LADDER, f"seat {frame.seat} must place a ladder tile now, not {action.kind}")
        if action.seat != frame.seat:
            return Refusal(
                SETUP_LADDER, f"it is seat {frame.seat}'s turn to place a ladder tile, not seat {action.seat}"
            )
        if action.site not in ctx.fortress.ladder_sites:
            return Refusal(SETUP_LADDER, f"{action.site!r} is not a ladder site of this fortress")
        if action.site in state.board.ladders:
            return Refusal(SETUP_LADDER, f"a ladder tile already stands on {action.site}")
        reading = ctx.ruleset.ladder_placement
        if action.site not in legal_ladder_sites(ctx.fortress, state.board, reading):
            why = (
                "it touches a Strigoi's starting room"
                if reading.value == "away_from_strigoi_rooms"
                else "no corridor meets it"
            )
            return Refusal(SETUP_LADDER, f"{action.site} is not allowed under reading {reading.value}: {why}")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: SetupLadder, action: Action) -> GameState:
        action = expect(action, PlaceLadder, "setup: the guard admits only PlaceLadder")
        state = execute_all(state, (PlaceLadderTile(action.site), MoveHero(action.seat, action.site)))
        state = log(state, f"{ctx.heroes[action.seat].value} places a ladder on {action.site}")
        state = pop(state)
        return push(state, SetupLadder(frame.seat + 1) if frame.seat + 1 < ctx.players else StartRound())


handles(SetupLadder, SetupLadderRules)


class PlaceStrigoiRules(ChanceHandler[PlaceStrigoiFrame]):
    """The Strigoi take their marked spaces at random (start of round 2)."""

    def outcomes(
        self, ctx: RulesContext, state: GameState, frame: PlaceStrigoiFrame
    ) -> list[tuple[ChanceOutcome, float]]:
        first, second = ctx.fortress.strigoi_start_rooms()
        return [
            (ChanceOutcome("place_strigoi", f"Master@{first},Apprentice@{second}"), 0.5),
            (ChanceOutcome("place_strigoi", f"Master@{second},Apprentice@{first}"), 0.5),
        ]

    def apply(self, ctx: RulesContext, state: GameState, frame: PlaceStrigoiFrame, outcome: ChanceOutcome) -> GameState:
        placements = dict(part.split("@") for part in outcome.outcome.split(","))
        effects = [
            PlaceStrigoi(index, ctx.fortress.platform_centre(placements[s.name]))
            for index, s in enumerate(state.strigoi)
        ]
        state = execute_all(state, effects)
        state = log(pop(state), f"the Strigoi arrive: {outcome.outcome}")
        ladder_first = ctx.ruleset.centre_relocation is CentreRelocation.LADDER_FIRST
        caught = [
            (seat, strigoi.name)
            for strigoi in state.strigoi
            if strigoi.position is not None and (seat := state.hero_at(strigoi.position)) is not None
        ]
        for seat, name in sorted(caught, reverse=True):  # pushed in reverse: the first seat chooses first
            state = log(state, f"{ctx.heroes[seat].value} stands on the {name}'s space and makes way")
            state = push(state, RelocateChoice(seat, "strigoi_arrival", ladder_first))
        return state


handles(PlaceStrigoiFrame, PlaceStrigoiRules)
