// chapaev_physics.js - the physics of Chapaev (pure: no page): the pieces as discs sliding on
// the board, in planck.js (a port of Box2D, web/vendor/planck.mjs, copied from npm by the
// Makefile), seen from above (no gravity).
//
// Units: a square is 1; the board runs from (0, 0) at a1's outer corner to (8, 8), y up the
// ranks. A piece is a disc of radius RADIUS, smaller than a square as the game wants. A shot
// gives one piece a speed (power 0..1 of MAX_SPEED) at an angle (radians, 0 = towards h, pi/2
// = towards rank 8). The board's friction slows every moving piece by FRICTION (squares/s², a
// constant deceleration, as sliding wood has) on top of a little damping; pieces collide
// elastically enough to send one another flying. A piece whose centre leaves the board falls:
// it is out. The world steps at a fixed time step STEP with fixed iterations and no random
// numbers, so a shot with the same input gives the same positions every run, in any browser
// or in Node.

import { Circle, World } from '../vendor/planck.mjs';

export const BOARD = 8;
export const RADIUS = 0.36;
export const MAX_SPEED = 20;
export const FRICTION = 5;
export const STEP = 1 / 60;
export const MAX_STEPS = 60 * 12; // a shot is over after 12 s of play at most
const REST = 0.03; // slower than this (squares/s), a piece stops

/** Whether a point is on the board (a piece there stays in). */
export function onBoard(x, y) {
  return x >= 0 && x <= BOARD && y >= 0 && y <= BOARD;
}

/**
 * A world of pieces [{id, side, x, y}]: step it with stepSim until stopped.
 */
export function createSim(pieces) {
  const world = new World({ gravity: { x: 0, y: 0 } });
  const bodies = new Map();
  for (const p of [...pieces].sort((a, b) => a.id - b.id)) {
    const body = world.createBody({
      type: 'dynamic',
      position: { x: p.x, y: p.y },
      linearDamping: 0.4,
      angularDamping: 2,
      bullet: false,
      allowSleep: false,
    });
    body.createFixture({ shape: new Circle(RADIUS), density: 1, friction: 0.05, restitution: 0.85 });
    bodies.set(p.id, { body, piece: { ...p } });
  }
  return { world, bodies, steps: 0, out: [] };
}

/** Give piece `id` its shot: {id, angle, power}. */
export function shoot(sim, shot) {
  const entry = sim.bodies.get(shot.id);
  if (!entry) throw new Error(`no piece ${shot.id} on the board`);
  const power = Math.max(0, Math.min(1, shot.power));
  const speed = power * MAX_SPEED;
  entry.body.setLinearVelocity({ x: speed * Math.cos(shot.angle), y: speed * Math.sin(shot.angle) });
}

/** Whether anything still moves. */
export function moving(sim) {
  for (const { body } of sim.bodies.values()) {
    const v = body.getLinearVelocity();
    if (v.x !== 0 || v.y !== 0) return true;
  }
  return false;
}

/** One fixed step: friction, the world's step, the pieces that fell. Returns the ids out. */
export function stepSim(sim) {
  for (const { body } of sim.bodies.values()) {
    const v = body.getLinearVelocity();
    const speed = Math.hypot(v.x, v.y);
    if (speed === 0) continue;
    const slow = FRICTION * STEP;
    if (speed <= Math.max(slow, REST)) {
      body.setLinearVelocity({ x: 0, y: 0 });
      body.setAngularVelocity(0);
      continue;
    }
    const k = (speed - slow) / speed;
    body.setLinearVelocity({ x: v.x * k, y: v.y * k });
  }
  sim.world.step(STEP, 8, 3);
  sim.steps++;
  const fell = [];
  for (const [id, entry] of [...sim.bodies.entries()].sort((a, b) => a[0] - b[0])) {
    const p = entry.body.getPosition();
    if (!onBoard(p.x, p.y)) {
      sim.world.destroyBody(entry.body);
      sim.bodies.delete(id);
      sim.out.push(id);
      fell.push(id);
    }
  }
  return fell;
}

/** The pieces still on the board, with their positions now. */
export function snapshot(sim) {
  return [...sim.bodies.values()]
    .map(({ body, piece }) => {
      const p = body.getPosition();
      return { ...piece, x: p.x, y: p.y };
    })
    .sort((a, b) => a.id - b.id);
}

/** Stop everything (the shot's time is up). */
export function halt(sim) {
  for (const { body } of sim.bodies.values()) {
    body.setLinearVelocity({ x: 0, y: 0 });
    body.setAngularVelocity(0);
  }
}

/**
 * A whole shot at once: {pieces (those left, where they stopped), out (ids that fell), steps}.
 * `steps` caps the steps (default MAX_STEPS); the pieces are where they are after it.
 */
export function simulateShot(pieces, shot, steps = MAX_STEPS) {
  const sim = createSim(pieces);
  shoot(sim, shot);
  while (sim.steps < steps && moving(sim)) stepSim(sim);
  if (sim.steps >= MAX_STEPS) halt(sim);
  return { pieces: snapshot(sim), out: [...sim.out], steps: sim.steps };
}
