"""Every equipment property is proved on its kernel and refuted on its negative control; a failing property is
reported with Z3's counterexample."""

from __future__ import annotations

import z3

from armata_rules.kernel.equipment import counters, decks, dice, tokens, topology, tracks
from armata_rules.kernel.equipment.proofs import PROPERTIES, Obligation, Property, prove, prove_all


def test_every_property_is_proved_and_every_negative_control_refuted() -> None:
    results = prove_all()
    assert [result.name for result in results] == [item.name for item in PROPERTIES]
    failures = [
        f"{r.name}: {r.result.describe()}; control ({r.control_description}): {r.control.describe()}"
        for r in results
        if not r.ok
    ]
    assert not failures, "\n".join(failures)
    for result in results:
        assert result.result.model == ()  # a proof shows no model
        assert result.control.model  # a refutation shows the values that break the property


def test_each_kernel_of_each_module_has_a_property_and_names_are_unique() -> None:
    names = [item.name for item in PROPERTIES]
    assert len(set(names)) == len(names)
    assert all(item.statement and item.control_description for item in PROPERTIES)
    proved = {item.kernel for item in PROPERTIES}
    expected = {
        counters.transfer_step,
        counters.spend_step,
        tracks.clamp_step,
        tracks.in_band,
        tracks.reached,
        tracks.at_floor,
        dice.modify_step,
        dice.at_least,
        dice.take_step,
        dice.refill_step,
        decks.draw_counts,
        tokens.move_step,
        tokens.flip_step,
        tokens.place_step,
        topology.grid_distance,
    }
    assert proved == expected
    assert {item.kernel_name for item in PROPERTIES} >= {"counters.transfer_step", "decks.draw_counts"}


def test_a_false_property_comes_back_with_its_counterexample() -> None:
    def claims_a_step_never_moves(kernel: object) -> Obligation:
        value, delta = z3.Ints("value delta")
        after = tracks.clamp_step(value, delta, z3.IntVal(0), z3.IntVal(6), z3.If)
        return Obligation({"value": value, "delta": delta}, z3.And(value >= 0, value <= 6), after == value)

    verdict = prove(claims_a_step_never_moves(tracks.clamp_step))
    assert verdict.status == "counterexample"
    shown = dict(verdict.model)
    assert set(shown) == {"delta", "value"} and shown["delta"] != "0"
    wrong = Property("wrong", "a step never moves", tracks.clamp_step, claims_a_step_never_moves, tracks.clamp_step, "")
    (result,) = prove_all([wrong])
    assert not result.ok and result.result.status == "counterexample"
