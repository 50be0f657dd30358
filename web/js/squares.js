// squares.js - the boards of every game: which squares are played, their names, numbers and
// lines.
//
// A board is a kind, a size and a number of rows (docs/web-api.md "Games": /api/variants gives
// them), a board of `size` files a, b, c ... and `rows` ranks 1 ... rows (rows = size but on the
// 80-square board, 10 files by 8 ranks), drawn from the top row down:
//   'diagonal'    the dark squares, a1 among them (Russian, English, international 10x10 ...):
//                 a square is played when its file (0-based) plus its rank is odd; index 0 is
//                 the top row's first (b8 on 8x8, b10 on 10x10) = square 1, the last is the
//                 bottom row's last (g1 = 32, i1 = 50);
//   'turned'      the dark squares of the turned board, a1 light (Italian, Spanish): file plus
//                 rank even, 0 = a8, 31 = h1;
//   'orthogonal'  every square (Turkish): 0 = a8, 7 = h8, 63 = h1; moves along files and ranks.
// Squares are numbered in index order, row by row from the top, left to right: the numbering
// of PDN on every board. A board string has a character per playing square in index order.
// Everything here is pure so that the board, the move input and the FEN reader share one truth,
// and nothing but the geometry knows a board's size.

/** File letters: a board of up to 26 files. */
export const FILES = 'abcdefghijklmnopqrstuvwxyz';

/** [file 0.., rank 1..] of a name ("c3", "j10"), on no board in particular; null if it is none. */
export function fileRank(name) {
  if (typeof name !== 'string') return null;
  const m = /^([a-z])([1-9][0-9]?)$/i.exec(name);
  if (!m) return null;
  return [FILES.indexOf(m[1].toLowerCase()), Number(m[2])];
}

function makeGeometry(kind, size, rows) {
  const names = [];
  const played = (file, rank) =>
    file >= 0 && file < size && rank >= 1 && rank <= rows && (kind === 'orthogonal' || (file + rank) % 2 === (kind === 'turned' ? 0 : 1));
  for (let rank = rows; rank >= 1; rank--) {
    for (let file = 0; file < size; file++) if (played(file, rank)) names.push(FILES[file] + String(rank));
  }
  const count = names.length;
  const index = new Map(names.map((n, i) => [n, i]));
  const geometry = {
    kind,
    /** files of the board: 8, 10, 12 ... */
    size,
    /** ranks of the board: size, but 8 on the 80-square board */
    rows,
    count,
    names,
    /** the name of square index i ("c3") */
    nameOf: (i) => names[i],
    /** the index of a name, or -1 for a square not played on (or a bad name) */
    indexOf: (name) => {
      const fr = fileRank(name);
      return fr ? index.get(FILES[fr[0]] + fr[1]) ?? -1 : -1;
    },
    /** the square's number (index + 1), 0 for a square not played on */
    numberOf: (name) => geometry.indexOf(name) + 1,
    /** the name of a number 1..count, or null */
    nameOfNumber: (n) => (Number.isInteger(n) && n >= 1 && n <= count ? names[n - 1] : null),
    /** whether the square at file 0..size-1, rank 1..rows is played on */
    playable: played,
    /** whether a man of this colour ('w' or 'b') is crowned on square name: the far row */
    crowns: (ch, name) => {
      const fr = fileRank(name);
      return !!fr && ((ch === 'w' && fr[1] === rows) || (ch === 'b' && fr[1] === 1));
    },
    /** the empty board */
    empty: () => '.'.repeat(count),
  };
  return geometry;
}

const GEOMETRIES = new Map();

/**
 * The geometry of a board kind ('diagonal', 'turned', 'orthogonal'; diagonal if unknown),
 * size (its files: 8 unless given, at most 26) and rows (its ranks: as many as its files unless
 * given).
 */
export function geometry(kind, size = 8, rows = size) {
  const k = kind === 'turned' || kind === 'orthogonal' ? kind : 'diagonal';
  const n = Number.isInteger(size) && size >= 2 && size <= FILES.length ? size : 8;
  const r = Number.isInteger(rows) && rows >= 2 && rows <= 99 ? rows : n;
  const key = `${k}:${n}:${r}`;
  if (!GEOMETRIES.has(key)) GEOMETRIES.set(key, makeGeometry(k, n, r));
  return GEOMETRIES.get(key);
}

/** The Russian board, which the functions below keep for what was written before the others. */
export const RUSSIAN = geometry('diagonal', 8);

/** The algebraic name of square index i of the Russian board ("c3"). */
export function nameOf(i) {
  return RUSSIAN.nameOf(i);
}

/** Square index of an algebraic name on the Russian board, or -1 for a light square or a bad name. */
export function indexOf(name) {
  return RUSSIAN.indexOf(name);
}

/** The PDN number (1..32) of an algebraic name on the Russian board. */
export function numberOf(name) {
  return RUSSIAN.numberOf(name);
}

/** The algebraic name of a PDN number (1..32) on the Russian board, or null. */
export function nameOfNumber(n) {
  return RUSSIAN.nameOfNumber(n);
}

/** Every dark square's name on the Russian board, in index order. */
export const SQUARES = RUSSIAN.names;

/**
 * The squares strictly between a and b when they share a line, else [] (also for
 * neighbours): a diagonal, or a file or a rank (Turkish). A piece goes from one square of a
 * path to the next along such a line, on every board.
 */
export function between(a, b) {
  const fa = fileRank(a);
  const fb = fileRank(b);
  if (!fa || !fb) return [];
  const df = fb[0] - fa[0];
  const dr = fb[1] - fa[1];
  const n = Math.max(Math.abs(df), Math.abs(dr));
  if (n === 0 || (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr))) return [];
  const sf = Math.sign(df);
  const sr = Math.sign(dr);
  const out = [];
  for (let k = 1; k < n; k++) out.push(FILES[fa[0] + k * sf] + String(fa[1] + k * sr));
  return out;
}

/** How many squares apart two squares on a line are (1 for neighbours). */
export function distance(a, b) {
  const fa = fileRank(a);
  const fb = fileRank(b);
  if (!fa || !fb) return 0;
  return Math.max(Math.abs(fb[0] - fa[0]), Math.abs(fb[1] - fa[1]));
}

/** The colour of a board character: 'white', 'black' or null. */
export function colorOf(ch) {
  if (ch === 'w' || ch === 'W') return 'white';
  if (ch === 'b' || ch === 'B') return 'black';
  return null;
}
