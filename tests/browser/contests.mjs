// contests.mjs - solving and composing contests (#/contests), on a server of its own. A solving
// contest: the arbiter creates it in the form, adds a problem typed as FEN, one of the built-in
// set and one set up in the editor; two solvers sign in with the code on their own devices
// (phones): Anna solves every problem on the board move by move, Boris plays a first move that
// does not win on problem 1, sends problem 2 as text and solves problem 3 with the other winning
// key (half the points, the default rule); the arbiter's standings follow live, and print alone.
// A composing contest: a sound entry and a cooked one, checked as they are entered; two judges;
// the award.
//
// The problems, worked by hand: 1. W:Wa1,b2,c3:Ba5,e5,g7: 1. c3-b4! a5:c3 (forced) 2. b2:h8
// taking c3, e5 and g7. 2. P0386 W:Wa3,Kd8,e5:BKh4: 1. e5-f6! h4:e7 (forced) 2. d8:f6. 3.
// W:Wc3,e3:Bd4: c3:e5 (the solver's key) or e3:c5 take Black's last man. Standings: Anna 10 +
// 10 + 10 = 30, Boris 0 + 10 + 5 = 15.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, Server, clickSquare, equal, expect, pageApi, playMove, screenshot, settled, test, waitInteractive } from './harness.mjs';

const cell = (solver, problem) => `.contest-standings tr[data-solver="${solver}"] td[data-problem="${problem}"]`;

async function text(page, selector) {
  return (await page.textContent(selector)).trim();
}

async function waitTab(page, problem, state) {
  await page.waitForSelector(`.problem-tab[data-problem="${problem}"][data-state="${state}"]`);
}

export function contestTests() {
  test('contests: a solving contest (a problem as FEN, one of the built-in set, one set up in the editor; two solvers on their phones, one wrong on one problem; live standings; print) and a composing contest (entries checked, judges, the award)', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-contests-')), 'games.db');
    const server = await new Server(db).start();
    const base = server.url;
    try {
      // no password: the server's own machine is the arbiter
      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/contests`);
      await arbiter.waitForSelector('[data-form=new-contest]:not([hidden])');
      await arbiter.fill('#ct-name', 'Spring solving');
      await arbiter.fill('#ct-minutes', '30');
      await arbiter.fill('#ct-code', 'SPRING');
      await arbiter.click('[data-action=create-contest]');
      await arbiter.waitForURL(/#\/contests\/1$/);
      await arbiter.waitForSelector('[data-form=add-problem]');

      // problem 1 typed as FEN; problem 2 from the built-in set
      await arbiter.fill('#pr-fen', 'W:Wa1,b2,c3:Ba5,e5,g7');
      await arbiter.fill('#pr-title', 'b2 strike');
      await arbiter.click('[data-action=add-problem]');
      await arbiter.waitForSelector('.contest-problems li[data-problem="1"]');
      equal(await text(arbiter, '.contest-problems li[data-problem="1"] .solution'), '1. c3-b4! a5:c3 2. b2:h8', 'problem 1\'s solution, proven');
      await arbiter.selectOption('#pr-source', 'puzzle');
      await arbiter.fill('#pr-puzzle', 'P0386');
      await arbiter.click('[data-action=add-problem]');
      await arbiter.waitForSelector('.contest-problems li[data-problem="2"]');
      equal(await text(arbiter, '.contest-problems li[data-problem="2"] .solution'), '1. e5-f6! h4:e7 2. d8:f6', 'problem 2 (P0386)');

      // problem 3 set up in the editor: white men c3, e3, a black man d4, White to move
      await arbiter.click('[data-action=setup]');
      await arbiter.waitForSelector('.editor');
      await clickSquare(arbiter, 'c3');
      await clickSquare(arbiter, 'e3');
      await arbiter.click('.editor [data-tool=b]');
      await clickSquare(arbiter, 'd4');
      await arbiter.waitForSelector('[data-action=editor-done]:not([disabled])');
      await arbiter.click('[data-action=editor-done]');
      await arbiter.waitForSelector('[data-form=add-problem]');
      equal(await arbiter.inputValue('#pr-fen'), 'W:Wc3,e3:Bd4', 'the editor\'s position in the form');
      await arbiter.click('[data-action=add-problem]');
      await arbiter.waitForSelector('.contest-problems li[data-problem="3"]');
      equal(await text(arbiter, '.contest-problems li[data-problem="3"] .solution'), '1. c3:e5!', 'problem 3: the solver\'s key');
      expect((await text(arbiter, '.contest-head .lead')).includes('SPRING'), 'the arbiter sees the code');

      // two solvers sign in on their phones with the code; before that the page asks nothing
      // it has no right to (no 401 for the sheet in the console)
      const anna = await newPage(PHONE);
      const boris = await newPage(PHONE);
      const consoleErrors = [];
      anna.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
      for (const [page, name, code] of [[anna, 'Anna', 'spring'], [boris, 'Boris', 'SPRING']]) {
        await page.goto(`${base}#/contests/1`);
        await page.waitForSelector('[data-form=join]');
        if (page === anna) {
          await settled(anna);
          equal(consoleErrors, [], 'the console of a visitor not signed in');
        }
        await page.fill('#join-code', code);
        await page.fill('#join-name', name);
        await page.click('[data-action=join]');
        await page.waitForSelector('.problem-tab[data-problem="3"]');
      }
      await anna.waitForSelector('.contest[data-solver="1"]');
      await boris.waitForSelector('.contest[data-solver="2"]');
      // the solver is told the board takes his moves, and the text's example gives no solution away
      expect(/on the board, move by move/.test(await text(anna, '.solve-on-board')), 'the hint to play on the board');
      const example = await anna.getAttribute('#answer-text', 'placeholder');
      expect(!example.includes('c3-b4') && !example.includes('b2:h8'), `the text answer's example: ${example}`);

      // a wrong code is refused
      const stranger = await newPage(PHONE);
      await stranger.goto(`${base}#/contests/1`);
      await stranger.fill('#join-code', 'WINTER');
      await stranger.fill('#join-name', 'Eve');
      await stranger.click('[data-action=join]');
      await stranger.waitForSelector('[data-form=join] .form-error:not([hidden])');
      expect((await text(stranger, '[data-form=join] .form-error')).includes('code'), 'a wrong code is refused');

      // Anna, move by move: problem 1 (the defence a5:c3 comes back), then 2, then 3
      await playMove(anna, 'c3', 'b4');
      await anna.waitForFunction(() => document.querySelector('.contest-message').textContent.includes('a5:c3'));
      await screenshot(anna, 'contest-solver-phone');
      await waitInteractive(anna);
      for (const s of ['b2', 'd4', 'f6', 'h8']) await clickSquare(anna, s);
      await waitTab(anna, 1, 'solved');
      await anna.click('.problem-tab[data-problem="2"]');
      await playMove(anna, 'e5', 'f6');
      await anna.waitForFunction(() => document.querySelector('.contest-message').textContent.includes('h4:e7'));
      await playMove(anna, 'd8', 'f6');
      await waitTab(anna, 2, 'solved');
      await anna.click('.problem-tab[data-problem="3"]');
      await playMove(anna, 'c3', 'e5');
      await waitTab(anna, 3, 'solved');

      // Boris: a first move that does not win; problem 2 as text; problem 3's other key
      await playMove(boris, 'c3', 'd4');
      await waitTab(boris, 1, 'failed');
      expect((await text(boris, '.contest-message')).includes('c3-d4? does not win'), 'Boris is told why');
      await boris.click('.problem-tab[data-problem="2"]');
      await boris.fill('#answer-text', '1. e5-f6! h4:e7 2. d8:f6');
      await boris.click('[data-action=send-text]');
      await waitTab(boris, 2, 'solved');
      await boris.click('.problem-tab[data-problem="3"]');
      await waitInteractive(boris);
      await clickSquare(boris, 'e3');
      await clickSquare(boris, 'c5');
      await waitTab(boris, 3, 'solved');
      expect((await text(boris, '.contest-message')).includes('5'), 'another key: half the points');

      // the arbiter's standings followed by themselves
      await arbiter.waitForFunction(() => {
        const p = (s) => (document.querySelector(`.contest-standings tr[data-solver="${s}"] td.points`) || {}).textContent;
        return p(1) === '30' && p(2) === '15';
      });
      const order = await arbiter.$$eval('.contest-standings tbody tr', (rows) => rows.map((r) => [r.dataset.solver, r.querySelector('.rank').textContent]));
      equal(order, [['1', '1'], ['2', '2']], 'Anna first, Boris second');
      equal(await arbiter.getAttribute(cell(2, 1), 'data-state'), 'failed', 'Boris failed problem 1');
      equal(await text(arbiter, cell(2, 3)), '5', 'Boris\'s half point on problem 3');
      equal(await text(arbiter, cell(1, 3)), '10', 'Anna\'s problem 3');
      await settled(arbiter);
      await screenshot(arbiter, 'contest-standings-desktop');
      await arbiter.evaluate(() => (document.body.dataset.print = 'contest'));
      await arbiter.emulateMedia({ media: 'print' });
      expect((await arbiter.isVisible('.contest-standings')) && !(await arbiter.isVisible('[data-form=add-problem]')) && !(await arbiter.isVisible('.topbar')), 'printing shows the standings alone');
      await screenshot(arbiter, 'contest-print-desktop');
      await arbiter.emulateMedia({ media: 'screen' });

      // a composing contest
      await arbiter.goto(`${base}#/contests`);
      await arbiter.waitForSelector('[data-form=new-contest]:not([hidden])');
      await arbiter.fill('#ct-name', 'Etudes 2026');
      await arbiter.selectOption('#ct-kind', 'composing');
      await arbiter.click('[data-action=create-contest]');
      await arbiter.waitForURL(/#\/contests\/2$/);
      const entries = [
        ['Ivanov', 'Strike', 'W:Wa1,b2,c3:Ba5,e5,g7', '1. c3-b4! a5:c3 2. b2:h8'],
        ['Petrov', '', 'W:Wc3,e3:Bd4', '1. c3:e5'],
      ];
      for (const [i, [author, title, fen, stated]] of entries.entries()) {
        await arbiter.waitForSelector('[data-form=add-entry]');
        await arbiter.fill('#en-author', author);
        await arbiter.fill('#en-title', title);
        await arbiter.fill('#en-fen', fen);
        await arbiter.fill('#en-stated', stated);
        await arbiter.click('[data-action=add-entry]');
        await arbiter.waitForSelector(`.contest-entries tr[data-entry="${i + 1}"]`);
      }
      equal(await arbiter.getAttribute('.contest-entries tr[data-entry="1"]', 'data-sound'), 'true', 'the strike is sound');
      equal(await arbiter.getAttribute('.contest-entries tr[data-entry="2"]', 'data-sound'), 'false', 'the second entry is cooked');
      expect((await text(arbiter, '.contest-entries tr[data-entry="2"] .report')).includes('cook: e3:c5 wins too'), 'the cook is named');
      for (const [judge, points] of [['Judge A', '8'], ['Judge B', '7.5']]) {
        await arbiter.fill('#mk-judge', judge);
        await arbiter.selectOption('#mk-entry', '1');
        await arbiter.fill('#mk-points', points);
        await arbiter.click('[data-action=mark]');
        await arbiter.waitForSelector(`.contest-award tr[data-entry="1"] td:nth-child(4):text("${judge === 'Judge A' ? 1 : 2}")`);
      }
      equal(await text(arbiter, '.contest-award tr[data-entry="1"] td.points'), '15.5', 'the judges\' total');
      equal(await arbiter.getAttribute('.contest-award tr[data-entry="1"]', 'data-place'), '1', 'first place');
      equal(await arbiter.getAttribute('.contest-award tr[data-entry="2"]', 'data-place'), '', 'the cooked entry is not ranked');
      await settled(arbiter);
      await screenshot(arbiter, 'contest-award-desktop');
    } finally {
      await server.stop();
    }
  });

  // issue 35: a composer sends his own entry from his account; the judges' page shows the entries
  // without their authors until the arbiter publishes the award; the marks' rule (highest and
  // lowest dropped); the contest's files downloaded from the page. A password is set, so the
  // composer's and the judges' pages are not the arbiter's.
  test('contests: a composer sends his own entry, anonymous to the judges until the award is published; marks trimmed; the files', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-compose-')), 'games.db');
    const server = await new Server(db, { password: 'award-2026' }).start();
    const base = server.url;
    try {
      const arbiter = await newPage(DESKTOP);
      await arbiter.goto(`${base}#/contests`);
      equal((await pageApi(arbiter, 'POST', '/api/session', { password: 'award-2026' })).status, 200, 'the arbiter logs in');
      const made = await pageApi(arbiter, 'POST', '/api/contests', { name: 'Etudes', kind: 'composing' });
      equal(made.status, 201, 'a composing contest');
      await pageApi(arbiter, 'POST', '/api/contests/1/entries', { author: 'Ivanov', title: 'Strike', fen: 'W:Wa1,b2,c3:Ba5,e5,g7', stated: '1. c3-b4! a5:c3 2. b2:h8' });

      const vera = await newPage(PHONE);
      await vera.goto(`${base}#/contests/1`);
      equal((await pageApi(vera, 'POST', '/api/accounts', { name: 'Vera', password: 'composer 1' })).status, 201, 'Vera signs up');
      await vera.reload();
      await vera.waitForSelector('[data-form=send-entry]');
      expect(!(await vera.isVisible('#en-author')), 'a composer does not type an author: it is his account');
      await vera.fill('#en-title', 'Mine');
      await vera.fill('#en-fen', 'W:Wa1,b2,c3:Ba5,e5,g7');
      await vera.fill('#en-stated', '1. c3-b4! a5:c3 2. b2:h8');
      await vera.click('[data-action=add-entry]');
      await vera.waitForSelector('.contest-entries tr[data-entry="2"] td[data-author="Vera"]');
      expect(!(await vera.$('.contest-entries tr[data-entry="1"] td[data-author="Ivanov"]')), 'Vera does not see the other author');
      await settled(vera);
      await screenshot(vera, 'contest-send-entry-phone');

      const judge = await newPage(DESKTOP);
      await judge.goto(`${base}#/contests/1`);
      await judge.waitForSelector('.contest-entries tr[data-entry="2"]');
      const authors = await judge.$$eval('.contest-entries td[data-author]', (cells) => cells.map((c) => c.dataset.author));
      equal(authors, ['', ''], 'the judges see no author');
      expect((await judge.textContent('.contest-entries tr[data-entry="2"]')).includes('anonymous'), 'an entry without its author says so');
      expect(!(await judge.$('[data-form=send-entry]')) && !(await judge.$('[data-form=mark]')), 'no forms for a judge without an account');

      // marks: Strike 9, 9, 1 (19), Mine 7, 7, 7 (21); trimmed, Strike 9 and Mine 7
      await arbiter.goto(`${base}#/contests/1`);
      await arbiter.waitForSelector('[data-card=award-settings]');
      for (const [j, e, p] of [['A', 1, 9], ['B', 1, 9], ['C', 1, 1], ['A', 2, 7], ['B', 2, 7], ['C', 2, 7]])
        equal((await pageApi(arbiter, 'POST', '/api/contests/1/marks', { judge: j, entry: e, points: p })).status, 200, `judge ${j}`);
      await arbiter.reload();
      await arbiter.waitForSelector('.contest-award tr[data-entry="2"][data-place="1"]');
      await arbiter.selectOption('#aw-marks', 'trimmed');
      await arbiter.waitForSelector('.contest-award tr[data-entry="1"][data-place="1"]');
      equal((await text(arbiter, '.contest-award tr[data-entry="1"] td.points')), '9', 'Strike keeps its middle mark');
      await arbiter.waitForSelector('.contest-award [data-marks=trimmed]');

      // the files, as the page's links fetch them
      const files = await judge.$$eval('[data-card=files] a', (links) => links.map((a) => a.getAttribute('href')));
      equal(files, ['/api/contests/1/export/pdn', '/api/contests/1/export/text'], 'the two downloads');
      const pdn = await judge.evaluate(async (u) => (await fetch(u)).text(), files[0]);
      expect(pdn.includes('[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]') && !pdn.includes('Annotator'), 'the entries as PDN, without their authors before the award');

      await arbiter.check('#aw-published');
      await arbiter.waitForFunction(() => document.querySelector('#aw-published').checked);
      await judge.reload();
      await judge.waitForSelector('.contest-entries tr[data-entry="1"] td[data-author="Ivanov"]');
      const after = await judge.evaluate(async (u) => (await fetch(u)).text(), files[1]);
      expect(after.includes('1. Ivanov, Strike: 9 points'), `the award as text names the authors once published: ${after}`);
      await settled(arbiter);
      await screenshot(arbiter, 'contest-award-trimmed-desktop');
    } finally {
      await server.stop();
    }
  });
}
