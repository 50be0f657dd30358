// variants.mjs - the other games on 8x8: English against the engine (which moves first),
// Italian's turned board with its own numbers, a Turkish capture along files and ranks entered
// square by square (their games are left in `state`); then the analysis board and its editor
// switched from game to game, and the archive's filter by game.

import fs from 'node:fs';
import { DESKTOP, api, boardString, clickSquare, drag, equal, expect, moveTexts, needEndpoint, newGame, openEditor, phoneShot, screenshot, settled, sq, test, waitInteractive, waitMoves } from './harness.mjs';

/** Whether consecutive points of a polyline ("x,y x,y ...") go along files and ranks only. */
function orthogonalPoints(points) {
  const pts = points.trim().split(/\s+/).map((p) => p.split(',').map(Number));
  return pts.length >= 2 && pts.every((p, i) => i === 0 || Math.abs(p[0] - pts[i - 1][0]) < 0.5 || Math.abs(p[1] - pts[i - 1][1]) < 0.5);
}

/** English, Italian and Turkish games. */
export function variantTests() {
  // ---- the other games: English (Black first), Italian (the turned board), Turkish (64 squares,
  // moves along files and ranks), the analysis board switched from game to game

  test('English: a game against the engine, which moves first; moves by click and by drag', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { variant: 'english', opponent: 'engine', level: 1, color: 'white', name: 'Wendy' });
    equal(await page.getAttribute('.board-svg', 'data-variant'), 'english', 'the board is English');
    equal(await page.locator('.board-svg rect.sq.dark').count(), 32, 'dark squares');
    // Black (the engine) begins
    await waitMoves(page, 1);
    await waitInteractive(page);
    expect((await page.textContent('#game-status .meta')).includes('English draughts'), 'the game is named');
    let { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.variant, 'english', 'the game on the server');
    equal(game.moves[0].move.side, 'black', 'Black moved first');
    const unique = (legal) => legal.find((m) => legal.filter((o) => o.from === m.from && o.to === m.to).length === 1);
    // a move by clicking
    let move = unique(game.position.legal);
    await clickSquare(page, move.from);
    await clickSquare(page, move.to);
    await waitMoves(page, 3);
    equal((await moveTexts(page))[1], move.notation, 'the clicked move');
    await waitInteractive(page);
    ({ data: game } = await api(base, 'GET', `/api/games/${id}`));
    equal(await boardString(page), game.position.board, 'the board shows the server position');
    // a move by dragging
    move = unique(game.position.legal);
    await drag(page, move.from, move.to);
    await waitMoves(page, 5);
    equal((await moveTexts(page))[3], move.notation, 'the dragged move');
    await waitInteractive(page);
    ({ data: game } = await api(base, 'GET', `/api/games/${id}`));
    equal(game.moves[3].move.notation, move.notation, 'the server has the dragged move');
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, game.position.board);
    // the move list begins with Black's move: "1. … f6-e5"
    equal(await page.textContent('.movelist .move-row:first-child .move.blank'), '…', 'White\'s empty first cell');
    await settled(page);
    await screenshot(page, 'english-game-desktop');
    await phoneShot(newPage, base + `#/play/${id}`, 'english-game-phone', (phone) => waitMoves(phone, 5));
    const pdn = await api(base, 'GET', `/api/games/${id}/pdn`);
    expect(pdn.data.includes('[GameType "21"]'), `the PDN says English:\n${pdn.data}`);
    state.english = id;
  });

  test('Italian: the turned board, its squares named and numbered as the game numbers them', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { variant: 'italian', opponent: 'human', white: 'Bianchi', black: 'Neri' });
    await waitInteractive(page);
    equal(await page.getAttribute('.board-svg', 'data-board-kind'), 'turned', 'the turned board');
    // a1 is a light square here; h1 and a8 are played on
    equal(await page.locator(sq('a1')).count(), 0, 'no playing square on a1');
    equal(await page.locator(sq('h1')).count(), 1, 'h1 is a playing square');
    equal(await page.locator(sq('a8')).count(), 1, 'a8 is a playing square');
    equal(await page.locator('.board-svg rect.sq.dark').count(), 32, 'dark squares');
    const dark = await page.$$eval('.board-svg rect.sq.dark', (els) => els.map((e) => e.dataset.square).sort());
    const expected = [];
    for (let r = 1; r <= 8; r++) for (let f = 0; f < 8; f++) if ((f + r) % 2 === 0) expected.push('abcdefgh'[f] + r);
    equal(dark, expected.sort(), 'the playing squares of the turned board');
    // White's men stand on ranks 1-3 of the turned board
    const pieces = await page.$$eval('.board-svg .piece.white', (els) => els.map((e) => e.dataset.square).sort());
    equal(pieces, ['a2', 'b1', 'b3', 'c2', 'd1', 'd3', 'e2', 'f1', 'f3', 'g2', 'h1', 'h3'], 'White\'s men');
    await clickSquare(page, 'b3');
    equal(await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort()), ['a4', 'c4'], 'squares offered to b3');
    await clickSquare(page, 'a4');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['b3-a4'], 'the move');
    // the numbers on the board are the game's: a8 = 1, b3 = 21, h1 = 32
    await page.click('[data-notation=numeric]');
    await page.waitForSelector('.board-svg .sq-number');
    const number = (s) => page.$$eval('.board-svg .sq-number', (els, [x, y]) => {
      const el = els.find((e) => Math.abs(Number(e.getAttribute('x')) - x) < 1 && Math.abs(Number(e.getAttribute('y')) - y) < 1);
      return el ? el.textContent : null;
    }, s);
    const at = async (s) => {
      const b = await page.locator(sq(s)).first();
      return [Number(await b.getAttribute('x')) + 7, Number(await b.getAttribute('y')) + 22];
    };
    equal(await number(await at('a8')), '1', 'the number on a8');
    equal(await number(await at('b3')), '21', 'the number on b3');
    equal(await number(await at('h1')), '32', 'the number on h1');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['21-17'], 'the move in the game\'s numbers');
    await settled(page);
    await screenshot(page, 'italian-game-desktop');
    await page.click('[data-notation=algebraic]');
    await waitMoves(page, 1);
    await phoneShot(newPage, base + `#/play/${id}`, 'italian-game-phone', (phone) => waitMoves(phone, 1));
    state.italian = id;
  });

  test('Turkish: 64 squares, an orthogonal capture entered square by square', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    // d3 takes d4 landing on d5, then either c5 and b6 (d3:d5:b5:b7) or e5 and f6 (d3:d5:f5:f7):
    // up the file, along the rank, up again
    const fen = 'W:Wd3,a1:Bd4,c5,e5,b6,f6,h8';
    const id = await newGame(page, base, { variant: 'turkish', opponent: 'human', fen, white: 'Tarkan', black: 'Sezen' });
    await waitInteractive(page);
    equal(await page.locator('.board-svg rect.sq.play').count(), 64, 'every square is played');
    equal(await page.getAttribute('.board-svg', 'data-board-kind'), 'orthogonal', 'the board of files and ranks');
    await clickSquare(page, 'd3');
    equal(await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square)), ['d5'], 'first landing, up the file');
    await clickSquare(page, 'd5');
    equal(await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort()), ['b5', 'f5'], 'two ways on, along the rank');
    equal(await page.$$eval('.piece.captured', (els) => els.map((e) => e.dataset.square)), ['d4'], 'd4 is taken, still on the board');
    await settled(page);
    await screenshot(page, 'turkish-capture-desktop');
    await clickSquare(page, 'b5');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['d3:d5:b5:b7'], 'the capture in full notation, a turn at each corner');
    await page.waitForFunction(() => !document.querySelector('.piece.captured'));
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'turkish', fen, moves: ['d3:d5:b5:b7'] });
    equal(await boardString(page), pos.board, 'the board after the capture');
    equal(await page.locator('.board-svg .piece').count(), 5, 'pieces after the capture');
    // the last move is marked square by square along its lines
    const via = await page.$$eval('.mark-last-via', (els) => els.map((e) => e.dataset.square).sort());
    equal(via, ['b5', 'd5'], 'the corners of the capture marked');
    // Black answers by dragging h8 one square forwards, down the file
    await drag(page, 'h8', 'h7');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[1], 'h8-h7', 'the dragged reply');
    await settled(page);
    await screenshot(page, 'turkish-game-desktop');
    await phoneShot(newPage, base + `#/play/${id}`, 'turkish-game-phone', (phone) => waitMoves(phone, 2));
    state.turkish = id;
  });
}

/** The analysis board and its editor switched from game to game; the archive by game. */
export function variantAnalysisTests() {
  test('analysis: the board switched to Turkish and to English, the engine\'s arrow along the lines', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis');
    await waitInteractive(page);
    await page.selectOption('#analysis-variant', 'turkish');
    await page.waitForFunction(() => location.hash.includes('variant=turkish'));
    await page.waitForSelector('.board-svg[data-variant=turkish]');
    await waitInteractive(page);
    equal(await page.locator('.board-svg rect.sq.play').count(), 64, 'the Turkish board');
    equal(await page.locator('.board-svg .piece').count(), 32, 'its pieces');
    await clickSquare(page, 'd3');
    await clickSquare(page, 'd4');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['d3-d4'], 'a Turkish move');
    await waitInteractive(page);
    // the engine's best line: its arrow goes along files and ranks
    await page.check('#engine-toggle', { force: true });
    await page.waitForSelector('.pv-line', { timeout: 30_000 });
    await page.waitForSelector('.arrow.best');
    const points = await page.getAttribute('.arrow.best .arrow-line', 'points');
    expect(orthogonalPoints(points), `the arrow goes along a file or a rank: ${points}`);
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'turkish', moves: ['d3-d4'] });
    const first = (await page.textContent('.pv-line[data-rank="1"] .pv-move')).trim();
    expect(pos.legal.some((m) => m.notation === first), `the best line starts with a legal Turkish move: ${first}`);
    await settled(page);
    await screenshot(page, 'analysis-turkish-desktop');
    // the line as PDN says it is Turkish
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export-pdn]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.includes('[GameType "30"]') && text.includes('d3-d4'), `the PDN of the line:\n${text}`);
    await page.uncheck('#engine-toggle', { force: true });
    // the address brings the game back after a reload
    await page.reload();
    await page.waitForSelector('.board-svg[data-variant=turkish]');
    await waitMoves(page, 1);
    // and to English: Black to move from its start
    await page.selectOption('#analysis-variant', 'english');
    await page.waitForSelector('.board-svg[data-variant=english]');
    await waitInteractive(page);
    equal(await page.locator('.board-svg rect.sq.dark').count(), 32, 'the English board');
    equal(await page.getAttribute('.analysis', 'data-fen'), 'B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8', 'English begins with Black');
    await clickSquare(page, 'f6');
    await clickSquare(page, 'e5');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['f6-e5'], 'Black\'s first move');
    await phoneShot(newPage, base + '#/analysis?variant=turkish', 'analysis-turkish-phone', (phone) => phone.waitForSelector('.board-svg[data-variant=turkish]'));
  });

  test('analysis: the editor switched to Turkish, a position set up on 64 squares', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await openEditor(page, base, '#/analysis?variant=russian');
    await page.selectOption('#editor-variant', 'turkish');
    await page.waitForSelector('.board-svg[data-variant=turkish]');
    equal(await page.locator('.board-svg .piece').count(), 32, 'the Turkish start to change');
    await page.click('[data-action=editor-clear]');
    await page.click('[data-tool=w]');
    await clickSquare(page, 'a1');
    await page.click('[data-tool=b]');
    await clickSquare(page, 'a2');
    await clickSquare(page, 'h8');
    await page.waitForSelector('#editor-verdict.ok');
    const fen = await page.inputValue('#editor-fen');
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'turkish', fen });
    equal(pos.fen, 'W:Wa1:Ba2,h8', 'the position set up');
    await settled(page);
    await screenshot(page, 'editor-turkish-desktop');
    await page.click('[data-action=editor-done]');
    await waitInteractive(page);
    equal(await boardString(page), pos.board, 'the board');
    await page.waitForFunction(() => location.hash.includes('variant=turkish'));
    equal(await page.inputValue('#analysis-variant'), 'turkish', 'the analysis board plays Turkish now');
  });

  test('archive: each game says its game, and the list filters by it', async ({ base, newPage, state }) => {
    expect(state.turkish && state.italian, 'needs the Italian and Turkish games of the tests before');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/archive');
    await page.waitForSelector(`.arow[data-id="${state.turkish}"] .avariant[data-variant=turkish]`);
    await page.selectOption('#archive-variant', 'italian');
    await page.waitForFunction(() => location.hash.includes('variant=italian'));
    // the filtered list replaces the whole one (which holds the Italian game too): wait for it
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll('.arow[data-id]')];
      return rows.some((r) => r.dataset.id === String(id)) && rows.every((r) => r.querySelector('.avariant')?.dataset.variant === 'italian');
    }, state.italian);
    const kinds = await page.$$eval('.arow[data-id] .avariant', (els) => els.map((e) => e.dataset.variant));
    expect(kinds.length > 0 && kinds.every((k) => k === 'italian'), `only Italian games are listed: ${kinds}`);
    await settled(page);
    await screenshot(page, 'archive-italian-desktop');
    // replayed, the Italian game is on its own board
    await page.click(`.arow[data-id="${state.italian}"] [data-action=replay]`);
    await page.waitForURL(new RegExp(`#/play/${state.italian}$`));
    await page.waitForSelector('.board-svg[data-board-kind=turned]');
    await waitMoves(page, 1);
    await page.click('[data-nav=first]');
    await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '0');
    const { data: start } = await api(base, 'POST', '/api/position', { variant: 'italian' });
    equal(await boardString(page), start.board, 'the Italian start');
  });
}
