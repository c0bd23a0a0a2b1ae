'use strict';
// The replay page's script (armata_rules/replay_page.py writes the data): rebuilds each step from the changes the
// page carries, draws the step on the board, and keeps the address (#step-N) in step with what is shown.
const data = JSON.parse(document.getElementById('game-data').textContent);
const $ = (id) => document.getElementById(id);
const NS = 'http://www.w3.org/2000/svg';
const LAST = data.steps.length - 1;
const STACKS = {
  red: 'red encounters', grey: 'grey encounters', reward_cards: 'reward cards', reward_tokens: 'reward tokens',
  strigoi_tokens: 'Strigoi action tokens', wounds: 'wound tokens',
};

// each step in full: the step before with this step's changes
const shown = [];
let whole = {};
for (const s of data.steps) { whole = Object.assign({}, whole, s.changed); shown.push(whole); }
// the step that wrote each log line
const lineStep = [];
data.steps.forEach((s, i) => { for (let k = 0; k < s.lines; k++) lineStep.push(i); });
// each board: the first in full, the others rebuilt from their differences
const boards = [data.boards.base.join('\n')];
for (const ops of data.boards.variants) {
  const lines = [];
  for (const op of ops) {
    if (typeof op === 'string') lines.push(op); else lines.push(...data.boards.base.slice(op[0], op[1]));
  }
  boards.push(lines.join('\n'));
}

let step = 0, seat = -1, timer = null, shownBoard = -1;

function el(tag, attrs, text) {
  const e = tag.startsWith('svg:') ? document.createElementNS(NS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// ---------------------------------------------------------------------------------------------- the board
function cellOf(svg, space) {
  const id = CSS.escape(space);  // a room id may hold a quote or a bracket
  return svg.querySelector(`[data-space="${id}"], [data-ladder-site="${id}"]`);
}
function centreOf(svg, space) {
  const cell = space === null || space === undefined ? null : cellOf(svg, space);
  if (!cell) return null;
  const box = cell.getBBox();
  return [box.x + box.width / 2, box.y + box.height / 2];
}
function highlight(layer, svg, space, kind) {
  const cell = space === null ? null : cellOf(svg, space);
  if (!cell) return;
  layer.appendChild(el('svg:polygon', {
    points: cell.getAttribute('points'), fill: kind === 'to' ? '#ffd23f' : '#f4e19c', 'fill-opacity': 0.6,
    stroke: '#e0a100', 'stroke-width': 2.5, 'data-mark': kind, 'data-mark-space': space,
  }));
}
const ARROWS = {hero: '#1b7f3b', strigoi: '#7b1022', attack: '#e63946'};
function arrowDefs() {
  const defs = el('svg:defs');
  for (const [kind, colour] of Object.entries(ARROWS)) {
    const m = el('svg:marker', {id: `replay-arrow-${kind}`, viewBox: '0 0 10 10', refX: 7, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: 'auto-start-reverse'});
    m.appendChild(el('svg:path', {d: 'M0,0 L10,5 L0,10 z', fill: colour}));
    defs.appendChild(m);
  }
  return defs;
}
function arrow(layer, svg, from, to, kind) {
  const a = centreOf(svg, from), b = centreOf(svg, to);
  if (!a || !b) return;
  const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1, cut = Math.min(12, len / 3);
  layer.appendChild(el('svg:line', {
    x1: a[0], y1: a[1], x2: b[0] - dx / len * cut, y2: b[1] - dy / len * cut,
    stroke: ARROWS[kind], 'stroke-width': 5, 'stroke-opacity': 0.85, 'stroke-linecap': 'round',
    'stroke-dasharray': kind === 'attack' ? '8,5' : 'none', 'marker-end': `url(#replay-arrow-${kind})`,
    'data-arrow': kind, 'data-from': from, 'data-to': to,
  }));
}
function pips(group, x, y, count, colour, kind, dy) {
  for (let k = 0; k < count; k++) {
    group.appendChild(el('svg:circle', {cx: x - (count - 1) * 4.5 + k * 9, cy: y + dy, r: 4, fill: colour,
      stroke: '#fff', 'stroke-width': 1, 'data-pip': kind}));
  }
}
function piece(layer, x, y, label, fill, key, tip, acting, wounds, tokens, ring) {
  const g = el('svg:g', {'data-piece': key});
  g.appendChild(el('svg:title', {}, tip));
  if (acting) g.appendChild(el('svg:circle', {cx: x, cy: y, r: 20, fill: 'none', stroke: '#ffd23f', 'stroke-width': 3}));
  g.appendChild(el('svg:circle', {cx: x, cy: y, r: 15, fill, stroke: ring || '#fff', 'stroke-width': ring ? 4 : 2}));
  g.appendChild(el('svg:text', {x, y: y + 5, 'text-anchor': 'middle', 'font-size': 13, fill: '#fff',
    'font-weight': 'bold'}, label));
  pips(g, x, y, wounds, '#d62828', 'wound', -19);
  pips(g, x, y, tokens, '#e9c46a', 'token', 19);
  layer.appendChild(g);
}
function drawStep(svg, st, s) {
  let layer = svg.querySelector('#replay-overlay');
  if (layer) layer.remove();
  layer = el('svg:g', {id: 'replay-overlay'});
  layer.appendChild(arrowDefs());
  for (const [from, to, kind] of s.marks.moves) {
    if (kind !== 'attack') highlight(layer, svg, from, 'from');
    highlight(layer, svg, to, 'to');
  }
  for (const space of s.marks.spots) highlight(layer, svg, space, 'to');
  for (const space of st.fight) {
    const c = centreOf(svg, space);
    if (!c) continue;
    const g = el('svg:g', {'data-fight-token': space});
    g.appendChild(el('svg:title', {}, 'a fight token: no encounter here until it is taken back'));
    g.appendChild(el('svg:circle', {cx: c[0], cy: c[1], r: 11, fill: '#222', stroke: '#e9c46a', 'stroke-width': 2}));
    g.appendChild(el('svg:text', {x: c[0], y: c[1] + 5, 'text-anchor': 'middle', 'font-size': 13, fill: '#e9c46a'}, '⚔'));
    layer.appendChild(g);
  }
  // pieces, side by side where several share a space
  const here = {};
  const put = (space, key) => { if (space !== null && space !== undefined) (here[space] = here[space] || []).push(key); };
  data.heroes.forEach((_, x) => put(st[`h${x}.sid`], `h${x}`));
  for (let i = 0; i < data.strigoi; i++) put(st[`s${i}.sid`], `s${i}`);
  for (const [space, keys] of Object.entries(here)) {
    const c = centreOf(svg, space);
    if (!c) continue;
    keys.forEach((key, k) => {
      const x = c[0] + (k - (keys.length - 1) / 2) * 24, y = c[1];
      if (key[0] === 'h') {
        const seatNo = Number(key.slice(1)), name = data.heroes[seatNo];
        const wounds = st[`${key}.wounds`], tokens = st[`${key}.tokens`];
        const tip = `${name}: ${wounds.length} wound(s)${wounds.length ? ' (' + wounds.join(', ') + ')' : ''}, ` +
          `${tokens.length} reward token(s)${tokens.length ? ' (' + tokens.join(', ') + ')' : ''}`;
        piece(layer, x, y, name.slice(0, 2), '#1d3557', key, tip, s.who === seatNo, wounds.length, tokens.length);
      } else {
        const name = st[`${key}.name`], supreme = st[`${key}.supreme`];
        const tip = `${supreme ? 'the Supreme ' : 'the '}${name}: ${st[`${key}.wounds`]} of ` +
          `${st[`${key}.existence`]} existence points lost`;
        piece(layer, x, y, name[0], '#7b1022', key, tip, false, st[`${key}.wounds`], 0, supreme ? '#e9c46a' : null);
      }
    });
  }
  for (const [from, to, kind] of s.marks.moves) {
    if (from !== null && to !== null) arrow(layer, svg, from, to, kind === 'attack' ? 'attack' : kind[0] === 's' ? 'strigoi' : 'hero');
  }
  svg.appendChild(layer);
}

// ---------------------------------------------------------------------------------------------- the blood track
function drawTrack(st) {
  const [supply, altar, inferno] = st.blood;
  const t = data.tables;
  const pools = [
    ['supply', supply, supply + altar + inferno, 'the supply'],
    ['altar', altar, t.altar_cap, `the altar (at most ${t.altar_cap}; ${t.altar_required} let a hero fight a Strigoi)`],
    ['inferno', inferno, t.inferno_loss, `the inferno (${t.inferno_loss} and the Strigoi win)`],
  ];
  const svg = el('svg:svg', {viewBox: '0 0 620 74', width: '100%', role: 'img'});
  svg.appendChild(el('svg:title', {}, `blood points: supply ${supply}, altar ${altar}, inferno ${inferno}`));
  let x0 = 6;
  for (const [pool, count, slots, label] of pools) {
    const g = el('svg:g', {'data-pool': pool, 'data-count': count});
    g.appendChild(el('svg:title', {}, `${count} blood point(s) in ${label}`));
    g.appendChild(el('svg:text', {x: x0, y: 14, 'font-size': 13, fill: '#eee'}, `${pool} ${count}`));
    for (let k = 0; k < slots; k++) {
      const cx = x0 + 9 + k * 19, cy = 38, filled = k < count;
      const mark = (pool === 'altar' && k === t.altar_required - 1) || (pool === 'inferno' && k === slots - 1);
      g.appendChild(el('svg:circle', {cx, cy, r: 8, fill: filled ? '#b3001b' : 'none',
        stroke: mark ? '#ffd23f' : '#888', 'stroke-width': mark ? 2.5 : 1.2, 'data-counter': filled ? 1 : 0}));
    }
    svg.appendChild(g);
    x0 += Math.max(90, slots * 19 + 24);
  }
  if (st.marker) {
    svg.appendChild(el('svg:text', {x: 6, y: 68, 'font-size': 12, fill: '#e9c46a', 'data-attack-marker': 1},
      '⚑ a Strigoi attacked this round: the attack marker lies on the Master\'s card'));
  }
  const track = $('track');
  track.innerHTML = '';
  track.appendChild(svg);
}

// ---------------------------------------------------------------------------------------------- what a seat sees
function listed(items) { return items.length ? items.join(', ') : '—'; }
function drawView(st) {
  const view = $('view');
  view.innerHTML = '';
  const head = el('p', {}, `Round ${st.round}` + (st.order.length ? `; initiative order: ${st.order.join(', ')}` : ''));
  view.appendChild(head);
  const heroes = el('ul', {class: 'heroes'});
  data.heroes.forEach((name, x) => {
    const own = x === seat;
    const get = (field) => (own && st[`o${x}.${field}`] !== null ? st[`o${x}.${field}`] : st[`h${x}.${field}`]);
    const li = el('li', {'data-hero': x});
    li.appendChild(el('strong', {}, name + (own ? ' (you)' : '')));
    const at = st[`h${x}.at`];
    li.appendChild(document.createTextNode(at === null ? ': not on the board yet' : `: on ${at}`));
    const hand = get('hand'), discard = get('discard'), chosen = get('chosen');
    const rows = [
      ['hand', Array.isArray(hand) ? listed(hand) : `${hand} card(s), hidden`],
      ['card for the round', chosen === null ? 'none chosen yet' : chosen === '' ? 'chosen, face down' : chosen],
      ['played', listed(get('played'))],
      ['discard pile', Array.isArray(discard) ? listed(discard) : `${discard} card(s)`],
      ['reward tokens', listed(get('tokens'))],
      ['wounds', listed(get('wounds'))],
      ['advanced cards earned', listed(get('earned'))],
    ];
    const dl = el('dl');
    for (const [k, v] of rows) { dl.appendChild(el('dt', {}, k)); dl.appendChild(el('dd', {}, v)); }
    li.appendChild(dl);
    heroes.appendChild(li);
  });
  view.appendChild(heroes);
  const others = el('ul', {class: 'strigoi'});
  for (let i = 0; i < data.strigoi; i++) {
    const name = (st[`s${i}.supreme`] ? 'the Supreme ' : 'the ') + st[`s${i}.name`];
    const where = st[`s${i}.defeated`] ? 'defeated' : st[`s${i}.at`] === null ? 'not on the board yet' : `on ${st[`s${i}.at`]}`;
    others.appendChild(el('li', {'data-strigoi': i},
      `${name}: ${where}; ${st[`s${i}.wounds`]} of ${st[`s${i}.existence`]} existence points lost`));
  }
  view.appendChild(others);
  const stacks = el('ul', {class: 'stacks'});
  for (const [key, label] of Object.entries(STACKS)) {
    const value = st[`stack.${key}`];
    if (!value) continue;
    const [size, faceUp, discarded] = value;
    stacks.appendChild(el('li', {}, `${label}: ${size} left` + (faceUp.length ? `, face up: ${faceUp.join(', ')}` : '') +
      (discarded ? `; ${discarded} discarded` : '')));
  }
  view.appendChild(stacks);
}

// ---------------------------------------------------------------------------------------------- the log
const logItems = data.log.map(([text, rule], i) => {
  const li = el('li', {'data-line-step': lineStep[i]});
  li.appendChild(el('a', {class: 'line', href: `#step-${lineStep[i]}`, title: `open step ${lineStep[i]}`}, text));
  if (rule >= 0) {
    const [id, title, href] = data.rules[rule];
    li.appendChild(el('a', {class: 'rule', href, title: `the rule ${id}: ${title}`, 'data-rule': id}, `§ ${title}`));
  }
  return li;
});
$('log').append(...logItems);
function drawLog() {
  const log = $('log');
  let first = null;
  logItems.forEach((li, i) => {
    const at = lineStep[i];
    li.hidden = at > step;
    li.classList.toggle('current', at === step);
    if (at === step && first === null) first = li;
  });
  log.scrollTop = first ? Math.max(0, first.offsetTop - log.offsetTop - 24) : log.scrollHeight;
}

// ---------------------------------------------------------------------------------------------- steps
const seatBar = $('seats');
[['Table', -1], ...data.heroes.map((name, i) => [name, i])].forEach(([name, i]) => {
  const b = el('button', {role: 'tab', title: i < 0 ? 'what everyone sees' : `what ${name} sees`}, name);
  b.onclick = () => { seat = i; render(); };
  seatBar.appendChild(b);
});
function render() {
  const st = shown[step], s = data.steps[step];
  if (st.board !== shownBoard) {
    $('board').innerHTML = boards[st.board].replace(/^<\?xml[^>]*>\s*/, '');
    shownBoard = st.board;
  }
  drawStep($('board').querySelector('svg'), st, s);
  drawTrack(st);
  drawView(st);
  drawLog();
  $('say').textContent = s.say;
  $('waiting').textContent = `Now: ${st.waiting}`;
  $('stepno').textContent = `step ${step} / ${LAST}`;
  $('stepno').href = `#step-${step}`;
  $('slider').value = step;
  [...seatBar.children].forEach((b, i) => b.classList.toggle('active', i - 1 === seat));
  document.body.dataset.step = step;
}
function go(n) {
  step = Math.max(0, Math.min(LAST, Number.isFinite(n) ? n : 0));
  render();
  const hash = `#step-${step}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}
function fromHash() {
  const m = /^#step-(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : 0;
}
function play() {
  if (timer) { clearInterval(timer); timer = null; $('play').textContent = '▶ play'; return; }
  $('play').textContent = 'pause';
  timer = setInterval(() => { if (step >= LAST) play(); else go(step + 1); }, 250);
}
$('first').onclick = () => go(0);
$('prev').onclick = () => go(step - 1);
$('next').onclick = () => go(step + 1);
$('last').onclick = () => go(LAST);
$('play').onclick = play;
$('slider').max = LAST;
$('slider').oninput = (e) => go(Number(e.target.value));
window.addEventListener('hashchange', () => { if (fromHash() !== step) go(fromHash()); });
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' && e.key !== ' ') return;
  const moves = {ArrowRight: step + 1, l: step + 1, ArrowLeft: step - 1, h: step - 1, Home: 0, End: LAST,
                 PageDown: step + 20, PageUp: step - 20};
  if (e.key in moves) { go(moves[e.key]); e.preventDefault(); }
  else if (e.key === ' ') { play(); e.preventDefault(); }
});
go(fromHash());
