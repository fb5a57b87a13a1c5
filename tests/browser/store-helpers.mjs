// Helpers of the browser tests that play and keep 8x8 games (play, clock, hostile, store*,
// share, pwa, security, analysis*, keyboard): moves, the board and the storage read back,
// test data, servers.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './server.mjs';

// typeMove types text in the game screen's move box and presses Enter; with a count, it waits
// until the move list has count plies (without one, as for a move the box may refuse, it
// waits for nothing).
export async function typeMove(page, text, count) {
  await page.fill('#move-input', text);
  await page.press('#move-input', 'Enter');
  if (count === undefined) return;
  await page.waitForFunction((n) => document.querySelectorAll('.moves .ply').length === n, count);
}

// ply moves a piece by clicking its square, then (once the board shows the piece picked up)
// the target, then the piece a promotion names (uci e7e8q), and waits for it to arrive and
// its square to empty.
export async function ply(page, uci) {
  const from = uci.slice(0, 2);
  const to = uci.slice(2, 4);
  const piece = await page.getAttribute(`.board [data-square="${from}"] [data-piece]`, 'data-piece');
  assert.ok(piece, `a piece on ${from} for ${uci}`);
  await page.click(`.board [data-square="${from}"]`);
  await page.waitForSelector(`.board [data-square="${from}"].selected`);
  await page.click(`.board [data-square="${to}"]`);
  if (uci.length === 5) {
    await page.click(`.promo [data-promotion="${uci[4]}"]`);
  }
  const want = uci.length === 5 ? piece[0] + uci[4].toUpperCase() : piece;
  await page.waitForSelector(`.board [data-square="${to}"] [data-piece="${want}"]`);
  await page.waitForFunction((sq) => !document.querySelector(`.board [data-square="${sq}"] [data-piece]`), from);
}

// pieces returns the board as { square: piece } for the occupied squares.
export function pieces(page, scope = '.play .board') {
  return page.$$eval(`${scope} [data-square]`, (els) =>
    Object.fromEntries(
      els.filter((el) => el.querySelector('[data-piece]')).map((el) => [el.dataset.square, el.querySelector('[data-piece]').dataset.piece]),
    ),
  );
}

// placementPieces reads the piece placement of a FEN into { square: piece }.
export function placementPieces(placement) {
  const out = {};
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const color = ch === ch.toUpperCase() ? 'w' : 'b';
      out[`${'abcdefgh'[file]}${8 - i}`] = color + ch.toUpperCase();
      file++;
    }
  });
  return out;
}

// storage returns the page's local storage as { key: value }.
export function storage(page) {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

// games returns the saved-game entries of the page's local storage, of every kind (8x8 games
// under plyground/game/, Never-Ending Chess games under plyground/nec/).
export async function games(page) {
  const all = await storage(page);
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith('plyground/game/') || k.startsWith('plyground/nec/')));
}

// showAll presses "Show more" on the saved-games screen until every game is drawn.
export async function showAll(page) {
  while ((await page.locator('.saved-more [data-action="more"]').count()) > 0) {
    const n = await page.locator('.saved-game').count();
    await page.click('.saved-more [data-action="more"]');
    await page.waitForFunction((n) => document.querySelectorAll('.saved-game').length > n, n);
  }
}

// fragment returns the parameters of the page's URL fragment.
export function fragment(url) {
  return new URLSearchParams(new URL(url).hash.slice(1));
}

// testdata reads a file of app/store/testdata.
export function testdata(...parts) {
  return readFileSync(join(root, 'app/store/testdata', ...parts), 'utf8');
}

// testdataDir lists a folder of app/store/testdata.
export function testdataDir(dir) {
  return readdirSync(join(root, 'app/store/testdata', dir)).sort();
}

// workerReady waits until the service worker controls the page and has precached
// app.wasm.
export async function workerReady(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 600; i++) {
      const keys = await caches.keys();
      for (const k of keys) {
        const cache = await caches.open(k);
        const cached = await cache.keys();
        if (cached.some((r) => r.url.endsWith('/web/app.wasm')) && navigator.serviceWorker.controller) return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the service worker did not precache app.wasm');
  });
}

// serveStatic serves the folder dir under the path prefix ("" or "/sub") as a plain static
// host does (GitHub Pages style: /page serves page.html, /sub redirects to /sub/, a
// max-age cache header), with the precompressed .br and .gz copies when the browser takes
// them (as Caddy's "precompressed" or nginx's gzip_static do). Returns { url, close }.
export async function serveStatic(dir, prefix = '') {
  const http = await import('node:http');
  const { existsSync, statSync, createReadStream } = await import('node:fs');
  const types = {
    '.html': 'text/html; charset=utf-8', '.js': 'application/javascript', '.css': 'text/css',
    '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png',
    '.webmanifest': 'application/manifest+json', '.json': 'application/json',
  };
  const isFile = (p) => existsSync(p) && statSync(p).isFile();
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    if (prefix && u.pathname === prefix) {
      res.writeHead(301, { Location: prefix + '/' + u.search });
      return res.end();
    }
    if (!u.pathname.startsWith(prefix + '/')) {
      res.writeHead(404);
      return res.end('not found');
    }
    let rel = decodeURIComponent(u.pathname.slice(prefix.length));
    if (rel.includes('..')) {
      res.writeHead(400);
      return res.end();
    }
    if (rel.endsWith('/')) rel += 'index.html';
    let file = join(dir, rel);
    if (!isFile(file) && isFile(file + '.html')) file += '.html';
    if (!isFile(file)) {
      res.writeHead(404);
      return res.end('not found');
    }
    const ext = file.slice(file.lastIndexOf('.'));
    const headers = { 'Content-Type': types[ext] ?? 'application/octet-stream', 'Cache-Control': 'max-age=600', Vary: 'Accept-Encoding' };
    const accept = req.headers['accept-encoding'] ?? '';
    for (const [enc, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
      if (accept.includes(enc) && isFile(file + suffix)) {
        headers['Content-Encoding'] = enc;
        file += suffix;
        break;
      }
    }
    headers['Content-Length'] = statSync(file).size;
    res.writeHead(200, headers);
    createReadStream(file).pipe(res);
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${srv.address().port}${prefix}`, close: () => new Promise((r) => srv.close(r)) };
}

// freePort returns a port that is free now.
export async function freePort() {
  const net = await import('node:net');
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const port = srv.address().port;
  await new Promise((r) => srv.close(r));
  return port;
}
