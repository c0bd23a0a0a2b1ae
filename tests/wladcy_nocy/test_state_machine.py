"""A Hypothesis state machine over the real engine of *Władcy Nocy* (WLADCY_NOCY.md §5: each invariant's concrete
form "checked after every step of the state-machine tests and the soak").

Any number of vampires, difficulty, start (the setup or a midgame position) and one reading's other option; then
random legal decisions, each applied through the soak's :class:`~armata_rules.wladcy_nocy.verify.soak.CheckedPlay`
(every invariant's step form on every engine step, the state forms at every decision, the turn variant, the input
left unchanged, a legal action in every live state), with illegal actions tried in between: a listed action with a
field changed, an action of every kind with fields drawn at random, and fields of the wrong type. The rules refuse
each with a :class:`RuleViolation`, a malformed one is a ``TypeError``, and the state is untouched either way.

A failure prints the program of steps that reproduces it (Hypothesis's stateful reproduction).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import assume, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from armata_rules.kernel.play.actions import Action, Choose, Pass
from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.wladcy_nocy.actions import ACTIONS
from armata_rules.wladcy_nocy.components import VAMPIRE_IDS
from armata_rules.wladcy_nocy.content.loader import DIFFICULTIES
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.state import WNState
from armata_rules.wladcy_nocy.verify.soak import STARTS, CheckedPlay, GameSpec, SoakReport

#: Every (reading, option) that is not the default, and ``None``: the preset itself.
OTHER_OPTIONS: list[tuple[str, str] | None] = [None] + [
    (name, option)
    for name, reading in READINGS.readings.items()
    for option in reading.options
    if option != reading.default
]
#: Every action type of the game, the kernel's Pass and Choose included.
KINDS: list[type[Action]] = sorted({*ACTIONS.by_kind.values(), Pass, Choose}, key=lambda t: t.__name__)
#: Values a drawn field may take: in range, out of range, and of the wrong type.
FIELD_VALUES = st.one_of(
    st.integers(-2, 12),
    st.sampled_from(["mila", "imre", "blood", "dark", "top-left", "", "relic"]),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-3, max_value=3),
)


def _fields(kind: type[Action]) -> list[str]:
    return [f.name for f in dataclasses.fields(kind)]


class WNMachine(RuleBasedStateMachine):
    """Drives one game of Władcy Nocy on the synthetic pack."""

    def __init__(self) -> None:
        super().__init__()
        self.report = SoakReport()
        self.play: CheckedPlay | None = None
        self.state: WNState | None = None

    @initialize(
        count=st.integers(2, 5),
        difficulty=st.sampled_from(DIFFICULTIES),
        start=st.sampled_from(STARTS),
        seed=st.integers(0, 2**32 - 1),
        other=st.sampled_from(OTHER_OPTIONS),
    )
    def begin(self, count: int, difficulty: str, start: str, seed: int, other: tuple[str, str] | None) -> None:
        vampires = tuple(VAMPIRE_IDS[(seed + i) % len(VAMPIRE_IDS)] for i in range(count))
        ruleset = READINGS.default() if other is None else READINGS.make(**{other[0]: other[1]})
        try:
            self.play = CheckedPlay(GameSpec(seed, vampires, difficulty, start, "random"), ruleset, self.report, 1)
        except GameSetupError:
            assume(False)  # a reading the box cannot supply for this count (e.g. nine minions for two vampires)
        self.state = self.play.start(random.Random(seed))

    def _live(self) -> bool:
        return self.state is not None and self.state.outcome is None

    @precondition(_live)
    @rule(pick=st.integers(0, 2**16))
    def decide(self, pick: int) -> None:
        assert self.play is not None and self.state is not None
        actions = self.play.legal_actions(self.state)
        assert actions, f"a live state with no legal action: {self.report.problems}"
        self.state = self.play.apply(self.state, actions[pick % len(actions)])

    def _refused(self, action: object) -> None:
        """``action`` is refused (by the rules, or as malformed), and the state is left as it was."""
        assert self.play is not None and self.state is not None
        before = self.state.hash()
        legal = self.play.game.legal_actions(self.state)
        if action in legal:
            return
        with pytest.raises((RuleViolation, TypeError)) as refused:
            self.play.game.apply(self.state, action)  # type: ignore[arg-type]
        assert str(refused.value).strip() and "\n" not in str(refused.value)
        assert self.state.hash() == before

    @precondition(_live)
    @rule(pick=st.integers(0, 2**16), field=st.integers(0, 8), value=FIELD_VALUES)
    def change_a_listed_action(self, pick: int, field: int, value: object) -> None:
        assert self.play is not None and self.state is not None
        actions = self.play.game.legal_actions(self.state)
        action = actions[pick % len(actions)]
        names = _fields(type(action))
        assume(bool(names))
        name = names[field % len(names)]
        try:
            changed: Any = dataclasses.replace(action, **{name: value})
        except TypeError:
            return  # the dataclass itself refuses the value
        self._refused(changed)

    @precondition(_live)
    @rule(kind=st.sampled_from(KINDS), data=st.data())
    def an_action_of_any_kind(self, kind: type[Action], data: st.DataObject) -> None:
        values = {name: data.draw(FIELD_VALUES, label=name) for name in _fields(kind)}
        try:
            action: Any = kind(**values)
        except TypeError:
            return
        self._refused(action)

    @precondition(lambda self: self.state is not None and self.state.outcome is not None)
    @rule(pick=st.integers(0, 2**16))
    def after_the_end(self, pick: int) -> None:
        """Once the game is over no action is legal, and every one is refused by the rule that says so."""
        assert self.play is not None and self.state is not None
        assert self.play.game.legal_actions(self.state) == []
        with pytest.raises(RuleViolation) as refused:
            self.play.game.apply(self.state, Pass(pick % self.play.ctx.seats, "turn"))
        assert refused.value.rule_id == self.play.game.definition.over_rule

    @invariant()
    def nothing_wrong(self) -> None:
        assert self.report.clean, self.report.problems


WNMachine.TestCase.settings = settings(
    settings.default, stateful_step_count=60, max_examples=max(10, settings.default.max_examples // 3)
)
TestWNMachine = WNMachine.TestCase
