// The web game: Qwirkle and Qwirkle Cards against the library's bots. The games live on this page
// (the C++ library in WebAssembly, web/lib); the bots think in a Web Worker (worker.js), which
// replays the game record and answers with the bot's action, so the page never freezes.
// You are seat 0. Settings come from the New game dialog or the address: ?game=tiles|cards&seed=
// &players=&bot=&rules=&edition=&delay= (milliseconds between bot moves).
import { load, RuleError } from '../lib/index.js';
import { pieceInner, pieceName, pieceSvg } from './pieces.js';

const $ = (id) => document.getElementById(id);
const timings = { moduleReady: 0, firstMove: 0 };
const params = new URLSearchParams(location.search);
const botDelay = params.has('delay') ? Number(params.get('delay')) : 450;

const q = await load();
timings.moduleReady = performance.now();

// ---- the bots' worker ------------------------------------------------------------------------------

class Bots {
  constructor() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.next = 1;
    this.waiting = new Map();
    this.worker.onmessage = ({ data }) => {
      const w = this.waiting.get(data.id);
      this.waiting.delete(data.id);
      if (!w) return;
      if (data.error) w.reject(new Error(data.error));
      else w.resolve(data.action);
    };
    this.worker.onerror = (e) => {
      for (const w of this.waiting.values()) w.reject(new Error(e.message || 'the bot worker failed'));
      this.waiting.clear();
    };
  }
  ask(request) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }
}
const bots = new Bots();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function setBusy(busy) {
  document.body.dataset.busy = busy ? 'true' : 'false';
}

function showMessage(el, text, kind = '', rule = '') {
  el.className = `message ${kind}`;
  el.textContent = text;
  if (rule) {
    const span = document.createElement('span');
    span.className = 'rule';
    span.textContent = `  (${rule})`;
    el.append(span);
  }
}

function shake(el) {
  el.classList.remove('shake');
  void el.offsetWidth;
  el.classList.add('shake');
}

function seatName(p, bot) {
  return p === 0 ? 'You' : `Bot ${p}${bot ? ` · ${bot}` : ''}`;
}

function banner(title, text, again) {
  const b = $('banner');
  b.innerHTML = '';
  const strong = document.createElement('strong');
  strong.textContent = title;
  const p = document.createElement('div');
  p.textContent = text;
  const close = document.createElement('button');
  close.textContent = 'Look at the board';
  close.onclick = () => { b.hidden = true; };
  const restart = document.createElement('button');
  restart.className = 'primary';
  restart.textContent = 'New game';
  restart.onclick = () => { b.hidden = true; again(); };
  b.append(strong, p, close, document.createTextNode(' '), restart);
  b.hidden = false;
}

function resultTitle(winners) {
  if (winners.length === 1) return winners[0] === 0 ? 'You win!' : `Bot ${winners[0]} wins`;
  return winners.includes(0) ? 'A shared win!' : `Shared win: ${winners.map((w) => seatName(w)).join(', ')}`;
}

// ---- the tile game -----------------------------------------------------------------------------------

const T = {
  game: null,
  settings: null,
  obs: null,
  pending: [],        // tiles put on the board this turn, not yet played: {x, y, tile}
  selected: null,     // index into the hand slots
  mode: 'place',      // 'place' | 'exchange' | 'take'
  marked: new Set(),  // slots marked for an exchange
  hints: [],
  hintIndex: -1,
  lastMove: [],
  badCell: null,
  view: { s: 44, tx: 0, ty: 0 },
  userView: false,
  generation: 0,
  busy: false,
};

const boardEl = $('board');
const SVGNS = 'http://www.w3.org/2000/svg';

function tileSettings() {
  return {
    seed: params.get('seed') ?? undefined,
    players: Number(params.get('players') ?? 2),
    bot: params.get('bot') ?? 'tactician',
    rules: params.get('rules') ?? 'standard',
  };
}

function newTileGame(settings) {
  T.generation++;
  T.game?.dispose();
  T.settings = settings;
  T.game = q.newGame({ seed: settings.seed, players: settings.players, rules: settings.rules });
  T.pending = [];
  T.selected = null;
  T.mode = 'place';
  T.marked.clear();
  T.hints = [];
  T.hintIndex = -1;
  T.lastMove = [];
  T.userView = false;
  $('banner').hidden = true;
  showMessage($('message'), '');
  renderTiles();
  return runTileBots();
}

function handSlots() {
  const hand = [...T.obs.hand];
  for (const p of T.pending) {
    const i = hand.indexOf(p.tile);
    if (i >= 0) hand.splice(i, 1);
  }
  return hand;
}

function myTurn() {
  return !T.busy && T.obs && !T.obs.terminal && T.obs.currentPlayer === 0;
}

function resetTurn() {
  T.pending = [];
  T.selected = null;
  T.mode = 'place';
  T.marked.clear();
  T.hints = [];
  T.hintIndex = -1;
  T.badCell = null;
}

function renderPlayers() {
  const el = $('tiles-players');
  el.innerHTML = '';
  const o = T.obs;
  for (let p = 0; p < o.players; ++p) {
    const d = document.createElement('div');
    d.className = `player${o.currentPlayer === p ? ' current' : ''}`;
    d.dataset.seat = p;
    d.innerHTML = `<span class="name"></span><span class="score"></span><span class="extra"></span>`;
    d.querySelector('.name').textContent = seatName(p, p ? T.settings.bot : '');
    d.querySelector('.score').textContent = o.scores[p];
    d.querySelector('.extra').textContent = `${o.handSizes[p]} tiles`;
    el.append(d);
  }
  const bag = document.createElement('span');
  bag.className = 'bag';
  bag.id = 'bag';
  bag.textContent = o.terminal ? 'game over' : `bag: ${o.bag}`;
  el.append(bag);
}

function tileNode(x, y, tile, cls = '') {
  const g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('transform', `translate(${x} ${y}) scale(0.01)`);
  g.setAttribute('class', `tile ${cls}`);
  g.dataset.cell = `${x},${y}`;
  g.dataset.tile = tile;
  g.innerHTML = `${pieceInner(tile)}<title>${pieceName(tile)} (${tile}) at ${x},${y}</title>`;
  if (cls.includes('pending') || cls.includes('last')) {
    const halo = document.createElementNS(SVGNS, 'rect');
    halo.setAttribute('class', 'halo');
    halo.setAttribute('x', 0);
    halo.setAttribute('y', 0);
    halo.setAttribute('width', 100);
    halo.setAttribute('height', 100);
    halo.setAttribute('rx', 14);
    halo.setAttribute('style', 'stroke-width: 8');
    g.append(halo);
  }
  return g;
}

function cellNode(x, y, cls) {
  const g = document.createElementNS(SVGNS, 'g');
  g.setAttribute('class', cls);
  g.dataset.cell = `${x},${y}`;
  const r = document.createElementNS(SVGNS, 'rect');
  r.setAttribute('x', x + 0.06);
  r.setAttribute('y', y + 0.06);
  r.setAttribute('width', 0.88);
  r.setAttribute('height', 0.88);
  r.setAttribute('rx', 0.12);
  g.append(r);
  return g;
}

let targetCells = [];

function renderBoard() {
  const o = T.obs;
  const w = boardEl.clientWidth || 600;
  const h = boardEl.clientHeight || 400;
  targetCells = T.selected !== null && T.mode === 'place' && myTurn() ? T.game.targets(T.pending, handSlots()[T.selected]) : [];
  if (!T.userView) fitView(w, h);
  const { s, tx, ty } = T.view;
  boardEl.innerHTML = '';
  const defs = document.createElementNS(SVGNS, 'defs');
  defs.innerHTML = `<pattern id="grid" width="1" height="1" patternUnits="userSpaceOnUse"><path d="M1 0 L0 0 0 1" fill="none" class="grid"/></pattern>`;
  boardEl.append(defs);
  const world = document.createElementNS(SVGNS, 'g');
  world.setAttribute('transform', `matrix(${s} 0 0 ${s} ${tx} ${ty})`);
  world.id = 'world';
  const bg = document.createElementNS(SVGNS, 'rect');
  bg.setAttribute('x', -200);
  bg.setAttribute('y', -200);
  bg.setAttribute('width', 400);
  bg.setAttribute('height', 400);
  bg.setAttribute('fill', 'url(#grid)');
  world.append(bg);
  if (!o.board.length && !T.pending.length) world.append(cellNode(0, 0, 'origin'));
  const last = new Set(T.lastMove.map((c) => `${c.x},${c.y}`));
  const takeable = T.mode === 'take';
  for (const t of o.board) world.append(tileNode(t.x, t.y, t.tile, `${last.has(`${t.x},${t.y}`) ? 'last' : ''}${takeable ? ' takeable' : ''}`));
  if (o.forbidden) world.append(cellNode(o.forbidden.x, o.forbidden.y, 'taken'));
  for (const c of targetCells) world.append(cellNode(c.x, c.y, 'target'));
  for (const p of T.pending) world.append(tileNode(p.x, p.y, p.tile, 'pending'));
  if (T.badCell) world.append(cellNode(T.badCell.x, T.badCell.y, 'bad-cell'));
  boardEl.append(world);
}

function fitView(w, h) {
  const cells = [...T.obs.board, ...T.pending, ...targetCells];
  let x0 = -2, x1 = 3, y0 = -2, y1 = 3;
  if (cells.length) {
    x0 = Math.min(...cells.map((c) => c.x)) - 2;
    x1 = Math.max(...cells.map((c) => c.x)) + 3;
    y0 = Math.min(...cells.map((c) => c.y)) - 2;
    y1 = Math.max(...cells.map((c) => c.y)) + 3;
  }
  const s = Math.max(14, Math.min(64, Math.min(w / (x1 - x0), h / (y1 - y0))));
  T.view = { s, tx: w / 2 - ((x0 + x1) / 2) * s, ty: h / 2 - ((y0 + y1) / 2) * s };
}

function renderHand() {
  const el = $('hand');
  el.innerHTML = '';
  handSlots().forEach((tile, i) => {
    const b = document.createElement('button');
    b.className = `slot${T.marked.has(i) ? ' marked' : ''}`;
    b.dataset.tile = tile;
    b.dataset.slot = i;
    b.setAttribute('aria-pressed', String(T.selected === i));
    b.innerHTML = pieceSvg(tile);
    b.disabled = !myTurn();
    attachDrag(b, i);
    el.append(b);
  });
}

function renderTileLog() {
  const el = $('tiles-log');
  el.innerHTML = '';
  for (const t of T.obs.history) {
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = `${seatName(t.player)}: `;
    const what = {
      place: () => `${t.action}  +${t.score}${t.bonus ? ` +${t.bonus} (last tile)` : ''}`,
      exchange: () => `exchanged ${t.action.split(' ').length - 1}`,
      pass: () => 'passed',
      draw3: () => 'drew 3 tiles (action tile)',
      take: () => `took the tile on ${t.action.slice(5)} (action tile)`,
    }[t.kind]() + (t.revealed ? ' — a special tile was drawn: everyone receives its action tile' : '');
    li.append(who, document.createTextNode(what));
    el.append(li);
  }
  el.parentElement.scrollTop = el.parentElement.scrollHeight;
}

function renderButtons() {
  const mine = myTurn();
  const o = T.obs;
  const play = $('play');
  const clear = $('clear');
  const exchange = $('exchange');
  play.disabled = !mine || (T.mode === 'place' && T.pending.length === 0) || (T.mode === 'exchange' && T.marked.size === 0) || T.mode === 'take';
  if (T.mode === 'exchange') play.textContent = `Exchange ${T.marked.size}`;
  else if (T.pending.length) {
    const pv = T.game.preview(T.pending);
    play.textContent = pv.ok ? `Play +${pv.score}` : 'Play';
  } else play.textContent = 'Play';
  clear.disabled = !mine || (T.pending.length === 0 && T.mode === 'place');
  clear.textContent = T.mode === 'place' ? 'Take back' : 'Cancel';
  exchange.disabled = !mine || !o.canExchange || T.mode !== 'place';
  $('hint').disabled = !mine || T.mode !== 'place';
  $('undo').disabled = T.busy || !o.history.some((t) => t.player === 0);
  const canPass = mine && T.game.check('pass').ok;
  $('pass').hidden = !canPass;
  $('draw3').hidden = !(mine && o.canUse.draw3);
  $('take').hidden = !(mine && o.canUse.take);
  $('take').setAttribute('aria-pressed', String(T.mode === 'take'));
}

function renderPreview() {
  const msg = $('message');
  if (!myTurn() || T.mode !== 'place') return;
  if (!T.pending.length) {
    T.badCell = null;
    return;
  }
  const pv = T.game.preview(T.pending);
  if (pv.ok) {
    T.badCell = null;
    showMessage(msg, `${pv.score} point${pv.score === 1 ? '' : 's'}${pv.qwirkles ? ` — Qwirkle${pv.qwirkles > 1 ? ` ×${pv.qwirkles}` : ''}!` : ''}${pv.endsGame ? ' — your last tile: +6 and the game ends' : ''}`, 'ok');
  } else {
    T.badCell = pv.cell ?? null;
    showMessage(msg, `Not allowed: ${pv.message}`, 'bad', pv.rule);
  }
}

function renderTiles() {
  T.obs = T.game.observe(0);
  renderPlayers();
  renderPreview();
  renderBoard();
  renderHand();
  renderButtons();
  renderTileLog();
  document.body.dataset.tilesTurn = String(T.obs.currentPlayer);
}

async function runTileBots() {
  const generation = T.generation;
  T.busy = true;
  setBusy(true);
  renderTiles();
  try {
    while (!T.obs.terminal && T.obs.currentPlayer !== 0) {
      const p = T.obs.currentPlayer;
      $('thinking-text').textContent = `${seatName(p, T.settings.bot)} is thinking…`;
      $('thinking').hidden = false;
      const started = performance.now();
      const action = await bots.ask({
        game: 'tiles', record: T.game.record(), bot: T.settings.bot,
        seconds: T.settings.bot === 'monte-carlo' || T.settings.bot === 'expert' ? 1 : 0, salt: p,
      });
      if (generation !== T.generation) return;
      const wait = botDelay - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      if (generation !== T.generation) return;
      const r = T.game.apply(action, p);
      T.lastMove = r.turn.kind === 'place' ? T.game.state().history.at(-1).tiles : [];
      renderTiles();
    }
  } catch (e) {
    showMessage($('message'), `The bot failed: ${e.message}`, 'bad');
  } finally {
    if (generation === T.generation) {
      T.busy = false;
      setBusy(false);
      $('thinking').hidden = true;
      renderTiles();
      if (!timings.firstMove) timings.firstMove = performance.now();
      if (T.obs.terminal) tileGameOver();
      else if (!T.pending.length) showMessage($('message'), yourTurnText());
    }
  }
}

function yourTurnText() {
  if (T.obs.openingSize) return `You open: put your largest group (${T.obs.openingSize} tiles) in one line.`;
  return 'Your turn: choose a tile, then a cell (or drag it there).';
}

function tileGameOver() {
  const o = T.obs;
  const why = o.endReason === 'last_tile' ? 'the last tile was placed' : 'nobody could place any more';
  banner(resultTitle(o.winners), `${why} — ${o.scores.map((s, p) => `${seatName(p)} ${s}`).join(' · ')}`, () => openNewDialog('tiles'));
  showMessage($('message'), `Game over: ${resultTitle(o.winners)}`);
}

async function tileAct(action) {
  if (!myTurn()) return;
  try {
    const r = T.game.apply(action, 0);
    T.lastMove = r.turn.kind === 'place' ? T.game.state().history.at(-1).tiles : T.lastMove;
    const goesOn = r.turn.kind === 'draw3' || r.turn.kind === 'take';
    resetTurn();
    if (goesOn) {
      renderTiles();
      showMessage($('message'), r.turn.kind === 'draw3' ? 'You drew 3 more tiles: now place or exchange.' : 'The tile is in your hand: now place (not on the same cell).', 'ok');
      return;
    }
    showMessage($('message'), r.turn.kind === 'place' ? `You scored ${r.turn.score + r.turn.bonus}.` : r.turn.kind === 'exchange' ? 'Tiles exchanged.' : 'You passed.', 'ok');
    await runTileBots();
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    T.badCell = e.verdict.cell ?? null;
    renderBoard();
    showMessage($('message'), `Not allowed: ${e.message}`, 'bad', e.rule);
    shake($('message'));
  }
}

// ---- pointer input: board pan / zoom / click; hand tiles by click or drag ---------------------------

function cellAt(clientX, clientY) {
  const r = boardEl.getBoundingClientRect();
  const { s, tx, ty } = T.view;
  return { x: Math.floor((clientX - r.left - tx) / s), y: Math.floor((clientY - r.top - ty) / s) };
}

function cellToClient(x, y) {
  const r = boardEl.getBoundingClientRect();
  const { s, tx, ty } = T.view;
  return { x: r.left + tx + (x + 0.5) * s, y: r.top + ty + (y + 0.5) * s };
}

function zoomAt(factor, cx, cy) {
  const r = boardEl.getBoundingClientRect();
  const px = cx - r.left, py = cy - r.top;
  const { s, tx, ty } = T.view;
  const ns = Math.max(10, Math.min(120, s * factor));
  T.view = { s: ns, tx: px - ((px - tx) * ns) / s, ty: py - ((py - ty) * ns) / s };
  T.userView = true;
  renderBoard();
}

const pointers = new Map();
let pan = null;

boardEl.addEventListener('pointerdown', (e) => {
  boardEl.setPointerCapture(e.pointerId);
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pointers.size === 1) pan = { x: e.clientX, y: e.clientY, tx: T.view.tx, ty: T.view.ty, moved: false };
  else pan = { pinch: true, d: pinchDistance(), s: T.view.s, moved: true };
});
boardEl.addEventListener('pointermove', (e) => {
  if (!pointers.has(e.pointerId) || !pan) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pan.pinch && pointers.size >= 2) {
    const [a, b] = [...pointers.values()];
    const d = pinchDistance();
    zoomAt((pan.s * d) / pan.d / T.view.s, (a.x + b.x) / 2, (a.y + b.y) / 2);
    return;
  }
  const dx = e.clientX - pan.x, dy = e.clientY - pan.y;
  if (!pan.moved && Math.hypot(dx, dy) < 6) return;
  pan.moved = true;
  boardEl.classList.add('dragging');
  T.view = { ...T.view, tx: pan.tx + dx, ty: pan.ty + dy };
  T.userView = true;
  const world = $('world');
  if (world) world.setAttribute('transform', `matrix(${T.view.s} 0 0 ${T.view.s} ${T.view.tx} ${T.view.ty})`);
});
function endPointer(e) {
  if (!pointers.has(e.pointerId)) return;
  pointers.delete(e.pointerId);
  boardEl.classList.remove('dragging');
  if (pan && !pan.moved && e.type === 'pointerup') boardClick(cellAt(e.clientX, e.clientY));
  if (pointers.size === 0) pan = null;
}
boardEl.addEventListener('pointerup', endPointer);
boardEl.addEventListener('pointercancel', endPointer);
boardEl.addEventListener('wheel', (e) => {
  e.preventDefault();
  zoomAt(Math.exp(-e.deltaY / 400), e.clientX, e.clientY);
}, { passive: false });

function pinchDistance() {
  const [a, b] = [...pointers.values()];
  return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
}

function boardClick(c) {
  if (!myTurn()) return;
  const o = T.obs;
  if (T.mode === 'take') {
    if (o.board.some((t) => t.x === c.x && t.y === c.y)) tileAct({ take: c });
    return;
  }
  const i = T.pending.findIndex((p) => p.x === c.x && p.y === c.y);
  if (i >= 0) {
    T.pending.splice(i, 1);
    T.hints = [];
    renderTiles();
    if (!T.pending.length) showMessage($('message'), yourTurnText());
    return;
  }
  if (o.board.some((t) => t.x === c.x && t.y === c.y)) return;
  if (T.mode !== 'place') return;
  if (T.selected === null) {
    showMessage($('message'), 'Choose a tile from your hand first.');
    return;
  }
  placePending(c, T.selected);
}

function placePending(c, slot) {
  const tile = handSlots()[slot];
  if (!tile) return;
  T.pending.push({ x: c.x, y: c.y, tile });
  T.selected = null;
  T.hints = [];
  T.hintIndex = -1;
  renderTiles();
}

function attachDrag(button, slot) {
  let start = null;
  let ghost = null;
  button.addEventListener('pointerdown', (e) => {
    if (button.disabled) return;
    button.setPointerCapture(e.pointerId);
    start = { x: e.clientX, y: e.clientY };
  });
  button.addEventListener('pointermove', (e) => {
    if (!start || T.mode !== 'place') return;
    if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) > 8) {
      ghost = document.createElement('div');
      ghost.className = 'ghost-piece';
      ghost.innerHTML = pieceSvg(button.dataset.tile, { size: 56 });
      document.body.append(ghost);
      T.selected = slot;
      button.setAttribute('aria-pressed', 'true');
      renderBoard();
    }
    if (ghost) {
      ghost.style.left = `${e.clientX}px`;
      ghost.style.top = `${e.clientY}px`;
    }
  });
  const finish = (e) => {
    if (!start) return;
    const dragged = !!ghost;
    ghost?.remove();
    ghost = null;
    start = null;
    if (e.type !== 'pointerup') return;
    if (dragged) {
      const r = boardEl.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      const c = cellAt(e.clientX, e.clientY);
      const free = !T.obs.board.some((t) => t.x === c.x && t.y === c.y) && !T.pending.some((p) => p.x === c.x && p.y === c.y);
      if (inside && free) placePending(c, slot);
      else renderTiles();
      return;
    }
    handClick(slot);
  };
  button.addEventListener('pointerup', finish);
  button.addEventListener('pointercancel', finish);
  button.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      handClick(slot);
    }
  });
}

function handClick(slot) {
  if (!myTurn()) return;
  if (T.mode === 'exchange') {
    if (T.marked.has(slot)) T.marked.delete(slot);
    else T.marked.add(slot);
    renderHand();
    renderButtons();
    return;
  }
  if (T.mode !== 'place') return;
  T.selected = T.selected === slot ? null : slot;
  renderBoard();
  renderHand();
  if (T.selected !== null && !T.pending.length) {
    const n = targetCells.length;
    showMessage($('message'), n ? `${pieceName(handSlots()[slot])}: ${n} cell${n === 1 ? '' : 's'} where it fits.` : `${pieceName(handSlots()[slot])} fits nowhere now.`);
  }
}

$('play').onclick = () => {
  if (T.mode === 'exchange') {
    const slots = handSlots();
    tileAct({ exchange: [...T.marked].map((i) => slots[i]) });
  } else if (T.pending.length) tileAct(T.pending.slice());
};
$('clear').onclick = () => {
  resetTurn();
  renderTiles();
  showMessage($('message'), yourTurnText());
};
$('exchange').onclick = () => {
  if (!myTurn()) return;
  resetTurn();
  T.mode = 'exchange';
  renderTiles();
  showMessage($('message'), 'Tap the tiles to give back, then press Exchange.');
};
$('hint').onclick = () => {
  if (!myTurn()) return;
  if (!T.hints.length) {
    T.hints = T.game.hints(5);
    T.hintIndex = -1;
  }
  if (!T.hints.length) {
    showMessage($('message'), T.obs.canExchange ? 'No tile fits: exchange some tiles.' : 'No tile fits and the bag is empty: pass.');
    return;
  }
  T.hintIndex = (T.hintIndex + 1) % T.hints.length;
  const h = T.hints[T.hintIndex];
  const hints = T.hints;
  const index = T.hintIndex;
  resetTurn();
  T.hints = hints;
  T.hintIndex = index;
  T.pending = h.tiles.map((t) => ({ ...t }));
  renderTiles();
  showMessage($('message'), `Hint ${index + 1} of ${hints.length}: ${h.score} points. Press Play, or Hint for another.`, 'ok');
};
$('undo').onclick = () => {
  if (T.busy) return;
  const n = T.game.undoTurn(0);
  resetTurn();
  T.lastMove = [];
  renderTiles();
  showMessage($('message'), n ? 'Your last turn was taken back (and the replies to it).' : 'Nothing of yours to take back.');
};
$('pass').onclick = () => tileAct('pass');
$('draw3').onclick = () => tileAct('draw3');
$('take').onclick = () => {
  if (!myTurn()) return;
  const taking = T.mode === 'take';
  resetTurn();
  T.mode = taking ? 'place' : 'take';
  renderTiles();
  showMessage($('message'), taking ? yourTurnText() : 'Tap a tile on the board to take it into your hand (not one of a Qwirkle, and the board must stay in one piece).');
};
$('zoom-in').onclick = () => { const r = boardEl.getBoundingClientRect(); zoomAt(1.25, r.left + r.width / 2, r.top + r.height / 2); };
$('zoom-out').onclick = () => { const r = boardEl.getBoundingClientRect(); zoomAt(0.8, r.left + r.width / 2, r.top + r.height / 2); };
$('zoom-fit').onclick = () => { T.userView = false; renderBoard(); };
window.addEventListener('resize', () => { if (!$('tiles-view').hidden) renderBoard(); });

// ---- the card game -------------------------------------------------------------------------------------

const C = { game: null, settings: null, obs: null, selected: new Set(), preview: null, generation: 0, busy: false };

function cardSettings() {
  return {
    seed: params.get('seed') ?? undefined,
    players: Math.min(4, Number(params.get('players') ?? 2)),
    bot: params.get('cardBot') ?? 'cautious',
    edition: params.get('edition') ?? 'schmidt',
  };
}

function newCardGame(settings) {
  C.generation++;
  C.game?.dispose();
  C.settings = settings;
  C.game = q.newCardGame({ seed: settings.seed, players: settings.players, edition: settings.edition });
  C.selected.clear();
  C.preview = null;
  $('banner').hidden = true;
  showMessage($('cards-message'), '');
  renderCards();
  return runCardBots();
}

function cardsMine() {
  return !C.busy && C.obs && !C.obs.terminal && C.obs.currentPlayer === 0;
}

function selectedCards() {
  return [...C.selected].sort((a, b) => a - b).map((i) => C.obs.hand[i]);
}

function renderCards() {
  C.obs = C.game.observe(0);
  const o = C.obs;
  // Players.
  const pl = $('cards-players');
  pl.innerHTML = '';
  for (let p = 0; p < o.players; ++p) {
    const d = document.createElement('div');
    d.className = `player${o.currentPlayer === p ? ' current' : ''}`;
    d.dataset.seat = p;
    d.innerHTML = '<span class="name"></span><span class="score"></span><span class="extra"></span>';
    d.querySelector('.name').textContent = seatName(p, p ? C.settings.bot : '');
    d.querySelector('.score').textContent = `${o.qwirkles[p]} Q`;
    d.querySelector('.score').title = 'Qwirkles collected';
    d.querySelector('.extra').textContent = `${o.handSizes[p]} cards`;
    pl.append(d);
  }
  const pile = document.createElement('span');
  pile.className = 'bag';
  pile.textContent = o.terminal ? 'game over' : o.finalRound ? `final round (${o.finalTurnsLeft} turns left)` : `pile: ${o.pile}`;
  pl.append(pile);
  // Preview of the selected cards.
  C.preview = null;
  const msg = $('cards-message');
  if (cardsMine() && C.selected.size) {
    const r = C.game.arrange(selectedCards());
    if (r.ok) {
      C.preview = r;
      showMessage(msg, `${r.cards} card${r.cards === 1 ? '' : 's'}${r.qwirkles ? `, ${r.qwirkles} Qwirkle${r.qwirkles > 1 ? 's' : ''}` : ''}: the solver arranged the table as shown.`, 'ok');
    } else showMessage(msg, `Not allowed: ${r.message}`, 'bad', r.rule);
  }
  // Table (or the preview of the table after the turn).
  const table = $('table');
  table.innerHTML = '';
  const rows = C.preview ? C.preview.table : o.table;
  if (C.preview) {
    const label = document.createElement('div');
    label.className = 'preview-label';
    label.textContent = 'After your turn:';
    table.append(label);
  }
  const fresh = new Map();
  if (C.preview) for (const c of C.preview.played) fresh.set(c, (fresh.get(c) ?? 0) + 1);
  const before = new Map();
  for (const c of o.table.flat()) before.set(c, (before.get(c) ?? 0) + 1);
  if (!rows.length) {
    const e = document.createElement('div');
    e.className = 'empty';
    e.textContent = o.openingRow ? 'The table is empty: the first player lays their largest group as the first row.' : 'The table is empty.';
    table.append(e);
  }
  rows.forEach((row, i) => {
    const r = document.createElement('div');
    r.className = `row${row.length === 6 ? ' qwirkle' : ''}`;
    r.dataset.row = i;
    for (const c of row) {
      const span = document.createElement('span');
      const old = before.get(c) ?? 0;
      if (C.preview && old === 0 && fresh.get(c)) {
        span.className = 'new';
        fresh.set(c, fresh.get(c) - 1);
      } else if (old > 0) before.set(c, old - 1);
      span.innerHTML = pieceSvg(c, { card: true });
      r.append(span);
    }
    table.append(r);
  });
  // Hand.
  const hand = $('cards-hand');
  hand.innerHTML = '';
  o.hand.forEach((c, i) => {
    const b = document.createElement('button');
    b.className = 'slot';
    b.dataset.tile = c;
    b.dataset.slot = i;
    b.setAttribute('aria-pressed', String(C.selected.has(i)));
    b.innerHTML = pieceSvg(c, { card: true });
    b.disabled = !cardsMine();
    b.onclick = () => {
      if (C.selected.has(i)) C.selected.delete(i);
      else C.selected.add(i);
      renderCards();
      if (!C.selected.size) showMessage($('cards-message'), cardsTurnText());
    };
    hand.append(b);
  });
  // Buttons.
  const mine = cardsMine();
  $('cards-play').disabled = !mine || !C.selected.size;
  $('cards-play').textContent = C.preview ? `Play ${C.preview.cards}${C.preview.qwirkles ? ` (+${C.preview.qwirkles} Q)` : ''}` : 'Play';
  $('cards-clear').disabled = !mine || !C.selected.size;
  $('cards-hint').disabled = !mine;
  $('cards-cannot').disabled = !mine;
  $('cards-undo').disabled = C.busy || !o.history.some((h) => h.player === 0);
  // Log.
  const log = $('cards-log');
  log.innerHTML = '';
  for (const h of o.history) {
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = `${seatName(h.player)}: `;
    const what = h.kind === 'play' ? `${h.played.join(' ')}${h.qwirkles ? ` — ${h.qwirkles} Qwirkle${h.qwirkles > 1 ? 's' : ''}` : ''}` : h.kind === 'redraw' ? 'could not play: drew 9 new cards' : 'could not play';
    li.append(who, document.createTextNode(what));
    log.append(li);
  }
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
  document.body.dataset.cardsTurn = String(o.currentPlayer);
}

function cardsTurnText() {
  if (C.obs.openingRow) return 'You open: choose your largest group of cards (one colour or one shape), then Play.';
  return 'Your turn: choose cards from your hand; the solver arranges the table.';
}

async function runCardBots() {
  const generation = C.generation;
  C.busy = true;
  setBusy(true);
  renderCards();
  try {
    while (!C.obs.terminal && C.obs.currentPlayer !== 0) {
      const p = C.obs.currentPlayer;
      $('cards-thinking-text').textContent = `${seatName(p, C.settings.bot)} is thinking…`;
      $('cards-thinking').hidden = false;
      const started = performance.now();
      const action = await bots.ask({ game: 'cards', record: C.game.record(), bot: C.settings.bot, salt: p });
      if (generation !== C.generation) return;
      const wait = botDelay - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      if (generation !== C.generation) return;
      C.game.apply(action, p);
      renderCards();
    }
  } catch (e) {
    showMessage($('cards-message'), `The bot failed: ${e.message}`, 'bad');
  } finally {
    if (generation === C.generation) {
      C.busy = false;
      setBusy(false);
      $('cards-thinking').hidden = true;
      renderCards();
      if (!timings.firstMove) timings.firstMove = performance.now();
      if (C.obs.terminal) {
        const o = C.obs;
        banner(resultTitle(o.winners), `Qwirkles — ${o.qwirkles.map((n, p) => `${seatName(p)} ${n}`).join(' · ')}`, () => openNewDialog('cards'));
        showMessage($('cards-message'), `Game over: ${resultTitle(o.winners)}`);
      } else if (!C.selected.size) showMessage($('cards-message'), cardsTurnText());
    }
  }
}

async function cardAct(f) {
  if (!cardsMine()) return;
  try {
    const r = f();
    C.selected.clear();
    renderCards();
    if (r.kind === 'redraw' && C.obs.currentPlayer === 0) {
      showMessage($('cards-message'), 'You could not play: you drew 9 new cards, and now you can.', 'ok');
      return;
    }
    showMessage($('cards-message'), r.kind === 'play' ? (r.qwirkles ? `You collected ${r.qwirkles} Qwirkle${r.qwirkles > 1 ? 's' : ''}!` : 'Played.') : 'You could not play.', 'ok');
    await runCardBots();
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    showMessage($('cards-message'), `Not allowed: ${e.message}`, 'bad', e.rule);
    shake($('cards-message'));
  }
}

$('cards-play').onclick = () => cardAct(() => C.game.playCards(selectedCards()));
$('cards-cannot').onclick = () => cardAct(() => C.game.cannotPlay());
$('cards-clear').onclick = () => { C.selected.clear(); renderCards(); showMessage($('cards-message'), cardsTurnText()); };
$('cards-hint').onclick = () => {
  if (!cardsMine()) return;
  const h = C.game.hint();
  if (h.cannotPlay) {
    showMessage($('cards-message'), 'No card can be played: press Cannot play.');
    return;
  }
  C.selected.clear();
  const used = new Set();
  for (const c of h.played) {
    const i = C.obs.hand.findIndex((x, k) => x === c && !used.has(k));
    used.add(i);
    C.selected.add(i);
  }
  renderCards();
};
$('cards-undo').onclick = () => {
  if (C.busy) return;
  const n = C.game.undoTurn(0);
  C.selected.clear();
  renderCards();
  showMessage($('cards-message'), n ? 'Your last turn was taken back (and the replies to it).' : 'Nothing of yours to take back.');
};

// ---- tabs, dialogs, records ---------------------------------------------------------------------------

function showGame(which) {
  $('tiles-view').hidden = which !== 'tiles';
  $('cards-view').hidden = which !== 'cards';
  $('tab-tiles').setAttribute('aria-selected', String(which === 'tiles'));
  $('tab-cards').setAttribute('aria-selected', String(which === 'cards'));
  document.body.dataset.game = which;
  if (which === 'cards' && !C.game) newCardGame(cardSettings());
  if (which === 'tiles' && T.game) renderTiles();
}
$('tab-tiles').onclick = () => showGame('tiles');
$('tab-cards').onclick = () => showGame('cards');

const rulesSelect = document.querySelector('select[name=rules]');
for (const r of q.rules) {
  const o = document.createElement('option');
  o.value = r.name;
  o.textContent = `${r.name} — ${r.description}`;
  rulesSelect.append(o);
}

function openNewDialog(which = document.body.dataset.game) {
  const f = $('new-form');
  f.game.value = which;
  syncDialog();
  $('new-error').textContent = '';
  $('new-dialog').showModal();
}
function syncDialog() {
  const f = $('new-form');
  for (const l of f.querySelectorAll('label[data-for]')) l.hidden = l.dataset.for !== f.game.value;
  for (const o of f.players.options) o.disabled = f.game.value === 'cards' && Number(o.value) > 4;
  if (f.game.value === 'cards' && Number(f.players.value) > 4) f.players.value = '4';
}
$('new-form').game.onchange = syncDialog;
$('new-game').onclick = () => openNewDialog();
$('new-start').onclick = (e) => {
  const f = $('new-form');
  const seed = f.seed.value.trim() || undefined;
  try {
    if (f.game.value === 'tiles') {
      q.newGame({ seed, players: Number(f.players.value), rules: f.rules.value }).dispose();
      showGame('tiles');
      newTileGame({ seed, players: Number(f.players.value), bot: f.bot.value, rules: f.rules.value });
    } else {
      q.newCardGame({ seed, players: Number(f.players.value), edition: f.edition.value }).dispose();
      showGame('cards');
      newCardGame({ seed, players: Number(f.players.value), bot: f.cardBot.value, edition: f.edition.value });
    }
  } catch (err) {
    e.preventDefault();
    $('new-error').textContent = err.message;
  }
};

function openRecord() {
  const game = document.body.dataset.game === 'cards' ? C.game : T.game;
  $('record-text').value = game.record();
  $('record-error').textContent = '';
  $('banner').hidden = true;
  $('record-dialog').showModal();
  $('record-text').scrollTop = 0;
}
$('record').onclick = openRecord;
$('cards-record').onclick = openRecord;
$('record-copy').onclick = async () => {
  const text = $('record-text').value;
  try {
    await navigator.clipboard.writeText(text);
    $('record-error').textContent = 'Copied.';
  } catch {
    $('record-text').select();
    document.execCommand?.('copy');
    $('record-error').textContent = 'Selected: copy it with your browser.';
  }
};
$('record-load').onclick = () => {
  const text = $('record-text').value;
  try {
    if (text.trimStart().startsWith('qwirkle-cards')) {
      const g = q.loadCardGame(text);
      C.generation++;
      C.game?.dispose();
      C.game = g;
      C.settings = C.settings ?? cardSettings();
      C.selected.clear();
      $('record-dialog').close();
      showGame('cards');
      runCardBots();
    } else {
      const g = q.loadGame(text);
      T.generation++;
      T.game?.dispose();
      T.game = g;
      resetTurn();
      T.userView = false;
      $('record-dialog').close();
      showGame('tiles');
      runTileBots();
    }
  } catch (err) {
    $('record-error').textContent = err.message;
  }
};

// ---- start ----------------------------------------------------------------------------------------------------

window.qwirkleApp = { q, tiles: T, cards: C, timings, cellToClient, showGame, newTileGame, newCardGame };
const first = params.get('game') === 'cards' ? 'cards' : 'tiles';
T.settings = tileSettings();
showGame(first);
if (first === 'tiles') newTileGame(T.settings);
document.body.dataset.ready = 'true';
