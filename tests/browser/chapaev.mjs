// chapaev.mjs - the browser tests of Chapaev (#/chapaev, web/js/chapaev*.js), which run.mjs
// registers. The physics is planck.js at a fixed time step without random numbers, so a shot
// with a fixed input must give the same positions on every run, in Node and in the browser
// alike; the positions after a fixed number of steps are compared with the values recorded when
// the test was written (a change to the physics' constants changes them: record them again, on
// purpose). The rules are those of chapaev_rules.js (docs/variants.md "Chapaev").

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DESKTOP, PHONE360, ROOT, equal, expect, screenshot, settled, test } from './harness.mjs';

const web = (name) => import(pathToFileURL(path.join(ROOT, 'web', 'js', name)));

// d1 (id 3) straight up the d-file at full power, and b1 (id 1) at 1.3 rad at 0.9
const STRAIGHT = { id: 3, angle: Math.PI / 2, power: 1 };
const OBLIQUE = { id: 1, angle: 1.3, power: 0.9 };
// [id, x, y] of every piece that has moved, after the steps (9 decimals)
const RECORDED = {
  straight24: { moved: [[3, 3.5, 7.00346438], [11, 3.5, 7.971700384]], out: [] },
  oblique40: { moved: [[1, 3.216840552, 7.101931843]], out: [11] },
};

function moved(result) {
  return result.pieces
    .filter((p) => Math.abs(p.x - ((p.id % 8) + 0.5)) > 1e-12 || Math.abs(p.y - (p.id < 8 ? 0.5 : 7.5)) > 1e-12)
    .map((p) => [p.id, +p.x.toFixed(9), +p.y.toFixed(9)]);
}

export function chapaevTests() {
  /** The page's pixel of a point in squares (chapaev.js: data-span, data-margin). */
  async function pixel(page, x, y) {
    return page.$eval(
      '.chapaev-canvas',
      (c, [px, py]) => {
        const r = c.getBoundingClientRect();
        const span = Number(c.dataset.span);
        const margin = Number(c.dataset.margin);
        return [r.left + ((px + margin) / span) * r.width, r.top + ((span - (py + margin)) / span) * r.height];
      },
      [x, y],
    );
  }

  /** Pull back from (x, y) by (dx, dy) squares and let go. */
  async function pull(page, x, y, dx, dy) {
    const [x1, y1] = await pixel(page, x, y);
    const [x2, y2] = await pixel(page, x + dx, y + dy);
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2, { steps: 3 });
    await page.mouse.move(x2, y2, { steps: 3 });
    await page.mouse.up();
  }

  const data = (page) => page.$eval('.chapaev', (e) => ({ ...e.dataset }));
  const waitShots = (page, n, ms = 30_000) =>
    page.waitForFunction((k) => {
      const d = document.querySelector('.chapaev').dataset;
      return Number(d.shots) >= k && ['aim', 'round-over', 'match-over'].includes(d.phase);
    }, n, { timeout: ms });

  test('chapaev: unit: a fixed shot gives the same positions every run, in Node and in the browser', async ({ base, newPage }) => {
    const P = await web('chapaev_physics.js');
    const R = await web('chapaev_rules.js');
    const start = R.newMatch().pieces;
    equal(start.length, 16, '8 pieces a side');
    equal(start.filter((p) => p.side === 'w').map((p) => p.y), Array(8).fill(0.5), 'White on the first rank');
    const a = P.simulateShot(start, STRAIGHT, 24);
    const b = P.simulateShot(start, STRAIGHT, 24);
    equal(a, b, 'the same shot twice');
    equal({ moved: moved(a), out: a.out }, RECORDED.straight24, 'the straight shot after 24 steps');
    const c = P.simulateShot(start, OBLIQUE, 40);
    equal({ moved: moved(c), out: c.out }, RECORDED.oblique40, 'the oblique shot after 40 steps');
    // to its end: head on, d8 alone falls off the far edge and the shooter stays on the d-file
    const whole = P.simulateShot(start, STRAIGHT);
    equal(whole.out, [11], 'd8 is knocked out');
    expect(whole.pieces.every((p) => p.id === 3 || moved({ pieces: [p] }).length === 0), 'no other piece moved');
    const shooter = whole.pieces.find((p) => p.id === 3);
    expect(shooter.x === 3.5 && shooter.y > 6 && shooter.y < 8, `the shooter stops short of the edge on the d-file: ${shooter.x}, ${shooter.y}`);
    // the browser's run of the same shots is the same to the last bit
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/chapaev');
    await page.waitForSelector('.chapaev[data-phase=aim]');
    const inPage = await page.evaluate(
      async ([s1, s2]) => {
        const Pp = await import('/js/chapaev_physics.js');
        const Rp = await import('/js/chapaev_rules.js');
        const pieces = Rp.newMatch().pieces;
        return [Pp.simulateShot(pieces, s1, 24), Pp.simulateShot(pieces, s2, 40), Pp.simulateShot(pieces, s1)];
      },
      [STRAIGHT, OBLIQUE],
    );
    equal(inPage, [a, c, whole], 'the browser\'s positions');
  });

  test('chapaev: unit: the turn, the rounds and the rows (seed L200-L202)', async () => {
    const R = await web('chapaev_rules.js');
    const m = R.newMatch();
    const without = (ids) => m.pieces.filter((p) => !ids.includes(p.id));
    // a shot that knocks one out and loses none: the shooter goes on
    let r = R.afterShot(m, without([11]), [11]);
    equal([r.keep, r.match.turn, r.knocked, r.lost], [true, 'w', 1, 0], 'one knocked out');
    // one knocked out, one of its own lost too: the turn passes
    r = R.afterShot(m, without([11, 3]), [11, 3]);
    equal([r.keep, r.match.turn], [false, 'b'], 'one out each');
    // none knocked out: the turn passes
    r = R.afterShot(m, m.pieces, []);
    equal([r.keep, r.match.turn, r.roundOver], [false, 'b', false], 'a miss');
    // every black piece out: White wins the round and sets out one row up; White starts
    r = R.afterShot(m, without([8, 9, 10, 11, 12, 13, 14, 15]), [8, 9, 10, 11, 12, 13, 14, 15]);
    equal([r.roundOver, r.match.roundWinner, r.match.rows, r.match.winner], [true, 'w', { w: 1, b: 7 }, null], 'White wins round 1');
    const next = R.nextRound(r.match);
    equal([next.round, next.turn, next.pieces.filter((p) => p.side === 'w').map((p) => p.y)[0], next.pieces.length], [2, 'w', 1.5, 16], 'round 2 from the second rank');
    // rows next to each other: the winner's advance pushes the loser back
    const close = { ...m, rows: { w: 4, b: 5 }, turn: 'b' };
    r = R.afterShot(close, close.pieces.filter((p) => p.side === 'b'), [0, 1, 2, 3, 4, 5, 6, 7]);
    equal([r.match.roundWinner, r.match.rows, r.match.winner], ['b', { w: 3, b: 4 }, null], 'Black pushes White back');
    equal(R.nextRound(r.match).turn, 'b', 'the round\'s winner starts the next');
    // the loser pushed off its last row: the match is over
    const last = { ...m, rows: { w: 6, b: 7 } };
    r = R.afterShot(last, without([8, 9, 10, 11, 12, 13, 14, 15]), [8, 9, 10, 11, 12, 13, 14, 15]);
    equal([r.match.winner, r.match.rows], ['w', { w: 7, b: 8 }], 'White wins the match');
    // the last pieces of both out in one shot: a drawn round, rows kept, the other side starts
    const two = { ...m, pieces: [m.pieces[0], m.pieces[8]] };
    r = R.afterShot(two, [], [0, 8]);
    equal([r.match.roundWinner, r.match.rows, R.nextRound(r.match).turn], ['draw', { w: 0, b: 7 }, 'b'], 'a drawn round');
    expect(!R.legalShot(m, { id: 8, angle: 0, power: 0.5 }) && R.legalShot(m, { id: 0, angle: 0, power: 0.5 }), 'White shoots its own pieces only');
  });

  test('chapaev: shots by drag: a knock-out keeps the turn, a miss and a lost piece pass it', async ({ base, newPage }) => {
    const P = await web('chapaev_physics.js');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/chapaev');
    await page.waitForSelector('.chapaev[data-phase=aim]');
    let d = await data(page);
    equal([d.turn, d.round, d.rows, d.count, d.mode], ['w', '1', '0,7', '8:8', 'friend'], 'the start');
    // d1 pulled straight back 3 squares: full power up the d-file
    await pull(page, 3.5, 0.5, 0, -3);
    await waitShots(page, 1);
    d = await data(page);
    let shot = JSON.parse(d.lastShot);
    equal([shot.id, shot.side, shot.power], [3, 'w', 1], 'the shot the drag aimed');
    expect(Math.abs(shot.angle - Math.PI / 2) < 0.01, `straight up: ${shot.angle}`);
    let node = P.simulateShot(JSON.parse(d.from), shot);
    equal(JSON.parse(d.pieces), node.pieces.map(({ id, side, x, y }) => ({ id, side, x, y })), 'the page\'s physics is the same as Node\'s');
    equal([d.count, d.turn], ['8:7', 'w'], 'd8 knocked out, White shoots again');
    await settled(page);
    await screenshot(page, 'chapaev-desktop');
    // a1 pulled back a little: it slides up its file and hits nothing: the turn passes
    await pull(page, 0.5, 0.5, 0, -0.6);
    await waitShots(page, 2);
    d = await data(page);
    shot = JSON.parse(d.lastShot);
    node = P.simulateShot(JSON.parse(d.from), shot);
    equal(node.out, [], 'the weak shot knocks none out');
    equal([d.count, d.turn], ['8:7', 'b'], 'a miss: Black\'s turn');
    // Black flicks h8 off its own side of the board: it loses a piece, the turn passes back
    await pull(page, 7.5, 7.5, -2, 0);
    await waitShots(page, 3);
    d = await data(page);
    equal([JSON.parse(d.lastShot).id, d.count, d.turn], [15, '8:6', 'w'], 'Black lost h8: White\'s turn');
    // the pieces of the side not to move do not answer the drag
    await pull(page, 2.5, 7.5, 0, 1.5);
    d = await data(page);
    equal([d.shots, d.phase], ['3', 'aim'], 'no shot with a piece of the other side');
  });

  test('chapaev: the computer makes a legal shot with the same physics; Russian texts; a phone of 360 px', async ({ base, newPage }) => {
    const P = await web('chapaev_physics.js');
    const R = await web('chapaev_rules.js');
    const A = await web('chapaev_ai.js');
    const start = R.newMatch().pieces;
    const best = A.chooseShot(start, 'b');
    expect(best && best.id >= 8 && best.id < 16 && best.power > 0 && best.power <= 1, `a shot of Black's: ${JSON.stringify(best)}`);
    equal(A.chooseShot(start, 'b'), best, 'the same shot twice');
    const page = await newPage(PHONE360);
    await page.goto(base + '#/chapaev');
    await page.waitForSelector('.chapaev[data-phase=aim]');
    await page.selectOption('#chapaev-mode', 'computer');
    await page.waitForSelector('.chapaev[data-mode=computer][data-phase=aim]');
    const width = await page.$eval('.chapaev-canvas', (c) => c.getBoundingClientRect().width);
    expect(width <= 360 && width >= 300, `the board fits the phone: ${width}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll <= 360, `nothing wider than the screen: ${scroll}`);
    // White misses; the computer (Black) shoots
    await pull(page, 0.5, 0.5, 0, -0.6);
    // the page as it is between shots (the computer may have gone on shooting, or be aiming again)
    const handle = await page.waitForFunction(() => {
      const e = document.querySelector('.chapaev').dataset;
      return Number(e.shots) >= 2 && e.phase !== 'moving' ? { ...e } : null;
    }, null, { timeout: 90_000 });
    const d = await handle.jsonValue();
    const before = JSON.parse(d.from);
    const shot = JSON.parse(d.lastShot);
    expect(shot.side === 'b' && shot.id >= 8 && shot.id < 16 && before.some((p) => p.id === shot.id), `the computer shot one of its pieces: ${d.lastShot}`);
    expect(shot.power > 0 && shot.power <= 1, `its power: ${shot.power}`);
    const node = P.simulateShot(before, shot);
    equal(JSON.parse(d.pieces), node.pieces.map(({ id, side, x, y }) => ({ id, side, x, y })), 'its shot played by the same physics');
    const chosen = A.chooseShot(before, 'b');
    equal([chosen.id, chosen.angle, chosen.power], [shot.id, shot.angle, shot.power], 'the shot is the one its search picks');
    await settled(page);
    await screenshot(page, 'chapaev-phone');
    // Russian
    await page.evaluate(() => localStorage.setItem('shashki.lang', 'ru'));
    await page.reload();
    await page.waitForSelector('.chapaev[data-phase=aim]');
    equal(await page.textContent('.chapaev-title'), 'Чапаев', 'the Russian title');
    expect((await page.textContent('.chapaev-help')).includes('рогатку'), 'the Russian help');
    await settled(page);
    await screenshot(page, 'chapaev-phone-ru');
  });
}
