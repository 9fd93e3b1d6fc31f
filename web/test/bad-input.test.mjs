// The package's contract on bad input (docs/notes/web-bad-input.md): every exported function and
// method fed wrong types, odd numbers, odd text and malformed records. Each refusal is a documented
// error (RuleError with the rule, SyntaxError with the line, TypeError / RangeError naming the
// argument), never a BindingError or RuntimeError from the module; the game is exactly as before; the
// module still plays afterwards; nothing hangs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load, RuleError, actionText, moveText, cardActionText } from '../lib/index.js';

const q = await load();

/** Everything a game shows, for "exactly unchanged". */
function snapshot(g) {
  const s = g.state();
  return JSON.stringify({ s, record: g.record(), legal: g.legalActions(), obs: s.hands.map((_, p) => g.observe(p)) });
}

/** The module still works: a fresh game plays its opening. */
function alive() {
  const g = q.newGame({ seed: 5 });
  g.apply(g.hints(1)[0].move);
  assert.equal(g.state().history.length, 1);
  g.dispose();
}

/** A documented refusal: an Error of one of `types`, not the module's BindingError / RuntimeError. */
function refused(f, types, label) {
  let error;
  try {
    f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, `${label}: accepted, or threw a non-Error (${String(error)})`);
  assert.ok(types.some((t) => error.constructor === t), `${label}: ${error.name}: ${error.message}`);
  assert.doesNotMatch(error.message, /Cannot read properties|is not a function|non-string|BindingError/, label);
  return error;
}

const show = (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v);

// Not a number at all, and numbers that are no 32-bit integer.
const notNumbers = [undefined, null, {}, [], [1], true, false, '0', '1', 1n];
const badNumbers = [NaN, Infinity, -Infinity, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE];
const notStrings = [undefined, null, 0, 1, NaN, true, {}, [], ['pass'], 1n, () => 'pass'];
const PLAYER = [TypeError, RangeError];

test('tile game: player indices, limits and counts that are no integers are refused; nothing changes', () => {
  const g = q.newGame({ seed: 1 });
  g.playBot('greedy');
  const before = snapshot(g);
  for (const v of [...notNumbers, ...badNumbers]) {
    const label = show(v);
    if (v !== undefined) {
      // (undefined is the default: the player to act, every action, five hints)
      refused(() => g.check('pass', v), PLAYER, `check(pass, ${label})`);
      refused(() => g.apply(g.legalActions()[0], v), PLAYER, `apply(legal, ${label})`);
      refused(() => g.legalActions(v), PLAYER, `legalActions(${label})`);
      refused(() => g.hints(v), PLAYER, `hints(${label})`);
    }
    refused(() => g.observe(v), PLAYER, `observe(${label})`);
    refused(() => g.undoTurn(v), PLAYER, `undoTurn(${label})`);
    assert.equal(snapshot(g), before, label);
  }
  // Integers that are no seat: no view, nothing taken back, not your turn.
  for (const p of [-(2 ** 31), -2, 2, 99, 2 ** 31 - 1]) {
    assert.equal(g.observe(p), null, `observe(${p})`);
    assert.equal(g.undoTurn(p), 0, `undoTurn(${p})`);
  }
  for (const p of [2, 99, 2 ** 31 - 1]) {
    assert.equal(g.check('pass', p).rule, 'not_your_turn');
    assert.throws(() => g.apply(g.legalActions()[0], p), (e) => e instanceof RuleError && e.rule === 'not_your_turn' && e.verdict.seat === g.currentPlayer);
  }
  // Other negative seats are not "the player to act" (only -1 is).
  refused(() => g.apply(g.legalActions()[0], -2), [RangeError], 'apply(legal, -2)');
  // -0 is 0.
  assert.deepEqual(g.observe(-0), g.observe(0));
  assert.equal(snapshot(g), before);
  alive();
  g.playBot('greedy');
  g.dispose();
});

test('tile game: actions and moves that are no notation are refused with the rule and the column; nothing changes', () => {
  const g = q.newGame({ seed: 2 });
  g.playBot('greedy');
  const before = snapshot(g);
  for (const v of notStrings.filter((x) => !Array.isArray(x))) {
    refused(() => g.check(v), [TypeError], `check(${show(v)})`);
    refused(() => g.apply(v), [TypeError], `apply(${show(v)})`);
    refused(() => g.preview(v), [TypeError], `preview(${show(v)})`);
    refused(() => g.targets('', v), [TypeError], `targets('', ${show(v)})`);
  }
  // A placement's fields must not smuggle notation in: one object is one tile.
  for (const p of [{ x: '0,0,R1 1', y: 0, tile: 'R2' }, { x: 0, y: 0, tile: 'R1 5,5,R2' }, { x: 0.5, y: 0, tile: 'R1' },
    { x: NaN, y: 0, tile: 'R1' }, { x: 0, y: 0 }, { x: 0, y: 0, tile: 5 }, null, 'R1', [0, 0, 'R1']]) {
    refused(() => moveText([p]), [TypeError, RangeError], `moveText([${show(p)}])`);
    refused(() => g.apply([p]), [TypeError, RangeError], `apply([${show(p)}])`);
  }
  for (const a of [null, undefined, 5, true, {}, { take: 5 }, { take: { x: 'a', y: 0 } }, { exchange: ['R1 R2'] }, { exchange: [1] }, { place: 5 }]) {
    refused(() => actionText(a), [TypeError], `actionText(${show(a)})`);
    refused(() => g.check(a), [TypeError], `check(${show(a)})`);
  }
  // Text: the library's parse_error with the column (1-based) and the token.
  const texts = {
    '': 1, ' ': 1, '\0': 1, 'pass\0': 1, '\0pass': 1, '0,0,R1\0': 1, 'exchange R1\0': 10, '😀': 1, 'exchange 😀': 10,
    '\uD800': 1, '\uDC00pass': 1, 'pass \uD800': 6, 'exchange R1 \uDFFF': 13, '\u00a0pass': 1, 'PASS': 1, 'take 1, 0': 1,
    'take 0x1,0': 6, '1e3,0,R1': 1, '0,0,R1,': 1, 'take 2147483648,0': 6, '99999999999,0,R1': 1, 'exchange': 1, 'draw3 x': 7,
  };
  for (const [s, column] of Object.entries(texts)) {
    const v = g.check(s);
    assert.equal(v.ok, false, show(s));
    if (v.rule === 'parse_error') assert.equal(v.column, column, `${show(s)}: ${v.message}`);
    assert.throws(() => g.apply(s), (e) => e instanceof RuleError && typeof e.rule === 'string' && typeof e.message === 'string' && e.message.length > 0, show(s));
    assert.throws(() => q.parseAction(s), (e) => e instanceof RuleError && e.rule === 'parse_error' && e.verdict.column >= 1, show(s));
    assert.equal(typeof g.preview(s).ok, 'boolean');
    assert.deepEqual(g.targets(s, 'R1'), []);
  }
  // A lone surrogate is one bad character where it stands: it does not swallow the next one.
  assert.equal(g.check('\uD800').token, '\uFFFD');
  assert.equal(g.check('pass \uD800').token, '\uFFFD');
  assert.equal(g.check('\uDBFFpass').token, '\uFFFDpass');
  assert.equal(snapshot(g), before);
  alive();
  g.dispose();
});

test('tile game: settings of every wrong kind are refused by name, and no game is half made', () => {
  const bad = [
    ...[...notNumbers.filter((v) => v !== undefined), ...badNumbers].map((players) => ({ players })),
    ...[...notNumbers.filter((v) => v !== undefined), ...badNumbers].map((handSize) => ({ handSize })),
    { players: 2 ** 32 + 2 }, { handSize: 2 ** 32 }, { handSize: 2 ** 32 + 6 },
    ...[null, 5, {}, true, 1n, ['standard']].map((rules) => ({ rules })),
    { rules: 'chess' }, { rules: 'standard\0' }, { rules: '' }, { rules: 'STANDARD' },
    ...['1 2', 5, {}, true, ['1 2'], [1.5, 2], [-1, 2], [1001, 2], [NaN, 1], [, 1], [1], [1, 2, 3], ['a', 'b']].map((ages) => ({ ages })),
    ...[-1, 1.5, NaN, Infinity, 2 ** 53, -1n, 2n ** 64n, '', ' 1', '1e3', '0x10', '-0', '18446744073709551616', {}, true, []].map((seed) => ({ seed })),
  ];
  for (const settings of bad) {
    const e = refused(() => q.newGame(settings), [TypeError, RangeError], `newGame(${show(settings)})`);
    assert.doesNotMatch(e.message, /\)J$/, e.message);
  }
  assert.throws(() => q.newGame({ rules: 'chess' }), (e) => e.message === "unknown rule set 'chess' (one of standard, classic, five-six, mini, mini-take, mini-draw, actions-at-start)");
  // The extremes that are valid still are.
  assert.equal(q.newGame({ seed: 2n ** 64n - 1n }).state().seed, '18446744073709551615');
  assert.equal(q.newGame({ seed: 0, players: 6 }).state().players, 6);
  assert.equal(q.newGame({ seed: 0, handSize: 1 }).state().handSize, 1);
  assert.equal(q.newGame({ seed: -0 }).state().seed, '0');
  assert.deepEqual(q.newGame({ seed: 1, ages: [0, 1000] }).state(), q.newGame({ seed: 1, ages: [0, 1000] }).state());
  alive();
});

test('records: every prefix of a record, and records with wrong fields, load or are refused with the line', () => {
  const g = q.newGame({ seed: 4, rules: 'actions-at-start' });
  for (let i = 0; i < 6; ++i) g.playBot('greedy');
  const record = g.record();
  const lines = record.split('\n');
  for (let n = 0; n <= record.length; ++n) {
    const text = record.slice(0, n);
    let h;
    try {
      h = q.loadGame(text);
    } catch (e) {
      assert.equal(e.constructor, SyntaxError, `${show(text)}: ${e}`);
      assert.match(e.message, /^(line \d+, column \d+|action \d+ \(|the record's settings: |empty record)/, show(text));
      continue;
    }
    // (a cut line may still be a legal action, or a shorter seed: then it is that game, and its record replays)
    assert.equal(q.loadGame(h.record()).record(), h.record(), show(text));
    h.dispose();
  }
  const wrong = {
    'qwirkle-game 1\nplayers 2.5\n': /^line 2, column 9/,
    'qwirkle-game 1\nseed -1\n': /^line 2, column 6/,
    'qwirkle-game 1\nseed 18446744073709551616\n': /^line 2, column 6/,
    'qwirkle-game 1\nhand 65\n': /settings: hand size/,
    'qwirkle-game 1\nplayers\n': /^line 2, column 1/,
    'qwirkle-game 1\nseed 1\n0,0,R1\nplayers 3\n': /^line 4, column 1.*settings come before/,
    'qwirkle-game 1\0\n': /^line 1, column 1/,
    '\uFEFFqwirkle-game 1\n': /^line 1, column 1/,
    'qwirkle-game 1\nages 1 2 3\n': /settings: give one age per player/,
    [`${record}pass\n`]: /^action 7 \(pass\)/,
    [`${record}${'pass\n'.repeat(100000)}`]: /^action 7 \(pass\)/,
  };
  for (const [text, why] of Object.entries(wrong)) assert.throws(() => q.loadGame(text), (e) => e.constructor === SyntaxError && why.test(e.message), show(text.slice(0, 80)));
  for (const v of notStrings) refused(() => q.loadGame(v), [TypeError], `loadGame(${show(v)})`);
  // A lone surrogate at the end of a comment must not swallow the line break (and the next line).
  const commented = [...lines.slice(0, -2), '# x\uD800', lines.at(-2), ''].join('\n');
  assert.equal(q.loadGame(commented).record(), record);
  const settings = 'qwirkle-game 1\n# \uDBFF\nplayers 9\n';
  assert.throws(() => q.loadGame(settings), /players must be 2 to 6/);
  alive();
});

test('after the end, and after dispose: refused by name, nothing changes', () => {
  const t = q.newGame({ seed: 2 });
  while (!t.terminal) t.playBot('greedy');
  const over = snapshot(t);
  for (const a of ['pass', 'exchange R1', 'draw3', 'take 0,0', '0,0,R1', t.state().board.map((p) => `${p.x},${p.y},${p.tile}`)[0]]) {
    assert.throws(() => t.apply(a), (e) => e instanceof RuleError && e.rule === 'game_over', a);
    assert.equal(t.check(a).rule, 'game_over');
  }
  assert.throws(() => t.botAction('greedy'), (e) => e.rule === 'game_over');
  assert.deepEqual([t.legalActions(), t.legalMoves(), t.hints(), t.targets('', 'R1'), t.suggestedExchange()], [[], [], [], [], '']);
  assert.equal(snapshot(t), over);
  t.dispose();
  t.dispose();
  for (const f of [() => t.state(), () => t.apply('pass'), () => t.record(), () => t.observe(0), () => t.undo(), () => t.legalActions()])
    assert.throws(f, (e) => e.constructor === Error && /disposed/.test(e.message));
  const c = q.newCardGame({ seed: 2 });
  let n = 0;
  while (!c.terminal && n++ < 500) c.playBot('greedy');
  assert.equal(c.terminal, true);
  const cover = JSON.stringify([c.state(), c.record()]);
  for (const f of [() => c.cannotPlay(), () => c.hint(), () => c.botAction(), () => c.playCards('R1'), () => c.apply('play R1 -> R1 R2 R3')])
    assert.throws(f, (e) => e instanceof RuleError && e.rule === 'game_over');
  assert.equal(c.arrange('R1').rule, 'game_over');
  assert.equal(JSON.stringify([c.state(), c.record()]), cover);
  c.dispose();
  assert.throws(() => c.state(), /disposed/);
  alive();
});

test('bots and benchmarks: budgets and salts that are no numbers are refused, and nothing hangs', () => {
  const g = q.newGame({ seed: 3 });
  g.playBot('greedy');
  const before = snapshot(g);
  for (const name of ['monte-carlo', 'expert']) {
    for (const seconds of [Infinity, -Infinity, NaN, -1, 600.5, 1e9]) refused(() => g.botAction(name, { seconds }), [RangeError], `${name} seconds ${seconds}`);
    for (const seconds of ['1', null, 1n, {}]) refused(() => g.botAction(name, { seconds }), [TypeError], `${name} seconds ${show(seconds)}`);
  }
  for (const salt of [-1, 1.5, NaN, Infinity, 2 ** 53, Number.MAX_VALUE]) refused(() => g.botAction('random', { salt }), [RangeError], `salt ${salt}`);
  for (const salt of ['1', null, {}, 1n]) refused(() => g.botAction('random', { salt }), [TypeError], `salt ${show(salt)}`);
  for (const name of [null, 5, {}, 1n]) refused(() => g.botAction(name), [TypeError], `botAction(${show(name)})`);
  for (const name of ['', 'GREEDY', 'greedy\0', '\uD800']) assert.throws(() => g.botAction(name), (e) => e instanceof RuleError && e.rule === 'unknown_bot');
  assert.equal(g.check(g.botAction('random', { salt: 2 ** 53 - 1 })).ok, true);
  assert.equal(snapshot(g), before);
  g.dispose();
  // The benchmark's JSON stays JSON when a position has no move (ns per move: none).
  const zero = q.benchMovegen('0,0,R1 | G2', 0);
  assert.equal(zero.ok, true);
  assert.equal(zero.movesPerPass, 0);
  assert.equal(zero.nsPerMove, null);
  for (const seconds of [Infinity, NaN, -1, 601, 1e9]) refused(() => q.benchMovegen('0,0,R1 | R2', seconds), [RangeError], `benchMovegen ${seconds}`);
  for (const games of [0, -5, NaN, 1.5, Infinity, 2 ** 31]) refused(() => q.benchSelfplay(games), [RangeError], `benchSelfplay ${games}`);
  refused(() => q.benchSelfplay('1'), [TypeError], 'benchSelfplay("1")');
  refused(() => q.benchMovegen(null), [TypeError], 'benchMovegen(null)');
  alive();
});

test('functions without a game: text of every wrong kind, and a million characters, answered at once', () => {
  const fns = {
    parseAction: (s) => q.parseAction(s), parsePosition: (s) => q.parsePosition(s), movesOf: (s) => q.movesOf(s),
    checkMove: (s) => q.checkMove(s, '0,0,R1'), checkMove2: (s) => q.checkMove('| R1', s), perft: (s) => q.perft(s),
    cardsPerft: (s) => q.cardsPerft(s), solve: (s) => q.cards.solve(s), canPlay: (s) => q.cards.canPlay(s),
    playable: (s) => q.cards.playable(s), cardsParse: (s) => q.cards.parsePosition(s), arrange: (s) => q.cards.arrange(s, 'R1'),
    arrange2: (s) => q.cards.arrange('', s), checkTurn: (s) => q.cards.checkTurn(s, 'R1', 'R1', 'R1 R2 R3'),
    checkTurn2: (s) => q.cards.checkTurn('', s, 'R1', 'R1 R2 R3'), loadCardGame: (s) => q.loadCardGame(s),
  };
  const string = ['parseAction', 'parsePosition', 'movesOf', 'checkMove', 'perft', 'cardsPerft', 'solve', 'canPlay', 'playable', 'cardsParse', 'loadCardGame'];
  for (const [name, f] of Object.entries(fns)) {
    // (arrays of tiles are fine where tiles or tables go)
    for (const v of notStrings.filter((x) => string.includes(name) || !Array.isArray(x))) refused(() => f(v), [TypeError], `${name}(${show(v)})`);
  }
  refused(() => q.perft('0,0,R1 | R2', { forbid: null }), [TypeError], 'forbid null');
  refused(() => q.perft('0,0,R1 | R2', { forbid: { x: 'a', y: 0 } }), [TypeError], 'forbid {x: a}');
  for (const lineNumber of [NaN, 1.5, 2 ** 31]) refused(() => q.cardsPerft('| R1', { lineNumber }), [RangeError], `lineNumber ${lineNumber}`);
  for (const goal of ['bogus', '', 'Cards']) refused(() => q.cards.solve('| R1 R2 R3', goal), [RangeError], `goal ${goal}`);
  for (const t of [[['R1 / R2']], [['R1', 5]], [null], [5]]) refused(() => q.cards.arrange(t, 'R1'), [TypeError], `table ${show(t)}`);
  // A million characters: a verdict in well under a second each, never a hang.
  const big = {
    nines: '9'.repeat(1e6), places: '0,0,R1 '.repeat(150000), exchange: `exchange ${'R1 '.repeat(330000)}`,
    hand: `| ${'R2 '.repeat(330000)}`, rows: `${'R1 R2 R3 / '.repeat(90000)}| R4`, cards: `| ${'R1 R2 R3 O1 O2 O3 '.repeat(55000)}`,
    slashes: `${'/ '.repeat(500000)}| R1`, play: `play ${'R1 '.repeat(330000)}-> R1 R2 R3`, emoji: '😀'.repeat(5e5), nul: '\0'.repeat(1e6),
  };
  const g = q.newGame({ seed: 6 });
  const c = q.newCardGame({ seed: 6 });
  const before = [snapshot(g), JSON.stringify([c.state(), c.record()])];
  // (A bad token is quoted whole in the message: 1e6 NULs are a 6 MB JSON answer, 0.3 s to cross and
  // parse; so the strings made of one long token go through check and loadGame, the others through all.)
  const oneToken = ['nines', 'emoji', 'nul'];
  const t0 = performance.now();
  for (const [name, s] of Object.entries(big)) {
    const t = performance.now();
    for (const f of oneToken.includes(name) ? [] : Object.values(fns)) {
      try {
        f(s);
      } catch (e) {
        assert.ok([RuleError, SyntaxError].includes(e.constructor), `${name}: ${e.name}: ${String(e.message).slice(0, 100)}`);
      }
    }
    assert.equal(g.check(s).ok, false);
    assert.deepEqual(g.targets(s, 'R1'), []);
    if (!oneToken.includes(name)) {
      assert.equal(c.check(s).ok, false);
      assert.equal(c.arrange(s).ok, false);
    }
    assert.throws(() => q.loadGame(`qwirkle-game 1\n${s}`), SyntaxError);
    assert.ok(performance.now() - t < 10000, `${name}: ${performance.now() - t} ms`);  // (about 0.5 s each here; a hang never ends)
  }
  assert.ok(performance.now() - t0 < 30000, `${performance.now() - t0} ms`);  // (3.5 s idle; slack for a busy machine)
  assert.deepEqual([snapshot(g), JSON.stringify([c.state(), c.record()])], before);
  alive();
});

test('card game: the same contract — players, text, cards, records', () => {
  const c = q.newCardGame({ seed: 8 });
  c.playCards(c.hint().played);
  const snap = () => JSON.stringify([c.state(), c.record(), c.legalActions(), c.observe(0), c.observe(1)]);
  const before = snap();
  for (const v of [...notNumbers, ...badNumbers]) {
    const label = show(v);
    if (v !== undefined) {
      refused(() => c.check('cannot', v), PLAYER, `check(cannot, ${label})`);
      refused(() => c.apply(c.legalActions()[0], v), PLAYER, `apply(legal, ${label})`);
      refused(() => c.legalActions(v), PLAYER, `legalActions(${label})`);
    }
    refused(() => c.observe(v), PLAYER, `observe(${label})`);
    refused(() => c.undoTurn(v), PLAYER, `undoTurn(${label})`);
    assert.equal(snap(), before, label);
  }
  for (const p of [-2, 2, 2 ** 31 - 1]) {
    assert.equal(c.observe(p), null);
    assert.equal(c.undoTurn(p), 0);
  }
  for (const a of [null, undefined, 5, true, {}, { played: ['R1'] }, { played: ['R1 / R2'], table: [['R1']] }, { played: 'R1', table: 5 }, { played: [null], table: [['R1']] }]) {
    refused(() => cardActionText(a), [TypeError], `cardActionText(${show(a)})`);
    refused(() => c.apply(a), [TypeError], `apply(${show(a)})`);
  }
  for (const cards of [undefined, null, 5, {}, [null], ['R1 R2'], ['R1', 2], [['R1']]]) {
    refused(() => c.arrange(cards), [TypeError], `arrange(${show(cards)})`);
    refused(() => c.playCards(cards), [TypeError], `playCards(${show(cards)})`);
  }
  for (const s of ['', 'play', 'play ->', 'play R1', 'play R1 -> /', 'play->R1', 'cannot x', 'cannot\0', 'play 😀 -> R1', 'play \uD800-> R1', 'CANNOT']) {
    const v = c.check(s);
    assert.equal(v.ok, false, s);
    assert.equal(typeof v.rule, 'string');
    assert.throws(() => c.apply(s), RuleError, s);
  }
  assert.equal(c.arrange('').message, 'no card played (a turn plays at least one card)');
  for (const name of [null, 5]) refused(() => c.botAction(name), [TypeError], `botAction(${show(name)})`);
  for (const salt of [-1, NaN, Infinity, 1.5]) refused(() => c.botAction('greedy', { salt }), [RangeError], `salt ${salt}`);
  assert.equal(snap(), before);
  // Settings and records.
  for (const settings of [{ players: 2.5 }, { players: 2 ** 32 + 2 }, { players: '2' }, { edition: 5 }, { edition: 'x' }, { edition: '999\0' }, { ages: ['3 4'] }, { seed: -1 }]) {
    const e = refused(() => q.newCardGame(settings), [TypeError, RangeError], `newCardGame(${show(settings)})`);
    assert.doesNotMatch(e.message, /\)J$/, e.message);
  }
  assert.throws(() => q.newCardGame({ edition: 'x' }), (e) => e.message === "unknown edition 'x' (schmidt or 999)");
  const record = c.record();
  for (let n = 0; n <= record.length; ++n) {
    try {
      q.loadCardGame(record.slice(0, n)).dispose();
    } catch (e) {
      assert.equal(e.constructor, SyntaxError);
      assert.match(e.message, /^(line \d+|the record's settings: |empty record)/);
    }
  }
  assert.throws(() => q.loadCardGame('qwirkle-cards 1\n# \uD800\nplayers 9\n'), /settings: players must be 2 to 4/);
  assert.throws(() => q.loadCardGame('qwirkle-cards 1\nplayers 2.5\n'), /^SyntaxError: line 2: expected an integer/);
  assert.throws(() => q.loadCardGame('qwirkle-cards 1\nseed 18446744073709551616\n'), /line 2/);
  c.playBot('greedy');
  alive();
  c.dispose();
});
