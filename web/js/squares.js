// squares.js - the 32 dark squares: names, numbers and diagonals.
//
// Square index i (0..31) follows PDN order: 0 = b8 = square 1, 31 = g1 = square 32. Row
// floor(i/4) counts down from rank 8; even rows hold files b, d, f, h and odd rows a, c, e, g.
// Everything here is pure so that the board, the move input and the FEN reader share one truth.

export const FILES = 'abcdefgh';

/** The algebraic name of square index i ("c3"). */
export function nameOf(i) {
  const row = Math.floor(i / 4);
  const file = 2 * (i % 4) + (row % 2 === 0 ? 1 : 0);
  return FILES[file] + String(8 - row);
}

/** Square index of an algebraic name, or -1 for a light square or a bad name. */
export function indexOf(name) {
  const fr = fileRank(name);
  if (!fr) return -1;
  const [file, rank] = fr;
  if ((file + rank) % 2 !== 1) return -1; // a1 is dark: file 0 + rank 1
  const row = 8 - rank;
  return row * 4 + Math.floor(file / 2);
}

/** [file 0..7, rank 1..8] of a name, or null. */
export function fileRank(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const file = FILES.indexOf(name[0].toLowerCase());
  const rank = Number(name[1]);
  if (file < 0 || !(rank >= 1 && rank <= 8)) return null;
  return [file, rank];
}

/** The PDN number (1..32) of an algebraic name. */
export function numberOf(name) {
  const i = indexOf(name);
  return i < 0 ? 0 : i + 1;
}

/** The algebraic name of a PDN number (1..32), or null. */
export function nameOfNumber(n) {
  return Number.isInteger(n) && n >= 1 && n <= 32 ? nameOf(n - 1) : null;
}

/** Every dark square's name, in index order. */
export const SQUARES = Array.from({ length: 32 }, (_, i) => nameOf(i));

/**
 * The squares strictly between a and b when they share a diagonal, else [] (also for
 * neighbours).
 */
export function between(a, b) {
  const fa = fileRank(a);
  const fb = fileRank(b);
  if (!fa || !fb) return [];
  const df = fb[0] - fa[0];
  const dr = fb[1] - fa[1];
  if (df === 0 || Math.abs(df) !== Math.abs(dr)) return [];
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  const out = [];
  for (let k = 1; k < Math.abs(df); k++) out.push(FILES[fa[0] + k * sf] + String(fa[1] + k * sr));
  return out;
}

/** The colour of a board character: 'white', 'black' or null. */
export function colorOf(ch) {
  if (ch === 'w' || ch === 'W') return 'white';
  if (ch === 'b' || ch === 'B') return 'black';
  return null;
}
