// Layout of the game screen and the other pages at phone and desktop sizes, in the light and
// the dark theme: the board is square and fits, nothing scrolls sideways, and a screenshot of
// each goes to tests/browser/out/ to be looked at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, live, outDir } from './fixture.mjs';

const sizes = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
};

// Games to set up by clicking: a variant, its plies, and what to do before the screenshot.
const games = [
  {
    name: 'progressive',
    path: '/play?variant=progressive-italian',
    plies: ['e2e4', 'e7e5', 'g8f6', 'f1c4'],
    after: async (page) => {
      await page.click('.board [data-square="c4"]');
      await page.click('.board [data-square="f7"]'); // refused: P4
      await page.waitForSelector('.notice');
    },
  },
  {
    name: 'marseillais',
    path: '/play?variant=marseillais&clock=5%2B3',
    plies: ['e2e4', 'e7e5', 'b8c6', 'd1h5', 'g1f3', 'g7g6'],
    after: async (page) => {
      await page.click('.board [data-square="g6"]');
      await page.waitForSelector('.board [data-square="g6"].selected');
    },
  },
  {
    name: 'sdm',
    path: '/play?variant=sdm&options=tokens%3D2',
    plies: ['e2e4', 'e7e5'],
    after: async (page) => {
      await page.check('#spend');
      await page.waitForSelector('.spend-toggle.on');
    },
  },
  {
    name: 'dice',
    path: '/play?variant=dice',
    dice: [[1, 2], [5, 5], [3, 5]],
    plies: ['roll', 'e2e4', 'roll', 'd7d5', 'roll'],
  },
];

describe('layout and screenshots', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  async function play(page, list) {
    for (const p of list) {
      if (p === 'roll') {
        const n = await page.locator('.dice').count();
        await page.click('button.roll');
        await page.waitForFunction((before) => document.querySelectorAll('.dice').length > before ||
          !document.querySelector('button.roll'), n);
        continue;
      }
      const [from, to] = [p.slice(0, 2), p.slice(2, 4)];
      await page.click(`.board [data-square="${from}"]`);
      await page.click(`.board [data-square="${to}"]`);
      await page.waitForFunction(([f, t]) => !document.querySelector(`.board [data-square="${f}"] [data-piece]`) &&
        document.querySelector(`.board [data-square="${t}"] [data-piece]`), [from, to]);
    }
  }

  // each runs f at every size, in both themes, on the same page.
  async function each(page, f) {
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [sizeName, size] of Object.entries(sizes)) {
        await page.setViewportSize(size);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(bg === 'rgb(23, 22, 20)', scheme === 'dark', `${scheme} theme background: ${bg}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${sizeName} ${scheme}: no sideways scrolling (${overflow}px too wide)`);
        await f(sizeName, size, scheme);
      }
    }
  }

  for (const g of games) {
    test(`${g.name} game at phone and desktop sizes, light and dark`, async () => {
      const page = await fx.open(g.path, { dice: g.dice, selector: `${live} .play .board` });
      await play(page, g.plies);
      if (g.after) await g.after(page);
      await each(page, async (sizeName, size, scheme) => {
        const board = await page.locator('.board').boundingBox();
        assert.ok(Math.abs(board.width - board.height) < 1, `board is square: ${board.width}x${board.height}`);
        assert.ok(board.x >= 0 && board.x + board.width <= size.width + 0.5, 'board within the width');
        assert.ok(board.y + board.height <= size.height, `board within the height: ${board.y + board.height}`);
        assert.ok(board.width >= Math.min(size.width, size.height) * 0.7, `board uses the screen: ${board.width}`);
        const panel = await page.locator('.turn-panel').boundingBox();
        if (sizeName === 'desktop') {
          assert.ok(panel.x >= board.x + board.width, 'panel right of the board');
          assert.ok(panel.y + panel.height <= size.height, 'panel on the first screen');
        } else {
          assert.ok(panel.y < size.height, `panel starts on the first screen: ${panel.y}`);
        }
        await page.screenshot({ path: join(outDir, `play-${g.name}-${sizeName}-${scheme}.png`) });
      });
      await page.close();
    });
  }

  const pages = [
    ['home', '/'],
    ['new', '/new?variant=sdm'],
    ['rules', '/rules/marseillais'],
    ['rules-dice', '/rules/dice'],
    ['rules-italian', '/rules/progressive-italian'],
    ['settings', '/settings'],
    ['about', '/about'],
  ];
  for (const [name, path] of pages) {
    test(`${name} page at phone and desktop sizes, light and dark`, async () => {
      const page = await fx.open(path);
      await page.waitForLoadState('networkidle');
      await each(page, async (sizeName, size, scheme) => {
        await page.screenshot({ path: join(outDir, `page-${name}-${sizeName}-${scheme}.png`), fullPage: true });
      });
      await page.close();
    });
  }

  test('no errors in the pages', () => {
    assert.deepEqual(errors, []);
  });
});
