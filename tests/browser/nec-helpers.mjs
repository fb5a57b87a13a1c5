// Helpers of the Never-Ending Chess browser tests (nec*.test.mjs).
import assert from 'node:assert/strict';
import { live } from './fixture.mjs';

// waitLive waits until the running program (not the prerendered page) has drawn selector.
export async function waitLive(page, selector, timeout = 30000) {
  await page.waitForSelector(`${live} ${selector}`, { timeout });
}

// newGame fills the new-game screen and starts: seats is a list of "person" or "bot1".."bot3";
// end is { updates } or { score } or {} for last player standing.
export async function newGame(page, url, { seats, fairy = false, end = { updates: 100 } }) {
  await page.goto(url + '/nec/new');
  await waitLive(page, '.nec-new form');
  await page.selectOption('select[name="players"]', String(seats.length));
  await page.waitForSelector(`[data-seat-row="${seats.length - 1}"]`);
  for (let i = 0; i < seats.length; i++) {
    await page.selectOption(`select[name="seat${i}"]`, seats[i]);
  }
  if (fairy) await page.check('[data-option="layout-fairy"]');
  if (end.updates) {
    await page.check('[data-option="end-updates"]');
    await page.fill('input[name="updates"]', String(end.updates));
    await page.dispatchEvent('input[name="updates"]', 'change');
  } else if (end.score) {
    await page.check('[data-option="end-score"]');
    await page.fill('input[name="score"]', String(end.score));
    await page.dispatchEvent('input[name="score"]', 'change');
  } else {
    await page.check('[data-option="end-last"]');
  }
  await page.click('[data-action="start"]');
  await page.waitForURL(/\/nec\?id=/);
  await waitLive(page, '.nec-play');
}

// camera reads the board's camera: the centre square (ix, iy), its fraction and the scale.
export async function camera(page) {
  const text = await page.getAttribute('#nec-viewport', 'data-cam');
  const [ix, iy, fx, fy, s] = text.split(' ').map(Number);
  const box = await page.locator('#nec-viewport').boundingBox();
  return { ix, iy, fx, fy, s, box };
}

// point returns the page coordinates of the centre of square (x, y).
export async function point(page, x, y) {
  const c = await camera(page);
  return {
    x: c.box.x + c.box.width / 2 + (x - c.ix - c.fx) * c.s,
    y: c.box.y + c.box.height / 2 - (y - c.iy - c.fy) * c.s,
  };
}

// waitBoard waits until the board is drawn in a viewport the screen has measured (after the
// cover, the viewport is a new element: the camera may change once it is measured).
export async function waitBoard(page) {
  await page.waitForSelector('#nec-viewport[data-measured="true"] svg.nec-svg', { timeout: 20000 });
}

// clickSquare clicks square (x, y) of the board.
export async function clickSquare(page, x, y) {
  await waitBoard(page);
  const p = await point(page, x, y);
  await page.mouse.click(p.x, p.y);
}

// backToAction presses "Back to the action" and waits until the board's view is the action
// (data-view). Where the view was another (a phone showing the player's own army), that is a
// state only the click's answer draws; where it was the action already (a wide screen shows
// every army), the click changes nothing and there is nothing else to wait for.
export async function backToAction(page) {
  await page.click('[data-action="action"]');
  await page.waitForSelector('#nec-viewport[data-view="action"]');
}

// move enters a one-step move by clicking the piece on from and the target to, and waits
// until the order shows it.
export async function move(page, from, to) {
  await clickSquare(page, from[0], from[1]);
  await page.waitForSelector(`.nec-piece.selected[data-square="(${from[0]},${from[1]})"]`);
  await clickSquare(page, to[0], to[1]);
  await page.waitForFunction(() => document.querySelector('.nec-order-text')?.dataset.order);
}

// updates returns the number of updates the screen shows.
export async function updates(page) {
  return Number(await page.getAttribute('[data-updates]', 'data-updates'));
}

// waitUpdates waits until the screen shows n updates.
export async function waitUpdates(page, n, timeout = 20000) {
  await page.waitForFunction((n) => Number(document.querySelector('[data-updates]')?.dataset.updates) >= n, n, { timeout });
}

// domText returns everything of the page's DOM a person or a script could read: the
// serialised HTML (every element, attribute and text) and the values of the form fields.
export async function domText(page) {
  return page.evaluate(() => {
    const values = [...document.querySelectorAll('input, textarea, output, select')].map((e) => e.value ?? '');
    return document.documentElement.outerHTML + '\n' + values.join('\n');
  });
}

// assertHidden fails when the page's DOM holds any of the secrets.
export async function assertHidden(page, secrets, when) {
  const text = await domText(page);
  for (const s of secrets) {
    assert.ok(!text.includes(s), `${when}: the page holds ${JSON.stringify(s)}`);
  }
}
