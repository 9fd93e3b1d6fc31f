// The package's types: tsc --strict compiles test/types/use.mts, which calls the whole API as a
// TypeScript user would and marks what the types must refuse with @ts-expect-error. Skipped when
// the dev dependency typescript is not installed (npm ci in web/).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const file = fileURLToPath(new URL('./types/use.mts', import.meta.url));

test('types: lib/index.d.ts describes the API (tsc --strict)', { skip: !fs.existsSync(tsc) && 'typescript not installed (npm ci in web/)' }, () => {
  let out = '';
  try {
    out = execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', file], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout + e.stderr;
  }
  assert.equal(out, '');
});
