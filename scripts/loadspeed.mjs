// Measures how fast the game screen becomes interactive, cold (a fresh browser profile: no
// HTTP cache, no service worker) and warm (the service worker installed: everything from its
// cache), and how many bytes cross the network before the board is interactive. Run it from
// the repository root after `make build`:
//
//	node scripts/loadspeed.mjs [runs]    # default 5 runs of each, median shown
//
// The bytes are counted by a TCP proxy in front of bin/pwa (so they include HTTP headers,
// and the service worker's own precaching, which runs alongside the page on a first visit);
// the time is the page's performance.now() when the board of /play, drawn by the running
// program, accepts moves (.board.interactive inside .shell[data-live="true"]), that is from
// the start of the navigation. It measures a copy of web/ (a rebuild meanwhile changes
// nothing), after `bin/pwa -compress` has written the brotli copy of app.wasm there.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../tests/browser/chromium.mjs';
import { root, startServer } from '../tests/browser/server.mjs';

const runs = Number(process.argv[2] ?? 5);
const path = '/play?variant=orthodox';
const ready = '.shell[data-live="true"] .board.interactive [data-square]';

// proxy forwards 127.0.0.1:<port> to the server and logs [time, bytes] for every chunk sent
// to the browser.
function proxy(target) {
  const { hostname, port } = new URL(target);
  const log = [];
  const srv = net.createServer((client) => {
    const up = net.connect(Number(port), hostname);
    client.pipe(up);
    up.on('data', (chunk) => {
      log.push([Date.now(), chunk.length]);
      client.write(chunk);
    });
    up.on('end', () => client.end());
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  return new Promise((res) => srv.listen(0, '127.0.0.1', () => res({ url: `http://127.0.0.1:${srv.address().port}`, log, close: () => srv.close() })));
}

// markReady records, in the page, the time the board becomes interactive.
function markReady(selector) {
  const check = () => {
    if (window.__readyAt === undefined && document.querySelector(selector)) {
      window.__readyAt = performance.now();
      window.__readyEpoch = performance.timeOrigin + window.__readyAt;
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  check();
}

async function visit(context, url, log) {
  const page = await context.newPage();
  await page.addInitScript(markReady, ready);
  const from = log.length;
  await page.goto(url);
  await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 60000 });
  const { readyAt, readyEpoch, wasmAt } = await page.evaluate(() => ({
    readyAt: window.__readyAt,
    readyEpoch: window.__readyEpoch,
    wasmAt: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/web/app.wasm'))?.responseEnd ?? NaN,
  }));
  const bytes = log.slice(from).filter(([t]) => t <= readyEpoch).reduce((n, [, b]) => n + b, 0);
  return { page, ms: readyAt, bytes, wasmAt };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Measure a snapshot of web/, so that a rebuild meanwhile changes nothing.
const snap = await mkdtemp(join(tmpdir(), 'plyground-loadspeed-'));
await cp(join(root, 'web'), join(snap, 'web'), {
  recursive: true,
  preserveTimestamps: true,
  filter: (src) => !src.endsWith('.lock') && !src.includes('.tmp'),
});
execFileSync(`${root}/bin/pwa`, ['-compress'], { cwd: snap, stdio: 'inherit' });
const sizes = Object.fromEntries(['app.wasm', 'app.wasm.gz', 'app.wasm.br'].map((f) => [f, statSync(join(snap, 'web', f)).size]));
console.log(`app.wasm: ${(sizes['app.wasm'] / 1e6).toFixed(2)} MB raw, ${(sizes['app.wasm.gz'] / 1e6).toFixed(2)} MB gzip, ${(sizes['app.wasm.br'] / 1e6).toFixed(2)} MB brotli`);
const server = await startServer({ cwd: snap });
const px = await proxy(server.url);
const cold = [];
const warm = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await launch();
    try {
      const first = await visit(context, px.url + path, px.log);
      cold.push(first);
      // Let the service worker finish precaching, then come back.
      await first.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        for (;;) {
          const keys = await caches.keys();
          if (keys.length) {
            const cache = await caches.open(keys[0]);
            if (await cache.match('/web/app.wasm')) return;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      await first.page.close();
      const second = await visit(context, px.url + path, px.log);
      warm.push(second);
      await second.page.close();
    } finally {
      await context.close();
    }
  }
} finally {
  px.close();
  await server.stop();
  await rm(snap, { recursive: true, force: true });
}
const fmt = (xs) =>
  `median ${median(xs.map((x) => x.ms)).toFixed(0)} ms (runs: ${xs.map((x) => x.ms.toFixed(0)).join(', ')}; ` +
  `app.wasm received at ${median(xs.map((x) => x.wasmAt)).toFixed(0)} ms), ` +
  `${(median(xs.map((x) => x.bytes)) / 1e6).toFixed(3)} MB before interactive`;
console.log(`cold (fresh profile):      ${fmt(cold)}`);
console.log(`warm (service worker):     ${fmt(warm)}`);
