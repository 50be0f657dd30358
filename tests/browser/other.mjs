// other.mjs - the browser tests of the other games of a checkers set (corners, go-ban,
// Belarusian, Wiegman's, Stavropol, Pskov, Novgorod, Neva): More games' catalogue
// (web/js/other.js) and their games in the game view (game.js, on other_board.js's board of
// cells). A runner of its own, run after run.mjs, with the same harness (harness.mjs):
//
//   node tests/browser/other.mjs [--program build/shashki] [--only SUBSTRING] [--headed] [--times]
//
// It starts `PROGRAM serve --port 0 --db <temp file>`, drives Debian's chromium, prints
// `ok NAME` / `FAIL NAME: reason` per test and `N passed, M failed`. Tests wait for what they
// need (an element, an attribute), never for a fixed time. Screenshots of every game's board go
// to build/screenshots/other-<game>-{desktop,phone}.png (1440x900 and 360x740, the whole page).
//
// What the tests expect comes from the server (/api/variants, the legal moves it lists) and,
// for the game finished here, from the rules file tests/data/other/belarusian.txt (a king takes
// the last two men: "a side with no men or kings left loses").

import fs from 'node:fs';
import { DESKTOP, PHONE360, enterMove, equal, expect, gameIdOf, gameOf, newGame, pageApi, playLegal, run, screenshot, settled, test, waitMoves } from './harness.mjs';

const WAIT = { timeout: 30_000 };

/** The whole page in build/screenshots/NAME.png. */
const pageShot = async (page, name) => {
  await settled(page);
  await screenshot(page, name, { fullPage: true });
};

/** The other games, as the server lists them. */
async function otherGames(page) {
  return (await pageApi(page, 'GET', '/api/variants')).data.variants.filter((v) => v.family === 'other');
}

/** Every seat of a game on this device: at one board. */
function atOneBoard(v) {
  return v.players > 2 ? { seats: v.colours.map(() => 'here') } : { opponent: 'human', where: 'here' };
}

// ---------------------------------------------------------------- the tests

test('more: the catalogue lists every other game in English and Russian, its players and its settings; Chapaev is linked', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/');
  await page.click('a.nav-link[data-nav=more]');
  await page.waitForSelector('.other-card[data-game]');
  const games = await otherGames(page);
  expect(games.length === 8, `8 other games listed by the server, not ${games.length}`);
  equal(await page.$$eval('.other-card[data-game]:not([data-game=chapaev])', (cs) => cs.map((c) => c.dataset.game)), games.map((g) => g.name), 'a card per game, in the server\'s order');
  for (const g of games) {
    const card = page.locator(`.other-card[data-game="${g.name}"]`);
    const title = await card.locator('.card-title').textContent();
    expect(title.includes(g.title) && title.includes(g.title_ru), `${g.name}: its titles in the card (${title})`);
    equal(await card.locator('.other-players .other-swatch').count(), g.players, `${g.name}: a swatch per player`);
    equal(await card.locator('.other-setting').count(), g.settings.length, `${g.name}: every setting listed`);
    for (const s of g.settings) {
      equal(await card.locator(`.other-setting[data-setting="${s.key}"] .setting-value.default`).textContent(), s.default, `${g.name}: ${s.key}'s default marked`);
      equal(await card.locator(`.other-setting[data-setting="${s.key}"] .setting-value`).count(), s.values.length, `${g.name}: ${s.key}'s values`);
    }
  }
  expect(await page.locator('.other-card[data-game=chapaev] a[href="#/chapaev"]').count() === 1, 'Chapaev is linked');
  await page.click('.other-card[data-game=corners] details summary');
  await pageShot(page, 'other-list-desktop');
  // a card's Play opens the new-game dialog on its game, its settings as controls
  await page.click('[data-action=other-play][data-game=novgorod]');
  await page.waitForSelector('dialog[open] form.newgame[data-players="3"]');
  equal(await page.inputValue('#ng-variant'), 'novgorod', 'the dialog opens on the card\'s game');
  const novgorod = games.find((g) => g.name === 'novgorod');
  for (const s of novgorod.settings) equal(await page.inputValue(`dialog[open] select[data-setting="${s.key}"]`), s.default, `novgorod: ${s.key} starts at its default`);
  equal(await page.locator('dialog[open] select[data-seat]').count(), 3, 'a seat per player');
  await page.click('dialog[open] .dialog-actions .btn:not(.primary)');
  // Chapaev's page opens from the section, which stays the current one
  await page.click('.other-card[data-game=chapaev] [data-action=chapaev]');
  await page.waitForSelector('.chapaev-board');
  equal(await page.getAttribute('a.nav-link[data-nav=more]', 'aria-current'), 'page', 'Chapaev is under More games');
  const phone = await newPage(PHONE360);
  await phone.goto(base + '#/more');
  await phone.waitForSelector('.other-card[data-game]');
  await pageShot(phone, 'other-list-phone');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
});

test('more: a few moves of every game at one board, entered cell by cell in the game view; each board photographed', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/more');
  for (const v of await otherGames(page)) {
    const id = await newGame(page, base, { variant: v.name, from: 'more', ...atOneBoard(v) });
    await page.waitForSelector('.play .other-board-svg .cell');
    let game = await gameOf(page, id);
    equal([game.variant, game.family, game.players.length], [v.name, 'other', v.players], `${v.name}: the game made`);
    // the cells and pieces drawn are the server's, by kind and owner
    equal(await page.locator('.other-board-svg .cell[data-cell]').count(), game.geometry.cells.length, `${v.name}: every cell drawn`);
    const units = game.position.units.filter(Boolean);
    equal(await page.locator('.other-board-svg .piece').count(), units.length, `${v.name}: every piece drawn`);
    for (const kind of new Set(units.map((u) => u.kind))) expect((await page.locator(`.other-board-svg .piece[data-kind="${kind}"]`).count()) > 0, `${v.name}: ${kind} pieces drawn`);
    for (const owner of new Set(units.map((u) => u.owner))) expect((await page.locator(`.other-board-svg .piece[data-owner="${owner}"]`).count()) > 0, `${v.name}: ${owner}'s pieces drawn`);
    // every player in the panel, in the game's order
    const panel = v.players > 2 ? '.players-card .player' : '.player';
    const shown = await page.$$eval(panel, (els) => els.map((e) => e.dataset.color));
    equal(shown.slice().sort(), v.colours.slice().sort(), `${v.name}: every player in the panel`);
    // a round of moves: every player moves at least once
    for (let k = 0; k < v.players + 1; k++) {
      game = await gameOf(page, id);
      if (game.status !== 'playing') break;
      equal(await page.getAttribute('.play', 'data-to-move'), game.position.side, `${v.name}: the player to move shown`);
      const move = await playLegal(page, (legal) => legal[(k * 7) % legal.length]);
      const after = await gameOf(page, id);
      equal(after.moves[after.moves.length - 1].move.notation, move.notation, `${v.name}: move ${k + 1} is the one entered`);
    }
    game = await gameOf(page, id);
    equal(await page.locator('.movelist .move[data-ply]').count(), game.moves.length, `${v.name}: the moves are listed`);
    equal(await page.$$eval('.movelist .move[data-ply]', (els) => els.map((e) => e.textContent)), game.moves.map((m) => m.move.short), `${v.name}: in the game's notation`);
    // the cells' names stay in sight: a square cell's in its corner; a hex cell's on the empty
    // cells, and over everything for the cell under the pointer
    const hex = game.geometry.cells.some((c) => c.shape !== 'square');
    const named = await page.$$eval('.other-board-svg .cell-names text[data-name]', (els) => els.map((e) => e.dataset.name));
    const empty = game.geometry.cells.filter((c, i) => !game.position.units[i]).map((c) => c.name);
    if (hex) equal(named.slice().sort(), empty.slice().sort(), `${v.name}: the empty hex cells named`);
    else equal(named.length, game.geometry.cells.length, `${v.name}: every square cell named`);
    const occupied = game.geometry.cells.find((c, i) => game.position.units[i]);
    await page.hover(`.other-board-svg .cell[data-name="${occupied.name}"]`);
    await page.waitForSelector(`.other-board-svg .hover-name[data-name="${occupied.name}"]`);
    await pageShot(page, `other-${v.name}-desktop`);
    const phone = await newPage(PHONE360);
    await phone.goto(base + `#/play/${id}`);
    await phone.waitForSelector('.other-board-svg .cell[data-cell]');
    // the whole board is on a phone's screen, not wider than it
    const box = await phone.locator('.other-board-svg').boundingBox();
    expect(box.x >= 0 && box.x + box.width <= PHONE360.width + 1, `${v.name}: the board fits the phone (${box.x}+${box.width})`);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `${v.name}: the phone page scrolls sideways by ${overflow}px`);
    await pageShot(phone, `other-${v.name}-phone`);
    await phone.context().close();
  }
});

test('more: against the engine, and three- and four-player games with engine seats', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  for (const [name, o] of [
    ['corners', { opponent: 'engine', level: 1, color: 'white' }],
    ['novgorod', { seats: ['here', 'engine', 'engine'] }],
    ['neva', { seats: ['here', 'engine', 'here', 'engine'] }],
  ]) {
    const id = await newGame(page, base, { variant: name, ...o });
    let game = await gameOf(page, id);
    const seats = o.seats || ['here', 'engine'];
    equal(game.players.map((p) => p.seat), seats.map((s) => (s === 'engine' ? 'engine' : 'taken')), `${name}: the seats`);
    equal(await page.$$eval('.player[data-seat=engine]', (els) => els.length), seats.filter((s) => s === 'engine').length, `${name}: the engine's players shown`);
    await playLegal(page);
    // the engine's seats answer by themselves; the page hears it on its event stream
    const next = seats.slice(1).indexOf('here');
    const want = next < 0 ? seats.length : next + 1; // up to the next person's turn
    await waitMoves(page, want);
    game = await gameOf(page, id);
    for (let i = 1; i < want; i++) equal(game.moves[i].move.side, game.players[i].colour, `${name}: ply ${i + 1} is ${game.players[i].colour}'s (the engine's)`);
    expect(game.seats[game.position.side] !== 'engine' || game.status !== 'playing', `${name}: back to a person`);
    await page.waitForSelector('.play .other-board-svg.interactive', WAIT);
    await pageShot(page, `other-${name}-engine-desktop`);
  }
});

test('more: across devices: the second player joins with the code, each sees the other\'s moves', async ({ base, newPage }) => {
  const a = await newPage(DESKTOP);
  const id = await newGame(a, base, { variant: 'pskov', opponent: 'human', where: 'devices', seat: 'white' });
  await a.waitForSelector('.seat-open[data-color=black] .seat-code');
  const code = await a.getAttribute('.seat-open[data-color=black]', 'data-code');
  expect(/^[A-Z0-9]{6}$/.test(code || ''), `a join code is shown (${code})`);
  const b = await newPage(PHONE360);
  // the club's join link (/j/CODE) leads to the join page, which opens the game
  await b.goto(base + `j/${code}`);
  await b.waitForURL(new RegExp(`#/play/${id}$`), WAIT);
  await b.waitForSelector('.player.bottom[data-color=black]');
  let game = await gameOf(a, id);
  equal(game.players.map((p) => p.seat), ['taken', 'taken'], 'both seats taken');
  // b may not move for White: 403 with what it needs
  const refused = await pageApi(b, 'POST', `/api/games/${id}/moves`, { move: game.position.legal[0].notation });
  equal([refused.status, refused.data.error.needs], [403, 'seat:white'], 'the second device may not move White');
  await playLegal(a);
  await waitMoves(b, 1);
  await playLegal(b);
  await waitMoves(a, 2);
  game = await gameOf(b, id);
  equal(game.moves.map((m) => m.move.side), ['white', 'black'], 'each played its own side');
  await pageShot(b, 'other-pskov-devices-phone');
  // More games' old addresses lead to the game view and the join page
  await b.goto(base + `#/more/${id}`);
  await b.waitForURL(new RegExp(`#/play/${id}$`), WAIT);
  await b.goto(base + '#/more/join/ZZZZZZ');
  await b.waitForURL(/#\/join\/ZZZZZZ$/, WAIT);
  await b.waitForSelector('.join-error');
});

test('more: a short game finished on the board, its result and its record exported', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/more');
  // tests/data/other/belarusian.txt: the king on a1 takes the men on c3 and f4 with a1:e5:g3
  // or a1:e5:h2, and Black has nothing left: White wins
  const created = await pageApi(page, 'POST', '/api/games', { variant: 'belarusian', position: '8/8/8/8/5b2/2b5/8/W7 w 0', opponent: 'human' });
  equal(created.status, 201, 'a game from a position');
  const id = created.data.id;
  await page.goto(base + `#/play/${id}`);
  await page.waitForSelector('.play .other-board-svg.interactive');
  const move = created.data.position.legal.find((m) => m.notation === 'a1:e5:g3');
  expect(move, 'a1:e5:g3 is legal');
  await enterMove(page, move, created.data.position.legal);
  await page.waitForSelector('.status-card.over', WAIT);
  equal(await page.getAttribute('.status-card', 'data-result'), '1-0', 'the result shown');
  const game = await gameOf(page, id);
  equal([game.status, game.winner], ['finished', 'white'], 'White has won');
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('[data-action=pdn]')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  for (const tag of ['[GameType "belarusian"]', '[Variant "belarusian"]', '[SetUp "1"]', '8/8/8/8/5b2/2b5/8/W7 w 0', '[Result "1-0"]', 'a1:e5:g3 1-0'])
    expect(text.includes(tag), `the record has ${tag}:\n${text}`);
  await pageShot(page, 'other-finished-desktop');
});

test('more: the catalogue and a game in Russian', async ({ base, newPage }) => {
  const page = await newPage(PHONE360);
  await page.goto(base + '#/more');
  await page.waitForSelector('.other-card[data-game]');
  await page.click('[data-lang=ru]');
  await page.waitForFunction(() => document.querySelector('a.nav-link[data-nav=more]').textContent.includes('Другие игры'));
  expect((await page.textContent('.other-card[data-game=neva] .other-players')).includes('4 игрока'), 'the players in Russian');
  await pageShot(page, 'other-list-ru-phone');
  const { data: g } = await pageApi(page, 'POST', '/api/games', { variant: 'novgorod', players: [{ seat: 'here' }, { seat: 'here' }, { seat: 'here' }] });
  await page.goto(base + `#/play/${g.id}`);
  await page.waitForSelector('.play .other-board-svg.interactive');
  expect((await page.textContent('.status-card')).includes('Ход белых'), 'whose move, in Russian');
  equal(await page.$$eval('.players-card .player .name', (els) => els.map((e) => e.textContent)), ['Белые', 'Чёрные', 'Красные'], 'the players named in Russian');
  await playLegal(page);
  await page.waitForFunction(() => document.querySelector('.status-card').textContent.includes('Ход чёрных'));
  await pageShot(page, 'other-novgorod-ru-phone');
  expect(gameIdOf(page) === g.id, 'the game stays open');
});

test('more: the arbiter\'s tools in a game of three: a seat opened again with a new code, a point given to one player, then shared, the game deleted', async ({ base, newPage }) => {
  // no password: the server's own machine is the arbiter
  const page = await newPage(DESKTOP);
  const id = await newGame(page, base, { variant: 'novgorod', seats: ['here', 'code', 'here'] });
  await page.waitForSelector('.arbiter-tools');
  await page.waitForSelector('.seat-open[data-color=black]');
  const code = await page.getAttribute('.seat-open[data-color=black]', 'data-code');
  const other = await newPage(PHONE360);
  await other.goto(base + `#/join/${code}`);
  await other.waitForURL(new RegExp(`#/play/${id}$`), WAIT);
  // a device holding Black's seat is lost: the arbiter opens the seat again, with a new code
  await page.waitForSelector('[data-action=free-seat][data-color=black]');
  await page.click('[data-action=free-seat][data-color=black]');
  await page.click('dialog[open] .btn.danger');
  await page.waitForSelector('.seat-open[data-color=black]');
  const fresh = await page.getAttribute('.seat-open[data-color=black]', 'data-code');
  expect(fresh && fresh !== code, `a new code (${fresh}, was ${code})`);
  equal((await gameOf(other, id)).you, [], 'the old device holds no seat');
  // the result: the choices of three players, a point to Red
  await page.click('[data-action=set-result]');
  await page.waitForSelector('dialog[open] #result-select');
  equal(await page.$$eval('#result-select option', (os) => os.map((o) => o.value)), ['1-0-0', '0-1-0', '0-0-1', '1/3-1/3-1/3'], 'a point to each player, or shared');
  await page.selectOption('#result-select', '0-0-1');
  await page.fill('#result-note', 'Red was ahead');
  await page.click('[data-action=result-submit]');
  await page.waitForSelector('.status-card.over[data-result="0-0-1"]');
  for (const p of [page, other]) await p.waitForFunction(() => /Red wins/.test(document.querySelector('.status-card').textContent) && /Red was ahead/.test(document.querySelector('.status-card').textContent));
  equal(await page.getAttribute('.status-card .reason', 'data-reason'), 'adjudication', 'the verdict: by adjudication');
  expect((await page.textContent('.status-card .reason')).includes('By adjudication'), 'the verdict in words');
  await pageShot(page, 'other-novgorod-arbiter-desktop');
  // corrected: the point shared
  await page.click('[data-action=set-result]');
  await page.selectOption('#result-select', '1/3-1/3-1/3');
  await page.click('[data-action=result-submit]');
  await page.waitForSelector('.status-card.over[data-result="1/3-1/3-1/3"]');
  expect((await page.textContent('.status-card .result-score')) === '⅓–⅓–⅓', 'the shared point written');
  expect((await page.textContent('.status-card')).includes('The point is shared'), 'the shared point in words');
  await page.click('[data-action=delete-game]');
  await page.click('dialog[open] .btn.danger');
  await page.waitForURL(/#\/archive/);
  equal((await pageApi(page, 'GET', `/api/games/${id}`)).status, 404, 'the game is gone');
});

// ---------------------------------------------------------------- running

// a page's wait without a bound of its own: 15 s here
run({ label: 'other', timeout: 15_000 });
