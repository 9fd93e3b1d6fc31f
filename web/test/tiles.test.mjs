// The package under Node's test runner: the tile game through the WebAssembly module.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';

import { load, RuleError, actionText, moveText } from '../lib/index.js';

const q = await load();
const data = new URL('../../tests/data/', import.meta.url);

function suite(name) {
  return fs
    .readFileSync(new URL(name, data), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
}

test('perft: every line of tests/data/perft_tiles.tsv, exactly as qwirkle-perft prints it', () => {
  const rows = suite('perft_tiles.tsv');
  assert.equal(rows.length, 40);
  for (const [position, want] of rows) assert.equal(q.perft(position), want, position);
});

test('perft: the malformed positions of the tool test give the same error lines', () => {
  assert.equal(q.perft('0,0,R1 | Q9'), "error: column 10, token \"Q9\": unknown colour 'Q' (expected one of ROYGBP)");
  assert.equal(q.perft('0,0,R1 0,0,R2 | R3'), 'error: column 8, token "0,0,R2": cell 0,0 already holds R1');
  assert.match(q.perft('0,0,R1 5,5,R2 | R3'), /^error: column 8, token "5,5,R2": .*not connected/);
  assert.equal(q.perft('| R1 R2'), 'moves=6 total=10 best=2');
  assert.equal(q.perft('# a comment'), '');
  assert.equal(q.perft('   '), '');
});

test('perft --list and --forbid: the listed moves add up to the summary', () => {
  const [position] = suite('perft_tiles.tsv')[3];
  const lines = q.perft(position, { list: true }).split('\n');
  const [, moves, total, best] = lines[0].match(/^moves=(\d+) total=(\d+) best=(\d+)$/);
  const scores = lines.slice(1).map((l) => Number(l.split(' ')[0]));
  assert.equal(scores.length, Number(moves));
  assert.equal(scores.reduce((a, b) => a + b, 0), Number(total));
  assert.equal(Math.max(...scores), Number(best));
  // The tool's test: R2 and G1 each fit on the four cells around R1; forbidding 1,0 leaves six moves.
  assert.equal(q.perft('0,0,R1 | R2 G1', { forbid: '1,0' }), 'moves=6 total=12 best=2');
  assert.equal(q.perft('0,0,R1 | R2 G1', { forbid: { x: 1, y: 0 } }), 'moves=6 total=12 best=2');
  assert.match(q.perft('0,0,R1 | R2', { forbid: 'x' }), /^error: --forbid: /);
  // movesOf lists the same moves as --list.
  const listed = lines.slice(1).map((l) => l.split(' ').slice(1).join(' ')).sort();
  assert.deepEqual(q.movesOf(position).map((m) => m.move).sort(), listed);
});

test("rulebook examples (docs/rules.md 2.6): the yellow circle scores 4; the purple circle breaks the column's colour", () => {
  assert.deepEqual(q.checkMove('0,0,R2 1,0,Y2 0,1,R1 | Y1', '1,1,Y1'), { ok: true, score: 4, qwirkles: 0 });
  const bad = q.checkMove('0,0,Y2 1,0,Y3 2,0,Y4 2,1,P4 | P1', '1,1,P1');
  assert.equal(bad.ok, false);
  assert.equal(bad.rule, 'mixed_line');
  assert.equal(bad.line, 'column');
  assert.equal(bad.message, 'line neither one colour nor one shape: the column of 2 from 1,0');
  // Antje's 17 points.
  const board =
    '-2,1,G3 -2,2,G1 -2,3,G4 -1,3,O4 0,2,R1 0,3,R4 0,4,R5 1,4,O5 2,4,B5 3,4,P5 -1,-2,Y1 -1,-1,Y4 -1,0,Y2 -1,1,Y3';
  assert.equal(q.checkMove(`${board} | R2 R3 R6`, '0,1,R3 0,0,R2 0,5,R6').score, 17);
  assert.equal(q.checkMove(`${board} | R2`, '5,5,R2').rule, 'no_contact');
});

test('a seeded game: same seed, same game; bots play it to the end; scores add up', () => {
  const a = q.newGame({ seed: 42, players: 3 });
  const b = q.newGame({ seed: '42', players: 3 });
  assert.deepEqual(a.state(), b.state());
  const bots = ['greedy', 'tactician', 'random'];
  let guard = 0;
  while (!a.terminal && guard++ < 500) {
    const p = a.currentPlayer;
    a.playBot(bots[p]);
  }
  const s = a.state();
  assert.equal(s.terminal, true);
  assert.equal(s.currentPlayer, -1);
  assert.ok(['last_tile', 'stalemate'].includes(s.endReason));
  for (let p = 0; p < 3; ++p) {
    const earned = s.history.filter((t) => t.player === p).reduce((n, t) => n + t.score + t.bonus, 0);
    assert.equal(s.scores[p], earned);
  }
  const top = Math.max(...s.scores);
  assert.deepEqual(s.winners, s.scores.flatMap((x, i) => (x === top ? [i] : [])));
  // Tiles are conserved: board + hands + bag = 108.
  assert.equal(s.board.length + s.hands.flat().length + s.bag, 108);
  // The record replays to the same game.
  const c = q.loadGame(a.record());
  assert.deepEqual(c.state(), s);
  assert.equal(c.record(), a.record());
  for (const g of [a, b, c]) g.dispose();
});

test('illegal actions are refused with the rule, and change nothing', () => {
  const g = q.newGame({ seed: 7 });
  const before = g.state();
  const opening = g.hints(1)[0];
  assert.equal(before.openingSize, opening.tiles.length);
  // Not at 0,0.
  const shifted = opening.tiles.map((t) => ({ ...t, x: t.x + 1 }));
  assert.throws(() => g.apply(shifted), (e) => e instanceof RuleError && e.rule === 'opening_not_at_origin');
  // Too few tiles for the opening.
  const one = opening.tiles.slice(0, 1);
  assert.equal(g.check(one).rule, 'opening_group_size');
  assert.equal(g.check('exchange ' + before.hands[0][0]).rule, 'opening_must_place');
  assert.equal(g.check('pass').rule, 'opening_must_place');
  assert.equal(g.check(opening.move, 1).rule, 'not_your_turn');
  assert.equal(g.check('0,0,R9').rule, 'parse_error');
  assert.equal(g.check('0,0,R9').column, 1);
  assert.equal(g.check('0,0,R9').token, '0,0,R9');
  assert.match(g.check('0,0,R9').message, /unknown shape '9'/);
  assert.deepEqual(g.state(), before);
  // A move with a gap: after the opening.
  g.apply(opening.move);
  const s = g.state();
  const hand = s.hands[s.currentPlayer];
  const xs = s.board.map((t) => t.x);
  const far = Math.max(...xs) + 3;
  const gap = g.check([{ x: far, y: 0, tile: hand[0] }, { x: far + 2, y: 0, tile: hand[1] }]);
  assert.equal(gap.ok, false);
  assert.ok(['gap_in_line', 'no_contact', 'tile_not_in_hand'].includes(gap.rule), gap.rule);
  assert.equal(g.check('pass').rule, 'pass_not_allowed');
  assert.equal(g.check('exchange').rule, 'parse_error');
  const absent = ['R1', 'O1', 'Y1', 'G1', 'B1', 'P1', 'R2'].find((t) => !hand.includes(t));
  const verdict = g.check('exchange ' + absent);
  assert.equal(verdict.rule, 'exchange_not_in_hand');
  assert.equal(verdict.tile, absent);
  g.dispose();
});

test('preview, targets and hints agree with the legal moves', () => {
  const g = q.newGame({ seed: 3 });
  g.playBot('greedy');
  g.playBot('greedy');
  const moves = g.legalMoves();
  assert.ok(moves.length > 0);
  const hints = g.hints(5);
  assert.deepEqual(hints.map((h) => h.score), moves.map((m) => m.score).sort((a, b) => b - a).slice(0, 5));
  for (const m of moves.slice(0, 50)) assert.equal(g.preview(m.tiles).score, m.score);
  // targets('' , T): exactly the cells of the legal moves that hold T.
  const hand = g.observe(g.currentPlayer).hand;
  for (const tile of new Set(hand)) {
    const want = new Set(moves.flatMap((m) => m.tiles.filter((t) => t.tile === tile).map((t) => `${t.x},${t.y}`)));
    const got = new Set(g.targets('', tile).map((c) => `${c.x},${c.y}`));
    assert.deepEqual([...got].sort(), [...want].sort(), tile);
  }
  // With a pending tile: the cells that complete a longer legal move containing it.
  const long = moves.find((m) => m.tiles.length >= 2);
  if (long) {
    const [first, second] = long.tiles;
    const cells = g.targets([first], second.tile).map((c) => `${c.x},${c.y}`);
    assert.ok(cells.includes(`${second.x},${second.y}`));
  }
  assert.deepEqual(g.targets('garbage', 'R1'), []);
  g.dispose();
});

test('undo: takes back exactly one action, or a whole turn with the replies after it', () => {
  const g = q.newGame({ seed: 11, players: 3 });
  const states = [g.state()];
  for (let i = 0; i < 9; ++i) {
    g.playBot('greedy');
    states.push(g.state());
  }
  assert.equal(g.undo(), true);
  assert.deepEqual(g.state(), states[8]);
  // Player 0's last turn was action 6 (turns rotate 0,1,2 from the opening player).
  const opener = states[0].currentPlayer;
  const taken = g.undoTurn(opener);
  assert.ok(taken >= 1 && taken <= 3);
  assert.deepEqual(g.state(), states[8 - taken]);
  assert.equal(g.state().currentPlayer, opener);
  while (g.undo());
  assert.deepEqual(g.state(), states[0]);
  assert.equal(g.undoTurn(0), 0);
  g.dispose();
});

test('exchange and pass follow the rules; observations hide the other hands', () => {
  const g = q.newGame({ seed: 5 });
  g.playBot('greedy');
  const p = g.currentPlayer;
  const o = g.observe(p);
  assert.equal(o.hand.length, 6);
  assert.equal(o.hands, undefined);
  assert.equal(o.unseen.length, 108 - o.board.length - 6);
  const give = o.hand.slice(0, 2);
  const r = g.apply({ exchange: give });
  assert.equal(r.turn.kind, 'exchange');
  assert.equal(g.observe(p).hand.length, 6);
  assert.equal(g.observe(p).bag, o.bag);
  assert.equal(g.check('exchange R1 R1 R1 R1 R1 R1 R1').rule, 'exchange_too_many');
  assert.equal(q.newGame({ seed: 5 }).observe(9), null);
  g.dispose();
});

test('rule sets: player ranges, expansions, action tiles in records', () => {
  assert.throws(() => q.newGame({ players: 5, rules: 'classic' }), /classic rules take 2 to 4 players/);
  assert.throws(() => q.newGame({ players: 2, rules: 'five-six' }), /5 to 6/);
  assert.throws(() => q.newGame({ rules: 'chess' }), /unknown rule set 'chess'/);
  assert.throws(() => q.newGame({ players: 2, ages: [3] }), /one age per player/);
  assert.throws(() => q.newGame({ seed: -1 }), RangeError);
  assert.equal(q.newGame({ players: 6 }).observe(0).hand.length, 4);
  const big = q.newGame({ seed: 18446744073709551615n });
  assert.equal(big.state().seed, '18446744073709551615');
  const g = q.newGame({ seed: 9, rules: 'actions-at-start' });
  assert.deepEqual(g.state().actionsHeld, [['draw3', 'take'], ['draw3', 'take']]);
  g.playBot('greedy');
  const p = g.currentPlayer;
  assert.equal(g.observe(p).canUse.draw3, true);
  g.apply('draw3');
  assert.equal(g.observe(p).hand.length, 9);
  assert.equal(g.currentPlayer, p);
  assert.equal(g.check('draw3').rule, 'action_already_used');
  assert.equal(g.check('take 0,0').rule, 'one_action_per_turn');
  g.playBot('greedy');
  const h = q.loadGame(g.record());
  assert.equal(h.state().rules, 'actions-at-start');
  assert.deepEqual(h.state(), g.state());
  // Mini-expansions: whole games with specials in the bag end.
  const m = q.newGame({ seed: 21, rules: 'mini' });
  let n = 0;
  while (!m.terminal && n++ < 400) m.playBot('greedy');
  assert.equal(m.terminal, true);
  assert.equal(q.loadGame(m.record()).record(), m.record());
});

test('records: malformed ones are refused with the line and the reason', () => {
  assert.throws(() => q.loadGame(''), /empty record/);
  assert.throws(() => q.loadGame('qwirkle-game 2\n'), /line 1, column 1.*qwirkle-game 1/);
  assert.throws(() => q.loadGame('qwirkle-game 1\nplayers 2\nseed 1\n9,9,R1\n'), /action 1 \(9,9,R1\)/);
  assert.throws(() => q.loadGame('qwirkle-game 1\nplayers 9\n'), /settings: players must be 2 to 6/);
  assert.throws(() => q.loadGame('qwirkle-game 1\nplayers 2\nseed x\n'), /line 3/);
});

test('bots: every bot returns a legal action; the Monte-Carlo bot takes a time budget', () => {
  const g = q.newGame({ seed: 13 });
  // (the library's list, read from the module)
  assert.deepEqual(q.bots, ['random', 'greedy', 'tactician', 'monte-carlo', 'expert']);
  for (const name of q.bots) {
    const a = g.botAction(name);
    assert.equal(g.check(a).ok, true, `${name}: ${a}`);
  }
  g.playBot('greedy');
  const t0 = performance.now();
  const a = g.botAction('monte-carlo', { seconds: 0.2 });
  const ms = performance.now() - t0;
  assert.equal(g.check(a).ok, true);
  assert.ok(ms >= 150 && ms < 3000, `${ms} ms`);
  // The expert too: a time budget, else its 400 iterations (the same action every time).
  const e0 = performance.now();
  const e = g.botAction('expert', { seconds: 0.2 });
  const ems = performance.now() - e0;
  assert.equal(g.check(e).ok, true, e);
  assert.ok(ems >= 150 && ems < 3000, `expert: ${ems} ms`);
  assert.equal(g.botAction('expert'), g.botAction('expert'));
  assert.throws(() => g.botAction('deep-blue'), (e) => e.rule === 'unknown_bot' && /tactician, monte-carlo, expert\)$/.test(e.message));
});

test('the notation read by the library: actions and positions, or the column and why', () => {
  assert.deepEqual(q.parseAction('1,0,R2   0,0,R1'), {
    ok: true, kind: 'place', text: '1,0,R2 0,0,R1',
    tiles: [{ x: 1, y: 0, tile: 'R2' }, { x: 0, y: 0, tile: 'R1' }],
  });
  assert.deepEqual(q.parseAction('exchange g2 R1'), { ok: true, kind: 'exchange', text: 'exchange R1 G2', tiles: ['R1', 'G2'] });
  assert.deepEqual(q.parseAction('take -3,4'), { ok: true, kind: 'take', text: 'take -3,4', cell: { x: -3, y: 4 } });
  assert.equal(q.parseAction('pass').kind, 'pass');
  assert.equal(q.parseAction('draw3').kind, 'draw3');
  assert.throws(() => q.parseAction('0,0,R1 1,0,X2'), (e) => e.rule === 'parse_error' && e.verdict.column === 8 && /unknown colour 'X'/.test(e.message));
  assert.deepEqual(q.parsePosition('1,0,R2 0,0,R1 | G1 G1'), {
    ok: true, board: [{ x: 0, y: 0, tile: 'R1' }, { x: 1, y: 0, tile: 'R2' }], hand: ['G1', 'G1'],
  });
  assert.throws(() => q.parsePosition('0,0,R1 2,0,R2 | G1'), /not connected/);
  assert.throws(() => q.parsePosition('0,0,R1 1,0,R1 | G1'), /invalid row of 2 starting here: same tile twice/);
});

test('bad input never crashes and never changes the game', () => {
  const g = q.newGame({ seed: 1 });
  g.playBot('greedy');
  const before = g.state();
  const junk = ['', ' ', '|', '0,0', '0,0,', ',,,', 'exchange R7', 'take', 'take x', 'draw3 x', '1,1,R1 1,1,R1',
    '2147483647,0,R1', '-2147483648,0,R1', '9999999999,0,R1', '0,0,R1 '.repeat(40), '\u00e9\u00e9', 'pass pass', 'R1'];
  for (const s of junk) {
    assert.equal(g.check(s).ok, false, JSON.stringify(s));
    assert.throws(() => g.apply(s), RuleError);
    assert.equal(typeof g.preview(s).ok, 'boolean');
    assert.ok(Array.isArray(g.targets(s, 'R1')));
    assert.equal(typeof q.perft(s), 'string');
    assert.equal(typeof q.perft(`${s} | R1`), 'string');
  }
  assert.deepEqual(g.state(), before);
  assert.equal(actionText({ take: { x: 1, y: 2 } }), 'take 1,2');
  assert.equal(moveText([{ x: 0, y: 0, tile: 'R1' }]), '0,0,R1');
  assert.throws(() => actionText({}), TypeError);
});
