// The interactive board in real Chromium (issues 15 and 16): arrows and circles drawn with the
// secondary button (colours by modifier keys, kept per position, cleared by a click), premoves
// against the computer (played as the turn comes when legal, dropped when not), a game played
// with the keyboard on the squares, and stepping through the game with the arrow keys and the
// mouse wheel, animated, with f turning the board.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { drawn, fixture, outDir, playReady } from './fixture.mjs';
import { ply } from './store-helpers.mjs';

const grid = '.play .board.interactive';

// attr reads a data attribute of the board; an empty one is not written at all.
const attr = async (page, name) => (await page.getAttribute(grid, `data-${name}`)) ?? '';

// until waits until the board's data attribute reads value (the board draws after the event).
const until = (page, name, value) =>
  page.waitForFunction(([g, n, v]) => (document.querySelector(g)?.dataset[n] ?? '') === v, [grid, name, value], { timeout: 10000 });

describe('the interactive board', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });

  // centre returns the page coordinates of a square's centre.
  async function centre(page, sq) {
    const box = await page.locator(`.board [data-square="${sq}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  // rightDrag draws with the secondary button from one square to another, holding keys.
  async function rightDrag(page, from, to, keys = []) {
    const a = await centre(page, from);
    const b = await centre(page, to);
    for (const k of keys) await page.keyboard.down(k);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down({ button: 'right' });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up({ button: 'right' });
    for (const k of keys) await page.keyboard.up(k);
  }

  const shapes = (page) => attr(page, 'shapes');
  const movetext = (page) => page.getAttribute('.moves', 'data-movetext');

  test('arrows and circles: drawn by the secondary button, coloured by the keys, kept per position, cleared by a click', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    await rightDrag(page, 'e2', 'e4');
    await page.waitForFunction((g) => document.querySelector(g).dataset.shapes === 'e2e4:green', grid);
    await rightDrag(page, 'g1', 'f3', ['Shift']);
    await rightDrag(page, 'd5', 'd5');
    await rightDrag(page, 'b1', 'c3', ['Control']);
    await until(page, 'shapes', 'e2e4:green g1f3:red d5d5:green b1c3:blue');
    assert.equal(await page.locator('.board-shapes line.arrow').count(), 3);
    assert.equal(await page.locator('.board-shapes circle.circle').count(), 1);
    // No context menu over the board: the page got no contextmenu default.
    const prevented = await page.evaluate((g) => {
      const ev = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.querySelector(g).dispatchEvent(ev);
      return ev.defaultPrevented;
    }, grid);
    assert.equal(prevented, true, 'the context menu is kept off the board');
    await page.screenshot({ path: join(outDir, 'board-arrows.png') });
    // The same arrow again takes it away.
    await rightDrag(page, 'g1', 'f3', ['Shift']);
    await until(page, 'shapes', 'e2e4:green d5d5:green b1c3:blue');

    // Kept per position while stepping (the move's own click cleared the start's).
    await ply(page, 'e2e4');
    await until(page, 'shapes', '');
    await rightDrag(page, 'e7', 'e5', ['Control']);
    await until(page, 'shapes', 'e7e5:blue');
    await page.click('.moves'); // the focus off the board, for the window's keys
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('.board-wrap.viewing');
    await until(page, 'shapes', '');
    await rightDrag(page, 'd2', 'd4');
    await until(page, 'shapes', 'd2d4:green');
    await page.keyboard.press('ArrowRight');
    await until(page, 'shapes', 'e7e5:blue');
    await page.keyboard.press('ArrowLeft');
    await until(page, 'shapes', 'd2d4:green');
    await page.keyboard.press('ArrowRight');
    await until(page, 'shapes', 'e7e5:blue');

    // A click clears them.
    await page.click('.board [data-square="a4"]');
    await until(page, 'shapes', '');
    assert.equal(await page.locator('.board-shapes .shape').count(), 0);
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  // heldComputer holds every message to the engine's worker until the test calls release, so
  // that the computer thinks for as long as the test needs, whatever the machine's load: time
  // to queue a premove. Messages posted after the release go through at once.
  const heldComputer = (page) =>
    page.addInitScript(() => {
      const post = Worker.prototype.postMessage;
      const held = [];
      window.__releaseWorker = () => {
        window.__releaseWorker = null;
        for (const [w, args] of held.splice(0)) post.apply(w, args);
      };
      Worker.prototype.postMessage = function (...args) {
        if (window.__releaseWorker) held.push([this, args]);
        else post.apply(this, args);
      };
    });
  // release lets the held messages reach the worker: the computer answers.
  const release = (page) => page.evaluate(() => window.__releaseWorker?.());
  // Black (the computer) has one move, Kb8; White has Kb6 and a rook on h1.
  const forced = '/play?variant=orthodox&mode=computer&color=white&level=1&fen=' + encodeURIComponent('k7/8/1K6/8/8/8/8/7R b - - 0 1');

  test('a premove is played as soon as the turn comes, when it is legal then', async () => {
    const page = await fx.open(forced, { selector: playReady, setup: heldComputer });
    await page.click('.board [data-square="h1"]');
    await page.click('.board [data-square="h8"]');
    await page.waitForFunction((g) => document.querySelector(g).dataset.premove === 'h1h8', grid);
    assert.equal(await page.locator('.board .sq.premove').count(), 2, 'the premove is shown');
    await page.screenshot({ path: join(outDir, 'board-premove.png') });
    // The computer plays Kb8, then the premove Rh8 mates at once.
    await release(page);
    await page.waitForSelector('.end-dialog', { timeout: 20000 });
    assert.match(await movetext(page), /Kb8 2\.Rh8#/);
    await until(page, 'premove', '');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('a premove illegal when the turn comes is dropped silently; a click cancels one', async () => {
    const page = await fx.open(forced, { selector: playReady, setup: heldComputer });
    // Cancelled by a click.
    await page.click('.board [data-square="h1"]');
    await page.click('.board [data-square="h5"]');
    await page.waitForFunction((g) => document.querySelector(g).dataset.premove === 'h1h5', grid);
    await page.click('.board [data-square="d4"]');
    await until(page, 'premove', '');
    // Kc7 is legal now, but not next to the king once it is on b8: dropped.
    await page.click('.board [data-square="b6"]');
    await page.click('.board [data-square="c7"]');
    await page.waitForFunction((g) => document.querySelector(g).dataset.premove === 'b6c7', grid);
    await release(page);
    await page.waitForFunction(() => /Kb8/.test(document.querySelector('.moves').dataset.movetext));
    await page.waitForFunction((g) => (document.querySelector(g).dataset.premove ?? '') === '', grid);
    assert.doesNotMatch(await movetext(page), /Kc7/);
    assert.equal(await page.locator('.board [data-square="b6"] [data-piece="wK"]').count(), 1);
    assert.equal(await page.locator('#notice, .notice.refused').count(), 0, 'no refusal said');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('premoves off in the settings: nothing can be picked up while the computer thinks', async () => {
    const settings = await fx.open('/settings');
    await settings.uncheck('[data-setting="premoves"]');
    await settings.close();
    const page = await fx.open(forced, { selector: playReady, setup: heldComputer });
    // Every value the board's premove and selection take from here on: both are empty before
    // the clicks, so a wait for empty ones could pass before the clicks are drawn.
    await page.evaluate((g) => {
      const el = document.querySelector(g);
      window.__picked = [];
      new MutationObserver(() => {
        if (el.dataset.premove || el.dataset.selected) window.__picked.push(`${el.dataset.premove ?? ''}/${el.dataset.selected ?? ''}`);
      }).observe(el, { attributes: true, attributeFilter: ['data-premove', 'data-selected'] });
    }, grid);
    await page.click('.board [data-square="h1"]');
    await page.click('.board [data-square="h8"]');
    // The computer's Kb8 comes once the clicks are drawn: a premove would be played at once.
    await drawn(page);
    await release(page);
    await page.waitForFunction(() => /Kb8/.test(document.querySelector('.moves').dataset.movetext));
    await drawn(page);
    assert.doesNotMatch(await movetext(page), /Rh8/);
    assert.deepEqual(await page.evaluate(() => window.__picked), [], 'nothing picked up or queued');
    assert.equal(await attr(page, 'premove'), '');
    assert.equal(await attr(page, 'selected'), '');
    const s = await fx.open('/settings');
    await s.check('[data-setting="premoves"]');
    assert.deepEqual(fx.errors, []);
    await page.close();
    await s.close();
  });

  test('keyboard on the squares: the arrows move the cursor, Enter picks up and moves', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    await page.focus(grid);
    const keys = async (...ks) => {
      for (const k of ks) await page.keyboard.press(k);
    };
    // The cursor starts on White's king.
    await keys('ArrowUp');
    await until(page, 'cursor', 'e2');
    await keys('Enter');
    await until(page, 'selected', 'e2');
    await keys('ArrowUp', 'ArrowUp', 'Enter');
    await page.waitForFunction(() => document.querySelector('.moves').dataset.movetext === '1.e4');
    await keys('ArrowUp', 'ArrowUp', 'ArrowUp', 'Enter', 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => document.querySelector('.moves').dataset.movetext === '1.e4 e5');
    // Knight out and back, Escape in between.
    await keys('ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight', 'Enter');
    await until(page, 'selected', 'g1');
    await keys('Escape');
    await until(page, 'selected', '');
    await keys('Enter', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter');
    await page.waitForFunction(() => document.querySelector('.moves').dataset.movetext === '1.e4 e5 2.Nf3');
    await page.screenshot({ path: join(outDir, 'board-keyboard.png') });
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('stepping: the arrow keys and the wheel step through the game, animated; f turns the board', async () => {
    const page = await fx.open('/play?variant=orthodox', { selector: playReady });
    for (const p of ['e2e4', 'e7e5', 'g1f3']) await ply(page, p);
    await page.click('.moves');
    await page.keyboard.press('ArrowUp');
    await page.waitForSelector('.board-wrap.viewing');
    // One step back slides the knight back to g1.
    assert.equal(await page.locator('.board [data-square="g1"] .piece.slide-a, .board [data-square="g1"] .piece.slide-b').count(), 1);
    await page.keyboard.press('ArrowUp');
    await page.waitForSelector('.board [data-square="e7"] [data-piece="bP"]');
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('.board [data-square="e5"] .piece.slide-a, .board [data-square="e5"] .piece.slide-b');
    // The wheel over the board: down forward, up back.
    const c = await centre(page, 'd4');
    await page.mouse.move(c.x, c.y);
    await page.mouse.wheel(0, 120);
    await page.waitForSelector('.board [data-square="f3"] [data-piece="wN"]');
    await page.waitForSelector('.board-wrap:not(.viewing)');
    await page.waitForTimeout(150);
    await page.mouse.wheel(0, -120);
    await page.waitForSelector('.board [data-square="g1"] [data-piece="wN"]');
    // f turns the board.
    assert.equal(await page.getAttribute('.play .board', 'data-orientation'), 'white');
    await page.keyboard.press('f');
    await page.waitForSelector('.play .board[data-orientation="black"]');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('in the dark theme: arrows, a circle, a premove and the cursor, photographed', async () => {
    const dark = await fx.fresh({ colorScheme: 'dark' });
    const page = await fx.open(forced, { context: dark, selector: playReady, setup: heldComputer });
    await page.click('.board [data-square="h1"]');
    await page.click('.board [data-square="h8"]');
    await until(page, 'premove', 'h1h8');
    await rightDrag(page, 'b6', 'b7');
    await rightDrag(page, 'a8', 'a8', ['Shift']);
    await until(page, 'shapes', 'b6b7:green a8a8:red');
    await page.screenshot({ path: join(outDir, 'board-dark.png') });
    assert.deepEqual(fx.errors, []);
    await page.close();
  });

  test('Marseillais against the computer: a premove queued during its two plies is the first ply of the next turn', async () => {
    // Motion on: the computer's turn is shown ply by ply, the premove waits for its end.
    const moving = await fx.fresh({ reducedMotion: 'no-preference' });
    const page = await fx.open('/play?variant=marseillais&mode=computer&color=white&level=1', { context: moving, selector: playReady, setup: heldComputer });
    await ply(page, 'e2e4');
    await page.click('.board [data-square="a2"]');
    await page.click('.board [data-square="a3"]');
    await until(page, 'premove', 'a2a3');
    await release(page);
    await page.waitForFunction(() => /^1\.e4 \S+,\S+ 2\.a3$/.test(document.querySelector('.moves').dataset.movetext), null, { timeout: 20000 });
    await until(page, 'premove', '');
    assert.equal(await page.textContent('.status'), 'White to move', 'the second ply of the turn is still to play');
    assert.deepEqual(fx.errors, []);
    await page.close();
  });
});
