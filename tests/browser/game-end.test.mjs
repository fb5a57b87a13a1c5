// The end of an 8x8 game in real Chromium (issue 16): the dialog over the board with the
// result, the reason in words and the rule as a link only where one is worth reading (none
// under a plain checkmate, no SDM "S7" under an orthodox flag fall), rematch with the colours
// swapped, PGN with the players' names, a draw offer the computer answers from its
// evaluation, and repetition shown as it happens.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture, playReady } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

describe('game end', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce', acceptDownloads: true } });
  const errors = fx.errors;

  const text = async (page, sel) => (await page.locator(sel).first().textContent()).trim();

  test("fool's mate: the dialog says checkmate without a rule, the PGN names the players, a rematch swaps the colours", async () => {
    const page = await fx.open('/play?variant=orthodox&white=Ann&black=Bob', { selector: playReady });
    assert.equal(await text(page, '.player[data-side="white"] .player-name'), 'Ann');
    for (const p of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await ply(page, p);
    await page.waitForSelector('.end-dialog');
    assert.equal(await text(page, '.end-title'), 'Black wins');
    assert.equal(await text(page, '.end-reason-text'), 'Checkmate.');
    assert.equal(await page.locator('.end-rule').count(), 0, 'no rule under a plain checkmate');
    assert.equal(await page.locator('.banner-rule').count(), 0, 'no "rule O1" in the banner either');
    assert.equal(await page.getAttribute('.end-dialog', 'data-result'), 'black');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="end-pgn"]')]);
    const pgn = await readFile(await download.path(), 'utf8');
    assert.match(pgn, /\[White "Ann"\]/);
    assert.match(pgn, /\[Black "Bob"\]/);
    assert.match(pgn, /\[Result "0-1"\]/);
    assert.match(pgn, /Qh4# 0-1/);

    await page.click('[data-action="rematch"]');
    await page.waitForFunction(() => !document.querySelector('.end-dialog') && document.querySelector('.moves-empty'));
    const u = new URL(page.url());
    assert.equal(u.searchParams.get('white'), 'Bob');
    assert.equal(u.searchParams.get('black'), 'Ann');
    assert.equal(await text(page, '.player[data-side="white"] .player-name'), 'Bob');
    // The side at the bottom is the other one now: Black (Ann) was at the top.
    const bars = await page.$$eval('.board-col .player', (els) => els.map((el) => el.dataset.side));
    assert.deepEqual(bars, ['white', 'black']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the dialog closes to show the board and comes back with the next ending', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    for (const p of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await ply(page, p);
    await page.waitForSelector('.end-dialog');
    await page.click('[data-action="end-close"]');
    await page.waitForSelector('.end-dialog', { state: 'detached' });
    await page.waitForSelector('.banner');
    await page.click('[data-action="undo"]');
    await ply(page, 'd8h4');
    await page.waitForSelector('.end-dialog');
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const [variant, rule] of [['orthodox', null], ['sdm', 'S7']]) {
    test(`${variant}: a flag fall says who ran out of time${rule ? `, with a link to rule ${rule}` : ', with no rule'}`, async () => {
      const page = await fx.open(`/play?variant=${variant}&clock=0.05`, { selector: playReady });
      await ply(page, 'e2e4');
      await page.waitForSelector('.end-dialog', { timeout: 15000 });
      assert.equal(await text(page, '.end-title'), 'White wins');
      assert.equal(await text(page, '.end-reason-text'), 'Black ran out of time.');
      if (rule) {
        assert.equal(await text(page, '.end-rule'), `rule ${rule}`);
        assert.equal(await page.getAttribute('.end-rule', 'href'), `/rules/${variant}#rule-${rule}`);
      } else {
        assert.equal(await page.locator('.end-rule').count(), 0);
        assert.equal(await page.locator('.banner-rule').count(), 0);
        assert.doesNotMatch(await page.locator('.play').textContent(), /S7/);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  test('a draw offer is answered by the computer from its evaluation', async () => {
    // Black (the computer) has a queen: it plays on.
    const ahead = await fx.open('/play?variant=orthodox&mode=computer&fen=' +
      encodeURIComponent('kq6/8/8/8/8/8/8/K7 w - - 0 1'), { selector: playReady });
    await ply(ahead, 'a1a2');
    await ahead.waitForSelector('[data-action="offer-draw"]', { timeout: 30000 });
    await ahead.click('[data-action="offer-draw"]');
    await ahead.waitForSelector('.draw-note');
    assert.match(await text(ahead, '.draw-note'), /declines/);
    assert.equal(await ahead.locator('.end-dialog').count(), 0);
    await ahead.close();

    // Black (the computer) has its king alone against a queen: it takes the draw.
    const behind = await fx.open('/play?variant=orthodox&mode=computer&fen=' +
      encodeURIComponent('k7/8/8/8/8/8/8/KQ6 w - - 0 1'), { selector: playReady });
    await ply(behind, 'b1b3');
    await behind.waitForSelector('[data-action="offer-draw"]', { timeout: 30000 });
    await behind.click('[data-action="offer-draw"]');
    await behind.waitForSelector('.end-dialog');
    assert.equal(await text(behind, '.end-title'), 'Draw');
    assert.equal(await text(behind, '.end-reason-text'), 'The computer accepted the draw.');
    assert.deepEqual(errors, []);
    await behind.close();
  });

  test('O2: a position that comes up a second time is shown, the third draws', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    for (const p of ['g1f3', 'g8f6', 'f3g1']) await ply(page, p);
    assert.equal(await page.locator('.repetition-note').count(), 0);
    await ply(page, 'f6g8');
    await page.waitForSelector('.repetition-note[data-count="2"]');
    for (const p of ['g1f3', 'g8f6', 'f3g1', 'f6g8']) await ply(page, p);
    await page.waitForSelector('.end-dialog');
    assert.equal(await text(page, '.end-reason-text'), 'The same position came up three times.');
    assert.equal(await page.getAttribute('.end-rule', 'href'), '/rules/orthodox#rule-O2');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
