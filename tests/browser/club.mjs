// club.mjs - a club's evening: a server of its own on the network with the arbiter's password
// (`--host 0.0.0.0 --set-password`; the browser still reaches it on 127.0.0.1), its address as
// text and QR code, two players on their own devices (each a browser context) playing a game
// to its end while a spectator watches, the arbiter correcting the result on every device and
// deleting a game. The three tests continue one another through `state.club`.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, api, equal, expect, fetchFrom, moveTexts, newGame, playMove, readQr, screenshot, settled, test, waitMoves } from './harness.mjs';

// ---- a club's evening: a server on the network with an arbiter's password, players on
// their own devices (each a browser context of its own), a spectator, the arbiter.

const CLUB_PASSWORD = 'club-evening-2026';

/** A club's evening. */
export function clubTests() {
  test('club: the address players type is on the page, as text and as a QR code', async ({ newPage, state }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-club-')), 'games.db');
    const server = await new Server(db, { host: '0.0.0.0', password: CLUB_PASSWORD }).start();
    state.club = { server };
    const first = server.log.split('\n')[0];
    expect(/^Shashki is ready at http:\/\/\d+\.\d+\.\d+\.\d+:\d+\/$/.test(first), `the first line gives an address: ${first}`);
    const page = await newPage(DESKTOP);
    await page.goto(server.url);
    await page.waitForSelector('.club-card .club-url');
    equal(await page.textContent('.club-url'), server.announced, 'the address shown');
    equal(await readQr(page, '.club-card img.qr'), server.announced, 'what the QR code holds');
    equal(await page.getAttribute('[data-action=arbiter]', 'data-arbiter'), 'false', 'a password is set: nobody is the arbiter before logging in');
    await settled(page);
    await screenshot(page, 'club-home-desktop');
    const phone = await newPage(PHONE);
    await phone.goto(server.url);
    await phone.waitForSelector('.club-card img.qr');
    await settled(phone);
    await screenshot(phone, 'club-home-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
  });

  test('club: two players on two devices play a game to its end while a spectator watches', async ({ newPage, state }) => {
    expect(state.club, 'needs the club server of the test before');
    const { server } = state.club;
    const base = server.url;
    // Alice sets the game up on her computer and takes White; Black waits for its code
    const alice = await newPage(DESKTOP);
    const id = await newGame(alice, base, { opponent: 'human', where: 'devices', seat: 'white', white: 'Alice', black: 'Bob', fen: 'W:Wc3,h2:Bf8' });
    await alice.waitForSelector('.seat-open[data-color=black] .seat-code');
    const code = (await alice.textContent('.seat-open[data-color=black] .seat-code')).trim();
    expect(/^[2-9A-Z]{6}$/.test(code), `a seat code: ${code}`);
    equal(await readQr(alice, '.seat-open[data-color=black] img.qr'), `${server.announced}j/${code}`, 'the QR code holds the join link');
    await settled(alice);
    await screenshot(alice, 'club-waiting-desktop');

    // Bob types the short link on his phone
    const bob = await newPage(PHONE);
    await bob.goto(`${base}j/${code}`);
    await bob.waitForURL(new RegExp(`#/play/${id}$`));
    await bob.waitForSelector('.player.bottom[data-color=black]');
    equal(await bob.getAttribute('.board-svg', 'data-flipped'), 'true', 'Bob plays Black from the bottom');
    await alice.waitForSelector('.seats-card', { state: 'detached' });

    // Eve watches from another computer
    const eve = await newPage(DESKTOP);
    await eve.goto(`${base}#/play/${id}`);
    await eve.waitForSelector('.watching');
    expect(!(await eve.$('.board-svg.interactive')), 'the spectator\'s board takes no move');
    expect(!(await eve.$('[data-action=resign]')), 'the spectator cannot resign');

    // nobody moves for another: Bob for White, Eve for anyone (through the page's own fetch)
    equal(await fetchFrom(bob, 'POST', `/api/games/${id}/moves`, { move: 'c3-d4', ply: 0 }), 403, 'Bob moving White');
    equal(await fetchFrom(eve, 'POST', `/api/games/${id}/moves`, { move: 'c3-d4', ply: 0 }), 401, 'Eve moving White');
    expect(!(await bob.$('.board-svg.interactive')), 'Bob\'s board waits for White');

    const all = [alice, bob, eve];
    const everyone = async (n) => {
      for (const p of all) await waitMoves(p, n);
    };
    await playMove(alice, 'c3', 'd4');
    await everyone(1);
    await screenshot(eve, 'club-spectator-desktop');
    // a reload on Bob's phone comes back to the same game, the same seat
    await bob.reload();
    await bob.waitForSelector('.player.bottom[data-color=black]');
    await waitMoves(bob, 1);
    await playMove(bob, 'f8', 'e7');
    await everyone(2);
    // Bob's phone loses the network while Alice moves; it catches up when it is back
    await bob.context().setOffline(true);
    await playMove(alice, 'd4', 'c5');
    await waitMoves(eve, 3);
    await bob.context().setOffline(false);
    await waitMoves(bob, 3);
    await screenshot(bob, 'club-bob-to-move-phone');
    await playMove(bob, 'e7', 'd6');
    await everyone(4);
    await playMove(alice, 'c5', 'e7');
    await everyone(5);
    for (const p of all) {
      await p.waitForSelector('.status-card.over');
      equal(await p.getAttribute('#game-status', 'data-result'), '1-0', 'the result on every device');
    }
    equal(await moveTexts(eve), ['c3-d4', 'f8-e7', 'd4-c5', 'e7-d6', 'c5:e7'], 'the moves the spectator saw');
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal([game.result, game.reason_code, game.moves.length], ['1-0', 'no-pieces', 5], 'the game on the server');
    for (const p of all) await settled(p);
    await screenshot(bob, 'club-game-over-phone');
    await screenshot(alice, 'club-game-over-desktop');
    state.club = { ...state.club, id, page: alice, pages: all };
  });

  test('club: the arbiter logs in, corrects the result live on every device, and deletes a game', async ({ newPage, state }) => {
    expect(state.club && state.club.id, 'needs the game of the test before');
    const { server, id, pages } = state.club;
    const [alice, bob, eve] = pages;
    const base = server.url;
    try {
      // players have no arbiter's tools, and the server refuses them anyway
      expect(!(await alice.$('[data-action=set-result]')), 'no result tool for a player');
      equal(await fetchFrom(alice, 'POST', `/api/games/${id}/result`, { result: '0-1' }), 401, 'a player setting a result');
      equal(await fetchFrom(eve, 'DELETE', `/api/games/${id}`), 401, 'a spectator deleting the game');

      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/play/${id}`);
      await arbiter.waitForSelector('.play[data-status]');
      await arbiter.click('[data-action=arbiter]');
      await arbiter.fill('#arbiter-password', 'not-the-password');
      await arbiter.click('[data-action=arbiter-submit]');
      await arbiter.waitForSelector('dialog[open] .form-error:not([hidden])');
      expect((await arbiter.textContent('dialog[open] .form-error')).includes('wrong password'), 'a wrong password is refused');
      await arbiter.fill('#arbiter-password', CLUB_PASSWORD);
      await arbiter.click('[data-action=arbiter-submit]');
      await arbiter.waitForSelector('[data-action=arbiter][data-arbiter=true]');
      await arbiter.waitForSelector('[data-action=set-result]');

      // the result is corrected: every device shows it at once
      await arbiter.click('[data-action=set-result]');
      await arbiter.selectOption('#result-select', '1/2-1/2');
      await arbiter.fill('#result-note', 'corrected: agreed at the board');
      await settled(arbiter);
      await screenshot(arbiter, 'club-arbiter-result-desktop');
      await arbiter.click('[data-action=result-submit]');
      for (const p of [arbiter, alice, bob, eve]) {
        await p.waitForFunction(() => document.querySelector('#game-status').dataset.result === '1/2-1/2');
        expect((await p.textContent('#game-status .note')).includes('agreed at the board'), 'the arbiter\'s note is shown');
      }
      await settled(bob);
      await screenshot(bob, 'club-corrected-phone');

      // a game deleted from the archive: the arbiter's button, not a player's
      const { data: extra } = await api(base, 'POST', '/api/games', { opponent: 'human', white: 'Spare', black: 'Board' });
      await alice.goto(`${base}#/archive`);
      await alice.waitForSelector(`.arow[data-id="${extra.id}"]`);
      expect(!(await alice.$('.arow [data-action=delete]')), 'no delete button for a player');
      await arbiter.goto(`${base}#/archive`);
      const row = `.arow[data-id="${extra.id}"]`;
      await arbiter.waitForSelector(`${row} [data-action=delete]`);
      await settled(arbiter);
      await screenshot(arbiter, 'club-archive-arbiter-desktop');
      await arbiter.click(`${row} [data-action=delete]`);
      await arbiter.click('dialog[open] .btn.danger');
      await arbiter.waitForSelector(row, { state: 'detached' });
      equal((await api(base, 'GET', `/api/games/${extra.id}`)).status, 404, 'the deleted game is gone');
      equal((await api(base, 'GET', `/api/games/${id}`)).data.result, '1/2-1/2', 'the corrected game stays');
    } finally {
      for (const p of pages) await p.context().close().catch(() => {});
      delete state.club;
      await server.stop();
    }
  });
}
