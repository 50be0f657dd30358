// board80.mjs - the browser tests of 80-square draughts (Spantsiretti: Russian rules on 10 files
// by 8 ranks, PDN GameType 41): the page's squares and FEN of a board whose ranks are fewer than
// its files, a game against the engine played to its end, the man crowned mid-capture going on
// as a king on the analysis board, and the editor on the 40 squares. run.mjs registers them
// after boards.mjs's.
//
// Expected squares, numbers and moves are worked out by hand from the rules (docs/variants.md
// "80-square draughts": 1 = b8, 5 = j8, 6 = a7, 36 = a1, 40 = i1).

import fs from 'node:fs';
import { DESKTOP, PHONE, api, clickSquare, editorSetUp, equal, expect, gameOf, moveTexts, needEndpoint, newGame, playLegal, screenshot, settled, test, waitInteractive, waitMoves, webModule } from './harness.mjs';

export function board80Tests() {
  const targets = (page) => page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort());
  const pieceOn = (page, s) => page.getAttribute(`.board-svg .piece[data-square="${s}"]`, 'data-piece');
  /** The dark squares of the 10x8 board (a1 dark: file + rank odd, ranks from 1), by name. */
  const dark80 = () => {
    const out = [];
    for (let r = 1; r <= 8; r++) for (let f = 0; f < 10; f++) if ((f + r) % 2 === 1) out.push(String.fromCharCode(97 + f) + r);
    return out.sort();
  };

  test('unit: the squares and FEN of the 10x8 board', async () => {
    const squares = await webModule('squares.js');
    const fen = await webModule('fen.js');
    const geo = squares.geometry('diagonal', 10, 8);
    equal([geo.size, geo.rows, geo.count], [10, 8, 40], '10 files, 8 ranks, 40 playing squares');
    equal(geo.names.slice(0, 6), ['b8', 'd8', 'f8', 'h8', 'j8', 'a7'], '1 = b8, 5 = j8, 6 = a7');
    equal([geo.numberOf('a1'), geo.nameOfNumber(40), geo.numberOf('c3'), geo.numberOf('e3')], [36, 'i1', 27, 28], 'a1 = 36, 40 = i1, c3 = 27, e3 = 28');
    equal([geo.indexOf('a2'), geo.indexOf('b9'), geo.indexOf('k1')], [-1, -1, -1], 'a2 light, no rank 9, no file k');
    expect(geo.crowns('w', 'b8') && geo.crowns('w', 'j8') && geo.crowns('b', 'a1') && !geo.crowns('w', 'a7'), 'White is crowned on rank 8, Black on rank 1');
    expect(geo !== squares.geometry('diagonal', 10), 'not the 10x10 board');
    const board = [...geo.empty()];
    board[0] = 'b';
    board[4] = 'B';
    board[35] = 'w';
    board[39] = 'W';
    const text = fen.writeFen({ side: 'black', board: board.join('') }, geo);
    equal(fen.parseFen(text, geo), { side: 'black', board: board.join(''), second: false }, `${text} read back`);
    equal(fen.parseFen('B:WK40,36:B1,K5', geo).board, board.join(''), 'the FEN in numbers');
  });

  test('Spantsiretti: a game against the engine on 10x8 played to its end; the result, the record with GameType 41', async ({ base, newPage }) => {
    const { data } = await needEndpoint(base, 'GET', '/api/variants');
    const info = data.variants.find((v) => v.name === 'spantsiretti');
    expect(info && info.size === 10 && info.rows === 8 && info.squares === 40, `the server plays the 10x8 game: ${JSON.stringify(info)}`);
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { variant: 'spantsiretti', opponent: 'engine', level: 1, color: 'white', name: 'Spantsiretti' });
    await waitInteractive(page);
    equal([await page.getAttribute('.board-svg', 'data-size'), await page.getAttribute('.board-svg', 'data-rows')], ['10', '8'], 'a board of 10 files and 8 ranks');
    const dark = await page.$$eval('.board-svg rect.sq.dark', (els) => els.map((e) => e.dataset.square).sort());
    equal(dark, dark80(), 'the 40 dark squares, a1 among them');
    equal(await page.locator('.board-svg rect.sq').count(), 80, '80 squares');
    const white = await page.$$eval('.board-svg .piece.white', (els) => els.map((e) => e.dataset.square).sort());
    equal(white, dark80().filter((s) => Number(s.slice(1)) <= 3), 'White\'s 15 men on ranks 1-3');
    const black = await page.$$eval('.board-svg .piece.black', (els) => els.map((e) => e.dataset.square).sort());
    equal(black, dark80().filter((s) => Number(s.slice(1)) >= 6), 'Black\'s 15 men on ranks 6-8');
    expect((await page.textContent('#game-status .meta')).includes('80-square draughts'), 'the game is named');
    // the board is wider than high: 10 squares across, 8 down
    const box = await page.locator('.board-svg').boundingBox();
    expect(box.width > box.height * 1.1 && box.width < box.height * 1.4, `the picture is 10 by 8: ${box.width} x ${box.height}`);
    // the first move by clicking: c3 goes to b4 or d4
    await clickSquare(page, 'c3');
    equal(await targets(page), ['b4', 'd4'], 'the squares offered to c3');
    await clickSquare(page, 'd4');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[0], 'c3-d4', 'the clicked move');
    // then to the end: the person takes what can be taken (a capture the rules make compulsory
    // anyway) and otherwise pushes the first man the server lists
    let plies = 2;
    for (let turn = 0; turn < 150; turn++) {
      await page.waitForSelector('.play .board-svg.interactive, .status-card.over', { timeout: 60_000 });
      if (await page.$('.status-card.over')) break;
      await playLegal(page, (legal) => legal.find((m) => m.captured && m.captured.length) || legal[0]);
      plies += 1;
    }
    await page.waitForSelector('.status-card.over', { timeout: 60_000 });
    const game = await gameOf(page, id);
    expect(['1-0', '0-1', '1/2-1/2'].includes(game.result), `the game ended: ${game.result}`);
    equal(await page.getAttribute('#game-status', 'data-result'), game.result, 'the result shown is the server\'s');
    expect(game.moves.length >= plies, `${game.moves.length} plies played`);
    const { data: last } = await api(base, 'POST', '/api/position', { variant: 'spantsiretti', moves: game.moves.map((m) => m.move.notation) });
    expect(last.over, `the rules end the game after its moves: ${JSON.stringify(last.over)}`);
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, last.board);
    // the finished game offers its review (whose card once showed a stray "null")
    await page.waitForSelector('#review:not([hidden]) [data-action=start-review]');
    expect(!(await page.textContent('#review')).includes('null'), `the review card: ${await page.textContent('#review')}`);
    await settled(page);
    await screenshot(page, 'spantsiretti-game-over-desktop');
    // its record: GameType 41, the moves in letters, the result
    const pdn = await api(base, 'GET', `/api/games/${id}/pdn`);
    expect(pdn.data.includes('[GameType "41"]') && pdn.data.includes('1. c3-d4 ') && pdn.data.includes(`[Result "${game.result}"]`), `the PDN of the game:\n${pdn.data}`);
    const imported = await api(base, 'POST', '/api/import', { pdn: pdn.data });
    equal(imported.data.errors, [], 'the record imports again');
    const { data: again } = await api(base, 'GET', `/api/games/${imported.data.imported[0]}`);
    equal([again.variant, again.moves.length, again.result], ['spantsiretti', game.moves.length, game.result], 'the game read back');
    // at phone width the 10x8 board fits
    const phone = await newPage(PHONE);
    await phone.goto(base + `#/play/${id}`);
    await phone.waitForSelector('.board-svg[data-rows="8"]');
    await settled(phone);
    await screenshot(phone, 'spantsiretti-game-over-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the 10x8 game at 390 px scrolls sideways by ${overflow}px`);
  });

  test('Spantsiretti: on the analysis board of the 10x8 game a man crowned mid-capture goes on as a king', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    // b6 takes c7, lands on d8 on the last rank, and goes on as a king over f6
    await page.goto(base + '#/analysis?variant=spantsiretti&fen=' + encodeURIComponent('W:Wb6:Bc7,f6'));
    await page.waitForFunction(() => {
      const b = document.querySelector('.board-svg');
      return b && b.dataset.variant === 'spantsiretti' && (b.dataset.board || '')[10] === 'w';
    });
    await waitInteractive(page);
    await clickSquare(page, 'b6');
    equal(await targets(page), ['d8'], 'the first landing, on the last rank');
    await clickSquare(page, 'd8');
    equal(await pieceOn(page, 'd8'), 'W', 'on d8 the man is a king');
    equal(await targets(page), ['g5', 'h4', 'i3', 'j2'], 'it goes on as a king, anywhere behind f6');
    await settled(page);
    await screenshot(page, 'spantsiretti-crowned-capture-desktop');
    await clickSquare(page, 'i3');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['b6:d8:i3'], 'the capture, turning on d8');
    equal(await pieceOn(page, 'i3'), 'W', 'a king where it ends');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export-pdn]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.includes('[GameType "41"]') && text.includes('1. b6:i3 '), `the PDN of the line:\n${text}`);
  });

  test('analysis: the editor on the 40 squares of the 10x8 board', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    const steps = [['w', ['a1']], ['W', ['e5']], ['b', ['b8', 'j8']]];
    equal(await editorSetUp(page, base, 'spantsiretti', steps), [30, 40], 'the start to change, squares to place pieces on');
    // b8 = 1, j8 = 5, e5 = 18, a1 = 36
    const expected = [...'.'.repeat(40)];
    expected[0] = 'b';
    expected[4] = 'b';
    expected[17] = 'W';
    expected[35] = 'w';
    const fen = await page.inputValue('#editor-fen');
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'spantsiretti', fen });
    equal(pos.board, expected.join(''), `the position set up: ${fen}`);
    await settled(page);
    await screenshot(page, 'editor-spantsiretti-desktop');
    await page.click('[data-action=editor-done]');
    await waitInteractive(page);
    await page.waitForFunction(() => location.hash.includes('variant=spantsiretti'));
    // the king flies along the long diagonal to h8
    await clickSquare(page, 'e5');
    await clickSquare(page, 'h8');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['e5-h8'], 'the king flies');
  });
}
