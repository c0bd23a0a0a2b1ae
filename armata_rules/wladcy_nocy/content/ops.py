"""The effect vocabulary of *Władcy Nocy* content: the operations, predicates and selectors a content file may write.

An effect is a list of operations, each a table ``{ op = NAME, ARG = VALUE, ... }``. The vocabulary is data: every
word has its arguments (name and kind), a one-line meaning and the clause of ``wn.pl`` it serves, so that content
written in it is checked here and executed later by the engine's kernels, never by code of its own. A card the
vocabulary cannot express names a hook instead (see :mod:`~armata_rules.wladcy_nocy.content.schema`).

Selectors pick districts or vampires; predicates test a district. The meanings below say only what the cited
clause says; where the text is silent (the order of several agents, say) the engine's rules decide, not this table.
An effect that acts where an event card's plan points (Nevena's ability, wn.pl:626-628) takes the card with the op
``event_place`` and names the place with the selector ``"event_place"`` in its later ops (:func:`place_problem`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "ARG_KINDS",
    "DISTRICT_SELECTORS",
    "ID",
    "OPS",
    "PREDICATES",
    "VAMPIRE_SELECTORS",
    "Arg",
    "Word",
    "op_problem",
    "place_problem",
    "predicate_problem",
    "tile_references",
]


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a word: its name, its kind (a key of :data:`ARG_KINDS`) and whether it may be left out."""

    name: str
    kind: str
    required: bool = True


@dataclass(frozen=True, slots=True)
class Word:
    """A word of the vocabulary: its name, its arguments, what it does and the clause it serves."""

    name: str
    args: tuple[Arg, ...]
    meaning: str
    clause: str


#: The form of every id in a content file: a district, a relic, an event card.
ID = re.compile(r"[a-z][a-z0-9_]*")

#: What each kind of argument accepts.
ARG_KINDS: Mapping[str, str] = {
    "count": "an integer >= 1",
    "delta": "a non-zero integer",
    "level": "an integer >= 1",
    "flag": "true or false",
    "veil_kind": '"cost" or "effect"',
    "side": '"minions" or "agents"',
    "position": "[row, column], each 0, 1 or 2 (row 0 is the top, column 0 the left)",
    "tile": "a district id (lower-case letters, digits and _)",
    "district": 'a district selector: "here", "leader_choice", "event_place", { at = POSITION }, { tile = ID } or '
    "{ each = [PREDICATE, ...] }",
    "vampire": 'a vampire selector: "active", "holder" or "leader_choice"',
    "target": "a district selector, or { vampire = VAMPIRE SELECTOR } for a vampire's card",
    "predicate": "a predicate table { pred = NAME, ... }",
    "predicates": "a non-empty list of predicate tables",
    "event_take": '"draw" or "discard"',
    "plan_mark": '"red" (the red cross) or "blue" (the pair of blue-grey crosses)',
}


def _table(*words: Word) -> Mapping[str, Word]:
    return {word.name: word for word in words}


_NEGATE = Arg("negate", "flag", required=False)

#: The operations. Amounts of agents, minions and blood move between the supply (or pool) and the board.
OPS: Mapping[str, Word] = _table(
    Word(
        "add_agents",
        (Arg("where", "district"), Arg("n", "count"), Arg("hidden", "flag", required=False)),
        "put n agents from the pool in each selected district, hidden side up unless hidden = false",
        "wn.pl:237",
    ),
    Word(
        "move_agents",
        (Arg("from", "district"), Arg("to", "district"), Arg("n", "count")),
        "move n agents from one district to another",
        "wn.pl:221, wn.pl:594",
    ),
    Word(
        "reveal",
        (Arg("where", "district"),),
        "flip every agent in the selected districts to its revealed side",
        "wn.pl:331",
    ),
    Word(
        "remove_agents",
        (Arg("where", "district"), Arg("n", "count")),
        "remove n agents from the selected district (agents an ability kills add no victims but by its own rule)",
        "wn.pl:367, wn.pl:403",
    ),
    Word(
        "replace_agents",
        (Arg("where", "district"), Arg("n", "count")),
        "replace n agents by minions from the supply; an agent with no minion left to replace it is discarded",
        "wn.pl:602-604",
    ),
    Word(
        "replace_minions",
        (Arg("where", "district"), Arg("n", "count")),
        "replace n minions by agents from the pool; a minion with no agent left is discarded (veil -1 if an event "
        "card did it)",
        "wn.pl:606-608",
    ),
    Word(
        "add_minions",
        (Arg("where", "district"), Arg("n", "count"), Arg("veil_bonus", "flag")),
        "put n minions from the supply in the selected district; veil_bonus: each strengthens the veil by 1",
        "wn.pl:347-349, wn.pl:367, wn.pl:403",
    ),
    Word(
        "veil",
        (Arg("delta", "delta"), Arg("kind", "veil_kind")),
        "move the veil by delta (+ strengthens, - weakens, never above 6); a cost is paid first and a cost reaching "
        "0 loses at once",
        "wn.pl:401, wn.pl:596, wn.pl:600",
    ),
    Word(
        "blood",
        (Arg("target", "vampire"), Arg("delta", "delta")),
        "give (from the supply) or take blood tokens; at 0 the vampire is exhausted, any gain un-exhausts it",
        "wn.pl:517-525",
    ),
    Word(
        "blood_max",
        (Arg("target", "vampire"), Arg("value", "level")),
        "the target may hold up to value blood tokens instead of 4",
        "wn.pl:54, wn.pl:375",
    ),
    Word(
        "ap",
        (Arg("target", "vampire"), Arg("delta", "delta")),
        "change the target's action points this night",
        "wn.pl:271",
    ),
    Word(
        "dice_modify",
        (Arg("delta", "delta"),),
        "add delta to the chosen dice, each value kept within 1..6",
        "wn.pl:610-612",
    ),
    Word(
        "draw_relic",
        (Arg("to", "vampire"),),
        "the leader draws the top relic and gives it to a vampire that may hold one; none is drawn if none may",
        "wn.pl:537-539",
    ),
    Word(
        "place_card",
        (Arg("where", "target"), Arg("discard_when", "predicate")),
        "place this event card on a district or a vampire's card; discard it as soon as discard_when holds there, "
        "but not before it is placed",
        "wn.pl:614-618",
    ),
    Word(
        "redirect_agents",
        (Arg("to", "district"),),
        "agents an event card would add elsewhere are added to the selected district; the veil is judged there",
        "wn.pl:634-638",
    ),
    Word(
        "event_place",
        (Arg("take", "event_take"), Arg("mark", "plan_mark")),
        "draw or discard the top event card only to read its city plan: the positions of its mark are where the "
        'later ops of the effect that select "event_place" act; the card is not resolved (no agents by its plan, '
        "no text) and is discarded, one card fewer in the deck",
        "wn.pl:626-628",
    ),
)

#: The predicates on a district; each also takes ``negate = true`` to mean its opposite.
PREDICATES: Mapping[str, Word] = _table(
    Word("sealed", (_NEGATE,), "the district holds a terror seal", "wn.pl:417"),
    Word("has_minion", (_NEGATE,), "the district holds at least one minion", "wn.pl:243"),
    Word("has_vampire", (_NEGATE,), "at least one vampire stands in the district", "wn.pl:257"),
    Word(
        "has_ready_vampire",
        (_NEGATE,),
        "a vampire that is not exhausted stands in the district",
        "wn.pl:243, wn.pl:523",
    ),
    Word("no_agents", (_NEGATE,), "the district holds no agent, hidden or revealed", "wn.pl:411"),
    Word(
        "majority",
        (Arg("side", "side"), _NEGATE),
        "the side has strictly more tokens than the other; a sealed district counts as more minions than agents",
        "wn.pl:590-592",
    ),
)

#: The district selectors: a plain string, or a one-key table whose key is the selector's name.
DISTRICT_SELECTORS: Mapping[str, Word] = _table(
    Word(
        "here", (), "the active vampire's district, or the district the card or relic lies in", "wn.pl:357, wn.pl:566"
    ),
    Word("leader_choice", (), "a district the leader chooses", "wn.pl:219"),
    Word("at", (Arg("at", "position"),), "the district at a position of the 3x3 city plan", "wn.pl:225-233"),
    Word("tile", (Arg("tile", "tile"),), "the district of that tile, wherever it lies", "wn.pl:221"),
    Word("each", (Arg("each", "predicates"),), "every district where all the predicates hold", "wn.pl:257"),
    Word(
        "event_place",
        (),
        "the districts the card of the effect's last event_place op marks (none if no card could be taken)",
        "wn.pl:626-628",
    ),
)

#: The vampire selectors.
VAMPIRE_SELECTORS: Mapping[str, Word] = _table(
    Word("active", (), "the vampire now playing its turn", "wn.pl:285, wn.pl:357"),
    Word("holder", (), "the vampire holding the relic", "wn.pl:54"),
    Word("leader_choice", (), "a vampire the leader chooses", "wn.pl:537"),
)


def _show(value: object) -> str:
    """A short, one-line rendering of a value from a file."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _int(value: object) -> int | None:
    """The value if it is an integer (true and false are not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _position_problem(value: object) -> str | None:
    if isinstance(value, list) and len(value) == 2 and all(_int(x) in (0, 1, 2) for x in value):
        return None
    return f"must be {ARG_KINDS['position']}, not {_show(value)}"


def _district_problem(value: object) -> str | None:
    if isinstance(value, str):
        word = DISTRICT_SELECTORS.get(value)
        if word is not None and not word.args:
            return None
        return f"{_show(value)} is not a district selector; use {ARG_KINDS['district']}"
    if isinstance(value, Mapping) and len(value) == 1:
        ((name, inner),) = value.items()
        word = DISTRICT_SELECTORS.get(str(name))
        if word is not None and word.args:
            problem = _arg_problem(word.args[0].kind, inner)
            return None if problem is None else f"{name} {problem}"
    return f"{_show(value)} is not a district selector; use {ARG_KINDS['district']}"


def _arg_problem(kind: str, value: object) -> str | None:
    """What is wrong with ``value`` as an argument of ``kind``, or None."""
    number = _int(value)
    if kind in ("count", "level"):
        ok = number is not None and number >= 1
    elif kind == "delta":
        ok = number is not None and number != 0
    elif kind == "flag":
        ok = isinstance(value, bool)
    elif kind == "veil_kind":
        ok = value in ("cost", "effect")
    elif kind == "side":
        ok = value in ("minions", "agents")
    elif kind == "event_take":
        ok = value in ("draw", "discard")
    elif kind == "plan_mark":
        ok = value in ("red", "blue")
    elif kind == "tile":
        ok = isinstance(value, str) and ID.fullmatch(value) is not None
    elif kind == "position":
        return _position_problem(value)
    elif kind == "district":
        return _district_problem(value)
    elif kind == "vampire":
        ok = isinstance(value, str) and value in VAMPIRE_SELECTORS
    elif kind == "target":
        if isinstance(value, Mapping) and set(value) == {"vampire"}:
            return _arg_problem("vampire", value["vampire"])
        return _district_problem(value)
    elif kind == "predicate":
        if not isinstance(value, Mapping):
            return f"must be {ARG_KINDS['predicate']}, not {_show(value)}"
        return predicate_problem(value)
    elif kind == "predicates":
        if not isinstance(value, list) or not value:
            return f"must be {ARG_KINDS['predicates']}, not {_show(value)}"
        for index, item in enumerate(value):
            problem = _arg_problem("predicate", item)
            if problem is not None:
                return f"[{index}]: {problem}"
        return None
    else:
        return f"has an argument kind the vocabulary does not define: {kind!r}"
    return None if ok else f"must be {ARG_KINDS[kind]}, not {_show(value)}"


def _word_problem(what: str, key: str, table: Mapping[str, Word], entry: Mapping[str, object]) -> str | None:
    """Check a table ``{ KEY = NAME, ARG = VALUE, ... }`` against a word of ``table``."""
    name = entry.get(key)
    if not isinstance(name, str):
        return f"{what} needs {key} = NAME, one of: {', '.join(sorted(table))}"
    word = table.get(name)
    if word is None:
        return f"unknown {what} {name!r}; the vocabulary has: {', '.join(sorted(table))}"
    allowed = {arg.name: arg for arg in word.args}
    for arg_name in sorted(str(k) for k in entry if k != key):
        if arg_name not in allowed:
            takes = ", ".join(allowed) or "no argument"
            return f"{what} {name}: unknown argument {arg_name!r} (it takes {takes})"
    for arg in word.args:
        if arg.name not in entry:
            if arg.required:
                return f"{what} {name}: argument {arg.name!r} is missing ({ARG_KINDS[arg.kind]})"
            continue
        problem = _arg_problem(arg.kind, entry[arg.name])
        if problem is not None:
            return f"{what} {name}: argument {arg.name!r} {problem}"
    return None


def op_problem(entry: Mapping[str, object]) -> str | None:
    """What is wrong with one operation table of an effect, or None when the vocabulary accepts it."""
    return _word_problem("op", "op", OPS, entry)


def place_problem(ops: Sequence[Mapping[str, object]]) -> str | None:
    """What is wrong with the order of an effect's ops, or None: an op may select ``"event_place"`` only after an
    ``event_place`` op of the same effect has taken the card that marks the place (wn.pl:626-628)."""
    taken = False
    for index, entry in enumerate(ops):
        selects = sorted(str(name) for name, value in entry.items() if name != "op" and value == "event_place")
        if selects and not taken:
            return (
                f'ops[{index}]: op {entry.get("op")} selects "event_place" in {selects[0]!r} before an event_place '
                "op of this effect has taken the card that marks it"
            )
        taken = taken or entry.get("op") == "event_place"
    return None


def predicate_problem(entry: Mapping[str, object]) -> str | None:
    """What is wrong with one predicate table, or None when the vocabulary accepts it."""
    return _word_problem("predicate", "pred", PREDICATES, entry)


def tile_references(value: object) -> Iterator[str]:
    """Every tile id a ``{ tile = ID }`` selector names anywhere inside ``value`` (ops, predicates, nested lists)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if set(item) == {"tile"} and isinstance(item["tile"], str):
                yield item["tile"]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
