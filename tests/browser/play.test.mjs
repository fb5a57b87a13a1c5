// The game screen in real Chromium, played by clicking squares as a person would: the
// required games of the issue (progressive mate, Marseillais double moves, an SDM token with
// its double move and skip, dice with scripted rolls: a pass and a king capture, an illegal
// ply refused with its rule), then the move list, take back, drag and drop and promotion.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, live, playReady } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

describe('game screen', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  // open loads a play address and waits until the running program has drawn the game.
  // dice, when given, is the list of rolls the page takes (the test hook of app/view/hooks.go).
  const open = (path, { dice } = {}) => fx.open(path, { selector: playReady, dice });

  // squareCenter returns the centre of a square of the board in page coordinates. A rank is
  // drawn anew when its squares change (a selection marks the targets), so the square found
  // may be replaced before it is measured: it is measured again then.
  async function squareCenter(page, sq) {
    for (let i = 0; i < 50; i++) {
      const b = await page.locator(`.board [data-square="${sq}"]`).boundingBox();
      if (b) return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }
    throw new Error(`square ${sq} could not be measured`);
  }

  async function plies(page, ...list) {
    for (const p of list) await ply(page, p);
  }

  const text = async (page, sel) => (await page.locator(sel).first().textContent()).trim();
  const movetext = (page) => page.getAttribute('.moves', 'data-movetext');
  const pieceOn = (page, sq) => page.$eval(`.board [data-square="${sq}"]`,
    (el) => el.querySelector('[data-piece]')?.dataset.piece ?? null);
  // waitPiece waits until square sq holds piece (null: empty), for updates that follow a key.
  const waitPiece = (page, sq, piece) => page.waitForFunction(([s, p]) =>
    (document.querySelector(`.board [data-square="${s}"] [data-piece]`)?.dataset.piece ?? null) === p, [sq, piece]);

  // rows returns the move list as [number, cell texts...] per row.
  async function rows(page) {
    return page.$$eval('.moves .move-row', (els) =>
      els.map((row) => [...row.children].map((c) => c.textContent.trim())),
    );
  }

  test('Progressive (Italian): 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7# to the mate banner', async () => {
    const page = await open('/play?variant=progressive-italian');
    assert.equal(await text(page, '.status'), 'White to move');
    assert.equal(await text(page, '.progress'), 'series 1: ply 1 of 1');
    await ply(page, 'e2e4');
    assert.equal(await text(page, '.status'), 'Black to move');
    assert.equal(await text(page, '.progress'), 'series 2: ply 1 of 2');
    await ply(page, 'e7e5');
    assert.equal(await text(page, '.progress'), 'series 2: ply 2 of 2');
    await plies(page, 'g8f6', 'f1c4', 'd1h5');
    assert.equal(await text(page, '.progress'), 'series 3: ply 3 of 3');
    // Every ply of the series so far, and Black's series before it, are highlighted.
    const lit = await page.$$eval('.board .sq.last-move', (els) => els.map((e) => e.dataset.square).sort());
    assert.deepEqual(lit, ['c4', 'd1', 'e5', 'e7', 'f1', 'f6', 'g8', 'h5']);
    await ply(page, 'h5f7');
    assert.equal(await movetext(page), '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#');
    assert.deepEqual(await rows(page), [['1.', 'e4'], ['2.', 'e5 Nf6'], ['3.', 'Bc4 Qh5 Qxf7#']]);
    assert.equal(await text(page, '.banner-text'), 'White wins: checkmate');
    assert.equal(await text(page, '.banner-rule'), 'rule P2');
    assert.equal(await page.getAttribute('.play', 'data-over'), 'true');
    // The king in check glows; no piece can be picked up any more.
    assert.ok(await page.locator('.board [data-square="e8"].check').count(), 'e8 marked in check');
    await page.click('.board [data-square="f7"]');
    await page.click('.board [data-square="e8"]');
    await page.waitForTimeout(100);
    assert.equal(await page.locator('.board .sq.selected').count(), 0, 'nothing selected after the mate');
    await page.close();
  });

  test('Marseillais: 1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5', async () => {
    const page = await open('/play?variant=marseillais');
    await ply(page, 'e2e4');
    assert.equal(await text(page, '.status'), 'Black to move');
    assert.equal(await text(page, '.progress'), 'ply 1 of 2');
    await ply(page, 'e7e5');
    assert.equal(await text(page, '.status'), 'Black to move');
    assert.equal(await text(page, '.progress'), 'ply 2 of 2');
    await plies(page, 'b8c6', 'd1h5', 'g1f3', 'g7g6', 'g6h5');
    assert.equal(await movetext(page), '1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5');
    assert.deepEqual(await rows(page), [['1.', 'e4', 'e5,Nc6'], ['2.', 'Qh5,Nf3', 'g6,gxh5']]);
    assert.equal(await pieceOn(page, 'h5'), 'bP');
    assert.equal(await page.locator('.board [data-piece="wQ"]').count(), 0, 'the white queen is gone');
    assert.equal(await text(page, '.status'), 'White to move');
    await page.close();
  });

  test('SDM: a token spend, the double move and the skip', async () => {
    const page = await open('/play?variant=sdm');
    assert.equal(await page.getAttribute('.player[data-side="white"] .tokens', 'data-tokens'), '1');
    assert.equal(await text(page, '.spend-note'), 'Then: Black moves twice, then White skips a turn.');
    await page.check('#spend');
    await ply(page, 'e2e4');
    assert.equal(await page.getAttribute('.player[data-side="white"] .tokens', 'data-tokens'), '0');
    assert.equal(await page.getAttribute('.player[data-side="black"] .tokens', 'data-tokens'), '1');
    assert.equal(await text(page, '.status'), 'Black to move');
    assert.equal(await text(page, '.progress'), 'ply 1 of 2');
    assert.equal(await text(page, '.schedule'), 'Next: White skips a turn.');
    assert.ok(await page.isDisabled('#spend'), 'no spend during a double move');
    assert.equal(await text(page, '.spend-note'), 'SDM rule S2: a token cannot be spent during a Double Move');
    await ply(page, 'e7e5');
    assert.equal(await text(page, '.progress'), 'ply 2 of 2');
    await ply(page, 'd7d5');
    // White's turn is skipped: Black moves again.
    assert.equal(await text(page, '.status'), 'Black to move');
    assert.equal(await page.locator('.progress').count(), 0, 'a one-ply turn has no ply counter');
    await ply(page, 'g8f6');
    assert.equal(await text(page, '.status'), 'White to move');
    assert.equal(await movetext(page), '1. {spend} e4 e5,d5 2.-- Nf6');
    assert.deepEqual(await rows(page), [['1.', '★e4', 'e5,d5'], ['2.', '--', 'Nf6']]);
    assert.equal(await page.locator('.moves .cell.skipped').count(), 1);
    assert.equal(await page.locator('.moves .ply.spent').count(), 1);
    await page.close();
  });

  test('Dice (scripted rolls): a pass in check, then a king capture', async () => {
    const page = await open('/play?variant=dice', { dice: [[1, 2], [1, 2], [5, 3], [3, 4], [5, 6]] });
    // Before the roll no ply is allowed.
    await page.click('.board [data-square="e2"]');
    await page.click('.board [data-square="e4"]');
    assert.equal(await text(page, '.notice'), 'Dice rule D1: roll the dice first');
    assert.equal(await pieceOn(page, 'e2'), 'wP');

    const roll = async (want) => {
      await page.click('button.roll');
      await page.waitForSelector(`.dice[data-roll="${want}"]`);
    };
    await roll('1-2');
    const lit = await page.$$eval('.allowed-type.lit', (els) => els.map((e) => e.dataset.type));
    assert.deepEqual(lit, ['pawn', 'knight']);
    assert.equal(await page.getAttribute('.dice', 'aria-label'), 'Dice: 1 and 2');
    await ply(page, 'e2e4');
    await roll('1-2');
    await ply(page, 'f7f6');
    await roll('5-3');
    await ply(page, 'd1h5');
    assert.ok(await page.locator('.board [data-square="e8"].check').count(), 'Black in check');
    await page.click('button.roll'); // 3-4: no answer to the check
    await page.waitForSelector('.pass-note');
    assert.equal(await text(page, '.pass-note'),
      'No legal move for Black with 3-4, not even out of check: the turn passes (D3).');
    assert.equal(await text(page, '.status'), 'White to move');
    assert.ok(await page.locator('.board [data-square="e8"].check').count(), 'the king stays attacked');
    await roll('5-6');
    await page.click('.board [data-square="h5"]');
    await page.waitForSelector('.board [data-square="h5"].selected');
    assert.deepEqual(await page.$$eval('.board .sq.target', (els) => els.map((e) => e.dataset.square)), ['e8']);
    await page.click('.board [data-square="e8"]');
    await page.waitForSelector('.banner');
    assert.equal(await text(page, '.banner-text'), 'White wins: king captured');
    assert.equal(await text(page, '.banner-rule'), 'rule D4');
    assert.equal(await pieceOn(page, 'e8'), 'wQ');
    assert.equal(await movetext(page),
      '1. {roll 1-2} e4 {roll 1-2} f6 2. {roll 5-3} Qh5+ {roll 3-4} -- 3. {roll 5-6} Qh5xe8');
    const cells = await rows(page);
    assert.deepEqual(cells[1], ['2.', '5-3Qh5+', '3-4--']);
    await page.close();
  });

  test('an illegal ply is refused with its reason and rule number', async () => {
    const page = await open('/play?variant=progressive-italian');
    await plies(page, 'e2e4', 'e7e5', 'g8f6', 'f1c4');
    await page.click('.board [data-square="c4"]');
    await page.waitForSelector('.board [data-square="c4"].selected');
    // Dots on every square the bishop may reach, but not on f7 (Bxf7+ would check early).
    const dots = await page.$$eval('.board .sq.target', (els) => els.map((e) => e.dataset.square).sort());
    assert.deepEqual(dots, ['a6', 'b3', 'b5', 'd3', 'd5', 'e2', 'e6', 'f1']);
    await page.click('.board [data-square="f7"]');
    await page.waitForSelector('.notice');
    assert.equal(await text(page, '.notice'), 'Italian rule P4: check only on the last ply of a series');
    assert.equal(await page.getAttribute('.notice', 'data-rule'), 'P4');
    assert.equal(await pieceOn(page, 'f7'), 'bP');
    assert.equal(await pieceOn(page, 'c4'), 'wB');
    assert.equal(await text(page, '.progress'), 'series 3: ply 2 of 3');
    // The next legal ply clears the notice.
    await ply(page, 'd1h5');
    assert.equal(await page.locator('.notice').count(), 0);
    await page.close();
  });

  test('move list: click a turn, arrow keys, take back and redo', async () => {
    const page = await open('/play?variant=marseillais');
    await plies(page, 'e2e4', 'e7e5', 'b8c6', 'd1h5');
    // Click Black's first turn: the board shows the position after e5,Nc6.
    await page.click('.moves .ply:text-is("Nc6")');
    await page.waitForSelector('.viewing-note');
    assert.equal(await pieceOn(page, 'd1'), 'wQ');
    assert.equal(await pieceOn(page, 'c6'), 'bN');
    assert.ok(await page.locator('.moves .ply.current:text-is("Nc6")').count());
    await page.keyboard.press('ArrowLeft'); // one ply back: Nc6 not played
    await waitPiece(page, 'c6', null);
    assert.equal(await pieceOn(page, 'e5'), 'bP');
    await page.keyboard.press('Home'); // the start
    await waitPiece(page, 'e4', null);
    assert.equal(await pieceOn(page, 'e2'), 'wP');
    await page.keyboard.press('ArrowRight'); // after e4
    await waitPiece(page, 'e4', 'wP');
    await page.keyboard.press('End'); // the live position
    await page.waitForSelector('.viewing-note', { state: 'detached' });
    assert.equal(await pieceOn(page, 'h5'), 'wQ');
    // Take back twice, redo once.
    await page.click('[data-action="undo"]');
    await waitPiece(page, 'd1', 'wQ');
    await page.click('[data-action="undo"]');
    await waitPiece(page, 'c6', null);
    assert.equal(await text(page, '.progress'), 'ply 2 of 2');
    await page.click('[data-action="redo"]');
    await waitPiece(page, 'c6', 'bN');
    assert.equal(await movetext(page), '1.e4 e5,Nc6');
    // The address carries the game: a reload shows it again.
    await page.reload();
    await page.waitForSelector(`${live} .play .moves .ply`);
    assert.equal(await movetext(page), '1.e4 e5,Nc6');
    assert.ok(await page.isEnabled('[data-action="undo"]'));
    await page.close();
  });

  test('resign and draw ask first, then the banner names the end', async () => {
    const page = await open('/play?variant=orthodox');
    await ply(page, 'e2e4');
    await page.click('[data-action="resign"]');
    await page.waitForSelector('.game-actions.confirm');
    await page.click('[data-action="cancel"]');
    await page.waitForSelector('[data-action="resign"]');
    assert.equal(await page.locator('.banner').count(), 0);
    await page.click('[data-action="draw"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('.banner');
    assert.equal(await text(page, '.banner-text'), 'Draw: agreed');
    await page.click('[data-action="undo"]'); // takes the agreement back
    await page.waitForSelector('.banner', { state: 'detached' });
    await page.click('[data-action="resign"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('.banner');
    assert.equal(await text(page, '.banner-text'), 'White wins: Black resigns');
    await page.close();
  });

  test('drag and drop with the mouse, flip, and the promotion picker', async () => {
    const page = await open('/play?variant=orthodox&fen=' + encodeURIComponent('7k/4P3/8/8/8/8/8/K7 w - - 0 1'));
    const center = async (sq) => {
      const { x, y } = await squareCenter(page, sq);
      return [x, y];
    };
    // Drag the king a1-b2.
    let [x, y] = await center('a1');
    await page.mouse.move(x, y);
    await page.mouse.down();
    const [x2, y2] = await center('b2');
    await page.mouse.move((x + x2) / 2, (y + y2) / 2, { steps: 3 });
    assert.equal(await page.locator('.piece.dragging').count(), 1, 'the piece follows the pointer');
    assert.ok(await page.$eval('.board.interactive', (el) => el.hasPointerCapture(1)),
      'the board captures the pointer (browser.CapturePointer)');
    await page.mouse.move(x2, y2, { steps: 3 });
    await page.mouse.up();
    await page.waitForSelector('.board [data-square="b2"] [data-piece="wK"]');
    assert.equal(await page.locator('.piece.dragging').count(), 0);
    await ply(page, 'h8g8');
    // Drag the pawn to e8: the picker offers four pieces; choose a knight.
    [x, y] = await center('e7');
    await page.mouse.move(x, y);
    await page.mouse.down();
    const [x3, y3] = await center('e8');
    await page.mouse.move(x3, y3, { steps: 4 });
    await page.mouse.up();
    await page.waitForSelector('.promo');
    assert.deepEqual(await page.$$eval('.promo [data-promotion]', (els) => els.map((e) => e.dataset.promotion)),
      ['q', 'n', 'r', 'b']);
    await page.click('.promo [data-promotion="n"]');
    await page.waitForSelector('.board [data-square="e8"] [data-piece="wN"]');
    assert.equal(await movetext(page), '1.Kb2 Kg8 2.e8=N');
    // Flip: Black at the bottom.
    await page.click('[data-action="flip"]');
    await page.waitForSelector('.board[data-orientation="black"]');
    const order = await page.$$eval('.board [data-square]', (els) => els.map((e) => e.dataset.square));
    assert.equal(order[0], 'h1');
    assert.equal(order[63], 'a8');
    await page.close();
  });

  test('sounds: a move and a capture play their notes through Web Audio (browser.Sound)', async () => {
    const page = await open('/play?variant=orthodox');
    // The AudioContext is made at the first sound: its oscillators report their notes.
    await page.evaluate(() => {
      window.__tones = [];
      const Ctx = window.AudioContext || window.webkitAudioContext;
      const create = Ctx.prototype.createOscillator;
      Ctx.prototype.createOscillator = function () {
        const osc = create.call(this);
        const set = osc.frequency.setValueAtTime.bind(osc.frequency);
        osc.frequency.setValueAtTime = (f, t) => { window.__tones.push(f); return set(f, t); };
        return osc;
      };
    });
    await ply(page, 'e2e4');
    await page.waitForFunction(() => window.__tones.length > 0);
    assert.deepEqual(await page.evaluate(() => window.__tones.splice(0)), [420], 'the sound of a move');
    await ply(page, 'd7d5');
    await page.waitForFunction(() => window.__tones.length > 0);
    await page.evaluate(() => { window.__tones = []; });
    await ply(page, 'e4d5');
    await page.waitForFunction(() => window.__tones.length >= 2);
    assert.deepEqual(await page.evaluate(() => window.__tones), [300, 220], 'the sound of a capture');
    await page.close();
  });

  test('against the computer: it answers, and a take back returns to the person\'s move', async () => {
    const page = await open('/play?variant=marseillais&mode=computer&level=1');
    assert.equal(await text(page, '.player[data-side="black"] .player-name'), 'Black · computer');
    await ply(page, 'e2e4');
    // The computer plays Black's two plies; then White is to move again.
    await page.waitForFunction(() => document.querySelector('.status')?.textContent === 'White to move', null, { timeout: 30000 });
    const mt = await movetext(page);
    assert.match(mt, /^1\.e4 \S+,\S+$/, `the computer's turn is two plies: ${mt}`);
    await page.click('[data-action="undo"]');
    await page.waitForFunction(() => !document.querySelector('.moves .ply'));
    assert.equal(await pieceOn(page, 'e2'), 'wP');
    assert.equal(await text(page, '.status'), 'White to move');
    await page.close();
  });

  test('touch: tap-tap and a finger drag move pieces', async () => {
    const phone = await fx.fresh({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
    try {
      const page = await fx.open('/play?variant=marseillais', { context: phone, selector: playReady });
      await page.tap('.board [data-square="e2"]');
      await page.waitForSelector('.board [data-square="e2"].selected');
      await page.tap('.board [data-square="e4"]');
      await page.waitForSelector('.board [data-square="e4"] [data-piece="wP"]');
      // A finger drags the e7 pawn to e5 (raw touch events through the DevTools protocol).
      const box = (sq) => squareCenter(page, sq);
      const cdp = await phone.newCDPSession(page);
      const a = await box('e7');
      const b = await box('e5');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
      for (let i = 1; i <= 5; i++) {
        const p = { x: a.x + ((b.x - a.x) * i) / 5, y: a.y + ((b.y - a.y) * i) / 5 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForSelector('.board [data-square="e5"] [data-piece="bP"]');
      assert.equal(await movetext(page), '1.e4 e5');
      // The page did not scroll while the finger moved on the board.
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      await page.close();
    } finally {
      await phone.close();
    }
  });

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
