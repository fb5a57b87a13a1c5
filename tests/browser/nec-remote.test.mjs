// Never-Ending Chess across devices (issue 18) in real Chromium: three separate browser
// profiles (the referee's and two players') pass nothing but links between them: invitations,
// two updates of sealed orders (one with a fallback), public updates; a forged and a replayed
// order are refused, the referee's page reloads mid-update and loses nothing, and every
// profile ends on the same board. The browser version of remote.TestThreeDevicesThroughLinks.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, newDocument, outDir } from './fixture.mjs';
import { waitLive } from './nec-helpers.mjs';

// The orders of the standard three-player start (seat 0 the referee's, 1 Ann's, 2 Bob's);
// Ann's second order has a fallback after its capture.
const orders = [
  ['N(0,-13)', 'B(1,15)', 'Q(14,-2)'],
  ['R(5,-12)', 'Bx(12,4) / R(3,13)', 'R(12,5)'],
];

describe('Never-Ending Chess across devices', () => {
  // Three profiles: the referee's and two players' devices.
  const fx = fixture({ launch: { reducedMotion: 'reduce', colorScheme: 'light' }, shared: false });
  const contexts = [];
  let server;

  before(async () => {
    server = fx.server;
    for (let i = 0; i < 3; i++) contexts.push(await fx.fresh());
  });

  after(() => {
    assert.deepEqual(fx.errors, [], 'errors in the pages');
  });

  const newPage = (ctx) => fx.page(ctx);

  // open opens a link on a page as a new document (newDocument).
  async function open(page, link) {
    await newDocument(page, link);
    await waitLive(page, '.nec-remote');
    await page.waitForURL(/\/nec\/remote\?id=/);
  }

  async function linkOf(page, id) {
    return page.inputValue(`#${id} .remote-link-text`);
  }

  async function board(page) {
    const el = page.locator('.remote-board');
    return { updates: await el.getAttribute('data-updates'), board: await el.getAttribute('data-board') };
  }

  test('a three-player game through links only', async () => {
    const [ref, ann, bob] = [await newPage(contexts[0]), await newPage(contexts[1]), await newPage(contexts[2])];

    // The referee creates the game: its own seat, two seats on other devices.
    await ref.goto(server.url + '/nec/remote');
    await waitLive(ref, '#remote-create');
    await ref.click('#remote-create');
    await waitLive(ref, '#remote-referee');
    await ref.waitForURL(/\/nec\/remote\?id=/);
    const invAnn = await linkOf(ref, 'remote-invitation-1');
    const invBob = await linkOf(ref, 'remote-invitation-2');
    assert.match(invAnn, /#ri=/);
    assert.notEqual(invAnn, invBob);
    await ref.click('#remote-invitation-1 button:text("QR code")');
    await ref.waitForSelector('#remote-invitation-1 .share-qr svg');
    await ref.screenshot({ path: join(outDir, 'nec-remote-referee.png'), fullPage: true });
    await ref.click('#remote-invitation-1 button:text("QR code")');

    // The players open their invitations.
    await open(ann, invAnn);
    await ann.waitForSelector('#remote-player');
    await ann.screenshot({ path: join(outDir, 'nec-remote-invitation.png'), fullPage: true });
    await open(bob, invBob);
    await bob.waitForSelector('#remote-player');

    // typeOrder types an order in the order panel's box and uses it.
    const typeOrder = async (page, text) => {
      await page.fill('.remote-entry .nec-type-input', text);
      await page.click('.remote-entry [data-action="use-text"]');
      await page.waitForFunction(() => document.querySelector('.remote-entry .nec-order-text')?.dataset.order);
    };
    // seal seals the order in the panel (typed there when text is given, else already
    // entered on the board). A page that sealed before still shows its earlier order link
    // until the click is handled, so the wait is for an error or a link other than that one.
    const seal = async (page, seat, text) => {
      assert.equal(await page.getAttribute('.remote-svg', 'data-entering'), String(seat));
      if (text) await typeOrder(page, text);
      const before = await page.$('#remote-order-link') ? await linkOf(page, 'remote-order-link') : '';
      await page.click('.remote-entry [data-action="submit"]');
      await page.waitForFunction((before) => document.querySelector('#remote-error') ||
        (document.querySelector('#remote-order-link .remote-link-text')?.value ?? before) !== before, before);
      assert.equal(await page.$('#remote-error'), null, await page.textContent('body'));
      assert.equal(await page.getAttribute('#remote-sent', 'data-sent'), 'true');
      return linkOf(page, 'remote-order-link');
    };
    const file = async (link) => {
      await open(ref, link);
      await ref.waitForSelector('#remote-referee');
    };
    // lockAndResolve locks the referee's own order and resolves update n. The link of the
    // update before stays on the page until the click is handled, so the wait is for the
    // board of update n (drawn with its link).
    const lockAndResolve = async (text, n) => {
      await typeOrder(ref, text);
      await ref.click('.remote-entry [data-action="submit"]');
      await ref.waitForSelector('.remote-entry', { state: 'detached' });
      await ref.click('#remote-resolve');
      await ref.waitForSelector(`.remote-board[data-updates="${n}"]`);
      assert.match(await ref.textContent('#remote-update-link'), new RegExp(`update ${n}\\b`));
    };
    const states = async (n) => {
      const all = [];
      for (const p of [ref, ann, bob]) {
        await p.waitForSelector(`.remote-board[data-updates="${n}"]`);
        all.push(await board(p));
      }
      assert.deepEqual(all[1], all[0], "Ann's board is the referee's");
      assert.deepEqual(all[2], all[0], "Bob's board is the referee's");
    };

    // Update 1. Ann sends an order, then a second one that replaces it.
    const annFirst = await seal(ann, 1, 'N(-4,10)');
    // The second one entered on the board by clicks, as in the game on one device: the
    // bishop on (-2,12), then its target (1,15).
    const clickOn = async (page, sel) => {
      await page.locator(sel).scrollIntoViewIfNeeded();
      const b = await page.locator(sel).boundingBox();
      await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
    };
    await clickOn(ann, '.remote-svg .nec-piece[data-square="(-2,12)"]');
    await ann.waitForSelector('.remote-svg [data-target="(1,15)"]');
    await clickOn(ann, '.remote-svg [data-target="(1,15)"]');
    await ann.waitForFunction(() => document.querySelector('.remote-entry .nec-order-text')?.dataset.order);
    assert.match(await ann.getAttribute('.remote-entry .nec-order-text', 'data-order'), /^B.*\(1,15\)$/);
    const ann1 = await seal(ann, 1);
    assert.notEqual(ann1, annFirst);
    await ann.waitForSelector('#remote-order-link .share-qr svg'); // shown when sealed
    await ann.screenshot({ path: join(outDir, 'nec-remote-order-light.png'), fullPage: true });
    await ann.emulateMedia({ colorScheme: 'dark' });
    await ann.screenshot({ path: join(outDir, 'nec-remote-order-dark.png'), fullPage: true });
    await ann.emulateMedia({ colorScheme: 'light' });
    const bob1 = await seal(bob, 2, orders[0][2]);

    await file(annFirst);
    assert.equal(await ref.getAttribute('.remote-seat:nth-child(2)', 'data-in'), 'true');
    await file(ann1);
    assert.match(await ref.textContent('#remote-notice'), /replac/i);
    // Replayed: Ann's first order again, after the later one replaced it.
    await file(annFirst);
    assert.match(await ref.textContent('#remote-error'), /refused: a later order/);
    // Forged: Bob's order link changed on its way (one character of its sealed box).
    const at = bob1.length - 10;
    const forged = bob1.slice(0, at) + (bob1[at] === 'A' ? 'B' : 'A') + bob1.slice(at + 1);
    await file(forged);
    assert.match(await ref.textContent('#remote-error'), /not sealed with the seat's invitation \(forged/);
    assert.equal(await ref.getAttribute('.remote-seat:nth-child(3)', 'data-in'), 'false');

    // The referee's page reloads mid-update: Ann's order is still in, Bob's not yet.
    await ref.reload();
    await waitLive(ref, '#remote-referee');
    assert.equal(await ref.getAttribute('.remote-seat:nth-child(2)', 'data-in'), 'true');
    assert.equal(await ref.getAttribute('.remote-seat:nth-child(3)', 'data-in'), 'false');
    await file(bob1);
    assert.equal(await ref.getAttribute('.remote-seat:nth-child(3)', 'data-in'), 'true');
    await lockAndResolve(orders[0][0], 1);
    const up1 = await linkOf(ref, 'remote-update-link');
    assert.match(up1, /#ru=/);
    await open(ann, up1);
    // The update opened is shown as just played: its animation's classes on the board.
    await ann.waitForSelector('.remote-board[data-anim="1"] .remote-svg .anim-a, .remote-board[data-anim="1"] .remote-svg .anim-b');
    // A forged update: one character of Bob's tag changed (the last of the link's binary
    // part); Bob's device refuses it and stays at the start.
    const dot = up1.indexOf('.', up1.indexOf('#ru='));
    const forgedUp = up1.slice(0, dot - 2) + (up1[dot - 2] === 'A' ? 'B' : 'A') + up1.slice(dot - 1);
    await open(bob, forgedUp);
    assert.match(await bob.textContent('#remote-error'), /does not come from the referee/);
    assert.equal(await bob.getAttribute('.remote-board', 'data-updates'), '0');
    await open(bob, up1);
    await states(1);
    assert.equal(await ann.getAttribute('#remote-sent', 'data-sent'), 'false');

    // An out-of-date order: Ann's order of update 1 after it resolved.
    await file(ann1);
    assert.match(await ref.textContent('#remote-error'), /out of date/);

    // Update 2, with Ann's fallback.
    const ann2 = await seal(ann, 1, orders[1][1]);
    const bob2 = await seal(bob, 2, orders[1][2]);
    await file(ann2);
    await file(bob2);
    await lockAndResolve(orders[1][0], 2);
    const up2 = await linkOf(ref, 'remote-update-link');
    await open(ann, up2);
    await open(bob, up2);
    await states(2);
    assert.match(await ref.textContent('.remote-report'), /update 2/);
  });

  test('bots of a remote game, and the bot standing in for a missing order, choose in the engine worker', async () => {
    const ref = await newPage(contexts[0]);
    await ref.goto(server.url + '/nec/remote');
    await waitLive(ref, '#remote-create');
    // Seat 2 on another device (its order will not come: a bot stands in), seat 3 a bot.
    await ref.selectOption('#remote-seat-2', '2');
    await ref.selectOption('#remote-missing', '1');
    await ref.click('#remote-create');
    await waitLive(ref, '#remote-referee');
    // Count the engine worker's requests: the bots' orders come from it.
    await ref.evaluate(() => {
      window.__necAsks = 0;
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (msg, ...rest) {
        if (typeof msg === 'string' && msg.includes('"nec"')) window.__necAsks++;
        return post.call(this, msg, ...rest);
      };
    });
    // The referee's own seat passes; then the update resolves with the bots' orders.
    await ref.click('.remote-entry [data-action="pass"]');
    await ref.waitForSelector('.remote-entry', { state: 'detached' });
    await ref.click('#remote-resolve');
    await ref.waitForSelector('.remote-board[data-updates="1"]', { timeout: 30000 });
    assert.equal(await ref.evaluate(() => window.__necAsks), 2, 'one request to the worker a bot (the seat\'s and the stand-in\'s)');
    assert.match(await ref.textContent('#remote-notice'), /sent no order/);
    assert.match(await ref.textContent('.remote-report'), /update 1/i);
    // On a 390-pixel phone nothing overflows sideways, light and dark.
    await ref.setViewportSize({ width: 390, height: 844 });
    const over = () => ref.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(await over(), 0, 'the page overflows on a phone');
    await ref.screenshot({ path: join(outDir, 'nec-remote-phone-light.png'), fullPage: true });
    await ref.emulateMedia({ colorScheme: 'dark' });
    await ref.screenshot({ path: join(outDir, 'nec-remote-phone-dark.png'), fullPage: true });
    // The help: a section of the rules page of Never-Ending Chess.
    assert.equal(await ref.getAttribute('#remote-help', 'href'), '/rules/nec#remote');
    await ref.click('#remote-help');
    await waitLive(ref, '#remote h3');
    assert.equal((await ref.textContent('#remote h3')).trim(), 'Playing across devices');
    assert.match(await ref.textContent('#remote'), /order link/);
    await ref.close();
  });
});
