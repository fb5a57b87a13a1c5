// The offline app in real Chromium: installable (manifest and service worker as Chromium
// judges them), served compressed (at most 2.0 MB cross the network before the board is
// interactive), started and played with the network cut, deep links included; a new version
// is offered with a prompt that reloads only when asked and never in the middle of a game (an
// 8x8 game or a Never-Ending Chess game);
// and `pwa -dist` writes a static site that works from a plain static host, at the root or
// on a sub-path.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, live, outDir, playReady, root, savedReady, startServer } from './fixture.mjs';
import { freePort, games, pieces, ply, serveStatic, workerReady } from './store-helpers.mjs';
import { newGame, waitUpdates } from './nec-helpers.mjs';

describe('offline app', () => {
  // The brotli copy of app.wasm, written before the server starts rather than in its
  // background.
  before(() => {
    execFileSync(join(root, 'bin/pwa'), ['-compress'], { cwd: root, stdio: 'inherit' });
  });
  const fx = fixture({ launch: { reducedMotion: 'reduce' }, shared: false });
  const errors = fx.errors;
  const cleanups = [];

  after(async () => {
    for (const f of cleanups) await f();
  });

  test('Chromium finds the app installable, and the page offers to install it', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/saved', { context, selector: savedReady });
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'no installability errors');
    const { url, data, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    assert.equal(url, fx.url + '/manifest.webmanifest');
    assert.deepEqual(manifestErrors, []);
    const m = JSON.parse(data);
    assert.equal(m.display, 'standalone');
    assert.ok(m.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'));
    // The browser's install prompt arrives (beforeinstallprompt), and the button shows.
    await page.waitForSelector('.saved-head [data-action="install"]');
    await page.close();
  });

  test('on Apple browsers, the install button shows the Add to Home Screen steps', async () => {
    const context = await fx.fresh({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
    });
    const page = await fx.open('/saved', { context, selector: savedReady });
    await page.click('[data-action="install"]');
    await page.waitForSelector('#install-steps');
    assert.match(await page.locator('#install-steps').textContent(), /Add to Home Screen/);
    assert.equal(await page.getAttribute('[data-action="install"]', 'aria-expanded'), 'true');
    await page.screenshot({ path: join(outDir, 'pwa-install-apple.png') });
    await page.close();
  });

  test('at most 2.0 MB cross the network before the board is interactive, app.wasm in brotli; the loader counts its download to 100%', async () => {
    const context = await fx.fresh();
    const page = await context.newPage();
    // The loader's label as the page shows it while app.wasm downloads (go-app's loader in
    // app.js counts the bytes as they arrive).
    await page.addInitScript(() => {
      window.__loaderLabels = [];
      document.addEventListener('DOMContentLoaded', () => {
        const label = document.getElementById('app-wasm-loader-label');
        if (!label) return;
        const seen = () => window.__loaderLabels.push(label.textContent);
        seen();
        new MutationObserver(seen).observe(label, { childList: true, characterData: true, subtree: true });
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sizes = new Map();
    const urls = new Map();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, [e.response.url, e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? '']));
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
    await page.goto(fx.url + '/play?variant=orthodox');
    await page.waitForSelector(playReady, { timeout: 30000 });
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    const wasm = [...urls.entries()].find(([, [u]]) => u.endsWith('/web/app.wasm'));
    assert.ok(wasm, 'app.wasm fetched');
    const [, [, encoding]] = wasm;
    assert.equal(encoding, 'br', 'app.wasm compressed');
    assert.ok(total <= 2.0e6, `${total} bytes before the board is interactive`);
    const labels = await page.evaluate(() => window.__loaderLabels);
    const percents = labels.map((l) => Number(/(\d+)%/.exec(l)?.[1] ?? NaN));
    assert.ok(percents.length >= 2 && percents.every((p) => p >= 0 && p <= 100), `the loader's labels: ${labels.join(' | ')}`);
    assert.equal(percents.at(-1), 100, `the loader's last label: ${labels.at(-1)}`);
    assert.ok(percents.every((p, i) => i === 0 || p >= percents[i - 1]), `the loader counts up: ${percents.join(' ')}`);
    await page.close();
  });

  test('with the network cut, the app starts, opens deep links and plays', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/', { context, selector: live });
    await workerReady(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector(`${live} .variant-list`, { timeout: 30000 });
      // A deep link that was never visited: the worker answers with the start page and the
      // app routes to the address.
      await page.goto(fx.url + '/play?variant=progressive-scottish');
      await page.waitForSelector(playReady, { timeout: 30000 });
      await ply(page, 'e2e4');
      await ply(page, 'e7e5');
      await ply(page, 'g8f6');
      assert.equal((await pieces(page)).f6, 'bN');
      assert.equal(Object.keys(await games(page)).length, 1, 'saved offline');
      await page.goto(fx.url + '/saved');
      await page.waitForSelector(`${live} .saved-game`, { timeout: 30000 });
      await page.reload();
      await page.waitForSelector(`${live} .saved-game .board [data-piece]`, { timeout: 30000 });
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  test('a new version is offered, reloaded only when asked, never in the middle of a game', async () => {
    // A copy of web/ served on a fixed port, so that a second server is the same origin.
    const dir = await mkdtemp(join(tmpdir(), 'plyground-update-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await cp(join(root, 'web'), join(dir, 'web'), {
      recursive: true,
      preserveTimestamps: true,
      filter: (src) => !src.endsWith('.lock') && !src.includes('.tmp'),
    });
    const addr = `127.0.0.1:${await freePort()}`;
    let srv = await startServer({ cwd: dir, addr });
    const restart = async (change) => {
      await srv.stop();
      await appendFile(join(dir, 'web/store.css'), `\n/* ${change} */\n`);
      srv = await startServer({ cwd: dir, addr });
    };
    cleanups.push(() => srv.stop());
    const version = (page) => page.evaluate(() => goappEnv.GOAPP_VERSION); // eslint-disable-line no-undef

    const context = await fx.fresh();
    const page = await fx.open(srv.url + '/saved', { context, selector: savedReady });
    await workerReady(page);
    const v1 = await version(page);
    await restart('version 2');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('.update-banner [data-action="update-reload"]', { timeout: 30000 });
    assert.equal(await version(page), v1, 'nothing reloads by itself');
    await page.screenshot({ path: join(outDir, 'pwa-update.png') });
    await Promise.all([page.waitForEvent('load'), page.click('[data-action="update-reload"]')]);
    await page.waitForSelector(`${live} .saved-page`);
    const v2 = await version(page);
    assert.notEqual(v2, v1, 'the new version runs after the reload');

    // In the middle of a game, the banner only says the update comes after the game.
    await page.goto(srv.url + '/play?variant=orthodox');
    await page.waitForSelector(playReady);
    await ply(page, 'e2e4');
    await page.evaluate(() => { window.__sameDocument = true; });
    await restart('version 3');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('.update-banner.quiet', { timeout: 30000 });
    assert.equal(await page.locator('[data-action="update-reload"]').count(), 0, 'no reload button mid-game');
    assert.match(await page.locator('.update-banner').textContent(), /after this game/);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded');
    assert.equal(await version(page), v2);

    // The same in the middle of a Never-Ending Chess game: the people's orders of the update
    // being entered are in this page alone.
    await newGame(page, srv.url, { seats: ['person', 'bot1'] });
    await page.waitForSelector('[data-entering="0"]');
    await page.click('[data-action="pass"]');
    await waitUpdates(page, 1);
    await page.waitForSelector('[data-entering="0"]');
    const v3 = await version(page);
    await page.evaluate(() => { window.__sameDocument = 'nec'; });
    await restart('version 4');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('.update-banner.quiet', { timeout: 30000 });
    assert.equal(await page.locator('[data-action="update-reload"]').count(), 0, 'no reload button in the middle of an NEC game');
    assert.match(await page.locator('.update-banner').textContent(), /after this game/);
    await page.screenshot({ path: join(outDir, 'pwa-update-nec.png') });
    assert.equal(await page.evaluate(() => window.__sameDocument), 'nec', 'the NEC page was not reloaded');
    assert.equal(await version(page), v3);
    await page.close();
  });

  for (const prefix of ['', '/plyground']) {
    test(`pwa -dist writes a static site that works from a static host${prefix ? ' on a sub-path' : ''}`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'plyground-dist-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const site = join(dir, 'site');
      const args = ['-dist', site];
      if (prefix) args.push('-base', prefix);
      execFileSync(join(root, 'bin/pwa'), args, { cwd: root, stdio: 'inherit' });
      for (const f of ['index.html', 'play.html', 'saved.html', 'app.js', 'app-worker.js', 'manifest.webmanifest', 'web/app.wasm', 'web/app.wasm.gz', 'index.html.gz']) {
        assert.ok(existsSync(join(site, f)), `dist has ${f}`);
      }
      const host = await serveStatic(site, prefix);
      cleanups.push(host.close);
      const context = await fx.fresh();
      const page = await fx.open(host.url + '/play?variant=orthodox', { context, selector: playReady });
      await ply(page, 'e2e4');
      await workerReady(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
      await context.setOffline(true);
      try {
        await page.reload();
        await page.waitForSelector(playReady, { timeout: 30000 });
        assert.equal((await pieces(page)).e4, 'wP', 'the game comes back offline');
        await page.goto(host.url + '/saved');
        await page.waitForSelector(`${live} .saved-game`, { timeout: 30000 });
      } finally {
        await context.setOffline(false);
      }
      await page.close();
    });
  }

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
