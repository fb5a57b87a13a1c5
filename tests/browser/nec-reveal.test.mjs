// Never-Ending Chess in real Chromium (issue 16): showing a seat its board after the cover
// does not play the last update's animation again; it plays once, when the update resolves.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from './fixture.mjs';
import { move, newGame, waitBoard, waitUpdates } from './nec-helpers.mjs';

describe('Never-Ending Chess reveal', () => {
  const fx = fixture({ launch: { reducedMotion: 'no-preference' } });
  const errors = fx.errors;

  async function reveal(page, colour) {
    await page.waitForSelector(`.nec-cover h2:text("Pass to ${colour}")`);
    await page.click('[data-action="reveal"]');
    await page.waitForSelector('[data-entering]');
    await waitBoard(page);
  }

  const animated = (page) => page.locator('.nec-slide.anim-a, .nec-slide.anim-b, .nec-ghost, .nec-ring.fresh').count();

  test("'show my board' does not replay the last update's animation", async () => {
    const page = await fx.page();
    await newGame(page, fx.url, { seats: ['person', 'person'] });
    await reveal(page, 'White');
    await move(page, [-3, -12], [-6, -12]);
    await page.click('[data-action="submit"]');
    await reveal(page, 'Black');
    await move(page, [-3, 12], [-4, 10]);
    await page.click('[data-action="submit"]');
    await waitUpdates(page, 1);
    // The update animates once, as it resolves...
    assert.ok(await animated(page) > 0, 'the update animates when it resolves');
    await page.waitForFunction(() => !document.querySelector('.nec-slide.anim-a, .nec-slide.anim-b'), null, { timeout: 5000 });
    // ...and not again at each seat's reveal.
    await page.click('[data-action="continue"]');
    for (const colour of ['White']) {
      await reveal(page, colour);
      assert.equal(await animated(page), 0, `${colour}'s reveal replays no animation`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the seat icons have an outline, so that a dark army reads on the dark theme', async () => {
    const dark = await fx.fresh({ reducedMotion: 'reduce', colorScheme: 'dark' });
    const page = await fx.page(dark);
    await newGame(page, fx.url, { seats: ['person', 'person'] });
    await reveal(page, 'White');
    const filters = await page.$$eval('.nec-seats .nec-swatch', (els) => els.map((el) => getComputedStyle(el).filter));
    assert.equal(filters.length, 2);
    for (const f of filters) assert.match(f, /drop-shadow/);
    assert.deepEqual(errors, []);
    await dark.close();
  });
});
