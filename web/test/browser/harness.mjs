// Shared by the browser tests and the screenshot tool: the static server on a free local port and
// Debian's Chromium, headless, driven by playwright-core (no browser download: the system one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { serve } from '../../tools/serve.mjs';

export const chromiumPath = process.env.QWIRKLE_CHROMIUM || '/usr/bin/chromium';

export async function start() {
  const server = await serve(0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'qwirkle-chromium-'));
  // Chromium's own networking (updates, sync, QUIC probes...) is switched off: the tests run offline.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
    ],
    viewport: { width: 1280, height: 800 },
  });
  const close = async () => {
    await browser.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { base, browser, close };
}

/** Opens the page and waits until the game is ready and the person is to play. */
export async function open(browser, url, { viewport } = {}) {
  const page = await browser.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.busy === 'false', null, { timeout: 30000 });
  return { page, errors };
}

export async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy === 'false', null, { timeout: 60000 });
}
