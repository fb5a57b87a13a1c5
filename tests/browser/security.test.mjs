// The host program's limits and the Content-Security-Policy, in real Chromium and over real
// HTTP: the app runs under the policy with zero violations (pages, a game against the
// computer whose engine worker compiles its wasm and answers, the service worker that
// installs, an offline reload, a form sent, the static site with the policy in its pages
// only); every answer carries the protective headers; every path outside the site is a 404;
// the service worker has no push or notification handler.
//
// What the page cannot see: a violation inside a worker (the engine's or the service
// worker's, each under the policy of its own script's headers) raises no event in the page
// and no console message (measured: a policy without 'wasm-unsafe-eval' only shows as the
// engine's "engine failed to start: CompileError ..." answer). So the workers are judged
// by their work: the engine answers, the service worker precaches and serves offline.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, live, outDir, playReady, root } from './fixture.mjs';
import { serveStatic, workerReady } from './store-helpers.mjs';

// The headers every answer of the host carries (the CSP is checked on its own).
const headers = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

// Request targets outside the site, sent as they are (curl --path-as-is): every one is a
// 404. The repository's own files are there to be found.
const outside = [
  '/web/../go.mod', '/web/%2e%2e/go.mod', '/web/%2E%2E/go.mod', '/web/.%2e/go.mod',
  '/web/..%2fgo.mod', '/web/%2e%2e%2fgo.mod', '/web/%252e%252e/go.mod', '/web/..%252fgo.mod',
  '/web/..%5cgo.mod', '/web/..\\go.mod', '/web\\..\\go.mod', '/web/%c0%ae%c0%ae/go.mod',
  '//go.mod', '//etc/passwd', '/web//etc/passwd', '/web/%2fetc%2fpasswd', '/etc/passwd',
  'http://127.0.0.1/web/../go.mod', '/web/%00/../go.mod',
  '/web/../.git/config', '/.git/config', '/.git', '/go.mod', '/go.sum', '/Makefile',
  '/bin/pwa', '/web/../bin/pwa', '/cmd/pwa/main.go', '/web/../cmd/pwa/main.go',
  '/README.md', '/tests/browser/server.mjs', '/web/', '/web', '/web/pieces/',
  '/web/app.wasm.gz', '/web/app.wasm.br', '/robots.txt', '/sitemap.xml',
];

// rawGet sends one GET with target written as is in the request line and returns
// { status, headers, body } (header names in lower case).
function rawGet(url, target) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks = [];
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const h = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        h[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: h, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('security: the site, its headers and its Content-Security-Policy', () => {
  const fx = fixture();
  let server;
  let context;
  let policy; // the header's policy
  const violations = []; // securitypolicyviolation events and CSP issues of the app's pages
  const messages = []; // console errors and warnings, page errors, of every page and worker
  const controls = []; // what the control page provoked
  const cleanups = [];
  let control = false;

  before(async () => {
    ({ server, context } = fx);
    policy = (await fetch(server.url + '/')).headers.get('content-security-policy');
    // Every page reports its violations to the test, whatever page it navigates to.
    await context.exposeBinding('__plygroundViolation', (_source, v) => (control ? controls : violations).push(v));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__plygroundViolation(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} (${e.disposition})`);
      });
    });
    // Console messages of the pages and of the service worker.
    context.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') (control ? controls : messages).push(`console ${msg.type()}: ${msg.text()}`);
    });
  });

  after(async () => {
    for (const f of cleanups) await f();
  });

  // open loads url in a new page that reports errors and Chromium's CSP issues, and waits
  // for selector.
  async function open(url, selector) {
    const page = await context.newPage();
    page.on('pageerror', (err) => messages.push(`pageerror: ${err.message}`));
    page.on('worker', (w) => w.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`worker ${w.url()}: ${msg.text()}`);
    }));
    const cdp = await context.newCDPSession(page);
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') (control ? controls : violations).push(`issue: ${JSON.stringify(issue.details)}`);
    });
    await cdp.send('Audits.enable');
    await page.goto(url);
    await page.waitForSelector(selector, { timeout: 30000 });
    return page;
  }

  // computerAnswers waits until the computer (Black) has answered the person's first ply.
  const computerAnswers = (page) => page.waitForFunction(
    () => /^1\.\S+ \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''), null, { timeout: 30000 });

  async function ply(page, from, to) {
    await page.click(`.board [data-square="${from}"]`);
    await page.click(`.board [data-square="${to}"]`);
  }

  test('the policy: a header with frame-ancestors, the same in a meta element of the page', async () => {
    assert.match(policy, /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; /);
    assert.match(policy, /; frame-ancestors 'none'$/);
    assert.doesNotMatch(policy, /'unsafe-eval'|script-src[^;]*'unsafe-inline'|\*|data:|blob:/);
    const html = await (await fetch(server.url + '/rules')).text();
    const metas = html.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/g) ?? [];
    assert.equal(metas.length, 1, 'one policy meta element');
    const content = metas[0].match(/content="([^"]*)"/)[1].replaceAll('&#39;', "'");
    assert.equal(content + "; frame-ancestors 'none'", policy);
  });

  test('a game against the computer runs under the policy: the worker answers, the service worker installs', async () => {
    // Motion on: the board's slides are style attributes.
    const page = await open(server.url + '/play?variant=orthodox&mode=computer&color=white&level=1', playReady);
    const meta = await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content);
    assert.equal(meta + "; frame-ancestors 'none'", policy, 'the page runs under the meta policy too');
    await ply(page, 'e2', 'e4');
    await computerAnswers(page);
    await workerReady(page);
    await page.screenshot({ path: join(outDir, 'security-csp.png') });
    // Offline: the service worker serves the page, the scripts and the engine, whose worker
    // runs under the policy of its cached headers. The game comes back after a reload, and
    // a new one is played.
    const moves = await page.getAttribute('.moves', 'data-movetext');
    await context.setOffline(true);
    try {
      await page.reload();
      await page.waitForSelector(playReady, { timeout: 30000 });
      await page.waitForFunction((m) => document.querySelector('.moves')?.dataset.movetext === m, moves);
      await page.goto(server.url + '/play?variant=orthodox&mode=computer&color=white&level=2');
      await page.waitForSelector(playReady, { timeout: 30000 });
      await ply(page, 'd2', 'd4');
      await computerAnswers(page);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  test('the other screens run under the policy: settings, a form sent, saved games, rules, Never-Ending Chess', async () => {
    const page = await open(server.url + '/settings', `${live} main`);
    await page.check('[data-setting="board-green"]'); // colour swatches are style attributes
    await page.goto(server.url + '/new');
    await page.waitForSelector(`${live} .newgame-form`);
    await page.check('.variant-choice[data-variant="marseillais"] input');
    await page.click('[data-action="start"]'); // form-action 'none': the form is handled in the page
    await page.waitForSelector(`${live} .play[data-variant="marseillais"] .board`);
    for (const [path, selector] of [['/saved', '.saved-page'], ['/rules/dice', 'main'], ['/about', 'main']]) {
      await page.goto(server.url + path);
      await page.waitForSelector(`${live} ${selector}`);
    }
    await page.goto(server.url + '/nec/new');
    await page.waitForSelector(`${live} .nec-new form`);
    await page.selectOption('select[name="seat1"]', 'bot1');
    await page.click('[data-action="start"]');
    await page.waitForURL(/\/nec\?id=/);
    await page.waitForSelector(`${live} .nec-play`);
    await page.close();
  });

  test('the static site (pwa -dist) has the policy in every page and runs under it with no header', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'plyground-csp-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const site = join(dir, 'site');
    execFileSync(join(root, 'bin/pwa'), ['-dist', site], { cwd: root, stdio: 'inherit' });
    const pages = (await readdir(site, { recursive: true })).filter((f) => f.endsWith('.html'));
    assert.ok(pages.length >= 8, `${pages.length} pages`);
    for (const f of pages) {
      const html = await readFile(join(site, f), 'utf8');
      assert.equal((html.match(/<meta http-equiv="Content-Security-Policy"/g) ?? []).length, 1, `${f} carries the policy`);
    }
    const host = await serveStatic(site);
    cleanups.push(host.close);
    const page = await open(host.url + '/play?variant=orthodox&mode=computer&color=white&level=1', playReady);
    assert.equal((await fetch(host.url + '/')).headers.get('content-security-policy'), null, 'a host that sends no policy');
    await ply(page, 'e2', 'e4');
    await computerAnswers(page);
    await workerReady(page);
    await page.close();
  });

  test('zero violations, no console errors or warnings', () => {
    assert.deepEqual(violations, []);
    assert.deepEqual(messages, []);
  });

  test('control: a violation in the page is seen (inline style, data: image, blob: worker)', async () => {
    control = true;
    const page = await open(server.url + '/about', `${live} main`);
    await page.evaluate(() => {
      const s = document.createElement('style');
      s.textContent = 'body { outline: 1px solid red; }';
      document.head.append(s);
      new Image().src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      try {
        new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })));
      } catch {
        // blocked: the event is what counts
      }
    });
    await page.waitForTimeout(500);
    await page.close();
    control = false;
    for (const directive of ['style-src-elem', 'img-src', 'worker-src']) {
      assert.ok(controls.some((v) => v.startsWith(directive)), `a ${directive} violation seen: ${controls.join('\n')}`);
    }
  });

  test('every file of the site is served with the headers', async () => {
    const worker = await (await fetch(server.url + '/app-worker.js')).text();
    const files = JSON.parse(worker.match(/const resourcesToCache = (\[.*?\]);/s)[1]);
    assert.ok(files.includes('/web/engine.wasm') && files.includes('/web/app.wasm'), 'the worker precaches the site');
    for (const f of [...files, '/app.wasm', '/play', '/nec/new', '/rules/sdm']) {
      const res = await rawGet(server.url, f);
      assert.equal(res.status, 200, f);
      assert.equal(res.headers['content-security-policy'], policy, f);
      for (const [k, v] of Object.entries(headers)) assert.equal(res.headers[k], v, `${f}: ${k}`);
      assert.match(res.headers['permissions-policy'], /camera=\(\)/, f);
    }
  });

  test('every path outside the site is a 404, with the headers', async () => {
    const secrets = [await readFile(join(root, 'go.mod'), 'utf8'), await readFile(join(root, 'Makefile'), 'utf8')];
    for (const target of outside) {
      const res = await rawGet(server.url, target);
      assert.equal(res.status, 404, `GET ${target}`);
      assert.equal(res.headers['content-security-policy'], policy, `GET ${target}`);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', `GET ${target}`);
      for (const s of secrets) assert.ok(!res.body.includes(s.slice(0, 40)), `GET ${target} answered a repository file`);
    }
  });

  test('the service worker has no push or notification handler', async () => {
    const worker = await (await fetch(server.url + '/app-worker.js')).text();
    for (const gone of ['"push"', '"notificationclick"', '"message"', 'showNotification', 'openWindow']) {
      assert.ok(!worker.includes(gone), `app-worker.js has ${gone}`);
    }
    for (const kept of ['"install"', '"activate"', '"fetch"']) {
      assert.ok(worker.includes(`self.addEventListener(${kept}`), `app-worker.js keeps ${kept}`);
    }
  });
});
