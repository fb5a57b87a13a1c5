// Hostile and damaged addresses in real Chromium: a "%" not followed by two hex digits (an
// ordinary link cut off inside an escape) once stopped the whole program on every page. Each
// address below must give a live page with a message, and leave the saved games as they were.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, launch, live, openPage, outDir, playReady, startServer, watch } from './fixture.mjs';
import { fragment, ply, storage } from './store-helpers.mjs';

describe('damaged addresses', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  // message returns the text of what the page says about its address: the notice of a
  // repaired address, or the error card of a game screen.
  async function message(page) {
    await page.waitForSelector(`${live} .address-notice, ${live} .error-card`, { timeout: 30000 });
    return (await page.locator('.address-notice, .error-card').allTextContents()).join(' ');
  }

  test('every damaged address gives a live page with a message; saved games untouched', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    await ply(page, 'e2e4');
    const good = fragment(page.url()).get('g');
    const saved = await storage(page);
    await page.close();
    const cases = [
      ['/play#g=%zz', /damaged/],
      ['/#%', /address you opened was damaged/],
      ['/saved#%', /address you opened was damaged/],
      ['/nec#n=%zz', /damaged|does not hold a game/],
      [`/play#g=${good}&w=50%`, /address you opened was damaged/],
      ['/rules#%zz', /address you opened was damaged/],
      ['/new?variant=orthodox#%', /address you opened was damaged/],
      ['/play#garbage', /carries no game/],
      [`/play#G=${good}`, /G= where it should be g=/],
      [`/play##g=${good}`, /two # signs/],
      ['/play#g', /empty/],
      ['/play?variant=sdm&level=%z', /address is damaged/],
    ];
    for (const [path, says] of cases) {
      const errs = [];
      const p = watch(await fx.context.newPage(), errs);
      await p.goto(fx.url + path);
      const text = await message(p);
      assert.match(text, says, path);
      assert.deepEqual(errs, [], `${path}: no page errors`);
      // What was saved stays as it was (a game the link opens may be saved beside it).
      const now = await storage(p);
      for (const [key, value] of Object.entries(saved)) assert.equal(now[key], value, `${path}: ${key} untouched`);
      if (path === '/#%') await p.screenshot({ path: join(outDir, 'hostile-damaged-address.png') });
      // The app is live: its navigation works.
      await p.click('.nav-link[href="/rules"]');
      await p.waitForSelector(`${live} .rules-index, ${live} main`);
      assert.match(new URL(p.url()).pathname, /^\/rules/, `${path}: navigation after the damaged address`);
      await p.close();
    }
  });

  test('a damaged fragment typed into a live page does not stop the app', async () => {
    const errs = [];
    const page = await fx.open('/rules', { errors: errs });
    for (const hash of ['%zz', 'g=%', '%']) {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.waitForFunction(() => !location.href.match(/%(?![0-9a-fA-F]{2})/), null, { timeout: 10000 });
    }
    await page.click('.nav-link[href="/about"]');
    await page.waitForFunction(() => location.pathname === '/about');
    await page.waitForSelector(`${live} main`);
    assert.deepEqual(errs, [], 'no page errors');
    await page.close();
  });
});

describe('two tabs on one saved game', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  test("a move in one tab is shown in the other, and neither overwrites the other's moves", async () => {
    const a = await fx.open('/play?variant=orthodox', { selector: playReady });
    await ply(a, 'e2e4');
    const id = fragment(a.url()).get('id');
    const key = 'plyground/game/' + id;
    const b = await fx.open(a.url(), { selector: playReady });
    assert.equal(fragment(b.url()).get('id'), id, 'the same saved game in both tabs');

    // B moves: A shows the move (the storage event), with a word.
    await ply(b, 'e7e5');
    await a.waitForSelector('.board [data-square="e5"] [data-piece="bP"]');
    assert.match(await a.locator('.other-tab').textContent(), /moved on in another tab/);
    // A moves on from there: one game, both tabs' moves.
    await ply(a, 'g1f3');
    await b.waitForSelector('.board [data-square="f3"] [data-piece="wN"]');
    const afterBoth = JSON.parse((await storage(a))[key]);

    // A race: B's storage changes without B hearing of it (a tab's own writes fire no event,
    // so the test writes the other tab's save from within B), then B moves on its old board.
    const raced = { ...afterBoth, record: afterBoth.record, updated: new Date().toISOString() };
    const other = await fx.open('/play?variant=orthodox', { selector: playReady });
    await ply(other, 'd2d4');
    const otherRecord = fragment(other.url()).get('g');
    await other.close();
    raced.record = otherRecord;
    await b.evaluate(([k, v]) => localStorage.setItem(k, v), [key, JSON.stringify(raced)]);
    await ply(b, 'b8c6');
    await b.waitForSelector('.other-tab');
    assert.match(await b.locator('.other-tab').textContent(), /both are kept/);
    const all = await storage(b);
    assert.equal(JSON.parse(all[key]).record, otherRecord, "the other tab's save is kept under its ID");
    const forkID = fragment(b.url()).get('id');
    assert.notEqual(forkID, id, 'B goes on under a new ID');
    assert.equal(JSON.parse(all['plyground/game/' + forkID]).record, fragment(b.url()).get('g'), "B's moves are saved");
    await b.screenshot({ path: join(outDir, 'hostile-two-tabs.png') });
    assert.deepEqual(errors, []);
  });
});

describe('test hooks', () => {
  // firstRolls opens a dice game three times with the scripted roll 6-6 and returns the roll
  // the page made each time.
  async function firstRolls(testHooks) {
    const server = await startServer({ testHooks });
    const context = await launch({ reducedMotion: 'reduce' });
    try {
      await context.addInitScript(() => {
        window.__plygroundTestDice = [[6, 6], [6, 6], [6, 6]];
      });
      const rolls = [];
      for (let i = 0; i < 3; i++) {
        const page = await openPage(context, server.url + '/play?variant=dice', { selector: playReady });
        await page.click('button.roll');
        // The roll shows on the dice, or, when it allows no move at all, in the note that the
        // turn passes.
        await page.waitForSelector('.dice[data-roll], .pass-note');
        const note = await page.locator('.pass-note').count();
        rolls.push(note ? (await page.locator('.pass-note').textContent()).match(/with (\d-\d)/)[1] : await page.getAttribute('.dice', 'data-roll'));
        await page.close();
      }
      return rolls;
    } finally {
      await context.close();
      await server.stop();
    }
  }

  test('only a host started with -test-hooks lets a script decide the dice', async () => {
    assert.deepEqual(await firstRolls(true), ['6-6', '6-6', '6-6'], 'the browser tests script the dice');
    // As a published site serves the page: the global is ignored (three natural 6-6 in a row
    // would happen once in 46,656 runs).
    const rolls = await firstRolls(false);
    assert.notDeepEqual(rolls, ['6-6', '6-6', '6-6'], `rolls ${rolls}`);
  });
});
