// The web game in a real browser (Debian's Chromium, headless, through playwright-core): a whole
// tile game played by clicking, an illegal move and its message, drag and drop, undo, exchange, a
// card-game turn, the phone layout, a page that keeps drawing while a bot thinks, and the expert
// chosen in the New game dialog.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { idle, open, start } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const game = (page) => page.evaluate(() => {
  const g = window.qwirkleApp.tiles.game;
  return { state: g.state(), obs: g.observe(0) };
});

async function clickTile(page, tile) {
  await page.locator(`#hand .slot[data-tile="${tile}"][aria-pressed="false"]`).first().click();
}

async function clickCell(page, x, y) {
  const p = await page.evaluate(([cx, cy]) => window.qwirkleApp.cellToClient(cx, cy), [x, y]);
  await page.mouse.click(p.x, p.y);
}

/** Puts a move's tiles on the board by clicking, tile then cell. */
async function placeByClicks(page, tiles) {
  for (const t of tiles) {
    await clickTile(page, t.tile);
    await clickCell(page, t.x, t.y);
  }
}

test('a whole tile game played by clicking, to the end', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=7&delay=0&bot=greedy`);
  let turns = 0;
  for (let guard = 0; guard < 200; ++guard) {
    await idle(page);
    const { obs } = await game(page);
    if (obs.terminal) break;
    assert.equal(obs.currentPlayer, 0);
    const best = await page.evaluate(() => window.qwirkleApp.tiles.game.hints(1)[0] ?? null);
    if (best) {
      await placeByClicks(page, best.tiles);
      await page.waitForFunction((s) => document.getElementById('play').textContent === `Play +${s}`, best.score);
      assert.match(await page.locator('#message').textContent(), new RegExp(`^${best.score} points?`));
      await page.click('#play');
    } else if (obs.canExchange) {
      await page.click('#exchange');
      await page.locator('#hand .slot').first().click();
      await page.click('#play');
    } else {
      await page.click('#pass');
    }
    ++turns;
  }
  await idle(page);
  const { state } = await game(page);
  assert.equal(state.terminal, true);
  assert.ok(turns >= 10, `${turns} turns`);
  // What the page shows is the library's state.
  const shown = await page.locator('#tiles-players .player .score').allTextContents();
  assert.deepEqual(shown.map(Number), state.scores);
  assert.equal(await page.locator('#banner').isVisible(), true);
  assert.match(await page.locator('#banner').textContent(), /win/);
  assert.equal(await page.locator('#board g.tile').count(), state.board.length);
  const history = await page.locator('#tiles-log li').count();
  assert.equal(history, state.history.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an illegal move is explained with the rule; the move is not played', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=7&delay=0&bot=greedy`);
  const { obs } = await game(page);
  assert.ok(obs.openingSize > 0);
  // The opening must start on 0,0: put a tile on 3,2.
  await clickTile(page, obs.hand[0]);
  await clickCell(page, 3, 2);
  const message = page.locator('#message');
  assert.match(await message.textContent(), /^Not allowed: opening move must start at 0,0 at 3,2/);
  assert.match(await message.textContent(), /\(opening_not_at_origin\)/);
  await page.click('#play');
  assert.match(await message.textContent(), /opening_not_at_origin/);
  assert.equal((await game(page)).state.history.length, 0);
  // Take it back by tapping it, then open with the hint; then a tile far away touches nothing.
  await clickCell(page, 3, 2);
  assert.equal(await page.locator('#board g.pending').count(), 0);
  await page.click('#hint');
  await page.click('#play');
  await idle(page);
  const now = (await game(page)).obs;
  const xs = now.board.map((t) => t.x);
  await clickTile(page, now.hand[0]);
  await clickCell(page, Math.max(...xs) + 2, 0);
  assert.match(await message.textContent(), /^Not allowed: touches no tile on the board at/);
  assert.match(await message.textContent(), /\(no_contact\)/);
  assert.equal(await page.locator('#board g.bad-cell').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a tile dragged from the hand lands on the cell; the highlighted cells are where it fits', async () => {
  const { page } = await open(env.browser, `${env.base}/app/?seed=7&delay=0&bot=greedy`);
  const { obs } = await game(page);
  const best = await page.evaluate(() => window.qwirkleApp.tiles.game.hints(1)[0]);
  const first = best.tiles.find((t) => t.x === 0 && t.y === 0) ?? best.tiles[0];
  // Selecting a tile highlights exactly the cells the library's targets give (for the opening: 0,0).
  await clickTile(page, first.tile);
  const targets = await page.locator('#board g.target').evaluateAll((els) => els.map((e) => e.dataset.cell));
  const want = await page.evaluate((t) => window.qwirkleApp.tiles.game.targets([], t).map((c) => `${c.x},${c.y}`), first.tile);
  assert.deepEqual(targets.sort(), want.sort());
  assert.ok(targets.includes('0,0'));
  // A second click on the selected tile puts it back: nothing is selected (then it is dragged).
  await page.locator(`#hand .slot[data-tile="${first.tile}"][aria-pressed="true"]`).click();
  assert.equal(await page.locator('#hand .slot[aria-pressed="true"]').count(), 0);
  assert.equal(await page.locator('#board g.target').count(), 0);
  // Drag the tile onto 0,0. Once the drag starts the tile is selected and the board shows where it
  // fits (the view fits them in): the cell is looked for then, as a person would.
  const slot = page.locator(`#hand .slot[data-tile="${first.tile}"]`).first();
  const box = await slot.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 20, box.y - 20, { steps: 4 });
  assert.equal(await page.locator(`#hand .slot[data-tile="${first.tile}"][aria-pressed="true"]`).count(), 1);
  const to = await page.evaluate(() => window.qwirkleApp.cellToClient(0, 0));
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  assert.equal(await page.locator('#board g.pending[data-cell="0,0"]').getAttribute('data-tile'), first.tile);
  assert.equal(await page.locator('#hand .slot').count(), obs.hand.length - 1);
  await page.close();
});

test('the board pans by dragging and zooms by wheel and buttons; taps still land on the right cell', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=7&delay=0&bot=greedy`);
  const view = () => page.evaluate(() => ({ ...window.qwirkleApp.tiles.view, user: window.qwirkleApp.tiles.userView }));
  const box = await page.locator('#board').boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const v0 = await view();
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction((s) => window.qwirkleApp.tiles.view.s > s * 1.5, v0.s);
  const v1 = await view();
  assert.equal(v1.user, true);
  await page.click('#zoom-out');
  assert.ok((await view()).s < v1.s);
  // Drag the board: it moves with the pointer, and nothing is put down.
  const v2 = await view();
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 60, cy + 30, { steps: 5 });
  await page.mouse.move(cx + 120, cy + 60, { steps: 5 });
  await page.mouse.up();
  const v3 = await view();
  assert.ok(Math.abs(v3.tx - v2.tx - 120) < 1 && Math.abs(v3.ty - v2.ty - 60) < 1, JSON.stringify([v2, v3]));
  assert.equal(await page.locator('#board g.pending').count(), 0);
  // A tile and a tap on 0,0 after all that: the tile is on 0,0.
  const { obs } = await game(page);
  await clickTile(page, obs.hand[0]);
  await clickCell(page, 0, 0);
  assert.equal(await page.locator('#board g.pending[data-cell="0,0"]').count(), 1);
  await page.click('#zoom-fit');
  assert.equal((await view()).user, false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('undo takes back your turn and the bot reply; exchange gives tiles back', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=12&delay=0&bot=greedy`);
  const start = await game(page);
  await page.click('#hint');
  await page.click('#play');
  await idle(page);
  const mid = await game(page);
  assert.ok(mid.state.history.length >= 2);
  assert.equal(mid.obs.currentPlayer, 0);
  await page.click('#undo');
  const back = await game(page);
  assert.deepEqual(back.state, start.state);
  assert.match(await page.locator('#message').textContent(), /taken back/);
  // Replay the opening, then exchange two tiles on the next turn.
  await page.click('#hint');
  await page.click('#play');
  await idle(page);
  const before = (await game(page)).obs;
  await page.click('#exchange');
  await page.locator('#hand .slot').nth(0).click();
  await page.locator('#hand .slot').nth(1).click();
  assert.equal(await page.locator('#play').textContent(), 'Exchange 2');
  await page.click('#play');
  await idle(page);
  const afterExchange = await game(page);
  const mine = afterExchange.state.history.filter((t) => t.player === 0);
  assert.equal(mine.at(-1).kind, 'exchange');
  assert.equal(mine.at(-1).action.split(' ').length, 3);
  assert.equal(afterExchange.obs.hand.length, 6);
  assert.ok(afterExchange.obs.bag <= before.bag);
  assert.match(await page.locator('#tiles-log').textContent(), /exchanged 2/);
  // The record dialog shows the game record, which replays the same game.
  await page.click('#record');
  const record = await page.locator('#record-text').inputValue();
  assert.match(record, /^qwirkle-game 1\nplayers 2\nseed 12\n/);
  await page.click('#record-load');
  assert.deepEqual((await game(page)).state, afterExchange.state);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Qwirkle Cards: a turn chosen from the hand, the solver arranging the table', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?game=cards&seed=5&delay=0`);
  const cards = () => page.evaluate(() => ({ state: window.qwirkleApp.cards.game.state(), obs: window.qwirkleApp.cards.game.observe(0) }));
  let { obs } = await cards();
  if (obs.currentPlayer !== 0) await idle(page);
  ({ obs } = await cards());
  const tableBefore = obs.table.flat().length;
  // An illegal choice first: one card alone cannot make a row of its own unless it extends one.
  await page.locator('#cards-hand .slot').first().click();
  const message = page.locator('#cards-message');
  const one = await message.textContent();
  assert.ok(/^Not allowed: /.test(one) || /the solver arranged the table/.test(one), one);
  await page.click('#cards-clear');
  // The hint selects a best turn; the preview shows the table after it.
  await page.click('#cards-hint');
  assert.match(await message.textContent(), /the solver arranged the table/);
  assert.equal(await page.locator('#table .preview-label').count(), 1);
  const selected = await page.locator('#cards-hand .slot[aria-pressed="true"]').count();
  assert.ok(selected >= 1);
  const newCards = await page.locator('#table .new').count();
  await page.click('#cards-play');
  await idle(page);
  const after = await cards();
  const mine = after.state.history.filter((h) => h.player === 0);
  assert.equal(mine.length, 1);
  assert.equal(mine[0].played.length, selected);
  assert.ok(newCards <= selected);
  assert.equal(after.obs.currentPlayer, 0);
  const rows = await page.locator('#table .row').count();
  assert.equal(rows, after.obs.table.length);
  assert.ok(after.obs.table.flat().length + after.obs.collected.flat(2).length > tableBefore);
  // Cannot play is refused while a play exists, with the reason.
  if (after.state.canPlay) {
    await page.click('#cards-cannot');
    assert.match(await message.textContent(), /a legal play exists, so it must be made/);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('the phone layout: everything fits a 390 × 844 screen and plays by taps', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=7&delay=0&bot=greedy`, { viewport: { width: 390, height: 844 } });
  const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(width <= 390, `page ${width}px wide`);
  const board = await page.locator('#board').boundingBox();
  assert.ok(board.height >= 250 && board.width >= 380, JSON.stringify(board));
  for (const el of await page.locator('#hand .slot').all()) {
    const b = await el.boundingBox();
    assert.ok(b.x >= 0 && b.x + b.width <= 390 && b.width >= 44 && b.height >= 44, JSON.stringify(b));
  }
  const play = await page.locator('#play').boundingBox();
  assert.ok(play.y + play.height <= 844 && play.height >= 44);
  // Tap-only play: the hint, then Play.
  await page.locator('#hint').tap().catch(() => page.click('#hint'));
  await page.click('#play');
  await idle(page);
  assert.equal((await game(page)).state.history.length >= 2, true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bot thinking (Monte-Carlo, 1 s a move) does not freeze the page: it thinks in a Web Worker', async () => {
  const { page } = await open(env.browser, `${env.base}/app/?seed=3&delay=0&bot=monte-carlo`);
  await page.click('#hint');
  await page.click('#play');
  // While the bot thinks, the page keeps drawing frames.
  const gaps = await page.evaluate(() => new Promise((resolve) => {
    const times = [];
    const t0 = performance.now();
    const frame = (t) => {
      times.push(t);
      if (t - t0 < 700) requestAnimationFrame(frame);
      else resolve(times.slice(1).map((x, i) => x - times[i]));
    };
    requestAnimationFrame(frame);
  }));
  assert.equal(await page.locator('#thinking').isVisible(), true);
  assert.ok(Math.max(...gaps) < 400, `longest frame gap ${Math.max(...gaps)} ms`);
  await idle(page);
  const { state } = await game(page);
  assert.equal(state.history.length >= 2, true);
  assert.equal(state.history[1].player, 1);
  await page.close();
});

test('the expert chosen in the New game dialog plays its replies (1 s a move, in the worker)', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=5&delay=0&bot=greedy`);
  await idle(page);
  await page.click('#new-game');
  await page.selectOption('#new-form select[name="bot"]', 'expert');
  await page.fill('#new-form input[name="seed"]', '21');
  await page.click('#new-start');
  await idle(page);
  assert.match(await page.locator('#tiles-players .player .name').nth(1).textContent(), /Bot 1 · expert/);
  await page.click('#hint');
  const t0 = Date.now();
  await page.click('#play');
  await page.waitForFunction(() => !document.getElementById('thinking').hidden);
  await idle(page);
  // (the page asks for a budget of 1 s; without one the expert's 400 iterations take milliseconds)
  assert.ok(Date.now() - t0 >= 800, `the reply came after ${Date.now() - t0} ms`);
  const { state, obs } = await game(page);
  assert.equal(state.history.length >= 2, true);
  assert.equal(state.history[1].player, 1);
  assert.equal(obs.currentPlayer, 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('mini-expansions: the action tiles from the buttons (take a tile, then place)', async () => {
  const { page, errors } = await open(env.browser, `${env.base}/app/?seed=9&delay=0&bot=greedy&rules=actions-at-start`);
  await page.click('#hint');
  await page.click('#play');
  await idle(page);
  assert.equal(await page.locator('#take').isVisible(), true);
  assert.equal(await page.locator('#draw3').isVisible(), true);
  const before = (await game(page)).obs;
  await page.click('#take');
  assert.match(await page.locator('#message').textContent(), /Tap a tile on the board to take it/);
  const target = await page.evaluate(() => {
    const g = window.qwirkleApp.tiles.game;
    return g.observe(0).board.find((t) => g.check(`take ${t.x},${t.y}`).ok);
  });
  await clickCell(page, target.x, target.y);
  const now = (await game(page)).obs;
  assert.equal(now.hand.length, before.hand.length + 1);
  assert.ok(now.hand.includes(target.tile));
  assert.deepEqual(now.forbidden, { x: target.x, y: target.y });
  assert.equal(await page.locator(`#board g.taken[data-cell="${target.x},${target.y}"]`).count(), 1);
  assert.equal(await page.locator('#take').isVisible(), false);
  assert.match(await page.locator('#tiles-log').textContent(), new RegExp(`took the tile on ${target.x},${target.y}`));
  // The taken tile may not go back on its cell.
  await clickTile(page, target.tile);
  await clickCell(page, target.x, target.y);
  assert.match(await page.locator('#message').textContent(), /\(forbidden_cell\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('page load to the first move: figures', async () => {
  const runs = [];
  for (let i = 0; i < 3; ++i) {
    const { page } = await open(env.browser, `${env.base}/app/?seed=${20 + i}&delay=0&bot=greedy`);
    runs.push(await page.evaluate(() => ({
      ...window.qwirkleApp.timings,
      domContentLoaded: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
    })));
    await page.close();
  }
  const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
  console.log(`# page load (median of 3, ms from navigation start): DOM ready ${median('domContentLoaded').toFixed(0)}, module ready ${median('moduleReady').toFixed(0)}, first move possible ${median('firstMove').toFixed(0)}`);
  assert.ok(median('firstMove') < 10000);
});
