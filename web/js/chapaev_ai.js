// chapaev_ai.js - the computer's shot in Chapaev (pure): it tries candidate shots with the
// game's own physics (chapaev_physics.js) and takes the best. Each of its pieces is aimed at
// the nearest of the opponent's pieces, straight and a little to either side, at a few powers;
// a shot is worth the pieces it knocks out less the ones it loses (its own loss weighs more,
// since it also gives the turn away), and then how close it leaves the opponent's pieces to an
// edge. No random numbers: the same position gives the same shot.

import { BOARD, simulateShot } from './chapaev_physics.js';

const OFFSETS = [0, -0.05, 0.05];
const POWERS = [0.95, 0.6];
const TARGETS = 2;
const STEPS = 60 * 5; // the outcome of a shot is settled after 5 s of it

function edgeDistance(p) {
  return Math.min(p.x, p.y, BOARD - p.x, BOARD - p.y);
}

/** The shots the computer tries for `side`: [{id, angle, power}], in a fixed order. */
export function candidates(pieces, side) {
  const own = pieces.filter((p) => p.side === side).sort((a, b) => a.id - b.id);
  const theirs = pieces.filter((p) => p.side !== side);
  const out = [];
  for (const p of own) {
    const near = [...theirs].sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y) || a.id - b.id).slice(0, TARGETS);
    for (const q of near)
      for (const off of OFFSETS) for (const power of POWERS) out.push({ id: p.id, angle: Math.atan2(q.y - p.y, q.x - p.x) + off, power });
  }
  return out;
}

/** How good a shot's outcome is for `side`. */
export function worth(before, result, side) {
  const side0 = new Map(before.map((p) => [p.id, p.side]));
  const lost = result.out.filter((id) => side0.get(id) === side).length;
  const knocked = result.out.length - lost;
  let v = 100 * knocked - 140 * lost;
  if (knocked > 0 && lost === 0) v += 30; // the turn is kept
  for (const p of result.pieces) if (p.side !== side) v += Math.max(0, 2 - edgeDistance(p)) * 5;
  return v;
}

/** The computer's shot for `side`: {id, angle, power, worth}, or null without a piece. */
export function chooseShot(pieces, side) {
  let best = null;
  for (const shot of candidates(pieces, side)) {
    const v = worth(pieces, simulateShot(pieces, shot, STEPS), side);
    if (!best || v > best.worth) best = { ...shot, worth: v };
  }
  return best;
}

/** The same shot as chooseShot, thought over a few candidates per frame (the page stays live). */
export async function chooseShotAsync(pieces, side, pause = () => new Promise((r) => setTimeout(r, 0))) {
  let best = null;
  let n = 0;
  for (const shot of candidates(pieces, side)) {
    const v = worth(pieces, simulateShot(pieces, shot, STEPS), side);
    if (!best || v > best.worth) best = { ...shot, worth: v };
    if (++n % 8 === 0) await pause();
  }
  return best;
}
