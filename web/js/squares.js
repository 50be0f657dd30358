// squares.js - the boards of every game: which squares are played, their names, numbers and
// lines.
//
// Three boards (docs/web-api.md "Games"), each a geometry:
//   'diagonal'    the 32 dark squares, a1 among them (Russian, English ...): index 0 = b8 =
//                 square 1, 31 = g1 = square 32; row floor(i/4) counts down from rank 8, even
//                 rows hold files b, d, f, h and odd rows a, c, e, g;
//   'turned'      the 32 dark squares of the turned board, a1 light (Italian, Spanish): 0 = a8,
//                 31 = h1; even rows hold files a, c, e, g;
//   'orthogonal'  all 64 squares (Turkish): 0 = a8, 7 = h8, 63 = h1; moves along files and
//                 ranks.
// A board string has a character per playing square in index order. Everything here is pure
// so that the board, the move input and the FEN reader share one truth.

export const FILES = 'abcdefgh';

/** [file 0..7, rank 1..8] of a name, or null. */
export function fileRank(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const file = FILES.indexOf(name[0].toLowerCase());
  const rank = Number(name[1]);
  if (file < 0 || !(rank >= 1 && rank <= 8)) return null;
  return [file, rank];
}

function makeGeometry(kind) {
  const count = kind === 'orthogonal' ? 64 : 32;
  const names = [];
  for (let i = 0; i < count; i++) {
    let file;
    let rank;
    if (kind === 'orthogonal') {
      file = i % 8;
      rank = 8 - Math.floor(i / 8);
    } else {
      const row = Math.floor(i / 4);
      const even = row % 2 === 0;
      file = 2 * (i % 4) + (kind === 'turned' ? (even ? 0 : 1) : even ? 1 : 0);
      rank = 8 - row;
    }
    names.push(FILES[file] + String(rank));
  }
  const index = new Map(names.map((n, i) => [n, i]));
  const geometry = {
    kind,
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
    /** whether the square at file 0..7, rank 1..8 is played on */
    playable: (file, rank) => index.has(FILES[file] + rank),
    /** the empty board */
    empty: () => '.'.repeat(count),
  };
  return geometry;
}

const GEOMETRIES = {
  diagonal: makeGeometry('diagonal'),
  turned: makeGeometry('turned'),
  orthogonal: makeGeometry('orthogonal'),
};

/** The geometry of a board kind ('diagonal', 'turned', 'orthogonal'); diagonal if unknown. */
export function geometry(kind) {
  return GEOMETRIES[kind] || GEOMETRIES.diagonal;
}

/** The Russian board, which the functions below keep for what was written before the others. */
export const RUSSIAN = GEOMETRIES.diagonal;

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
