// input.js - entering a move square by square.
//
// A move is entered as a prefix of squares: the piece's square, then each landing square.
// Every legal move the server sends carries `paths`, all the ways it can be played (a capture
// made in two orders has two). The prefix is matched against those paths, so:
//   - the squares worth highlighting are the next squares of the paths that start with the
//     prefix (`targets`);
//   - the move is complete when the prefix is a whole path, or when every path still possible
//     belongs to one move (the rest of the way is forced, nothing is left to choose);
//   - a click further along (on the final square, say) is accepted when every path through it
//     agrees on the squares before it, so a person need not click each landing of a forced
//     capture, yet must choose where captures differ.
// Nothing here touches the page: the functions are pure and tested on their own.

import { between } from './squares.js';

/** The squares of pieces that have a legal move. */
export function movable(legal) {
  return new Set(legal.map((m) => m.from));
}

function startsWith(path, prefix) {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** [{move, path}] for every path of every move that begins with prefix. */
export function candidates(legal, prefix) {
  const out = [];
  for (const move of legal) {
    for (const path of move.paths || [[move.from, move.to]]) {
      if (startsWith(path, prefix)) out.push({ move, path });
    }
  }
  return out;
}

/** The squares that may come next after prefix. */
export function targets(legal, prefix) {
  const set = new Set();
  if (prefix.length === 0) return set;
  for (const { path } of candidates(legal, prefix)) {
    if (path.length > prefix.length) set.add(path[prefix.length]);
  }
  return set;
}

/** The final squares of the moves still possible after prefix (for a softer highlight). */
export function destinations(legal, prefix) {
  const set = new Set();
  if (prefix.length === 0) return set;
  for (const { move } of candidates(legal, prefix)) set.add(move.to);
  return set;
}

/**
 * The pieces taken so far by the prefix: for each step, the square between its two landings
 * that one of the remaining moves captures.
 */
export function capturedSoFar(legal, prefix) {
  const cands = candidates(legal, prefix);
  if (cands.length === 0) return [];
  const taken = new Set(cands[0].move.captured || []);
  const out = [];
  for (let i = 1; i < prefix.length; i++) {
    for (const sq of between(prefix[i - 1], prefix[i])) {
      if (taken.has(sq)) out.push(sq);
    }
  }
  return out;
}

function uniqueMoves(cands) {
  return [...new Set(cands.map((c) => c.move))];
}

// The outcome for a prefix that some path begins with.
function settle(legal, prefix) {
  const cands = candidates(legal, prefix);
  const whole = cands.find((c) => c.path.length === prefix.length);
  if (whole) return { kind: 'complete', move: whole.move, path: whole.path, prefix };
  const moves = uniqueMoves(cands);
  if (moves.length === 1 && prefix.length >= 2) {
    return { kind: 'complete', move: moves[0], path: cands[0].path, prefix };
  }
  return { kind: 'extend', prefix };
}

/**
 * What a click (or a drop) on square sq does to the prefix.
 * Returns {kind, prefix, move?, path?} where kind is
 *   'select'    a piece was chosen (prefix = [sq]),
 *   'extend'    a landing was added, more are needed,
 *   'complete'  the move is decided (move, and the path it was played along),
 *   'cancel'    the selection is dropped (prefix = []),
 *   'ambiguous' sq is further along several different paths: choose the landing squares,
 *   'ignore'    nothing happens.
 */
export function step(legal, prefix, sq) {
  const pieces = movable(legal);
  if (prefix.length === 0) {
    return pieces.has(sq) ? { kind: 'select', prefix: [sq] } : { kind: 'ignore', prefix };
  }
  const cands = candidates(legal, prefix);
  const next = new Set(cands.filter((c) => c.path.length > prefix.length).map((c) => c.path[prefix.length]));
  if (next.has(sq)) return settle(legal, [...prefix, sq]);

  // Further along: accept when every path through sq agrees up to it.
  const through = [];
  for (const c of cands) {
    const k = c.path.indexOf(sq, prefix.length);
    if (k >= 0) through.push({ ...c, upto: c.path.slice(0, k + 1) });
  }
  if (through.length > 0) {
    const key = (p) => p.join(' ');
    const first = key(through[0].upto);
    if (through.every((c) => key(c.upto) === first)) return settle(legal, through[0].upto);
    const moves = uniqueMoves(through);
    const ends = through.filter((c) => c.path[c.path.length - 1] === sq);
    if (moves.length === 1 && ends.length > 0) {
      return { kind: 'complete', move: moves[0], path: ends[0].path, prefix: ends[0].path };
    }
    return { kind: 'ambiguous', prefix };
  }
  if (prefix.length === 1) {
    if (sq !== prefix[0] && pieces.has(sq)) return { kind: 'select', prefix: [sq] };
    return { kind: 'cancel', prefix: [] };
  }
  if (sq === prefix[0]) return { kind: 'cancel', prefix: [] };
  return { kind: 'ignore', prefix };
}
