// The analysis board in real Chromium (issue 17), the test that measures time: a Marseillais
// game from a shared link analysed (the evaluation and the best line within 2 s, the arrows
// drawn, a side line tried and left), the page drawing frames while the worker thinks. It
// runs alone on the machine (the Makefile's TIMEDTESTS); the analysis board's other tests,
// which assert no timing, are in analysis-review.test.mjs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analysisReady, fixture, outDir } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

describe('analysis board', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });

  test('a Marseillais game from a shared link: evaluation, best line and arrows, a side line tried and left', async () => {
    // Marseillais 1.e4 e5,Nc6 (the record a share link carries).
    const page = await fx.open('/analysis#g=AQMAAAADah4', { selector: analysisReady });
    assert.equal(await page.locator('.analysis .moves .ply').count(), 3);
    // The board opens at the game's last position.
    const t0 = Date.now();
    await page.waitForSelector('.moves .ply.current[data-index="3"]');
    // The first reports (depth 1) may hold White's first ply alone: the line of a deeper one
    // completes the turn.
    await page.waitForFunction(() => /^2\.[^ ,]+,[^ ,]+/.test(document.querySelector('.engine-panel .best-text')?.textContent || ''));
    const ms = Date.now() - t0;
    assert.ok(ms < 2000, `the best line came after ${ms} ms`);
    // The evaluation is a number (or a mate), the depth and nodes are shown.
    assert.match(await page.textContent('.engine-eval'), /^[+-]?\d+\.\d\d$|^#-?\d+$/);
    assert.match(await page.textContent('.engine-figures'), /depth \d+ · [\d ]+ nodes/);
    assert.match(await page.getAttribute('.eval-strip', 'data-eval'), /\d/);
    // The best line is in Marseillais notation (M6: the plies of a turn joined by commas),
    // and the best turn is drawn as two arrows of the engine's brush.
    const line = await page.textContent('.best-text');
    assert.match(line, /^2\.[^ ,]+,[^ ,]+/, line);
    await page.waitForFunction(() => (document.querySelector('.board').dataset.engineShapes || '').split(' ').filter(Boolean).length === 2);
    assert.equal(await page.locator('.board-shapes line[data-brush="engine"]').count(), 2);
    await page.screenshot({ path: join(outDir, 'analysis-marseillais.png') });

    // The analysis goes on deeper while the page keeps drawing frames (no gap over 50 ms:
    // two frames missed), measured as the computer's turn is (best of five).
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const worst = await page.evaluate(
        () =>
          new Promise((resolve) => {
            let last = performance.now();
            let worst = 0;
            const t0 = performance.now();
            const tick = (t) => {
              worst = Math.max(worst, t - last);
              last = t;
              if (t - t0 < 1500) requestAnimationFrame(tick);
              else resolve(worst);
            };
            requestAnimationFrame((t) => {
              last = t;
              requestAnimationFrame(tick);
            });
          }),
      );
      attempts.push(worst);
      if (worst < 51) break;
    }
    console.log(`analysis running: worst frame gaps ${attempts.map((g) => g.toFixed(1)).join(', ')} ms; best line after ${ms} ms`);
    assert.ok(Math.min(...attempts) < 51, `frame gaps while the engine analysed: ${attempts.map((g) => g.toFixed(1)).join(', ')} ms`);
    assert.equal(await page.getAttribute('.engine-panel', 'data-state'), 'running', 'the analysis runs on, continuously');

    // A side line: back one ply (Black's second ply), then play another move there.
    const gameText = await page.getAttribute('.analysis > .side .moves', 'data-movetext');
    await page.click('.controls [data-action="back"]');
    await page.waitForSelector('.moves .ply.current[data-index="2"]');
    await ply(page, 'g8f6');
    await page.waitForSelector('.side-line .moves .ply');
    assert.equal(await page.getAttribute('.analysis', 'data-side-line'), 'true');
    assert.match(await page.getAttribute('.side-line .moves', 'data-movetext'), /Nf6/);
    // The analysis follows the side line: a new best line for White's turn from there.
    await page.waitForFunction(() => /^2\./.test(document.querySelector('.best-text')?.textContent || ''));
    // The game is untouched; back to it, where the side line left it.
    await page.click('[data-action="back-to-game"]');
    await page.waitForSelector('.analysis[data-side-line="false"]');
    assert.equal(await page.locator('.side-line').count(), 0);
    assert.equal(await page.getAttribute('.analysis > .side .moves', 'data-movetext'), gameText, 'the game is as before the side line');
    assert.equal(await page.locator('.analysis .moves .ply').count(), 3);
    await page.waitForSelector('.moves .ply.current[data-index="2"]');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });
});
