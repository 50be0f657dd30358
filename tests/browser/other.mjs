// other.mjs - the browser tests of "More games" (web/js/other.js, other_board.js): the other
// games of a checkers set. A runner of its own, run after run.mjs, with the same harness
// (harness.mjs):
//
//   node tests/browser/other.mjs [--program build/shashki] [--only SUBSTRING] [--headed] [--times]
//
// It starts `PROGRAM serve --port 0 --db <temp file>`, drives Debian's chromium, prints
// `ok NAME` / `FAIL NAME: reason` per test and `N passed, M failed`. Tests wait for what they
// need (an element, an attribute), never for a fixed time. Screenshots of every game's board go
// to build/screenshots/other-<game>-{desktop,phone}.png (1440x900 and 360x740, the whole page).
//
// What the tests expect comes from the server (the legal moves it lists) and, for the game
// finished here, from the rules file tests/data/other/belarusian.txt (a king takes the last two
// men: "a side with no men or kings left loses").

import fs from 'node:fs';
import { DESKTOP, Failure, PHONE360, equal, expect, pageApi, run, screenshot, test } from './harness.mjs';

const WAIT = { timeout: 30_000 };

// ---------------------------------------------------------------- helpers

/** The whole page in build/screenshots/NAME.png. */
const pageShot = (page, name) => screenshot(page, name, { fullPage: true });

const gameId = (page) => Number(/#\/more\/(\d+)/.exec(page.url())[1]);

/** Wait until the game on the page has `n` moves. */
async function waitMoves(page, n) {
  try {
    await page.waitForFunction((k) => {
      const el = document.querySelector('.other-layout');
      const list = document.querySelector('.other-moves');
      return el && (list ? Number(list.dataset.count) : 0) >= k;
    }, n, WAIT);
  } catch (e) {
    const m = /#\/more\/(\d+)/.exec(page.url());
    const g = m ? (await pageApi(page, 'GET', `/api/other/games/${m[1]}`)).data : null;
    throw new Failure(`the page did not reach ${n} moves (the server has ${g ? g.history.length : '?'}, thinking ${g && g.thinking})`);
  }
}

/** Enter a legal move cell by cell, as a person would: every cell of its path; a second click
 * on the last when other moves go on from there. */
async function enterMove(page, game, move) {
  const n = game.history.length;
  if (move.kind === 'pass') {
    await page.click('[data-action=pass]');
    await waitMoves(page, n + 1);
    return;
  }
  for (const c of move.path) await page.click(`.other-board-svg [data-cell="${c}"]`);
  const goesOn = game.moves.some((m) => m.path.length > move.path.length && move.path.every((c, i) => m.path[i] === c));
  if (goesOn) {
    // the page says how to stop there (corners' jumps)
    if (move.path.length > 1) await page.waitForSelector('.other-hint:not([hidden])');
    await page.click(`.other-board-svg [data-cell="${move.path[move.path.length - 1]}"]`);
  }
  await waitMoves(page, n + 1);
}

/** Start a game from its card on #/more with these seat choices (default every seat here). */
async function startFromCard(page, base, name, seats, settings = {}) {
  await page.goto(base + '#/more');
  const card = `.other-card[data-game="${name}"]`;
  await page.waitForSelector(card);
  for (const [k, v] of Object.entries(settings)) await page.selectOption(`${card} select[data-setting="${k}"]`, v);
  if (seats) for (const [i, s] of seats.entries()) await page.selectOption(`${card} select[data-seat="${i}"]`, s);
  await page.click(`${card} [data-action=other-start]`);
  await page.waitForURL(/#\/more\/\d+$/, WAIT);
  await page.waitForSelector('.other-layout .other-board-svg [data-cell]');
  return gameId(page);
}

// ---------------------------------------------------------------- the tests

test('more: the section is in the navigation and lists every game in English and Russian, its settings as controls', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/');
  await page.click('a.nav-link[data-nav=more]');
  await page.waitForSelector('.other-card[data-game]');
  const list = (await pageApi(page, 'GET', '/api/other')).data;
  expect(list.games.length === 8, `8 games listed, not ${list.games.length}`);
  for (const g of list.games) {
    const card = page.locator(`.other-card[data-game="${g.name}"]`);
    const title = await card.locator('.card-title').textContent();
    expect(title.includes(g.title_en) && title.includes(g.title_ru), `${g.name}: its titles in the card (${title})`);
    equal(await card.locator('select[data-setting]').count(), g.settings.length, `${g.name}: a control per setting`);
    equal(await card.locator('select[data-seat]').count(), g.players, `${g.name}: a seat per player`);
    for (const s of g.settings)
      equal(await card.locator(`select[data-setting="${s.key}"]`).inputValue(), s.default, `${g.name}: ${s.key} starts at its default`);
  }
  expect(await page.locator('.other-card[data-game=chapaev] a[href="#/chapaev"]').count() === 1, 'Chapaev is linked');
  await pageShot(page, 'other-list-desktop');
  // Chapaev's page (otherb's chapaev.js) opens from the section, which stays the current one
  await page.click('.other-card[data-game=chapaev] [data-action=chapaev]');
  await page.waitForSelector('.chapaev-board');
  equal(await page.getAttribute('a.nav-link[data-nav=more]', 'aria-current'), 'page', 'Chapaev is under More games');
  const phone = await newPage(PHONE360);
  await phone.goto(base + '#/more');
  await phone.waitForSelector('.other-card[data-game]');
  await pageShot(phone, 'other-list-phone');
});

test('more: a few moves of every game at one board, entered cell by cell; each board photographed', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/more');
  const list = (await pageApi(page, 'GET', '/api/other')).data;
  for (const g of list.games) {
    const id = await startFromCard(page, base, g.name);
    const players = g.players;
    // the pieces drawn are the server's, by kind and owner
    let game = (await pageApi(page, 'GET', `/api/other/games/${id}`)).data;
    equal(await page.locator('.other-board-svg [data-cell]').count(), game.board.cells.length, `${g.name}: every cell drawn`);
    equal(await page.locator('.other-board-svg .piece').count(), game.pieces.filter(Boolean).length, `${g.name}: every piece drawn`);
    for (const kind of new Set(game.pieces.filter(Boolean).map((p) => p.kind)))
      expect((await page.locator(`.other-board-svg .piece[data-kind="${kind}"]`).count()) > 0, `${g.name}: ${kind} pieces drawn`);
    // a round of moves: every player moves at least once
    for (let k = 0; k < players + 1; k++) {
      game = (await pageApi(page, 'GET', `/api/other/games/${id}`)).data;
      if (game.status !== 'playing') break;
      equal(await page.getAttribute('.other-turn', 'data-to-move'), String(game.to_move), `${g.name}: the turn shown`);
      const move = game.moves[(k * 7) % game.moves.length];
      await enterMove(page, game, move);
      const after = (await pageApi(page, 'GET', `/api/other/games/${id}`)).data;
      const played = after.history[after.history.length - 1];
      equal(played.path, move.path, `${g.name}: move ${k + 1} is the one entered`);
    }
    equal(await page.locator('.other-moves li').count(), game.history.length + 1, `${g.name}: the moves are listed`);
    await pageShot(page, `other-${g.name}-desktop`);
    const phone = await newPage(PHONE360);
    await phone.goto(base + `#/more/${id}`);
    await phone.waitForSelector('.other-board-svg [data-cell]');
    // the whole board is on a phone's screen, not wider than it
    const box = await phone.locator('.other-board-svg').boundingBox();
    expect(box.x >= 0 && box.x + box.width <= PHONE360.width + 1, `${g.name}: the board fits the phone (${box.x}+${box.width})`);
    await pageShot(phone, `other-${g.name}-phone`);
    await phone.close();
  }
});

test('more: against the engine, and three- and four-player games with engine seats', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  for (const [name, seats] of [['corners', ['here', 'engine']], ['novgorod', ['here', 'engine', 'engine']], ['neva', ['here', 'engine', 'here', 'engine']]]) {
    const id = await startFromCard(page, base, name, seats);
    let game = (await pageApi(page, 'GET', `/api/other/games/${id}`)).data;
    equal(game.seats.map((s) => s.seat), seats.map((s) => (s === 'engine' ? 'engine' : 'taken')), `${name}: the seats`);
    await enterMove(page, game, game.moves[0]);
    // the engine's seats answer by themselves; the page hears it on its event stream
    const next = seats.slice(1).indexOf('here');
    const want = next < 0 ? seats.length : next + 1; // up to the next person's turn
    await waitMoves(page, want);
    game = (await pageApi(page, 'GET', `/api/other/games/${id}`)).data;
    for (let i = 1; i < want; i++) equal(game.history[i].player, i, `${name}: ply ${i + 1} is player ${i}'s (the engine's)`);
    expect(game.seats[game.to_move].seat !== 'engine' || game.status !== 'playing', `${name}: back to a person`);
    await page.waitForSelector('.other-turn');
    await pageShot(page, `other-${name}-engine-desktop`);
  }
});

test('more: across devices: the second player joins with the code, each sees the other\'s moves', async ({ base, newPage }) => {
  const a = await newPage(DESKTOP);
  const id = await startFromCard(a, base, 'pskov', ['here', 'code']);
  const code = await a.getAttribute('.other-code[data-player="1"]', 'data-code');
  expect(/^[A-Z0-9]{6}$/.test(code || ''), `a join code is shown (${code})`);
  const b = await newPage(PHONE360);
  // the club's join link (/j/CODE) leads to the draughts join page, which hands the code on
  await b.goto(base + `j/${code}`);
  await b.waitForURL(new RegExp(`#/more/${id}$`), WAIT);
  await b.waitForSelector('.other-players-list li[data-player="1"] .badge');
  let game = (await pageApi(a, 'GET', `/api/other/games/${id}`)).data;
  equal(game.seats.map((s) => s.seat), ['taken', 'taken'], 'both seats taken');
  // b may not move for White: 403 with what it needs
  const refused = await pageApi(b, 'POST', `/api/other/games/${id}/moves`, { move: game.moves[0].text });
  equal([refused.status, refused.data.error.needs], [403, 'seat:white'], 'the second device may not move White');
  await enterMove(a, game, game.moves[0]);
  await waitMoves(b, 1);
  game = (await pageApi(b, 'GET', `/api/other/games/${id}`)).data;
  await enterMove(b, game, game.moves[0]);
  await waitMoves(a, 2);
  await pageShot(b, 'other-pskov-devices-phone');
});

test('more: a short game finished on the board, its result and its record exported', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/more');
  // tests/data/other/belarusian.txt: the king on a1 takes f4... the men on c3 and f4 with
  // a1:e5:g3 or a1:e5:h2, and Black has nothing left: White wins
  const created = await pageApi(page, 'POST', '/api/other/games', { game: 'belarusian', position: '8/8/8/8/5b2/2b5/8/W7 w 0' });
  equal(created.status, 201, 'a game from a position');
  await page.goto(base + `#/more/${created.data.id}`);
  await page.waitForSelector('.other-board-svg [data-cell]');
  const move = created.data.moves.find((m) => m.text === 'a1:e5:g3');
  expect(move, 'a1:e5:g3 is legal');
  await enterMove(page, created.data, move);
  await page.waitForSelector('.other-result', WAIT);
  equal(await page.getAttribute('.other-result', 'data-result'), '1-0', 'the result shown');
  const game = (await pageApi(page, 'GET', `/api/other/games/${created.data.id}`)).data;
  equal([game.status, game.result.winner], ['finished', 0], 'White has won');
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('[data-action=export]')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  for (const tag of ['[GameType "belarusian"]', '[Variant "belarusian"]', '[SetUp "1"]', '8/8/8/8/5b2/2b5/8/W7 w 0', '[Result "1-0"]', '1. a1:e5:g3 1-0'])
    expect(text.includes(tag), `the record has ${tag}:\n${text}`);
  await pageShot(page, 'other-finished-desktop');
});

test('more: the list and a game in Russian', async ({ base, newPage }) => {
  const page = await newPage(PHONE360);
  await page.goto(base + '#/more');
  await page.waitForSelector('.other-card[data-game]');
  await page.click('[data-lang=ru]');
  await page.waitForSelector('a.nav-link[data-nav=more]');
  expect((await page.textContent('a.nav-link[data-nav=more]')).includes('Другие игры'), 'the section\'s name in Russian');
  await pageShot(page, 'other-list-ru-phone');
});

// ---------------------------------------------------------------- running

// a page's wait without a bound of its own: 15 s here
run({ label: 'other', timeout: 15_000 });
