// The home page and the board in real Chromium. The home page lists the variants; the board
// with the orthodox start position, drawn by the WebAssembly program from the engine, is on
// the game screen of a new orthodox game (/play), at desktop and phone sizes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, liveMain, outDir, playReady } from './fixture.mjs';

// The start position, written out here rather than taken from the app.
const names = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };
const backRank = 'RNBQKBNR';
const files = 'abcdefgh';

function startPosition() {
  const pieces = new Map();
  for (let f = 0; f < 8; f++) {
    const file = files[f];
    pieces.set(`${file}1`, 'w' + backRank[f]);
    pieces.set(`${file}2`, 'wP');
    pieces.set(`${file}7`, 'bP');
    pieces.set(`${file}8`, 'b' + backRank[f]);
  }
  return pieces;
}

function label(square, piece) {
  if (!piece) return `${square} empty`;
  return `${square} ${piece[0] === 'w' ? 'white' : 'black'} ${names[piece[1]]}`;
}

const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
};

describe('home page and board', () => {
  const fx = fixture({ launch: { viewport: sizes.desktop } });
  const errors = fx.errors;

  // open loads the page at a viewport size and waits until the running program (not the
  // server's prerendered HTML) has drawn the board and every piece image has loaded.
  async function open(size, path = '/play?variant=orthodox') {
    const page = await fx.open(path, { viewport: size, selector: path.startsWith('/play') ? playReady : liveMain });
    await page.waitForLoadState('networkidle');
    return page;
  }

  test('draws 64 squares and the 32 pieces of the start position', async () => {
    const page = await open(sizes.desktop);
    const squares = await page.$$eval('.board [data-square]', (els) =>
      els.map((el) => {
        const piece = el.querySelector('[data-piece]');
        return {
          square: el.dataset.square,
          role: el.getAttribute('role'),
          cellLabel: el.getAttribute('aria-label'),
          piece: piece?.dataset.piece ?? null,
          pieceLabel: piece?.getAttribute('aria-label') ?? null,
          light: el.classList.contains('light'),
          dark: el.classList.contains('dark'),
        };
      }),
    );
    assert.equal(squares.length, 64, 'squares');
    assert.equal(new Set(squares.map((s) => s.square)).size, 64, 'distinct square names');

    const want = startPosition();
    const pieces = squares.filter((s) => s.piece);
    assert.equal(pieces.length, 32, 'pieces');
    assert.equal(await page.locator('.board [data-piece]').count(), 32, 'piece elements');
    for (const s of squares) {
      const expected = want.get(s.square) ?? null;
      assert.equal(s.piece, expected, `piece on ${s.square}`);
      assert.equal(s.role, 'gridcell', `role of ${s.square}`);
      if (expected) {
        assert.equal(s.pieceLabel, label(s.square, expected), `label of the piece on ${s.square}`);
      } else {
        assert.equal(s.cellLabel, label(s.square, null), `label of ${s.square}`);
      }
      // a1 is dark; colours alternate along files and ranks.
      const f = files.indexOf(s.square[0]);
      const r = Number(s.square[1]) - 1;
      const light = (f + r) % 2 === 1;
      assert.equal(s.light, light, `${s.square} light`);
      assert.equal(s.dark, !light, `${s.square} dark`);
    }
    await page.close();
  });

  test('White sits at the bottom, with coordinates on the edges', async () => {
    const page = await open(sizes.desktop);
    const order = await page.$$eval('.board [data-square]', (els) => els.map((el) => el.dataset.square));
    assert.equal(order[0], 'a8', 'top left');
    assert.equal(order[7], 'h8', 'top right');
    assert.equal(order[56], 'a1', 'bottom left');
    assert.equal(order[63], 'h1', 'bottom right');

    // The grid really draws them there.
    const box = async (sq) => page.locator(`[data-square="${sq}"]`).boundingBox();
    const [a1, h1, a8] = await Promise.all([box('a1'), box('h1'), box('a8')]);
    assert.ok(a1.x < h1.x && Math.abs(a1.y - h1.y) < 1, 'a1 left of h1 on one row');
    assert.ok(a8.y < a1.y && Math.abs(a8.x - a1.x) < 1, 'a8 above a1 in one column');

    const ranks = await page.$$eval('.board .rank-label', (els) =>
      els.map((el) => `${el.closest('[data-square]').dataset.square}:${el.textContent}`),
    );
    assert.deepEqual(ranks, ['a8:8', 'a7:7', 'a6:6', 'a5:5', 'a4:4', 'a3:3', 'a2:2', 'a1:1']);
    const fileLabels = await page.$$eval('.board .file-label', (els) =>
      els.map((el) => `${el.closest('[data-square]').dataset.square}:${el.textContent}`),
    );
    assert.deepEqual(fileLabels, [...files].map((f) => `${f}1:${f}`));
    await page.close();
  });

  test('the accessibility tree names the board, its rows and squares', async () => {
    const page = await open(sizes.desktop);
    const grid = page.getByRole('grid', { name: 'Chess board, White at the bottom' });
    assert.equal(await grid.count(), 1, 'one named grid');
    assert.equal(await grid.getByRole('row').count(), 8, 'eight rows');
    assert.equal(await grid.getByRole('gridcell').count(), 64, 'sixty-four cells');
    // A cell is named by its piece, or says it is empty.
    assert.equal(await grid.getByRole('gridcell', { name: 'e2 white pawn', exact: true }).count(), 1);
    assert.equal(await grid.getByRole('gridcell', { name: 'g8 black knight', exact: true }).count(), 1);
    assert.equal(await grid.getByRole('gridcell', { name: 'e4 empty', exact: true }).count(), 1);
    assert.equal(await grid.getByRole('img', { name: 'd1 white queen', exact: true }).count(), 1);
    // Coordinates are drawn but not read out twice.
    assert.equal(await grid.getByRole('gridcell', { name: 'a1 white rook', exact: true }).count(), 1);
    assert.equal(await page.getByRole('heading', { name: 'Plyground', level: 1 }).count(), 1);
    await page.close();
  });

  test('piece images load', async () => {
    const page = await open(sizes.desktop);
    const images = await page.$$eval('.board [data-piece]', (els) =>
      els.map((el) => ({ piece: el.dataset.piece, image: getComputedStyle(el).backgroundImage })),
    );
    const urls = new Set();
    for (const { piece, image } of images) {
      const m = image.match(/url\("([^"]+)"\)/);
      assert.ok(m, `${piece} has a background image: ${image}`);
      assert.ok(m[1].endsWith(`/web/pieces/${piece}.svg`), `${piece} image ${m[1]}`);
      urls.add(m[1]);
    }
    assert.equal(urls.size, 12, 'twelve distinct piece images');
    for (const url of urls) {
      const res = await fetch(url);
      assert.equal(res.status, 200, url);
      assert.match(res.headers.get('content-type'), /image\/svg\+xml/, url);
    }
    await page.close();
  });

  for (const [name, size] of Object.entries(sizes)) {
    test(`fits a ${name} screen (${size.width}x${size.height}) and is screenshotted`, async () => {
      const page = await open(size);
      const board = await page.locator('.board').boundingBox();
      assert.ok(Math.abs(board.width - board.height) < 1, `board is square: ${board.width}x${board.height}`);
      assert.ok(board.x >= 0 && board.x + board.width <= size.width + 0.5, 'board within the width');
      assert.ok(board.y + board.height <= size.height, 'board within the height');
      assert.ok(board.width >= Math.min(size.width, size.height) * 0.75, `board uses the screen: ${board.width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px too wide)`);
      assert.equal(await page.locator('.brand-name').textContent(), 'Plyground');
      assert.equal(await page.title(), 'Orthodox chess · Plyground');
      await page.screenshot({ path: join(outDir, `board-${name}.png`) });
      await page.close();
    });
  }

  test('the home page lists every variant with a pitch, a diagram and links', async () => {
    const page = await open(sizes.desktop, '/');
    assert.equal(await page.title(), 'Plyground: chess variants in your browser');
    const cards = await page.$$eval('.variant-card', (els) =>
      els.map((el) => ({
        id: el.dataset.variant,
        name: el.querySelector('.card-title').textContent,
        pitch: el.querySelector('.card-pitch').textContent,
        squares: el.querySelectorAll('.board.diagram [data-square]').length,
        links: [...el.querySelectorAll('.card-links a')].map((a) => a.getAttribute('href')),
      })),
    );
    const ids = cards.map((c) => c.id);
    assert.deepEqual(ids, ['orthodox', 'marseillais', 'sdm', 'progressive-italian', 'progressive-scottish', 'dice', 'nec']);
    for (const c of cards) {
      assert.ok(c.pitch.length > 10, `${c.id} has a pitch`);
      if (c.id === 'nec') {
        assert.equal(c.squares, 0, 'no 8x8 diagram for Never-Ending Chess');
        assert.deepEqual(c.links, ['/nec/new', '/rules/nec'], 'Never-Ending Chess is played on its own pages, and has a rules page');
        continue;
      }
      assert.equal(c.squares, 64, `${c.id} has a diagram`);
      assert.deepEqual(c.links, [`/new?variant=${c.id}`, `/rules/${c.id}`]);
    }
    await page.screenshot({ path: join(outDir, 'home-desktop.png') });
    await page.close();
  });

  test('every page reached by a menu link says at once that the running program drew it', async () => {
    // data-live is what every browser test waits for: it must also be right on a page reached
    // by a link inside the app, not only on one loaded from the server.
    const page = await fx.open('/', { selector: liveMain });
    const hrefs = await page.locator('.nav-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(hrefs.length >= 7, `menu entries: ${hrefs}`);
    for (const href of [...hrefs, '/']) {
      if (href === '/') await page.click('.brand');
      else await page.click(`.nav-link[href="${href}"]`);
      await page.waitForFunction((path) => location.pathname === path, href);
      const live = await page.waitForFunction(
        (path) => location.pathname === path && document.querySelector('.shell')?.dataset.live === 'true' && document.querySelector('.shell main') !== null,
        href, { timeout: 5000 }).then(() => true, () => false);
      assert.ok(live, `${href}: data-live is ${await page.locator('.shell').first().getAttribute('data-live')} after an in-app link`);
    }
    await page.close();
  });

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
