// The package's perft answers against the native tools, line for line, on both suites with the
// options that print more (--list: every move; --best: a best turn). ctest passes the tools' paths
// (QWIRKLE_PERFT, QWIRKLE_CARDS_PERFT); without them these tests are skipped.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';

import { load } from '../lib/index.js';

const q = await load();
const positions = (name) =>
  fs.readFileSync(new URL(`../../tests/data/${name}`, import.meta.url), 'utf8')
    .split('\n').map((l) => l.split('\t')[0]);

/** The tool's output (it exits 1 after printing error lines, which these inputs contain). */
function run(tool, args, input) {
  try {
    return execFileSync(tool, args, { input, encoding: 'utf8' });
  } catch (e) {
    if (e.status !== 1) throw e;
    return e.stdout;
  }
}

const tiles = process.env.QWIRKLE_PERFT;
const cards = process.env.QWIRKLE_CARDS_PERFT;

test('perft --list: the package prints what qwirkle-perft prints', { skip: !tiles && 'QWIRKLE_PERFT (the native qwirkle-perft) not given' }, () => {
  const lines = [...positions('perft_tiles.tsv'), '0,0,R1 | Q9', '# comment', '', '0,0,R1 1,0,R2 | R3 G1 G2'];
  const native = run(tiles, ['--list'], lines.join('\n') + '\n').replace(/\n$/, '');
  const wasm = lines.map((l) => q.perft(l, { list: true })).filter((s) => s !== '').join('\n');
  assert.equal(wasm, native);
  const forbid = run(tiles, ['--forbid', '1,0'], '0,0,R1 | R2 G1\n');
  assert.equal(q.perft('0,0,R1 | R2 G1', { forbid: '1,0' }) + '\n', forbid);
});

test('cards perft --best: the package prints what qwirkle-cards-perft prints', { skip: !cards && 'QWIRKLE_CARDS_PERFT (the native qwirkle-cards-perft) not given' }, () => {
  const lines = [...positions('perft_cards.tsv'), '| Q9', 'R1 R2 | R3'];
  const native = run(cards, ['--best'], lines.join('\n') + '\n');
  const wasm = lines.map((l, i) => q.cardsPerft(l, { best: true, lineNumber: i + 1 })).filter((s) => s !== '').join('\n');
  assert.equal(wasm, native.replace(/\n$/, ''));
});
