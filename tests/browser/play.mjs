// play.mjs - playing draughts in the app: a game against the engine started from the new-game
// dialog, moves by click and by drag, the take-back (these four continue one game, kept in
// `state.engine`), the engine's capture shown landing by landing, the clock's flag, a ballot
// opening, a capture's path chosen landing by landing, draws offered, claimed and answered by
// the engine, and a resignation. The drawn and the resigned games are left in `state` for the
// archive's tests.

import { DESKTOP, api, boardString, clickSquare, drag, equal, expect, moveTexts, needEndpoint, newGame, screenshot, test, waitInteractive, waitMoves } from './harness.mjs';

/** Games against the engine and at one board. */
export function playTests() {
  test('engine game: start it from the new-game dialog', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { opponent: 'engine', level: 1, color: 'white', time: '5m+3s', name: 'Tester' });
    expect(id, 'a game id in the address');
    await waitInteractive(page);
    await page.waitForSelector('.clock:not([hidden])');
    const clocks = await page.$$eval('.clock:not([hidden]) .clock-time', (els) => els.map((e) => e.textContent));
    equal(clocks.length, 2, 'two clocks');
    expect(clocks.every((c) => /^[45]:\d\d$/.test(c)), `clocks show about five minutes: ${clocks}`);
    expect((await page.textContent('.player.bottom .name')).includes('Tester'), 'the person is at the bottom');
    state.engine = { page, id };
  });

  test('engine game: a move by clicking, then the engine answers', async ({ state }) => {
    expect(state.engine, 'needs the game of the previous test');
    const { page } = state.engine;
    await clickSquare(page, 'c3');
    const targets = await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort());
    equal(targets, ['b4', 'd4'], 'squares offered to the man on c3');
    await clickSquare(page, 'd4');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[0], 'c3-d4', 'the first move');
    await waitInteractive(page);
    await screenshot(page, 'engine-answered-desktop');
  });

  test('engine game: a move by dragging, then the engine answers', async ({ base, state }) => {
    expect(state.engine, 'needs the game of the first engine test');
    const { page, id } = state.engine;
    await waitInteractive(page);
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    const n = game.moves.length;
    // a move that is the only one between its two squares: one drag from its square to its end
    const legal = game.position.legal;
    const move = legal.find((m) => legal.filter((o) => o.from === m.from && o.to === m.to).length === 1);
    await drag(page, move.from, move.to);
    await waitMoves(page, n + 1);
    equal((await moveTexts(page))[n], move.notation, 'the dragged move');
    await waitMoves(page, n + 2);
    await waitInteractive(page);
    const after = await api(base, 'GET', `/api/games/${id}`);
    equal(after.data.moves[n].move.notation, move.notation, 'the server has the dragged move');
    equal(await boardString(page), after.data.position.board, 'the board shows the server position');
  });

  test('engine game: take back returns to the person\'s turn', async ({ base, state }) => {
    expect(state.engine, 'needs the game of the first engine test');
    const { page, id } = state.engine;
    await waitInteractive(page);
    const before = (await moveTexts(page)).length;
    await page.click('[data-action=undo]');
    await page.waitForFunction((k) => document.querySelectorAll('.movelist .move[data-ply]').length === k, before - 2);
    await waitInteractive(page);
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.moves.length, before - 2, 'moves on the server after the take-back');
    equal(await boardString(page), game.position.board, 'the board after the take-back');
  });

  test('engine game: the engine\'s capture is shown landing by landing, the taken pieces marked until it ends', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    // after a1-b2 Black must take twice: b6:d4:f2 over c5 and e3
    await newGame(page, base, { opponent: 'engine', level: 1, color: 'white', fen: 'W:Wa1,c5,e3,h2:Ba7,b6,h8' });
    await waitInteractive(page);
    await page.evaluate(() => {
      // watch the board: what was marked while the black man was on its way
      window.__seen = { moving: false, marked: new Set(), piecesWhileMoving: 0 };
      const svg = document.querySelector('.board-svg');
      new MutationObserver(() => {
        if (!svg.querySelector('.piece.moving')) return;
        window.__seen.moving = true;
        for (const el of svg.querySelectorAll('.piece.captured')) window.__seen.marked.add(el.dataset.square);
        window.__seen.piecesWhileMoving = Math.max(window.__seen.piecesWhileMoving, svg.querySelectorAll('.b-pieces .piece').length);
      }).observe(svg, { subtree: true, childList: true, attributes: true });
    });
    await clickSquare(page, 'a1');
    await clickSquare(page, 'b2');
    await waitMoves(page, 2);
    await page.waitForFunction(() => !document.querySelector('.piece.moving'));
    const seen = await page.evaluate(() => ({ ...window.__seen, marked: [...window.__seen.marked].sort() }));
    expect(seen.moving, 'the engine\'s move was animated');
    equal(seen.marked, ['c5', 'e3'], 'pieces marked as taken during the move');
    equal(seen.piecesWhileMoving, 7, 'taken pieces stay on the board until the move ends');
    equal(await page.locator('.board-svg .piece').count(), 5, 'pieces after the move');
    equal((await moveTexts(page))[1], 'b6:f2', 'the engine\'s move (full notation names turning squares only)');
  });

  test('clock: a flag falls and the arbiter\'s result is shown', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    await newGame(page, base, { opponent: 'human', time: '3s', white: 'Slow', black: 'Patient' });
    await page.waitForSelector('.clock.running[data-color=white]');
    await page.waitForSelector('.status-card.over', { timeout: 60_000 });
    equal(await page.getAttribute('#game-status', 'data-result'), '0-1', 'White lost');
    const reason = await page.textContent('#game-status .reason');
    equal(reason, 'White lost on time', 'the reason shown');
    equal(await page.textContent('.clock[data-color=white] .clock-time'), '0:00.0', 'White\'s clock');
    await screenshot(page, 'flag-fell-desktop');
  });

  test('new game from a ballot opening: the board starts after the ballot moves', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const { data } = await api(base, 'GET', '/api/openings?table=idf');
    const opening = data.openings.find((o) => o.code === '1-III');
    expect(opening, 'the IDF ballot 1-III exists');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { opponent: 'human', opening: 'IDF 1-III' });
    const { data: pos } = await api(base, 'POST', '/api/position', { fen: opening.fen });
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.position.board, pos.board, 'the server starts from the ballot');
    await page.waitForFunction((b) => document.querySelector('.board-svg').dataset.board === b, pos.board);
    expect((await page.textContent('#game-status')).includes('1-III'), 'the ballot is named');
  });

  test('multi-capture: the path is chosen landing by landing, the captured stay marked until the end', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    // c3 can take d4 then either d6 and b6 (ending a5) or f6 (ending g7): both start c3-e5
    await newGame(page, base, { opponent: 'human', fen: 'W:Wc3,g1:Bb6,d4,d6,f6,h8', white: 'Left', black: 'Right' });
    await waitInteractive(page);
    await clickSquare(page, 'c3');
    equal(await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square)), ['e5'], 'first landing offered');
    await clickSquare(page, 'e5');
    const targets = await page.$$eval('.mark-target', (els) => els.map((e) => e.dataset.square).sort());
    equal(targets, ['c7', 'g7'], 'two ways on from e5');
    equal(await page.$$eval('.piece.captured', (els) => els.map((e) => e.dataset.square)), ['d4'], 'd4 is taken but still on the board');
    await screenshot(page, 'capture-choice-desktop');
    await clickSquare(page, 'c7');
    await waitMoves(page, 1);
    equal(await moveTexts(page), ['c3:e5:c7:a5'], 'the capture in full notation');
    await page.waitForFunction(() => !document.querySelector('.piece.captured'));
    const board = await boardString(page);
    const { data: pos } = await api(base, 'POST', '/api/position', { fen: 'W:Wc3,g1:Bb6,d4,d6,f6,h8', moves: ['c3:e5:c7:a5'] });
    equal(board, pos.board, 'the board after the capture');
    // Black answers by dragging h8-g7
    await drag(page, 'h8', 'g7');
    await waitMoves(page, 2);
    equal((await moveTexts(page))[1], 'h8-g7', 'the dragged reply');
  });

  test('draw: offered and declined, offered by the other side and accepted; result and reason shown', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { opponent: 'human', white: 'Anna Drawson', black: 'Boris Drawson' });
    const status = (k) => page.getAttribute('#game-status', k);
    // the side that has just moved offers: the offer is `side`'s (White, Black)
    const moveAndOffer = async (from, to, n, side) => {
      await clickSquare(page, from);
      await clickSquare(page, to);
      await waitMoves(page, n);
      await page.click('[data-action=offer-draw]');
      await page.waitForSelector('[data-action=accept-draw]');
      equal(await status('data-draw-offer'), side.toLowerCase(), `the offer is ${side}'s`);
    };
    await waitInteractive(page);
    // White has just moved, so White offers; Black answers
    await moveAndOffer('c3', 'd4', 1, 'White');
    expect((await page.textContent('#game-status')).includes('White offers a draw'), 'the offer is shown');
    await screenshot(page, 'draw-offer-desktop');
    await page.click('[data-action=decline-draw]');
    await page.waitForFunction(() => document.querySelector('#game-status').dataset.drawOffer === '');
    await moveAndOffer('f6', 'g5', 2, 'Black');
    await page.click('[data-action=accept-draw]');
    await page.waitForSelector('.status-card.over');
    equal(await status('data-result'), '1/2-1/2', 'result');
    const text = await page.textContent('#game-status');
    expect(text.includes('Draw') && text.includes('By agreement'), `the result and its reason are shown: ${text}`);
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.result, '1/2-1/2', 'the server result');
    expect(!(await page.$('.board-svg.interactive')), 'no more moves after the game ends');
    await screenshot(page, 'draw-agreed-desktop');
    state.drawGame = id;
  });

  test('draw: the third repetition may be claimed, and the claim is granted', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    await newGame(page, base, { opponent: 'human', fen: 'W:WKa1:BKh6' });
    const moves = [['a1', 'b2'], ['h6', 'g5'], ['b2', 'a1'], ['g5', 'h6']];
    for (let round = 0; round < 2; round++) {
      for (const [i, [a, b]] of moves.entries()) {
        await waitInteractive(page);
        expect(!(await page.$('[data-action=claim-draw]')), 'no claim before the third time');
        await clickSquare(page, a);
        await clickSquare(page, b);
        await waitMoves(page, round * 4 + i + 1);
      }
    }
    await page.click('[data-action=claim-draw]');
    await page.waitForSelector('.status-card.over');
    equal(await page.getAttribute('#game-status', 'data-result'), '1/2-1/2', 'result');
    equal(await page.textContent('#game-status .reason'), 'The same position three times', 'the reason shown');
  });

  test('draw: an offer made with a move is answered by the engine', async ({ base, newPage }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { opponent: 'engine', level: 1, color: 'white' });
    await waitInteractive(page);
    await page.click('[data-action=offer-draw]');
    equal(await page.getAttribute('[data-action=offer-draw]', 'aria-pressed'), 'true', 'the offer waits for the move');
    await clickSquare(page, 'g3');
    await clickSquare(page, 'h4');
    // the engine accepts (game over) or declines by moving
    await page.waitForFunction(
      () => {
        const s = document.querySelector('#game-status');
        return s && (s.classList.contains('over') || document.querySelectorAll('.movelist .move[data-ply]').length >= 2);
      },
      null,
      { timeout: 30_000 },
    );
    expect(!(await page.$('.toast.error.show')), `no error: ${await page.textContent('.toast').catch(() => '')}`);
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.draw_offer, null, 'no offer left open');
    expect(game.result === '1/2-1/2' || game.moves.length === 2, `accepted or answered by a move: ${game.result}, ${game.moves.length} moves`);
  });

  test('resign: the person resigns against the engine and loses', async ({ base, newPage, state }) => {
    await needEndpoint(base, 'GET', '/api/games');
    const page = await newPage(DESKTOP);
    const id = await newGame(page, base, { opponent: 'engine', level: 2, color: 'black', name: 'Quitter' });
    await waitMoves(page, 1);
    await waitInteractive(page);
    equal(await page.getAttribute('.board-svg', 'data-flipped'), 'true', 'Black plays from the bottom');
    await page.click('[data-action=resign]');
    await page.click('dialog[open] .btn.danger');
    await page.waitForSelector('.status-card.over');
    equal(await page.getAttribute('#game-status', 'data-result'), '1-0', 'result');
    const { data: game } = await api(base, 'GET', `/api/games/${id}`);
    equal(game.result, '1-0', 'the server result');
    expect((await page.textContent('#game-status .reason')).length > 0, 'a reason is shown');
    await screenshot(page, 'resigned-desktop');
    state.resignGame = id;
  });
}
