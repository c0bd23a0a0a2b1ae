"""A self-contained HTML page that steps through a recorded game: the board with its pieces, the log, each seat's view.

The record is first replayed and checked (:func:`armata_rules.records.replay`), so a page is only written for a
record that reaches its final hash. Each distinct board (platform rotations, collapses, ladders) is drawn once as
SVG; the pieces of each step are placed by the page's script on the spaces the SVG names (``data-space``). Each
seat's view is the engine's own :meth:`~armata_rules.engine.Game.observation`, so hidden cards stay hidden. Keys:
→/← (or l/h) step, Home/End jump, space plays and pauses.
"""

from __future__ import annotations

import json
from html import escape

from armata_rules.actions import Action
from armata_rules.board.layout import Layout
from armata_rules.components.pack import DataPack
from armata_rules.engine import Game
from armata_rules.records import GameRecord, replay
from armata_rules.state import GameState
from armata_rules.state_view import piece_labels, state_text

__all__ = ["replay_page"]


def _states(game: Game, actions: tuple[Action, ...]) -> list[GameState]:
    states = [game.initial_state()]
    for action in actions:
        states.append(game.apply(states[-1], action))
    return states


def _view(game: Game, state: GameState, seat: int) -> str:
    """What ``seat`` sees, as a compact text block."""
    obs = game.observation(state, seat)
    lines = [f"round {obs.round}; blood altar {obs.blood.altar}, inferno {obs.blood.inferno}"]
    for hero in obs.heroes:
        me = " (you)" if hero.seat == seat else ""
        hand = ", ".join(hero.hand) if hero.hand is not None else f"{hero.hand_size} card(s), hidden"
        chosen = hero.chosen or ("chosen, face down" if hero.has_chosen else "-")
        lines.append(f"{hero.hero}{me} at {hero.position}")
        lines.append(f"  hand: {hand}")
        lines.append(f"  card for the round: {chosen}")
        if hero.played:
            lines.append(f"  played: {', '.join(hero.played)}")
        lines.append(f"  tokens: {', '.join(hero.tokens) or '-'}; wounds: {', '.join(hero.wounds) or '-'}")
    for name, stack in sorted(obs.stacks.items()):
        top = f", face up: {', '.join(stack.face_up)}" if stack.face_up else ""
        lines.append(f"stack {name}: {stack.size} left{top}")
    return "\n".join(lines)


def _game_data(record: GameRecord, game: Game, states: list[GameState]) -> dict[str, object]:
    from armata_rules.board.svg import render_svg

    boards: dict[object, int] = {}
    board_svgs: list[str] = []
    views: dict[str, int] = {}
    view_texts: list[str] = []
    steps = []
    for i, state in enumerate(states):
        if state.board not in boards:
            boards[state.board] = len(board_svgs)
            board_svgs.append(render_svg(game.fortress, state.board, title=f"{record.ruleset.name} replay"))
        seat_views = []
        for seat in range(len(state.heroes)):
            text = _view(game, state, seat)
            seat_views.append(views.setdefault(text, len(view_texts)))
            if seat_views[-1] == len(view_texts):
                view_texts.append(text)
        steps.append(
            {
                "board": boards[state.board],
                "pieces": piece_labels(state),
                "log": len(state.history()),
                "action": "setup" if i == 0 else str(record.actions[i - 1]),
                "summary": state_text(state),
                "views": seat_views,
            }
        )
    return {
        "title": f"{', '.join(record.heroes)}: {record.ruleset.name}, seed {record.seed}",
        "heroes": list(record.heroes),
        "boards": board_svgs,
        "views": view_texts,
        "log": states[-1].history(),
        "steps": steps,
    }


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; background: #1f1e24; color: #eee; }
header { padding: 8px 14px; background: #2c2a33; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
header h1 { font-size: 16px; margin: 0 12px 0 0; }
button { font-size: 15px; padding: 4px 10px; background: #4a4658; color: #fff; border: 1px solid #777; }
button.active { background: #8a6d1f; }
#slider { flex: 1; min-width: 200px; }
main { display: grid; grid-template-columns: minmax(420px, 1.3fr) 1fr; gap: 10px; padding: 10px; }
#board svg { width: 100%; height: auto; max-height: 82vh; }
pre { white-space: pre-wrap; margin: 0; font-size: 12px; }
section { background: #2a2930; padding: 8px; border-radius: 4px; margin-bottom: 8px; }
#log { max-height: 30vh; overflow-y: auto; font-size: 12px; }
#log div.current { background: #5a4a1a; }
#action { font-weight: bold; color: #ffd23f; }
"""

_SCRIPT = """
const data = JSON.parse(document.getElementById('game-data').textContent);
let step = 0, seat = 0, timer = null, shownBoard = -1;
const $ = (id) => document.getElementById(id);
const seatBar = $('seats');
data.heroes.forEach((name, i) => {
  const b = document.createElement('button');
  b.textContent = `seat ${i}: ${name}`;
  b.onclick = () => { seat = i; render(); };
  seatBar.appendChild(b);
});
function placePieces(svg, pieces) {
  const ns = 'http://www.w3.org/2000/svg';
  let layer = svg.querySelector('#replay-pieces');
  if (layer) layer.remove();
  layer = document.createElementNS(ns, 'g');
  layer.setAttribute('id', 'replay-pieces');
  for (const [space, label] of Object.entries(pieces)) {
    const id = CSS.escape(space);  // a room id may hold a quote or a bracket
    const cell = svg.querySelector(`[data-space="${id}"], [data-ladder-site="${id}"]`);
    if (!cell) continue;
    const box = cell.getBBox(), x = box.x + box.width / 2, y = box.y + box.height / 2;
    const strigoi = label.startsWith('S') && label.length === 2;
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', x); c.setAttribute('cy', y); c.setAttribute('r', 15);
    c.setAttribute('fill', strigoi ? '#7b1022' : '#1d3557'); c.setAttribute('stroke', '#fff');
    c.setAttribute('stroke-width', 2); c.setAttribute('data-piece', space);
    const t = document.createElementNS(ns, 'text');
    t.setAttribute('x', x); t.setAttribute('y', y + 5); t.setAttribute('text-anchor', 'middle');
    t.setAttribute('font-size', 13); t.setAttribute('fill', '#fff'); t.setAttribute('font-weight', 'bold');
    t.textContent = label;
    layer.appendChild(c); layer.appendChild(t);
  }
  svg.appendChild(layer);
}
function render() {
  const s = data.steps[step];
  if (s.board !== shownBoard) { $('board').innerHTML = data.boards[s.board]; shownBoard = s.board; }
  placePieces($('board').querySelector('svg'), s.pieces);
  $('stepno').textContent = `step ${step} / ${data.steps.length - 1}`;
  $('slider').value = step;
  $('action').textContent = s.action;
  $('summary').textContent = s.summary;
  $('view').textContent = data.views[s.views[seat]];
  [...seatBar.children].forEach((b, i) => b.classList.toggle('active', i === seat));
  const log = $('log');
  log.innerHTML = '';
  data.log.slice(0, s.log).forEach((line, i) => {
    const d = document.createElement('div');
    d.textContent = line;
    if (i === s.log - 1) d.className = 'current';
    log.appendChild(d);
  });
  log.scrollTop = log.scrollHeight;
  document.body.dataset.step = step;
}
function go(n) { step = Math.max(0, Math.min(data.steps.length - 1, n)); render(); }
function play() {
  if (timer) { clearInterval(timer); timer = null; $('play').textContent = '▶ play'; return; }
  $('play').textContent = 'pause';
  timer = setInterval(() => { if (step >= data.steps.length - 1) play(); else go(step + 1); }, 250);
}
$('first').onclick = () => go(0);
$('prev').onclick = () => go(step - 1);
$('next').onclick = () => go(step + 1);
$('last').onclick = () => go(data.steps.length - 1);
$('play').onclick = play;
$('slider').max = data.steps.length - 1;
$('slider').oninput = (e) => go(Number(e.target.value));
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' && e.key !== ' ') return;
  const moves = {ArrowRight: step + 1, l: step + 1, ArrowLeft: step - 1, h: step - 1, Home: 0,
                 End: data.steps.length - 1, PageDown: step + 20, PageUp: step - 20};
  if (e.key in moves) { go(moves[e.key]); e.preventDefault(); }
  else if (e.key === ' ') { play(); e.preventDefault(); }
});
render();
"""


def replay_page(
    record: GameRecord, source: str = "<record>", pack: DataPack | None = None, layout: Layout | None = None
) -> str:
    """The page for ``record`` (checked by replaying it first; :class:`~armata_rules.records.RecordError` if not)."""
    game, _ = replay(record, source, pack, layout)
    data = _game_data(record, game, _states(game, record.actions))
    # no '<' at all inside the script element: '</script' would end it, and '<!--' followed by '<script' puts the
    # HTML parser in its "script data double escaped" state, so the page's script would never run; JSON reads
    # \u003c as '<' again
    payload = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    title = escape(str(data["title"]))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Armata Strigoi replay: {title}</title>
<style>{_STYLE}</style></head>
<body data-step="0">
<header><h1>{title}</h1>
<button id="first" title="first step (Home)">« first</button><button id="prev" title="previous step (←)">◀</button>
<button id="play" title="play or pause (space)">▶ play</button>
<button id="next" title="next step (→)">▶</button><button id="last" title="last step (End)">last »</button>
<input id="slider" type="range" min="0" value="0"><span id="stepno"></span></header>
<main><div id="board"></div>
<div><section><div id="action"></div><pre id="summary"></pre></section>
<section><div id="seats"></div><pre id="view"></pre></section>
<section><div id="log"></div></section></div></main>
<script type="application/json" id="game-data">{payload}</script>
<script>{_SCRIPT}</script>
</body></html>
"""
