// Many saved games in real Chromium: a PGN file of 10,000 games imports with its progress
// shown while the page stays live, and the saved-games screen then opens within a second
// (it draws a page of games, not 10,000 boards).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, live, outDir, savedReady } from './fixture.mjs';
import { games } from './store-helpers.mjs';

describe('many saved games', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  // pgnOf returns a PGN text of n short games (about 25 bytes each), of a few openings.
  function pgnOf(n) {
    const openings = ['1. e4 e5 2. Nf3 Nc6 *', '1. d4 d5 2. c4 e6 *', '1. c4 c5 2. Nc3 Nc6 *', '1. Nf3 d5 2. g3 Nf6 *'];
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(openings[i % openings.length]);
    return parts.join('\n\n') + '\n';
  }

  test('10,000 games import with progress, the page live, and the list then opens within a second', { timeout: 600000 }, async () => {
    const page = await fx.open('/saved', { selector: savedReady });
    const text = pgnOf(10000);
    assert.ok(text.length > 200000, `${text.length} bytes`);

    // Frames keep coming while the import runs: the longest gap between two is measured.
    await page.evaluate(() => {
      window.__gap = 0;
      let last = performance.now();
      const tick = (t) => {
        window.__gap = Math.max(window.__gap, t - last);
        last = t;
        if (!window.__stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const start = Date.now();
    await page.setInputFiles('#import-file', { name: 'many.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) });
    // The progress shows and moves on.
    await page.waitForSelector('.import-progress progress');
    // Read in one evaluation, which never waits: the bar can go between two calls, and a
    // Playwright read of a gone element waits for it (30 s).
    const seen = new Set();
    for (let i = 0; i < 600; i++) {
      const v = await page.evaluate(() => {
        const bar = document.querySelector('.import-progress #import-bar');
        return bar === null ? null : bar.getAttribute('value');
      });
      if (v === null) break;
      seen.add(Number(v));
      await page.waitForTimeout(100);
    }
    await page.waitForSelector('.saved-status:has-text("10000 games added")', { timeout: 300000 });
    const importMs = Date.now() - start;
    const gap = await page.evaluate(() => { window.__stop = true; return window.__gap; });
    const between = [...seen].filter((v) => v > 0 && v < 10000);
    assert.ok(between.length >= 2, `the progress showed values on the way: ${[...seen].sort((a, b) => a - b).slice(0, 10)}`);
    assert.ok(gap < 1000, `the page froze for ${Math.round(gap)} ms during the import`);
    assert.equal(Object.keys(await games(page)).length, 10000);
    console.log(`import of 10,000 games: ${importMs} ms; longest frame gap ${Math.round(gap)} ms`);

    // The list draws a page of games, and says how many there are.
    assert.equal(await page.getAttribute('.saved-list', 'data-count'), '10000');
    const drawn = await page.locator('.saved-game').count();
    assert.ok(drawn > 0 && drawn <= 50, `${drawn} rows drawn`);
    await page.click('[data-action="more"]');
    await page.waitForFunction((n) => document.querySelectorAll('.saved-game').length > n, drawn);

    // Away and back through the navigation: the screen opens within a second.
    await page.click('a.brand');
    await page.waitForSelector(`${live} .variant-list`);
    const t0 = Date.now();
    await page.click('.nav-link[href="/saved"]');
    await page.waitForSelector(`${savedReady} .saved-game .board [data-piece]`);
    const openMs = Date.now() - t0;
    console.log(`saved-games screen with 10,000 games opened from the navigation in ${openMs} ms`);
    assert.ok(openMs < 1000, `the saved-games screen took ${openMs} ms to open`);

    // A fresh load of the page (the program starts again) for the record.
    const t1 = Date.now();
    await page.goto(fx.url + '/saved');
    await page.waitForSelector(`${savedReady} .saved-game .board [data-piece]`);
    console.log(`saved-games screen with 10,000 games loaded afresh in ${Date.now() - t1} ms`);
    await page.screenshot({ path: join(outDir, 'store-many.png') });
    await page.close();
  });

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
