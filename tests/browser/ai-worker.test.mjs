// The engine worker (web/engine-worker.js running web/engine.wasm) in real Chromium, spoken to
// directly with its JSON messages: the ready handshake, a turn for every variant, the dice
// roll that must come first, a cancel that stops a level-5 search early, and a page whose
// frames keep coming (no gap over 50 ms) while the computer thinks for a second; the analysis
// requests (issue 17): a continuous analysis reported per depth until cancelled (with the
// page's frames measured the same way), the 21 rolls of a dice position, a review with its
// progress and its blunder, and the series-mate solver.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from './fixture.mjs';

// Game records written by hand in the turn.Record format (version 1): version, variant code,
// options "", start "", end 0, the number of actions, then the actions' indices as bits.
function record(code, count = 0, bits = []) {
  const bytes = [1, code, 0, 0, 0, count, ...bits];
  return Buffer.from(bytes).toString('base64url');
}
const variantCodes = {
  orthodox: 1,
  sdm: 2,
  marseillais: 3,
  dice: 4,
  'progressive-italian': 5,
  'progressive-scottish': 6,
};
// Dice chess after the roll 1-2: one action, the roll with index 1 of 36 in 6 bits (000001),
// padded with zeros: 0b00000100.
const diceRolled = record(4, 1, [0b00000100]);

describe('engine worker', () => {
  const fx = fixture();
  const errors = fx.errors;
  let page;

  before(async () => {
    page = await fx.open('/');
    // A worker and a promise-based request helper, in the page.
    await page.evaluate(() => {
      window.engine = new Worker('/web/engine-worker.js');
      window.answers = new Map();
      window.streams = new Map();
      // An analysis request (protocol version 3): its streamed replies are kept in
      // window.streams.
      window.request = (msg) =>
        new Promise((resolve) => {
          window.answers.set(msg.id, resolve);
          window.streams.set(msg.id, []);
          window.engine.postMessage(JSON.stringify({ v: 3, ...msg }));
        });
      window.engineReady = new Promise((resolve) => {
        window.engine.addEventListener('message', (e) => {
          const m = JSON.parse(e.data);
          if (m.type === 'ready') resolve(true);
          if (m.type === 'result') {
            const waiting = window.answers.get(m.id);
            if (waiting) waiting(m);
          }
          if (m.type === 'report' || m.type === 'progress') {
            const stream = window.streams.get(m.id);
            if (stream) stream.push({ ...m, at: performance.now() });
          }
        });
      });
      window.ask = (msg) =>
        new Promise((resolve) => {
          window.answers.set(msg.id, resolve);
          window.engine.postMessage(JSON.stringify({ type: 'think', ...msg }));
        });
    });
  });

  test('says ready, then plays a turn in every variant', async () => {
    const ready = await page.evaluate(() => Promise.race([
      window.engineReady,
      new Promise((r) => setTimeout(() => r(false), 20000)),
    ]));
    assert.equal(ready, true, 'no ready message within 20 s');
    let id = 1;
    for (const [variant, code] of Object.entries(variantCodes)) {
      if (variant === 'dice') continue;
      const m = await page.evaluate((msg) => window.ask(msg), { id: id++, record: record(code), level: 2 });
      assert.equal(m.err ?? '', '', `${variant}: ${m.err}`);
      assert.ok(m.actions.length >= 1, `${variant}: no action`);
      assert.match(m.actions[0], /^[a-h][1-8][a-h][1-8]/, `${variant}: ${m.actions}`);
      assert.ok(m.nodes > 0, `${variant}: nodes ${m.nodes}`);
    }
    const first = await page.evaluate((msg) => window.ask(msg), { id: id++, record: record(4), level: 1 });
    assert.match(first.err ?? '', /roll/, 'dice before the roll must ask for the roll');
    const rolled = await page.evaluate((msg) => window.ask(msg), { id: id++, record: diceRolled, level: 3 });
    assert.equal(rolled.err ?? '', '');
    // A roll of 1-2 allows pawn and knight moves only.
    assert.match(rolled.actions[0], /^([a-h]2[a-h][34]|[bg]1[a-h]3)$/, `dice 1-2: ${rolled.actions}`);
    assert.deepEqual(errors, []);
  });

  test('a cancel stops a level-5 search early', async () => {
    const elapsed = await page.evaluate(async () => {
      await window.engineReady;
      const t0 = performance.now();
      const answer = window.ask({ id: 1001, record: 'AQEAAAAA', level: 5 });
      await new Promise((r) => setTimeout(r, 100));
      window.engine.postMessage(JSON.stringify({ type: 'cancel', id: 1001 }));
      const m = await answer;
      return { ms: performance.now() - t0, actions: m.actions };
    });
    assert.ok(elapsed.actions.length === 1, `cancelled search answered ${elapsed.actions}`);
    assert.ok(elapsed.ms < 700, `the cancelled search took ${elapsed.ms} ms (a full one takes 1000)`);
  });

  // The best of five attempts is judged: a stall of the page's own making shows every time,
  // the machine's load only now and then. Frames come every 16.7 ms, so a gap of 50.0 ms
  // (two frames missed) is a stall of at most 50 ms.
  test('the page keeps drawing frames while the computer thinks', async () => {
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const r = await page.evaluate(async (id) => {
        await window.engineReady;
        let last = performance.now();
        let worst = 0;
        let frames = 0;
        let running = true;
        const tick = (t) => {
          worst = Math.max(worst, t - last);
          last = t;
          frames++;
          if (running) requestAnimationFrame(tick);
        };
        requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
        const t0 = performance.now();
        const m = await window.ask({ id, record: 'AQMAAAAA', level: 5 });
        const ms = performance.now() - t0;
        running = false;
        return { worst, frames, ms, depth: m.depth, nodes: m.nodes };
      }, 2001 + i);
      console.log(`level 5 (Marseillais start): ${r.ms.toFixed(0)} ms, depth ${r.depth}, ${r.nodes} nodes; ${r.frames} frames, worst gap ${r.worst.toFixed(1)} ms`);
      assert.ok(r.ms > 500, `level 5 answered in ${r.ms} ms`);
      attempts.push(r.worst);
      if (r.worst < 51) break;
    }
    assert.ok(Math.min(...attempts) < 51, `frame gaps while the computer thought: ${attempts.map((g) => g.toFixed(1)).join(', ')} ms`);
  });

  // Records written by Go (variants.NewGame(...).Encode()) for these games.
  const scholar = 'AQEAAAAHagrBs0g'; // orthodox 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#
  const progressive = 'AQUAAAADajQ'; // progressive-italian 1.e4 2.e5 Nf6
  const marseillais = 'AQMAAAADah4'; // marseillais 1.e4 e5,Nc6

  // As for the computer's turn, the best of five attempts is judged.
  test('analyses continuously, a report per depth, until cancelled, the page drawing frames', async () => {
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const r = await page.evaluate(async ({ id, record }) => {
        await window.engineReady;
        let last = performance.now();
        let worst = 0;
        let running = true;
        const tick = (t) => {
          worst = Math.max(worst, t - last);
          last = t;
          if (running) requestAnimationFrame(tick);
        };
        requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
        const t0 = performance.now();
        const answer = window.request({ type: 'analyse', id, record });
        await new Promise((r) => setTimeout(r, 1500));
        const cancelAt = performance.now();
        window.engine.postMessage(JSON.stringify({ type: 'cancel', v: 3, id }));
        const m = await answer;
        running = false;
        const reports = window.streams.get(id);
        return {
          worst, first: reports.length ? reports[0].at - t0 : -1, stopMs: performance.now() - cancelAt,
          depths: reports.map((x) => x.analysis.depth), final: m.analysis, err: m.err ?? '',
        };
      }, { id: 3001 + i, record: marseillais });
      console.log(`analysis (Marseillais): first report after ${r.first.toFixed(0)} ms, depths ${r.depths.join(',')}, ` +
        `stopped ${r.stopMs.toFixed(0)} ms after the cancel, worst frame gap ${r.worst.toFixed(1)} ms, best ${r.final?.text} (${r.final?.cp ?? 0} cp)`);
      assert.equal(r.err, '');
      assert.ok(r.first >= 0 && r.first < 2000, `first report after ${r.first} ms`);
      assert.deepEqual(r.depths, r.depths.map((_, k) => k + 1), `depths ${r.depths}`);
      assert.ok(r.depths.length >= 3, `only ${r.depths.length} depths in 1.5 s`);
      assert.ok(r.stopMs < 500, `the analysis stopped ${r.stopMs} ms after the cancel`);
      assert.ok(r.final && r.final.final && r.final.best.length === 2 && /^2\./.test(r.final.text) && r.final.text.includes(','),
        `final report ${JSON.stringify(r.final)}`);
      attempts.push(r.worst);
      if (r.worst < 51) break;
    }
    assert.ok(Math.min(...attempts) < 51, `frame gaps while the worker analysed: ${attempts.map((g) => g.toFixed(1)).join(', ')} ms`);
  });

  test('a dice position before the roll has the values of its 21 rolls', async () => {
    const m = await page.evaluate((record) => window.request({ type: 'analyse', id: 3101, record, depth: 1 }), record(4));
    assert.equal(m.err ?? '', '');
    assert.equal(m.analysis.rolls.length, 21);
    assert.equal(m.analysis.rolls.reduce((w, r) => w + r.weight, 0), 36);
  });

  test('reviews a game with its progress and marks its blunder', async () => {
    const r = await page.evaluate(async (record) => {
      const m = await window.request({ type: 'review', id: 3201, record, depth: 4 });
      return { m, progress: window.streams.get(3201) };
    }, scholar);
    assert.equal(r.m.err ?? '', '');
    const last = r.progress[r.progress.length - 1];
    assert.ok(r.progress.length > 1 && last.done === last.total, `progress ${JSON.stringify(r.progress)}`);
    const review = JSON.parse(r.m.review);
    assert.equal(review.turns.length, 7);
    assert.equal(review.turns[5].class, 3, `3...Nf6: ${JSON.stringify(review.turns[5])}`); // a blunder
    assert.ok(review.turns[5].better, 'no better turn for the blunder');
  });

  test('the series-mate solver finds the mating series', async () => {
    const m = await page.evaluate((record) => window.request({ type: 'solve', id: 3301, record, nodes: 200000 }), progressive);
    assert.equal(m.err ?? '', '');
    assert.equal(m.mate, true);
    assert.equal(m.series.length, 3);
    assert.match(m.text, /^3\..*#$/);
  });
});
