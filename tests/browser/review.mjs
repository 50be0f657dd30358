// review.mjs - a finished game reviewed by the engine (review.js, docs/web-api.md "Reviews"), on
// a server of its own whose reviews search 20000 nodes a position: from the archive's "Review",
// the progress, the chart (screenshots at desktop and phone width), the marks in the move list, a
// click on the chart that moves the board, the better line on the board, the review kept through
// a restart; and after a game between people, the game view's own "Review the game".

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, ROOT, Server, api, boardString, clickSquare, equal, expect, newGame, screenshot, settled, test, waitInteractive, waitMoves } from './harness.mjs';

const NODES = 20000;

/** The second game of tests/data/games/lidraughts2025.pdn: 5. d2:b4 gives a man to d6-c5. */
function publishedBlunder() {
  const text = fs.readFileSync(path.join(ROOT, 'tests', 'data', 'games', 'lidraughts2025.pdn'), 'utf8');
  return '[Event' + text.split('[Event')[2];
}

/** Wait for the review card to show a done review (its chart). */
async function reviewDone(page) {
  await page.waitForSelector('#review[data-status=done] .review-summary', { timeout: 60_000 });
  await page.waitForSelector('.review-chart-slot:not([hidden]) .review-chart');
}

export function reviewTests() {
  test('review: a finished game reviewed from the archive: chart, marks, a click moves the board, kept through a restart', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-review-')), 'games.db');
    let server = await new Server(db, { reviewNodes: NODES }).start();
    try {
      const { data: imported } = await api(server.url, 'POST', '/api/import', { pdn: publishedBlunder() });
      const id = imported.imported[0];
      expect(id, `the game imported: ${JSON.stringify(imported)}`);
      const page = await newPage(DESKTOP);
      await page.goto(server.url + '#/archive');
      await page.click(`.arow[data-id="${id}"] [data-action=review]`);
      await page.waitForURL(new RegExp(`#/play/${id}\\?review$`));
      await reviewDone(page);
      // the marks in the move list: 5. d2:b4 (ply 9) is the blunder
      await page.waitForSelector('.movelist .move[data-ply="9"][data-mark="??"] .move-mark');
      const blunders = await page.textContent('.review-summary tr[data-colour=white] td[data-count=blunders]');
      expect(Number(blunders) >= 1, `White's blunders in the summary: ${blunders}`);
      await screenshot(page, 'review-desktop');

      // a click on the chart's column of ply 9 shows the position after 5. d2:b4
      await page.click('.review-chart .chart-hit[data-ply="9"]');
      await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '9');
      const { data: after9 } = await api(server.url, 'GET', `/api/games/${id}/position?ply=9`);
      equal(await boardString(page), after9.board, 'the board after the click on the chart');
      await page.waitForSelector('.review-move[data-ply="9"][data-mark="??"] .review-badge.blunder');
      const cursor = await page.getAttribute('.review-chart .chart-cursor', 'x1');
      const column = await page.$eval('.review-chart .chart-hit[data-ply="9"]', (r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2);
      expect(Math.abs(Number(cursor) - column) < 0.01, `the chart's cursor on ply 9: ${cursor} against ${column}`);

      // the better line: the position before the move with the better move's arrow, then its moves
      const { data: review } = await api(server.url, 'GET', `/api/games/${id}/review`);
      const move = review.moves.find((m) => m.ply === 9);
      await page.click('[data-action=show-line]');
      const { data: after8 } = await api(server.url, 'GET', `/api/games/${id}/position?ply=8`);
      await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, after8.board);
      await page.waitForSelector('.board-svg .arrow.best');
      await screenshot(page, 'review-line-desktop');
      await page.click('[data-action=line-next]');
      await page.waitForFunction(() => document.querySelector('.board-svg').dataset.ply === 'line-1');
      const { data: line1 } = await api(server.url, 'POST', '/api/position', { fen: move.line[0].fen });
      equal(await boardString(page), line1.board, 'the board after the better move');
      await page.click('[data-action=hide-line]');
      await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, after9.board);
      expect(!(await page.$('.board-svg .arrow')), 'no arrow back in the game');

      // on a phone
      const phone = await newPage(PHONE);
      await phone.goto(server.url + `#/play/${id}`);
      await reviewDone(phone);
      await phone.click('.review-chart .chart-hit[data-ply="9"]');
      await phone.waitForFunction(() => document.querySelector('.play').dataset.ply === '9');
      await settled(phone);
      await screenshot(phone, 'review-phone', { fullPage: true });

      // kept through a restart: shown at once, not made again
      await server.stop();
      server = await new Server(db, { reviewNodes: NODES }).start();
      const again = await newPage(DESKTOP);
      await again.goto(server.url + `#/play/${id}`);
      await reviewDone(again);
      await again.waitForSelector('.movelist .move[data-ply="9"][data-mark="??"]');
      const { data: kept } = await api(server.url, 'GET', `/api/games/${id}/review`);
      equal(kept.moves.map((m) => m.mark), review.moves.map((m) => m.mark), 'the marks after the restart');
      equal(kept.seconds, review.seconds, 'the same review (its time)');
    } finally {
      await server.stop();
    }
  });

  test('review: after a game between people, "Review the game" in the game view', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-review-')), 'games.db');
    const server = await new Server(db, { reviewNodes: NODES }).start();
    try {
      const page = await newPage(DESKTOP);
      await newGame(page, server.url, { opponent: 'human', white: 'Anna', black: 'Boris' });
      for (const [i, [a, b]] of [['c3', 'd4'], ['f6', 'g5'], ['g3', 'h4']].entries()) {
        await waitInteractive(page);
        await clickSquare(page, a);
        await clickSquare(page, b);
        await waitMoves(page, i + 1);
      }
      expect(await page.isHidden('#review'), 'no review while the game is played');
      await page.click('[data-action=resign]');
      await page.click('dialog[open] .btn.danger');
      await page.waitForSelector('.status-card.over');
      await page.click('#review [data-action=start-review]');
      await reviewDone(page);
      const rows = await page.$$eval('.review-summary tbody tr', (trs) => trs.map((tr) => tr.dataset.colour));
      equal(rows, ['white', 'black'], 'a row per player');
      const points = await page.$$eval('.review-chart .chart-hit', (els) => els.length);
      equal(points, 4, 'a column per position (the start and three moves)');
    } finally {
      await server.stop();
    }
  });
}
