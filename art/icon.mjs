// The Plyground app icon: an original drawing of a knight's head with a curved "one more ply"
// arrow springing from it, on the brand colour. iconSVG(true) is the maskable variant: a full
// square background and the motif kept inside the central safe circle (80% of the size).
import { readFileSync } from 'node:fs';

// knightHead is the knight's head and neck from the app's one source of piece drawings
// (app/view/pieces, written to web/pieces/ by go test ./app/view/pieces -update-pieces).
const knightFile = readFileSync(new URL('../web/pieces/wN.svg', import.meta.url), 'utf8');
const knightHead = knightFile.match(/<path d="(M73 80 [^"]*)"/)[1];

export const brand = { background: '#1f5c52', knight: '#fbf7ef', outline: '#123a34', accent: '#f3b33d' };

export function iconSVG(maskable = false) {
  const bg = maskable
    ? `<rect width="512" height="512" fill="${brand.background}"/>`
    : `<rect width="512" height="512" rx="112" fill="${brand.background}"/>`;
  // The motif is drawn for the full icon; the maskable one shrinks it around the centre.
  const motif = maskable ? 'translate(256 256) scale(0.78) translate(-256 -256)' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  ${bg}
  <g transform="${motif}">
    <g transform="translate(16 70) scale(4.1)">
      <path d="${knightHead}" fill="${brand.knight}" stroke="${brand.outline}" stroke-width="3.2" stroke-linejoin="round"/>
      <ellipse cx="39" cy="32" rx="3.4" ry="2.2" transform="rotate(-28 39 32)" fill="${brand.outline}"/>
      <path d="M63 32 C69 43 70 60 67 76" fill="none" stroke="${brand.outline}" stroke-width="2.6" stroke-linecap="round"/>
    </g>
    <path d="M306 392 C372 366 406 300 394 214" fill="none" stroke="${brand.accent}" stroke-width="34" stroke-linecap="round"/>
    <path d="M348 232 L392 150 L438 232 Z" fill="${brand.accent}" stroke="${brand.accent}" stroke-width="14" stroke-linejoin="round"/>
  </g>
</svg>
`;
}
