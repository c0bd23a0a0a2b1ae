"""The game's int-or-Z3 kernels (:mod:`armata_rules.wladcy_nocy.effects`) run on Z3 terms as they run on ints: each
property the rules rely on is proved here for every value (the negation is unsatisfiable), the ground for the proofs
of WLADCY_NOCY.md §5."""

from __future__ import annotations

import pytest
import z3

from armata_rules.wladcy_nocy import effects


def _proved(premises: list[object], claim: object) -> bool:
    solver = z3.Solver()
    solver.add(*premises)
    solver.add(z3.Not(claim))
    return solver.check() == z3.unsat


V, D, L, B, C, A, M = z3.Ints("v d l b c a m")


@pytest.mark.clauses("wn.pl:161", "wn.pl:598", "wn.pl:600")
def test_the_veil_stays_on_its_track_and_a_full_veil_does_not_strengthen() -> None:
    step = effects.veil_step(V, D, z3.If)
    assert _proved([V >= 0, V <= 6], z3.And(step >= 0, step <= 6))
    assert _proved([V == 6, D >= 0], step == 6)
    assert _proved([V >= 1, V <= 6, D == -1], step == V - 1)
    assert effects.veil_step(6, 1) == 6 and effects.veil_step(1, -3) == 0


@pytest.mark.clauses("wn.pl:473-479", "wn.pl:610-612")
def test_a_die_removes_from_3_and_bleeds_to_4_and_a_modified_die_stays_on_its_faces() -> None:
    assert _proved([V >= 1, V <= 6], effects.die_removes(V) == (V >= 3))
    assert _proved([V >= 1, V <= 6], effects.die_bleeds(V) == (V <= 4))
    moved = effects.die_value(V, D, z3.If)
    assert _proved([V >= 1, V <= 6], z3.And(moved >= 1, moved <= 6))
    assert [effects.die_value(v, 1) for v in (1, 5, 6)] == [2, 6, 6]


@pytest.mark.clauses("wn.pl:54", "wn.pl:375", "wn.pl:483")
def test_blood_moves_are_conserved_and_capped() -> None:
    supply, blood, gained = effects.blood_gain(C, B, A, M, z3.If)
    premises = [C >= 0, B >= 0, B <= M, A >= 0]
    assert _proved(premises, z3.And(supply + blood == C + B, blood <= M, gained >= 0, gained <= A, supply >= 0))
    left, unpaid = effects.blood_payment(B, A, z3.If)
    assert _proved([B >= 0, A >= 0], z3.And(left >= 0, unpaid >= 0, (B - left) + unpaid == A))
    assert _proved([B >= 0, A >= 0, A <= B], unpaid == 0)
    kept, excess = effects.blood_shed(B, M, z3.If)
    assert _proved([B >= 0, M >= 4], z3.And(kept + excess == B, kept <= z3.If(B > M, M, B), excess >= 0))


@pytest.mark.clauses("wn.pl:533-535", "wn.pl:485")
def test_the_relic_limit_follows_the_victims_and_victims_stop_at_the_top() -> None:
    cap = effects.relic_cap(V, z3.If)
    assert _proved([V >= 0], z3.And(cap >= 0, cap <= 2, (cap >= 1) == (V >= 2), (cap == 2) == (V >= 5)))
    raised = effects.victims_step(V, D, C, z3.If)
    assert _proved([V >= 0, V <= C, D >= 0], z3.And(raised >= V, raised <= C))


@pytest.mark.clauses("wn.pl:243", "wn.pl:257", "wn.pl:523")
def test_a_placement_costs_one_veil_or_one_per_agent_and_none_away_from_the_family() -> None:
    near, per_agent = z3.Bools("near per_agent")
    cost = effects.placement_penalty(L, near, per_agent, z3.If)
    assert _proved([L >= 0], z3.Implies(z3.Not(near), cost == 0))
    assert _proved([L >= 1, near, z3.Not(per_agent)], cost == 1)
    assert _proved([L >= 0, near, per_agent], cost == L)


@pytest.mark.clauses("wn.pl:411", "wn.pl:417", "wn.pl:425", "wn.pl:590-592")
def test_seals_rituals_and_majorities() -> None:
    sealed, seal_left, other = z3.Bools("sealed seal_left other")
    assert _proved([], z3.Implies(sealed, effects.minion_majority(M, A, sealed, z3.Or)))
    fires = effects.day_effect_fires(M, A, sealed, False, z3.Or, z3.And)
    assert _proved([z3.Not(sealed)], fires == (M > A))
    allowed = effects.seal_allowed(V, L, M, A, other, seal_left, z3.And, z3.Not)
    assert _proved([], z3.Implies(allowed, z3.And(V >= L, M >= 1, A <= 0, z3.Not(other), seal_left)))
    ritual = effects.ritual_allowed(V, L, C, D, A, M, B, z3.And)
    assert _proved([], z3.Implies(ritual, z3.And(V >= L, C <= 0, D <= 0, A <= 0, M >= B)))


@pytest.mark.clauses("wn.pl:271", "wn.pl:279")
def test_action_points_never_go_below_zero() -> None:
    assert _proved([A >= 0], effects.ap_change(A, D, z3.If) >= 0)
    left, spent = effects.ap_spend(A, C, z3.If)
    assert _proved([A >= 0, C >= 0], z3.And(left >= 0, z3.Implies(spent, left == A - C)))
