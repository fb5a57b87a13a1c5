// Measures the engine's speed in WebAssembly in Chromium: the page's Web Worker
// (web/engine-worker.js) runs an engine.wasm and answers level-5 requests (one second each)
// for the start of orthodox chess, Marseillais, SDM and dice chess (after the roll 1-2);
// nodes per second are the nodes it reports over the wall time of the request. Compare two
// builds by running it on each:
//
//	make web/engine.wasm && node scripts/enginespeed.mjs [engine.wasm] [runs]
//
// The default wasm is web/engine.wasm; runs (default 3) repeats each request, the median is
// printed. Debian's Chromium through playwright-core, as the browser tests use it.
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { launch } from '../tests/browser/chromium.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const wasm = resolve(process.argv[2] ?? join(root, 'web/engine.wasm'));
const runs = Number(process.argv[3] ?? 3);
// The Go runtime's shim, which go-app serves at the site's root in the app.
const shim = join(execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim(), 'lib', 'wasm', 'wasm_exec.js');

// Game records (turn.Record version 1): version, variant code, options "", start "", end 0,
// the number of actions, then the actions' indices as bits.
function record(code, count = 0, bits = []) {
  return Buffer.from([1, code, 0, 0, 0, count, ...bits]).toString('base64url');
}
const requests = [
  ['orthodox', record(1)],
  ['marseillais', record(3)],
  ['sdm', record(2)],
  ['dice', record(4, 1, [0b00000100])], // after the roll 1-2
];

const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = http.createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  let file;
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>engine speed</title>');
    return;
  } else if (path === '/web/engine.wasm') {
    file = wasm;
  } else if (path === '/wasm_exec.js') {
    file = shim;
  } else if (path === '/web/engine-worker.js') {
    file = join(root, path);
  } else {
    res.writeHead(404);
    res.end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream' });
    res.end(body);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}`;

const context = await launch();
try {
  const page = await context.newPage();
  await page.goto(url + '/');
  const results = await page.evaluate(async ({ requests, runs }) => {
    const engine = new Worker('/web/engine-worker.js');
    const answers = new Map();
    const ready = new Promise((resolve, reject) => {
      engine.addEventListener('message', (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'ready') resolve();
        if (m.type === 'result' && m.id === undefined && m.err) reject(new Error(m.err)); // the worker did not start
        if (m.type === 'result' && answers.has(m.id)) answers.get(m.id)(m);
      });
    });
    await ready;
    const out = {};
    let id = 1;
    for (const [name, rec] of requests) {
      const nps = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const m = await new Promise((resolve) => {
          answers.set(id, resolve);
          engine.postMessage(JSON.stringify({ type: 'think', id: id++, record: rec, level: 5, seed: 1 }));
        });
        const ms = performance.now() - t0;
        if (m.err) throw new Error(`${name}: ${m.err}`);
        nps.push({ nps: (m.nodes / ms) * 1000, depth: m.depth, ms });
      }
      nps.sort((a, b) => a.nps - b.nps);
      out[name] = nps[Math.floor(nps.length / 2)];
    }
    return out;
  }, { requests, runs });
  console.log(`engine speed in Chromium (${wasm}), level 5, median of ${runs}:`);
  for (const [name, r] of Object.entries(results)) {
    console.log(`  ${name.padEnd(12)} ${Math.round(r.nps).toString().padStart(8)} nodes/s  depth ${r.depth}  ${Math.round(r.ms)} ms`);
  }
} finally {
  await context.close();
  server.close();
}
