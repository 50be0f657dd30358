// events.mjs - a tournament night on a server of its own: the arbiter creates a 6-player Swiss
// with two engine players and pairs round 1; two players take their seats with the codes the
// arbiter's page shows and play their game while a spectator follows on a phone; the results
// reach the pairings and standings on every screen, round 2 is paired, the archive links the
// game to its event, and the print views keep the pairings or the standings alone. The two
// tests continue one another through `state.events`. Then an event of column checkers and one
// of corners, each played in the app to its end and exported; a knockout of a game of three
// refused.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, api, equal, expect, fetchFrom, gameIdOf, gameOf, playLegal, playMove, screenshot, settled, test, waitMoves } from './harness.mjs';

// ---- a tournament night: the arbiter runs an event, players play its games on their devices

const EVENT_PASSWORD = 'friday-swiss-2026';

/** The result cell of a board on an event page. */
const boardRow = (b) => `.pairings-table tr[data-board="${b}"]`;

/** A tournament night. */
export function eventTests() {
  test('events: the arbiter creates a 6-player Swiss with two engines and pairs round 1; two players play their game on their own devices', async ({ newPage, state }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-events-')), 'games.db');
    const server = await new Server(db, { password: EVENT_PASSWORD }).start();
    state.events = { server };
    const base = server.url;
    {
      // the arbiter logs in from the Tournaments section and creates the event
      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/events`);
      await arbiter.waitForSelector('.events-arbiter-hint');
      expect(!(await arbiter.$('[data-form=new-event]')), 'no form for a spectator');
      equal((await api(base, 'POST', '/api/events', { name: 'Sneaky' })).status, 401, 'an event created without the session');
      await arbiter.click('[data-action=arbiter]');
      await arbiter.fill('#arbiter-password', EVENT_PASSWORD);
      await arbiter.click('[data-action=arbiter-submit]');
      await arbiter.waitForSelector('[data-form=new-event]');
      await arbiter.fill('#ev-name', 'Friday Swiss');
      await arbiter.selectOption('#ev-system', 'swiss');
      await arbiter.fill('#ev-rounds', '3');
      await arbiter.selectOption('#ev-scoring', '2-1-0');
      await arbiter.fill('#ev-time', 'bogus');
      await arbiter.click('[data-action=create-event]');
      await arbiter.waitForSelector('.event-form .form-error:not([hidden])');
      expect(await arbiter.$eval('#ev-time', (el) => el.classList.contains('invalid')), 'the bad time control is marked');
      await arbiter.fill('#ev-time', '');
      await settled(arbiter);
      await screenshot(arbiter, 'events-new-desktop');
      await arbiter.click('[data-action=create-event]');
      await arbiter.waitForURL(/#\/events\/1$/);

      // six players: four people and two engines at level 1 (by rating Ann meets Bob and the
      // engines meet one another in round 1)
      await arbiter.waitForSelector('[data-form=add-player]');
      const players = [['Ann', 2000, 0], ['Bob', 1700, 0], ['', 1900, 1], ['Engine B', 1600, 1], ['Cid', 1800, 0], ['Dan', 1500, 0]];
      for (const [i, [name, rating, level]] of players.entries()) {
        await arbiter.fill('#pl-name', name);
        await arbiter.fill('#pl-rating', String(rating));
        await arbiter.selectOption('#pl-kind', String(level));
        await arbiter.click('[data-action=add-player]');
        await arbiter.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
      }
      equal(await arbiter.$$eval('.event-players tbody tr', (rows) => rows.map((r) => r.querySelector('td.name').textContent.trim())), ['Ann', 'Bob', 'Shashki (level 1)', 'Engine B', 'Cid', 'Dan'], 'the players registered');

      // a spectator follows the event on a phone
      const eve = await newPage(PHONE);
      await eve.goto(`${base}#/events/1`);
      await eve.waitForSelector('.event-players tr[data-player="6"]');
      expect(!(await eve.$('[data-action=pair]')), 'the spectator cannot pair');

      // round 1: the engines' game is played by the server and its result comes in by itself
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.waitForSelector(`${boardRow(3)}`);
      await eve.waitForSelector(`${boardRow(3)}`);
      const names = async (page, b) => page.$$eval(`${boardRow(b)} td.name`, (tds) => tds.map((td) => td.textContent.trim().replace(/\s+\d+$/, '')));
      equal(await names(arbiter, 1), ['Ann', 'Bob'], 'board 1');
      equal(await names(arbiter, 2), ['Engine B', 'Shashki (level 1)'], 'board 2');

      // the people's game is started in the app: its seats' codes are shown to the arbiter
      await arbiter.click(`${boardRow(1)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${boardRow(1)} .event-code[data-color=black]`);
      const wcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=white]`, 'data-code');
      const bcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=black]`, 'data-code');
      await settled(arbiter);
      await screenshot(arbiter, 'event-round1-desktop');

      // Ann (a computer) and Bob (a phone) each take their seat with the code
      const ann = await newPage(DESKTOP);
      await ann.goto(`${base}#/join/${wcode}`);
      await ann.waitForURL(/#\/play\/\d+$/);
      const id = gameIdOf(ann);
      const bob = await newPage(PHONE);
      await bob.goto(`${base}j/${bcode}`);
      await bob.waitForURL(new RegExp(`#/play/${id}$`));
      await bob.waitForSelector('.player.bottom[data-color=black]');
      await ann.waitForSelector('.event-link');
      expect((await ann.textContent('.event-link')).includes('Friday Swiss, round 1, board 1'), 'the game names its event');
      equal(await fetchFrom(bob, 'POST', '/api/events/1/results', { round: 1, board: 1, result: '0-1' }), 401, 'a player entering his own result');

      // they play; Ann resigns: the game is over, and its result is in the event at once
      await playMove(ann, 'c3', 'd4');
      await waitMoves(bob, 1);
      await playMove(bob, 'f6', 'g5');
      await waitMoves(ann, 2);
      await playMove(ann, 'g3', 'f4');
      await waitMoves(bob, 3);
      await settled(bob);
      await screenshot(bob, 'event-game-phone');
      await ann.click('[data-action=resign]');
      await ann.click('dialog[open] .btn.danger');
      for (const p of [ann, bob]) await p.waitForSelector('.status-card.over');
      for (const p of [arbiter, eve]) {
        await p.waitForFunction((sel) => {
          const c = document.querySelector(sel);
          return c && c.dataset.result === '0-1';
        }, `${boardRow(1)} td.result`);
      }
      // the standings on the spectator's phone: Bob has his 2 points
      await eve.waitForFunction(() => [...document.querySelectorAll('.standings-table tbody tr')].some((tr) => tr.querySelector('td.name').textContent === 'Bob' && tr.querySelector('td.points').textContent === '2'));

      state.events = { server, id, page: arbiter, pages: [arbiter, eve, ann, bob] };
    }
  });

  test('events: the standings follow the results; the engines\' game ends by itself; the next round is paired; archive, exports, print', async ({ state }) => {
    expect(state.events && state.events.id, 'needs the event of the test before');
    const { server, id, pages } = state.events;
    const [arbiter, eve, ann] = pages;
    const base = server.url;
    try {
      // the game over the board: the arbiter enters it; then round 2 is paired
      await arbiter.selectOption(`${boardRow(3)} .result-select`, '1/2-1/2');
      // the engines' game on board 2 is played by the server: its result comes in by itself
      await arbiter.waitForFunction((sel) => {
        const c = document.querySelector(sel);
        return c && c.dataset.result !== '*';
      }, `${boardRow(2)} td.result`, { timeout: 75_000 });
      await arbiter.waitForSelector('[data-action=pair]:not([disabled])');
      await eve.waitForFunction(() => [...document.querySelectorAll('.standings-table tbody tr')].filter((tr) => tr.querySelector('td.points').textContent === '1').length === 2);
      const standings = await eve.$$eval('.standings-table tbody tr', (rows) => rows.map((r) => [r.querySelector('td.name').textContent, r.querySelector('td.points').textContent]));
      // 2-1-0: two winners with 2 (Bob and board 2's winner), the drawn pair with 1, two losers with 0
      equal(standings.map(([, p]) => p), ['2', '2', '1', '1', '0', '0'], `the points in the standings (${JSON.stringify(standings)})`);
      expect(standings.slice(0, 2).some(([n]) => n === 'Bob') && standings.slice(4).some(([n]) => n === 'Ann'), `Bob above, Ann below: ${JSON.stringify(standings)}`);
      await eve.waitForSelector('.cross-table tbody tr');
      await settled(eve);
      await screenshot(eve, 'event-standings-phone');
      const overflow = await eve.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.waitForSelector('.round-tabs [data-round="2"][aria-selected=true]');
      await eve.waitForSelector('.round-tabs [data-round="2"]');
      const { data: ev } = await api(base, 'GET', '/api/events/1');
      equal([ev.rounds.length, ev.rounds[0].complete, ev.rounds[1].pairings.length], [2, true, 3], 'round 2 paired after a complete round 1');
      await settled(arbiter);
      await screenshot(arbiter, 'event-round2-desktop');

      // the change log says the game and its reason with the result it entered
      await eve.click('.event-log summary');
      await eve.waitForFunction(() => /result stage 1 round 1 board 1 game 1 0-1 \(game \d+: Black wins: White resigned\)/.test(document.querySelector('.log-list').textContent));
      // the archive links the game to its event and round; exports and the print view
      await ann.goto(`${base}#/archive`);
      await ann.waitForSelector(`.arow[data-id="${id}"] .aevent[data-event="1"]`);
      const trf = await api(base, 'GET', '/api/events/1/export/trf');
      expect(trf.status === 200 && trf.data.includes('012 Friday Swiss'), 'the TRF export');
      await arbiter.evaluate(() => (document.body.dataset.print = 'standings'));
      await arbiter.emulateMedia({ media: 'print' });
      expect(!(await arbiter.isVisible('.event-pairings')) && (await arbiter.isVisible('.event-standings')), 'printing the standings shows them alone');
      await screenshot(arbiter, 'event-print-standings-desktop');
      await arbiter.evaluate(() => (document.body.dataset.print = 'pairings'));
      expect((await arbiter.isVisible('.event-pairings')) && !(await arbiter.isVisible('.event-standings')) && !(await arbiter.isVisible('.topbar')), 'printing the pairings shows them alone');
      await screenshot(arbiter, 'event-print-pairings-desktop');
      await arbiter.emulateMedia({ media: 'screen' });
    } finally {
      for (const p of pages) await p.context().close().catch(() => {});
      delete state.events;
      await server.stop();
    }
  });
}

/** An event of column checkers and one of corners, each created in the Tournaments section,
 *  paired and played in the browser to its end, its standings exported. */
export function eventKindTests() {
  test('events: an event of column checkers against an engine player and one of corners between two people, played in the app to their ends; TRF16, CSV and HTML exports; a knockout of a game of three refused', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-event-kinds-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      // no password: the server's own machine is the arbiter
      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/events`);
      await arbiter.waitForSelector('[data-form=new-event]');
      const create = async (name, variant, settings = {}, system = 'round-robin') => {
        await arbiter.goto(`${base}#/events`);
        await arbiter.waitForSelector('[data-form=new-event]');
        await arbiter.fill('#ev-name', name);
        await arbiter.selectOption('#ev-system', system);
        await arbiter.selectOption('#ev-variant', variant);
        for (const [k, v] of Object.entries(settings)) await arbiter.selectOption(`.ev-variant-settings select[data-setting="${k}"]`, v);
        await arbiter.fill('#ev-time', '10m+5s');
        await arbiter.click('[data-action=create-event]');
      };
      // a knockout of a game of three players: the server says why not, beside the system
      // (its round robin and Swiss are played at tables: event_tables.mjs)
      await create('Three', 'novgorod', {}, 'knockout');
      await arbiter.waitForSelector('.event-form .form-error:not([hidden])');
      expect((await arbiter.textContent('.event-form .form-error')).includes('a knockout pairs two players'), 'the server\'s reason shown');
      expect(await arbiter.$eval('#ev-system', (el) => el.classList.contains('invalid')), 'the system marked');

      // column checkers: Ann against an engine player
      await create('Bashni Cup', 'columns');
      await arbiter.waitForURL(/#\/events\/\d+$/);
      const bashni = Number(/#\/events\/(\d+)/.exec(arbiter.url())[1]);
      await arbiter.waitForSelector('.event-facts[data-variant=columns]');
      expect((await arbiter.textContent('.event-facts')).includes('Column checkers'), 'the event names its game');
      for (const [i, [name, level]] of [['Ann', 0], ['', 1]].entries()) {
        await arbiter.fill('#pl-name', name);
        await arbiter.selectOption('#pl-kind', String(level));
        await arbiter.click('[data-action=add-player]');
        await arbiter.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
      }
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.click(`${boardRow(1)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${boardRow(1)} .event-code`);
      const annColour = await arbiter.getAttribute(`${boardRow(1)} .event-code`, 'data-color');
      const annCode = await arbiter.getAttribute(`${boardRow(1)} .event-code`, 'data-code');
      const ann = await newPage(PHONE);
      await ann.goto(`${base}#/join/${annCode}`);
      await ann.waitForURL(/#\/play\/\d+$/);
      const bashniGame = gameIdOf(ann);
      await ann.waitForSelector('.event-link');
      let g = await gameOf(ann, bashniGame);
      equal([g.variant, g.time, g.seats[annColour]], ['columns', '10m+5s', 'taken'], 'the pairing\'s game: its game, clock and Ann\'s seat');
      expect(Object.values(g.seats).includes('engine'), 'the engine player\'s seat is the engine\'s');
      // Ann plays a few moves against the engine player, then resigns
      for (let k = 0; k < 3; k++) {
        await ann.waitForSelector('.play .board-svg.interactive', { timeout: 30_000 });
        await playLegal(ann);
      }
      await ann.click('[data-action=resign]');
      await ann.click('dialog[open] .btn.danger');
      await ann.waitForSelector('.status-card.over');
      const lost = annColour === 'white' ? '0-1' : '1-0';
      await arbiter.waitForFunction(([sel, r]) => document.querySelector(sel) && document.querySelector(sel).dataset.result === r, [`${boardRow(1)} td.result`, lost]);
      await arbiter.waitForSelector('.event-head .chip');
      await settled(arbiter);
      await screenshot(arbiter, 'event-columns-desktop');
      const trf = await api(base, 'GET', `/api/events/${bashni}/export/trf`);
      expect(trf.status === 200 && trf.data.includes('012 Bashni Cup') && trf.data.includes('Ann'), `the TRF16 export:\n${trf.data}`);
      const [trfFile] = await Promise.all([arbiter.waitForEvent('download'), arbiter.click('[data-export=trf]')]);
      equal(fs.readFileSync(await trfFile.path(), 'utf8'), trf.data, 'the page\'s TRF16 download');

      // corners on a 3x3 house: Ann and Bob on their own devices
      await create('Corners Evening', 'corners', { house: '3x3' });
      await arbiter.waitForURL(/#\/events\/\d+$/);
      const corners = Number(/#\/events\/(\d+)/.exec(arbiter.url())[1]);
      await arbiter.waitForSelector('.event-facts[data-variant=corners]');
      expect((await arbiter.textContent('.event-facts')).includes('house=3x3'), 'the event says its game\'s settings');
      for (const [i, name] of ['Ann', 'Bob'].entries()) {
        await arbiter.fill('#pl-name', name);
        await arbiter.selectOption('#pl-kind', '0');
        await arbiter.click('[data-action=add-player]');
        await arbiter.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
      }
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.click(`${boardRow(1)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${boardRow(1)} .event-code[data-color=black]`);
      const { data: ev } = await api(base, 'GET', `/api/events/${corners}`);
      const pairing = ev.rounds[0].pairings[0];
      const whiteName = ev.players.find((p) => p.id === pairing.white).name;
      const players = {};
      for (const [colour, viewport] of [['white', DESKTOP], ['black', PHONE]]) {
        const page = await newPage(viewport);
        await page.goto(`${base}#/join/${await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=${colour}]`, 'data-code')}`);
        await page.waitForURL(/#\/play\/\d+$/);
        players[colour] = page;
      }
      const cornersGame = gameIdOf(players.white);
      g = await gameOf(players.white, cornersGame);
      equal([g.variant, g.settings, g.white], ['corners', 'house=3x3', whiteName], 'the pairing\'s game of corners, on its settings');
      await players.white.waitForSelector('.other-board-svg .cell');
      // two moves each, then White offers a draw with its move made and Black accepts
      for (let k = 0; k < 4; k++) {
        const mover = players[k % 2 ? 'black' : 'white'];
        await playLegal(mover);
        await waitMoves(players[k % 2 ? 'white' : 'black'], k + 1);
      }
      await playLegal(players.white);
      await players.white.click('[data-action=offer-draw]:not([disabled])');
      await players.black.waitForSelector('[data-action=accept-draw]');
      await players.black.click('[data-action=accept-draw]');
      for (const p of Object.values(players)) await p.waitForSelector('.status-card.over[data-result="1/2-1/2"]');
      await arbiter.waitForFunction((sel) => document.querySelector(sel) && document.querySelector(sel).dataset.result === '1/2-1/2', `${boardRow(1)} td.result`);
      await settled(players.black);
      await screenshot(players.black, 'event-corners-game-phone');
      const csv = await api(base, 'GET', `/api/events/${corners}/export/csv`);
      expect(csv.status === 200 && /Ann/.test(csv.data) && /Bob/.test(csv.data) && /0\.5/.test(csv.data), `the CSV standings:\n${csv.data}`);
      const html = await api(base, 'GET', `/api/events/${corners}/export/html`);
      expect(html.status === 200 && html.data.includes('Corners Evening') && html.data.includes('Bob'), 'the HTML standings');
      const [csvFile] = await Promise.all([arbiter.waitForEvent('download'), arbiter.click('[data-export=csv]')]);
      equal(fs.readFileSync(await csvFile.path(), 'utf8'), csv.data, 'the page\'s CSV download');
      await settled(arbiter);
      await screenshot(arbiter, 'event-corners-desktop');
      // the archive names each game's game and links its event
      await arbiter.goto(`${base}#/archive`);
      for (const [id, variant, event] of [[bashniGame, 'columns', bashni], [cornersGame, 'corners', corners]]) {
        await arbiter.waitForSelector(`.arow[data-id="${id}"] .aevent[data-event="${event}"]`);
        equal(await arbiter.getAttribute(`.arow[data-id="${id}"] .avariant`, 'data-variant'), variant, `game ${id}'s game in the archive`);
      }
    } finally {
      await server.stop();
    }
  });
}
