// kinds.mjs - a game of each kind in the one game view, on two devices, through a crash:
// Russian checkers (a draughts game), column checkers (bashni: a column game), Novgorod (hex,
// three players, one of them the engine) and Neva (four players, two of them the engine). Each
// is set up in the page's new-game dialog with a clock by the first device (a computer), which
// keeps its own seats; the second (a phone) takes its seat with the code. They play, the server
// is killed with SIGKILL and started again on the same file, both devices come back (a reload)
// to the same position and clocks, play on, and the game ends (a resignation); the archive lists
// it, its replay steps through every move on the right board against the server's positions,
// and its PDN, imported through the archive, gives the same moves. Then the column games' own
// sight: a column's height and the colours under its top (hover, tap) and the move list's
// captures; and the new-game dialog at desktop and phone width.
//
// Each test runs on a server of its own (the harness's Server, which the test kills). What the
// tests expect comes from the server's answers (its legal moves, its positions), and the column
// of the bashni capture from the rules (docs/variants.md: the taken go under the capturer).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, PHONE, PHONE360, Failure, Server, api, boardString, equal, expect, gameOf, moveTexts, newGame, pageApi, playLegal, screenshot, settled, sq, test, waitMoves } from './harness.mjs';

const TIME = '10m+5s';

/** A server of its own on a new games file; the file's path to start it again. */
async function ownServer(label) {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `shashki-${label}-`)), 'games.db');
  return { db, server: await new Server(db).start() };
}

/** Wait until every page shows n moves. */
async function allSee(pages, n) {
  for (const p of new Set(Object.values(pages))) await waitMoves(p, n);
}

/** The page of each person's seat ({colour: page}); the engine's seats have none. Plays `plies`
 *  moves (an engine's move counts, waited for), each chosen by choose(legal, game) (the first
 *  legal move by default) and entered on the board of the page whose player is to move; stops
 *  early when the game ends. Leaves the game at a person's turn. */
async function playPlies(pages, plies, choose) {
  const any = Object.values(pages)[0];
  for (let k = 0; k < plies; k++) {
    const g = await gameOf(any);
    if (g.status !== 'playing') return;
    const page = pages[g.position.side];
    if (page) await playLegal(page, (legal, game) => (choose ? choose(legal, game) : legal[0]));
    await allSee(pages, g.moves.length + 1);
  }
  // the engine's turns after the last, up to a person's
  for (;;) {
    const g = await gameOf(any);
    if (g.status !== 'playing' || (pages[g.position.side] && !g.thinking)) return;
    await allSee(pages, g.moves.length + 1);
  }
}

/** What a device shows of the game: the moves, the board, and each clock's text. */
async function shown(page) {
  const board = (await page.$('.board-svg'))
    ? await boardString(page)
    : await page.$$eval('.other-board-svg .piece', (els) => els.map((e) => `${e.dataset.cell}:${e.dataset.owner}:${e.dataset.kind}`).join(' '));
  const clocks = await page.$$eval('.play .clock[data-color]', (els) => Object.fromEntries(els.map((e) => [e.dataset.color, [e.querySelector('.clock-time').textContent, e.classList.contains('running')]])));
  return { moves: await moveTexts(page), board, clocks };
}

/** The pieces of a Position as the page draws them: the board string of a draughts or column
 *  game, else "cell:owner:kind" of every unit. */
function drawnOf(pos) {
  if (pos.board) return pos.board;
  return pos.units.map((u, i) => (u ? `${i}:${u.owner}:${u.kind}` : null)).filter(Boolean).join(' ');
}

/** Step through a finished game's moves in the game view from the start, each position against
 *  the server's (GET /api/games/ID/position?ply=K). */
async function replay(page, id, n) {
  await page.waitForSelector('.play[data-status=finished]');
  await page.click('.movenav [data-nav=first]');
  await page.waitForSelector('.play-board [data-ply="0"]');
  for (let k = 1; k <= n; k++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`.play-board [data-ply="${k}"]`);
    const { data: pos } = await pageApi(page, 'GET', `/api/games/${id}/position?ply=${k}`);
    const drawn = (await page.$('.board-svg'))
      ? await boardString(page)
      : await page.$$eval('.other-board-svg .piece', (els) => els.map((e) => `${e.dataset.cell}:${e.dataset.owner}:${e.dataset.kind}`).join(' '));
    equal(drawn, drawnOf(pos), `the position after move ${k} in the replay`);
    equal(await page.getAttribute(`.movelist .move[data-ply="${k}"]`, 'aria-current'), 'true', `move ${k} marked in the list`);
  }
}

/**
 * A game of one kind, on two devices, through a crash, to its end, then in the archive:
 * spec {name, variant, create (newGame's options), joiner (the colour whose code the phone
 * takes), before (plies before the crash), after (plies after it), choose (the moves), resigner
 * (the colour that resigns), result, check(pages, id) (more checks after the first plies)}.
 */
async function kindGame(newPage, spec) {
  let { db, server } = await ownServer(spec.name);
  try {
    const a = await newPage(DESKTOP);
    let dialogShot = false;
    const id = await newGame(a, server.url, {
      variant: spec.variant,
      time: TIME,
      ...spec.create,
      before: async (p) => {
        if (spec.dialogShot) {
          await settled(p);
          await screenshot(p, spec.dialogShot);
          dialogShot = true;
        }
      },
    });
    expect(!spec.dialogShot || dialogShot, 'the dialog was photographed');
    let game = await gameOf(a, id);
    equal([game.variant, game.time, game.status], [spec.variant, TIME, 'playing'], 'the game made in the dialog');
    await a.waitForSelector(`.seat-open[data-color=${spec.joiner}] .seat-code`);
    const code = await a.getAttribute(`.seat-open[data-color=${spec.joiner}]`, 'data-code');
    const b = await newPage(PHONE);
    await b.goto(server.url + `j/${code}`);
    await b.waitForURL(new RegExp(`#/play/${id}$`));
    await b.waitForSelector('.play[data-status=playing]');
    await a.waitForSelector(`.seat-open[data-color=${spec.joiner}]`, { state: 'detached' });
    game = await gameOf(b, id);
    equal(game.you, [spec.joiner], 'the phone holds its seat');
    const pages = {};
    for (const p of game.players) {
      if (p.colour === spec.joiner) pages[p.colour] = b;
      else if (p.seat === 'taken') pages[p.colour] = a;
    }
    await playPlies(pages, spec.before, spec.choose);
    if (spec.check) await spec.check({ a, b, id });

    // the crash: both devices' view and the server's game, then SIGKILL and a start on the file
    const before = await gameOf(a, id);
    expect(before.status === 'playing' && before.clock && before.clock.running, 'a game going on, its clock running');
    const seen = { a: await shown(a), b: await shown(b) };
    await server.kill();
    server = await new Server(db).start();
    const restarted = Date.now();
    for (const p of [a, b]) {
      await p.goto(server.url + `#/play/${id}`);
      await waitMoves(p, before.moves.length);
      await p.waitForSelector('.play[data-status=playing]');
    }
    const after = await gameOf(a, id);
    const since = (Date.now() - restarted) / 1000; // the running clock has run since the start
    equal(after.moves.map((m) => m.move.notation), before.moves.map((m) => m.move.notation), 'the moves after the restart');
    equal(after.position.fen, before.position.fen, 'the position after the restart');
    equal([after.clock.running, after.you, (await gameOf(b, id)).you], [before.clock.running, before.you, [spec.joiner]], 'whose clock runs, and each device\'s seats, after the restart');
    for (const c of Object.keys(before.clock).filter((k) => k !== 'running')) {
      if (c === before.clock.running) {
        // it resumes from the time saved after the last move, not less than it had at the crash,
        // and has run since the server started again (the reloads, on a busy machine)
        expect(after.clock[c] >= before.clock[c] - since - 0.2 && after.clock[c] <= before.clock[c] + 10, `${c}'s running clock after the restart: ${after.clock[c]} (${before.clock[c]} at the crash, ${since} s since the start)`);
      } else {
        expect(Math.abs(after.clock[c] - before.clock[c]) < 0.01, `${c}'s clock after the restart: ${after.clock[c]}, not ${before.clock[c]}`);
      }
    }
    for (const [who, page] of [['a', a], ['b', b]]) {
      const now = await shown(page);
      equal(now.moves, seen[who].moves, `the moves on device ${who} after the restart`);
      equal(now.board, seen[who].board, `the board on device ${who} after the restart`);
      for (const [c, [text, running]] of Object.entries(now.clocks)) {
        if (!running) equal(text, seen[who].clocks[c][0], `${c}'s clock on device ${who} after the restart`);
      }
    }

    // the game goes on, and ends
    await playPlies(pages, spec.after, spec.choose);
    const resigner = pages[spec.resigner];
    await resigner.click('[data-action=resign]');
    await resigner.click('dialog[open] .btn.danger');
    for (const p of [a, b]) {
      await p.waitForSelector('.status-card.over');
      equal(await p.getAttribute('.status-card', 'data-result'), spec.result, 'the result on each device');
    }
    const final = await gameOf(a, id);
    equal([final.status, final.result, final.reason_code], ['finished', spec.result, 'resignation'], 'the game\'s end');
    await settled(a);
    await screenshot(a, `kind-${spec.name}-desktop`);
    await settled(b);
    await screenshot(b, `kind-${spec.name}-phone`);
    const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);

    // the archive lists it by its game; its replay steps through every move on its board
    await a.goto(server.url + `#/archive?variant=${spec.variant}`);
    await a.waitForSelector(`.arow[data-id="${id}"]`);
    equal(await a.getAttribute(`.arow[data-id="${id}"] .avariant`, 'data-variant'), spec.variant, 'the archive names the game');
    equal(await a.getAttribute(`.arow[data-id="${id}"] .aplayers`, 'data-players'), String(final.players.length), 'the archive shows every player');
    await a.click(`.arow[data-id="${id}"] [data-action=replay]`);
    await a.waitForURL(new RegExp(`#/play/${id}$`));
    await replay(a, id, final.moves.length);

    // its PDN, imported through the archive, is the same game
    const [download] = await Promise.all([a.waitForEvent('download'), a.click('[data-action=pdn]')]);
    const pdn = fs.readFileSync(await download.path(), 'utf8');
    expect(pdn.includes(`[Result "${spec.result}"]`), `the PDN's result:\n${pdn}`);
    await a.goto(server.url + '#/archive');
    await a.click('[data-action=import]');
    await a.fill('#archive-pdn', pdn);
    await a.click('[data-action=do-import]');
    await a.waitForSelector('.import-result .ok');
    await a.keyboard.press('Escape');
    await a.waitForSelector('dialog[open]', { state: 'detached' });
    const { data: list } = await pageApi(a, 'GET', `/api/games?variant=${spec.variant}&limit=100`);
    const copy = Math.max(...list.games.map((g) => g.id));
    expect(copy > id, `a game imported (${copy})`);
    const imported = await gameOf(a, copy);
    equal(imported.moves.map((m) => m.move.notation), final.moves.map((m) => m.move.notation), 'the moves of the PDN imported');
    equal([imported.variant, imported.result], [spec.variant, spec.result], 'the game and result of the PDN imported');
    await a.goto(server.url + `#/play/${copy}`);
    await replay(a, copy, imported.moves.length);
  } finally {
    await server.stop();
  }
}

/** The letters of a Unit's column, top first ('bw'). */
const columnOf = (u) => u.column.map((p) => (p.owner === 'white' ? 'w' : 'b')[p.kind === 'king' ? 'toUpperCase' : 'toLowerCase']()).join('');

/** The moves by their notation, each in its turn. */
const scripted = (line) => (legal, game) => legal.find((m) => m.notation === line[game.moves.length]) || legal[0];

/** A game of two people on two devices, White's set up here, Black's taken with the code; Black
 *  resigns at the end. */
const twoDevices = (variant, white, black) => ({
  name: variant,
  variant,
  create: { opponent: 'human', where: 'devices', seat: 'white', white, black },
  joiner: 'black',
  resigner: 'black',
  result: '1-0',
});

export function kindTests() {
  test('kinds: Russian checkers on two devices with a clock, through a server crash, to a resignation; archive, replay, PDN', async ({ newPage }) => {
    await kindGame(newPage, { ...twoDevices('russian', 'Anna', 'Boris'), before: 4, after: 2, dialogShot: 'kind-dialog-desktop' });
  });

  test('kinds: column checkers (bashni) on two devices: the columns seen by hover and tap and in the move list, through a crash, to a resignation; archive, replay, PDN', async ({ newPage }) => {
    // c3-d4 f6-e5, and the captures: d4:f6 puts the black man under White's, g7:e5 takes that
    // White's top and puts it under Black's (docs/variants.md "Column checkers")
    const line = ['c3-d4', 'f6-e5', 'd4:f6', 'g7:e5'];
    await kindGame(newPage, {
      ...twoDevices('columns', 'Vera', 'Gleb'),
      before: 4,
      after: 3,
      choose: scripted(line),
      check: async ({ a, b, id }) => {
        const g = await gameOf(a, id);
        equal(g.moves.map((m) => m.move.notation), line, 'the line played');
        const e5 = g.position.units[g.geometry.cells.findIndex((c) => c.name === 'e5')];
        equal(columnOf(e5), 'bw', 'the server\'s column on e5: Black above White');
        // on the board: its top, its height, the colours under it
        for (const p of [a, b]) {
          await p.waitForSelector('.board-svg .piece[data-square=e5][data-column]');
          equal(await p.getAttribute('.board-svg .piece[data-square=e5]', 'data-column'), 'bw', 'the column drawn on e5');
          equal(await p.textContent('.board-svg .piece[data-square=e5] .column-height'), '2', 'its height on the badge');
          equal(await p.$$eval('.board-svg .piece[data-square=e5] .column-under .layer', (els) => els.map((e) => e.classList.contains('white'))), [true], 'the White man under it drawn in its colour');
        }
        // the computer: a mouse over e5 shows the whole column, top first
        await a.hover(sq('e5'));
        await a.waitForSelector('.column-tip[data-square=e5]:not([hidden])');
        equal(await a.$$eval('.column-tip li', (els) => els.map((e) => e.dataset.piece)), ['b', 'w'], 'the column\'s pieces on hover');
        expect((await a.textContent('.column-tip')).includes('White man'), 'the pieces named');
        await settled(a);
        await screenshot(a, 'kind-columns-hover-desktop');
        // the phone: a tap on e5
        await b.click(sq('e5'));
        await b.waitForSelector('.column-tip[data-square=e5]:not([hidden])');
        equal(await b.getAttribute('.column-tip', 'data-column'), 'bw', 'the column on a tap');
        await settled(b);
        await screenshot(b, 'kind-columns-tap-phone');
        // the move list: the captures, each with the column it left where it landed
        for (const p of [a, b]) {
          equal(await moveTexts(p), line, 'the move list');
          equal(await p.getAttribute('.movelist .move[data-ply="3"] .move-stack', 'data-column'), 'wb', 'd4:f6 left White above Black on f6');
          equal(await p.getAttribute('.movelist .move[data-ply="4"] .move-stack', 'data-column'), 'bw', 'g7:e5 left Black above White on e5');
          equal(await p.$$eval('.movelist .move[data-ply="1"] .move-stack, .movelist .move[data-ply="2"] .move-stack', (els) => els.length), 0, 'no column after a quiet move');
        }
        // a review of the move before shows the column of then
        await a.click('.movelist .move[data-ply="3"]');
        await a.waitForSelector('.play-board [data-ply="3"] .piece[data-square=f6][data-column=wb]');
        await a.click('.movenav [data-nav=last]');
        await a.waitForSelector('.play-board [data-ply="4"]');
      },
    });
  });

  test('kinds: Novgorod (hex, three players, one the engine) on two devices with a clock, through a crash, to a resignation; archive, replay, PDN', async ({ newPage }) => {
    await kindGame(newPage, {
      name: 'novgorod',
      variant: 'novgorod',
      create: { seats: ['here', 'code', 'engine'], names: ['Anna', 'Boris'], levels: [0, 0, 1] },
      joiner: 'black',
      before: 6,
      after: 3,
      resigner: 'white',
      result: '0-1/2-1/2',
    });
  });

  test('kinds: Neva (four players, two the engine) on two devices with a clock, through a crash, to a resignation; archive, replay, PDN', async ({ newPage }) => {
    await kindGame(newPage, {
      name: 'neva',
      variant: 'neva',
      create: { seats: ['here', 'code', 'engine', 'engine'], names: ['Anna', 'Boris'], levels: [0, 0, 1, 1] },
      joiner: 'red',
      before: 8,
      after: 4,
      resigner: 'red',
      result: '1/3-0-1/3-1/3',
    });
  });

  test('kinds: the new-game dialog offers every game, grouped by family, with its settings and a seat per player; at phone width too', async ({ base, newPage }) => {
    const { data } = await api(base, 'GET', '/api/variants');
    for (const [viewport, name] of [[DESKTOP, 'desktop'], [PHONE360, 'phone']]) {
      const page = await newPage(viewport);
      await page.goto(base + '#/');
      await page.click('[data-action=new-game]');
      await page.waitForSelector('dialog[open] form.newgame');
      const groups = await page.$$eval('#ng-variant optgroup', (gs) => gs.map((g) => [g.dataset.family, [...g.querySelectorAll('option')].map((o) => o.value)]));
      equal(groups, ['draughts', 'columns', 'other'].map((f) => [f, data.variants.filter((v) => v.family === f).map((v) => v.name)]), 'the games by family');
      for (const v of data.variants) {
        const label = await page.$eval(`#ng-variant option[value="${v.name}"]`, (o) => o.textContent);
        expect(label.includes(v.title_ru), `${v.name}: its Russian title in the list (${label})`);
      }
      await page.selectOption('#ng-variant', 'neva');
      await page.waitForSelector('dialog[open] form.newgame[data-players="4"]');
      const neva = data.variants.find((v) => v.name === 'neva');
      equal(await page.locator('dialog[open] select[data-setting]').count(), neva.settings.length, 'neva: a control per setting');
      equal(await page.$$eval('dialog[open] .ng-seat', (els) => els.map((e) => e.dataset.color)), neva.colours, 'neva: a seat per player, in order');
      expect(!(await page.isVisible('label.seg:has(input[name=opponent])')), 'no two-player choices for four');
      await settled(page);
      await screenshot(page, `newgame-neva-${name}`);
      const wide = await page.$eval('dialog[open]', (d) => d.scrollWidth - d.clientWidth);
      expect(wide <= 0, `the dialog scrolls sideways by ${wide}px`);
      await page.selectOption('#ng-variant', 'lasca');
      await page.waitForSelector('dialog[open] form.newgame[data-family=columns]');
      expect(await page.isVisible('label.seg:has(input[name=start][value=fen])'), 'a FEN start for a column game');
      expect(!(await page.isVisible('dialog[open] .ng-settings')), 'no settings for lasca');
      await page.selectOption('#ng-variant', 'corners');
      await page.waitForSelector('dialog[open] form.newgame[data-family=other]');
      expect(!(await page.isVisible('label.seg:has(input[name=start][value=fen])')), 'no FEN start for corners');
      expect(await page.isVisible('label.seg:has(input[name=opponent][value=engine])'), 'the two-player choices for corners');
      await settled(page);
      await screenshot(page, `newgame-corners-${name}`);
      // a bad choice the server refuses is shown beside its field
      await page.selectOption('#ng-variant', 'russian');
      await page.selectOption('#ng-time', 'custom');
      await page.fill('#ng-time-text', 'never');
      await page.click('[data-action=create]');
      await page.waitForSelector('dialog[open] .form-error:not([hidden])');
      expect(await page.$eval('#ng-time-text', (e) => e.classList.contains('invalid')), 'the bad clock marked');
      if (!(await page.$('dialog[open]'))) throw new Failure('the dialog closed on an error');
    }
  });
}
