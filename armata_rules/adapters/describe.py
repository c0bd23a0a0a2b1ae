"""Actions and observations in words, for people reading an adapter's output.

:func:`action_text` names the hero who acts and what they do with the components' titles
(``"Roel: move to C:1,1"``, ``"Attila: play Sword #2 (wild side)"``), distinct for every index of
:class:`armata_rules.encoding.ActionSpace`. :func:`observation_fields` flattens what one seat sees into named fields
(``"Roel.position"``, ``"blood.altar"``), :func:`observation_text` writes them all and :func:`observation_changes`
only those that differ between two observations: the information state string of the OpenSpiel game is a seat's
first observation followed by the changes it saw, step by step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

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
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack
from armata_rules.observation import Observation

__all__ = ["action_text", "observation_changes", "observation_fields", "observation_text"]

#: How a source is used, in words (``mode`` of :class:`~armata_rules.actions.UseAbility` and its kin).
_MODES = {
    "card": "played card",
    "discard": "discarded",
    "normal": "normal side",
    "wild": "wild side",
    "token": "token",
    "in_use": "in use",
}


def _title(pack: DataPack, item: str) -> str:
    """A component's printed title, with the copy number when the pack has several (``Sword #2``)."""
    for table in (pack.cards, pack.rewards, pack.tokens, pack.encounters, pack.wound_tokens):
        component = table.get(item)
        if component is not None:
            copy = item.rpartition("#")[2] if "#" in item else ""
            return f"{component.title} #{copy}" if copy else component.title
    token = pack.strigoi_token_by_id.get(item)
    if token is not None:
        copy = item.rpartition("#")[2] if "#" in item else ""
        return f"{token.strigoi} {token.modifier:+d}" + (f" #{copy}" if copy else "")
    return item


def _card(pack: DataPack, item: str, hero: Hero) -> str:
    """A card's title, and whose it is when it belongs to another hero (``Army of the Night (Falk Maria's)``)."""
    card = pack.cards.get(item)
    owner = "" if card is None or card.hero in (None, hero) else f" ({card.hero.value}'s)"
    return _title(pack, item) + owner


def _source(pack: DataPack, source: str, mode: str, hero: Hero) -> str:
    return f"{_card(pack, source, hero)}, {_MODES.get(mode, mode)}" if source else _MODES.get(mode, mode)


def _chance(pack: DataPack, heroes: Sequence[Hero], outcome: ChanceOutcome) -> str:
    what = outcome.decision.replace("_", " ")
    if outcome.decision == "order_ties":
        order = ", ".join(heroes[int(seat)].value for seat in outcome.outcome.split(","))
        return f"chance: {what}: {order}"
    if outcome.decision == "place_strigoi":
        places = ", ".join(
            f"{name} in {room}" for name, _, room in (p.partition("@") for p in outcome.outcome.split(","))
        )
        return f"chance: {what}: {places}"
    return f"chance: {what}: {_title(pack, outcome.outcome)}"


def action_text(action: Action, heroes: Sequence[Hero], pack: DataPack) -> str:
    """``action`` in words: the hero of its seat (by ``heroes``, in seat order), then what they do."""
    if isinstance(action, ChanceOutcome):
        return _chance(pack, heroes, action)
    hero = heroes[action.seat] if action.seat is not None and 0 <= action.seat < len(heroes) else None
    if hero is None:
        return f"seat {action.seat}: {action}"
    return f"{hero.value}: {_deed(action, hero, heroes, pack)}"


def _deed(action: Action, hero: Hero, heroes: Sequence[Hero], pack: DataPack) -> str:
    """What a hero's action does, in words."""
    match action:
        case PlaceLadder(site=site):
            return f"place a ladder on {site}"
        case ChooseCard(card=card):
            return f"choose {_card(pack, card, hero)}"
        case Step(to=to):
            return f"move to {to}"
        case EndMove():
            return "end the move"
        case UseAbility(ability=ability, source=source, mode=mode, target=target):
            on = f" on {_title(pack, target)}" if target else ""
            return f"use {ability} ({_source(pack, source, mode, hero)}){on}"
        case GiveReward(to=to, card=card):
            return f"give {_title(pack, card)} to {heroes[to].value if 0 <= to < len(heroes) else f'seat {to}'}"
        case RebelDraw():
            return "draw a card (Nighttime Rebel)"
        case AttackStrigoi(strigoi=index, mode=mode):
            name = pack.strigoi[index].title if 0 <= index < len(pack.strigoi) else f"Strigoi {index}"
            return f"attack the {name} ({mode})"
        case Pass(what=what):
            return f"pass: {what.replace('_', ' ')}"
        case Peek(source=source, mode=mode):
            return f"peek ({_source(pack, source, mode, hero)})"
        case Choose(option=option):
            return f"choose to {option}"
        case PlayReward(card=card, mode=mode):
            return f"play {_title(pack, card)} ({_MODES.get(mode, mode)})"
        case PlayToken(token=token):
            return f"play the token {_title(pack, token)}"
        case Protect(source=source, mode=mode):
            return f"protect ({_source(pack, source, mode, hero)})"
        case DiscardCard(card=card):
            return f"discard {_card(pack, card, hero)}"
        case HealWound(wound=wound):
            return f"heal {_title(pack, wound)}"
        case Reactivate(space=space):
            return f"reactivate {space}"
        case Relocate(to=to):
            return f"relocate to {to}"
        case Escape(source=source, mode=mode, to=to):
            return f"escape to {to} ({_source(pack, source, mode, hero)})"
    return str(action)


# ------------------------------------------------------------------------------------------------ observations
def _value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) if value else "-"
    return str(getattr(value, "value", value))


def observation_fields(obs: Observation) -> dict[str, str]:
    """Every field of ``obs`` by a readable name, in the order of the observation: heroes and Strigoi by name."""
    out = {
        "player": obs.heroes[obs.player].hero if 0 <= obs.player < len(obs.heroes) else str(obs.player),
        "round": str(obs.round),
        "to_act": f"{obs.to_act.kind.value} {obs.to_act.decision or '-'} "
        f"({', '.join(obs.heroes[s].hero for s in obs.to_act.seats) or '-'})",
    }
    for hero in obs.heroes:
        out |= {f"{hero.hero}.{f.name}": _value(getattr(hero, f.name)) for f in fields(hero) if f.name != "hero"}
        del out[f"{hero.hero}.seat"]
        for secret in ("hand", "discard"):  # another seat's: only the size shows
            if getattr(hero, secret) is None:
                out[f"{hero.hero}.{secret}"] = "hidden"
    for strigoi in obs.strigoi:
        out |= {
            f"{strigoi.name}.{f.name}": _value(getattr(strigoi, f.name))
            for f in fields(strigoi)
            if f.name not in ("name", "wound_tokens")
        }
    out |= {f"blood.{f.name}": _value(getattr(obs.blood, f.name)) for f in fields(obs.blood)}
    for name in ("fight_tokens", "attack_marker", "order"):
        out[name] = _value(getattr(obs, name))
    for stack, view in sorted(obs.stacks.items()):
        out |= {f"stacks.{stack}.{f.name}": _value(getattr(view, f.name)) for f in fields(view)}
    for name in ("rotations", "collapsed", "ladders", "outcome"):
        out[name] = _value(getattr(obs, name))
    return out


def observation_text(obs: Observation) -> str:
    """Every field of ``obs`` as ``name=value``, separated by semicolons."""
    return "; ".join(f"{name}={value}" for name, value in observation_fields(obs).items())


def observation_changes(before: dict[str, str], after: dict[str, str]) -> str:
    """The fields of :func:`observation_fields` that differ, as ``name: old -> new``; ``-`` when none does."""
    changed = [
        f"{name}: {before.get(name, 'none')} -> {value}" for name, value in after.items() if before.get(name) != value
    ]
    return "; ".join(changed) or "-"
