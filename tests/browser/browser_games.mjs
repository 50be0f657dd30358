// browser_games.mjs - casual games against the engine in the browser (issue 33; docs/wasm.md
// "Games against the engine"): the new-game dialog runs them in the browser by default, in the
// game view the server's games use, with the server's clock, take-back, draw offers, ballots,
// verdicts and PDN; the player may choose the server; a browser that cannot load the engine
// plays them on the server; games between people (rated ones among them) stay on the server.
// Each test has a server of its own (its archive counted).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, Server, api, enterMove, equal, expect, newGame, screenshot, settled, test } from './harness.mjs';

async function ownServer(fn) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-browser-games-'));
  const server = new Server(path.join(tmp, 'games.db'));
  await server.start();
  try {
    await fn(server.url);
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The game of the page (#/local/ID) as the browser answers it: a Game as the server's. */
async function localGame(page) {
  return page.evaluate(async () => {
    const { browserGames } = await import('/js/browser_game.js');
    return browserGames.game(decodeURIComponent(location.hash.split('/')[2]));
  });
}

/** The games in the server's archive. */
async function serverGames(base) {
  const r = await api(base, 'GET', '/api/games');
  return r.data.games || r.data;
}

/** Seconds a clock of the page shows ("2:58" -> 178). */
async function clockSeconds(page, colour) {
  const text = await page.textContent(`.play .clock[data-color=${colour}] .clock-time`);
  const parts = text.split(':').map(Number);
  return parts.reduce((a, p) => a * 60 + p, 0);
}

/** The person's move when the board takes it: the first legal one (or choose's); resolves when
 *  the engine has answered or the game has ended. */
async function personMoves(page, choose = (legal) => legal[0]) {
  await page.waitForSelector('.play[data-status=finished], .play .board-svg.interactive');
  const g = await localGame(page);
  if (g.status !== 'playing') return null;
  const move = choose(g.position.legal);
  await enterMove(page, move);
  await page.waitForFunction((n) => {
    const play = document.querySelector('.play');
    return play.dataset.status === 'finished' || (Number(play.dataset.ply) >= n + 2 && document.querySelector('.play .board-svg.interactive'));
  }, g.moves.length);
  return move;
}

export function browserGameTests() {
  test('browser game: the dialog plays a casual game in the browser with a clock, a declined draw offer, a take-back, to its end', async ({ newPage }) => {
    await ownServer(async (base) => {
      const page = await newPage(DESKTOP);
      // the dialog's default: in this browser, and it says so
      await page.goto(base + '#/');
      await page.click('[data-action=new-game]');
      await page.waitForSelector('dialog[open] form.newgame[data-engine-at=browser]');
      expect(await page.isChecked('input[name=engineAt][value=browser]'), 'in the browser by default');
      expect(/in this browser/.test(await page.textContent('#ng-engine-where')), 'the dialog says the game runs in the browser');
      await page.click('label.seg:has(input[name=opponent][value=human])');
      expect(!(await page.isVisible('.ng-engine-at')), 'no choice of place for a game between people');
      await page.keyboard.press('Escape');

      // White's two men against Black's three and a king: the engine (Black, level 2) wins
      await newGame(page, base, { opponent: 'engine', level: 2, color: 'white', name: 'Anna', time: '3m+2s', fen: 'W:Wc1,e1:Bb6,d6,f6,Kh8', engineAt: 'browser' });
      await page.waitForSelector('.play[data-status=playing] .board-svg.interactive');
      equal((await serverGames(base)).length, 0, 'games on the server');
      // the clock: the person's runs from the start, as on the server
      await page.waitForSelector('.play .clock[data-color=white].running');
      await page.waitForFunction(() => document.querySelector('.play .clock[data-color=white] .clock-time').textContent !== '3:00');
      equal(await clockSeconds(page, 'black'), 180, 'the engine\'s clock before its first move');

      // a draw offered with the move: the engine, winning, declines by moving
      await page.click('[data-action=offer-draw]');
      await page.waitForSelector('[data-action=offer-draw][aria-pressed=true]');
      await personMoves(page);
      let g = await localGame(page);
      equal(g.status, 'playing', 'the game after a draw offered to a winning engine');
      equal(g.draw_offer, null, 'the offer declined by the engine\'s move');
      equal(g.moves.length, 2, 'moves after the offer');
      expect(g.clock.black > 180 - 60 && g.clock.black <= 182, `the engine's clock charged with the increment: ${g.clock.black}`);
      expect(g.clock.white <= 182, `the person's clock: ${g.clock.white}`);

      // the take-back: back to the person's turn before the move, the clocks as they were
      await page.click('[data-action=undo]');
      await page.waitForSelector('.play[data-ply="0"] .board-svg.interactive');
      g = await localGame(page);
      equal(g.moves.length, 0, 'moves after the take-back');
      equal(g.clock.black, 180, 'the engine\'s clock after the take-back');

      // the start page lists it among the games in progress ("Continue"), and it opens again
      // as it was, the person's clock still running from the time kept
      const white = g.clock.white;
      await page.goto(base + '#/');
      await page.waitForSelector('.in-progress .game-row[href^="#/local/b"]');
      expect(/Continue/.test(await page.textContent('.in-progress .game-row[href^="#/local/b"]')), 'the browser\'s game to continue');
      await page.click('.in-progress .game-row[href^="#/local/b"]');
      await page.waitForSelector('.play[data-ply="0"] .board-svg.interactive');
      g = await localGame(page);
      expect(g.clock.running === 'white' && g.clock.white < white, `the clock ran on: ${white} -> ${g.clock.white}`);

      // played to its end: the arbiter's verdict in the game's words
      for (let i = 0; i < 40; i++) if (!(await personMoves(page))) break;
      await page.waitForSelector('.play[data-status=finished]');
      g = await localGame(page);
      equal(g.result, '0-1', 'the result of the game in the browser');
      expect(/White has no (pieces|move)/.test(g.reason), `the verdict: ${g.reason}`);
      expect(g.clock && g.clock.running === null, 'the clocks stopped at the end');
      await page.waitForSelector('#game-status [data-reason]');
      await page.waitForSelector('.play .clock.running', { state: 'detached' });
      const pdn = decodeURIComponent((await page.getAttribute('[data-action=pdn]', 'href')).split(',')[1]);
      expect(/\[TimeControl "180\+2"\]/.test(pdn) && /\[Result "0-1"\]/.test(pdn) && /\[White "Anna"\]/.test(pdn), `the PDN download: ${pdn}`);
      await settled(page);
      await screenshot(page, 'browser-game-desktop');

      // offered to the server's archive, as games played offline are
      await page.waitForSelector('[data-action=store-offline]');
      await page.click('[data-action=store-offline]');
      await page.waitForFunction(() => /Stored 1 games/.test(document.getElementById('offline-games').textContent));
      const stored = await serverGames(base);
      equal(stored.length, 1, 'games in the archive');
      equal(stored[0].result, '0-1', 'the stored game\'s result');
    });
  });

  test('browser game: a draw offered to a losing engine is accepted; a ballot\'s moves; the flag falls by the clock', async ({ newPage }) => {
    await ownServer(async (base) => {
      const page = await newPage(DESKTOP);
      // six men against one: the engine accepts the offer made with the move
      await newGame(page, base, { opponent: 'engine', level: 3, color: 'white', time: '5m+3s', fen: 'W:Wa1,c1,e1,g1,b2,d2:Bh6', engineAt: 'browser' });
      await page.click('[data-action=offer-draw]');
      await personMoves(page);
      await page.waitForSelector('.play[data-status=finished]');
      let g = await localGame(page);
      equal(g.result, '1/2-1/2', 'the result of a draw accepted by the engine');
      equal(g.reason_code, 'agreement', 'the reason of the draw');
      await page.waitForSelector('#game-status [data-reason=agreement]');

      // a ballot (Russian match openings): its three moves played, the engine (Black) to move on
      await newGame(page, base, { opponent: 'engine', level: 1, color: 'white', opening: 'IDF 1-I', engineAt: 'browser' });
      await page.waitForSelector('.play[data-ply="4"] .board-svg.interactive');
      g = await localGame(page);
      equal(g.opening, 'IDF 1-I', 'the ballot of the game');
      equal(g.moves.slice(0, 3).map((m) => m.move.notation).join(' '), 'c3-d4 b6-a5 d4-c5', 'the ballot\'s moves');
      expect(g.moves[2].opening && !g.moves[3].opening, 'the ballot\'s moves marked');
      // the take-back goes back to the person's turn (as the server's: not into the ballot, nor
      // past the engine's first move)
      const reply = g.moves[3].move.notation;
      await personMoves(page);
      await page.click('[data-action=undo]');
      await page.waitForSelector('.play[data-ply="4"] .board-svg.interactive');
      g = await localGame(page);
      equal(g.moves.length, 4, 'moves after the take-back');
      equal(g.moves[3].move.notation, reply, 'the engine\'s first move kept');
      await page.click('[data-action=undo]');
      await page.waitForSelector('.toast');
      expect(/no move to take back/.test(await page.textContent('.toast')), 'nothing more to take back');
      equal(g.moves.slice(0, 3).map((m) => m.move.notation).join(' '), 'c3-d4 b6-a5 d4-c5', 'the ballot\'s moves after a take-back');
      expect(/Opening IDF 1-I/.test(await page.textContent('#game-status .meta')), 'the ballot shown');

      // the flag: five seconds for the game, the person does not move
      await newGame(page, base, { opponent: 'engine', level: 1, color: 'white', time: '5s', engineAt: 'browser' });
      await page.waitForSelector('.play[data-status=finished]', { timeout: 30_000 });
      g = await localGame(page);
      equal(g.result, '0-1', 'the result when White\'s flag falls');
      equal(g.reason_code, 'time', 'the reason');
      equal(await page.getAttribute('#game-status [data-reason]', 'data-reason'), 'time', 'the verdict shown');
      equal((await serverGames(base)).length, 0, 'games on the server');
    });
  });

  test('browser game: "on the server" chosen, a browser without the engine, and games between people go to the server', async ({ newPage }) => {
    await ownServer(async (base) => {
      // the player's choice, kept for the next dialog
      const page = await newPage(DESKTOP);
      await newGame(page, base, { opponent: 'engine', level: 1, color: 'white', engineAt: 'server' });
      await page.waitForSelector('.play[data-status=playing]');
      equal((await serverGames(base)).length, 1, 'games on the server after "on the server"');
      await page.goto(base + '#/');
      await page.click('[data-action=new-game]');
      await page.waitForSelector('dialog[open] form.newgame[data-engine-at=server]');
      expect(await page.isChecked('input[name=engineAt][value=server]'), 'the choice kept');
      expect(/on the server/.test(await page.textContent('#ng-engine-where')), 'the dialog says the server');
      await page.keyboard.press('Escape');

      // the module does not load: the dialog says so and the game is the server's (no service
      // worker: it would fetch the module past the page's routes)
      const bare = await newPage(DESKTOP, { serviceWorkers: 'block' });
      await bare.route('**/wasm/shashki.wasm*', (route) => route.abort());
      await bare.goto(base + '#/');
      await bare.click('[data-action=new-game]');
      await bare.waitForSelector('dialog[open] form.newgame[data-engine-at=server]');
      await bare.waitForFunction(() => /cannot run the engine/.test(document.getElementById('ng-engine-where').textContent));
      expect(!(await bare.isVisible('label.seg:has(input[name=engineAt][value=browser])')), 'no browser choice without the engine');
      await bare.click('[data-action=create]');
      await bare.waitForURL(/#\/play\/\d+$/);
      equal((await serverGames(base)).length, 2, 'games on the server after the fallback');

      // a game between people (the only rated kind: accounts.mjs plays one) is the server's
      await newGame(page, base, { opponent: 'human', where: 'here' });
      equal((await serverGames(base)).length, 3, 'games on the server after a game between people');
      // correspondence is the server's too, whatever the choice
      await page.goto(base + '#/');
      await page.click('[data-action=new-game]');
      await page.click('label.seg:has(input[name=opponent][value=engine])');
      await page.click('label.seg:has(input[name=engineAt][value=browser])');
      await page.selectOption('#ng-time', 'custom');
      await page.fill('#ng-time-text', '3d');
      await page.waitForSelector('dialog[open] form.newgame[data-engine-at=server]');
      expect(/Correspondence/.test(await page.textContent('#ng-engine-where')), 'the dialog says correspondence is the server\'s');
    });
  });

  test('browser game: other draughts games in the browser (English: Black first; international on 50 squares), opened by address', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    for (const [variant, first] of [['english', 1], ['international', 0]]) {
      // the engine plays Black: in English it moves first
      await page.goto(`${base}#/local?variant=${variant}&level=1&color=white&time=${encodeURIComponent('5m+3s')}`);
      await page.waitForURL(/#\/local\/b\w+$/);
      await page.waitForSelector(`.play[data-variant=${variant}][data-ply="${first}"] .board-svg.interactive`);
      await personMoves(page);
      const g = await localGame(page);
      equal(g.moves.length, first + 2, `${variant}: moves after the person's and the engine's`);
      equal(g.variant, variant, 'the game');
      expect(g.clock.running === 'white' && g.clock.black < 300 + 3 * (first + 1), `${variant}: the clocks ${JSON.stringify(g.clock)}`);
    }
    await settled(page);
    await screenshot(page, 'browser-game-international-desktop');
  });
}
