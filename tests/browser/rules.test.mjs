// The rules pages in real Chromium: every variant's rules with their numbers, diagrams drawn
// from FEN next to the rule they show, and "try it" buttons that open the position.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, live, liveMain } from './fixture.mjs';

const variants = ['orthodox', 'marseillais', 'sdm', 'progressive-italian', 'progressive-scottish', 'dice'];

describe('rules pages', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' } });
  const errors = fx.errors;

  async function ply(page, from, to) {
    await page.click(`.board [data-square="${from}"]`);
    await page.click(`.board [data-square="${to}"]`);
  }

  test('the index links every variant, and every page draws its diagrams', async () => {
    const page = await fx.open('/rules');
    const links = await page.$$eval('.link-list a', (els) => els.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, [...variants.map((v) => `/rules/${v}`), '/rules/nec']);
    for (const v of variants) {
      await page.click(`.link-list a[href="/rules/${v}"]`);
      await page.waitForSelector(`.rules[data-variant="${v}"] .example`);
      const figures = await page.$$eval('.example', (els) =>
        els.map((el) => ({
          rule: el.dataset.rule,
          squares: el.querySelectorAll('.board.diagram [data-square]').length,
          pieces: el.querySelectorAll('.board.diagram [data-piece]').length,
          label: el.querySelector('.board.diagram').getAttribute('aria-label'),
          caption: el.querySelector('figcaption p').textContent,
          href: el.querySelector('a.try-it').getAttribute('href'),
        })),
      );
      assert.ok(figures.length >= 2, `${v}: at least two diagrams`);
      for (const f of figures) {
        assert.match(f.rule, /^[OMSPD][0-9]$/, `${v}: rule number ${f.rule}`);
        assert.equal(f.squares, 64, `${v} ${f.rule}: 64 squares`);
        assert.ok(f.pieces >= 2, `${v} ${f.rule}: pieces drawn`);
        assert.ok(f.label.startsWith(`Diagram for rule ${f.rule}`), f.label);
        assert.ok(f.caption.length > 30, `${v} ${f.rule}: a caption`);
        const u = new URL(f.href, fx.url);
        assert.equal(u.pathname, '/play', f.href);
        assert.equal(u.searchParams.get('variant'), v, f.href);
      }
      // A diagram stands right after the rule it shows, when the rules text numbers it.
      const inline = await page.$$eval('.rule[data-rule] .example', (els) =>
        els.map((el) => [el.closest('.rule').dataset.rule, el.dataset.rule]));
      for (const [rule, shown] of inline) assert.equal(rule, shown);
      // Back to the index through the breadcrumb.
      await page.click('.crumbs a[href="/rules"]');
      await page.waitForSelector('.rules-index .link-list');
    }
    await page.close();
  });

  test('Marseillais rules carry their numbers M1 to M7', async () => {
    const page = await fx.open('/rules/marseillais');
    const rules = await page.$$eval('.rule[data-rule]', (els) => els.map((e) => e.dataset.rule));
    assert.deepEqual(rules, ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7']);
    assert.match(await page.locator('#rule-M6').textContent(), /1\.e4 e5,Nc6 2\.Qh5,Nf3 g6,gxh5/);
    await page.close();
  });

  test('try it (Italian P4): the position opens, the early check is refused, the mate ends the game', async () => {
    const page = await fx.open('/rules/progressive-italian');
    await page.click('a.try-it[data-try="P4"]');
    await page.waitForSelector(`${live} .play .board [data-square="f6"] [data-piece="bN"]`);
    assert.equal((await page.locator('.progress').textContent()).trim(), 'series 3: ply 1 of 3');
    await ply(page, 'f1', 'c4');
    await page.waitForSelector('.board [data-square="c4"] [data-piece="wB"]');
    await ply(page, 'c4', 'f7');
    await page.waitForSelector('.notice');
    assert.equal((await page.locator('.notice').textContent()).trim(),
      'Italian rule P4: check only on the last ply of a series');
    await ply(page, 'd1', 'h5');
    await page.waitForSelector('.board [data-square="h5"] [data-piece="wQ"]');
    await ply(page, 'h5', 'f7');
    await page.waitForSelector('.banner');
    assert.equal((await page.locator('.banner-text').textContent()).trim(), 'White wins: checkmate');
    await page.close();
  });

  test('try it (progressive stalemate P5) ends in a draw', async () => {
    const page = await fx.open('/rules/progressive-scottish');
    await page.click('a.try-it[data-try="P5"]');
    await page.waitForSelector(`${live} .play .board [data-square="g4"] [data-piece="bP"]`);
    // Black moves, so Black sits at the bottom.
    assert.equal(await page.getAttribute('.board', 'data-orientation'), 'black');
    await ply(page, 'g4', 'g3');
    await page.waitForSelector('.banner');
    assert.equal((await page.locator('.banner-text').textContent()).trim(), 'Draw: progressive stalemate');
    assert.equal((await page.locator('.banner-rule').textContent()).trim(), 'rule P5');
    await page.close();
  });

  test('try it (dice D3): a roll without an answer to the check passes the turn', async () => {
    const page = await fx.open('/rules/dice', { dice: [[3, 4]] });
    await page.click('a.try-it[data-try="D3"]');
    await page.waitForSelector(`${live} .play button.roll`);
    await page.click('button.roll');
    await page.waitForSelector('.pass-note');
    assert.match(await page.locator('.pass-note').textContent(), /No legal move for Black with 3-4/);
    await page.close();
  });

  test('Never-Ending Chess has a rules page: N1 to N10 in words, reached from its screens and the home page', async () => {
    const page = await fx.open('/rules/nec', { selector: `${live} .rules[data-variant="nec"]` });
    const rules = await page.$$eval('.rule[data-rule]', (els) => els.map((el) => el.dataset.rule));
    assert.deepEqual(rules, ['N1', 'N2', 'N3', 'N4', 'N5', 'N6', 'N7', 'N8', 'N9', 'N10']);
    // The rules of this round, stated in words (N4: a capture marked on an empty square; N6: a
    // chasing attacker gives a new chance, not an exemption).
    assert.match(await page.locator('#rule-N4').textContent(), /empty .* plain move/s);
    assert.match(await page.locator('#rule-N6').textContent(), /did not attack each other before the update/);
    assert.equal(await page.getAttribute('.rules-actions a', 'href'), '/nec/new');
    await page.click('.rules-actions a');
    await page.waitForSelector(`${live} .nec-new, ${live} main`);
    assert.equal(new URL(page.url()).pathname, '/nec/new');
    assert.ok(await page.locator('a[href="/rules/nec"]').count() >= 1, 'the new-game screen links its rules');
    await page.goto(fx.url + '/');
    await page.waitForSelector(liveMain);
    assert.equal(await page.locator('a.btn[href="/rules/nec"]').count(), 1, 'the home card has a Rules button');
    await page.close();
  });

  test('no errors in the pages', () => {
    assert.deepEqual(errors, []);
  });
});
