// Drawing the pieces: a tile (black, as in the box) or a card (white) with its coloured shape, as SVG.
// A piece is its notation: colour letter R O Y G B P + shape digit 1-6.

export const COLOURS = {
  R: { name: 'red', fill: '#e8392f' },
  O: { name: 'orange', fill: '#ff8f1f' },
  Y: { name: 'yellow', fill: '#f7d51d' },
  G: { name: 'green', fill: '#3dae49' },
  B: { name: 'blue', fill: '#2f7fe0' },
  P: { name: 'purple', fill: '#9b4dca' },
};
export const SHAPES = ['circle', 'cross', 'diamond', 'square', 'star', 'clover'];

function star(points, outer, inner) {
  const pts = [];
  for (let i = 0; i < points * 2; ++i) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${(50 + r * Math.cos(a)).toFixed(2)},${(50 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${pts.join(' ')}"/>`;
}

// Each shape in a 100 × 100 box.
const SHAPE_SVG = [
  '<circle cx="50" cy="50" r="29"/>',
  '<path d="M50 13 Q56 44 87 50 Q56 56 50 87 Q44 56 13 50 Q44 44 50 13Z"/>',
  '<path d="M50 14 L83 50 L50 86 L17 50Z"/>',
  '<rect x="22" y="22" width="56" height="56"/>',
  star(8, 37, 19),
  '<circle cx="50" cy="31" r="16"/><circle cx="69" cy="50" r="16"/><circle cx="50" cy="69" r="16"/><circle cx="31" cy="50" r="16"/><circle cx="50" cy="50" r="12"/>',
];

/** "red circle" for "R1". */
export function pieceName(piece) {
  const c = COLOURS[piece[0]];
  const s = SHAPES[Number(piece[1]) - 1];
  return c && s ? `${c.name} ${s}` : piece;
}

/** The inner SVG of a piece in a 100 × 100 box: its background and its shape. */
export function pieceInner(piece, { card = false } = {}) {
  const c = COLOURS[piece[0]];
  const s = SHAPE_SVG[Number(piece[1]) - 1];
  if (!c || !s) return '';
  const bg = card
    ? '<rect x="3" y="3" width="94" height="94" rx="12" fill="#fbfaf5" stroke="#c9c4b5" stroke-width="2"/>'
    : '<rect x="3" y="3" width="94" height="94" rx="12" fill="#1c1c1f"/>';
  const outline = card ? ' stroke="#00000033" stroke-width="2"' : '';
  return `${bg}<g fill="${c.fill}"${outline}>${s}</g>`;
}

/** A standalone SVG element (as markup) for a piece. */
export function pieceSvg(piece, { card = false, size = 48 } = {}) {
  return `<svg class="piece" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${pieceName(piece)} (${piece})"><title>${pieceName(piece)} (${piece})</title>${pieceInner(piece, { card })}</svg>`;
}
