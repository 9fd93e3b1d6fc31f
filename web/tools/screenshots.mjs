// The README's screenshots, from the running page in headless Chromium: a tile game in progress
// (desktop and phone: a tile put down, the next one selected with the cells where it fits), and a
// card turn previewed (the solver's arrangement, the new cards outlined).
//   node web/tools/screenshots.mjs <output dir>        (bash scripts/web.sh screenshots → docs/web/)
import fs from 'node:fs';
import path from 'node:path';

import { idle, open, start } from '../test/browser/harness.mjs';

const out = path.resolve(process.argv[2] ?? 'docs/web');
fs.mkdirSync(out, { recursive: true });
const { base, browser, close } = await start();

async function tilesInProgress(file, viewport) {
  const { page } = await open(browser, `${base}/app/?seed=7&delay=0&bot=tactician`, { viewport });
  for (let i = 0; i < 7; ++i) {
    await page.click('#hint');
    await page.click('#play');
    await idle(page);
  }
  const best = await page.evaluate(() => window.qwirkleApp.tiles.game.hints(1)[0]);
  await page.locator(`#hand .slot[data-tile="${best.tiles[0].tile}"]`).first().click();
  const p = await page.evaluate(([x, y]) => window.qwirkleApp.cellToClient(x, y), [best.tiles[0].x, best.tiles[0].y]);
  await page.mouse.click(p.x, p.y);
  if (best.tiles[1]) await page.locator(`#hand .slot[data-tile="${best.tiles[1].tile}"]`).first().click();
  await page.screenshot({ path: path.join(out, file) });
  await page.close();
}

await tilesInProgress('tiles.png', { width: 1200, height: 760 });
await tilesInProgress('phone.png', { width: 390, height: 844 });

const { page } = await open(browser, `${base}/app/?game=cards&seed=5&delay=0`, { viewport: { width: 1200, height: 760 } });
for (let i = 0; i < 3; ++i) {
  await page.click('#cards-hint');
  await page.click('#cards-play');
  await idle(page);
}
await page.click('#cards-hint');
await page.screenshot({ path: path.join(out, 'cards.png') });
await close();
console.log(`screenshots: ${fs.readdirSync(out).map((f) => path.join(path.relative(process.cwd(), out), f)).join(' ')}`);
