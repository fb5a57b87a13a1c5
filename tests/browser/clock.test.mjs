// A fallen flag in real Chromium: the game ends, and its result and clocks are saved (they
// once were refused as damaged: the flag is found a few milliseconds past zero).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, playReady } from './fixture.mjs';
import { fragment, games, ply } from './store-helpers.mjs';

describe('clocks', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  for (const variant of ['orthodox', 'marseillais', 'progressive-scottish']) {
    test(`${variant}: a flag fall is saved with its result and no time left, and a reload shows it`, async () => {
      // 0.05 minutes: three seconds each.
      const page = await fx.open(`/play?variant=${variant}&clock=0.05`, { selector: playReady });
      await ply(page, 'e2e4');
      await page.waitForSelector('.banner', { timeout: 15000 });
      assert.match(await page.locator('.banner-text').textContent(), /Black ran out of time/);
      assert.equal(await page.locator('.storage-problem').count(), 0, 'no storage problem');
      const id = fragment(page.url()).get('id');
      await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) || '{}').result === '1-0', 'plyground/game/' + id);
      const entry = JSON.parse((await games(page))['plyground/game/' + id]);
      assert.equal(entry.clock.left[1], 0, "Black's saved time");
      assert.ok(entry.clock.left[0] > 0, "White's saved time");
      await page.reload();
      await page.waitForSelector(playReady);
      await page.waitForSelector('.banner');
      assert.match(await page.locator('.banner-text').textContent(), /Black ran out of time/);
      const clocks = await page.locator('.clock').allTextContents();
      assert.ok(clocks.includes('0:00.0'), `clocks after the reload: ${clocks}`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
