// event_tables.mjs - events of a game of three or four players in the page (a server of its
// own, no password: its own machine is the arbiter). A round robin of 5 players of Neva at
// tables of 4: round 1's table is started in the app, a player takes his seat with the code the
// arbiter's page shows and resigns, and the game's result (the others share the point) enters
// the event by itself; the arbiter corrects it and enters the other rounds from the table's
// select. Then a Swiss of 7 players of Novgorod at tables of 3, three rounds. Both run to their
// end with the results and the standings of tests/data/cli/tournament_tables.t, where the
// points and tie-breaks are worked out by hand.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, api, equal, expect, gameIdOf, screenshot, settled, test } from './harness.mjs';

const row = (b) => `.pairings-table tr[data-board="${b}"]`;

/** Wait until board b's result cell says r. */
async function waitResult(page, b, r) {
  await page.waitForFunction(([sel, want]) => document.querySelector(sel) && document.querySelector(sel).dataset.result === want, [`${row(b)} td.result`, r]);
}

/** The names at a table, in seat order. */
async function seats(page, b) {
  return page.$$eval(`${row(b)} .table-seat`, (els) => els.map((el) => el.textContent.trim().replace(/\s+\S+$/, '')));
}

/** The standings as [name, points, the tie-break named tb]. */
async function standings(page, tb) {
  return page.$eval(
    '.standings-table',
    (table, name) => {
      const col = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent === name);
      return [...table.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('td.name').textContent, tr.querySelector('td.points').textContent, tr.children[col].textContent]);
    },
    tb,
  );
}

async function create(page, base, name, variant, system, rounds, tiebreaks) {
  await page.goto(`${base}#/events`);
  await page.waitForSelector('[data-form=new-event]');
  await page.fill('#ev-name', name);
  await page.selectOption('#ev-system', system);
  if (rounds) await page.fill('#ev-rounds', String(rounds));
  await page.selectOption('#ev-variant', variant);
  if (tiebreaks) await page.fill('#ev-tiebreaks', tiebreaks);
  await page.click('[data-action=create-event]');
  await page.waitForURL(/#\/events\/\d+$/);
  await page.waitForSelector(`.event-facts[data-variant=${variant}]`);
  return Number(/#\/events\/(\d+)/.exec(page.url())[1]);
}

async function addPlayers(page, players) {
  for (const [i, [name, rating]] of players.entries()) {
    await page.fill('#pl-name', name);
    if (rating) await page.fill('#pl-rating', String(rating));
    await page.selectOption('#pl-kind', '0');
    await page.click('[data-action=add-player]');
    await page.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
  }
}

/** Pair the next round and wait for its tables. */
async function pair(page, round) {
  await page.click('[data-action=pair]:not([disabled])');
  await page.waitForSelector(`.round-tabs [data-round="${round}"][aria-selected=true]`);
  await page.waitForSelector(`${row(1)}[data-seats]`);
}

async function enter(page, b, result) {
  await page.selectOption(`${row(b)} select.result-select`, result);
  await waitResult(page, b, result);
}

export function eventTableTests() {
  test('events of tables: a round robin of Neva (5 players, tables of 4) and a Swiss of Novgorod (7 players, tables of 3) run to their end in the page; a table\'s game played in the app enters its result', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-event-tables-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      const arbiter = await newPage(DESKTOP);
      // a game of four at tables: a knockout is refused with the reason, a round robin taken
      await refuseKnockout(arbiter, base);
      // the round robin's tie-breaks of the command line (the form's default is a Swiss's)
      const neva = await create(arbiter, base, 'Neva Club', 'neva', 'round-robin', 0, 'sb,de,win,ks');
      await addPlayers(arbiter, [['Anna'], ['Boris'], ['Clara'], ['Denis'], ['Elena']]);

      // round 1: one table of four, Anna's free round
      await pair(arbiter, 1);
      equal(await seats(arbiter, 1), ['Boris', 'Clara', 'Denis', 'Elena'], 'round 1\'s table by seat');
      expect((await arbiter.textContent(`${row(2)}`)).includes('Anna'), 'Anna\'s free round');
      // its game in the app: four seats' codes; Denis (the third seat, Green) takes his and
      // resigns, and the other three share the point
      await arbiter.click(`${row(1)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${row(1)} .event-code[data-color=green]`);
      equal(await arbiter.$$eval(`${row(1)} .event-code`, (els) => els.length), 4, 'a code for each seat');
      await settled(arbiter);
      await screenshot(arbiter, 'event-tables-neva-desktop');
      const denis = await newPage(PHONE);
      await denis.goto(`${base}#/join/${await arbiter.getAttribute(`${row(1)} .event-code[data-color=green]`, 'data-code')}`);
      await denis.waitForURL(/#\/play\/\d+$/);
      const game = gameIdOf(denis);
      await denis.waitForSelector('.event-link');
      await denis.click('[data-action=resign]');
      await denis.click('dialog[open] .btn.danger');
      await denis.waitForSelector('.status-card.over');
      await waitResult(arbiter, 1, '1/3-1/3-0-1/3');
      const { data: after } = await api(base, 'GET', `/api/events/${neva}`);
      equal(after.rounds[0].pairings[0].seat_points, [2, 2, 0, 2], 'the shared point: 2, 2, 0, 2 by places');
      equal(after.rounds[0].pairings[0].games[0].game_id, game, 'the table\'s game linked');
      // the arbiter corrects it (as in the transcript), then plays the other rounds
      await enter(arbiter, 1, '1/2-1/2-0-0');
      const rounds = [
        [['Anna', 'Boris', 'Clara', 'Denis'], '0-1/2-1/2-0'],
        [['Clara', 'Anna', 'Elena', 'Denis'], '0-1-0-0'],
        [['Denis', 'Elena', 'Anna', 'Boris'], '0-0-1/2-1/2'],
        [['Elena', 'Anna', 'Boris', 'Clara'], '0-1/2-0-1/2'],
      ];
      for (const [i, [names, result]] of rounds.entries()) {
        await pair(arbiter, i + 2);
        equal(await seats(arbiter, 1), names, `round ${i + 2}'s table by seat`);
        await enter(arbiter, 1, result);
      }
      await arbiter.waitForSelector('.event-head .chip');
      // the standings worked out by hand (tournament_tables.t): points, then Sonneborn-Berger
      await arbiter.waitForFunction(() => document.querySelectorAll('.standings-table tbody tr').length === 5);
      equal(await standings(arbiter, 'sb'), [['Clara', '8½', '41.25'], ['Anna', '8½', '38.5'], ['Boris', '8', '35'], ['Denis', '2½', '12.25'], ['Elena', '2½', '12']], 'the round robin\'s standings');
      await settled(arbiter);
      await screenshot(arbiter, 'event-tables-neva-standings-desktop');
      expect(!(await arbiter.$('[data-export=trf]')), 'no TRF16 link for tables');
      const trf = await api(base, 'GET', `/api/events/${neva}/export/trf`);
      expect(trf.status === 409 && /TRF16 has a cell for one opponent/.test(JSON.stringify(trf.data)), 'TRF16 refused with what to export instead');
      const html = await api(base, 'GET', `/api/events/${neva}/export/html`);
      expect(html.status === 200 && html.data.includes('Elena, Anna, Boris, Clara') && html.data.includes('0-1/2-0-1/2'), 'the HTML export\'s tables');
      const csv = await api(base, 'GET', `/api/events/${neva}/export/csv`);
      expect(csv.status === 200 && /Clara/.test(csv.data) && /41\.25/.test(csv.data), `the CSV standings:\n${csv.data}`);
      const pdn = await api(base, 'GET', `/api/events/${neva}/export/pdn`);
      // the tags name the seats in order: White, Black, Red, Blue (shashki_play.h)
      expect(pdn.status === 200 && pdn.data.includes('[Red "Denis"]') && pdn.data.includes('[Blue "Elena"]'), `the table's game in the PDN (${pdn.status}):\n${JSON.stringify(pdn.data)}`);

      // a Swiss of Novgorod: 7 players, 3 rounds, tables of 3 and a bye
      await create(arbiter, base, 'Novgorod Open', 'novgorod', 'swiss', 3);
      await addPlayers(arbiter, [['Ivan', 2000], ['Petr', 1900], ['Sergei', 1800], ['Olga', 1700], ['Maria', 1600], ['Nina', 1500], ['Gleb', 1400]]);
      const swiss = [
        [[['Ivan', 'Petr', 'Sergei'], '1-0-0'], [['Olga', 'Maria', 'Nina'], '0-0-1']],
        [[['Nina', 'Ivan', 'Gleb'], '0-1-0'], [['Petr', 'Sergei', 'Olga'], '1/2-0-1/2']],
        [[['Gleb', 'Olga', 'Ivan'], '0-0-1'], [['Maria', 'Nina', 'Petr'], '1/3-1/3-1/3']],
      ];
      for (const [i, tables] of swiss.entries()) {
        await pair(arbiter, i + 1);
        for (const [b, [names, result]] of tables.entries()) {
          equal(await seats(arbiter, b + 1), names, `round ${i + 1}, table ${b + 1}`);
          await enter(arbiter, b + 1, result);
        }
      }
      await arbiter.waitForSelector('.event-head .chip');
      await arbiter.waitForFunction(() => document.querySelectorAll('.standings-table tbody tr').length === 7);
      // points, then Buchholz cut 1 (Olga 14 before Maria 12.5)
      equal(await standings(arbiter, 'bh-c1'), [['Ivan', '6', '10'], ['Nina', '3½', '13.5'], ['Petr', '3', '13.5'], ['Olga', '2½', '14'], ['Maria', '2½', '12.5'], ['Gleb', '2', '18'], ['Sergei', '1½', '14.5']], 'the Swiss\'s standings');
      await settled(arbiter);
      await screenshot(arbiter, 'event-tables-novgorod-desktop');
    } finally {
      await server.stop();
    }
  });
}

/** A knockout of a game of four: the server's reason beside the system. */
async function refuseKnockout(page, base) {
  await page.goto(`${base}#/events`);
  await page.waitForSelector('[data-form=new-event]');
  await page.fill('#ev-name', 'Neva Cup');
  await page.selectOption('#ev-system', 'knockout');
  await page.selectOption('#ev-variant', 'neva');
  await page.click('[data-action=create-event]');
  await page.waitForSelector('.event-form .form-error:not([hidden])');
  expect((await page.textContent('.event-form .form-error')).includes('played at tables in a round robin or a Swiss'), 'the server\'s reason shown');
}
