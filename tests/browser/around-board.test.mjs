// Around the 8x8 board in real Chromium (issue 16): the material beside each player, the
// players' names from the new-game form.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, playReady } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

describe('around the board', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  test('the captured material and the lead are shown beside the player who is up, and follow the history', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
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

describe('players names', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  test('the names of the new-game form are on the player bars, in the saved game and in its link, escaped and bounded', async () => {
    const page = await fx.open('/new', { selector: '.shell[data-live="true"] .newgame-form' });
    await page.fill('[data-option="white-name"]', '<b>Ann</b> & co');
    await page.fill('[data-option="black-name"]', 'B'.repeat(150));
    assert.equal((await page.inputValue('[data-option="black-name"]')).length, 100, 'the input holds at most store.MaxName characters');
    await page.click('[data-action="start"]');
    await page.waitForSelector(playReady);
    assert.equal((await page.locator('.player[data-side="white"] .player-name').textContent()).trim(), '<b>Ann</b> & co');
    assert.equal(await page.locator('.player b').count(), 0, 'a name is text, never markup');
    await ply(page, 'e2e4');
    await page.waitForFunction(() => location.hash.includes('id='));
    const hash = new URLSearchParams(new URL(page.url()).hash.slice(1));
    assert.equal(hash.get('w'), '<b>Ann</b> & co');
    const id = hash.get('id');
    const entry = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), 'plyground/game/' + id));
    assert.deepEqual(entry.players.map((p) => p.name), ['<b>Ann</b> & co', 'B'.repeat(100)]);
    // The link opens with the names in a fresh browser.
    const other = await fx.fresh();
    const copy = await fx.open(page.url().replace(/&?id=[^&]*/, ''), { context: other, selector: playReady });
    assert.equal((await copy.locator('.player[data-side="black"] .player-name').textContent()).trim(), 'B'.repeat(100));
    await other.close();
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('home and saved games', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  test('"Continue your game" on the home page opens the game in progress, and is gone once it is over', async () => {
    const home = await fx.open('/', { selector: '.shell[data-live="true"] .home' });
    assert.equal(await home.locator('.continue-card').count(), 0, 'no game yet');
    await home.close();

    const page = await fx.open('/play?variant=marseillais&white=Ann&black=Bob', { selector: playReady });
    await ply(page, 'e2e4');
    await page.waitForFunction(() => location.hash.includes('id='));
    const id = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('id');
    await page.goto(fx.url + '/');
    await page.waitForSelector('.shell[data-live="true"] .continue-card');
    assert.equal(await page.getAttribute('.continue-card', 'data-id'), id);
    assert.match(await page.locator('.continue-card').textContent(), /Continue your game.*Marseillais chess · Ann vs Bob/);
    await page.click('.continue-card');
    await page.waitForSelector(playReady);
    await page.waitForFunction((want) => new URLSearchParams(location.search).get('id') === want ||
      new URLSearchParams(location.hash.slice(1)).get('id') === want, id);
    assert.equal(await page.getAttribute('.play', 'data-variant'), 'marseillais');
    assert.equal(await page.locator('.board [data-square="e4"] [data-piece="wP"]').count(), 1);

    await page.click('[data-action="resign"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('.end-dialog');
    await page.goto(fx.url + '/');
    await page.waitForSelector('.shell[data-live="true"] .home');
    assert.equal(await page.locator('.continue-card').count(), 0, 'a finished game is not continued');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('the same PGN imported twice adds its games once', async () => {
    const page = await fx.open('/saved', { selector: '.shell[data-live="true"] .saved-page' });
    const before = await page.locator('.saved-game').count();
    const text = '[White "Cleo"]\n\n1. d4 d5 *\n\n[Variant "sdm"]\n\n1. c4 e5 *\n';
    await page.click('.paste summary');
    await page.fill('#paste-text', text);
    await page.click('[data-action="paste"]');
    await page.waitForSelector('.saved-status:has-text("2 games added")');
    await page.waitForFunction((n) => document.querySelectorAll('.saved-game').length === n, before + 2);
    await page.fill('#paste-text', text);
    await page.click('[data-action="paste"]');
    await page.waitForSelector('.saved-status:has-text("no new game, 2 already saved")');
    assert.equal(await page.locator('.saved-game').count(), before + 2);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('start positions', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  test('a FEN that does not read is refused in words, on the new-game form and from an address', async () => {
    const page = await fx.open('/new', { selector: '.shell[data-live="true"] .newgame-form' });
    await page.fill('[data-option="fen"]', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
    await page.click('[data-action="start"]');
    await page.waitForSelector('.newgame-form .notice');
    const said = await page.locator('.newgame-form .notice').textContent();
    assert.match(said, /^The start position cannot be read: the position needs 6 fields separated by spaces \(placement, side to move, castling, en passant, halfmove clock, fullmove number/);
    await page.fill('[data-option="fen"]', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1');
    await page.click('[data-action="start"]');
    await page.waitForSelector('.newgame-form .notice:has-text("in the piece placement (field 1), rank 1 has 7 squares, want 8.")');
    assert.doesNotMatch(await page.locator('.newgame-form .notice').textContent(), /fen field/);

    await page.goto(fx.url + '/play?fen=' + encodeURIComponent('8/8/8/8/8/8/8/8 w - - 0 1'));
    await page.waitForSelector('.shell[data-live="true"] .error-card');
    assert.match(await page.locator('.error-card').textContent(), /The start position cannot be read: in the piece placement \(field 1\), white has 0 kings, want exactly 1\./);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('update banner', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  for (const [width, height] of [[1280, 800], [390, 844]]) {
    test(`the update banner never moves the board (${width} px)`, async () => {
      const page = await fx.page();
      await page.setViewportSize({ width, height });
      await page.goto(fx.url + '/play?variant=orthodox');
      await page.waitForSelector(playReady);
      const box = () => page.locator('.play .board').boundingBox();
      const before = await box();
      // What the banner draws in its slot (pwa.test.mjs shows the real one after an update).
      await page.evaluate(() => {
        const slot = document.querySelector('.shell > .update-slot');
        const b = document.createElement('div');
        b.className = 'update-banner';
        b.innerHTML = '<span>A new version of Plyground is ready.</span><button class="btn small primary">Reload</button>';
        slot.appendChild(b);
      });
      assert.ok((await page.locator('.update-banner').boundingBox()).height > 0, 'the banner shows');
      assert.deepEqual(await box(), before);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
