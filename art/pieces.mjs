// The Plyground piece set: original drawings, made for this project. Each piece is a stack of
// filled, outlined shapes (drawn in order, so a later shape covers an earlier one) plus detail
// lines. White pieces use the outline colour for details; black pieces use a light colour, so
// their inner lines stay visible on a dark fill. Coordinates are in a 100 x 100 box, pieces
// stand on y = 90.

export const colours = {
  w: { fill: '#fdfcfa', stroke: '#1c1b1a', detail: '#1c1b1a' },
  b: { fill: '#2b2926', stroke: '#0f0e0d', detail: '#efebe5' },
};

const base = (y = 80, h = 9, x = 23, w = 54) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3.5"/>`;

// knightHead is the knight's head and neck, facing left: back of the neck, ear, forehead,
// muzzle, jaw, chest. The app icon draws it too.
export const knightHead =
  'M73 80 C76 61 76 42 65 28 C62 24 60 22 57 20 L58 8 L50 15 L46 16 ' +
  'C36 19 28 28 25 38 L17 54 C15 58 16 62 20 63 L27 63 ' +
  'C33 64 39 63 44 60 C48 58 51 55 52 51 C47 60 34 66 32 80 Z';

// shapes: SVG elements, filled and outlined; details: path data stroked with the detail colour.
export const pieces = {
  P: {
    shapes: [
      base(80, 9, 25, 50),
      '<path d="M40 46 C41 58 31 66 30 80 L70 80 C69 66 59 58 60 46 Z"/>',
      '<rect x="35" y="40" width="30" height="8" rx="4"/>',
      '<circle cx="50" cy="27" r="12.5"/>',
    ],
    details: [],
  },
  R: {
    shapes: [
      base(80, 9),
      '<path d="M28 80 L28 73 L72 73 L72 80 Z"/>',
      '<path d="M33 73 L35 38 L65 38 L67 73 Z"/>',
      '<path d="M27 38 L27 15 L36 15 L36 22 L45 22 L45 15 L55 15 L55 22 L64 22 L64 15 L73 15 L73 38 Z"/>',
    ],
    details: ['M31 31.5 L69 31.5', 'M36 44 L64 44', 'M36 67 L64 67'],
  },
  B: {
    shapes: [
      base(81, 8, 24, 52),
      '<path d="M38 66 C38 72 34 76 30 81 L70 81 C66 76 62 72 62 66 Z"/>',
      '<path d="M50 19 C37 29 31 44 36 60 L64 60 C69 44 63 29 50 19 Z"/>',
      '<rect x="33" y="59" width="34" height="8" rx="4"/>',
      '<circle cx="50" cy="14" r="5.5"/>',
    ],
    details: ['M59 30 L49 42'],
  },
  N: {
    shapes: [
      base(80, 9),
      `<path d="${knightHead}"/>`,
    ],
    details: [
      'M63 32 C69 43 70 60 67 76', // mane
    ],
    dots: [
      '<ellipse cx="39" cy="32" rx="3.4" ry="2.2" transform="rotate(-28 39 32)"/>', // eye
      '<circle cx="21.5" cy="56.5" r="1.6"/>', // nostril
    ],
  },
  Q: {
    shapes: [
      base(80, 9),
      '<path d="M27 80 C29 76 29 73 27 69 L73 69 C71 73 71 76 73 80 Z"/>',
      '<path d="M26 69 L19 30 L34 53 L35 24 L45 51 L50 20 L55 51 L65 24 L66 53 L81 30 L74 69 Z"/>',
      '<circle cx="19" cy="28" r="5"/>',
      '<circle cx="35" cy="22" r="5"/>',
      '<circle cx="50" cy="17" r="5"/>',
      '<circle cx="65" cy="22" r="5"/>',
      '<circle cx="81" cy="28" r="5"/>',
    ],
    details: ['M30 74.5 L70 74.5'],
  },
  K: {
    shapes: [
      base(80, 9),
      '<path d="M27 80 C29 76 29 74 27 70 L73 70 C71 74 71 76 73 80 Z"/>',
      '<path d="M47 27 L47 19 L40 19 L40 13 L47 13 L47 6 L53 6 L53 13 L60 13 L60 19 L53 19 L53 27 Z"/>',
      '<path d="M50 50 C45 44 43 38 43 34 C43 29 46 26 50 26 C54 26 57 29 57 34 C57 38 55 44 50 50 Z"/>',
      '<path d="M27 70 C15 58 19 38 34 38 C42 38 47 43 50 50 C53 43 58 38 66 38 ' +
        'C81 38 85 58 73 70 Z"/>',
    ],
    details: ['M30 75 L70 75', 'M29 63 C42 59 58 59 71 63'],
  },
};

// svg returns the SVG document of one piece, e.g. svg('w', 'N').
export function svg(colour, type) {
  const c = colours[colour];
  const p = pieces[type];
  const shapes = p.shapes.join('\n    ');
  const details = p.details.map((d) => `<path d="${d}"/>`).join('\n    ');
  const dots = (p.dots || []).join('\n    ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <g fill="${c.fill}" stroke="${c.stroke}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round">
    ${shapes}
  </g>
  <g fill="none" stroke="${c.detail}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">
    ${details}
  </g>${dots && `
  <g fill="${c.detail}">
    ${dots}
  </g>`}
</svg>
`;
}
