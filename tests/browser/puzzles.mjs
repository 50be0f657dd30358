// puzzles.mjs - the browser tests of the Puzzles section and the analysis board's "solve"
// (issue 16). run.mjs registers them. The puzzles are those of tests/data/web/puzzles-sample.pdn,
// served by a server of these tests' own (`serve --puzzles`), so the real set built into the
// program may change freely; the boards expected come from /api/position (the rules), the
// ratings from Elo worked out by hand (tests/data/web/puzzles.http's header: 1500 -> 1510 after
// P0002 solved, -> 1473 after P0001 failed). Every wait is for an event (a state of the view, a
// board, an answer).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE360, ROOT, Server, api, boardString, clickSquare, equal, expect, moveTexts, phoneShot, screenshot, settled, test, waitInteractive, waitMoves } from './harness.mjs';

export function puzzleTests() {
  const SAMPLE = path.join(ROOT, 'tests', 'data', 'web', 'puzzles-sample.pdn');

  /** A server with the sample puzzles, for one test; stopped after it. */
  async function withPuzzles(fn) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-puzzles-'));
    const server = await new Server(path.join(tmp, 'games.db'), { puzzles: SAMPLE }).start();
    try {
      await fn(server.url);
    } finally {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  /** The board the rules give after `moves` from `fen`. */
  async function boardAfter(base, fen, moves) {
    const r = await api(base, 'POST', '/api/position', { fen, moves });
    equal(r.status, 200, `the position after ${moves.join(' ')}`);
    return r.data.board;
  }

  const waitBoard = (page, board) => page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, board);
  const waitState = (page, state) => page.waitForSelector(`.puzzles[data-state="${state}"]`);
  const stat = (page, name) => page.textContent(`.puzzle-stats dd[data-stat="${name}"]`);
  const targets = (page) => page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort());

  test('puzzles: a puzzle played right, the king\'s double capture entered square by square, each reply on the board, the rating and streak kept', async ({ newPage }) => {
    await withPuzzles(async (base) => {
      const page = await newPage(DESKTOP);
      await page.goto(base + '#/puzzles?id=P0002');
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0002"][data-step="0"]');
      await waitInteractive(page);
      const fen = 'W:Wb4,c7,g1:Ba3,d4,e7';
      equal(await boardString(page), await boardAfter(base, fen, []), 'the puzzle\'s position');
      expect((await page.textContent('.puzzle-task')).includes('White to move'), 'the task names the side');
      equal(await stat(page, 'rating'), '1500', 'a new browser\'s rating');
      // 1. c7-d8 (crowned), the reply a3:c5 animated to its end
      await clickSquare(page, 'c7');
      await clickSquare(page, 'd8');
      await page.waitForSelector('.puzzles[data-step="1"]');
      await waitBoard(page, await boardAfter(base, fen, ['c7-d8', 'a3:c5']));
      // 2. d8:f6:c3, square by square: after f6 the move is not done, and only c3 goes on
      await waitInteractive(page);
      await clickSquare(page, 'd8');
      await clickSquare(page, 'f6');
      equal(await targets(page), ['a1', 'b2', 'c3'], 'from f6 the king lands beyond d4: a1, b2 or c3');
      equal(await page.getAttribute('.puzzles', 'data-step'), '1', 'half a capture is no move yet');
      await clickSquare(page, 'c3');
      await page.waitForSelector('.puzzles[data-step="2"]');
      await waitBoard(page, await boardAfter(base, fen, ['c7-d8', 'a3:c5', 'd8:f6:c3', 'c5-b4']));
      // 3. c3:a5 ends it
      await waitInteractive(page);
      await clickSquare(page, 'c3');
      await clickSquare(page, 'a5');
      await waitState(page, 'solved');
      equal(await stat(page, 'rating'), '1510', 'the rating after a clean solve (Elo by hand)');
      equal(await stat(page, 'streak'), '1', 'the streak');
      equal(await page.getAttribute('.puzzle-item[data-id="P0002"]', 'data-result'), 'solved', 'the list marks it');
      await settled(page);
      await screenshot(page, 'puzzles-solved-desktop');
      // the store keeps it: a reload shows the same record
      await page.reload();
      await page.waitForSelector('.puzzles[data-state="solving"]');
      equal(await stat(page, 'rating'), '1510', 'the rating after a reload');
      equal(await page.getAttribute('.puzzle-item[data-id="P0002"]', 'data-result'), 'solved', 'the list after a reload');
    });
  });

  test('puzzles: a wrong move is taken back and fails the puzzle; the hint picks the piece; the solution is played out; next', async ({ newPage }) => {
    await withPuzzles(async (base) => {
      const page = await newPage(DESKTOP);
      // this browser solves P0002 first (through the API, with the page's cookie)
      await page.goto(base + '#/analysis');
      for (const [step, move] of [[0, 'c7-d8'], [1, 'd8:f6:c3'], [2, 'c3:a5']]) {
        const status = await page.evaluate(async ([s, m]) => (await fetch('/api/puzzles/P0002/moves', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ step: s, move: m }) })).status, [step, move]);
        equal(status, 200, `P0002 step ${step}`);
      }
      await page.goto(base + '#/puzzles?id=P0001');
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0001"]');
      const fen = 'W:Wf6,g1,h2:Bd4,h4';
      const start = await boardAfter(base, fen, []);
      await waitInteractive(page);
      await clickSquare(page, 'g1');
      await clickSquare(page, 'f2');
      await waitState(page, 'wrong');
      await waitBoard(page, start);
      expect((await page.textContent('.puzzle-message')).includes('g1-f2'), 'the message names the wrong move');
      equal(await stat(page, 'rating'), '1473', 'the rating after the failure (Elo by hand)');
      equal(await stat(page, 'streak'), '0', 'the streak is broken');
      equal(await page.getAttribute('.puzzle-item[data-id="P0001"]', 'data-result'), 'failed', 'the list marks it');
      // the hint: the piece on h2, picked up, its landing shown
      await waitInteractive(page);
      await page.click('[data-action=hint]');
      await page.waitForSelector('.board-svg[data-hint="h2"]');
      equal(await targets(page), ['g3'], 'the hinted piece\'s landing');
      expect((await page.textContent('.puzzle-message')).includes('h2'), 'the hint names the square');
      // the solution, played out to the line's end
      await page.click('[data-action=solution]');
      await page.waitForSelector('.puzzles[data-state="shown"][data-shown="true"]');
      await waitBoard(page, await boardAfter(base, fen, ['h2-g3', 'h4:f2', 'g1:e3:c5']));
      equal(await page.textContent('.puzzle-solution'), 'h2-g3 h4:f2 g1:c5', 'the solution written');
      equal(await stat(page, 'rating'), '1473', 'a puzzle counts once');
      // next: the first puzzle after this one not tried yet (P0002 is solved)
      await page.click('[data-action=next]');
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0003"]');
      // the filters: the theme "endgame" holds P0004 and P0006
      await page.selectOption('#puzzle-theme', 'endgame');
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0004"]');
      equal(await page.$$eval('.puzzle-item', (els) => els.map((e) => e.dataset.id)), ['P0004', 'P0006'], 'the list filtered');
      expect(/theme=endgame/.test(page.url()), 'the address keeps the filter');
    });
  });

  test('puzzles: a dual (another move that wins as fast, after the first) is taken back without counting, and the line\'s move solves it', async ({ newPage }) => {
    await withPuzzles(async (base) => {
      const page = await newPage(DESKTOP);
      await page.goto(base + '#/puzzles?id=P0006');
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0006"]');
      const fen = 'W:Wb6,d6,Kh4:Bd8,h8';
      await waitInteractive(page);
      await clickSquare(page, 'h4');
      await clickSquare(page, 'f6');
      await page.waitForSelector('.puzzles[data-step="1"]');
      const before = await boardAfter(base, fen, ['h4-f6', 'd8-c7']);
      await waitBoard(page, before);
      // 2. d6:b8 wins too (the solver proves it): not wrong, the board goes back
      await waitInteractive(page);
      await clickSquare(page, 'd6');
      await clickSquare(page, 'b8');
      await page.waitForSelector('.puzzles[data-dual="d6:b8"][data-state="solving"]');
      await waitBoard(page, before);
      equal(await stat(page, 'solved'), '0 / 0', 'nothing counted');
      // the line's 2. b6:d8, then 3. f6:h8
      await waitInteractive(page);
      await clickSquare(page, 'b6');
      await clickSquare(page, 'd8');
      await page.waitForSelector('.puzzles[data-step="2"]');
      await waitInteractive(page);
      await clickSquare(page, 'f6');
      await clickSquare(page, 'h8');
      await waitState(page, 'solved');
      equal(await stat(page, 'solved'), '1 / 1', 'solved clean');
    });
  });

  test('puzzles: the clicks along a long capture\'s landings after it is decided finish it; the next click on its last square picks the piece up (built-in P0001)', async ({ base, newPage }) => {
    // the program's own set (the shared server): P0001, Black plays d8-e7, a3-b2, g5-h4,
    // h4:f2:d4:b2 (decided at f2: the only capture), b2-a1
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/puzzles?id=P0001');
    await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0001"][data-step="0"]');
    const fen = 'B:Wa1,d2,d4,e3,f4,g3:Ba3,b6,d6,d8,g5,h6';
    const line = ['d8-e7', 'd4-e5', 'a3-b2', 'a1:c3', 'g5-h4', 'e5:a5', 'h4:f2:d4:b2'];
    for (let i = 0; i < 4; i++) {
      await page.waitForSelector(`.puzzles[data-step="${i}"] .board-svg.interactive`);
      await settled(page);
      const path = (await api(base, 'POST', '/api/position', { fen, moves: line.slice(0, 2 * i) })).data.legal.find((m) => m.notation === line[2 * i]).paths[0];
      for (const s of path) await clickSquare(page, s);
    }
    await page.waitForSelector('.puzzles[data-step="4"] .board-svg.interactive');
    await settled(page);
    equal(await page.getAttribute('.board-svg', 'data-selected'), '', 'nothing picked up by the capture\'s last clicks');
    await clickSquare(page, 'b2');
    equal(await page.getAttribute('.board-svg', 'data-selected'), 'b2', 'the first click on b2 picks the piece up');
    equal(await targets(page), ['a1', 'c1'], 'its landings');
    await clickSquare(page, 'a1');
    await waitState(page, 'solved');
  });

  test('puzzles: the page at phone width, in Russian', async ({ newPage }) => {
    await withPuzzles(async (base) => {
      const page = await newPage(PHONE360);
      await page.goto(base + '#/puzzles?id=P0005');
      await page.evaluate(() => localStorage.setItem('shashki.lang', 'ru'));
      await page.reload();
      await page.waitForSelector('.puzzles[data-state="solving"][data-puzzle="P0005"]');
      expect((await page.textContent('.puzzle-task')).includes('Ход белых'), 'the task in Russian');
      equal(await page.textContent('a.nav-link[data-nav="puzzles"]'), 'Задачи', 'the nav entry in Russian');
      const fits = await page.evaluate(() => {
        const board = document.querySelector('.board-svg').getBoundingClientRect();
        return document.documentElement.scrollWidth <= window.innerWidth && board.width > 300 && board.right <= window.innerWidth;
      });
      expect(fits, 'the board fills the phone\'s width and nothing runs over it');
      await settled(page);
      await screenshot(page, 'puzzles-phone');
      await phoneShot(newPage, base + '#/puzzles?id=P0004', 'puzzles-phone-390', (phone) => phone.waitForSelector('.puzzles[data-state="solving"]'));
    });
  });

  test('analysis: "solve" gives the solver\'s verdict and solution, and plays the main line onto the board', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    const fen = 'W:Wb4,c7,g1:Ba3,d4,e7';
    await page.goto(base + '#/analysis?fen=' + encodeURIComponent(fen));
    // the view is drawn after the page loads: wait for it, then for its position
    await page.waitForFunction((f) => document.querySelector('.analysis')?.dataset.fen === f, fen);
    await page.click('[data-action=solve]');
    await page.waitForSelector('.solve-card[data-state="done"]');
    equal(await page.getAttribute('.solve-card', 'data-verdict'), 'proven', 'the verdict');
    expect((await page.textContent('.solve-verdict')).includes('White wins by force in 3'), 'the verdict in words');
    expect((await page.textContent('.solve-solution')).startsWith('1. c7-d8!'), 'the solution as a composition\'s');
    await settled(page);
    await screenshot(page, 'analysis-solve-desktop');
    await page.click('[data-action=solve-play]');
    await waitMoves(page, 5);
    equal(await moveTexts(page), ['c7-d8', 'a3:c5', 'd8:f6:c3', 'c5-b4', 'c3:a5'], 'the main line on the move list');
    // a position without a win in 2: the verdict says none; a new position clears the card
    await page.goto(base + '#/analysis?fen=' + encodeURIComponent('W:Wa1:Bh8'));
    await page.waitForFunction(() => document.querySelector('.analysis')?.dataset.fen === 'W:Wa1:Bh8');
    equal(await page.getAttribute('.solve-card', 'data-state'), 'idle', 'the card starts again on a new position');
    await page.fill('#solve-moves', '2');
    await page.click('[data-action=solve]');
    await page.waitForSelector('.solve-card[data-state="done"]');
    equal(await page.getAttribute('.solve-card', 'data-verdict'), 'none', 'no forced win');
    equal(await page.locator('.solve-solution').count(), 0, 'no solution written');
  });
}
