// Around the 8x8 board in real Chromium (issue 16): the material beside each player, the
// players' names from the new-game form.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './chromium.mjs';
import { startServer } from './server.mjs';
import { open, playReady, ply } from './store-helpers.mjs';

describe('around the board', () => {
  let server;
  let context;
  const errors = [];

  before(async () => {
    server = await startServer();
    context = await launch({ reducedMotion: 'reduce' });
  });

  after(async () => {
    await context?.close();
    await server?.stop();
  });

  test('the captured material and the lead are shown beside the player who is up, and follow the history', async () => {
    const page = await open(context, server.url + '/play?variant=orthodox', playReady, errors);
    assert.equal(await page.locator('.material').count(), 0, 'level at the start');
    for (const p of ['e2e4', 'd7d5', 'e4d5']) await ply(page, p);
    await page.waitForSelector('.player[data-side="white"] .material[data-lead="1"]');
    assert.deepEqual(await page.$$eval('.player[data-side="white"] .material .piece', (els) => els.map((e) => e.dataset.piece)), ['bP']);
    assert.equal((await page.locator('.player[data-side="white"] .material .lead').textContent()).trim(), '+1');
    assert.equal(await page.locator('.player[data-side="black"] .material').count(), 0);
    await ply(page, 'd8d5');
    await page.waitForFunction(() => !document.querySelector('.material'));
    // Back one ply: White is a pawn up again in the position shown.
    await page.click('[data-action="back"]');
    await page.waitForSelector('.player[data-side="white"] .material[data-lead="1"]');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
