"""The rulebook's worked examples, played through the engine at build time and drawn with the board renderer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from armata_rules import Game, editions
from armata_rules.actions import ChanceOutcome, Choose, ChooseCard, EndMove, Pass, Step
from armata_rules.board import render_svg, sight_lines
from armata_rules.state import GameState

__all__ = ["EXAMPLES", "Example", "moon_shines_red", "prayer_in_the_dark"]


def _setup(game: Game, cards: list[str]) -> GameState:
    state = game.initial_state()
    while state.to_act.decision == "place_ladder":
        state = game.apply(state, game.legal_actions(state)[0])
    for seat, card in enumerate(cards):
        state = game.apply(state, ChooseCard(seat, card))
    return state


def moon_shines_red() -> tuple[str, list[str]]:
    """peg19.en:811: Roel moves 5 spaces onto an encounter, the Master teleports by book E and sees Matthew."""
    game = Game.new(["Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=1, chance="explicit")
    state = _setup(game, ["roel:when-the-moon-shines-red", "matthew:killers-with-the-cross"])
    heroes = (replace(state.heroes[0], position="C:-1,0"), replace(state.heroes[1], position="N:2,0"))
    strigoi = (replace(state.strigoi[0], position="NE:0,0"), replace(state.strigoi[1], position="SW:0,0"))
    state = replace(state, heroes=heroes, strigoi=strigoi, round=3)
    steps = ["C:0,0", "C:0,-1", "C:1,-1", "C:2,-2", "N:0,2"]
    for space in steps:
        state = game.apply(state, Step(0, space))
    state = game.apply(state, Choose(0, "flip"))
    state = game.apply(state, ChanceOutcome("draw_red", "red/rat-swarm#1"))
    state = game.apply(state, Pass(0, "resolve"))
    state = game.apply(state, Pass(0, "end_fight_phase"))  # the ability window after the fight
    state = game.apply(state, ChanceOutcome("draw_strigoi_token", "strigoi-token/master+0#1"))
    master = state.strigoi[0].position or ""
    seen = [space for line in sight_lines(game.fortress, state.board, master) for space, _ in line.seen]
    pieces = {
        "C:-1,0": "·",
        state.heroes[0].position or "": "R",
        state.heroes[1].position or "": "Mt",
        master: "M",
        state.strigoi[1].position or "": "A",
    }
    svg = render_svg(
        game.fortress,
        state.board,
        pieces=pieces,
        highlight=[*steps, *seen],
        title="When the Moon Shines Red (peg19.en:811)",
    )
    return svg, state.history()[-8:]


def prayer_in_the_dark() -> tuple[str, list[str]]:
    """peg19.en:928-930: Sword and Hammer reach the Supreme's 9; book A of the centre room collapses NE."""
    game = Game.new(["Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=1, chance="explicit")
    state = _setup(game, ["roel:prayer-in-the-dark", "matthew:killers-with-the-cross"])
    sword = next(c.id for c in game.pack.reward_cards if c.title == "Sword")
    hammer = next(c.id for c in game.pack.reward_cards if c.title == "Hammer")
    dancing = "matthew:dancing-with-the-dead"
    roel = replace(state.heroes[0], position="S:0,1", hand=tuple(sorted((*state.heroes[0].hand, sword, hammer))))
    matthew = replace(
        state.heroes[1],
        position="NE:1,0",
        hand=tuple(c for c in state.heroes[1].hand if c != dancing),
        discard=(dancing,),
    )
    laid = state.wound_stack.hidden[:4]  # wound tokens lie face down on both cards (peg19.en:891, peg19.en:909)
    strigoi = (
        replace(state.strigoi[0], position="S:0,0", supreme=True, wounds=2, wound_tokens=laid[:2]),
        replace(state.strigoi[1], defeated=True, wounds=2, wound_tokens=laid[2:]),
    )
    from armata_rules.frames import EndTurn, FightPhase, GrantAwards, MoveFrame, NextTurn, StrigoiPhase
    from armata_rules.state import Blood, TurnState

    frames = (*state.frames[:-6], NextTurn(1), EndTurn(0), GrantAwards(), StrigoiPhase(0), FightPhase(0), MoveFrame(0))
    state = replace(
        state,
        heroes=(roel, matthew),
        strigoi=strigoi,
        blood=Blood(12, 2, 0),
        round=3,
        order=(0, 1),
        frames=frames,
        turn=TurnState(0, 3),
        reward_deck=replace(
            state.reward_deck, hidden=tuple(c for c in state.reward_deck.hidden if c not in (sword, hammer))
        ),
        wound_stack=replace(state.wound_stack, hidden=state.wound_stack.hidden[4:]),
    )
    from armata_rules.actions import AttackStrigoi, PlayReward

    state = game.apply(state, EndMove(0))
    for action in (
        AttackStrigoi(0, 0, "melee"),
        PlayReward(0, sword, "normal"),
        PlayReward(0, hammer, "wild"),
        Pass(0, "resolve"),
    ):
        state = game.apply(state, action)
    state = game.apply(state, game.chance_outcomes(state)[0][0])  # the wound token laid face down on the Supreme
    collapsed = list(game.fortress.iter_platform_spaces("NE"))
    pieces = {"S:0,1": "R", "NE:1,0": "Mt", state.strigoi[0].position or "": "S"}
    svg = render_svg(game.fortress, state.board, pieces=pieces, highlight=[], title="Prayer in the Dark (peg19.en:928)")
    return svg, [*state.history()[-7:], f"collapsed: {', '.join(collapsed[:3])}…"]


@dataclass(frozen=True)
class Example:
    """A worked example of the rulebook: its title, how to play and draw it, what it shows, the rules it exercises."""

    title: str
    build: Callable[[], tuple[str, list[str]]]
    text: str
    rules: tuple[str, ...]


EXAMPLES = (
    Example(
        "When the Moon Shines Red",
        moon_shines_red,
        "Roel's five steps and the Master's lines of sight from its new platform are highlighted (R: Roel, "
        "Mt: Matthew, M: the Master, A: the Apprentice). The book E on the NE platform points at N; from its "
        "centre the Master sees Matthew down a corridor; the corridor towards Roel is interrupted "
        "(peg19.en:811).",
        ("move.step", "encounter.flip", "strigoi.move", "strigoi.attack"),
    ),
    Example(
        "Prayer in the Dark",
        prayer_in_the_dark,
        "Roel (R) plays the Sword normally and breaks the Hammer: 2 + 2 + 5 = 9, the Supreme's strength. The "
        "book A of the room without a platform points at NE, whose platform collapses under Matthew (Mt); "
        "without a Leap the pack loses a blood point (peg19.en:928-930).",
        ("fight.strigoi", "rewards.use", "fight.strigoi_wound", "fight.defeat", "fight.collapse"),
    ),
)
