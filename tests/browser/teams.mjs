// teams.mjs - a team event in the Tournaments section, on a server of its own: the arbiter
// creates a team round robin of two-board teams in the form, registers the teams' players
// (their team and board) and pairs round 1; in each match board 1 is played on two devices, a
// player of each team on his own, and board 2 entered by the arbiter; the match rows, the team
// standings and the board prizes follow on every screen, and the exports carry the teams.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, api, equal, expect, playMove, screenshot, settled, test, waitMoves } from './harness.mjs';

const boardRow = (b) => `.pairings-table tr[data-board="${b}"]`;

export function teamTests() {
  test('teams: a team round robin of 2-board teams created and registered in the page; each match played on two devices and entered; match rows, team standings, board prizes, exports', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-teams-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      // no password: the server's own machine is the arbiter
      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/events`);
      await arbiter.waitForSelector('[data-form=new-event]');
      await arbiter.fill('#ev-name', 'Club Teams');
      await arbiter.selectOption('#ev-system', 'round-robin');
      // a team event is a choice of its own (issue 33, finding 5); its teams have 2 boards
      expect(await arbiter.isHidden('#ev-boards'), 'no boards for an individual event');
      await arbiter.click('label.seg:has(input[name=ev-kind][value=team])');
      equal(await arbiter.inputValue('#ev-boards'), '2', 'a team event\'s boards');
      await settled(arbiter);
      await screenshot(arbiter, 'teams-form-desktop');
      await arbiter.fill('#ev-boards', '2');
      await arbiter.click('[data-action=create-event]');
      await arbiter.waitForURL(/#\/events\/1$/);
      await arbiter.waitForSelector('[data-form=add-player] #pl-board');

      // three teams of two: North (2000, 1900), South (1950, 1850), West (1800, 1700)
      const players = [['Ann', 2000, 'North'], ['Bea', 1900, 'North'], ['Cid', 1950, 'South'], ['Dan', 1850, 'South'], ['Eva', 1800, 'West'], ['Fay', 1700, 'West']];
      for (const [i, [name, rating, team]] of players.entries()) {
        await arbiter.fill('#pl-name', name);
        await arbiter.fill('#pl-rating', String(rating));
        await arbiter.fill('#pl-team', team);
        await arbiter.click('[data-action=add-player]');
        await arbiter.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
      }
      // the players' table: the club and the team each in a column of its own
      equal(
        await arbiter.$$eval('.event-players tr[data-player="1"] td', (tds) => [tds[3].textContent, tds[4].textContent]),
        ['', 'North'],
        'Ann\'s club and team',
      );
      equal(await arbiter.$$eval('.event-players thead th', (ths) => ths.slice(3, 5).map((th) => th.textContent)), ['Club', 'Team'], 'the players\' table\'s columns');
      // the team standings card is there before the start, empty of matches
      await arbiter.waitForSelector('.event-teams .team-standings-table tbody tr[data-team="3"]');

      // a spectator on a phone
      const spectator = await newPage(PHONE);
      await spectator.goto(`${base}#/events/1`);
      await spectator.waitForSelector('.event-players tr[data-player="6"]');

      // round 1 (Berger for 3 teams: 1 against the bye, 2 against 3): South-West at table 1,
      // North has the free round
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.waitForSelector('.pairings-table tr.match-row[data-table="1"]');
      const matchTeams = await arbiter.$$eval('.pairings-table tr.match-row', (rows) => rows.map((r) => [r.querySelector('.match-home').textContent.trim(), r.querySelector('.match-away').textContent.trim()]));
      equal(matchTeams, [['South', 'West'], ['North', '']], 'round 1: South-West, North free');
      const names = async (page, b) => page.$$eval(`${boardRow(b)} td.name`, (tds) => tds.map((td) => td.textContent.trim().replace(/\s+\d+$/, '')));
      // the home team White on board 1, Black on board 2
      equal(await names(arbiter, 1), ['Cid', 'Eva'], 'board 1');
      equal(await names(arbiter, 2), ['Fay', 'Dan'], 'board 2');

      // board 1 on two devices: Cid of South and Eva of West
      await arbiter.click(`${boardRow(1)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${boardRow(1)} .event-code[data-color=black]`);
      const wcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=white]`, 'data-code');
      const bcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=black]`, 'data-code');
      const cid = await newPage(DESKTOP);
      await cid.goto(`${base}#/join/${wcode}`);
      await cid.waitForURL(/#\/play\/\d+$/);
      const eva = await newPage(PHONE);
      await eva.goto(`${base}#/join/${bcode}`);
      await eva.waitForURL(/#\/play\/\d+$/);
      await eva.waitForSelector('.player.bottom[data-color=black]');
      await playMove(cid, 'c3', 'd4');
      await waitMoves(eva, 1);
      await playMove(eva, 'f6', 'g5');
      await waitMoves(cid, 2);
      // Eva resigns: South wins board 1
      await eva.click('[data-action=resign]');
      await eva.click('dialog[open] .btn.danger');
      await cid.waitForSelector('.status-card.over');
      await arbiter.waitForFunction((sel) => document.querySelector(sel) && document.querySelector(sel).dataset.result === '1-0', `${boardRow(1)} td.result`);
      // board 2 over the board: a draw, entered by the arbiter; South wins the match 1½-½
      await arbiter.selectOption(`${boardRow(2)} .result-select`, '1/2-1/2');
      for (const p of [arbiter, spectator]) {
        await p.waitForFunction(() => {
          const m = document.querySelector('.pairings-table tr.match-row[data-table="1"]');
          return m && m.dataset.complete === 'true' && m.querySelector('.match-score').textContent === '1½–½';
        });
        await p.waitForFunction(() => {
          const rows = [...document.querySelectorAll('.team-standings-table tbody tr')];
          return rows.length === 3 && rows[0].querySelector('td.name').textContent === 'South' && rows[0].querySelector('td.points').textContent === '2';
        });
      }
      await settled(arbiter);
      await screenshot(arbiter, 'teams-round1-desktop');

      // round 2: North against South... board 1 again on two devices, board 2 entered
      await arbiter.click('[data-action=pair]:not([disabled])');
      await arbiter.waitForSelector('.round-tabs [data-round="2"][aria-selected=true]');
      await arbiter.waitForSelector('.pairings-table tr.match-row[data-table="1"]');
      const r2 = await arbiter.$$eval('.pairings-table tr.match-row', (rows) => rows.map((r) => [r.querySelector('.match-home').textContent.trim(), r.querySelector('.match-away').textContent.trim()]));
      const { data: ev } = await api(base, 'GET', '/api/events/1');
      const m = ev.team.matches.filter((x) => x.round === 2 && x.away);
      equal(m.length, 1, 'one match in round 2');
      const home = ev.team.teams[m[0].home - 1].name, away = ev.team.teams[m[0].away - 1].name;
      equal(r2[0], [home, away], 'the page shows the match the server paired');
      const first = ev.rounds[1].pairings.find((p) => p.board === m[0].first_board);
      await arbiter.click(`${boardRow(first.board)} [data-action=start-game]`);
      await arbiter.waitForSelector(`${boardRow(first.board)} .event-code[data-color=black]`);
      const w2 = await arbiter.getAttribute(`${boardRow(first.board)} .event-code[data-color=white]`, 'data-code');
      const b2 = await arbiter.getAttribute(`${boardRow(first.board)} .event-code[data-color=black]`, 'data-code');
      const p1 = await newPage(DESKTOP);
      await p1.goto(`${base}#/join/${w2}`);
      await p1.waitForURL(/#\/play\/\d+$/);
      const p2 = await newPage(PHONE);
      await p2.goto(`${base}#/join/${b2}`);
      await p2.waitForURL(/#\/play\/\d+$/);
      await p2.waitForSelector('.player.bottom[data-color=black]');
      await playMove(p1, 'c3', 'd4');
      await waitMoves(p2, 1);
      // White resigns: the away team wins board 1, and board 2 too: 0-2
      await p1.click('[data-action=resign]');
      await p1.click('dialog[open] .btn.danger');
      await arbiter.waitForFunction((sel) => document.querySelector(sel) && document.querySelector(sel).dataset.result === '0-1', `${boardRow(first.board)} td.result`);
      await arbiter.selectOption(`${boardRow(first.board + 1)} .result-select`, '1-0');
      await arbiter.waitForFunction(() => {
        const m = document.querySelector('.pairings-table tr.match-row[data-table="1"]');
        return m && m.dataset.complete === 'true' && m.querySelector('.match-score').textContent === '0–2';
      });
      // the board prizes: board 1 lists the players who played on it
      await spectator.waitForSelector('.board-prizes-table tr[data-board="1"]');
      const prizes = await spectator.$$eval('.board-prizes-table tr[data-board="1"] td.name', (tds) => tds.map((td) => td.textContent));
      expect(prizes.includes('Cid'), `board 1's prize list names Cid: ${JSON.stringify(prizes)}`);
      await settled(spectator);
      await screenshot(spectator, 'teams-standings-phone', { fullPage: true });
      const overflow = await spectator.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
      // every team table inside its card on the phone (the board prizes ran 13 px past it)
      const past = await spectator.$$eval('.event-teams table', (tables) => {
        const card = document.querySelector('.event-teams').getBoundingClientRect();
        // what shows of a table: the table, or the box it scrolls in
        return tables.map((tb) => Math.round((tb.closest('.table-scroll') || tb).getBoundingClientRect().right - card.right));
      });
      expect(past.length >= 2 && past.every((d) => d <= 0), `the team tables' boxes past their card's edge: ${past} px`);
      // the team columns' abbreviations and the tie-breaks in words, in sight
      const words = await spectator.$eval('.event-teams .table-legend', (e) => e.textContent);
      expect(/match points/.test(words) && /Sonneborn-Berger/.test(words), `the team table's legend: ${words}`);
      const tbWords = await spectator.$eval('.event-standings .table-legend', (e) => e.textContent);
      expect(/Buchholz cut 1/.test(tbWords), `the standings' tie-breaks in words: ${tbWords}`);

      // the exports carry the teams
      const csv = await api(base, 'GET', '/api/events/1/export/csv');
      expect(csv.status === 200 && csv.data.startsWith('Rank,Team,MP,GP'), 'the CSV starts with the team standings');
      const trf = await api(base, 'GET', '/api/events/1/export/trf');
      expect(trf.status === 200 && /^013 North/m.test(trf.data), 'the TRF has its team lines');
      // printing the standings keeps the team standings
      await arbiter.evaluate(() => (document.body.dataset.print = 'standings'));
      await arbiter.emulateMedia({ media: 'print' });
      expect((await arbiter.isVisible('.event-teams')) && !(await arbiter.isVisible('.event-pairings')), 'printing the standings shows the team standings');
      await arbiter.emulateMedia({ media: 'screen' });
    } finally {
      await server.stop();
    }
  });
}
