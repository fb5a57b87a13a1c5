// The series-mate problems of progressive chess in real Chromium (issue 17): the collection
// listed, a problem solved by the player on the board (the checker's verdict), a wrong series
// refused with the ply that fails, "show solution", a problem solved by the engine's solver
// with its progress, a problem opened from its share link, and "solve this position" on the
// analysis board.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, live, outDir } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

const problemReady = `${live} .problem .board [data-square]`;

describe('problems', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });

  test('the collection: at least 30 problems, Italian and Scottish, from 2 to 9 plies', async () => {
    const page = await fx.open('/problems', { selector: `${live} .problems` });
    const ids = await page.$$eval('.problem-link', (as) => as.map((a) => a.dataset.id));
    assert.ok(ids.length >= 30, `${ids.length} problems`);
    assert.ok(ids.some((id) => id.startsWith('italian-')) && ids.some((id) => id.startsWith('scottish-')));
    const lengths = ids.map((id) => Number(id.split('-')[1]));
    assert.equal(Math.min(...lengths), 2);
    assert.equal(Math.max(...lengths), 9);
    await page.screenshot({ path: join(outDir, 'problems-list.png'), fullPage: true });
    await page.click('.problem-link[data-id="italian-2-1"]');
    await page.waitForSelector(problemReady);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a problem solved by the player: Italian 2-1, Re3 Rxh3#', async () => {
    const page = await fx.open('/problems?id=italian-2-1', { selector: problemReady });
    assert.equal(await page.getAttribute('.problem', 'data-state'), 'open');
    await ply(page, 'e6e3');
    await page.waitForSelector('.verdict.open');
    assert.match(await page.textContent('.verdict'), /1 plies of 2 made: 1 to go|to go/);
    await ply(page, 'e3h3');
    await page.waitForSelector('.problem[data-state="solved"]');
    assert.match(await page.textContent('.verdict'), /Solved/);
    await page.screenshot({ path: join(outDir, 'problems-solved.png') });
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a wrong series is refused at its ply; take back, show the solution', async () => {
    const page = await fx.open('/problems?id=italian-2-1', { selector: problemReady });
    await ply(page, 'e6e5');
    await ply(page, 'e5e1');
    await page.waitForSelector('.problem[data-state="failed"]');
    assert.match(await page.textContent('.verdict'), /Not this way: ply 2/);
    await page.click('[data-action="take-back"]');
    await page.waitForSelector('.problem[data-state="open"]');
    await page.click('[data-action="show-solution"]');
    assert.equal((await page.textContent('.solution')).trim(), 'Re3 Rxh3#');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a problem solved by the solver, with its progress; its share link opens it', async () => {
    const page = await fx.open('/problems?id=italian-5-1', { selector: problemReady });
    await page.click('[data-action="solve"]');
    await page.waitForSelector('.solve-result', { timeout: 60000 });
    assert.match(await page.textContent('.solve-result'), /(White|Black) mates: 5\..*#/);
    // The shared position (a link carrying the FEN, no ID).
    const link = await page.evaluate(async () => {
      const fen = '3k2Kn/6p1/8/8/8/1p6/7R/8 w - - 0 5';
      // Version 1, kind 2 (a position), rules 0 (Italian), the FEN as a uvarint length and its bytes.
      const bytes = [1, 2, 0, fen.length, ...new TextEncoder().encode(fen)];
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    });
    await page.goto(fx.url + '/problems#p=' + link);
    await page.waitForSelector(problemReady);
    assert.match(await page.textContent('.problem h2'), /mates in a series of 5/);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('"solve this position" on the analysis board of a progressive position', async () => {
    const page = await fx.open('/problems?id=scottish-3-1', { selector: problemReady });
    await page.click('[data-action="analyse"]');
    await page.waitForSelector(`${live} .analysis .board [data-square]`);
    await page.click('[data-action="solve"]');
    await page.waitForSelector('.solver .solve-result', { timeout: 60000 });
    assert.match(await page.textContent('.solver .solve-result'), /(White|Black) mates: 3\./);
    await page.screenshot({ path: join(outDir, 'analysis-solve.png') });
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('on a narrow phone the seven menu entries scroll within the bar, the page\'s own in view', async () => {
    const ctx = await fx.fresh({ viewport: { width: 360, height: 740 } });
    for (const path of ['/about', '/problems', '/new']) {
      const page = await fx.open(path, { context: ctx });
      await page.waitForFunction(() => {
        const nav = document.querySelector('.nav').getBoundingClientRect();
        const a = document.querySelector('.nav-link.active')?.getBoundingClientRect();
        return a && a.left >= nav.left - 1 && a.right <= nav.right + 1;
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.equal(overflow, 0, `${path}: the page overflows sideways by ${overflow} px`);
      await page.close();
    }
    assert.deepEqual(fx.errors, []);
  });
});
