// Share links in real Chromium: the link of a game opened in a fresh browser profile shows
// the same game, ready to continue (correspondence: make your move, send the new link back),
// and the new link carries both moves; links of every version kept in app/store/testdata
// open; the QR code drawn in the page decodes to the link (zbarimg, when installed); a
// damaged link says so and leaves the saved games alone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fixture, live, newDocument, outDir, playReady, savedReady } from './fixture.mjs';
import { fragment, games, pieces, placementPieces, ply, storage, testdata } from './store-helpers.mjs';

function hasZbar() {
  try {
    execFileSync('zbarimg', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('share links', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' }, shared: false });
  const errors = fx.errors;

  // shareLink opens the share dialog of a saved game and returns the link it shows.
  async function shareLink(page, id) {
    await page.goto(fx.url + '/saved');
    await page.waitForSelector(`${savedReady} .saved-game[data-id="${id}"]`);
    await page.click(`.saved-game[data-id="${id}"] [data-action="share"]`);
    await page.waitForSelector('.share-dialog #share-link');
    return page.inputValue('#share-link');
  }

  test('a link opened in a fresh profile continues the game; the new link carries both moves', async () => {
    const alice = await fx.fresh();
    const a = await fx.open('/play?variant=orthodox', { context: alice, selector: playReady });
    await ply(a, 'e2e4');
    const id = fragment(a.url()).get('id');
    // The game screen's Share button opens the same dialog.
    await a.click('.play [data-action="share"]');
    const fromGame = await a.inputValue('.share-dialog #share-link');
    assert.equal(fromGame, fx.url + '/play#' + new URL(a.url()).hash.slice(1), 'the link is the address of the game');
    await a.keyboard.press('Escape');
    const link = await shareLink(a, id);
    assert.equal(link, fromGame);
    assert.ok(link.startsWith(fx.url + '/play#g='), link);
    assert.equal(fragment(link).get('id'), id);
    assert.equal(await a.getAttribute('.share-dialog', 'role'), 'dialog');
    await a.click('#share-close');
    await a.waitForSelector('.share-dialog', { state: 'detached' });

    // Bob opens the link in his own browser: the same game, his move.
    const bob = await fx.fresh();
    const b = await fx.open(link, { context: bob, selector: playReady });
    const after1 = await pieces(b);
    assert.equal(after1.e4, 'wP');
    assert.equal(after1.e2, undefined);
    assert.equal(Object.keys(await games(b)).length, 1, 'the received game is saved at once');
    await ply(b, 'e7e5');
    const back = b.url();
    assert.equal(fragment(back).get('id'), id, 'the game keeps its id');
    assert.notEqual(fragment(back).get('g'), fragment(link).get('g'));

    // The new link, in a third fresh profile, shows both moves.
    const carol = await fx.fresh();
    const c = await fx.open(back, { context: carol, selector: playReady });
    const both = await pieces(c);
    assert.equal(both.e4, 'wP');
    assert.equal(both.e5, 'bP');
    assert.equal(await c.getAttribute('.moves', 'data-movetext'), '1.e4 e5');

    // Alice opens Bob's link: her saved game (same id) moves on, no second copy.
    await a.goto(back);
    await a.waitForSelector(playReady);
    const saved = await games(a);
    assert.deepEqual(Object.keys(saved), [`plyground/game/${id}`]);
    assert.equal(JSON.parse(saved[`plyground/game/${id}`]).record, fragment(back).get('g'));
    await ply(a, 'g1f3');
    assert.equal(await a.getAttribute('.moves', 'data-movetext'), '1.e4 e5 2.Nf3');
    for (const p of [a, b, c]) await p.close();
  });

  test('the QR code drawn in the page holds the link', { skip: !hasZbar() && 'zbarimg not installed (apt-get install zbar-tools)' }, async () => {
    const context = await fx.fresh();
    const page = await fx.open('/play#g=AQMAAAAFah7TAA&id=qr_test&w=Dan&b=Eve', { context, selector: playReady });
    const link = await shareLink(page, 'qr_test');
    const png = join(outDir, 'share-qr.png');
    await page.locator('.share-qr svg').screenshot({ path: png });
    const read = execFileSync('zbarimg', ['--quiet', '--raw', png], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    assert.equal(read, link);
    assert.equal(await page.getAttribute('.share-qr svg', 'role'), 'img');
    for (const [scheme, size] of [['light', { width: 1280, height: 800 }], ['dark', { width: 360, height: 740 }]]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.screenshot({ path: join(outDir, `share-dialog-${scheme}-${size.width}.png`) });
    }
    await page.close();
  });

  test('the copy button puts the link on the clipboard; the share sheet gets it where there is one', async () => {
    const context = await fx.fresh();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fx.url });
    // Headless Chromium on Linux has no share sheet: stand one in that records what it gets.
    await context.addInitScript(() => {
      window.__shared = [];
      navigator.share = (data) => {
        window.__shared.push(data);
        return Promise.resolve();
      };
      navigator.canShare = () => true;
    });
    const page = await fx.open('/play#g=AQEAAAADaho&id=copy_me&w=Ann', { context, selector: playReady });
    const link = await shareLink(page, 'copy_me');
    await page.click('#share-copy');
    await page.waitForSelector('.share-status:has-text("Link copied")');
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await page.click('#share-system');
    await page.waitForSelector('.share-status:has-text("Shared")');
    const shared = await page.evaluate(() => window.__shared);
    assert.equal(shared.length, 1);
    assert.equal(shared[0].url, link);
    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.share-dialog', { state: 'detached' });
    await page.close();
  });

  test('links of every version open at their last position', async () => {
    const context = await fx.fresh();
    const samples = JSON.parse(testdata('link-v1', 'links.json'));
    for (const s of samples) {
      const url = fx.url + '/play#' + s.link.slice(s.link.indexOf('#') + 1);
      const page = await fx.open(url, { context, selector: playReady });
      assert.deepEqual(await pieces(page), placementPieces(s.placement), s.name);
      await page.close();
    }
  });

  test('a damaged link says so and leaves the saved games alone', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/play?variant=orthodox', { context, selector: playReady });
    await ply(page, 'd2d4');
    const id = fragment(page.url()).get('id');
    const before = await storage(page);
    const good = fragment(page.url()).get('g');
    for (const [bad, why] of [
      [`g=AQEAAAAD__8&id=${id}`, /damaged.*index 31, but only 20 legal actions/], // an index past the legal moves
      [`g=${good.slice(0, 5)}&id=${id}`, /damaged.*not base64url/], // cut off
      ['g=not a game', /damaged.*not base64url/],
      ['v=9&g=AQEAAAADaho', /made by a newer version of Plyground \(link version 9\)/],
    ]) {
      // Each link a new document: the card read is its own, not the link's before.
      await newDocument(page, fx.url + '/play#' + bad);
      await page.waitForSelector(`${live} .error-card`);
      const text = await page.locator('.error-card').textContent();
      assert.match(text, why, bad);
      assert.match(text, /saved games are untouched/, bad);
      assert.deepEqual(await storage(page), before, `${bad} changed nothing`);
    }
    await page.screenshot({ path: join(outDir, 'share-damaged-link.png') });
    await page.close();
  });

  test('with move confirmation on, a move is final only once confirmed', async () => {
    const context = await fx.fresh();
    // Move confirmation is a setting, on the Settings page.
    const page = await fx.open('/settings', { context, selector: `${live} .settings` });
    await page.check('#confirm-moves');
    assert.equal(JSON.parse((await storage(page))['plyground/settings']).confirmMoves, true, 'kept with the other settings');
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(outDir, `settings-${scheme}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(fx.url + '/play?variant=marseillais');
    await page.waitForSelector(playReady);
    await ply(page, 'e2e4');
    await page.waitForSelector('[data-action="confirm-move"]');
    assert.deepEqual(await games(page), {}, 'not saved before it is confirmed');
    assert.equal(new URL(page.url()).hash, '', 'not in the address either');
    await page.click('[data-action="confirm-move"]');
    await page.waitForSelector('[data-action="confirm-move"]', { state: 'detached' });
    const id = fragment(page.url()).get('id');
    const saved = await games(page);
    assert.equal(Object.keys(saved).length, 1);

    // Black's turn has two plies: the first one alone asks nothing yet.
    await ply(page, 'e7e5');
    await page.waitForSelector('.confirm-move:has-text("Finish your turn")');
    await ply(page, 'b8c6');
    await page.waitForSelector('[data-action="take-back-move"]');
    await page.screenshot({ path: join(outDir, 'share-confirm-move.png') });
    // Until the turn is confirmed, the board takes no move for the next side.
    assert.equal(await page.locator('.board-wrap.can-move').count(), 0, 'the board says it takes no move');
    await page.click('.board [data-square="d2"]');
    await page.click('.board [data-square="d4"]');
    await page.waitForTimeout(300);
    assert.equal((await pieces(page)).d2, 'wP', 'no move on top of a turn awaiting confirmation');
    assert.equal(await page.locator('.board [data-square="d2"].selected').count(), 0, 'nothing picked up');
    await page.click('[data-action="take-back-move"]');
    await page.waitForSelector('[data-action="take-back-move"]', { state: 'detached' });
    const board = await pieces(page);
    assert.equal(board.e7, 'bP', 'the turn is taken back');
    assert.equal(board.b8, 'bN');
    assert.equal(board.e4, 'wP', 'the confirmed move stays');
    assert.deepEqual(await games(page), saved, 'nothing saved for the taken-back turn');
    assert.equal(fragment(page.url()).get('id'), id);

    // The share dialog shows the same setting, and turning it off there turns it off on the
    // Settings page.
    await page.click('.play [data-action="share"]');
    await page.waitForSelector('.share-dialog[data-kind="8x8"] #share-confirm-moves');
    assert.equal(await page.isChecked('#share-confirm-moves'), true);
    await page.uncheck('#share-confirm-moves');
    await page.goto(fx.url + '/settings');
    await page.waitForSelector(`${live} .settings #confirm-moves`);
    assert.equal(await page.isChecked('#confirm-moves'), false);
    await page.close();
  });

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
