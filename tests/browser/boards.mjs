// boards.mjs - the browser tests of the games on boards larger than 8x8: international draughts
// on 10x10 (and every other game of the server whose board is not 8x8, drawn by the same code
// from its size and rows; the 10x8 board of 80-square draughts has board80.mjs). run.mjs registers them after the 8x8 games' tests and before the phone
// test, which looks at the international game these leave in `state`.
//
// Expected squares, numbers and moves are worked out by hand from FMJD's rules (1 = b10,
// 5 = j10, 46 = a1, 50 = i1; tests/data/variants/rules_international.txt).

import fs from 'node:fs';
import { DESKTOP, PHONE, PHONE360, api, boardString, clickSquare, drag, editorSetUp, equal, expect, moveTexts, needEndpoint, newGame, phoneShot, screenshot, settled, test, waitInteractive, waitMoves, webModule } from './harness.mjs';

export function boardTests() {
  const targets = (page) => page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort());
  const captured = (page) => page.$$eval('.piece.captured', (els) => els.map((e) => e.dataset.square).sort());
  const pieceOn = (page, s) => page.getAttribute(`.board-svg .piece[data-square="${s}"]`, 'data-piece');
  /** The dark squares of an N x N board with a1 dark, by their names. */
  const darkSquares = (n) => {
    const out = [];
    for (let r = 1; r <= n; r++) for (let f = 0; f < n; f++) if ((f + r) % 2 === 1) out.push(String.fromCharCode(97 + f) + r);
    return out.sort();
  };

  test('unit: the squares and FEN of any N x N board, 12x12 among them', async () => {
    const squares = await webModule('squares.js');
    const fen = await webModule('fen.js');
    for (const n of [8, 10, 12]) {
      const geo = squares.geometry('diagonal', n);
      const half = n / 2;
      equal([geo.size, geo.count], [n, (n * n) / 2], `${n}x${n}: size and playing squares`);
      // PDN's numbering: row by row from the top, left to right; a1 dark, the first of the bottom row
      equal([geo.nameOf(0), geo.nameOf(half - 1), geo.nameOf(half)], ['b' + n, squares.FILES[n - 1] + n, 'a' + (n - 1)], `${n}x${n}: the top rows`);
      equal([geo.numberOf('a1'), geo.nameOfNumber(geo.count)], [geo.count - half + 1, squares.FILES[n - 2] + '1'], `${n}x${n}: the bottom row`);
      equal(geo.indexOf('a2'), -1, `${n}x${n}: a2 is light`);
      equal(geo.indexOf(squares.FILES[n] + '1'), -1, `${n}x${n}: no file past the board`);
      equal(new Set(geo.names).size, geo.count, `${n}x${n}: every square named once`);
      for (let i = 0; i < geo.count; i++) {
        const [f, r] = squares.fileRank(geo.nameOf(i));
        equal([geo.indexOf(geo.nameOf(i)), (f + r) % 2, geo.playable(f, r)], [i, 1, true], `${n}x${n}: square ${i + 1}`);
      }
      // a board with a piece of every kind, written as FEN and read back, and read from numbers
      const board = [...geo.empty()];
      board[0] = 'b';
      board[1] = 'B';
      board[geo.count - 1] = 'W';
      board[geo.count - half] = 'w';
      const text = fen.writeFen({ side: 'black', board: board.join('') }, geo);
      equal(fen.parseFen(text, geo), { side: 'black', board: board.join(''), second: false }, `${n}x${n}: ${text} read back`);
      equal(fen.parseFen(`B:WK${geo.count},${geo.count - half + 1}:B1,K2`, geo).board, board.join(''), `${n}x${n}: the FEN in numbers`);
      expect(geo.crowns('w', 'b' + n) && geo.crowns('b', 'a1') && !geo.crowns('w', 'a' + (n - 1)), `${n}x${n}: the crowning rows`);
    }
    equal(squares.geometry('diagonal', 10).names.slice(0, 6), ['b10', 'd10', 'f10', 'h10', 'j10', 'a9'], 'international: 1 = b10, 5 = j10, 6 = a9');
    // 12x12 (Canadian) has a file k: a lower-case k before a rank is a square there, as the
    // server reads it (k9 = 24, k3 = 60, k11 = 12), and K marks the king
    const g12 = squares.geometry('diagonal', 12);
    const k = [...g12.empty()];
    k[23] = 'w';
    k[59] = 'B';
    k[11] = 'b';
    equal(fen.parseFen('W:Wk9:BKk3,k11', g12).board, k.join(''), '12x12: k9 a man, Kk3 a king, k11 a man');
    equal(fen.writeFen({ side: 'white', board: k.join('') }, g12), 'W:Wk9:BKk3,k11', '12x12: the FEN written back');
    equal(fen.parseFen('W:W24:BK60,12', g12).board, k.join(''), '12x12: the same in numbers');
  });

  test('boards: every game\'s board is drawn from its size, its squares and coordinates inside the frame', async ({ base, newPage }) => {
    const { data } = await needEndpoint(base, 'GET', '/api/variants');
    expect(data.variants.some((v) => v.size === 10), 'a game on 10x10 is among the games');
    const page = await newPage(DESKTOP);
    // the analysis board offers the draughts games alone (the server analyses no other)
    await page.goto(base + '#/analysis');
    await page.waitForSelector('#analysis-variant option', { state: 'attached' });
    equal(await page.$$eval('#analysis-variant option', (os) => os.map((o) => o.value)), data.variants.filter((v) => v.family === 'draughts').map((v) => v.name), 'the analysis board\'s games');
    // the draughts games on the analysis board, the column games in the game view (the other
    // games' boards of cells are other.mjs's)
    for (const v of data.variants.filter((x) => x.family !== 'other')) {
      if (v.family === 'draughts') {
        await page.goto(base + `#/analysis?variant=${v.name}`);
        await page.waitForSelector(`.board-svg[data-variant="${v.name}"]`);
        await waitInteractive(page);
      } else {
        const { data: g } = await api(base, 'POST', '/api/games', { variant: v.name, opponent: 'human' });
        await page.goto(base + `#/play/${g.id}`);
        await page.waitForSelector(`.play[data-variant="${v.name}"] .board-svg[data-variant="${v.name}"] .piece`);
      }
      equal(await page.getAttribute('.board-svg', 'data-size'), String(v.size), `${v.name}: the board's size`);
      const rows = v.rows || v.size; // (10x8: 80-square draughts)
      equal(await page.getAttribute('.board-svg', 'data-rows'), String(rows), `${v.name}: the board's ranks`);
      equal(await page.locator('.board-svg rect.sq').count(), v.size * rows, `${v.name}: squares`);
      equal(await page.locator('.board-svg rect.sq[data-square]').count(), v.squares, `${v.name}: playing squares`);
      equal(await page.locator('.board-svg .piece').count(), [...v.start_board].filter((c) => c !== '.').length, `${v.name}: the pieces of the start`);
      // the files and ranks along the frame, every one inside the board's picture
      const coords = await page.$$eval('.board-svg .coord', (els) => els.map((e) => e.textContent));
      const files = [...'abcdefghijklmnopqrstuvwxyz'.slice(0, v.size)];
      const ranks = Array.from({ length: rows }, (_, i) => String(rows - i));
      equal(coords.filter((c) => /^[a-z]$/.test(c)), files, `${v.name}: files`);
      equal(coords.filter((c) => /^\d+$/.test(c)), ranks, `${v.name}: ranks`);
      const outside = await page.evaluate(() => {
        const frame = document.querySelector('.board-svg').getBoundingClientRect();
        const inner = document.querySelector('.board-svg .b-inlay').getBoundingClientRect();
        return [...document.querySelectorAll('.board-svg .coord')]
          .filter((e) => {
            const b = e.getBoundingClientRect();
            const inFrame = b.left >= frame.left && b.right <= frame.right && b.top >= frame.top && b.bottom <= frame.bottom;
            const overSquares = b.right > inner.left && b.left < inner.right && b.bottom > inner.top && b.top < inner.bottom;
            return !inFrame || overSquares;
          })
          .map((e) => e.textContent);
      });
      equal(outside, [], `${v.name}: coordinates off the frame or over the squares`);
    }
  });

  test('International: a game against the engine on 10x10, moves by click and by drag, squares numbered 1-50', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { variant: 'international', opponent: 'engine', level: 1, color: 'white', name: 'Wiersma' });
    await waitInteractive(page);
    equal(await page.getAttribute('.board-svg', 'data-variant'), 'international', 'the board is international');
    const dark = await page.$$eval('.board-svg rect.sq.dark', (els) => els.map((e) => e.dataset.square).sort());
    equal(dark, darkSquares(10), 'the 50 dark squares of 10x10, a1 among them');
    const white = await page.$$eval('.board-svg .piece.white', (els) => els.map((e) => e.dataset.square).sort());
    equal(white, darkSquares(10).filter((s) => Number(s.slice(1)) <= 4), 'White\'s 20 men on ranks 1-4');
    expect((await page.textContent('#game-status .meta')).includes('International draughts'), 'the game is named');
    // a move by clicking: b4 goes to a5 or c5
    await clickSquare(page, 'b4');
    equal(await targets(page), ['a5', 'c5'], 'the squares offered to b4');
    await clickSquare(page, 'c5');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[0], 'b4-c5', 'the clicked move');
    await waitInteractive(page);
    let { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.moves[1].move.side, 'black', 'the engine answered');
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, game.position.board);
    // a move by dragging, one the server lists (a capture if the engine offered one)
    const move = game.position.legal.find((m) => game.position.legal.filter((o) => o.from === m.from && o.to === m.to).length === 1 && m.paths[0].length === 2);
    expect(move, 'a move with one landing');
    await drag(page, move.from, move.to);
    await waitMoves(page, 4);
    equal((await moveTexts(page))[2], move.notation, 'the dragged move');
    await waitInteractive(page);
    ({ data: game } = await api(base, 'GET', `/api/games/${id}`));
    equal(game.moves[2].move.notation, move.notation, 'the server has the dragged move');
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, game.position.board);
    // the numbers on the board are the game's: b10 = 1, j10 = 5, a1 = 46, i1 = 50
    await page.click('[data-notation=numeric]');
    await page.waitForSelector('.board-svg .sq-number');
    const numbers = await page.$$eval('.board-svg rect.sq[data-square]', (rects) => {
      const texts = [...document.querySelectorAll('.board-svg .sq-number')];
      const out = {};
      for (const r of rects) {
        const x = Number(r.getAttribute('x'));
        const y = Number(r.getAttribute('y'));
        const t = texts.find((e) => Math.abs(Number(e.getAttribute('x')) - x - 7) < 1 && Math.abs(Number(e.getAttribute('y')) - y - 22) < 1);
        out[r.dataset.square] = t ? t.textContent : null;
      }
      return out;
    });
    equal([numbers.b10, numbers.j10, numbers.a9, numbers.e5, numbers.a1, numbers.i1], ['1', '5', '6', '28', '46', '50'], 'the numbers on b10, j10, a9, e5, a1, i1');
    equal(Object.keys(numbers).length, 50, 'a number on every dark square');
    equal((await moveTexts(page))[0], '31-27', 'the first move in the game\'s numbers');
    await settled(page);
    await screenshot(page, 'international-numbers-desktop');
    await page.click('[data-notation=algebraic]');
    await page.waitForFunction(() => !document.querySelector('.board-svg .sq-number'));
    await settled(page);
    await screenshot(page, 'international-game-desktop');
    await phoneShot(newPage, base + `#/play/${id}`, 'international-game-phone', async (phone) => {
      await waitMoves(phone, 4);
      await phone.waitForSelector('.board-svg[data-size="10"]');
    });
    // its PDN: GameType 20, the moves in numbers
    const pdn = await api(base, 'GET', `/api/games/${id}/pdn`);
    expect(pdn.data.includes('[GameType "20"]') && pdn.data.includes('1. 31-27 '), `the PDN of the game:\n${pdn.data}`);
    state.international = id;
  });

  test('International: a majority capture entered square by square, captured pieces marked until it ends', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    // c3 may take b4 alone (to a5), d4 and d6 (over e5 to c7), or d4, f6 and then f8 or h8 (over
    // e5 and g7 to e9 or i9): only the two captures of three are moves
    const fen = 'W:Wc3,a1:Bb4,d4,d6,f6,f8,h8';
    const id = await newGame(page, base, { variant: 'international', opponent: 'human', fen, white: 'Sijbrands', black: 'Baba Sy' });
    await waitInteractive(page);
    await clickSquare(page, 'c3');
    equal(await targets(page), ['e5'], 'only the way that takes most: e5, not a5');
    await clickSquare(page, 'e5');
    equal(await targets(page), ['g7'], 'on over f6, not d6 (two pieces only that way)');
    equal(await captured(page), ['d4'], 'd4 taken, still on the board');
    await clickSquare(page, 'g7');
    equal(await targets(page), ['e9', 'i9'], 'two ways on, over f8 or h8');
    equal(await captured(page), ['d4', 'f6'], 'd4 and f6 taken, still on the board');
    await settled(page);
    await screenshot(page, 'international-capture-desktop');
    await clickSquare(page, 'e9');
    await waitMoves(page, 1);
    // full notation names the squares where the man turns: it went straight on from e5 to g7
    equal(await moveTexts(page), ['c3:g7:e9'], 'the capture in full notation');
    await page.waitForFunction(() => !document.querySelector('.piece.captured'));
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'international', fen, moves: ['c3:e5:g7:e9'] });
    equal(await boardString(page), pos.board, 'the board after the capture');
    equal(await page.locator('.board-svg .piece').count(), 5, 'pieces after the capture');
    equal(await page.$$eval('.mark-last-via', (els) => els.map((e) => e.dataset.square).sort()), ['e5', 'g7'], 'the landings of the capture marked');
    // Black answers by dragging h8 to g7, where the capture passed
    await drag(page, 'h8', 'g7');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[1], 'h8-g7', 'the dragged reply');
    state.internationalCapture = id;
  });

  test('International: the man that passes the last row goes on as a man; the king\'s long capture', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    // b8 takes c9 to d10 on the last row and must go on over e9 to f8, then over e7 or g7, as a man
    await page.goto(base + '#/analysis?variant=international&fen=' + encodeURIComponent('W:Wb8:Bc9,e7,e9,g7'));
    await page.waitForSelector('.board-svg[data-variant=international]');
    await waitInteractive(page);
    await clickSquare(page, 'b8');
    equal(await targets(page), ['d10'], 'the first landing, on the last row');
    await clickSquare(page, 'd10');
    equal(await pieceOn(page, 'd10'), 'w', 'on d10 the man is not crowned');
    equal(await targets(page), ['f8'], 'it goes on, backwards');
    await clickSquare(page, 'f8');
    equal(await targets(page), ['d6', 'h6'], 'two ways on from f8');
    equal(await captured(page), ['c9', 'e9'], 'c9 and e9 taken, still on the board');
    await clickSquare(page, 'h6');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['b8:d10:h6'], 'the capture, turning on d10 only');
    await page.waitForFunction(() => !document.querySelector('.piece.captured'));
    equal(await pieceOn(page, 'h6'), 'w', 'a man where it ends');
    // the king on a1 takes d4 and must stop on f6 to take g5 too, then lands where it likes
    await page.goto(base + '#/analysis?variant=international&fen=' + encodeURIComponent('W:WKa1:Bd4,g5,j10'));
    await page.waitForFunction(() => {
      const b = document.querySelector('.board-svg');
      return b && (b.dataset.board || '')[45] === 'W';
    });
    await waitInteractive(page);
    await clickSquare(page, 'a1');
    equal(await targets(page), ['f6'], 'the only square from which it goes on');
    await clickSquare(page, 'f6');
    equal(await targets(page), ['h4', 'i3', 'j2'], 'any free square behind g5');
    equal(await captured(page), ['d4'], 'd4 taken, still on the board');
    await settled(page);
    await screenshot(page, 'international-king-desktop');
    await drag(page, 'f6', 'j2');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['a1:f6:j2'], 'the king\'s capture, its last landing dragged');
    equal(await pieceOn(page, 'j2'), 'W', 'the king on j2');
  });

  test('Canadian: a game against the engine on 12x12, squares numbered 1-72, the file k that is not a king, PDN with GameType 27', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/variants');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { variant: 'canadian', opponent: 'engine', level: 1, color: 'white', name: 'Wiebe' });
    await waitInteractive(page);
    equal(await page.getAttribute('.board-svg', 'data-variant'), 'canadian', 'the board is Canadian');
    equal(await page.getAttribute('.board-svg', 'data-size'), '12', 'a 12x12 board');
    const dark = await page.$$eval('.board-svg rect.sq.dark', (els) => els.map((e) => e.dataset.square).sort());
    equal(dark, darkSquares(12), 'the 72 dark squares of 12x12, a1 among them');
    const white = await page.$$eval('.board-svg .piece.white', (els) => els.map((e) => e.dataset.square).sort());
    equal(white, darkSquares(12).filter((s) => Number(s.slice(1)) <= 5), 'White\'s 30 men on ranks 1-5');
    const black = await page.$$eval('.board-svg .piece.black', (els) => els.map((e) => e.dataset.square).sort());
    equal(black, darkSquares(12).filter((s) => Number(s.slice(1)) >= 8), 'Black\'s 30 men on ranks 8-12');
    expect((await page.textContent('#game-status .meta')).includes('Canadian draughts'), 'the game is named');
    // a move by clicking: k5 goes to j6 or l6 (the file l of the 12th column)
    await clickSquare(page, 'k5');
    equal(await targets(page), ['j6', 'l6'], 'the squares offered to k5');
    await clickSquare(page, 'l6');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[0], 'k5-l6', 'the clicked move');
    await waitInteractive(page);
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.moves[1].move.side, 'black', 'the engine answered');
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, game.position.board);
    // the numbers on the board are the game's: b12 = 1, l12 = 6, a11 = 7, k9 = 24, a1 = 67, k1 = 72
    await page.click('[data-notation=numeric]');
    await page.waitForSelector('.board-svg .sq-number');
    const numbers = await page.$$eval('.board-svg .sq-number', (els) => els.map((e) => e.textContent));
    equal(numbers.length, 72, 'a number on every dark square');
    const numberOf = async (square) => page.evaluate((s) => {
      const r = document.querySelector(`.board-svg rect.sq[data-square="${s}"]`).getBoundingClientRect();
      const t = [...document.querySelectorAll('.board-svg .sq-number')].find((e) => {
        const b = e.getBoundingClientRect();
        return b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
      });
      return t ? t.textContent : null;
    }, square);
    const seen = [];
    for (const s of ['b12', 'l12', 'a11', 'k9', 'a1', 'k1']) seen.push(await numberOf(s));
    equal(seen, ['1', '6', '7', '24', '67', '72'], 'the numbers on b12, l12, a11, k9, a1, k1');
    equal((await moveTexts(page))[0], '48-42', 'the first move in the game\'s numbers');
    await settled(page);
    await screenshot(page, 'canadian-numbers-desktop');
    await page.click('[data-notation=algebraic]');
    await page.waitForFunction(() => !document.querySelector('.board-svg .sq-number'));
    await settled(page);
    await screenshot(page, 'canadian-game-desktop');
    for (const viewport of [PHONE, PHONE360]) {
      const phone = await newPage(viewport);
      await phone.goto(base + `#/play/${id}`);
      await waitMoves(phone, 2);
      await phone.waitForSelector('.board-svg[data-size="12"]');
      await settled(phone);
      await screenshot(phone, `canadian-game-phone-${viewport.width}`);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow <= 0, `the 12x12 game at ${viewport.width} px scrolls sideways by ${overflow}px`);
      const box = await phone.evaluate(() => {
        const b = document.querySelector('.board-svg').getBoundingClientRect();
        return [b.left, b.right];
      });
      expect(box[0] >= 0 && box[1] <= viewport.width, `the 12x12 board fits ${viewport.width} px: ${box}`);
    }
    // its PDN: GameType 27, the moves in numbers
    const pdn = await api(base, 'GET', `/api/games/${id}/pdn`);
    expect(pdn.data.includes('[GameType "27"]') && pdn.data.includes('1. 48-42 '), `the PDN of the game:\n${pdn.data}`);
    // k9 is a man on file k in FEN (a king there is Kk9): it steps to j10 or l10
    await page.goto(base + '#/analysis?variant=canadian&fen=' + encodeURIComponent('W:Wk9:BKk3'));
    await page.waitForFunction(() => {
      const b = document.querySelector('.board-svg');
      return b && b.dataset.variant === 'canadian' && (b.dataset.board || '')[23] === 'w';
    });
    await waitInteractive(page);
    equal(await pieceOn(page, 'k9'), 'w', 'a man on k9');
    equal(await pieceOn(page, 'k3'), 'B', 'a black king on k3');
    await clickSquare(page, 'k9');
    equal(await targets(page), ['j10', 'l10'], 'the man\'s two steps');
    await clickSquare(page, 'l10');
    await waitMoves(page, 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export-pdn]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.includes('[GameType "27"]') && text.includes('24-18'), `the PDN of the line:\n${text}`);
  });

  test('analysis: the editor on the 50 squares of international', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    const steps = [['w', ['a1']], ['W', ['e5']], ['b', ['b10', 'j10', 'i1']], ['.', ['i1']]];
    equal(await editorSetUp(page, base, 'international', steps), [40, 50], 'the international start to change, squares to place pieces on');
    // b10 = 1, j10 = 5, e5 = 28, a1 = 46
    const expected = [...'.'.repeat(50)];
    expected[0] = 'b';
    expected[4] = 'b';
    expected[27] = 'W';
    expected[45] = 'w';
    const fen = await page.inputValue('#editor-fen');
    const { data: pos } = await api(base, 'POST', '/api/position', { variant: 'international', fen });
    equal(pos.board, expected.join(''), 'the position set up');
    await settled(page);
    await screenshot(page, 'editor-international-desktop');
    await page.click('[data-action=editor-done]');
    await waitInteractive(page);
    equal(await boardString(page), expected.join(''), 'the analysis board');
    await page.waitForFunction(() => location.hash.includes('variant=international'));
    equal(await page.inputValue('#analysis-variant'), 'international', 'the analysis board plays international now');
    // the engine's best line there: a legal move of the position, its arrow from the king's or the man's square
    await page.check('#engine-toggle', { force: true });
    await page.waitForSelector('.pv-line', { timeout: 30_000 });
    await page.waitForSelector('.arrow.best');
    const first = (await page.textContent('.pv-line[data-rank="1"] .pv-move')).trim();
    expect(pos.legal.some((m) => m.notation === first), `the best line starts with a legal move: ${first}`);
    await page.uncheck('#engine-toggle', { force: true });
    // the king's moves, then the line as PDN in numbers
    await clickSquare(page, 'e5');
    await clickSquare(page, 'h8');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['e5-h8'], 'the king flies');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-action=export-pdn]')]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.includes('[GameType "20"]') && text.includes('28-14'), `the PDN of the line:\n${text}`);
    const phone = await phoneShot(newPage, base + '#/analysis?variant=international', 'editor-international-phone', async (p) => {
      await p.waitForSelector('.board-svg[data-variant=international]');
      await p.click('[data-action=setup]');
      await p.waitForSelector('.editor');
    });
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the editor at 390 px scrolls sideways by ${overflow}px`);
  });

  test('archive: the international games listed by their game and replayed on 10x10', async ({ base, newPage, state }) => {
    expect(state.international, 'needs the international game of the tests before');
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/archive?variant=international');
    await page.waitForSelector(`.arow[data-id="${state.international}"] .avariant[data-variant=international]`);
    const kinds = await page.$$eval('.arow[data-id] .avariant', (els) => els.map((e) => e.dataset.variant));
    expect(kinds.length >= 2 && kinds.every((k) => k === 'international'), `only international games are listed: ${kinds}`);
    await settled(page);
    await screenshot(page, 'archive-international-desktop');
    await page.click(`.arow[data-id="${state.international}"] [data-action=replay]`);
    await page.waitForURL(new RegExp(`#/play/${state.international}$`));
    await page.waitForSelector('.board-svg[data-size="10"]');
    await waitMoves(page, 4);
    await page.click('[data-nav=first]');
    await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '0');
    const { data: start } = await api(base, 'POST', '/api/position', { variant: 'international' });
    equal(await boardString(page), start.board, 'the international start');
    await page.click('[data-nav=next]');
    await page.waitForFunction(() => document.querySelector('.play').dataset.ply === '1');
    const { data: after } = await api(base, 'POST', '/api/position', { variant: 'international', moves: ['b4-c5'] });
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, after.board);
  });
}
