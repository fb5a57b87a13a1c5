// Playing against the computer on the game screen, in real Chromium: the person moves by
// clicking, the computer (the engine's Web Worker) answers with its whole turn, and the page
// keeps drawing frames while it thinks: no gap between animation frames over 50 ms.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { launch } from './chromium.mjs';
import { outDir, startServer } from './server.mjs';

describe('game against the computer', () => {
  let server;
  let context;
  const errors = [];

  before(async () => {
    await mkdir(outDir, { recursive: true });
    server = await startServer();
    context = await launch({ reducedMotion: 'reduce' });
  });

  after(async () => {
    await context?.close();
    await server?.stop();
  });

  async function open(path) {
    const page = await context.newPage();
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    await page.goto(server.url + path);
    await page.waitForSelector('.shell[data-live="true"] .play .board [data-square]', { timeout: 30000 });
    return page;
  }

  async function ply(page, uci) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    await page.click(`.board [data-square="${from}"]`);
    await page.click(`.board [data-square="${to}"]`);
    await page.waitForFunction((sq) => !document.querySelector(`.board [data-square="${sq}"] [data-piece]`), from);
  }

  const movetext = (page) => page.getAttribute('.moves', 'data-movetext');

  // watchFrames starts recording the gaps between animation frames in the page.
  const watchFrames = (page) => page.evaluate(() => {
    window.__gaps = { worst: 0, frames: 0, running: true };
    let last = performance.now();
    const tick = (t) => {
      const g = window.__gaps;
      g.worst = Math.max(g.worst, t - last);
      last = t;
      g.frames++;
      if (g.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
  });
  const stopFrames = (page) => page.evaluate(() => { window.__gaps.running = false; return window.__gaps; });

  // A stall caused by the page's own work shows in every attempt; the machine's load (other
  // processes) makes random gaps: the best of five attempts is judged. Frames come every
  // 16.7 ms, so a gap of 50.0 ms (two frames missed) is a stall of at most 50 ms.
  test('Marseillais at level 5: the computer plays its two plies, the page stays smooth', async () => {
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const page = await open('/play?variant=marseillais&mode=computer&color=white&level=5');
      const t0 = Date.now();
      await ply(page, 'e2e4');
      await watchFrames(page); // from the person's ply on: the computer is thinking
      // The computer's turn: two plies after White's first one (M1), unless the first checks.
      await page.waitForFunction(() => /^1\.e4 \S+/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
        null, { timeout: 30000 });
      const thought = Date.now() - t0;
      await page.waitForTimeout(200);
      const gaps = await stopFrames(page);
      const text = await movetext(page);
      console.log(`attempt ${i + 1}: computer answered ${text} ${thought} ms after the person's ply; ${gaps.frames} frames, worst gap ${gaps.worst.toFixed(1)} ms`);
      assert.match(text, /^1\.e4 [^ ,]+,[^ ,]+$/, `Black's turn has two plies: ${text}`);
      assert.ok(thought >= 500, `level 5 thinks about a second, answered ${thought} ms after the ply`);
      attempts.push(gaps.worst);
      await page.close();
      if (gaps.worst < 51) break;
    }
    assert.ok(Math.min(...attempts) < 51, `frame gaps while the computer thought: ${attempts.map((g) => g.toFixed(1)).join(', ')} ms`);
    assert.deepEqual(errors, []);
  });

  test('a take back while the computer thinks cancels it; the next request is answered', async () => {
    const page = await open('/play?variant=orthodox&mode=computer&color=white&level=5');
    await ply(page, 'e2e4');
    await page.waitForSelector('.thinking', { timeout: 5000 });
    await page.click('[data-action="undo"]');
    await page.waitForFunction(() => !document.querySelector('.thinking'));
    // The cancelled search's answer (due within the second) must not be played.
    await page.waitForTimeout(1500);
    assert.equal((await movetext(page)) ?? '', '', 'no move after the take back');
    await ply(page, 'd2d4');
    await page.waitForFunction(() => /^1\.d4 \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Progressive (Italian) at level 3: a whole series, then the person moves again', async () => {
    const page = await open('/play?variant=progressive-italian&mode=computer&color=white&level=3');
    await ply(page, 'e2e4');
    await page.waitForFunction(() => /^1\.e4 2\.\S+ \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    assert.match(await page.locator('.status').first().textContent(), /White to move/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
