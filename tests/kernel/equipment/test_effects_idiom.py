"""The int-or-Z3 idiom moved to the kernel; Armata's effects module re-exports it and keeps its own ``TRACE``."""

from __future__ import annotations

import z3

from armata_rules import effects
from armata_rules.effects import Ite, Num, concrete_ite
from armata_rules.kernel.play import effects as kernel_effects


def test_armata_reads_the_kernel_idiom_and_keeps_its_trace() -> None:
    assert Num is kernel_effects.Num and Ite is kernel_effects.Ite and concrete_ite is kernel_effects.concrete_ite
    assert "TRACE" in vars(effects) and not hasattr(kernel_effects, "TRACE")
    assert {"Num", "Ite", "concrete_ite"} <= set(effects.__all__)


def test_the_engine_ite_and_and_are_pythons_conditionals() -> None:
    assert kernel_effects.concrete_ite(True, 1, 2) == 1
    assert kernel_effects.concrete_ite(0, 1, 2) == 2
    assert kernel_effects.concrete_and(1, True) is True
    assert kernel_effects.concrete_and(True, 0) is False


def test_a_kernel_written_once_runs_on_ints_and_on_z3_terms() -> None:
    def step(x: kernel_effects.N, ite: kernel_effects.IteOf[kernel_effects.N] = concrete_ite) -> kernel_effects.N:
        return ite(x < 3, x + 1, x - x)

    assert step(1) == 2 and step(5) == 0
    x = z3.Int("x")
    solver = z3.Solver()
    solver.add(x == 5, step(x, z3.If) != 0)
    assert solver.check() == z3.unsat


def test_tracing_collects_into_the_games_own_module_and_puts_it_back() -> None:
    """KERNEL.md §6, the first trap: TRACE is set on the game's module itself, and None again after the block, even
    when the block raises; a module without TRACE is refused."""
    import types

    import pytest

    from armata_rules.kernel.play.effects import tracing

    game_effects = types.ModuleType("game_effects")
    game_effects.TRACE = None  # type: ignore[attr-defined]
    with tracing(game_effects) as trace:
        assert game_effects.TRACE is trace  # type: ignore[attr-defined]
        trace.append("an effect")
    assert game_effects.TRACE is None and trace == ["an effect"]  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="boom"), tracing(game_effects):
        raise ValueError("boom")
    assert game_effects.TRACE is None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="bare has no TRACE"), tracing(types.ModuleType("bare")):
        pass
