// The package through a bundler: esbuild bundles a program that imports 'qwirkle-wasm' by name (for
// the browser, as an ES module), and the bundle runs. Skipped when the dev dependency esbuild is not
// installed (npm ci in web/).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const have = fs.existsSync(path.join(web, 'node_modules/esbuild'));

test('bundler: esbuild bundles an import of qwirkle-wasm, and the bundle runs', { skip: !have && 'esbuild not installed (npm ci in web/)' }, async () => {
  const esbuild = await import('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qwirkle-bundle-'));
  try {
    fs.writeFileSync(path.join(dir, 'entry.mjs'), [
      "import { load } from 'qwirkle-wasm';",
      'const q = await load();',
      "console.log(q.perft('| R1 R2 R3 G1 G1 B4'));",
      "console.log(q.cardsPerft('R1 R2 R3 | R4'));",
    ].join('\n'));
    const out = path.join(dir, 'bundle.mjs');
    const r = await esbuild.build({
      entryPoints: [path.join(dir, 'entry.mjs')], bundle: true, format: 'esm', platform: 'browser',
      outfile: out, alias: { 'qwirkle-wasm': web }, logLevel: 'silent',
    });
    assert.deepEqual([r.errors.length, r.warnings.length], [0, 0]);
    const printed = execFileSync(process.execPath, [out], { encoding: 'utf8' });
    assert.equal(printed, 'moves=33 total=73 best=3\nplays=1 maxcards=1 maxqwirkles=0\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
