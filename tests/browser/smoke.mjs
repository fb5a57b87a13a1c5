// The smoke suite: what a player does first, run the same way in each browser engine the app
// is for (browsers.mjs; smoke-<engine>.test.mjs runs it). It loads the app; checks that a
// first visit, in several fresh profiles, never offers a "new version"; plays a game by
// clicks and by drag and reloads it; opens its share link in a fresh profile; plays the
// computer; analyses a game on the analysis board; reloads offline (the server gone) and opens a deep link; draws and pans the
// Never-Ending Chess board; offers a new version of the site; and over HTTPS checks that the browser asks for brotli and that
// the page stays within its 2.0 MB budget. Screenshots of the game and Never-Ending Chess
// screens go to tests/browser/out/smoke-<engine>-*.png.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './browsers.mjs';
import { drawn, fixture, live, outDir, playReady, root, startServer } from './fixture.mjs';
import { freePort } from './store-helpers.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// waitFor polls fn(arg) in the page until it returns a truthy value, and returns it.
async function waitFor(tab, what, fn, arg, timeout = 30000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await tab.evaluate(fn, arg);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${tab.engine}: no ${what} within ${timeout} ms`);
    await sleep(100);
  }
}

// present tells, in the page, whether an element matches the selector s.
const present = (s) => document.querySelector(s) !== null;

const waitSelector = (tab, selector, timeout) => waitFor(tab, selector, present, selector, timeout);

// center scrolls the element into view and returns its centre in viewport coordinates.
async function center(tab, selector) {
  const c = await tab.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, selector);
  assert.ok(c, `${tab.engine}: ${selector} to click`);
  return c;
}

// clickOn clicks the centre of the element. WebKitWebDriver once failed a click's action
// sequence with an "unknown error" and no message (a CI run, the first click after an
// offline deep link), which says nothing of the page. With took, a predicate in the page
// that tells whether the click has had its effect, such a driver error is checked: when
// the effect shows within two seconds the click counts, otherwise it is tried once more. The test's own
// assertions then decide as before; an error of the page is never retried.
async function clickOn(tab, selector, took) {
  const { x, y } = await center(tab, selector);
  try {
    await tab.click(x, y);
  } catch (err) {
    if (!took || err?.name !== 'WebDriverError') throw err;
    console.error(`${tab.engine}: the driver failed a click on ${selector} (${err.message || 'no message'}); checking its effect`);
    for (const deadline = Date.now() + 2000; Date.now() < deadline; await sleep(100)) {
      if (await tab.evaluate(took.fn, took.arg)) return;
    }
    const again = await center(tab, selector);
    await tab.click(again.x, again.y);
  }
}

const square = (sq) => `.board [data-square="${sq}"]`;
const pieceOn = (tab, sq) => tab.evaluate((s) => document.querySelector(s)?.querySelector('[data-piece]')?.dataset.piece ?? null, square(sq));
const movetext = (tab) => tab.evaluate(() => document.querySelector('.moves')?.dataset.movetext ?? null);

// arrived tells, in the page, whether the piece p stands on the square of selector s.
const arrived = ([s, p]) => document.querySelector(s)?.querySelector('[data-piece]')?.dataset.piece === p;

// ply moves a piece from the first square of uci to the second, by two clicks or by a drag,
// and waits until it stands there.
async function ply(tab, uci, { drag = false } = {}) {
  const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
  const piece = await pieceOn(tab, from);
  assert.ok(piece, `${tab.engine}: a piece on ${from} for ${uci}`);
  if (drag) {
    const a = await center(tab, square(from));
    const b = await center(tab, square(to));
    await tab.drag([a, { x: (2 * a.x + b.x) / 3, y: (2 * a.y + b.y) / 3 }, { x: (a.x + 2 * b.x) / 3, y: (a.y + 2 * b.y) / 3 }, b]);
  } else {
    await clickOn(tab, square(from), { fn: present, arg: `${square(from)}.selected` });
    await waitSelector(tab, `${square(from)}.selected`);
    await clickOn(tab, square(to), { fn: arrived, arg: [square(to), piece] });
  }
  await waitFor(tab, `${piece} on ${to}`, arrived, [square(to), piece]);
}

// workerActive waits until the service worker is activated, controls the page and holds
// app.wasm in its cache.
function workerActive(tab) {
  return waitFor(tab, 'active service worker', async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!navigator.serviceWorker.controller || reg?.active?.state !== 'activated') return false;
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      if (await cache.match('/web/app.wasm')) return true;
    }
    return false;
  }, undefined, 60000);
}

// certificate makes a self-signed certificate for 127.0.0.1 with Go's own generator (Go is
// what builds the app, so it is on every machine that runs these tests).
async function certificate() {
  const dir = await mkdtemp(join(tmpdir(), 'plyground-tls-'));
  try {
    const goroot = execFileSync('go', ['env', 'GOROOT']).toString().trim();
    execFileSync('go', ['run', join(goroot, 'src/crypto/tls/generate_cert.go'), '--host', '127.0.0.1', '--ecdsa-curve', 'P256', '--duration', '2h'], { cwd: dir, stdio: 'ignore' });
    return { cert: await readFile(join(dir, 'cert.pem')), key: await readFile(join(dir, 'key.pem')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// httpsProxy serves https://127.0.0.1:<port> in front of the host program at target, as a
// TLS-terminating host would, and logs every request's path, Accept-Encoding and the
// answer's Content-Encoding.
async function httpsProxy(target) {
  const up = new URL(target);
  const log = [];
  const srv = https.createServer(await certificate(), (req, res) => {
    const entry = { path: req.url, accept: req.headers['accept-encoding'] ?? '', encoding: '' };
    log.push(entry);
    const fwd = http.request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      entry.encoding = r.headers['content-encoding'] ?? '';
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    fwd.on('error', () => res.destroy());
    req.pipe(fwd);
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const close = () => new Promise((r) => {
    srv.close(r);
    srv.closeAllConnections();
  });
  return { url: `https://127.0.0.1:${srv.address().port}`, log, close };
}

// smokeSuite declares the suite for one engine; firstVisits is the number of fresh profiles
// the first-visit test opens.
export function smokeSuite(engine, { firstVisits = 2 } = {}) {
  describe(`smoke test in ${engine}`, () => {
    let tab; // the page most tests use, in the first profile
    const tabs = new Set();
    const errors = [];

    // The tabs close before the fixture stops the server.
    after(async () => {
      for (const t of tabs) await close(t);
    });
    const fx = fixture({ shared: false });

    async function fresh(options) {
      const t = await openBrowser(engine, options);
      tabs.add(t);
      return t;
    }

    async function close(t) {
      errors.push(...(await t.errors()));
      tabs.delete(t);
      await t.close();
    }

    test('load: the home page starts and lists the games', async () => {
      tab = await fresh();
      await tab.goto(fx.url + '/');
      await waitSelector(tab, `${live} .variant-list`);
      const cards = await tab.evaluate(() => [...document.querySelectorAll('.variant-card')].map((el) => el.dataset.variant));
      assert.ok(cards.includes('orthodox') && cards.includes('nec'), `${engine}: the games listed: ${cards}`);
    });

    test(`a first visit never shows the update banner (${firstVisits} fresh profiles)`, async () => {
      for (let i = 0; i < firstVisits; i++) {
        const t = await fresh();
        await t.goto(fx.url + '/play?variant=orthodox');
        await waitSelector(t, playReady);
        // The first worker is activated and controls the page: whatever the page makes of
        // that has happened (the controller and the worker's state change in the tasks
        // that fire their events). A move then goes through the Go program's queue, after
        // any update notice.
        await workerActive(t);
        await ply(t, 'e2e4');
        const banner = await t.evaluate(() => document.querySelector('.update-banner')?.textContent ?? null);
        assert.equal(banner, null, `${engine}: first visit ${i + 1} of ${firstVisits} shows the update banner`);
        await close(t);
      }
    });

    test('a game by clicks and by drag, kept over a reload', async () => {
      await tab.goto(fx.url + '/play?variant=orthodox');
      await waitSelector(tab, playReady);
      await ply(tab, 'e2e4');
      await ply(tab, 'e7e5', { drag: true });
      await ply(tab, 'g1f3');
      await ply(tab, 'b8c6', { drag: true });
      assert.equal(await pieceOn(tab, 'e2'), null);
      assert.equal(await movetext(tab), '1.e4 e5 2.Nf3 Nc6');
      await tab.screenshot(join(outDir, `smoke-${engine}-game.png`));
      await tab.reload();
      await waitSelector(tab, `${live} .play .moves .ply`);
      assert.equal(await movetext(tab), '1.e4 e5 2.Nf3 Nc6');
      for (const [sq, p] of [['e4', 'wP'], ['e5', 'bP'], ['f3', 'wN'], ['c6', 'bN'], ['g1', null]]) {
        assert.equal(await pieceOn(tab, sq), p, `${engine}: ${sq} after the reload`);
      }
    });

    test('the share link opens the game in a fresh profile, ready to go on', async () => {
      await clickOn(tab, '.play [data-action="share"]', { fn: present, arg: '.share-dialog #share-link' });
      await waitSelector(tab, '.share-dialog #share-link');
      const link = await tab.evaluate(() => document.querySelector('.share-dialog #share-link').value);
      assert.ok(link.startsWith(fx.url + '/play#g='), `${engine}: ${link}`);
      const bob = await fresh();
      await bob.goto(link);
      await waitSelector(bob, `${live} .play .moves .ply`);
      assert.equal(await movetext(bob), '1.e4 e5 2.Nf3 Nc6');
      await ply(bob, 'f1b5');
      assert.equal(await movetext(bob), '1.e4 e5 2.Nf3 Nc6 3.Bb5');
      const saved = await bob.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('plyground/game/')).length);
      assert.equal(saved, 1, `${engine}: the received game is saved`);
      await close(bob);
    });

    test('the computer answers', async () => {
      await tab.goto(fx.url + '/play?variant=orthodox&mode=computer&level=1');
      await waitSelector(tab, playReady);
      await ply(tab, 'e2e4');
      const mt = await waitFor(tab, "the computer's answer", () =>
        document.querySelector('.status')?.textContent === 'White to move' && document.querySelector('.moves')?.dataset.movetext, undefined, 60000);
      assert.match(mt, /^1\.e4 \S+$/, `${engine}: ${mt}`);
    });

    test('the analysis board: the engine streams its analysis, the best turn drawn as arrows', async () => {
      // Marseillais 1.e4 e5,Nc6 from a share link's record.
      await tab.goto(fx.url + '/analysis#g=AQMAAAADah4');
      await waitSelector(tab, `${live} .analysis .board [data-square]`);
      // The first reports (depth 1) may hold one ply; a deeper one completes White's turn.
      const line = await waitFor(tab, "a best line for White's two plies", () => {
        const text = document.querySelector('.engine-panel .best-text')?.textContent || '';
        return /^2\.\S+,\S+/.test(text) && text;
      }, undefined, 30000);
      assert.match(line, /^2\.\S+,\S+/, `${engine}: ${line}`);
      // The analysis goes on: a deeper report replaces the first.
      const depth = () => Number((document.querySelector('.engine-figures')?.textContent.match(/depth (\d+)/) || [])[1] || 0);
      const first = await tab.evaluate(depth);
      await waitFor(tab, 'a deeper report', (d) => Number((document.querySelector('.engine-figures')?.textContent.match(/depth (\d+)/) || [])[1] || 0) > d, first, 30000);
      const arrows = await tab.evaluate(() => document.querySelectorAll('.board-shapes line[data-brush="engine"]').length);
      assert.equal(arrows, 2, `${engine}: the best turn's two plies as arrows`);
      await tab.screenshot(join(outDir, `smoke-${engine}-analysis.png`));
    });

    test('Never-Ending Chess: the board is drawn and pans with the mouse', async () => {
      await tab.goto(fx.url + '/nec/new');
      await waitSelector(tab, `${live} .nec-new form`);
      await clickOn(tab, '[data-action="start"]', { fn: () => location.pathname === '/nec' });
      await waitFor(tab, 'the new game', () => location.pathname === '/nec' && location.search.startsWith('?id='));
      await waitSelector(tab, `${live} .nec-play #nec-viewport svg.nec-svg`);
      const rook = '.nec-piece[data-square="(4,-12)"]';
      await waitSelector(tab, rook);
      await tab.screenshot(join(outDir, `smoke-${engine}-nec.png`));
      // Nothing overflows sideways at 1280x800: the page, the side panel (issue 16; Firefox's
      // scrollbar once pushed the panel 26 px wide).
      const over = await tab.evaluate(() =>
        [document.documentElement, document.querySelector('.nec-side')]
          .filter((el) => el && el.scrollWidth > el.clientWidth + 1)
          .map((el) => `${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
      );
      assert.deepEqual(over, [], `${engine}: overflow at 1280x800`);
      const rect = (s) => tab.evaluate((sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }, s);
      const rook0 = await rect(rook);
      const cam0 = await tab.evaluate(() => document.querySelector('#nec-viewport').dataset.cam);
      const box = await rect('#nec-viewport');
      const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await tab.drag([mid, { x: mid.x - 60, y: mid.y - 30 }, { x: mid.x - 100, y: mid.y - 50 }]);
      // The board follows the mouse: the rook ends 100 pixels left and 50 up.
      await waitFor(tab, 'the board panned', ([sel, x, y]) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r && Math.abs(r.x - x) < 3 && Math.abs(r.y - y) < 3;
      }, [rook, rook0.x - 100, rook0.y - 50]);
      assert.notEqual(await tab.evaluate(() => document.querySelector('#nec-viewport').dataset.cam), cam0);
      await drawn(tab);
      assert.equal(await tab.evaluate(() => document.querySelector('[data-entering] .nec-piece.selected')), null, `${engine}: a drag selects nothing`);
    });

    test('offline: with the server gone, a reload starts the app and a deep link plays', async () => {
      // A server of its own (another origin, so another service worker), stopped midway.
      const own = await startServer();
      try {
        await tab.goto(own.url + '/');
        await waitSelector(tab, `${live} .variant-list`);
        await workerActive(tab);
      } finally {
        await own.stop();
      }
      await tab.reload();
      await waitSelector(tab, `${live} .variant-list`);
      await tab.goto(own.url + '/play?variant=marseillais');
      await waitSelector(tab, playReady);
      await ply(tab, 'e2e4');
      assert.equal(await pieceOn(tab, 'e4'), 'wP');
    });

    test('a new version of the site is offered', async () => {
      // A copy of web/ served on a fixed port, so that the server started after the change
      // is the same origin.
      const dir = await mkdtemp(join(tmpdir(), 'plyground-smoke-update-'));
      await cp(join(root, 'web'), join(dir, 'web'), { recursive: true, preserveTimestamps: true, filter: (src) => !src.includes('.tmp') });
      const addr = `127.0.0.1:${await freePort()}`;
      let srv = await startServer({ cwd: dir, addr });
      try {
        await tab.goto(srv.url + '/saved');
        await waitSelector(tab, `${live} .saved-page`);
        await workerActive(tab);
        await srv.stop();
        await appendFile(join(dir, 'web/store.css'), '\n/* version 2 */\n');
        srv = await startServer({ cwd: dir, addr });
        await tab.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
        await waitSelector(tab, '.update-banner [data-action="update-reload"]');
      } finally {
        await srv.stop();
        await rm(dir, { recursive: true, force: true });
      }
    });

    test('over HTTPS it asks for brotli, and at most 2.0 MB cross the network before the board is interactive', async (t) => {
      const proxy = await httpsProxy(fx.url);
      try {
        const secure = await fresh({ insecureCerts: true });
        await secure.goto(proxy.url + '/play?variant=orthodox');
        await waitSelector(secure, playReady);
        // What the page itself fetched (the service worker's precaching is not the page's),
        // headers included, by the browser's own count.
        const bytes = await secure.evaluate(() => performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
          .reduce((n, e) => n + (e.transferSize || 0), 0));
        const wasm = proxy.log.find((e) => e.path === '/web/app.wasm');
        assert.ok(wasm, `${engine}: app.wasm fetched`);
        assert.match(wasm.accept, /\bbr\b/, `${engine} asks for ${wasm.accept}`);
        assert.equal(wasm.encoding, 'br');
        assert.ok(bytes > 1e6 && bytes <= 2.0e6, `${engine}: ${bytes} bytes before the board is interactive`);
        t.diagnostic(`${engine} over HTTPS: Accept-Encoding "${wasm.accept}", ${(bytes / 1e6).toFixed(3)} MB before the board is interactive`);
        await close(secure);
      } finally {
        await proxy.close();
      }
    });

    test('no errors in the pages', async () => {
      for (const t of tabs) errors.push(...(await t.errors()));
      assert.deepEqual(errors, []);
    });
  });
}
