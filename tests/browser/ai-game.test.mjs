// Playing against the computer on the game screen, in real Chromium: the person moves by
// clicking, the computer (the engine's Web Worker) answers with its whole turn, and the page
// keeps drawing frames while it thinks: no gap between animation frames over 50 ms. The
// computer's turn is shown ply by ply (each ply slides in, then a short pause), or at once
// with reduced motion; a take back in the middle stops it. After a roll that forces the
// person to pass (dice chess), the computer still answers.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, outDir, playReady } from './fixture.mjs';

describe('game against the computer', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  // open starts the game screen at path; motion: true lets the page animate (the context
  // asks for reduced motion); dice: the rolls the page's dice give first.
  const open = (path, { motion = false, dice } = {}) =>
    fx.open(path, { selector: playReady, dice, setup: motion && ((page) => page.emulateMedia({ reducedMotion: 'no-preference' })) });

  async function ply(page, uci) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    await page.click(`.board [data-square="${from}"]`);
    await page.click(`.board [data-square="${to}"]`);
    await page.waitForFunction((sq) => !document.querySelector(`.board [data-square="${sq}"] [data-piece]`), from);
  }

  const movetext = (page) => page.getAttribute('.moves', 'data-movetext');

  // --- A small board model, to check the positions shown against the move list -------------

  const files = 'abcdefgh';
  // startBoard returns the start position as a Map from square to piece ("wP", "bN").
  function startBoard() {
    const b = new Map();
    const back = 'RNBQKBNR';
    for (let f = 0; f < 8; f++) {
      b.set(files[f] + '1', 'w' + back[f]);
      b.set(files[f] + '2', 'wP');
      b.set(files[f] + '7', 'bP');
      b.set(files[f] + '8', 'b' + back[f]);
    }
    return b;
  }
  // key writes a board as the page's boardKey does: the 64 squares a1..h8, "-" for empty.
  function key(b) {
    const out = [];
    for (let r = 1; r <= 8; r++) for (const f of files) out.push(b.get(f + r) ?? '-');
    return out.join(',');
  }
  const at = (sq, df, dr) => {
    const f = files.indexOf(sq[0]) + df;
    const r = Number(sq[1]) + dr;
    return f >= 0 && f < 8 && r >= 1 && r <= 8 ? files[f] + r : null;
  };
  // reaches reports whether the piece of type t on from attacks or moves to to (no pins).
  function reaches(b, t, from, to) {
    const lines = { R: [[1, 0], [-1, 0], [0, 1], [0, -1]], B: [[1, 1], [1, -1], [-1, 1], [-1, -1]] };
    lines.Q = [...lines.R, ...lines.B];
    if (t === 'N' || t === 'K') {
      const steps = t === 'N'
        ? [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]]
        : lines.Q;
      return steps.some(([df, dr]) => at(from, df, dr) === to);
    }
    for (const [df, dr] of lines[t]) {
      for (let sq = at(from, df, dr); sq; sq = at(sq, df, dr)) {
        if (sq === to) return true;
        if (b.has(sq)) break;
      }
    }
    return false;
  }
  // playSAN plays a ply written in SAN ("e5", "dxe4", "Nf6", "Bxb4+") by side ("w" or "b") and
  // returns the new board and the ply's squares; castling and promotion do not occur in the
  // first turns these tests play.
  function playSAN(board, san, side) {
    const b = new Map(board);
    const text = san.replace(/[+#!?]/g, '');
    const fwd = side === 'w' ? 1 : -1;
    let from;
    let to;
    let m = text.match(/^([a-h])(?:x([a-h][1-8])|([1-8]))$/);
    if (m) {
      to = m[2] ?? m[1] + m[3];
      const candidates = m[2] ? [at(to, files.indexOf(m[1]) - files.indexOf(to[0]), -fwd)]
        : [at(to, 0, -fwd), b.has(at(to, 0, -fwd)) ? null : at(to, 0, -2 * fwd)];
      from = candidates.find((sq) => sq && b.get(sq) === side + 'P');
    } else {
      m = text.match(/^([KQRBN])([a-h])?([1-8])?x?([a-h][1-8])$/);
      assert.ok(m, `a ply this test can read: ${san}`);
      to = m[4];
      const found = [...b.entries()].filter(([sq, pc]) => pc === side + m[1] &&
        (!m[2] || sq[0] === m[2]) && (!m[3] || sq[1] === m[3]) && reaches(b, m[1], sq, to));
      assert.equal(found.length, 1, `one ${m[1]} reaches ${to} for ${san}`);
      from = found[0][0];
    }
    assert.ok(from, `the piece that plays ${san}`);
    b.set(to, b.get(from));
    b.delete(from);
    return { board: b, from, to };
  }

  // watchBoard starts recording, in the page, every new state of the board: its pieces
  // (boardKey), the move list, whether the person may move, which piece slides, and when.
  const watchBoard = (page) => page.evaluate(() => {
    const boardKey = () => {
      const out = [];
      for (let r = 1; r <= 8; r++) {
        for (const f of 'abcdefgh') {
          out.push(document.querySelector(`.play .board [data-square="${f}${r}"] [data-piece]`)?.dataset.piece ?? '-');
        }
      }
      return out.join(',');
    };
    window.__states = [];
    const record = () => {
      const state = {
        board: boardKey(),
        movetext: document.querySelector('.moves')?.dataset.movetext ?? '',
        canMove: !!document.querySelector('.board-wrap.can-move'),
        slide: document.querySelector('.play .board .piece.slide-a, .play .board .piece.slide-b')?.parentElement.dataset.square ?? '',
        t: performance.now(),
      };
      const last = window.__states.at(-1);
      if (!last || last.board !== state.board || last.movetext !== state.movetext || last.canMove !== state.canMove) {
        window.__states.push(state);
      }
    };
    record();
    new MutationObserver(record).observe(document.querySelector('.play'), { subtree: true, childList: true, attributes: true });
  });
  const states = (page) => page.evaluate(() => window.__states);

  // blackTurn waits for the computer's two Marseillais plies after 1.e4 and returns them.
  async function blackTurn(page) {
    await page.waitForFunction(() => /^1\.e4 [^ ,]+,[^ ,]+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    const text = await movetext(page);
    return text.split(' ')[1].split(',');
  }

  // watchFrames starts recording the gaps between animation frames in the page.
  const watchFrames = (page) => page.evaluate(() => {
    window.__gaps = { worst: 0, frames: 0, running: true };
    let last = performance.now();
    const tick = (t) => {
      const g = window.__gaps;
      g.worst = Math.max(g.worst, t - last);
      last = t;
      g.frames++;
      if (g.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((t) => { last = t; requestAnimationFrame(tick); });
  });
  const stopFrames = (page) => page.evaluate(() => { window.__gaps.running = false; return window.__gaps; });

  // A stall caused by the page's own work shows in every attempt; the machine's load (other
  // processes) makes random gaps: the best of five attempts is judged. Frames come every
  // 16.7 ms, so a gap of 50.0 ms (two frames missed) is a stall of at most 50 ms.
  test('Marseillais at level 5: the computer plays its two plies, the page stays smooth', async () => {
    const attempts = [];
    for (let i = 0; i < 5; i++) {
      const page = await open('/play?variant=marseillais&mode=computer&color=white&level=5');
      const t0 = Date.now();
      await ply(page, 'e2e4');
      await watchFrames(page); // from the person's ply on: the computer is thinking
      // The computer's turn: two plies after White's first one (M1), unless the first checks.
      await page.waitForFunction(() => /^1\.e4 \S+/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
        null, { timeout: 30000 });
      const thought = Date.now() - t0;
      await page.waitForTimeout(200);
      const gaps = await stopFrames(page);
      const text = await movetext(page);
      console.log(`attempt ${i + 1}: computer answered ${text} ${thought} ms after the person's ply; ${gaps.frames} frames, worst gap ${gaps.worst.toFixed(1)} ms`);
      assert.match(text, /^1\.e4 [^ ,]+,[^ ,]+$/, `Black's turn has two plies: ${text}`);
      assert.ok(thought >= 500, `level 5 thinks about a second, answered ${thought} ms after the ply`);
      attempts.push(gaps.worst);
      await page.close();
      if (gaps.worst < 51) break;
    }
    assert.ok(Math.min(...attempts) < 51, `frame gaps while the computer thought: ${attempts.map((g) => g.toFixed(1)).join(', ')} ms`);
    assert.deepEqual(errors, []);
  });

  test('a take back while the computer thinks cancels it; the next request is answered', async () => {
    const page = await open('/play?variant=orthodox&mode=computer&color=white&level=5');
    await ply(page, 'e2e4');
    await page.waitForSelector('.thinking', { timeout: 5000 });
    await page.click('[data-action="undo"]');
    await page.waitForFunction(() => !document.querySelector('.thinking'));
    // The cancelled search's answer (due within the second) must not be played.
    await page.waitForTimeout(1500);
    assert.equal((await movetext(page)) ?? '', '', 'no move after the take back');
    await ply(page, 'd2d4');
    await page.waitForFunction(() => /^1\.d4 \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('Progressive (Italian) at level 3: a whole series, then the person moves again', async () => {
    const page = await open('/play?variant=progressive-italian&mode=computer&color=white&level=3');
    await ply(page, 'e2e4');
    await page.waitForFunction(() => /^1\.e4 2\.\S+ \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    assert.match(await page.locator('.status').first().textContent(), /White to move/);
    assert.deepEqual(errors, []);
    await page.close();
  });
  test('Marseillais: the computer\'s turn is shown ply by ply, each ply sliding in', async () => {
    const page = await open('/play?variant=marseillais&mode=computer&color=white&level=1', { motion: true });
    await watchBoard(page);
    await ply(page, 'e2e4');
    // A screenshot while the first ply is shown and the second not yet.
    await page.waitForFunction(() => /^1\.e4 \S/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000, polling: 'raf' });
    if (!(await movetext(page)).includes(',')) await page.screenshot({ path: `${outDir}/ai-reveal-mid.png` });
    const [first, second] = await blackTurn(page);
    await page.waitForFunction(() => !!document.querySelector('.board-wrap.can-move'));
    const seen = await states(page);

    const afterE4 = playSAN(startBoard(), 'e4', 'w').board;
    const one = playSAN(afterE4, first, 'b');
    const two = playSAN(one.board, second, 'b');
    const index = (board, from = 0) => seen.findIndex((s, i) => i >= from && s.board === key(board));
    const i0 = index(afterE4);
    const i1 = index(one.board, Math.max(i0, 0));
    const i2 = index(two.board, Math.max(i1, 0));
    console.log(`1.e4 ${first},${second}: ${seen.length} states; e4 at ${i0}, first ply at ${i1}, second at ${i2}`);
    assert.ok(i0 >= 0, 'the position after 1.e4 was shown');
    assert.ok(i1 > i0, `the position after ${first} alone was shown, after 1.e4`);
    assert.ok(i2 > i1, `the position after ${first},${second} was shown, after ${first} alone`);
    const mid = seen[i1];
    assert.equal(mid.movetext, `1.e4 ${first}`, 'the move list follows the first ply');
    assert.equal(mid.canMove, false, 'the board takes no move in the middle of the computer\'s turn');
    assert.equal(mid.slide, one.to, `${first} slides in`);
    assert.equal(seen[i2].slide, two.to, `${second} slides in`);
    const pause = seen[i2].t - mid.t;
    assert.ok(pause >= 250, `the first ply stays ${pause.toFixed(0)} ms before the second (about 320 ms)`);
    assert.ok(pause < 2000, `the second ply follows in ${pause.toFixed(0)} ms`);
    // The final board is the move list's position, and the person is to move.
    const last = seen.at(-1);
    assert.equal(last.board, key(two.board), 'the board shows the position of the move list');
    assert.equal(last.movetext, `1.e4 ${first},${second}`);
    assert.equal(last.canMove, true);
    assert.match(await page.locator('.status').first().textContent(), /White to move/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('with reduced motion the computer\'s turn comes at once', async () => {
    const page = await open('/play?variant=marseillais&mode=computer&color=white&level=1');
    await watchBoard(page);
    await ply(page, 'e2e4');
    const [first, second] = await blackTurn(page);
    const seen = await states(page);
    const one = playSAN(playSAN(startBoard(), 'e4', 'w').board, first, 'b');
    const two = playSAN(one.board, second, 'b');
    assert.equal(seen.findIndex((s) => s.board === key(one.board)), -1, `no state with ${first} alone`);
    assert.equal(seen.at(-1).board, key(two.board), 'the board shows the position of the move list');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a take back while the computer\'s turn is shown stops it', async () => {
    const page = await open('/play?variant=marseillais&mode=computer&color=white&level=1', { motion: true });
    await watchBoard(page);
    await ply(page, 'e2e4');
    // Take back the moment the first ply of the computer shows, in the page itself.
    const shownBefore = await page.evaluate(() => new Promise((resolve, reject) => {
      const deadline = performance.now() + 30000;
      const poll = () => {
        const text = document.querySelector('.moves')?.dataset.movetext ?? '';
        if (/^1\.e4 [^ ,]+$/.test(text)) {
          document.querySelector('[data-action="undo"]').click();
          resolve(text);
        } else if (/,/.test(text) || performance.now() > deadline) {
          reject(new Error(`no half-shown turn to take back: ${text}`));
        } else {
          requestAnimationFrame(poll);
        }
      };
      poll();
    }));
    await page.waitForFunction(() => !(document.querySelector('.moves')?.dataset.movetext));
    const taken = (await states(page)).length;
    await page.waitForTimeout(1000); // past the time the second ply would have come
    const after = (await states(page)).slice(taken - 1);
    console.log(`took back at ${shownBefore}; ${after.length} states after`);
    assert.equal((await movetext(page)) ?? '', '', 'no ply after the take back');
    assert.deepEqual(after.map((s) => s.board), [key(startBoard())], 'the board stays at the start');
    assert.equal(await page.locator('.thinking').count(), 0);
    assert.equal(await page.locator('.ai-error').count(), 0, 'nothing of the stopped turn is tried');
    // The game goes on: the next turn of the computer is shown whole.
    await ply(page, 'd2d4');
    await page.waitForFunction(() => /^1\.d4 [^ ,]+,[^ ,]+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
  test('dice chess: after the person\'s roll allows no ply (D3), the computer rolls and moves', async () => {
    // 3-4 (bishop, rook) allows no ply at the start: White passes; Black then rolls 1-1.
    const page = await open('/play?variant=dice&mode=computer&color=white&level=1', { dice: [[3, 4], [1, 1]] });
    await page.click('.roll');
    await page.waitForFunction(() => /^1\. \{roll 3-4\} -- \{roll 1-1\} \S+$/.test(document.querySelector('.moves')?.dataset.movetext ?? ''),
      null, { timeout: 15000 });
    assert.equal(await page.locator('.thinking').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
