// Writes the app icons of web/ from their source (icon.mjs), rasterised to PNG by headless
// Chromium (Debian's, through the browser tests' chromium.mjs). The piece images of
// web/pieces/ come from app/view/pieces (go test ./app/view/pieces -update-pieces). Run it from the repository root after changing a drawing,
// and commit what it writes:
//
//	make art                        # the same as the next line
//	node art/assets.mjs             # write web/icons/*
//	node art/assets.mjs --preview   # also screenshot a sheet to tests/browser/out/
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { iconSVG } from './icon.mjs';
import { launch } from '../tests/browser/chromium.mjs';

// writeIcons writes the SVG icon and rasterises the PNGs the web manifest lists.
async function writeIcons() {
  await mkdir('web/icons', { recursive: true });
  await writeFile('web/icons/icon.svg', iconSVG());
  const ctx = await launch({ viewport: { width: 512, height: 512 } });
  const page = await ctx.newPage();
  const shots = [
    ['web/icons/icon-192.png', iconSVG(), 192],
    ['web/icons/icon-512.png', iconSVG(), 512],
    ['web/icons/icon-maskable-512.png', iconSVG(true), 512],
  ];
  for (const [path, doc, size] of shots) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${doc}`,
    );
    await page.screenshot({ path, omitBackground: true });
  }
  await ctx.close();
}

// The pieces of the preview sheet, as the app draws them (web/pieces/, from app/view/pieces).
const types = ['K', 'Q', 'R', 'B', 'N', 'P'];

async function preview() {
  const files = {};
  for (const c of ['w', 'b']) {
    for (const t of types) files[c + t] = await readFile(`web/pieces/${c}${t}.svg`, 'utf8');
  }
  const sheet = (size) =>
    ['w', 'b']
      .map(
        (c) =>
          `<div class="row">${types
            .map(
              (t, i) =>
                `<div class="sq ${(i + (c === 'b' ? 1 : 0)) % 2 ? 'd' : 'l'}" style="width:${size}px;height:${size}px">${files[c + t]}</div>`,
            )
            .join('')}</div>`,
      )
      .join('');
  const html = `<!doctype html><style>
    body{margin:0;padding:10px;background:#fff;font-family:sans-serif}
    .row{display:flex}.sq{display:flex}.sq svg{width:100%;height:100%}
    .l{background:#f0e6d2}.d{background:#b58863}
  </style>${sheet(120)}${sheet(56)}${sheet(36)}`;
  const ctx = await launch({ viewport: { width: 760, height: 500 } });
  const page = await ctx.newPage();
  await page.setContent(html);
  await mkdir('tests/browser/out', { recursive: true });
  await page.screenshot({ path: 'tests/browser/out/pieces-sheet.png', fullPage: true });
  await ctx.close();
}

await writeIcons();
if (process.argv.includes('--preview')) {
  await preview();
}
