// archive.mjs - the archive (search, replay, delete, import a PDN file: the games of play.mjs's
// draw and resignation), the analysis board (a position set up, validated and analysed by the
// engine; FEN and PDN imported and exported; the endgame databases' note), and a game that
// survives a kill of the server.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DESKTOP, HERE, Server, api, boardString, clickSquare, equal, expect, moveTexts, needEndpoint, newGame, openEditor, screenshot, test, waitInteractive, waitMoves } from './harness.mjs';

const SAMPLE_PDN = fs.readFileSync(path.join(HERE, 'data', 'abaulin-abaciev-1965.pdn'), 'utf8');

/** The archive, the analysis board, and a game through a server kill. */
export function archiveTests() {
  test('archive: search by player and result, replay a game move by move', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/games');
    expect(state.drawGame, 'needs the drawn game of the draw test');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/archive');
    await page.waitForSelector('.arow[data-id]');
    await page.fill('#archive-search', 'Drawson');
    await page.waitForFunction(() => [...document.querySelectorAll('.arow[data-id]')].length === 1);
    equal(await page.getAttribute('.arow[data-id]', 'data-id'), String(state.drawGame), 'the game found by name');
    await page.fill('#archive-search', '');
    await page.waitForFunction(() => !location.hash.includes('q='));
    await page.selectOption('#archive-result', '1/2-1/2');
    await page.waitForFunction(() => location.hash.includes('result='));
    // the filtered list replaces the whole one (which holds the drawn game too): wait for it
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll('.arow[data-id]')];
      return rows.some((r) => r.dataset.id === String(id)) && rows.every((r) => r.querySelector('.aresult')?.dataset.outcome === 'draw');
    }, state.drawGame);
    const results = await page.$$eval('.arow[data-id] .aresult', (els) => els.map((e) => e.dataset.outcome));
    expect(results.every((r) => r === 'draw'), `only draws are listed: ${results}`);
    await screenshot(page, 'archive-desktop');
    await page.click(`.arow[data-id="${state.drawGame}"] [data-action=replay]`);
    await page.waitForURL(new RegExp(`#/play/${state.drawGame}$`));
    await waitMoves(page, 1);
    await page.click('[data-nav=first]');
    await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '0');
    const { data: start } = await api(base, 'POST', '/api/position', {});
    equal(await boardString(page), start.board, 'the first position');
    await page.click('.move[data-ply="1"]');
    const { data: after } = await api(base, 'POST', '/api/position', { moves: ['c3-d4'] });
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, after.board);
  });

  test('archive: delete a game', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/games');
    expect(state.resignGame, 'needs the game of the resign test');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/archive');
    const row = `.arow[data-id="${state.resignGame}"]`;
    await page.waitForSelector(row);
    await page.click(`${row} [data-action=delete]`);
    await page.click('dialog[open] .btn.danger');
    await page.waitForSelector(row, { state: 'detached' });
    equal((await api(base, 'GET', `/api/games/${state.resignGame}`)).status, 404, 'the deleted game is gone');
  });

  test('archive: import a PDN file and replay the game', async ({ base, newPage }) => {
    await needEndpoint(base, 'POST', '/api/import', { pdn: '' });
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/archive');
    await page.click('[data-action=import]');
    // from a file, as a person would choose it
    await page.setInputFiles('dialog[open] input[type=file]', path.join(HERE, 'data', 'abaulin-abaciev-1965.pdn'));
    await page.waitForFunction(() => document.querySelector('#archive-pdn').value.includes('Abaulin'));
    await page.click('[data-action=do-import]');
    await page.waitForSelector('.import-result .ok');
    const msg = await page.textContent('.import-result');
    expect(/Imported 1 game\b/.test(msg), `import message: ${msg}`);
    await page.click('dialog[open] .dialog-actions .btn:has-text("Close")');
    await page.fill('#archive-search', 'Abaulin');
    await page.waitForFunction(() => document.querySelectorAll('.arow[data-id]').length === 1);
    await page.click('.arow[data-id] [data-action=replay]');
    await page.waitForURL(/#\/play\/\d+$/);
    await waitMoves(page, 83);
    const moves = await moveTexts(page);
    equal(moves.length, 83, 'plies of the game');
    equal(moves[0], 'c3-d4', 'the first move');
    equal(await page.getAttribute('#game-status', 'data-result'), '1-0', 'the result of the game');
    await page.click('[data-nav=first]');
    await page.click('[data-nav=next]');
    await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '1');
    await screenshot(page, 'imported-replay-desktop');
  });

  test('analysis: set up a position, see it validated, analyse it with the engine', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await openEditor(page, base);
    // 13 white men cannot be
    await page.click('[data-action=editor-start]');
    await page.click('[data-tool=w]');
    await clickSquare(page, 'e5');
    await page.waitForSelector('#editor-verdict.bad');
    await page.click('[data-action=editor-clear]');
    await page.click('[data-tool=w]');
    await clickSquare(page, 'c3');
    await page.click('[data-tool=b]');
    for (const s of ['b6', 'd4', 'd6', 'f6']) await clickSquare(page, s);
    await page.click('[data-tool=B]');
    await clickSquare(page, 'h8');
    await page.waitForSelector('#editor-verdict.ok');
    const fen = await page.inputValue('#editor-fen');
    const { data: pos } = await api(base, 'POST', '/api/position', { fen });
    equal(pos.board, '...B....bbb......b...w..........', 'the board set up');
    await screenshot(page, 'editor-desktop');
    await page.click('[data-action=editor-done]');
    await waitInteractive(page);
    expect(page.url().includes('fen='), 'the position is in the address');
    await needEndpoint(base, 'GET', '/api/analyse?fen=' + encodeURIComponent(pos.fen) + '&depth=1');
    await page.check('#engine-toggle', { force: true });
    await page.waitForSelector('.pv-line', { timeout: 30_000 });
    const first = await page.textContent('.pv-line[data-rank="1"] .pv-move');
    expect(pos.legal.some((m) => m.notation === first.trim()), `the best line starts with a legal move: ${first}`);
    const score = await page.textContent('.pv-line[data-rank="1"] .score');
    expect(/^[+−]?(#\d+|\d+\.\d\d)$/.test(score.trim()), `a score: ${score}`);
    await page.waitForSelector('.arrow.best');
    await screenshot(page, 'analysis-desktop');
    await page.click('.pv-line[data-rank="1"] .pv-move');
    await waitMoves(page, 1);
  });

  test('analysis: import FEN and PDN, export PDN', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis');
    await waitInteractive(page);
    await page.click('[data-action=import]');
    await page.fill('#import-fen', 'B:W18,K31:B3,11');
    await page.click('[data-action=load-fen]');
    await page.waitForFunction(() => document.querySelector('.analysis').dataset.fen?.startsWith('B:'));
    const { data: pos } = await api(base, 'POST', '/api/position', { fen: 'B:W18,K31:B3,11' });
    equal(await boardString(page), pos.board, 'the board from the FEN');
    // play a move and export the line
    await waitInteractive(page);
    const m = pos.legal[0];
    for (const s of m.paths[0]) await clickSquare(page, s);
    await waitMoves(page, 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export-pdn]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.includes(`[FEN "${pos.fen}"]`), `the PDN has the start position:\n${text}`);
    expect(text.includes(`1... ${m.notation}`), `the PDN has the move:\n${text}`);
    // PDN import goes through the archive
    await needEndpoint(base, 'POST', '/api/import', { pdn: '' });
    await page.click('[data-action=import]');
    await page.fill('#import-pdn', SAMPLE_PDN);
    await page.click('[data-action=load-pdn]');
    await waitMoves(page, 83);
    equal((await moveTexts(page))[82], 'd8-f6', 'the last move of the imported game');
  });

  test('analysis: the endgame databases\' note, from a server building them in the background, in English and Russian', async ({ base, newPage }) => {
    // the suite's server builds none (--no-egdb-build); the note says what it found (none under
    // the test runner, which points it at a folder that is not there)
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis?fen=' + encodeURIComponent('W:Wc3,Ka1:Bf6'));
    await waitInteractive(page);
    const found = (await api(base, 'GET', '/api/health')).data.egdb;
    equal(found.state, 'off', 'the suite\'s server builds no databases');
    await page.waitForSelector('.egdb-note[data-state="off"]', { state: 'attached' });
    if (found.pieces) equal(await page.textContent('.egdb-note'), `Endgame databases: every ending of up to ${found.pieces} pieces.`, 'the note of the databases found');
    else expect(await page.isHidden('.egdb-note'), 'no note without databases');
    // a server of its own builds them up to 3 pieces (the real one: 5) in an empty folder
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-egdb-note-'));
    const server = await new Server(path.join(tmp, 'games.db'), { egdb: { dir: path.join(tmp, 'egdb'), pieces: 3 } }).start();
    try {
      await page.goto(server.url + '#/analysis?fen=' + encodeURIComponent('W:Wc3,Ka1:Bf6'));
      await page.waitForSelector('.egdb-note[data-state="ready"]');
      equal(await page.textContent('.egdb-note'), 'Endgame databases: every ending of up to 3 pieces.', 'the note once they are built');
      const ready = (await api(server.url, 'GET', '/api/health')).data.egdb;
      equal([ready.state, ready.pieces, ready.done === ready.total], ['ready', 3, true], 'the server says so too');
      await page.click('[data-lang=ru]');
      await page.waitForFunction(() => document.documentElement.lang === 'ru' && document.querySelector('.egdb-note[data-state="ready"]'));
      equal(await page.textContent('.egdb-note'), 'Базы окончаний: все окончания до 3 фигур.', 'in Russian');
      await page.click('[data-lang=en]');
      // they hold Russian checkers only: no note for another game
      await page.selectOption('#analysis-variant', 'brazilian');
      await page.waitForFunction(() => document.querySelector('.analysis').dataset.variant === 'brazilian');
      expect(await page.isHidden('.egdb-note'), 'no note for Brazilian');
    } finally {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  test('restart: the server is killed during a game and the game is intact after', async ({ newPage }) => {
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-restart-')), 'games.db');
    let server = await new Server(db).start();
    try {
      await needEndpoint(server.url, 'GET', '/api/games');
      const page = await newPage(DESKTOP);
      const id = await newGame(page, server.url, { opponent: 'human', white: 'Before', black: 'After' });
      await waitInteractive(page);
      for (const [i, [a, b]] of [['c3', 'd4'], ['f6', 'g5'], ['d4', 'c5']].entries()) {
        await clickSquare(page, a);
        await clickSquare(page, b);
        await page.waitForFunction((k) => document.querySelectorAll('.movelist .move[data-ply]').length >= k && document.querySelector('.board-svg.interactive'), i + 1);
      }
      await waitMoves(page, 3);
      const board = await boardString(page);
      await server.kill();
      server = await new Server(db).start();
      await page.goto(server.url + `#/play/${id}`);
      await waitMoves(page, 3);
      equal(await moveTexts(page), ['c3-d4', 'f6-g5', 'd4-c5'], 'the moves after the restart');
      equal(await boardString(page), board, 'the board after the restart');
      // the game goes on
      await waitInteractive(page);
      await clickSquare(page, 'b6');
      await clickSquare(page, 'd4');
      await waitMoves(page, 4);
    } finally {
      await server.stop();
    }
  });
}
