"""Phase 2a, moving: steps, jumps, tunnels, encounter stops, Strigoi crossing, the movement readings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import ChooseCard, EndMove, Step, UseAbility
from armata_rules.state import GameState
from armata_rules.variants import Movement
from tests.scenario import CROSS, DANCING, MOON, card_id, game, play, turn


@pytest.mark.clauses("peg19.en:760", "peg19.en:765", "sb19.en:315")
def test_a_step_costs_one_and_a_jump_over_a_powerwolf_costs_nothing() -> None:
    """peg19.en:760 (up to the card's value), peg19.en:765 (jump without counting), sb19.en:315."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"})
    assert state.turn is not None and state.turn.steps_left == 5
    state = play(g, state, Step(0, "C:1,0"))
    assert state.turn is not None and state.turn.steps_left == 5  # jumped onto Matthew: free
    with pytest.raises(RuleViolation, match=r"move\.stop .*same space"):
        g.apply(state, EndMove(0))  # peg19.en:764
    state = play(g, state, Step(0, "C:2,0"))
    assert state.turn is not None and state.turn.steps_left == 4
    state = play(g, state, EndMove(0))
    assert state.heroes[0].position == "C:2,0"


@pytest.mark.clauses("peg19.en:767", "sb19.en:317")
def test_stairs_to_stairs_costs_two_and_from_standing_stairs_one() -> None:
    """peg19.en:767, sb19.en:317: one step onto the entry stairs, one onto the arrival stairs."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:1,-1", 1: "N:2,0"})
    state = play(g, state, Step(0, "C:2,-2"), Step(0, "SE:2,0"))
    assert state.turn is not None and state.turn.steps_left == 3
    state = play(g, state, Step(0, "SW:-2,2"))  # standing on stairs: the arrival step only
    assert state.turn is not None and state.turn.steps_left == 2


def test_a_step_must_follow_a_corridor_or_tunnel() -> None:
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "NE:0,1", 1: "N:2,0"})
    with pytest.raises(RuleViolation, match=r"no corridor or tunnel leads from NE:0,1 to NE:1,1"):
        g.apply(state, Step(0, "NE:1,1"))  # neighbouring cells, but a wall between them
    assert state.heroes[0].position == "NE:0,1"
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, Step(0, "Z:9,9"))  # a space of no room of the board
    assert (refused.value.rule_id, refused.value.message) == ("move.step", "'Z:9,9' is no space of this fortress")


@pytest.mark.clauses("peg19.en:760")
def test_an_active_encounter_space_stops_the_move() -> None:
    """peg19.en:760: they must stop (exhausting their movement) and fight."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"})
    state = play(g, state, Step(0, "C:1,1"))
    assert state.to_act.decision == "fight"
    assert state.turn is not None and state.turn.encountered
    names = {a.kind for a in g.legal_actions(state)}
    assert "pass" not in names  # the fight cannot be skipped


@pytest.mark.clauses("peg19.en:797")
def test_a_fight_token_makes_the_space_ordinary() -> None:
    """peg19.en:797: no one can have an encounter there until it is reactivated."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, fight_tokens=("C:1,1",))
    state = play(g, state, Step(0, "C:1,1"))
    assert state.to_act.decision == "move"


@pytest.mark.clauses("peg19.en:766", "peg19.en:1062", "sb19.en:316", "peg19.de:176")
def test_crossing_a_strigoi_needs_stealth() -> None:
    """peg19.en:766, peg19.en:1062, sb19.en:316, peg19.de:176."""
    g = game()
    state = turn(
        g,
        ["Werewolves of Armenia", "Werewolves of Armenia"],  # equal initiative: Roel, seated first, goes first
        positions={0: "C:0,0", 1: "N:2,0"},
        strigoi={"Master": "C:1,0"},
    )
    with pytest.raises(RuleViolation, match="crossing it needs Stealth"):
        g.apply(state, Step(0, "C:1,0"))
    card = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, UseAbility(0, "stealth", card, "card"), Step(0, "C:1,0"))
    with pytest.raises(RuleViolation, match="same space"):
        g.apply(state, EndMove(0))
    state = play(g, state, Step(0, "C:2,0"), EndMove(0))
    assert state.heroes[0].position == "C:2,0"
    assert f"{card}/stealth" in state.heroes[0].spent


@pytest.mark.clauses("peg19.en:760", "sb19.en:310", "peg19.fr:1853")
@pytest.mark.parametrize(
    ("reading", "stop_at_once", "stop_after_one"),
    [(Movement.MAY_UP_TO, True, True), (Movement.MUST_UP_TO, False, True), (Movement.MAY_EXACTLY, True, False)],
)
def test_movement_readings(reading: Movement, stop_at_once: bool, stop_after_one: bool) -> None:
    """may (peg19.en:760), must (sb19.en:310), the number shown (peg19.fr:1853)."""
    g = game(ruleset=editions.PEG19_EN.with_(movement=reading))
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"})
    assert (EndMove(0) in g.legal_actions(state)) is stop_at_once
    _apply_agrees(g, state, EndMove(0), stop_at_once, "must take at least one step")
    state = play(g, state, Step(0, "C:1,0"))
    assert (EndMove(0) in g.legal_actions(state)) is stop_after_one
    _apply_agrees(g, state, EndMove(0), stop_after_one, "the hero moves on: 4 steps left")


def _apply_agrees(g: Game, state: GameState, action: EndMove, legal: bool, refusal: str) -> None:
    """``apply`` (which checks the guard without the list of legal actions) agrees with ``legal_actions``."""
    if legal:
        g.apply(state, action)
        return
    with pytest.raises(RuleViolation, match=refusal) as refused:
        g.apply(state, action)
    assert refused.value.rule_id == "move.stop"


@pytest.mark.clauses("peg19.en:1088")
def test_wound_penalties_shorten_the_move() -> None:
    """peg19.en:1088: penalties reduce movement until healed."""
    g = game()
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    leg = next(w.id for w in g.pack.wounds if w.movement_penalty == 1)
    state = state.with_hero(0, replace(state.heroes[0], wounds=(leg,)))
    state = play(g, state, ChooseCard(0, card_id(g, "Roel", MOON)), ChooseCard(1, card_id(g, "Matthew", CROSS)))
    assert state.turn is not None and state.turn.seat == 0 and state.turn.steps_left == 4


@pytest.mark.clauses("peg19.en:765")
def test_a_jump_lands_beyond_and_never_comes_back() -> None:
    """peg19.en:765 with the interpretation jump-lands-beyond: the first release let a hero step back and forth
    between two occupied spaces for ever, spending nothing."""
    g = game(("Roel", "Matthew", "Attila"))
    state = turn(g, [MOON, CROSS, "Lupus Dei"], positions={0: "C:0,0", 1: "C:1,0", 2: "C:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,0"), Step(0, "C:2,0"))  # over Matthew, then over Attila
    assert state.turn is not None and state.turn.steps_left == 5
    assert state.turn.trail == ("C:0,0", "C:1,0", "C:2,0")
    with pytest.raises(RuleViolation, match=r"move\.step .*a jump lands beyond the jumped Powerwolf, never back"):
        g.apply(state, Step(0, "C:1,0"))
    assert Step(0, "C:1,0") not in g.legal_actions(state)
    onward = [a for a in g.legal_actions(state) if isinstance(a, Step)]
    assert onward, "the hero can still land beyond"
    state = play(g, state, onward[0])
    assert state.turn is not None and state.turn.trail == () and state.turn.steps_left == 4


def test_the_start_of_a_jump_is_behind_the_hero() -> None:
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"})
    state = play(g, state, Step(0, "C:1,0"))
    with pytest.raises(RuleViolation, match="never back on C:0,0"):
        g.apply(state, Step(0, "C:0,0"))


@pytest.mark.clauses("peg19.en:764", "peg19.en:766")
def test_no_step_onto_a_powerwolf_with_no_free_space_beyond() -> None:
    """peg19.en:764 (two miniatures cannot stay on one space), peg19.en:766 (a Strigoi is crossed only with
    Stealth): a jump onto C:-1,0 is refused when every way on is blocked by a Strigoi, and offered once one is
    free."""
    g = game()
    blocked = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,1", 1: "C:-1,0"},
        strigoi={"Master": "C:-2,0", "Apprentice": "C:0,0"},
    )
    with pytest.raises(RuleViolation, match=r"C:-1,0 is taken and the hero could not move on from it"):
        g.apply(blocked, Step(0, "C:-1,0"))
    assert Step(0, "C:-1,0") not in g.legal_actions(blocked)
    open_way = turn(
        g, [MOON, CROSS], positions={0: "C:-1,1", 1: "C:-1,0"}, strigoi={"Master": "C:-2,0", "Apprentice": "NE:0,0"}
    )
    assert Step(0, "C:-1,0") in g.legal_actions(open_way)
    after = play(g, open_way, Step(0, "C:-1,0"))
    assert after.turn is not None and after.turn.steps_left == 5 and after.turn.trail == ("C:-1,1", "C:-1,0")


def test_only_the_mover_steps_and_the_refusal_says_so() -> None:
    """The refusal names the rule and what was wrong (a seat that is not moving), and the state is untouched."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    before = state.hash()
    with pytest.raises(RuleViolation, match=r"^move\.step \(.*\): it is Roel's turn, not seat 1's$") as refused:
        g.apply(state, Step(1, "C:1,0"))
    assert refused.value.rule_id == "move.step" and "peg19.en:760" in refused.value.clauses
    with pytest.raises(RuleViolation, match=r"^move\.stop \(.*\): it is Roel's turn, not seat 1's$"):
        g.apply(state, EndMove(1))
    assert state.hash() == before


@pytest.mark.clauses("peg19.en:760")
def test_no_step_without_movement_left() -> None:
    """peg19.en:760: up to the value shown; with none left, a step is refused by move.step and the hero stops."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    turn_state = state.turn
    assert turn_state is not None
    spent = replace(state, turn=replace(turn_state, steps_left=0, moved=True))
    with pytest.raises(RuleViolation, match="no movement left this turn") as refused:
        g.apply(spent, Step(0, "C:1,0"))
    assert (refused.value.rule_id, refused.value.message) == ("move.step", "no movement left this turn")
    assert [a for a in g.legal_actions(spent) if isinstance(a, Step)] == []
    assert EndMove(0) in g.legal_actions(spent)


# The platform turns of the 5-hero game (peg19.en, an ability-heavy random bot) where the dead end was first met.
_SW_DEAD_END_BOARD = {"rotations": (2, 4, 3, 0, 0, 0)}


@pytest.mark.clauses(
    "peg19.en:756", "peg19.en:764", "peg19.en:765", "peg19.en:1054", "sb19.en:306", "sb19.en:314", "sb19.en:638"
)
def test_a_platform_turn_that_strands_a_jumping_hero_is_refused() -> None:
    """Matthew jumps onto Roel's space (peg19.en:765) and may turn the platform (peg19.en:1054) at any time of the
    turn (peg19.en:756), but no turn may leave him on Roel's space with no way on: two miniatures cannot stay on one
    space (peg19.en:764). Before the fix, turning SW by five steps left a live state with no legal action."""
    g = game(("Roel", "Matthew"), editions.SB19_EN)
    state = turn(g, [MOON, CROSS], positions={0: "SW:-1,0", 1: "SW:0,0"}, first=1)
    state = replace(state, board=replace(state.board, **_SW_DEAD_END_BOARD))
    state = play(g, state, Step(1, "SW:-1,0"))  # onto Roel: a jump
    cross = card_id(g, "Matthew", CROSS)
    stranding = UseAbility(1, "mechanics", cross, "card", "SW:5")
    listed = g.legal_actions(state)
    assert stranding not in listed
    with pytest.raises(RuleViolation, match=r"move\.stop .*could not move on from SW:-1,0"):
        g.apply(state, stranding)
    turns = [a for a in listed if isinstance(a, UseAbility) and a.ability == "mechanics"]
    refused = {f"{room}:{k}" for room in g.fortress.platform_rooms for k in range(1, 6)} - {a.target for a in turns}
    assert refused == {"SW:4", "SW:5"}  # only the turns that strand him; every other stays allowed
    for action in turns:
        after = g.apply(state, action)
        assert g.legal_actions(after), action  # no live state without a move


@pytest.mark.clauses("peg19.en:765", "peg19.en:1070", "peg19.en:1124", "sb19.en:315", "sb19.en:646")
def test_a_leap_ends_the_jump_so_a_later_step_may_cross_its_start() -> None:
    """peg19.en:765 forbids only the jump from coming back; a Leap is part of the move (peg19.en:1070,
    peg19.en:1124) and takes the hero off the jump, so an ordinary step back onto the jump's start is allowed."""
    g = game(("Matthew", "Roel"))
    state = turn(g, [DANCING, MOON], positions={0: "NE:-1,-1", 1: "NE:-2,0"}, first=0)
    state = play(g, state, Step(0, "NE:-2,0"))  # onto Roel: the jump starts at NE:-1,-1
    assert state.turn is not None and state.turn.trail == ("NE:-1,-1", "NE:-2,0")
    dancing = card_id(g, "Matthew", DANCING)
    state = play(g, state, UseAbility(0, "leap", dancing, "card", "NE:0,-2"))  # off the jump
    assert state.turn is not None and state.turn.trail == ()
    assert Step(0, "NE:-1,-1") in g.legal_actions(state)
    state = play(g, state, Step(0, "NE:-1,-1"))  # an ordinary step onto the old jump's start
    assert state.heroes[0].position == "NE:-1,-1"


@pytest.mark.clauses("peg19.en:764", "peg19.en:765", "peg19.en:1070", "sb19.en:315", "sb19.en:646")
def test_a_leap_out_of_a_jump_onto_a_free_dead_end_is_allowed() -> None:
    """A Leap (peg19.en:1070) out of a jump (peg19.en:765) onto a free space is allowed even where no step leads on
    from it: the hero may stop there (peg19.en:764 forbids only staying on another miniature's space). The guard that
    keeps a way on for a hero left standing on a taken space must ask about the leaping hero's new space with the
    leaping hero excluded, or the hero would count as blocking itself."""
    g = game(("Matthew", "Roel"))
    state = turn(g, [DANCING, MOON], positions={0: "S:-1,-1", 1: "S:-2,0"}, first=0)
    state = play(g, state, Step(0, "S:-2,0"))  # onto Roel: a jump
    dancing = card_id(g, "Matthew", DANCING)
    leap = UseAbility(0, "leap", dancing, "card", "S:1,0")
    assert leap in g.legal_actions(state)
    after = g.apply(state, leap)
    assert after.heroes[0].position == "S:1,0"
    listed = g.legal_actions(after)
    assert [a for a in listed if isinstance(a, Step)] == []  # the premise: no step leads on from S:1,0
    assert EndMove(0) in listed  # so stopping there is the way the move goes on


@pytest.mark.clauses("peg19.en:764", "peg19.en:765", "peg19.en:766", "sb19.en:315", "sb19.en:316")
def test_a_jump_whose_only_way_on_crosses_a_strigoi_and_comes_back_is_allowed() -> None:
    """peg19.en:764-766, sb19.en:314-316, peg19.de:176: a hero passes through other Powerwolves and, with Stealth,
    through a Strigoi, and never ends on an occupied space. Roel on SW:0,-2 may jump Matthew (SW:1,-2) although the
    only way on crosses the Master (SW:2,-2, a counted step that ends the jump) and jumps Matthew again back to
    SW:0,-2. The look-ahead that refuses a step onto an occupied space used to forbid the spaces of the jump for
    good and to mark a space seen on its first visit, so it refused this step though every step after it is one the
    guard allows; it now searches what the guard reads (found by comparing it with an exhaustive search on random
    positions: 452 of 447,238 steps disagreed)."""
    g = game(("Roel", "Matthew", "Attila", "Charles", "Falk Maria"))
    state = turn(
        g,
        ["Werewolves of Armenia", "Army of the Night", "Army of the Night", "Army of the Night", "Army of the Night"],
        positions={0: "SW:0,-2", 1: "SW:1,-2", 2: "NW:-2,2", 3: "SW:2,-1", 4: "SW:0,-1"},
        strigoi={"Master": "SW:2,-2", "Apprentice": "SW:-1,-1"},
        first=0,
    )
    card = card_id(g, "Roel", "Werewolves of Armenia")
    with pytest.raises(RuleViolation, match=r"SW:1,-2 is taken and the hero could not move on from it"):
        g.apply(state, Step(0, "SW:1,-2"))  # without Stealth the Master closes the only way on
    state = play(g, state, UseAbility(0, "stealth", card, "card"))
    assert Step(0, "SW:1,-2") in g.legal_actions(state)
    state = play(g, state, Step(0, "SW:1,-2"), Step(0, "SW:2,-2"))  # over Matthew, then across the Master
    assert state.turn is not None and state.turn.steps_left == 4 and state.turn.trail == ()
    state = play(g, state, Step(0, "SW:1,-2"), Step(0, "SW:0,-2"), EndMove(0))  # over Matthew again, and down
    assert state.heroes[0].position == "SW:0,-2"
