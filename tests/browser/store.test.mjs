// Saved games in real Chromium: every ply is saved in local storage, a reload resumes the
// game, the saved-games screen lists, renames, deletes (with undo), exports and imports them
// (in a fresh browser profile), shows damaged and foreign entries next to good ones without
// touching them, imports PGN with clear errors, and keeps the last good save when the
// storage is full.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fixture, gotoFragment, live, outDir, playReady, root, savedReady } from './fixture.mjs';
import { fragment, games, pieces, ply, showAll, storage, testdata, testdataDir } from './store-helpers.mjs';
import { newGame, waitUpdates } from './nec-helpers.mjs';

describe('saved games', () => {
  const fx = fixture({ launch: { reducedMotion: 'reduce' }, shared: false });
  const errors = fx.errors;

  test('every ply is saved, and a reload resumes the game in progress', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/play?variant=marseillais', { context, selector: playReady });
    assert.deepEqual(await games(page), {}, 'nothing saved before the first ply');
    await ply(page, 'e2e4');
    let saved = Object.values(await games(page));
    assert.equal(saved.length, 1, 'saved after the first ply');
    assert.equal(JSON.parse(saved[0]).v, 2, 'saved in envelope version 2');
    assert.equal(JSON.parse(saved[0]).kind, '8x8');
    const id = JSON.parse(saved[0]).id;
    assert.equal(fragment(page.url()).get('id'), id, 'the address names the saved game');
    await ply(page, 'e7e5');
    await ply(page, 'b8c6');
    saved = await games(page);
    assert.deepEqual(Object.keys(saved), [`plyground/game/${id}`], 'still one saved game');
    assert.equal(JSON.parse(saved[`plyground/game/${id}`]).record, fragment(page.url()).get('g'), 'storage and address agree');
    const before = await pieces(page);
    assert.equal(before.c6, 'bN');

    await page.reload();
    await page.waitForSelector(playReady);
    assert.deepEqual(await pieces(page), before, 'the reload shows the same position');
    assert.equal(await page.getAttribute('.moves', 'data-movetext'), '1.e4 e5,Nc6');

    // The saved-games screen lists it, and Resume opens it by its id.
    await page.goto(fx.url + '/saved');
    await page.waitForSelector(`${savedReady} .saved-game`);
    const item = page.locator(`.saved-game[data-id="${id}"]`);
    assert.equal(await item.count(), 1);
    assert.equal(await item.getAttribute('data-variant'), 'marseillais');
    assert.match(await item.locator('.saved-variant').textContent(), /Marseillais/);
    assert.match(await item.locator('.saved-result').textContent(), /In progress: White to move, turn 2/);
    assert.deepEqual(await pieces(page, `.saved-game[data-id="${id}"] .board`), before, 'the small board shows the position');
    await item.locator('[data-action="resume"]').click();
    await page.waitForSelector(playReady);
    assert.equal(new URL(page.url()).searchParams.get('id'), id);
    assert.deepEqual(await pieces(page), before, 'resumed by id');
    await ply(page, 'g1f3');
    const after = JSON.parse((await games(page))[`plyground/game/${id}`]);
    assert.equal(after.record, fragment(page.url()).get('g'), 'the resumed game is saved under its id');
    await page.close();
  });

  test('export all, then import the file in a fresh browser profile', async () => {
    const a = await fx.fresh();
    const page = await fx.open('/play?variant=orthodox', { context: a, selector: playReady });
    await ply(page, 'd2d4');
    await ply(page, 'g8f6');
    // A Never-Ending Chess game, one update played.
    await newGame(page, fx.url, { seats: ['person', 'bot1'] });
    await page.waitForSelector('[data-entering="0"]');
    await page.click('[data-action="pass"]');
    await waitUpdates(page, 1);
    const necID = new URL(page.url()).searchParams.get('id');
    // Two more games arrive by link; opening a link saves its game.
    await page.goto(fx.url + '/play#g=AQMAAAAFah7TAA&id=marseille_1&w=Dan&b=Eve');
    await page.waitForSelector(playReady);
    await gotoFragment(page, fx.url + '/play#g=AQIAAAAFaQbfkA&w=Fay');
    await page.waitForSelector(playReady);
    await page.goto(fx.url + '/saved');
    await page.waitForSelector(`${savedReady} .saved-game`);
    assert.equal(await page.locator('.saved-game').count(), 4);
    assert.equal(await page.locator(`.saved-game[data-kind="nec"][data-id="${necID}"]`).count(), 1, 'the Never-Ending Chess game is listed with the others');

    // Rename one on the way.
    const item = page.locator('.saved-game[data-id="marseille_1"]');
    await item.locator('[data-action="rename"]').click();
    await page.fill('#rename-marseille_1', 'Double trouble');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.saved-game[data-id="marseille_1"] .saved-title:text("Double trouble")');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="export"]')]);
    assert.match(download.suggestedFilename(), /^Plyground-games-\d{4}-\d\d-\d\d\.json$/);
    const file = join(outDir, 'export.json');
    await download.saveAs(file);
    const exported = JSON.parse(await readFile(file, 'utf8'));
    assert.equal(exported.format, 'plyground-games');
    assert.equal(exported.v, 1);
    assert.equal(exported.games.length, 4);
    assert.deepEqual(exported.games.map((g) => g.kind).sort(), ['8x8', '8x8', '8x8', 'nec'], 'the export holds the Never-Ending Chess game');
    const want = await games(page);
    assert.ok(want[`plyground/nec/${necID}`], 'the Never-Ending Chess game is stored');

    const b = await fx.fresh();
    const other = await fx.open('/saved', { context: b, selector: savedReady });
    assert.equal(await other.locator('.saved-game').count(), 0);
    await other.setInputFiles('#import-file', file);
    await other.waitForSelector('.saved-status:has-text("4 games added")');
    assert.equal(await other.locator('.saved-game').count(), 4);
    assert.deepEqual(await games(other), want, 'every game restored as it was');
    assert.equal(await other.locator('.saved-game[data-id="marseille_1"] .saved-title').textContent(), 'Double trouble');
    // The Never-Ending Chess game resumes where it was.
    await other.click(`.saved-game[data-kind="nec"][data-id="${necID}"] [data-action="resume"]`);
    await other.waitForSelector(`${live} .nec-play`);
    assert.equal(Number(await other.getAttribute('[data-updates]', 'data-updates')), 1);
    await other.goBack();
    await other.waitForSelector(`${savedReady} .saved-game`);

    // Importing it again adds nothing.
    await other.setInputFiles('#import-file', file);
    await other.waitForSelector('.saved-status:has-text("no new game, 4 already saved")');
    assert.equal(await other.locator('.saved-game').count(), 4);

    // PGN export of every game.
    const [pgn] = await Promise.all([other.waitForEvent('download'), other.click('[data-action="export-pgn"]')]);
    const pgnText = await readFile(await pgn.path(), 'utf8');
    assert.match(pgnText, /\[Event "Double trouble"\][\s\S]*\[Variant "marseillais"\][\s\S]*1\.e4 e5,Nc6 2\.Nf3,Bc4 \*/);
    assert.match(pgnText, /\[Variant "sdm"\]/);
    assert.match(pgnText, /1\.d4 Nf6 \*/);
    // The status line still reads the import's message until the page draws the export's.
    await other.waitForSelector('.saved-status:has-text("Never-Ending Chess games have no PGN")');
    await page.close();
    await other.close();
  });

  test('a Never-Ending Chess game on the saved-games screen: renamed, shared, deleted and restored', async () => {
    const a = await fx.fresh();
    const page = await fx.page(a);
    await newGame(page, fx.url, { seats: ['person', 'bot1'] });
    await page.waitForSelector('[data-entering="0"]');
    await page.click('[data-action="pass"]');
    await waitUpdates(page, 1);
    const id = new URL(page.url()).searchParams.get('id');
    await page.goto(fx.url + '/saved');
    const row = `.saved-game[data-kind="nec"][data-id="${id}"]`;
    await page.waitForSelector(`${savedReady} ${row} .nec-picture`);
    assert.equal(await page.getAttribute(row, 'data-variant'), 'nec');
    assert.match(await page.locator(`${row} .saved-variant`).textContent(), /Never-Ending Chess/);
    assert.match(await page.locator(`${row} .saved-result`).textContent(), /In progress: 1 update played/);
    assert.match(await page.locator(`${row} .saved-title`).textContent(), /White.*Black \(bot 1\)/);

    // Renamed like any game.
    await page.click(`${row} [data-action="rename"]`);
    await page.fill(`#rename-nec-${id}`, 'Friday & <friends>');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${row} .saved-title:text("Friday & <friends>")`);
    assert.equal(JSON.parse((await games(page))[`plyground/nec/${id}`]).title, 'Friday & <friends>');

    // Shared in the share dialog of every game: the link opened in a fresh profile continues it.
    await page.click(`${row} [data-action="share"]`);
    await page.waitForSelector('.share-dialog[data-kind="nec"] #share-link');
    const link = await page.inputValue('#share-link');
    assert.ok(link.startsWith(fx.url + '/nec#n='), link);
    assert.equal(await page.locator('.share-dialog #share-confirm-moves').count(), 0, 'no move confirmation for Never-Ending Chess');
    assert.equal(await page.locator('.share-dialog .share-qr svg').count(), 1, 'the QR code');
    await page.screenshot({ path: join(outDir, 'share-dialog-nec-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(outDir, 'share-dialog-nec-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.click('#share-close');
    const b = await fx.fresh();
    const other = await fx.page(b);
    await other.goto(link);
    await other.waitForSelector(`${live} .nec-play [data-entering="0"]`);
    assert.equal(Number(await other.getAttribute('[data-updates]', 'data-updates')), 1);
    await other.click('[data-action="pass"]');
    await waitUpdates(other, 2);
    assert.ok((await games(other))[`plyground/nec/${id}`], 'kept under its id on the other device');
    await other.close();

    // Deleted, then restored by Undo, as it was.
    const before = await storage(page);
    await page.click(`${row} [data-action="delete"]`);
    await page.waitForSelector('.saved-status:has-text("Deleted “Friday & <friends>”")');
    assert.equal(await page.locator(row).count(), 0);
    assert.equal((await storage(page))[`plyground/nec/${id}`], undefined);
    await page.click('.saved-status [data-action="undo"]');
    await page.waitForSelector(row);
    assert.deepEqual(await storage(page), before, 'undo restores it as it was');
    await page.close();
  });

  test('damaged, foreign and newer entries are shown next to good ones and kept', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/saved', { context, selector: savedReady });
    const good = testdataDir('entry-v1');
    const bad = testdataDir('bad');
    await page.evaluate(
      ({ good, bad }) => {
        for (const text of good) localStorage.setItem('plyground/game/' + JSON.parse(text).id, text.trim());
        for (const [name, text] of bad) {
          let id = name.replace(/\.\w+$/, '');
          try {
            id = JSON.parse(text).id ?? id;
          } catch {}
          localStorage.setItem('plyground/game/' + id, text);
        }
        localStorage.setItem('another-app/settings', '{"x":1}');
      },
      { good: good.map((f) => testdata('entry-v1', f)), bad: bad.map((f) => [f, testdata('bad', f)]) },
    );
    const stored = await storage(page);
    await page.reload();
    await page.waitForSelector(`${savedReady} .saved-game`);
    assert.equal(await page.locator('.saved-game:not(.bad)').count(), good.length, 'every sample of format 1 opens');
    assert.equal(await page.locator('.saved-game.bad').count(), bad.length, 'every bad entry is listed');
    const problems = await page.$$eval('.saved-game.bad', (els) => Object.fromEntries(els.map((el) => [el.dataset.key, el.dataset.problem])));
    assert.equal(problems['plyground/game/from-the-future'], 'from a newer version');
    assert.equal(problems['plyground/game/foreign'], 'not a Plyground game');
    assert.equal(problems['plyground/game/not-json'], 'damaged');
    assert.equal(problems['plyground/game/badrecord'], 'damaged');
    assert.match(await page.locator('[data-key="plyground/game/badrecord"] .saved-error').textContent(), /record does not replay/);
    assert.match(await page.locator('[data-key="plyground/game/from-the-future"] .saved-error').textContent(), /update the app/);
    // The good ones come first, newest first.
    const order = await page.$$eval('.saved-game', (els) => els.map((el) => el.dataset.id ?? el.dataset.key));
    assert.equal(order[0], 'has-extras');
    assert.ok(order.indexOf('foolsmate') < order.indexOf('plyground/game/baddate'));
    assert.deepEqual(await storage(page), stored, 'showing the list changes nothing');

    for (const [scheme, size] of [['light', 'desktop'], ['dark', 'phone']]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 });
      await page.screenshot({ path: join(outDir, `store-saved-${scheme}-${size}.png`), fullPage: size === 'desktop' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Deleting a damaged entry, then undoing, puts it back as it was.
    const key = 'plyground/game/truncated';
    await page.click(`[data-key="${key}"] [data-action="delete"]`);
    await page.waitForSelector('.saved-status:has-text("Deleted")');
    assert.equal((await storage(page))[key], undefined);
    await page.click('.saved-status [data-action="undo"]');
    await page.waitForSelector(`[data-key="${key}"]`);
    assert.deepEqual(await storage(page), stored, 'undo restores the entry as it was');

    // Deleting a good game, then undoing.
    await page.click('.saved-game[data-id="foolsmate"] [data-action="delete"]');
    await page.waitForSelector('.saved-status:has-text("Deleted")');
    assert.equal(await page.locator('.saved-game[data-id="foolsmate"]').count(), 0);
    await page.click('.saved-status [data-action="undo"]');
    await page.waitForSelector('.saved-game[data-id="foolsmate"]');
    assert.deepEqual(await storage(page), stored);
    await page.close();
  });

  test('entries of every format and kind, and export files old and new, load', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/saved', { context, selector: savedReady });
    // Saved games as every version wrote them: 8x8 envelope 1, envelope 2 of both kinds, and
    // the Never-Ending Chess envelope of before (under plyground/nec/).
    const samples = [
      ...testdataDir('entry-v1').map((f) => testdata('entry-v1', f)),
      ...testdataDir('entry-v2').map((f) => testdata('entry-v2', f)),
    ];
    const necV1 = testdataDir('nec-v1').map((f) => testdata('nec-v1', f));
    // (Some samples of version 2 share an id with one of version 1: the later one stays.)
    const total = await page.evaluate(({ samples, necV1 }) => {
      for (const text of samples) {
        const e = JSON.parse(text);
        localStorage.setItem((e.kind === 'nec' ? 'plyground/nec/' : 'plyground/game/') + e.id, text.trim());
      }
      for (const text of necV1) localStorage.setItem('plyground/nec/' + JSON.parse(text).id, text.trim());
      return Object.keys(localStorage).filter((k) => k.startsWith('plyground/')).length;
    }, { samples, necV1 });
    const stored = await storage(page);
    await page.reload();
    await page.waitForSelector(`${savedReady} .saved-game`);
    await showAll(page);
    assert.equal(await page.locator('.saved-game:not(.bad)').count(), total, 'every sample opens');
    assert.equal(await page.locator('.saved-game.bad').count(), 0);
    assert.equal(await page.locator('.saved-game[data-kind="nec"]').count(), 2 + necV1.length);
    for (const id of ['annvsbot2', 'three-seats', 'bots_over', 'nec-three', 'nec-bots-over']) {
      assert.equal(await page.locator(`.saved-game[data-kind="nec"][data-id="${id}"] .nec-picture`).count(), 1, id);
    }
    assert.match(await page.locator('.saved-game[data-id="annvsbot2"] .saved-title').textContent(), /Ann \(White\), Black \(bot 2\)/);
    assert.match(await page.locator('.saved-game[data-id="bots_over"] .saved-result').textContent(), /Game over/);
    assert.equal(await page.locator('.saved-game[data-id="foolsmate_v2"] .saved-title').textContent(), 'Tom & Jerry <3 "quoted" & co');
    assert.match(await page.locator('.saved-game[data-id="foolsmate_v2"] .saved-players').textContent(), /^日本 チェス vs {3}spaced {2}$/);
    assert.deepEqual(await storage(page), stored, 'showing the list changes nothing');

    // Filtered by variant.
    await page.selectOption('#saved-filter', 'nec');
    await page.waitForFunction(() => [...document.querySelectorAll('.saved-game')].every((el) => el.dataset.kind === 'nec'));
    assert.equal(await page.locator('.saved-game').count(), 2 + necV1.length);
    await page.selectOption('#saved-filter', 'marseillais');
    await page.waitForFunction(() => [...document.querySelectorAll('.saved-game')].every((el) => el.dataset.variant === 'marseillais'));
    assert.equal(await page.locator('.saved-game').count(), 2);
    await page.selectOption('#saved-filter', 'all');
    await page.waitForFunction((n) => document.querySelectorAll('.saved-game').length === n, Math.min(total, 24));
    for (const [scheme, size] of [['light', 'desktop'], ['dark', 'desktop'], ['light', 'phone'], ['dark', 'phone']]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 });
      await page.screenshot({ path: join(outDir, `saved-both-kinds-${scheme}-${size}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });

    // An old Never-Ending Chess save resumes on its screen.
    await page.click('.saved-game[data-id="annvsbot2"] [data-action="resume"]');
    await page.waitForSelector(`${live} .nec-play`);
    assert.equal(Number(await page.getAttribute('[data-updates]', 'data-updates')), 2);

    // Export files: one written before Never-Ending Chess games were exported, and one with
    // both kinds, import into a fresh profile.
    const other = await fx.open('/saved', { context: await fx.fresh(), selector: savedReady });
    await other.setInputFiles('#import-file', join(root, 'app/store/testdata/export-v1/two-games-one-damaged.json'));
    await other.waitForSelector('.saved-status:has-text("2 games added, 1 damaged entries kept as they were")');
    await other.setInputFiles('#import-file', join(root, 'app/store/testdata/export-v1/with-nec.json'));
    // Its Sunday game has the id of the one of the older file, with other times: a copy.
    await other.waitForSelector('.saved-status:has-text("4 games added, 1 of them as a copy")');
    assert.match(await other.locator('.saved-status').textContent(), /1 damaged entries kept as they were/);
    await showAll(other);
    assert.equal(await other.locator('.saved-game[data-kind="nec"]:not(.bad)').count(), 2);
    assert.equal(await other.locator('.saved-game[data-kind="8x8"]:not(.bad)').count(), 4);
    assert.equal(await other.locator('.saved-game.bad').count(), 2);
    await page.close();
    await other.close();
  });

  test('PGN pasted or imported from a file, with clear errors', async () => {
    const context = await fx.fresh();
    const page = await fx.open('/saved', { context, selector: savedReady });
    const text = '[Event "Club night"]\n[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Nf3 *\n\n' +
      '[Event "Broken"]\n\n1. e4 e5 2. Ke3 *\n\n' +
      '[Variant "progressive-scottish"]\n\n1. e4 2. e5 Nf6 *\n';
    await page.click('.paste summary');
    await page.fill('#paste-text', text);
    await page.click('[data-action="paste"]');
    await page.waitForSelector('.saved-status:has-text("2 games added")');
    assert.match(await page.locator('.saved-status').textContent(), /1 could not be read/);
    assert.match(await page.locator('.import-problems').textContent(), /game 2 \(from line 7\): pgn: line 3/);
    assert.equal(await page.locator('.saved-game').count(), 2);
    assert.equal(await page.locator('.saved-game[data-variant="progressive-scottish"]').count(), 1);
    assert.equal(await page.locator('.saved-game .saved-title:text("Club night")').count(), 1);

    // A file that is neither an export nor PGN says so, and changes nothing.
    const before = await storage(page);
    await page.setInputFiles('#import-file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('shopping: eggs, milk') });
    await page.waitForSelector('.saved-status.bad:has-text("notes.txt")');
    assert.match(await page.locator('.saved-status').textContent(), /Nothing imported from notes\.txt|could not be read/);
    assert.deepEqual(await storage(page), before);
    await page.close();
  });

  test('a full storage keeps the last good save and says so', async () => {
    const context = await fx.fresh();
    // Make local storage refuse saves once the test says so, as a full one does.
    await context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (window.__storageFull && k.startsWith('plyground/game/')) {
          throw new DOMException('Setting the value exceeded the quota.', 'QuotaExceededError');
        }
        return setItem.call(this, k, v);
      };
    });
    const page = await fx.open('/play?variant=orthodox', { context, selector: playReady });
    await ply(page, 'e2e4');
    const [key, first] = Object.entries(await games(page))[0];
    await page.evaluate(() => { window.__storageFull = true; });
    await ply(page, 'e7e5');
    assert.deepEqual(await games(page), { [key]: first }, 'the last good save is kept');
    assert.notEqual(fragment(page.url()).get('g'), JSON.parse(first).record, 'the address still follows the game');
    assert.match(await page.locator('.storage-problem').textContent(), /Storage is full: this move is not saved/);
    await page.screenshot({ path: join(outDir, 'store-full.png') });

    // Importing into the full storage reports it and keeps what is saved.
    await page.goto(fx.url + '/saved');
    await page.waitForSelector(`${savedReady} .saved-game`);
    await page.evaluate(() => { window.__storageFull = true; });
    await page.setInputFiles('#import-file', join(root, 'app/store/testdata/export-v1/two-games-one-damaged.json'));
    await page.waitForSelector('.saved-status.bad:has-text("Storage is full")');
    const said = await page.locator('.saved-status').textContent();
    assert.match(said, /0 games imported from two-games-one-damaged\.json/, 'the message speaks of the import');
    assert.doesNotMatch(said, /this move/, 'not the game screen\'s message');
    assert.deepEqual(await games(page), { [key]: first });
    await page.close();
  });

  test('no errors in the console', () => {
    assert.deepEqual(errors, []);
  });
});
