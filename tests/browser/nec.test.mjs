// Never-Ending Chess in real Chromium: two people play three updates behind covers and see the
// right result, a 4-seat game with 3 bots runs 30 updates, the board pans, zooms and jumps,
// the game is saved and shared, and the desktop and phone layouts are photographed.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { drawn, fixture, outDir } from './fixture.mjs';
import {
  assertHidden, backToAction, camera, clickSquare, move, newGame, point, updates, waitBoard,
  waitLive, waitUpdates,
} from './nec-helpers.mjs';

describe('Never-Ending Chess', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  after(() => {
    assert.deepEqual(errors, [], 'errors in the pages');
  });

  const newPage = () => fx.page();

  // pass hands the device on: the cover names the seat, then the seat reveals its board.
  async function reveal(page, colour) {
    await page.waitForSelector(`.nec-cover h2:text("Pass to ${colour}")`);
    await page.click('[data-action="reveal"]');
    await page.waitForSelector(`[data-entering]`);
    await waitBoard(page);
  }

  let sharedGame; // the page of the two people's game, reused by the save and share test

  test('two people play three updates with hidden entry and see the right result', async () => {
    const page = await newPage();
    await newGame(page, fx.url, { seats: ['person', 'person'] });

    // Update 1: white's rook leaves the corner along the rank, black's knight jumps.
    await reveal(page, 'White');
    await move(page, [-3, -12], [-6, -12]);
    assert.equal(await page.textContent('.nec-order-text'), 'R(-6,-12)');
    await page.click('[data-action="submit"]');
    await page.waitForSelector('.nec-cover');
    await assertHidden(page, ['R(-6,-12)', '(-6,-12)'], "black's cover, update 1");
    await reveal(page, 'Black');
    await assertHidden(page, ['R(-6,-12)', '(-6,-12)'], "black's entry, update 1");
    assert.equal(await page.getAttribute('[data-seat="0"]', 'data-status'), 'ready');
    await move(page, [-3, 12], [-4, 10]);
    await assertHidden(page, ['R(-6,-12)', '(-6,-12)'], "black's entry with its own order, update 1");
    await page.click('[data-action="submit"]');
    await waitUpdates(page, 1);
    // The result is public: both orders revealed.
    const list1 = await page.textContent('.nec-phase');
    assert.match(list1, /White: R\(-6,-12\)/);
    assert.match(list1, /Black: N\(-4,10\)/);
    await page.waitForSelector('.nec-piece[data-square="(-6,-12)"][data-piece="White rook"]');
    await page.waitForSelector('.nec-piece[data-square="(-4,10)"][data-piece="Black knight"]');

    // Update 2: the rook runs up the file and attacks the knight along the rank.
    await page.click('[data-action="continue"]');
    await reveal(page, 'White');
    await move(page, [-6, -12], [-6, 10]);
    await page.click('[data-action="submit"]');
    await reveal(page, 'Black');
    await assertHidden(page, ['(-6,10)'], "black's entry, update 2");
    await move(page, [1, 11], [1, 10]);
    await page.click('[data-action="submit"]');
    await waitUpdates(page, 2);
    // The knight is on a threat clock: one update to get out of the attack (N6).
    await page.waitForSelector('.nec-piece.clock[data-square="(-4,10)"]');

    // Update 3: white takes the knight with a fallback "if the capture fails"; black does not
    // move the knight, so the capture succeeds. The knight was defended by the pawn on
    // (-3,11): the rook is capturable at once (N7).
    await page.click('[data-action="continue"]');
    await reveal(page, 'White');
    await move(page, [-6, 10], [-4, 10]);
    await page.waitForSelector('[data-action="if-fails"]:not([disabled])');
    assert.ok(await page.isDisabled('[data-action="if-captured"]'), 'no if-captured fallback for a piece that cannot be captured');
    await page.click('[data-action="if-fails"]');
    await clickSquare(page, -6, 10);
    await page.waitForSelector('.nec-piece.selected[data-square="(-6,10)"]');
    await clickSquare(page, -6, 5);
    await page.waitForSelector('.nec-steps [data-step="1"]');
    const order = await page.getAttribute('.nec-order-text', 'data-order');
    assert.match(order, /^Rx(N)?\(-4,10\) \/ R\(-6,5\)$/);
    await page.click('[data-action="submit"]');
    await page.waitForSelector('.nec-cover');
    await assertHidden(page, ['(-6,5)', 'x(-4,10)'], "black's cover, update 3");
    await reveal(page, 'Black');
    await assertHidden(page, ['(-6,5)', 'x(-4,10)'], "black's entry, update 3");
    await move(page, [2, 11], [2, 10]);
    await page.click('[data-action="submit"]');
    await waitUpdates(page, 3);

    await page.waitForSelector('.nec-piece.capturable[data-square="(-4,10)"][data-piece="White rook"]');
    assert.equal(await page.getAttribute('[data-seat="0"] [data-score]', 'data-score'), '3');
    assert.equal(await page.getAttribute('[data-seat="1"] [data-score]', 'data-score'), '0');
    const result = await page.textContent('.nec-phase');
    assert.match(result, /White captured the Black knight on \(-4,10\)/);
    assert.match(result, /White rook on \(-4,10\) is capturable \(covered\)/);
    // The ghost of the knight is drawn where it was taken.
    await page.waitForSelector('.nec-ghost[data-ghost="captured"][data-square="(-4,10)"]', { state: 'attached' });
    // The list keeps every update with both orders, and steps back.
    assert.equal(await page.locator('.nec-history .nec-update').count(), 3);
    await page.click('[data-update="1"] .nec-update-btn');
    await page.waitForSelector('.nec-looking');
    await page.waitForSelector('.nec-piece[data-square="(-3,-12)"]', { state: 'detached' });
    await page.waitForSelector('.nec-piece[data-square="(-6,-12)"][data-piece="White rook"]');
    await page.click('[data-action="now"]');
    await page.waitForSelector('.nec-looking', { state: 'detached' });
    sharedGame = page;
  });

  test('saved, listed, reloaded and shared like the other games', async () => {
    assert.ok(sharedGame, 'the two people\'s game');
    const page = sharedGame;
    const url = page.url();
    await page.reload();
    await waitLive(page, '.nec-play');
    await waitBoard(page);
    assert.equal(await updates(page), 3);
    await page.waitForSelector('.nec-piece.capturable[data-square="(-4,10)"]');

    // The share dialog of every game.
    await page.click('[data-action="share"]');
    await page.waitForSelector('.share-dialog[data-kind="nec"] #share-link');
    const link = await page.inputValue('#share-link');
    assert.match(link, /\/nec#n=2[A-Za-z0-9_-]+&id=/);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.share-dialog', { state: 'detached' });

    const other = await newPage();
    await other.goto(link);
    await waitLive(other, '.nec-play');
    await waitBoard(other);
    assert.equal(await updates(other), 3);
    await other.waitForSelector('.nec-piece[data-square="(-4,10)"][data-piece="White rook"]');
    assert.ok(other.url().includes('/nec?id='), `the address becomes the saved game: ${other.url()}`);

    await other.goto(fx.url + '/nec/new');
    await waitLive(other, '.nec-saved-list');
    const id = new URL(url).searchParams.get('id');
    await other.waitForSelector(`.nec-saved[data-id="${id}"]`);

    // The saved-games screen lists it with the 8x8 games, in the same row, and Resume
    // resumes it.
    await other.goto(fx.url + '/saved');
    await waitLive(other, '.saved-page');
    await other.waitForSelector(`.saved-page .saved-game[data-kind="nec"][data-id="${id}"]`);
    await other.screenshot({ path: join(outDir, 'saved-with-nec.png'), fullPage: true });
    await other.click(`.saved-page .saved-game[data-kind="nec"][data-id="${id}"] [data-action="resume"]`);
    await waitLive(other, '.nec-play');
    await waitBoard(other);
    assert.equal(await updates(other), 3);
    await other.close();
  });

  test('a 4-seat game with 3 bots runs 30 updates without an error', async () => {
    const page = await newPage();
    await newGame(page, fx.url, { seats: ['person', 'bot1', 'bot1', 'bot1'], fairy: true, end: { updates: 40 } });
    await waitBoard(page);
    // The bots think in a worker on the wall clock: on a loaded machine an update may take
    // far longer than on an idle one, so the waits are generous (no speed is asserted).
    for (let u = 1; u <= 30; u++) {
      await page.waitForSelector('[data-entering="0"]', { timeout: 90000 });
      if (u % 3 === 1) {
        // Now and then a real move: the first pawn that can step forward.
        const pawn = await page.evaluate(() => {
          const own = [...document.querySelectorAll('.nec-piece.own[data-piece="White pawn"]')];
          return own.map((e) => e.dataset.square);
        });
        let moved = false;
        for (const sq of pawn) {
          const [x, y] = sq.slice(1, -1).split(',').map(Number);
          const free = await page.$(`.nec-piece[data-square="(${x},${y + 1})"]`);
          if (free) continue;
          await move(page, [x, y], [x, y + 1]);
          moved = true;
          break;
        }
        await page.click(moved ? '[data-action="submit"]' : '[data-action="pass"]');
      } else {
        await page.click('[data-action="pass"]');
      }
      await waitUpdates(page, u, 90000);
    }
    assert.equal(await updates(page), 30);
    const statuses = await page.$$eval('[data-seat][data-status]', (es) => es.map((e) => e.dataset.status));
    assert.equal(statuses.length, 4);
    await page.screenshot({ path: join(outDir, 'nec-4-seats-desktop.png') });
  });

  test('bots alone: step by step, then by themselves to the end', async () => {
    const page = await newPage();
    await newGame(page, fx.url, { seats: ['bot1', 'bot1', 'bot1'], end: { updates: 4 } });
    await waitBoard(page);
    await page.click('[data-action="continue"]');
    await waitUpdates(page, 1);
    await page.check('[data-action="auto"]');
    await page.waitForSelector('[data-over]', { timeout: 20000 });
    assert.equal(await updates(page), 4);
    assert.match(await page.textContent('.nec-phase'), /Game over: .* won/);
    assert.ok(await page.$('.nec-seat.winner'), 'a winner is marked');
    await page.close();
  });

  test('pan, zoom, jump, arrows and coordinates', async () => {
    const page = await newPage();
    await newGame(page, fx.url, { seats: ['person', 'bot1'] });
    await waitBoard(page);
    const c0 = await camera(page);
    const rook0 = await page.locator('.nec-piece[data-square="(4,-12)"]').boundingBox();

    // Drag: the board follows the mouse.
    const mid = { x: c0.box.x + c0.box.width / 2, y: c0.box.y + c0.box.height / 2 };
    const cam0 = await page.getAttribute('#nec-viewport', 'data-cam');
    await page.mouse.move(mid.x, mid.y);
    await page.mouse.down();
    await page.mouse.move(mid.x - 60, mid.y - 30, { steps: 4 });
    await page.mouse.move(mid.x - 100, mid.y - 50, { steps: 4 });
    await page.mouse.up();
    // The board follows the mouse: the rook ends 100 pixels left and 50 up.
    await page.waitForFunction(({ x, y }) => {
      const r = document.querySelector('.nec-piece[data-square="(4,-12)"]')?.getBoundingClientRect();
      return r && Math.abs(r.x - x) < 3 && Math.abs(r.y - y) < 3;
    }, { x: rook0.x - 100, y: rook0.y - 50 });
    assert.notEqual(await page.getAttribute('#nec-viewport', 'data-cam'), cam0);
    await drawn(page); // a selection made by the release would be drawn by now
    assert.equal(await page.$('[data-entering] .nec-piece.selected'), null, 'a drag selects nothing');

    // Hover: the coordinates of the square under the mouse.
    const p = await point(page, 2, -3);
    await page.mouse.move(p.x, p.y);
    await page.waitForSelector('.nec-readout[data-coords="(2,-3)"]');

    // Wheel: zoom in around the mouse, which stays over the same square.
    const s0 = (await camera(page)).s;
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((s) => Number(document.querySelector('#nec-viewport').dataset.cam.split(' ')[4]) > s, s0);
    const after = await point(page, 2, -3);
    assert.ok(Math.abs(after.x - p.x) < (await camera(page)).s / 2 && Math.abs(after.y - p.y) < (await camera(page)).s / 2,
      'the square under the mouse stays under it');

    // Pinch with two touch pointers: spreading the fingers zooms in.
    const s1 = (await camera(page)).s;
    await page.evaluate(({ x, y }) => {
      const vp = document.querySelector('#nec-viewport');
      const ev = (type, id, px, py) => vp.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', clientX: px, clientY: py, bubbles: true, isPrimary: id === 11,
      }));
      ev('pointerdown', 11, x - 20, y);
      ev('pointerdown', 12, x + 20, y);
      ev('pointermove', 11, x - 50, y);
      ev('pointermove', 12, x + 50, y);
      ev('pointerup', 11, x - 50, y);
      ev('pointerup', 12, x + 50, y);
    }, mid);
    await page.waitForFunction((s) => Number(document.querySelector('#nec-viewport').dataset.cam.split(' ')[4]) > s * 1.5, s1);

    // Jump far away: every piece is off screen, arrows point back with counts per player.
    await page.fill('.nec-jump-input', '200, -150');
    await page.click('[data-action="jump"]');
    await page.waitForFunction(() => document.querySelector('#nec-viewport').dataset.cam.startsWith('200 -150 '));
    assert.equal(await page.locator('.nec-piece').count(), 0);
    const arrows = await page.$$eval('.nec-arrow', (es) => es.map((e) => ({ dir: e.dataset.dir, title: e.title })));
    assert.ok(arrows.length >= 1, 'arrows towards the pieces');
    const total = arrows.reduce((n, a) => n + Number(a.title.match(/^(\d+) pieces/)[1]), 0);
    assert.equal(total, 32, `arrows count every piece: ${JSON.stringify(arrows)}`);
    assert.ok(arrows.some((a) => a.dir === 'north-west' && /White 16, Black 16/.test(a.title)), JSON.stringify(arrows));
    // An arrow brings the nearest piece that way to the centre.
    await page.click('.nec-arrow');
    await page.waitForSelector('.nec-piece');

    // Jump errors are said, not thrown.
    await page.fill('.nec-jump-input', 'far away');
    await page.click('[data-action="jump"]');
    await page.waitForSelector('.nec-jump-err');

    // Back to the action: all 32 pieces in view.
    await backToAction(page);
    await page.waitForFunction(() => document.querySelectorAll('.nec-piece').length === 32);
    await page.close();
  });

  test('on a 390-pixel phone, an 8-player game opens on the player\'s own army at a touchable size', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await newGame(page, fx.url, { seats: Array(8).fill('person'), end: { updates: 50 } });
    await reveal(page, 'White');
    const cam = await camera(page);
    assert.ok(cam.s >= 28, `${cam.s} px a square on the phone`);
    // Every piece of White's army is on the screen, inside the board's box, drawn large (the
    // glyph is narrower than its square; it was 8x11 px).
    const own = await page.$$eval('.nec-piece.own', (els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    assert.equal(own.length, 16, 'the whole army is drawn');
    for (const r of own) {
      assert.ok(r.width >= 14 && r.height >= 20, `a piece of ${r.width}x${r.height} px`);
      assert.ok(r.left >= cam.box.x - 1 && r.right <= cam.box.x + cam.box.width + 1, `piece at x ${r.left}..${r.right}`);
      assert.ok(r.top >= cam.box.y - 1 && r.bottom <= cam.box.y + cam.box.height + 1, `piece at y ${r.top}..${r.bottom}`);
    }
    await page.screenshot({ path: join(outDir, 'nec-phone-start-8.png') });
    await arrowsCoverNothing(page);
    // The next person takes the phone: its own army.
    await page.click('[data-action="pass"]');
    await reveal(page, 'Black');
    const black = await page.$$eval('.nec-piece.own', (els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    const box = (await camera(page)).box;
    assert.equal(black.length, 16);
    for (const r of black) assert.ok(r.top >= box.y - 1 && r.bottom <= box.y + box.height + 1, `Black's piece at y ${r.top}..${r.bottom}`);
    // Back to the action: every army in view. A new size after that (the phone turned, the
    // order panel grew) refits the action; it does not jump back to the player's own army.
    await backToAction(page);
    await page.waitForFunction(() => document.querySelectorAll('.nec-piece').length === 8 * 16);
    const before = (await camera(page)).s;
    assert.ok(before < 28, `the whole game at ${before} px a square`);
    await page.setViewportSize({ width: 390, height: 700 });
    // The new size measured, the camera refitted (or not) and drawn: the size the camera was
    // fitted to is the viewport's new one.
    await page.waitForFunction((h) => {
      const vp = document.getElementById('nec-viewport');
      return vp.clientHeight !== h && vp.dataset.size === `${vp.clientWidth} ${vp.clientHeight}`;
    }, box.height);
    await page.waitForFunction(() => document.querySelectorAll('.nec-piece').length === 8 * 16);
    const after = await camera(page);
    assert.ok(after.s < 28, `after a resize, ${after.s} px a square: still the whole game`);
    await page.close();
  });

  // arrowsCoverNothing checks that the arrows at the board's edges (towards the pieces off
  // screen) cover no piece and no coordinate, nor each other (issue 16).
  async function arrowsCoverNothing(page) {
    const found = await page.evaluate(() => {
      const box = (el) => el.getBoundingClientRect();
      const arrows = [...document.querySelectorAll('.nec-arrow')].map(box);
      const others = [...document.querySelectorAll('.nec-piece, .nec-coord')].map((el) => ({ r: box(el), what: el.getAttribute('aria-label') || el.textContent }));
      const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      const bad = [];
      arrows.forEach((a, i) => {
        for (const o of others) if (meets(a, o.r)) bad.push(`arrow ${i} covers ${o.what}`);
        arrows.forEach((b, j) => {
          if (j > i && meets(a, b)) bad.push(`arrows ${i} and ${j} overlap`);
        });
      });
      return { n: arrows.length, bad };
    });
    assert.ok(found.n > 0, 'arrows towards the other armies');
    assert.deepEqual(found.bad, []);
  }

  test('the side panel and the page never overflow sideways, desktop and phone', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const page = await newPage();
      await page.setViewportSize(viewport);
      await newGame(page, fx.url, { seats: ['person', 'person', 'bot1'], end: { updates: 50 } });
      await reveal(page, 'White');
      const over = await page.evaluate(() =>
        [document.documentElement, ...document.querySelectorAll('.nec-play aside, .nec-side, .nec-panel')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
      );
      assert.deepEqual(over, [], `at ${viewport.width}x${viewport.height}`);
      await page.close();
    }
  });

  test('screenshots of the desktop and phone layouts', async () => {
    for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 740 }]]) {
      const page = await newPage();
      await page.setViewportSize(viewport);
      await newGame(page, fx.url, { seats: ['person', 'person', 'bot1'], end: { updates: 50 } });
      await page.screenshot({ path: join(outDir, `nec-${name}-cover.png`) });
      await reveal(page, 'White');
      // A phone opens on the player's own army; the rook's target is beyond it: back to the
      // whole game first.
      await backToAction(page);
      await move(page, [-3, -12], [-6, -12]);
      await page.click('[data-action="submit"]');
      await reveal(page, 'Black');
      await backToAction(page);
      await move(page, [2, 12], [1, 10]);
      await page.click('[data-action="submit"]');
      await waitUpdates(page, 1);
      await page.click('[data-action="continue"]');
      await reveal(page, 'White');
      await clickSquare(page, -6, -12);
      await page.waitForSelector('.nec-target');
      await page.screenshot({ path: join(outDir, `nec-${name}-entry.png`) });
      await page.screenshot({ path: join(outDir, `nec-${name}-entry-full.png`), fullPage: true });
      await page.goto(fx.url + '/nec/new');
      await waitLive(page, '.nec-new form');
      await page.screenshot({ path: join(outDir, `nec-${name}-new.png`), fullPage: true });
      await page.close();
    }
  });
});
