// newcomer.mjs - the page as a newcomer found it (issue 33), and a server that goes away: each
// test on a server of its own.
//
// - The server killed during a game against the engine with a clock: the player's page, a
//   watcher's (another device, holding no seat) and an archive's (no stream open: the page's own
//   asking) say so within 5 s, without a move or a reload;
//   the server started again on the same port, both find it by themselves, the player's clocks
//   follow the server's again (not the page's own count through the outage), and the moves go on
//   reaching the watcher through its stream. The watcher is never "you", and at the end is not
//   told "You lost this one." (finding 1). The start page lists the game with "Continue" for the
//   player and "Watch" for the watcher, a device's own games first (finding 3); the finished
//   game's review card has no "null" in it (finding 2); the review explains its chart, its
//   summary and the engine's line, and names the engine whole (findings 8 and 6).
// - On a phone (finding 6): the start page's command in one piece, a sign-up seen in the header,
//   the new-game dialog's "Start game" in sight, the archive's buttons in words; on a laptop, the
//   header names the game played (column checkers, corners), not Russian checkers.
// - The race that failed teams.mjs now and then (finding 9): an event's page drew itself anew at
//   each change, its player form with it, so that what the arbiter typed after the first drawing
//   of a change was lost at the second (the answer's and the stream's): the form typed into
//   keeps its text through a change made elsewhere; so do a contest's forms.

import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { DESKTOP, PHONE, PHONE360, Server, api, equal, expect, gameOf, newGame, playLegal, screenshot, settled, test, waitMoves } from './harness.mjs';

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

/** fn(base) on a server of its own, stopped and its folder removed after. */
async function onServer(name, fn) {
  const { dir, server } = await startServer(name);
  try {
    await fn(server.url);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
      // a page with no stream open (the archive) notices by its own asking
      const archive = await newPage(DESKTOP);
      await archive.goto(base + '#/archive');
      await archive.waitForSelector(`[role=listitem][data-id="${id}"]`);
      await server.kill();
      const killed = Date.now();
      await Promise.all([player, watcher, archive].map((p) => p.waitForSelector('#offline.offline-banner', { timeout: 15_000 })));
      const shown = Date.now() - killed;
      expect(shown < 5000, `the pages said the server is gone after ${shown} ms, not within 5 s`);
      expect(/does not answer/.test(await player.$eval('#offline', (e) => e.textContent)), 'the banner says the server does not answer');
      await settled(watcher);
      await screenshot(watcher, 'newcomer-offline-phone');
      await screenshot(player, 'newcomer-offline-desktop');

      server = await new Server(db, { port, reviewNodes: 20000 }).start();
      equal(server.url, base, 'the server again at its address');
      await Promise.all([player, watcher, archive].map((p) => p.waitForSelector('#offline', { state: 'detached', timeout: 15_000 })));
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

  test('newcomer: on a phone the command whole, a sign-up in the header, "Start game" in sight, the archive in words; the header names the game played', async ({ newPage }) => {
    await onServer('phone', async (base) => {
      const phone = await newPage(PHONE360);
      await phone.goto(base + '#/');
      await phone.waitForSelector('.club-local code.command');
      const command = await phone.$eval('.club-local code.command', (e) => ({ text: e.textContent, lines: e.getClientRects().length }));
      equal(command, { text: 'shashki serve --host 0.0.0.0', lines: 1 }, 'the command on the start page');

      // the new-game dialog: "Start game" in sight without scrolling, for a game of four too
      for (const variant of ['russian', 'neva']) {
        await phone.click('[data-action=new-game]');
        await phone.waitForSelector('dialog[open] form.newgame');
        await phone.selectOption('#ng-variant', variant);
        const box = await phone.locator('dialog[open] [data-action=create]').boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= PHONE360.height, `${variant}: "Start game" at ${JSON.stringify(box)}, the screen ${PHONE360.height} px high`);
        if (variant === 'neva') {
          await settled(phone);
          await screenshot(phone, 'newcomer-newgame-phone');
        }
        await phone.click('dialog[open] footer.dialog-actions .btn:not(.primary)');
        await phone.waitForSelector('dialog[open]', { state: 'detached' });
      }

      // signing up shows in the header: the name beside the icon
      const before = await phone.$eval('.topbar [data-action=log-in]', (e) => ({ background: getComputedStyle(e).backgroundColor }));
      await phone.click('.topbar [data-action=log-in]');
      await phone.waitForSelector('dialog[open] form.account-form');
      await phone.click('dialog[open] [data-action=account-switch]');
      await phone.waitForSelector('dialog[open] form.account-form[data-mode=signup]');
      await phone.fill('dialog[open] #acc-name', 'Nina');
      await phone.fill('dialog[open] #acc-password', 'correct horse');
      await phone.click('dialog[open] [data-action=account-submit]');
      await phone.waitForSelector('.topbar .account-menu[data-account=Nina]');
      // the control shows her initial, filled, where the log-in's icon was
      const after = await phone.$eval('.topbar .account-menu > summary', (e) => ({ initial: getComputedStyle(e, '::after').content, background: getComputedStyle(e).backgroundColor }));
      equal(after.initial, '"N"', 'the initial in the header after the sign-up');
      expect(after.background !== before.background, `the header's account control looks the same: ${JSON.stringify([before, after])}`);
      await settled(phone);
      await screenshot(phone, 'newcomer-signed-up-phone');

      // the archive's buttons say what they do
      const { data: g } = await api(base, 'POST', '/api/games', { variant: 'columns', opponent: 'human' });
      await phone.goto(base + '#/archive');
      const row = `[role=listitem][data-id="${g.id}"] .aactions`;
      await phone.waitForSelector(row);
      const labels = await phone.$$eval(`${row} .btn`, (els) => els.map((e) => e.innerText.trim()));
      expect(labels.length >= 3 && labels.every((l) => l.length > 0), `the archive's buttons in words: ${JSON.stringify(labels)}`);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the archive scrolls sideways by ${overflow}px on a phone`);
      await settled(phone);
      await screenshot(phone, 'newcomer-archive-phone');

      // the header names the game played (the tagline shows between phone and wide screens)
      const laptop = await newPage({ width: 1280, height: 800 });
      for (const variant of ['columns', 'corners']) {
        const { data: game } = await api(base, 'POST', '/api/games', { variant, opponent: 'human' });
        await laptop.goto(base + `#/play/${game.id}`);
        await laptop.waitForSelector('.play[data-status]');
        const title = (await api(base, 'GET', '/api/variants')).data.variants.find((v) => v.name === variant).title;
        await laptop.waitForFunction((t) => document.querySelector('.topbar .brand-sub').textContent === t, title);
      }
      await laptop.goto(base + '#/');
      await laptop.waitForFunction(() => document.querySelector('.topbar .brand-sub').textContent === 'Russian checkers');
    });
  });

  test('newcomer: an event\'s and a contest\'s forms keep what is typed into them while they change (the teams.mjs race)', async ({ newPage }) => {
    await onServer('form', async (base) => {
      // no password: the server's machine (the tests too) is the arbiter
      const { status, data: ev } = await api(base, 'POST', '/api/events', { name: 'Form', system: 'round-robin', boards: 2 });
      equal(status, 201, 'the event created');
      const page = await newPage(DESKTOP);
      await page.goto(base + `#/events/${ev.id}`);
      await page.waitForSelector('[data-form=add-player] #pl-name');
      await page.fill('#pl-name', 'Gus');
      await page.fill('#pl-team', 'East');
      // a change from elsewhere: the page draws the event again
      equal((await api(base, 'POST', `/api/events/${ev.id}/players`, { name: 'Hal', team: 'West' })).status, 201, 'a player added elsewhere');
      await page.waitForSelector('.event-players tr[data-player="1"]');
      equal([await page.inputValue('#pl-name'), await page.inputValue('#pl-team')], ['Gus', 'East'], 'what was typed, after the change');
      await page.click('[data-action=add-player]');
      await page.waitForSelector('.event-players tr[data-player="2"]');
      equal(await page.$eval('.event-players tr[data-player="2"] td.name', (e) => e.textContent), 'Gus', 'the player added from the form');

      // the same in a composing contest's judges' form (contests.mjs's "a judge needs a name")
      const { data: contest } = await api(base, 'POST', '/api/contests', { name: 'Etudes', kind: 'composing' });
      const entry = { author: 'Ivanov', fen: 'W:Wa1,b2,c3:Ba5,e5,g7', stated: '1. c3-b4! a5:c3 2. b2:h8' };
      equal((await api(base, 'POST', `/api/contests/${contest.id}/entries`, entry)).status, 200, 'an entry');
      await page.goto(base + `#/contests/${contest.id}`);
      await page.waitForSelector('[data-form=mark] #mk-judge');
      await page.fill('#mk-judge', 'A');
      await page.fill('#en-author', 'Petrov');
      equal((await api(base, 'POST', `/api/contests/${contest.id}/entries`, { ...entry, author: 'Sidorov' })).status, 200, 'an entry added elsewhere');
      await page.waitForFunction(() => document.querySelectorAll('#mk-entry option').length === 2);
      equal([await page.inputValue('#mk-judge'), await page.inputValue('#en-author')], ['A', 'Petrov'], 'what was typed in the contest\'s forms, after the change');
    });
  });
}
