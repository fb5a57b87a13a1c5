// The analysis board in real Chromium (issue 17), the tests that assert no timing: a dice
// position before the roll (the 21 rolls), the review of a 20-turn game with its graph and
// its marked mistake, kept with the saved game, and a hint used in a game and recorded. The
// analysis of a shared game, timed, is in analysis.test.mjs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analysisReady, fixture, live, outDir, playReady } from './fixture.mjs';
import { ply, typeMove } from './store-helpers.mjs';

describe('analysis board: rolls, review and hints', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });

  test('dice chess before the roll: the value of each of the 21 rolls; a roll tried gives its best ply', async () => {
    // From a diagram of the dice rules page ("Analyse"): its position on the analysis board.
    const rules = await fx.open('/rules/dice');
    const fen = new URL(await rules.getAttribute('.analyse-it >> nth=0', 'href'), fx.url).searchParams.get('fen');
    await rules.click('.analyse-it >> nth=0');
    await rules.waitForSelector(analysisReady);
    assert.equal(await rules.getAttribute('.analysis', 'data-variant'), 'dice');
    if (fen) assert.equal(new URL(rules.url()).searchParams.get('fen'), fen);
    await rules.close();
    const page = await fx.open('/analysis?variant=dice', { selector: analysisReady });
    await page.waitForFunction(() => document.querySelectorAll('.roll-table .roll-row').length === 21, null, { timeout: 20000 });
    const rows = await page.$$eval('.roll-table .roll-row', (rs) => rs.map((r) => [r.dataset.roll, r.children[1].textContent, r.children[2].textContent]));
    const chances = rows.reduce((n, r) => n + Number(r[1].split('/')[0]), 0);
    assert.equal(chances, 36, 'the chances of the 21 rolls add up to 36/36');
    assert.equal(new Set(rows.map((r) => r[0])).size, 21);
    for (const r of rows) assert.match(r[2], /\d/, `roll ${r[0]} has a value`);
    await page.screenshot({ path: join(outDir, 'analysis-dice.png') });
    // A roll tried: the side line starts with it, and the engine gives the best ply for it.
    await page.click('.roll-row[data-roll="1-1"] button');
    await page.waitForSelector('.analysis[data-side-line="true"]');
    await page.waitForSelector('.dice-line[data-roll="1-1"]');
    await page.waitForFunction(() => (document.querySelector('.best-text')?.textContent || '').length > 0);
    assert.equal(await page.locator('.roll-table').count(), 0);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a 20-turn game reviewed: progress, graph, the mistake marked with a better turn, kept with the saved game', async () => {
    const page = await fx.open('/play?variant=orthodox&mode=two', { selector: playReady });
    // Black's 9...Ng4?? hangs the knight to 10.hxg4.
    const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'c3', 'Nf6', 'd3', 'd6', 'O-O', 'O-O', 'Re1', 'a6', 'Bb3', 'Ba7', 'h3', 'Ng4', 'hxg4', 'Bxg4'];
    for (let i = 0; i < moves.length; i++) await typeMove(page, moves[i], i + 1);
    await page.click('.game-actions [data-action="analyse"]');
    await page.waitForSelector(analysisReady);
    assert.match(page.url(), /\/analysis\?id=/, 'the saved game is analysed');
    await page.click('[data-action="review"]');
    await page.waitForSelector('.review[data-state="running"] .review-progress');
    await page.waitForSelector('.review[data-state="done"]', { timeout: 120000 });
    assert.equal(await page.getAttribute('.graph-wrap', 'data-points'), '21', 'the start and 20 turns');
    assert.ok((await page.getAttribute('.graph-line', 'd')).split('L').length === 21);
    // Ng4 is marked (a mistake or a blunder), with the better turn the engine found.
    const ng4 = page.locator('.marked', { hasText: 'Ng4' });
    assert.equal(await ng4.count(), 1, await page.textContent('.review'));
    assert.match(await ng4.getAttribute('data-class'), /Mistake|Blunder/);
    assert.match(await ng4.textContent(), /Better: /);
    assert.ok((await page.locator('.graph-mark').count()) >= 1);
    assert.match(await page.textContent('.thresholds'), /inaccuracy 5 points or more, a mistake 10, a blunder 15/);
    assert.ok((await page.locator('.moves .cell[data-class] .review-mark').count()) >= 1);
    await page.screenshot({ path: join(outDir, 'analysis-review.png'), fullPage: true });
    // A click on the marked turn shows the position before it.
    await ng4.locator('button').first().click();
    await page.waitForSelector('.moves .ply.current[data-index="17"]');
    // Kept with the saved game: a reload shows the review without running it again.
    await page.reload();
    await page.waitForSelector(`${live} .review[data-state="done"]`);
    assert.equal(await page.locator('.marked', { hasText: 'Ng4' }).count(), 1);
    // The saved game's "Analyse" on the Saved games screen opens it with its review.
    await page.click('.nav-link[href="/saved"]');
    await page.waitForSelector(`${live} .saved-page .saved-game [data-action="analyse"]`);
    await page.click('.saved-game [data-action="analyse"]');
    await page.waitForSelector(`${live} .review[data-state="done"] .marked`);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a hint in a game between two people: arrows, the words, and {hint} in the move list and the PGN', async () => {
    const page = await fx.open('/settings');
    await page.click('#hints');
    await page.waitForFunction(() => (localStorage.getItem('plyground/settings') || '').includes('"hints":true'));
    await page.goto(fx.url + '/play?variant=orthodox&mode=two');
    await page.waitForSelector(playReady);
    await typeMove(page, 'e4', 1);
    await page.click('[data-action="hint"]');
    await page.waitForSelector('.hint-line:has-text("Hint:")', { timeout: 10000 });
    const shapes = await page.getAttribute('.board', 'data-engine-shapes');
    assert.match(shapes, /^[a-h][1-8][a-h][1-8]:engine$/, shapes);
    // The hinted move played; the turn is marked as played with a hint.
    await ply(page, shapes.slice(0, 4));
    await page.waitForSelector('.moves .hint-badge');
    assert.match(await page.getAttribute('.moves', 'data-movetext'), /\{hint\}/);
    assert.equal((await page.getAttribute('.board', 'data-engine-shapes')) ?? '', '', 'the arrows go once the hint is played');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });
});
