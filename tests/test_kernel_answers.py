"""The kernels' answers kept by kernel object and arguments (armata_rules.rules.kernels): the same answers as
asking the kernel, each kernel asked once per arguments, and a substituted kernel asked anew."""

from __future__ import annotations

from itertools import product

from armata_rules import effects
from armata_rules.rules import kernels
from armata_rules.rules.kernels import answer, answer2


def test_answers_equal_the_kernels_own() -> None:
    for onto_powerwolf in (False, True):
        assert answer(effects.step_cost, onto_powerwolf) == effects.step_cost(onto_powerwolf)
        assert answer(effects.may_engage, onto_powerwolf) == effects.may_engage(onto_powerwolf)
    for steps_left, back in product(range(-2, 8), (False, True)):
        assert answer2(effects.may_step, steps_left, back) == effects.may_step(steps_left, back)
        assert answer2(effects.steps_after, steps_left, back) == effects.steps_after(steps_left, back)
        assert answer2(effects.jump_trail_after, steps_left, back) == effects.jump_trail_after(steps_left, back)
    for inferno, loss in product(range(12), (7, 8, 9)):
        assert answer2(effects.strigoi_win, inferno, loss) == effects.strigoi_win(inferno, loss)


def test_a_kernel_is_asked_once_per_arguments_and_a_substitute_anew() -> None:
    asked: list[tuple[int, bool]] = []

    def counting(steps_left: int, back: bool) -> bool:
        asked.append((steps_left, back))
        return steps_left >= 1 and not back

    def lenient(steps_left: int, back: bool) -> bool:
        return True

    assert [answer2(counting, 3, False) for _ in range(5)] == [True] * 5
    assert answer2(counting, 3, True) is False
    assert asked == [(3, False), (3, True)]
    assert answer2(lenient, 3, True) is True  # another kernel object: its own answer


def test_the_table_is_bounded() -> None:
    def identity(n: int) -> int:
        return n

    for n in range(kernels._ANSWERS_MAX + 5):
        assert answer(identity, n) == n
    assert len(kernels._ANSWERS) <= kernels._ANSWERS_MAX
