// Playing from the keyboard in real Chromium (issue 16 item 4): the move box takes SAN, UCI
// and the variants' action words, offers the legal entries as completion, says why an entry
// is refused (an ambiguous move names its candidates), and a whole game is played by typing
// alone; the screen-reader mode says each ply and the turn's state in words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, liveMain, outDir, playReady } from './fixture.mjs';
import { typeMove } from './store-helpers.mjs';

describe('keyboard play', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });

  async function plies(page) {
    return page.locator('.moves .ply').count();
  }

  test("a game typed in the move box alone: SAN, UCI, completion, refusals in words", async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    // Completion lists the legal knight moves once "N" is typed.
    await page.fill('#move-input', 'N');
    await page.waitForFunction(() => document.querySelectorAll('#move-options option').length === 4);
    const options = await page.$$eval('#move-options option', (os) => os.map((o) => o.value));
    assert.deepEqual(options, ['Na3', 'Nc3', 'Nf3', 'Nh3']);

    // Fool's mate, typed: SAN, UCI, lower case, a check sign.
    await typeMove(page, 'f3');
    await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length === 1);
    assert.equal(await page.inputValue('#move-input'), '', 'the box is emptied after a move');
    await typeMove(page, 'e7e5');
    await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length === 2);

    // A refusal says why and changes nothing.
    await typeMove(page, 'Ke3');
    await page.waitForSelector('#move-box-error:not(:empty)');
    assert.match(await page.textContent('#move-box-error'), /Ke3 is not a legal move here/);
    assert.equal(await plies(page), 2);
    await typeMove(page, 'hello');
    await page.waitForFunction(() => /not a move/i.test(document.querySelector('#move-box-error').textContent));

    await typeMove(page, 'g4');
    await page.waitForFunction(() => document.querySelectorAll('.moves .ply').length === 3);
    await typeMove(page, 'qh4#');
    await page.waitForSelector('.end-dialog');
    assert.equal((await page.textContent('.end-reason-text')).trim(), 'Checkmate.');
    assert.equal(await plies(page), 4);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('an ambiguous move names its candidates; a promotion typed without its piece asks for it', async () => {
    const page = await fx.open('/play?variant=orthodox&fen=' + encodeURIComponent('4k3/P7/8/8/8/5N2/8/1N2K3 w - - 0 30'), { selector: playReady });
    await typeMove(page, 'Nd2');
    await page.waitForSelector('#move-box-error:not(:empty)');
    const why = await page.textContent('#move-box-error');
    assert.match(why, /could be Nbd2 or Nfd2/);
    await typeMove(page, 'a8');
    await page.waitForSelector('.promo .promo-choice');
    await page.screenshot({ path: join(outDir, 'keyboard-promotion.png') });
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('variant words: roll in dice chess, spend in SDM', async () => {
    const dice = await fx.open('/play?variant=dice', { selector: playReady, dice: [[1, 2]] });
    await typeMove(dice, 'roll');
    await dice.waitForSelector('.dice .die');
    await typeMove(dice, 'Nf3');
    await dice.waitForFunction(() => document.querySelectorAll('.moves .ply').length === 1);
    assert.match(await dice.textContent('.moves'), /Nf3/);
    await dice.close();

    const sdm = await fx.open('/play?variant=sdm', { selector: playReady });
    await typeMove(sdm, 'e4 spend');
    await sdm.waitForFunction(() => document.querySelectorAll('.moves .ply').length === 1);
    assert.equal(await sdm.locator('.moves .ply.spent').count(), 1, 'the token was spent with e4');
    assert.deepEqual(fx.errors, []);
    await sdm.close();
  });

  test('screen-reader mode: each ply and the turn are said in words in a live region', async () => {
    const page = await fx.open('/settings');
    await page.check('[data-setting="screen-reader"]');
    await page.goto(fx.url + '/play?variant=marseillais');
    await page.waitForSelector(playReady);
    const said = () => page.textContent('#sr-announce');
    assert.equal(await page.getAttribute('#sr-announce', 'aria-live'), 'polite');
    assert.equal((await said()).trim(), 'White to move.');
    await typeMove(page, 'e4');
    await page.waitForFunction(() => /White: pawn e4\. Black to move, ply 1 of 2\./.test(document.querySelector('#sr-announce').textContent));
    await typeMove(page, 'e5');
    await page.waitForFunction(() => /Black: pawn e5\. Black to move, ply 2 of 2\./.test(document.querySelector('#sr-announce').textContent));
    // Off again: no live region.
    await page.goto(fx.url + '/settings');
    await page.waitForSelector(liveMain);
    await page.uncheck('[data-setting="screen-reader"]');
    await page.goto(fx.url + '/play?variant=orthodox');
    await page.waitForSelector(playReady);
    assert.equal(await page.locator('#sr-announce').count(), 0);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });
});
