// lobby.mjs - the lobby (lobby.js; docs/web-api.md "The lobby"), on a server of its own: Anna
// (a computer) and Boris (a phone) sign up; Anna's challenge to a player who does not exist is
// refused beside the opponent's field; her challenge for ratings 1600-2000 is on Boris's lobby
// without "Accept" (he is 1500) until she cancels it; a guest sees the challenges and no buttons;
// her open rated blitz challenge is on Boris's lobby, he
// accepts it and is in the game, and Anna's page notices by itself and opens the same game; a
// move each. Anna then offers Boris a direct correspondence challenge (two days a move, she plays
// Black): it is on his lobby among the challenges to him, he accepts, both are in the game, which
// shows "2 days per move" and its clock in days and hours. Both "My games" lists (Anna's page
// from the account's menu, Boris's the lobby's card) show the two games, "your move" first and
// right. Last, the arbiter (the server's machine: no password) begins a correspondence event of
// three from its page ("Begin all games"), and Anna's list has her two games of it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, equal, expect, pageApi, playLegal, screenshot, settled, test } from './harness.mjs';

async function text(page, selector) {
  return (await page.textContent(selector)).trim();
}

async function signUp(page, base, name, password) {
  await page.goto(base);
  await page.waitForSelector('.topbar [data-action=log-in]');
  // a phone's header has "Log in" alone: its dialog switches to signing up
  if (await page.isVisible('.topbar [data-action=sign-up]')) {
    await page.click('.topbar [data-action=sign-up]');
  } else {
    await page.click('.topbar [data-action=log-in]');
    await page.click('dialog[open] [data-action=account-switch]');
  }
  await page.waitForSelector('dialog[open] form.account-form[data-mode=signup]');
  await page.fill('dialog[open] #acc-name', name);
  await page.fill('dialog[open] #acc-password', password);
  await page.click('dialog[open] [data-action=account-submit]');
  await page.waitForSelector(`.topbar .account-menu[data-account="${name}"]`);
}

/** The lobby opened from the header's menu (on a phone the nav scrolls: the link is there too). */
async function openLobby(page) {
  await page.click('.topbar .nav [data-nav=lobby]');
  await page.waitForURL(/#\/lobby$/);
  await page.waitForSelector('.lobby .lobby-open .card-title');
}

/** The rows of a "My games" list: [id, your_move] in its order. */
async function myGames(page, list) {
  return page.$$eval(`${list} .my-game`, (els) => els.map((e) => [Number(e.dataset.id), e.dataset.yourMove === 'true']));
}

function noSideways(page, what) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).then((overflow) => expect(overflow <= 0, `${what} scrolls sideways by ${overflow}px`));
}

export function lobbyTests() {
  test('lobby: an open challenge accepted on another device (the challenger\'s page follows by itself), a direct correspondence challenge, both "My games" lists with "your move", a correspondence event begun', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-lobby-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      const anna = await newPage(DESKTOP);
      const boris = await newPage(PHONE);
      await signUp(anna, base, 'Anna', 'correct horse');
      await signUp(boris, base, 'Boris', 'battery staple');

      // ---- Anna's lobby: a challenge to nobody is refused beside the opponent's field
      await openLobby(anna);
      await anna.waitForSelector('.lobby-open .lobby-none');
      await anna.waitForSelector('form.lobby-form');
      await anna.selectOption('#ch-variant', 'russian');
      await anna.selectOption('#ch-time', '5m+3s');
      await anna.waitForSelector('.ch-speed[data-speed=blitz]');
      await anna.fill('#ch-to', 'Nobody');
      await anna.click('[data-action=offer-challenge]');
      await anna.waitForSelector('#ch-to-error:not([hidden])');
      expect(/Nobody|no player|no such/i.test(await text(anna, '#ch-to-error')), `the server's message beside the opponent: ${await text(anna, '#ch-to-error')}`);
      await anna.waitForSelector('#ch-to.invalid');
      expect(await anna.isHidden('#ch-time-error'), 'no error beside the time control');

      // ---- a rapid challenge for players rated 1600 to 2000 (Boris, new, is 1500)
      await anna.fill('#ch-to', '');
      await anna.selectOption('#ch-time', '10m+5s');
      await anna.fill('#ch-min', '1600');
      await anna.fill('#ch-max', '2000');
      await anna.click('[data-action=offer-challenge]');
      const ranged = '.lobby-yours .challenge[data-time="10m+5s"]';
      await anna.waitForSelector(ranged);
      expect(/rating 1600–2000/.test(await text(anna, ranged)), `the range: ${await text(anna, ranged)}`);
      await anna.fill('#ch-min', '');
      await anna.fill('#ch-max', '');

      // ---- an open rated blitz challenge, Anna White
      await anna.selectOption('#ch-time', '5m+3s');
      await anna.click('.ch-rated label.switch');
      await anna.click('label.seg:has(input[name=color][value=white])');
      await anna.click('[data-action=offer-challenge]');
      const mine = '.lobby-yours .challenge[data-mine=true][data-time="5m+3s"]';
      await anna.waitForSelector(mine);
      expect(await anna.isHidden('#ch-to-error'), 'the error is gone');
      const what = await text(anna, `${mine} .challenge-what`);
      expect(/Russian checkers/.test(what) && /5m\+3s · blitz/.test(what) && /Rated/.test(what), `the challenge as listed: ${what}`);
      expect(/plays White/.test(await text(anna, `${mine} .challenge-who`)), 'Anna\'s colour is shown');
      await anna.waitForSelector(`${mine} [data-action=cancel-challenge]`);
      await settled(anna);
      await screenshot(anna, 'lobby-offer-desktop');

      // ---- a guest sees the open challenges, and no "Accept"
      const guest = await newPage(PHONE);
      await guest.goto(`${base}#/lobby`);
      await guest.waitForSelector('.lobby-open .challenge[data-time="5m+3s"]');
      await guest.waitForSelector('.lobby-guest [data-action=log-in]');
      equal(await guest.$$eval('.lobby [data-action=accept-challenge], form.lobby-form', (els) => els.length), 0, 'a guest\'s buttons and form');
      await guest.context().close();

      // ---- Boris sees both in his lobby: the rapid one out of his range
      await openLobby(boris);
      const open = '.lobby-open .challenge[data-from=Anna][data-time="5m+3s"]';
      await boris.waitForSelector(`${open} [data-action=accept-challenge]`);
      expect(/rated|Rated/.test(await text(boris, open)), 'rated on Boris\'s lobby');
      const outOfRange = '.lobby-open .challenge[data-time="10m+5s"]';
      await boris.waitForSelector(`${outOfRange} .challenge-out`);
      equal(await boris.$$eval(`${outOfRange} [data-action=accept-challenge]`, (els) => els.length), 0, '"Accept" out of the range');
      await settled(boris);
      await screenshot(boris, 'lobby-open-phone', { fullPage: true });
      await noSideways(boris, 'the phone\'s lobby');
      // Anna cancels the rapid one: gone from both lobbies (Boris's by itself)
      await anna.click(`${ranged} [data-action=cancel-challenge]`);
      await anna.waitForSelector(ranged, { state: 'detached' });
      await boris.waitForSelector(outOfRange, { state: 'detached' });
      await boris.click(`${open} [data-action=accept-challenge]`);
      await boris.waitForURL(/#\/play\/\d+$/);
      const first = Number(/#\/play\/(\d+)/.exec(boris.url())[1]);
      // Anna's page notices by itself and opens the same game
      await anna.waitForURL(new RegExp(`#/play/${first}$`));
      for (const p of [anna, boris]) await p.waitForSelector('.status-card .rated-chip[data-speed=blitz]');
      await anna.waitForSelector('.player.bottom[data-color=white] a.player-link[data-account=Anna]');
      await boris.waitForSelector('.player.bottom[data-color=black] a.player-link[data-account=Boris]');
      await playLegal(anna);
      await playLegal(boris);
      await anna.waitForSelector('.status-card[data-to-move=white]');

      // ---- a direct correspondence challenge: two days a move, Anna Black
      await openLobby(anna);
      await anna.selectOption('#ch-time', '2d');
      await anna.waitForSelector('.ch-speed[data-speed=correspondence]');
      if (await anna.isChecked('#ch-rated')) await anna.click('.ch-rated label.switch');
      await anna.click('label.seg:has(input[name=color][value=black])');
      await anna.fill('#ch-to', 'Boris');
      await anna.click('[data-action=offer-challenge]');
      const direct = '.lobby-yours .challenge[data-to=Boris][data-time="2d"]';
      await anna.waitForSelector(direct);
      expect(/2 days per move · correspondence/.test(await text(anna, `${direct} .challenge-what`)), `the time control in words: ${await text(anna, `${direct} .challenge-what`)}`);
      expect(/Waiting for Boris/.test(await text(anna, direct)), 'Anna waits for Boris');
      // Boris: among the challenges to him, not the open ones
      await openLobby(boris);
      const toBoris = '.lobby-for-you .challenge[data-from=Anna][data-time="2d"]';
      await boris.waitForSelector(`${toBoris} [data-action=decline-challenge]`);
      equal(await boris.$$eval('.lobby-open .challenge[data-time="2d"]', (els) => els.length), 0, 'the direct challenge among the open ones');
      expect(/Casual/.test(await text(boris, toBoris)), 'casual');
      await settled(boris);
      await screenshot(boris, 'lobby-direct-phone');
      await settled(anna);
      await screenshot(anna, 'lobby-waiting-desktop');
      await boris.click(`${toBoris} [data-action=accept-challenge]`);
      await boris.waitForURL(/#\/play\/\d+$/);
      const second = Number(/#\/play\/(\d+)/.exec(boris.url())[1]);
      expect(second !== first, 'a new game');
      await anna.waitForURL(new RegExp(`#/play/${second}$`));
      // the correspondence game: days per move, the clock in days and hours
      for (const p of [anna, boris]) {
        await p.waitForSelector('#game-status .meta');
        expect((await text(p, '#game-status .meta')).includes('2 days per move'), `the time control: ${await text(p, '#game-status .meta')}`);
        await p.waitForSelector('.clock.running[data-color=white]');
        const clock = await text(p, '.clock.running[data-color=white] .clock-time');
        expect(/^1d 23h$|^2d 00h$/.test(clock), `White's clock: ${clock}`);
        expect(/^2d 00h$/.test(await text(p, '.clock[data-color=black] .clock-time')), 'Black\'s clock');
      }
      await anna.waitForSelector('.player.bottom[data-color=black] a.player-link[data-account=Anna]');
      await settled(anna);
      await screenshot(anna, 'lobby-correspondence-desktop');
      await settled(boris);
      await screenshot(boris, 'lobby-correspondence-phone');

      // ---- "My games": Anna's from the account's menu, Boris's on the lobby
      await anna.click('.topbar [data-action=account-menu]');
      await anna.click('.account-menu[open] [data-action=my-games]');
      await anna.waitForURL(/#\/my-games$/);
      await anna.waitForSelector('.my-games-page .my-games[data-count="2"]');
      equal(await myGames(anna, '.my-games-page'), [[first, true], [second, false]], 'Anna\'s games, her move first');
      expect(/vs Boris/.test(await text(anna, `.my-game[data-id="${first}"]`)), 'the opponent');
      expect(/Their move/.test(await text(anna, `.my-game[data-id="${second}"]`)), 'Boris to move');
      expect(/[12]d \d\dh left/.test(await text(anna, `.my-game[data-id="${second}"] .meta`)), `the correspondence game's time left: ${await text(anna, `.my-game[data-id="${second}"] .meta`)}`);
      expect(/\d:\d\d left/.test(await text(anna, `.my-game[data-id="${first}"] .meta`)), `the blitz game's time left: ${await text(anna, `.my-game[data-id="${first}"] .meta`)}`);
      await settled(anna);
      await screenshot(anna, 'lobby-mygames-desktop');
      await openLobby(boris);
      await boris.waitForSelector('.lobby-games .my-games[data-count="2"]');
      equal(await myGames(boris, '.lobby-games'), [[second, true], [first, false]], 'Boris\'s games, his move first');
      await settled(boris);
      await screenshot(boris, 'lobby-mygames-phone', { fullPage: true });
      await noSideways(boris, 'the phone\'s lobby with its games');
      // in Russian: "your move" and the days in words, still no sideways scrolling
      await boris.click('.topbar [data-lang=ru]');
      await boris.waitForFunction(() => document.documentElement.lang === 'ru' && !!document.querySelector('.lobby-games .my-game'));
      equal(await text(boris, `.lobby-games .my-game[data-id="${second}"] .turn`), 'Ваш ход', 'your move in Russian');
      expect(/1 д 23 ч|2 д 00 ч/.test(await text(boris, `.lobby-games .my-game[data-id="${second}"] .meta`)), `the time left in Russian: ${await text(boris, `.lobby-games .my-game[data-id="${second}"] .meta`)}`);
      await settled(boris);
      await screenshot(boris, 'lobby-mygames-phone-ru', { fullPage: true });
      await noSideways(boris, 'the phone\'s lobby in Russian');
      await boris.click('.topbar [data-lang=en]');
      await boris.waitForFunction(() => document.documentElement.lang === 'en');
      // a game of the list opens it
      await boris.click(`.lobby-games .my-game[data-id="${second}"]`);
      await boris.waitForURL(new RegExp(`#/play/${second}$`));
      await boris.waitForSelector('.play .board-svg.interactive');

      // ---- a correspondence event of three: the arbiter begins all its games from its page
      const ev = await pageApi(anna, 'POST', '/api/events', { name: 'Postal 2026', system: 'round-robin', time: '3d' });
      equal(ev.status, 201, `the event: ${JSON.stringify(ev.data)}`);
      for (const name of ['Anna', 'Boris', 'Oleg Postal']) equal((await pageApi(anna, 'POST', `/api/events/${ev.data.id}/players`, { name })).status, 201, `player ${name}`);
      await anna.goto(`${base}#/events/${ev.data.id}`);
      await anna.waitForSelector('.event-facts');
      expect((await text(anna, '.event-facts')).includes('3 days per move'), `the event's time control: ${await text(anna, '.event-facts')}`);
      await anna.waitForSelector('[data-action=correspondence]');
      await settled(anna);
      await screenshot(anna, 'lobby-event-desktop');
      await anna.click('[data-action=correspondence]');
      await anna.click('dialog[open] .dialog-actions .btn.primary');
      await anna.waitForSelector('.event[data-started=true]');
      await anna.waitForSelector('[data-action=correspondence]', { state: 'detached' });
      await anna.goto(`${base}#/my-games`);
      await anna.waitForSelector('.my-games-page .my-games[data-count="4"]');
      // the event's games wait for Anna's move or Oleg's: three days a move
      await anna.click('.topbar [data-lang=ru]');
      await anna.waitForFunction(() => document.documentElement.lang === 'ru' && !!document.querySelector('.my-games-page .my-game'));
      await settled(anna);
      await screenshot(anna, 'lobby-mygames-desktop-ru');
      await anna.click('.topbar [data-lang=en]');
      await anna.waitForFunction(() => document.documentElement.lang === 'en');
    } finally {
      await server.stop();
    }
  });
}
