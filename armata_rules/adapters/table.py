"""What every adapter shares: the game a table plays, its numbering, its rewards and its pictures.

A :class:`Table` fixes the heroes, ruleset (a :class:`~armata_rules.variants.Ruleset` or an edition name such as
``"peg19.de"``), data pack and layout; each episode is a new :class:`~armata_rules.Game`
with that episode's seed, so chance (draws, ties, the Strigoi placement) is resolved by the seed and the same seed
and actions replay the same episode.

Rewards are cooperative: the pack wins or loses together, so every seat gets ``+1`` when the Supreme Strigoi falls
and ``-1`` when the inferno fills (:meth:`armata_rules.engine.Game.returns`). Optional *shaped* rewards (off by
default) add, after every decision and for every seat, ``SHAPING_SCALE`` times the change of
``altar - inferno + Strigoi wounds``: blood points brought to the altar and wounds dealt count for the pack, blood
points lost to the inferno against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from weakref import ReferenceType, WeakKeyDictionary, ref

import numpy as np
import numpy.typing as npt

from armata_rules import editions
from armata_rules.actions import Action
from armata_rules.adapters.bounds import observation_high
from armata_rules.adapters.describe import action_text
from armata_rules.board.layout import Layout
from armata_rules.board.svg import render_svg
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack
from armata_rules.encoding import ActionSpace, ObservationEncoder
from armata_rules.engine import ChanceMode, Game, edition_ruleset
from armata_rules.game import ARMATA
from armata_rules.kernel.adapters.table import GameTable, IllegalActionError, IllegalActionPolicy
from armata_rules.kernel.adapters.table import LegalIndices as KernelLegal
from armata_rules.kernel.core.errors import expect
from armata_rules.kernel.core.immutable import memo
from armata_rules.kernel.play.engine import Engine
from armata_rules.observation_vector import SeatVector
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = [
    "RENDER_MODES",
    "SHAPING_SCALE",
    "IllegalActionError",
    "IllegalActionPolicy",
    "Table",
    "progress",
    "render_ansi",
    "render_rgb",
    "render_svg_state",
    "step_reward",
]

#: The weight of the optional shaped rewards (see the module docstring).
SHAPING_SCALE = 0.05


class Table(GameTable[RulesContext, GameState]):
    """The fixed facts of the episodes an adapter plays, with their action numbering and observation encoder: the
    kernel's :class:`~armata_rules.kernel.adapters.table.GameTable` of :data:`~armata_rules.game.ARMATA`, whose
    episodes are Armata's :class:`~armata_rules.engine.Game`, and whose observation vector is bounded by
    :mod:`armata_rules.adapters.bounds` (``0`` to :attr:`observation_high`)."""

    action_space: ActionSpace
    codec: ObservationEncoder

    def __init__(
        self,
        heroes: Sequence[str] = ("Attila", "Roel", "Matthew"),
        ruleset: Ruleset | str = editions.PEG19_EN,
        pack: DataPack | None = None,
        layout: Layout | None = None,
    ) -> None:
        self.heroes = tuple(heroes)
        self.ruleset = edition_ruleset(ruleset)
        self._given = (self.heroes, self.ruleset, pack, layout)
        setup: dict[str, object] = {"heroes": list(self.heroes), "ruleset": self.ruleset}
        setup |= {} if pack is None else {"pack": pack}
        setup |= {} if layout is None else {"layout": layout}
        # each episode's seats' vectors, kept up to date from state to state (armata_rules.observation_vector)
        self._seat_vectors: WeakKeyDictionary[Engine[RulesContext, GameState], list[SeatVector]] = WeakKeyDictionary()
        # the last episode asked about, and its seats' vectors: found without the weak dictionary's lookup, which
        # builds a weak reference at every call (the engine is held weakly here too)
        self._last_vectors: tuple[ReferenceType[Engine[RulesContext, GameState]], list[SeatVector]] | None = None
        super().__init__(ARMATA, setup, engine_type=Game)  # refuses a bad hero list at once, with GameSetupError
        self.pack: DataPack = self.ctx.pack
        self.layout: Layout = self.ctx.fortress.layout
        self.encoder = self.codec
        #: The upper bound of every entry of the observation vector (:mod:`armata_rules.adapters.bounds`).
        self.observation_high = observation_high(self.encoder, self.game(0))
        self.low, self.high = np.zeros(self.size, dtype=np.float32), self.observation_high

    def __reduce__(self) -> tuple[type[Table], tuple[tuple[str, ...], Ruleset, DataPack | None, Layout | None]]:
        """Pickled, copied and deep-copied as what it is set up from (the heroes, the ruleset, and the pack and
        layout if they were given), and set up again from them (about 25 ms): an environment factory that holds a
        table can go to another process (Gymnasium's ``AsyncVectorEnv`` with ``context="spawn"``). The copy has no
        episodes yet, so it starts with no seat vectors."""
        return type(self), self._given

    @classmethod
    def given(cls, table: Table | None, heroes: Sequence[str] | None, ruleset: Ruleset | str | None = None) -> Table:
        """The table an environment was given, else one for ``heroes`` and ``ruleset`` (each by default if
        ``None``); ``ValueError`` if a table comes with heroes or a ruleset other than its own."""
        if table is not None:
            if heroes is not None and _heroes(heroes) != _heroes(table.heroes):
                raise ValueError(f"heroes {list(heroes)} differ from the table's {list(table.heroes)}")
            if ruleset is not None and edition_ruleset(ruleset) != table.ruleset:
                raise ValueError(
                    f"ruleset {getattr(ruleset, 'name', ruleset)!r} differs from the table's {table.ruleset.name!r}"
                )
            return table
        return cls(("Attila", "Roel", "Matthew") if heroes is None else heroes, ruleset or editions.PEG19_EN)

    def game(self, seed: int, chance: ChanceMode = "auto") -> Game:
        """A new game of this table with ``seed``."""
        return expect(self.engine(seed, chance), Game, "adapters.table.game")  # engine_type makes it a Game

    def legal(self, engine: Engine[RulesContext, GameState], state: GameState, seat: int) -> KernelLegal:
        """``seat``'s legal actions now with their indices, as the kernel's adapters read them: found through
        :meth:`armata_rules.encoding.ActionSpace.legal`, which knows the rules' shared action objects by identity,
        once per state, seat and engine (kept on the state, as the action space keeps its own)."""
        cache = memo(state)
        key = (self._key, engine, seat)
        found: KernelLegal | None = cache.get(key)
        if found is None:
            listed = self.action_space.legal(engine, state, seat)
            found = cache[key] = KernelLegal(listed.ordered, listed.by_index)
        return found

    def legal_action(
        self, engine: Engine[RulesContext, GameState], state: GameState, seat: int, index: int | None
    ) -> Action | None:
        """The action listed for ``seat`` now under ``index``, ``None`` if it is not legal: read from the action
        space's own answer (which the mask was written from), without building :meth:`legal`'s."""
        return None if index is None else self.action_space.legal(engine, state, seat).by_index.get(index)

    def mask(self, engine: Engine[RulesContext, GameState], state: GameState, seat: int) -> npt.NDArray[np.int8]:
        """``1`` at each of ``seat``'s legal action indices, ``0`` elsewhere (written from the action space's array
        of the indices)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[self.action_space.legal(engine, state, seat).indices] = 1
        return mask

    def seat_vector(self, engine: Engine[RulesContext, GameState], seat: int) -> SeatVector:
        """``seat``'s observation vector in ``engine``'s episode, kept up to date from state to state
        (:class:`~armata_rules.observation_vector.SeatVector`): one per episode and seat, so that episodes played
        side by side on one table do not rewrite each other's."""
        if not 0 <= seat < self.seats:
            raise ValueError(f"there is no seat {seat}; seats are 0..{self.seats - 1}")
        last = self._last_vectors
        if last is not None and last[0]() is engine:
            return last[1][seat]
        vectors = self._seat_vectors.get(engine)
        if vectors is None:
            vectors = self._seat_vectors[engine] = [SeatVector(self.codec, k) for k in range(self.seats)]
        self._last_vectors = (ref(engine), vectors)
        return vectors[seat]

    def vector(self, engine: Engine[RulesContext, GameState], state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` observes of ``state`` as a new ``float32`` vector: the encoder's vector of
        :meth:`~armata_rules.engine.Game.observation`, written part by part from the seat's last one
        (:meth:`seat_vector`)."""
        return self.seat_vector(engine, seat).of(state)

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.heroes)


def _heroes(names: Sequence[str | Hero]) -> list[Hero]:
    return [name if isinstance(name, Hero) else Hero.parse(name) for name in names]


def progress(state: GameState) -> int:
    """The pack's progress measure behind the shaped rewards: altar − inferno + Strigoi wounds."""
    return state.blood.altar - state.blood.inferno + sum(s.wounds for s in state.strigoi)


def step_reward(game: Game, before: GameState, after: GameState, shaped: bool) -> float:
    """Every seat's reward for the decision that led from ``before`` to ``after``."""
    reward = game.returns(after)
    if shaped:
        reward += SHAPING_SCALE * (progress(after) - progress(before))
    return reward


def render_ansi(game: Game, state: GameState, last: Action | None = None) -> str:
    """A short text picture of the state: round, who decides, blood, heroes and Strigoi."""
    blood = state.blood
    lines = [
        f"round {state.round}: {state.to_act.kind.value} decision {state.to_act.decision or '-'} "
        f"(seats {', '.join(map(str, state.to_act.seats)) or '-'})",
        f"blood: supply {blood.supply}, altar {blood.altar}/{game.ctx.altar_required}, "
        f"inferno {blood.inferno}/{game.ctx.inferno_loss}",
    ]
    for seat, hero in enumerate(state.heroes):
        lines.append(
            f"  seat {seat} {hero.hero.value:<10} at {hero.position or '-':<8} hand {len(hero.hand)} "
            f"wounds {len(hero.wounds)} tokens {len(hero.tokens)}"
        )
    for strigoi in state.strigoi:
        status = "defeated" if strigoi.defeated else f"{strigoi.wounds} wounds"
        lines.append(f"  {strigoi.name:<10} at {strigoi.position or '-':<8} {status}")
    if last is not None:
        lines.append(f"last action: {action_text(last, game.heroes, game.pack)}")
    if state.outcome is not None:
        lines.append(f"game over: {state.outcome.value}")
    return "\n".join(lines)


def render_svg_state(game: Game, state: GameState) -> str:
    """The board as an SVG, heroes by their initials, the Strigoi as M and A."""
    pieces: dict[str, str] = {}
    for hero in state.heroes:
        if hero.position is not None:
            pieces[hero.position] = "".join(word[0] for word in hero.hero.value.split())
    for strigoi in state.strigoi:
        if strigoi.position is not None and not strigoi.defeated:
            pieces[strigoi.position] = strigoi.name[0]
    return render_svg(game.fortress, state.board, pieces=pieces, title=f"Armata Strigoi, round {state.round}")


def render_rgb(svg: str, width: int = 480) -> npt.NDArray[np.uint8]:
    """An SVG rasterised (resvg) to an ``(height, width, 3)`` array; needs the ``[pettingzoo]`` extra."""
    from io import BytesIO

    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=svg, width=width)
    with Image.open(BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


#: The render modes of every environment: ``ansi`` returns the text of :func:`render_ansi`, ``rgb_array`` the board
#: as an ``(height, width, 3)`` ``uint8`` array (rasterised by resvg from the SVG), ``human`` prints the text to
#: standard output (and writes the board's SVG to ``render_path`` only when one is given).
RENDER_MODES = ("ansi", "rgb_array", "human")


def render(
    mode: str | None, game: Game, state: GameState, last: Action | None, path: str | Path | None = None
) -> str | npt.NDArray[np.uint8] | None:
    """What ``render()`` gives in each of :data:`RENDER_MODES`, nothing without a mode. ``human`` writes no file
    unless ``path`` is given. Shared by the PettingZoo and Gymnasium envs."""
    if mode is None:
        return None
    if mode == "ansi":
        return render_ansi(game, state, last)
    if mode == "rgb_array":
        return render_rgb(render_svg_state(game, state))
    print(render_ansi(game, state, last), flush=True)
    if path is not None:
        Path(path).write_text(render_svg_state(game, state), encoding="utf-8")
    return None
