// The new-game screen and the settings in real Chromium: options, clocks and the side reach
// the game; theme, board colours and dots apply at once and stay after a reload.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, live, liveMain } from './fixture.mjs';

describe('new game and settings', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce', colorScheme: 'light' } });
  const errors = fx.errors;

  test('new game: SDM with two tokens, a 5-minute clock, Black at the bottom', async () => {
    const page = await fx.open('/new');
    await page.check('.variant-choice[data-variant="sdm"] input');
    await page.waitForSelector('select[data-option="tokens"]');
    await page.selectOption('select[data-option="tokens"]', '2');
    await page.selectOption('select[data-option="clock"]', '5+0');
    await page.check('input[name="color"][value="black"]');
    await page.click('[data-action="start"]');
    await page.waitForSelector(`${live} .play[data-variant="sdm"] .board`);
    const url = new URL(page.url());
    assert.equal(url.pathname, '/play');
    assert.equal(url.searchParams.get('variant'), 'sdm');
    assert.equal(url.searchParams.get('options'), 'tokens=2');
    assert.equal(url.searchParams.get('clock'), '5+0');
    assert.equal(await page.getAttribute('.board', 'data-orientation'), 'black');
    assert.equal(await page.getAttribute('.player[data-side="white"] .tokens', 'data-tokens'), '2');
    assert.deepEqual(await page.$$eval('.clock', (els) => els.map((e) => e.textContent)), ['5:00', '5:00']);
    // The clocks start with the first ply: then Black's runs, White's stops.
    await page.click('.board [data-square="e2"]');
    await page.click('.board [data-square="e4"]');
    await page.waitForSelector('.player[data-side="black"] .clock.running');
    await page.waitForFunction(() => document.querySelector('.player[data-side="black"] .clock').textContent !== '5:00');
    assert.equal(await page.locator('.player[data-side="white"] .clock.running').count(), 0);

    // Black answers a little later. A reload keeps both clocks' times (they do not start
    // at 5:00 again), and so does opening the saved game, whose address names no clock.
    await page.waitForTimeout(1200);
    await page.click('.board [data-square="e7"]');
    await page.click('.board [data-square="e5"]');
    await page.waitForSelector('.player[data-side="white"] .clock.running');
    const black = await page.textContent('.player[data-side="black"] .clock');
    assert.notEqual(black, '5:00');
    const played = `${live} .play .board [data-square="e5"] [data-piece="bP"]`;
    await page.reload();
    await page.waitForSelector(played);
    assert.equal(await page.textContent('.player[data-side="black"] .clock'), black, "Black's time is kept over a reload");
    await page.waitForSelector('.player[data-side="white"] .clock.running');
    const id = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('id');
    assert.ok(id, `a saved game id in ${page.url()}`);
    await page.goto(fx.url + '/play?id=' + encodeURIComponent(id));
    await page.waitForSelector(played);
    assert.equal(await page.textContent('.player[data-side="black"] .clock'), black, 'the saved game keeps its clocks');
    await page.waitForSelector('.player[data-side="white"] .clock.running');
    await page.close();
  });

  test('new game: a bad start position is refused with the reason', async () => {
    const page = await fx.open('/new?variant=marseillais');
    assert.ok(await page.isChecked('.variant-choice[data-variant="marseillais"] input'));
    await page.check('input[data-option="unbalanced"]');
    await page.fill('input[data-option="fen"]', '8/8/8/8 w - - 0 1');
    await page.click('[data-action="start"]');
    await page.waitForSelector('.newgame-form .notice');
    // The reason in a player's words (issue 16): which part of the position is wrong, and how.
    assert.match(await page.locator('.newgame-form .notice').textContent(),
      /start position cannot be read: in the piece placement \(field 1\), .*8 ranks.*got 4/);
    await page.fill('input[data-option="fen"]', '');
    await page.click('[data-action="start"]');
    await page.waitForSelector(`${live} .play[data-variant="marseillais"] .board`);
    assert.equal(new URL(page.url()).searchParams.get('options'), 'unbalanced=true');
    // Unbalanced: White's first turn has two plies.
    assert.equal((await page.locator('.progress').textContent()).trim(), 'ply 1 of 2');
    await page.close();
  });

  test('settings: dark theme, green board, no dots; they apply and stay', async () => {
    const page = await fx.open('/settings');
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await bg(), 'rgb(244, 241, 234)', 'light by default (system is light here)');
    await page.check('[data-setting="theme-dark"]');
    await page.waitForSelector('html[data-theme="dark"]');
    assert.equal(await bg(), 'rgb(23, 22, 20)');
    await page.check('[data-setting="board-green"]');
    await page.waitForSelector('html[data-board="green"]');
    await page.uncheck('[data-setting="dots"]');
    await page.reload();
    await page.waitForSelector(liveMain);
    await page.waitForSelector('html[data-theme="dark"][data-board="green"]');
    assert.equal(await page.isChecked('[data-setting="dots"]'), false);
    // On the game screen: the board is green and no dots show.
    await page.goto(fx.url + '/play?variant=orthodox');
    await page.waitForSelector(`${live} .play .board`);
    const dark = await page.$eval('.board [data-square="a1"]', (el) => getComputedStyle(el).backgroundColor);
    assert.equal(dark, 'rgb(118, 150, 86)');
    await page.click('.board [data-square="e2"]');
    await page.waitForSelector('.board [data-square="e2"].selected');
    assert.equal(await page.locator('.board .sq.target').count(), 0, 'no dots');
    // Auto-flip: after White's ply, Black sits at the bottom.
    await page.goto(fx.url + '/settings');
    await page.waitForSelector(liveMain);
    await page.check('[data-setting="autoflip"]');
    await page.goto(fx.url + '/play?variant=orthodox');
    await page.waitForSelector(`${live} .play .board[data-orientation="white"]`);
    await page.click('.board [data-square="e2"]');
    await page.click('.board [data-square="e4"]');
    await page.waitForSelector('.board[data-orientation="black"]');
    await page.goto(fx.url + '/settings');
    await page.waitForSelector(liveMain);
    await page.uncheck('[data-setting="autoflip"]');
    // Back to the system theme.
    await page.goto(fx.url + '/settings');
    await page.waitForSelector(liveMain);
    await page.check('[data-setting="theme-system"]');
    await page.check('[data-setting="dots"]');
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-theme'));
    assert.equal(await bg(), 'rgb(244, 241, 234)');
    await page.close();
  });

  test('no errors in the pages', () => {
    assert.deepEqual(errors, []);
  });
});
