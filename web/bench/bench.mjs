// WebAssembly against native code, both built from this checkout's sources (web/src/tools.hpp):
// move generation over the 40 positions of tests/data/perft_tiles.tsv (count_moves, the list again
// and again for 2 s) and greedy self-play (200 games through the game API). Runs are interleaved
// (native, Node, Chromium) three times and the median is shown, so that the load of the machine
// weighs on all alike. Then the module's size and the page's load to the first move.
//   node web/bench/bench.mjs [include dir]      (bash scripts/web.sh bench)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { load } from '../lib/index.js';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(web, '..');
const include = process.argv[2] ?? path.join(root, 'include');
const positionsFile = path.join(root, 'tests/data/perft_tiles.tsv');
const positions = fs.readFileSync(positionsFile, 'utf8');
const cxx = process.env.CXX ?? 'g++';
const flags = ['-std=c++20', '-O2', '-DNDEBUG'];

const outDir = path.join(root, 'build/web');
fs.mkdirSync(outDir, { recursive: true });
const native = path.join(outDir, 'qwirkle-web-bench');
console.log(`native: ${cxx} ${flags.join(' ')} web/bench/native.cpp`);
execFileSync(cxx, [...flags, `-I${include}`, `-I${path.join(web, 'src')}`, path.join(web, 'bench/native.cpp'), '-o', native], { stdio: 'inherit' });
const compiler = execFileSync(cxx, ['--version'], { encoding: 'utf8' }).split('\n')[0];

const q = await load();
const runNative = (args) => JSON.parse(execFileSync(native, args, { encoding: 'utf8' }));

let browser = null;
let page = null;
let closeBrowser = async () => {};
try {
  const { start } = await import('../test/browser/harness.mjs');
  const env = await start();
  closeBrowser = env.close;
  browser = env.browser;
  page = await browser.newPage();
  await page.goto(`${env.base}/app/?seed=1&delay=0&bot=greedy`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
} catch (e) {
  console.log(`chromium: not measured (${e.message.split('\n')[0]})`);
  page = null;
}

const results = { native: [], node: [], chromium: [] };
for (let round = 0; round < 3; ++round) {
  results.native.push({ moves: runNative(['movegen', positionsFile, '2']), games: runNative(['selfplay', '200']) });
  results.node.push({ moves: q.benchMovegen(positions, 2), games: q.benchSelfplay(200) });
  if (page) {
    results.chromium.push(await page.evaluate((text) => {
      const m = window.qwirkleApp.q;
      return { moves: m.benchMovegen(text, 2), games: m.benchSelfplay(200) };
    }, positions));
  }
}
const median = (runs, f) => runs.map(f).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
const row = (name, runs) => {
  if (!runs.length) return null;
  return {
    name,
    perPosition: median(runs, (r) => r.moves.nsPerPosition),
    perMove: median(runs, (r) => r.moves.nsPerMove),
    games: median(runs, (r) => r.games.gamesPerSecond),
  };
};
const base = row(`native (${compiler}, ${flags.join(' ')})`, results.native);
const rows = [base, row('WebAssembly in Node ' + process.version, results.node), row('WebAssembly in Chromium (headless)', results.chromium)].filter(Boolean);
console.log('\n| where | movegen ns / position | ns / move | × native | greedy self-play games/s | × native |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.name} | ${r.perPosition.toFixed(0)} | ${r.perMove.toFixed(1)} | ${(r.perPosition / base.perPosition).toFixed(2)} | ${r.games.toFixed(0)} | ${(base.games / r.games).toFixed(2)} |`);
}

const dist = path.join(web, 'dist/qwirkle.mjs');
const text = fs.readFileSync(dist, 'utf8');
const b64 = text.match(/data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/)[1];
const wasm = Buffer.from(b64, 'base64');
const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`\nmodule: web/dist/qwirkle.mjs ${kb(text.length)} (gzip ${kb(zlib.gzipSync(text).length)}), of which the wasm ${kb(wasm.length)} (gzip ${kb(zlib.gzipSync(wasm).length)})`);

if (page) {
  const loads = [];
  for (let i = 0; i < 5; ++i) {
    const p = await browser.newPage();
    await p.goto(page.url().replace('seed=1', `seed=${30 + i}`));
    await p.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.busy === 'false');
    loads.push(await p.evaluate(() => ({ ...window.qwirkleApp.timings, dom: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd })));
    await p.close();
  }
  const m = (k) => median(loads, (x) => x[k]).toFixed(0);
  console.log(`page load (headless Chromium, local server, median of 5, ms from navigation start): DOM ready ${m('dom')}, module ready ${m('moduleReady')}, first move possible ${m('firstMove')}`);
}
await closeBrowser();
