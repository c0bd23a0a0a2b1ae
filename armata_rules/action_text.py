"""Actions and waiting decisions as sentences a player reads: "Attila ends the fight phase", not a dataclass repr.

One sentence function per action type (:data:`SENTENCES`), each given the action and the names of the game at the
moment it was taken (:class:`~armata_rules.names.Names` and the state before it), so cards read as their titles and
spaces as they lie on the board. ``secret=True`` keeps what the table does not see unnamed: a card chosen face down
in Phase 1, a reward card drawn into a hand, a wound token laid face down on a Strigoi. Used by the replay page
(:mod:`armata_rules.replay_page`); any front end can use it.

>>> from armata_rules import Game, editions
>>> game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=7)
>>> state = game.initial_state()
>>> print(describe(game, state, game.legal_actions(state)[0]))
Attila places a ladder tile at 2 o'clock of room SE and stands on it
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    ChooseCard,
    DiscardCard,
    EndMove,
    Escape,
    GiveReward,
    HealWound,
    Pass,
    Peek,
    PlaceLadder,
    PlayReward,
    PlayToken,
    Protect,
    Reactivate,
    RebelDraw,
    Relocate,
    Step,
    UseAbility,
)
from armata_rules.components.icons import Ability
from armata_rules.engine import Game
from armata_rules.frames import DecisionKind
from armata_rules.names import ABILITY_NAMES, Names, ladder_place
from armata_rules.state import GameState, Outcome

__all__ = ["SENTENCES", "Moment", "describe", "names_of", "waiting"]


class Moment:
    """What a sentence reads: the game's names and the state an action is taken in."""

    def __init__(self, names: Names, state: GameState, secret: bool = True) -> None:
        self.names = names
        self.state = state
        self.secret = secret

    def hero(self, seat: int) -> str:
        """The hero in ``seat``."""
        return self.names.hero(seat)

    def space(self, sid: str) -> str:
        """The name of space ``sid`` on the board of the moment."""
        return self.names.space(sid, self.state.board)

    def room_centre(self, room: str) -> str:
        """The name of the centre space of ``room`` (where a Strigoi stands)."""
        fortress = self.names.fortress
        return self.space(fortress.platform_centre(room)) if room in fortress.rooms else room

    def title(self, item: str) -> str:
        """The title of a card or token."""
        return self.names.title(item)

    def strigoi(self, index: int) -> str:
        """The Strigoi at ``index`` as a player names it: "the Master", "the Supreme Apprentice"."""
        strigoi = self.state.strigoi[index]
        return f"the {'Supreme ' if strigoi.supreme else ''}{strigoi.name}"

    def source(self, source: str, mode: str) -> str:
        """How an icon is used: "from the played card Lupus Dei", "by discarding Sword" ..."""
        title = self.title(source)
        return {
            "card": f"from the played card {title}",
            "discard": f"by discarding {title}",
            "normal": f"by playing the reward card {title}",
            "wild": f"by playing {title} with Wild Strength",
            "token": f"by spending the token {title}",
        }.get(mode, f"from {title} ({mode.replace('_', ' ')})")


def names_of(game: Game) -> Names:
    """The names of ``game``'s heroes, components and spaces."""
    return Names(game.pack, game.fortress, tuple(hero.value for hero in game.heroes))


# ------------------------------------------------------------------------------------------------ one per action type
_CHANCE_STACKS: Final = {
    "draw_red": "the red encounter stack",
    "draw_grey": "the grey encounter stack",
    "draw_reward_card": "the reward cards",
    "draw_reward_token": "the reward tokens",
    "draw_strigoi_token": "the Strigoi action tokens",
    "draw_wound": "the wound tokens",
    "wound_strigoi": "the wound tokens, face down onto the Strigoi's card",
}
#: Draws nobody but the drawer sees (a reward card goes into a hand) or nobody at all (a wound token face down on
#: a Strigoi's card, peg19.en:891): with ``secret`` the sentence does not name them.
_FACE_DOWN: Final = {
    "draw_reward_card": "deals a reward card into {whose} hand",
    "wound_strigoi": "lays a wound token face down on the Strigoi's card",
}


def _chance(m: Moment, a: ChanceOutcome) -> str:
    if a.decision == "place_strigoi":  # "Master@ROOM,Apprentice@ROOM"
        placed = [part.partition("@") for part in a.outcome.split(",")]
        return "Chance places " + " and ".join(f"the {name} on {m.room_centre(room)}" for name, _, room in placed)
    if a.decision == "order_ties":
        return "Chance orders the tied heroes: " + ", ".join(m.hero(int(seat)) for seat in a.outcome.split(","))
    stack = _CHANCE_STACKS.get(a.decision)
    if stack is None:
        return f"Chance decides {a.decision.replace('_', ' ')}: {m.title(a.outcome)}"
    if a.outcome == "nothing":
        return f"Chance finds nothing left in {stack}"
    if m.secret and a.decision in _FACE_DOWN:
        seat = getattr(m.state.frames[-1], "seat", None) if m.state.frames else None
        whose = f"{m.hero(seat)}'s" if isinstance(seat, int) and 0 <= seat < len(m.names.heroes) else "the hero's"
        return f"Chance {_FACE_DOWN[a.decision].format(whose=whose)}"
    return f"Chance draws {m.title(a.outcome)} from {stack}"


def _place_ladder(m: Moment, a: PlaceLadder) -> str:
    where = ladder_place(m.names.fortress, a.site) if a.site in m.names.fortress.ladder_sites else f"on {a.site}"
    return f"{m.hero(a.seat)} places a ladder tile {where} and stands on it"


def _choose_card(m: Moment, a: ChooseCard) -> str:
    if m.secret:
        return f"{m.hero(a.seat)} chooses a card face down"
    return f"{m.hero(a.seat)} chooses {m.title(a.card)} face down"


def _step(m: Moment, a: Step) -> str:
    return f"{m.hero(a.seat)} steps to {m.space(a.to)}"


def _end_move(m: Moment, a: EndMove) -> str:
    return f"{m.hero(a.seat)} stops moving"


def _use_ability(m: Moment, a: UseAbility) -> str:
    ability = next((known for known in Ability if known.value == a.ability), None)
    name = ABILITY_NAMES[ability] if ability is not None else a.ability.replace("_", " ")
    said = f"{m.hero(a.seat)} uses {name} {m.source(a.source, a.mode)}"
    if not a.target:
        return said
    if ability is Ability.MECHANICS:  # "ROOM:STEPS"
        room, _, steps = a.target.partition(":")
        turn = f" by {int(steps) * 60}°" if steps.isdigit() else ""
        return f"{said}, turning the {room} platform{turn}"
    if ability is Ability.RETRIEVAL:
        return f"{said}, taking {m.title(a.target)} back from the discard pile"
    return f"{said} to go to {m.space(a.target)}"


def _give_reward(m: Moment, a: GiveReward) -> str:
    return f"{m.hero(a.seat)} hands {m.title(a.card)} to {m.hero(a.to)}"


def _rebel_draw(m: Moment, a: RebelDraw) -> str:
    return f"{m.hero(a.seat)} gives up Nighttime Rebel to draw a reward card"


def _attack(m: Moment, a: AttackStrigoi) -> str:
    how = {"melee": "in melee", "ranged": "at range"}.get(a.mode, a.mode)
    return f"{m.hero(a.seat)} attacks {m.strigoi(a.strigoi)} {how}"


_PASSES: Final = {
    "end_fight_phase": "ends the fight phase",
    "resolve": "plays nothing more: the fight is resolved",
    "fall": "does not leap and falls with the rubble",
    "no_counterattack": "does not counterattack",
    "take_wounds": "takes the wounds",
    "end_turn": "ends the turn",
}


def _pass(m: Moment, a: Pass) -> str:
    return f"{m.hero(a.seat)} {_PASSES.get(a.what, 'passes: ' + a.what.replace('_', ' '))}"


def _peek(m: Moment, a: Peek) -> str:
    if a.mode == "in_use":
        return f"{m.hero(a.seat)} peeks at the encounter with the Stealth already in use"
    return f"{m.hero(a.seat)} peeks at the encounter with Stealth {m.source(a.source, a.mode)}"


_CHOICES: Final = {
    "flip": "flips the encounter",
    "fight": "fights the monster peeked at",
    "decline": "leaves the monster face up on its stack",
    "free": "sets the monk free",
    "attack": "attacks the monk",
    "leave": "leaves the monk in peace",
}


def _choose(m: Moment, a: Choose) -> str:
    return f"{m.hero(a.seat)} {_CHOICES.get(a.option, 'chooses ' + a.option.replace('_', ' '))}"


def _play_reward(m: Moment, a: PlayReward) -> str:
    wild = " with Wild Strength" if a.mode == "wild" else ""
    return f"{m.hero(a.seat)} plays the reward card {m.title(a.card)}{wild}"


def _play_token(m: Moment, a: PlayToken) -> str:
    return f"{m.hero(a.seat)} spends the reward token {m.title(a.token)}"


def _protect(m: Moment, a: Protect) -> str:
    return f"{m.hero(a.seat)} uses Protection {m.source(a.source, a.mode)}"


def _discard(m: Moment, a: DiscardCard) -> str:
    return f"{m.hero(a.seat)} is shocked and discards {m.title(a.card)}"


def _heal(m: Moment, a: HealWound) -> str:
    return f"{m.hero(a.seat)} heals a wound: {m.title(a.wound)}"


def _reactivate(m: Moment, a: Reactivate) -> str:
    return f"{m.hero(a.seat)} takes back the fight token on {m.space(a.space)}, reactivating it"


def _relocate(m: Moment, a: Relocate) -> str:
    return f"{m.hero(a.seat)} moves to {m.space(a.to)}"


def _escape(m: Moment, a: Escape) -> str:
    return f"{m.hero(a.seat)} leaps clear to {m.space(a.to)} {m.source(a.source, a.mode)}"


#: The sentence function of each action type.
SENTENCES: Mapping[type[Action], Callable[[Moment, Any], str]] = {
    ChanceOutcome: _chance,
    PlaceLadder: _place_ladder,
    ChooseCard: _choose_card,
    Step: _step,
    EndMove: _end_move,
    UseAbility: _use_ability,
    GiveReward: _give_reward,
    RebelDraw: _rebel_draw,
    AttackStrigoi: _attack,
    Pass: _pass,
    Peek: _peek,
    Choose: _choose,
    PlayReward: _play_reward,
    PlayToken: _play_token,
    Protect: _protect,
    DiscardCard: _discard,
    HealWound: _heal,
    Reactivate: _reactivate,
    Relocate: _relocate,
    Escape: _escape,
}


def describe(game: Game | Names, state: GameState, action: Action, *, secret: bool = True) -> str:
    """``action``, taken in ``state``, as one sentence (no final stop). ``game`` may be the game or its
    :func:`names_of`, built once for many sentences."""
    names = game if isinstance(game, Names) else names_of(game)
    sentence = SENTENCES.get(type(action))
    if sentence is None:
        raise TypeError(f"not an action of armata_rules.actions: {type(action).__name__}")
    return sentence(Moment(names, state, secret), action)


# ------------------------------------------------------------------------------------------------ who acts now
_DECISIONS: Final = {
    "place_ladder": "place a ladder tile",
    "place_strigoi": "place the Strigoi",
    "choose_card": "choose a card",
    "order_ties": "order the heroes tied on initiative",
    "move": "move",
    "fight": "fight or end the fight phase",
    "draw_red": "draw a red encounter",
    "draw_grey": "draw a grey encounter",
    "encounter_choice": "choose what to do with the encounter",
    "fight_rewards": "play reward cards or tokens in the fight",
    "draw_reward_card": "draw a reward card",
    "draw_reward_token": "draw a reward token",
    "protect": "block wounds or take them",
    "draw_wound": "draw a wound token",
    "wound_strigoi": "lay a wound token on the Strigoi",
    "shock": "answer the shock",
    "heal": "heal a wound",
    "reactivate": "take back a fight token",
    "relocate": "choose a staircase or ladder tile",
    "after_strigoi": "use abilities or end the turn",
    "draw_strigoi_token": "draw a Strigoi action token",
    "counterattack": "counterattack or not",
    "escape": "leap clear or fall",
}
_OUTCOMES: Final = {Outcome.POWERWOLF_WIN: "the pack wins", Outcome.STRIGOI_WIN: "the Strigoi win"}


def waiting(game: Game | Names, state: GameState) -> str:
    """Who decides now and about what: "Attila to move", "chance to draw a red encounter", "the game is over: the
    pack wins"."""
    names = game if isinstance(game, Names) else names_of(game)
    if state.outcome is not None:
        return f"the game is over: {_OUTCOMES[state.outcome]}"
    to_act = state.to_act
    what = _DECISIONS.get(to_act.decision, to_act.decision.replace("_", " "))
    if to_act.kind is DecisionKind.CHANCE:
        return f"chance to {what}"
    if not to_act.seats:
        return f"the rules to {what}" if what else "nobody to act"
    who = [names.hero(seat) for seat in to_act.seats]
    heroes = f"{', '.join(who[:-1])} and {who[-1]}" if len(who) > 1 else who[0]
    return f"{heroes} to {what}"
