"""Armata Strigoi as a game on the kernel: :data:`ARMATA`, its :class:`~armata_rules.kernel.play.game.GameDefinition`.

The kernel's loop asks two things of Armata that used to be written into it: the end of the game, when the inferno
holds the table's number of blood points for the player count (peg19.en:936, :func:`terminal`), and the Nighttime
Rebel, which goes to a hero "as soon as" another holds a third reward card (peg19.en:972,
:func:`~armata_rules.rules.awards.follow_rebel`, run after every action).

The engine control ``engine-strigoi-never-win`` (:mod:`armata_rules.verify.engine_controls`) replaces
:func:`~armata_rules.effects.strigoi_win` here, by this module's name: :func:`terminal` looks it up at each call.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from armata_rules.actions import ACTIONS
from armata_rules.effects import strigoi_win
from armata_rules.game_setup import context_from_json, setup_json
from armata_rules.kernel.games import register
from armata_rules.kernel.play.game import ActionIndex, Ending, GameDefinition, ObservationCodec, Payoffs
from armata_rules.observation import observe
from armata_rules.rules.awards import follow_rebel
from armata_rules.rules.consistency import check_consistent
from armata_rules.rules.context import RulesContext
from armata_rules.rules.handlers import TABLE
from armata_rules.rules.kernels import answer2
from armata_rules.rules.registry import RULES
from armata_rules.rules.setup import initial_state
from armata_rules.state import FRAME_TYPES, GameState, Outcome
from armata_rules.translations.textset import ARMATA_TEXTS
from armata_rules.variants import READING_SET

__all__ = ["ARMATA", "action_space", "check_state", "observation_codec", "returns", "terminal"]

#: How the Strigoi win: the outcome and the history's line (peg19.en:936).
_INFERNO_FULL: Final = Ending(Outcome.STRIGOI_WIN, "the inferno is full: the Strigoi win")


def terminal(ctx: RulesContext, state: GameState) -> Ending | None:
    """The Strigoi's victory once the inferno holds the table's number of blood points (peg19.en:936); the pack's
    victory ends the game in the fight that defeats the Supreme Strigoi, which sets the outcome itself."""
    if answer2(strigoi_win, state.blood.inferno, ctx.inferno_loss):  # the name a control may substitute
        return _INFERNO_FULL
    return None


#: What the pack gets at each outcome: the Powerwolf "win or lose as a team" (peg19.en:700).
_TEAM_RETURN: Final[dict[Outcome | None, float]] = {Outcome.POWERWOLF_WIN: 1.0, Outcome.STRIGOI_WIN: -1.0, None: 0.0}


def returns(ctx: RulesContext, state: GameState) -> tuple[float, ...]:
    """Each seat's result: 1 if the pack won, -1 if the Strigoi won, 0 while the game goes on."""
    return (_TEAM_RETURN[state.outcome],) * len(ctx.heroes)


def check_state(ctx: RulesContext, state: GameState, source: str) -> None:
    """Refuse a state read from a file that breaks an invariant of this game (seats, one place per card or token,
    wound and blood bounds, positions on the board, the board itself: :mod:`armata_rules.rules.consistency`)."""
    check_consistent(ctx, state, initial_state(ctx), source)


def action_space(ctx: RulesContext) -> ActionIndex:
    """The numbering of every action a game of this pack, layout and hero count could list
    (:class:`armata_rules.encoding.ActionSpace`; NumPy is imported only when it is asked for)."""
    from armata_rules.encoding import ActionSpace

    return ActionSpace(ctx.pack, ctx.fortress, len(ctx.heroes))


def observation_codec(ctx: RulesContext) -> ObservationCodec:
    """The numeric form of a hero's observation (:class:`armata_rules.encoding.ObservationEncoder`)."""
    from armata_rules.encoding import ObservationEncoder

    return ObservationEncoder(ctx.pack, ctx.fortress, len(ctx.heroes))


#: Armata Strigoi, for 2 to 5 heroes (peg19.en:884).
ARMATA: Final[GameDefinition[RulesContext, GameState]] = GameDefinition(
    id="armata_strigoi",
    title="Armata Strigoi",
    seats=range(2, 6),
    state_type=GameState,
    frames=FRAME_TYPES,
    actions=ACTIONS,
    handlers=TABLE,
    rules=RULES,
    initial_state=initial_state,
    terminal=terminal,
    over_rule="game.over",
    chance_rule="game.chance",
    triggers=(follow_rebel,),
    terminal_reads=attrgetter("blood"),  # the end test reads the blood counters only
    setup=context_from_json,
    setup_json=setup_json,
    returns=returns,
    check_state=check_state,
    seat_count=lambda ctx: len(ctx.heroes),
    observe=observe,
    observation_codec=observation_codec,
    action_space=action_space,
    texts=ARMATA_TEXTS,
    readings=READING_SET,
    payoffs=Payoffs(-1.0, 1.0, identical=True),  # the pack wins or loses as a team (peg19.en:700)
)
register(ARMATA)
