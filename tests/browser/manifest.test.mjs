// The web manifest and the icons it lists: served by bin/pwa, naming the app, all local.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, startServer } from './fixture.mjs';

// pngSize reads the width and height from a PNG's IHDR chunk.
function pngSize(buf) {
  const signature = '89504e470d0a1a0a';
  assert.equal(buf.subarray(0, 8).toString('hex'), signature, 'PNG signature');
  assert.equal(buf.subarray(12, 16).toString('latin1'), 'IHDR');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

describe('web manifest', () => {
  const fx = fixture({ shared: false });

  test('the page links the manifest', async () => {
    const html = await (await fetch(fx.url + '/')).text();
    // go-app writes attributes in no fixed order.
    const links = html.match(/<link [^>]*>/g) ?? [];
    const manifest = links.filter((l) => l.includes('rel="manifest"'));
    assert.equal(manifest.length, 1, `one manifest link among ${links.join(' ')}`);
    assert.match(manifest[0], / href="\/manifest\.webmanifest"/);
  });

  test('names the app and lists its local icons', async () => {
    const res = await fetch(fx.url + '/manifest.webmanifest');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /application\/manifest\+json/);
    const m = await res.json();
    assert.equal(m.name, 'Plyground');
    assert.equal(m.short_name, 'Plyground');
    assert.equal(m.start_url, '/');
    assert.equal(m.display, 'standalone');
    assert.ok(m.description.length > 20, 'a description');
    assert.match(m.theme_color, /^#[0-9a-f]{6}$/i);
    assert.match(m.background_color, /^#[0-9a-f]{6}$/i);

    const icons = m.icons.map((i) => `${i.src} ${i.type} ${i.sizes} ${i.purpose ?? ''}`.trim()).sort();
    assert.deepEqual(icons, [
      '/web/icons/icon-192.png image/png 192x192',
      '/web/icons/icon-512.png image/png 512x512',
      '/web/icons/icon-maskable-512.png image/png 512x512 maskable',
      '/web/icons/icon.svg image/svg+xml any',
    ]);
  });

  test('every icon is served with its type and size', async () => {
    const m = await (await fetch(fx.url + '/manifest.webmanifest')).json();
    for (const icon of m.icons) {
      assert.ok(icon.src.startsWith('/'), `local icon ${icon.src}`);
      const res = await fetch(fx.url + icon.src);
      assert.equal(res.status, 200, icon.src);
      assert.equal(res.headers.get('content-type').split(';')[0], icon.type, icon.src);
      const body = Buffer.from(await res.arrayBuffer());
      if (icon.type === 'image/png') {
        assert.equal(pngSize(body), icon.sizes, icon.src);
      } else {
        assert.match(body.toString('utf8'), /^<svg[^>]*viewBox="0 0 512 512"/, icon.src);
      }
    }
  });

  test('the version is a content hash, not a start time', async () => {
    const js = await (await fetch(fx.url + '/app.js')).text();
    const m = js.match(/"GOAPP_VERSION":"([^"]*)"/);
    assert.ok(m, 'app.js names its version');
    assert.match(m[1], /^[0-9a-f]{16}$/);
    // A second server on the same files reports the same version.
    const again = await startServer();
    try {
      const js2 = await (await fetch(again.url + '/app.js')).text();
      assert.equal(js2.match(/"GOAPP_VERSION":"([^"]*)"/)[1], m[1]);
    } finally {
      await again.stop();
    }
  });
});
