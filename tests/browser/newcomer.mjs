// newcomer.mjs - the page as a newcomer found it (issue 33), and a server that goes away: each
// test on a server of its own.
//
// - The server killed during a game against the engine with a clock: the player's page and a
//   watcher's (another device, holding no seat) say so within 5 s, without a move or a reload;
//   the server started again on the same port, both find it by themselves, the player's clocks
//   follow the server's again (not the page's own count through the outage), and the moves go on
//   reaching the watcher through its stream. The watcher is never "you", and at the end is not
//   told "You lost this one." (finding 1). The start page lists the game with "Continue" for the
//   player and "Watch" for the watcher, a device's own games first (finding 3); the finished
//   game's review card has no "null" in it (finding 2).

import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { DESKTOP, PHONE, Server, equal, expect, gameOf, newGame, playLegal, screenshot, settled, test, waitMoves } from './harness.mjs';

/** Seconds of a clock's text ("4:55", "0:09.4"). */
function seconds(text) {
  const parts = text.split(':').map(Number);
  return parts.reduce((s, x) => s * 60 + x, 0);
}

async function clockSeconds(page, colour) {
  return seconds(await page.$eval(`.play .clock[data-color=${colour}] .clock-time`, (e) => e.textContent));
}

async function startServer(name, options = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `shashki-${name}-`));
  const db = path.join(dir, 'games.db');
  return { dir, db, server: await new Server(db, options).start() };
}

export function newcomerTests() {
  test('newcomer: the server killed and started again: both pages say so within 5 s and recover by themselves, clocks as the server\'s; a watcher is not "you"; Continue and Watch', async ({ newPage }) => {
    let { dir, db, server } = await startServer('gone', { reviewNodes: 20000 });
    const port = Number(new URL(server.url).port);
    try {
      const base = server.url;
      const player = await newPage(DESKTOP);
      const id = await newGame(player, base, { opponent: 'engine', level: 1, color: 'white', time: '5m' });
      const watcher = await newPage(PHONE);
      await watcher.goto(base + `#/play/${id}`);
      await watcher.waitForSelector('.play .watching');
      await playLegal(player);
      await waitMoves(player, 2);
      await waitMoves(watcher, 2);
      // finding 1: the watcher's cards name nobody "you"; the player's own card does
      equal(await watcher.$$eval('.player .sub', (els) => els.filter((e) => /\byou\b/.test(e.textContent)).length), 0, 'the watcher\'s cards saying "you"');
      expect(/\byou\b/.test(await player.$eval('.player[data-color=white] .sub', (e) => e.textContent)), 'the player\'s card says "you"');

      // White's clock runs; once it shows 4 s gone since the move, the server goes away
      await player.waitForFunction(() => {
        const el = document.querySelector('.play .clock[data-color=white].running .clock-time');
        if (!el) return false;
        const [m, s] = el.textContent.split(':').map(Number);
        return m * 60 + s <= 296;
      }, null, { timeout: 30_000 });
      await server.kill();
      const killed = Date.now();
      await Promise.all([player, watcher].map((p) => p.waitForSelector('#offline.offline-banner', { timeout: 15_000 })));
      const shown = Date.now() - killed;
      expect(shown < 5000, `the pages said the server is gone after ${shown} ms, not within 5 s`);
      expect(/does not answer/.test(await player.$eval('#offline', (e) => e.textContent)), 'the banner says the server does not answer');
      await settled(watcher);
      await screenshot(watcher, 'newcomer-offline-phone');
      await screenshot(player, 'newcomer-offline-desktop');

      server = await new Server(db, { port, reviewNodes: 20000 }).start();
      equal(server.url, base, 'the server again at its address');
      await Promise.all([player, watcher].map((p) => p.waitForSelector('#offline', { state: 'detached', timeout: 15_000 })));
      // the clocks: the server's (it keeps White's as at the last move), not the page's count
      await player.waitForFunction(
        async (gameId) => {
          const g = await fetch(`/api/games/${gameId}`).then((r) => r.json());
          const el = document.querySelector('.play .clock[data-color=white] .clock-time');
          const [m, s] = el.textContent.split(':').map(Number);
          return Math.abs(m * 60 + s - g.clock.white) < 1.5;
        },
        id,
        { timeout: 15_000 },
      );
      const g = await gameOf(player, id);
      const shownWhite = await clockSeconds(player, 'white');
      expect(Math.abs(shownWhite - g.clock.white) < 2, `White's clock on the page ${shownWhite} s, the server's ${g.clock.white} s`);

      // the game goes on: the player's move and the engine's reply reach the watcher by itself
      await playLegal(player);
      await waitMoves(player, 4);
      await waitMoves(watcher, 4);

      // finding 3: the start page: Continue for the player, Watch for the watcher
      const home = await newPage(DESKTOP);
      await home.goto(base + '#/');
      await home.waitForSelector(`.in-progress .game-row[data-id="${id}"] .result`);
      equal(await home.$eval(`.in-progress .game-row[data-id="${id}"] .result`, (e) => e.textContent), 'Watch', 'a device without a seat: Watch');
      // the watcher's own game first
      await watcher.goto(base + '#/');
      await watcher.click('[data-action=quick-human]');
      await watcher.waitForURL(/#\/play\/\d+$/);
      const own = Number(/#\/play\/(\d+)/.exec(watcher.url())[1]);
      await watcher.goto(base + '#/');
      await watcher.waitForSelector(`.in-progress .game-row[data-id="${id}"]`);
      equal(
        await watcher.$$eval('.in-progress .game-row', (els) => els.map((e) => [Number(e.dataset.id), e.querySelector('.result').textContent])),
        [[own, 'Continue'], [id, 'Watch']],
        'the watcher\'s games in progress, its own first',
      );
      await player.goto(base + '#/');
      await player.waitForSelector(`.in-progress .game-row[data-id="${id}"]`);
      equal(await player.$eval(`.in-progress .game-row[data-id="${id}"] .result`, (e) => e.textContent), 'Continue', 'the player: Continue');

      // finding 1: the end: the player lost, the watcher is told nothing of the kind
      await player.goto(base + `#/play/${id}`);
      await watcher.goto(base + `#/play/${id}`);
      await player.waitForSelector('[data-action=resign]');
      await player.click('[data-action=resign]');
      await player.click('dialog[open] .btn.danger');
      for (const p of [player, watcher]) await p.waitForSelector('.status-card.over[data-result="0-1"]');
      await player.waitForSelector('.status-card .personal.youLost');
      equal(await watcher.$$eval('.status-card .personal', (els) => els.length), 0, 'the watcher told "you lost"');
      // finding 2: the review card offers its review, without a "null" between the words and the button
      await player.waitForSelector('#review [data-action=start-review]');
      const card = await player.$eval('#review', (e) => e.textContent);
      expect(!/null/.test(card), `the review card says: ${card}`);
      // finding 8: the review explains itself: the chart's axes and legend, the summary's columns,
      // the engine's line; finding 6: the engine's name whole (its level with it), on a phone too
      await player.click('#review [data-action=start-review]');
      await player.waitForSelector('#review[data-status=done] .review-summary', { timeout: 60_000 });
      await watcher.reload();
      await watcher.waitForSelector('#review[data-status=done] .review-summary', { timeout: 30_000 });
      for (const p of [player, watcher]) {
        equal(await p.$$eval('.review-axis-y span', (els) => els.map((e) => e.textContent)), ['100%', '50%', '0%'], 'the chart\'s scale');
        const legendText = await p.$eval('.review-legend', (e) => e.textContent);
        expect(/White's winning chances/.test(legendText) && /50%/.test(legendText), `the chart's legend: ${legendText}`);
        const columns = await p.$eval('.review-summary-legend', (e) => e.textContent);
        expect(/Avg\. loss/.test(columns) && /average loss of winning chances/.test(columns) && /Blunders/.test(columns), `the summary's columns explained: ${columns}`);
        const engine = await p.$eval('.review-summary tr[data-colour=black] th', (e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth }));
        equal(engine, { text: 'Shashki (level 1)', cut: false }, 'the engine\'s name in the summary');
      }
      await player.click('.review-chart .chart-hit[data-ply="1"]');
      await player.waitForSelector('.review-pv');
      expect(/^The engine expects this line to follow: /.test(await player.$eval('.review-pv', (e) => e.textContent)), 'the engine\'s line says what it is');
      await settled(watcher);
      await screenshot(watcher, 'newcomer-review-phone', { fullPage: true });
      await settled(player);
      await screenshot(player, 'newcomer-review-desktop');
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
