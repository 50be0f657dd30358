// accounts.mjs - players' accounts and a rated game (account.js, profile.js; docs/web-api.md
// "Accounts and ratings"), on a server of its own: Anna signs up in the header on her computer,
// Boris on his phone from the join page of Anna's rated game (its seat needs an account: the
// server's message and "Log in" first; his first password is refused beside the field); they play
// a few moves of a rated blitz game and Boris resigns. Both profiles then show the ratings of two
// new players after White's win by Glicko-2 (1500/350/0.06 each: White 1662.31, Black 1337.69,
// both RD 290.32, as tests/data/web/accounts.http works them out: "1662?" and "1338?" while
// provisional) with the one game, and the history chart drawn; the players' names in the game
// link to their profiles. Anna logs out, a wrong password is refused with the server's message,
// and she logs in again.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, equal, expect, playLegal, screenshot, settled, test } from './harness.mjs';

async function text(page, selector) {
  return (await page.textContent(selector)).trim();
}

/** The account dialog filled and sent. */
async function submitAccount(page, name, password) {
  await page.fill('dialog[open] #acc-name', name);
  await page.fill('dialog[open] #acc-password', password);
  await page.click('dialog[open] [data-action=account-submit]');
}

/** The header says who is logged in (its menu's button). */
async function loggedIn(page, name) {
  await page.waitForSelector(`.topbar .account-menu[data-account="${name}"]`);
}

/** A profile's rating row for Russian blitz, once drawn. */
async function profileRating(page, base, name) {
  await page.goto(`${base}#/players/${name}`);
  await page.waitForSelector(`.profile[data-player="${name}"]`);
  const row = '.profile-ratings tr[data-variant=russian][data-speed=blitz]';
  await page.waitForSelector(row);
  return { shown: await text(page, `${row} td.rating`), games: await text(page, `${row} td.games`), deviation: await text(page, `${row} td.deviation`) };
}

export function accountTests() {
  test('accounts: two players sign up on their own devices, play a rated blitz game to a resignation; the profiles show 1662? and 1338? with the game and the chart; log out, a wrong password, log in', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-accounts-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      // ---- Anna, on her computer: no "Rated" before she has an account
      const anna = await newPage(DESKTOP);
      await anna.goto(base);
      await anna.waitForSelector('.topbar [data-action=sign-up]');
      await anna.click('[data-action=new-game]');
      await anna.waitForSelector('dialog[open] form.newgame');
      await anna.click('label.seg:has(input[name=opponent][value=human])');
      await anna.click('label.seg:has(input[name=where][value=devices])');
      expect(await anna.isHidden('.ng-rated'), 'a guest is offered a rated game');
      await anna.click('dialog[open] .dialog-actions .btn:not(.primary)');

      // she signs up in the header
      await anna.click('.topbar [data-action=sign-up]');
      await anna.waitForSelector('dialog[open] form.account-form[data-mode=signup]');
      await submitAccount(anna, 'Anna', 'correct horse');
      await loggedIn(anna, 'Anna');
      await anna.waitForSelector('dialog[open] form.account-form', { state: 'detached' });
      await anna.reload();
      await loggedIn(anna, 'Anna'); // the account's cookie keeps her in

      // ---- the rated game: the dialog says it needs a clock, and the server refuses one without
      await anna.click('[data-action=new-game]');
      await anna.waitForSelector('dialog[open] form.newgame');
      await anna.click('label.seg:has(input[name=opponent][value=human])');
      await anna.click('label.seg:has(input[name=where][value=devices])');
      await anna.click('label.seg:has(input[name=seat][value=white])');
      await anna.waitForSelector('.ng-rated:not([hidden])');
      await anna.selectOption('#ng-time', '');
      await anna.click('.ng-rated label.switch');
      await anna.waitForSelector('form.newgame[data-rated=true] #ng-rated-hint.warn');
      expect((await text(anna, '#ng-rated-hint')).includes('time control'), 'the dialog says a rated game needs a time control');
      expect(await anna.isHidden('label.seg:has(input[name=seat][value=none])'), 'a rated game\'s creator takes a seat');
      await anna.click('[data-action=create]');
      await anna.waitForSelector('dialog[open] .form-error:not([hidden])');
      expect(/time control/.test(await text(anna, 'dialog[open] .form-error')), `the server's reason: ${await text(anna, 'dialog[open] .form-error')}`);
      await anna.waitForSelector('#ng-time.invalid');
      await settled(anna);
      await screenshot(anna, 'accounts-newgame-rated-desktop');
      await anna.selectOption('#ng-time', '3m+2s');
      await anna.waitForSelector('#ng-rated-hint:not(.warn)');
      await anna.click('[data-action=create]');
      await anna.waitForURL(/#\/play\/\d+$/);
      const id = Number(/#\/play\/(\d+)/.exec(anna.url())[1]);
      await anna.waitForSelector('.status-card .rated-chip[data-speed=blitz]');
      equal(await text(anna, '.status-card .rated-chip'), 'Rated · blitz', 'the rated game\'s mark');
      await anna.waitForSelector('.player a.player-link[data-account=Anna]');
      await anna.waitForSelector('.seat-open[data-color=black] .seat-code');
      const code = (await text(anna, '.seat-open[data-color=black] .seat-code')).trim();

      // ---- Boris, on his phone, without an account: the seat needs one
      const boris = await newPage(PHONE);
      await boris.goto(`${base}#/join/${code}`);
      await boris.waitForSelector('.join-error[data-needs=account]');
      expect(/log in/.test(await text(boris, '.join-error')), `the server's message: ${await text(boris, '.join-error')}`);
      await settled(boris);
      await screenshot(boris, 'accounts-join-phone');
      await boris.click('.join-account [data-action=log-in]');
      await boris.waitForSelector('dialog[open] form.account-form[data-mode=login]');
      await boris.click('dialog[open] [data-action=account-switch]');
      await boris.waitForSelector('dialog[open] form.account-form[data-mode=signup]');
      // a password too short: the server's message under the password; a name taken under the name
      await submitAccount(boris, 'Boris', 'short');
      await boris.waitForSelector('#acc-password-error:not([hidden])');
      expect(/6 to 256/.test(await text(boris, '#acc-password-error')), `the password's error: ${await text(boris, '#acc-password-error')}`);
      expect(await boris.isHidden('#acc-name-error'), 'no error beside the name');
      await submitAccount(boris, 'anna', 'battery staple');
      await boris.waitForSelector('#acc-name-error:not([hidden])');
      expect(/taken/.test(await text(boris, '#acc-name-error')), `the name's error: ${await text(boris, '#acc-name-error')}`);
      expect(await boris.isHidden('#acc-password-error'), 'the password\'s error is gone');
      await settled(boris);
      await screenshot(boris, 'accounts-signup-error-phone');
      await submitAccount(boris, 'Boris', 'battery staple');
      // signed up, the page takes the seat by itself
      await boris.waitForURL(new RegExp(`#/play/${id}$`));
      await loggedIn(boris, 'Boris');
      await boris.waitForSelector('.player.bottom[data-color=black] a.player-link[data-account=Boris]');
      await boris.waitForSelector('.status-card .rated-chip[data-speed=blitz]');
      // Anna's page learns Boris's account (the events do not carry it)
      await anna.waitForSelector('.player a.player-link[data-account=Boris]');
      await anna.waitForSelector('.seats-card', { state: 'detached' });

      // a few moves, then Boris resigns
      await playLegal(anna);
      await playLegal(boris);
      await playLegal(anna);
      await playLegal(boris);
      await settled(anna);
      await screenshot(anna, 'accounts-game-desktop');
      await settled(boris);
      await screenshot(boris, 'accounts-game-phone');
      // a third device has Anna's profile open while the game ends (issue 33, finding 4)
      const onlooker = await newPage(DESKTOP);
      await onlooker.goto(base + '#/players/Anna');
      await onlooker.waitForSelector(`.profile[data-player=Anna] .profile-games .game-row[data-id="${id}"]`);
      expect(await onlooker.isVisible('.profile-none'), 'no rating before the game ends');
      await boris.click('[data-action=resign]');
      await boris.click('dialog[open] .btn.danger');
      for (const p of [anna, boris]) await p.waitForSelector('.status-card.over[data-result="1-0"]');
      // the open profile shows the new rating by itself, and says what its "?" means (finding 8)
      await onlooker.waitForFunction(() => (document.querySelector('.profile-ratings td.rating') || {}).textContent === '1662?');
      expect(/provisional/.test(await text(onlooker, '.profile-provisional-note')), 'the "?" explained on the profile');

      // ---- the profiles: a click on Boris's name in Anna's game, then each her or his own
      await anna.click('.player a.player-link[data-account=Boris]');
      await anna.waitForURL(/#\/players\/Boris$/);
      await anna.waitForSelector('.profile[data-player=Boris] .profile-ratings');
      const a = await profileRating(anna, base, 'Anna');
      equal(a, { shown: '1662?', games: '1', deviation: '±290' }, 'Anna\'s rating after her win');
      const b = await profileRating(boris, base, 'Boris');
      equal(b, { shown: '1338?', games: '1', deviation: '±290' }, 'Boris\'s rating after his loss');
      for (const [page, rating] of [[anna, '1662'], [boris, '1338']]) {
        // the history: the start (1500) and the game, a line between them
        const chart = '.profile-chart[data-variant=russian][data-speed=blitz] svg.line-chart';
        await page.waitForSelector(`${chart} polyline.chart-line`);
        equal(await page.$$eval(`${chart} .chart-dot`, (els) => els.map((e) => [e.dataset.game, e.dataset.rating || null])), [['0', null], [String(id), rating]], 'the chart\'s points');
        const box = await page.locator(chart).boundingBox();
        expect(box && box.width > 200 && box.height > 60, `the chart is drawn: ${JSON.stringify(box)}`);
        await page.waitForSelector(`.profile-games .game-row[data-id="${id}"]`);
        equal(await page.$$eval('.profile-games .game-row', (els) => els.length), 1, 'the games on the profile');
        equal(await page.$eval(`.profile-games .game-row[data-id="${id}"]`, (e) => [e.dataset.rated, e.querySelector('.profile-rated').textContent]), ['true', 'Rated · blitz'], 'the game marked rated');
        expect((await text(page, '.profile-since')).length > 10, 'since when');
      }
      await anna.waitForSelector('.profile-roles .chip.you');
      await settled(anna);
      await screenshot(anna, 'accounts-profile-desktop');
      await settled(boris);
      await screenshot(boris, 'accounts-profile-phone', { fullPage: true });
      const overflow = await boris.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the phone's profile scrolls sideways by ${overflow}px`);
      // in Russian
      await boris.click('.topbar [data-lang=ru]');
      await boris.waitForFunction(() => document.documentElement.lang === 'ru' && !!document.querySelector('.profile-chart svg.line-chart'));
      equal(await text(boris, '.profile-ratings td.rating'), '1338?', 'the rating in Russian');
      await settled(boris);
      await screenshot(boris, 'accounts-profile-phone-ru', { fullPage: true });
      const overflowRu = await boris.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflowRu <= 0, `the phone's profile in Russian scrolls sideways by ${overflowRu}px`);
      await boris.click('.topbar [data-lang=en]');
      await boris.waitForFunction(() => document.documentElement.lang === 'en');
      // a game on the profile leads to it
      await boris.click(`.profile-games .game-row[data-id="${id}"]`);
      await boris.waitForURL(new RegExp(`#/play/${id}$`));
      await boris.waitForSelector('.status-card.over .rated-chip');

      // ---- Anna logs out, mistypes her password, logs in
      await anna.click('.topbar [data-action=account-menu]');
      await anna.waitForSelector('.account-menu[open] [data-action=log-out]');
      await settled(anna);
      await screenshot(anna, 'accounts-menu-desktop');
      await anna.click('.account-menu[open] [data-action=log-out]');
      await anna.waitForSelector('.topbar [data-action=log-in]');
      const me = await anna.evaluate(() => fetch('/api/account').then((r) => r.json()));
      equal(me, { account: null }, 'the server after the logout');
      await anna.click('.topbar [data-action=log-in]');
      await anna.waitForSelector('dialog[open] form.account-form[data-mode=login]');
      await submitAccount(anna, 'Anna', 'wrong horse');
      await anna.waitForSelector('#acc-password-error:not([hidden])');
      equal(await text(anna, '#acc-password-error'), 'wrong name or password', 'the server\'s message beside the password');
      await settled(anna);
      await screenshot(anna, 'accounts-login-error-desktop');
      await submitAccount(anna, 'Anna', 'correct horse');
      await loggedIn(anna, 'Anna');
      await anna.waitForSelector('dialog[open] form.account-form', { state: 'detached' });

      // ---- Anna changes her password: a wrong current one is shown beside it; then the new
      // one logs in and the old one does not
      await anna.click('.topbar [data-action=account-menu]');
      await anna.click('.account-menu[open] [data-action=change-password]');
      await anna.waitForSelector('dialog[open] form.account-form[data-mode=password]');
      await anna.fill('#acc-current', 'wrong horse');
      await anna.fill('#acc-new', 'purple monkey dishwasher');
      await anna.click('[data-action=password-submit]');
      await anna.waitForSelector('#acc-current-error:not([hidden])');
      equal(await text(anna, '#acc-current-error'), 'the current password is wrong', 'the server\'s message beside the current password');
      await anna.fill('#acc-current', 'correct horse');
      await anna.click('[data-action=password-submit]');
      await anna.waitForSelector('dialog[open] form.account-form', { state: 'detached' });
      const logins = await anna.evaluate(async () => {
        const login = (password) => fetch('/api/account/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Anna', password }) }).then((r) => r.status);
        return [await login('correct horse'), await login('purple monkey dishwasher')];
      });
      equal(logins, [401, 200], 'the old password, then the new one');
    } finally {
      await server.stop();
    }
  });
}
