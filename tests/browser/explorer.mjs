// explorer.mjs - the browser tests of the opening explorer on the analysis board (explorer.js,
// GET /api/explorer). run.mjs registers them.
//
// The card must show, for the board's position, what the server says: the book's searched
// moves, and the master games' and the archive's moves with their games and results. A game
// imported here with a known first move and result must appear in the archive's counts.

import { DESKTOP, PHONE, api, equal, expect, needEndpoint, screenshot, settled, test, waitInteractive, waitMoves } from './harness.mjs';

export function explorerTests() {
  /** The rows of one of the card's lists: move, games and the results text. */
  const rows = (page, list) =>
    page.$$eval(`#explorer-${list} .explorer-row`, (els) =>
      els.map((e) => ({ move: e.dataset.move, games: e.dataset.games ? Number(e.dataset.games) : null, results: (e.querySelector('.explorer-results') || {}).textContent || null })),
    );
  const ready = (page, fen) =>
    page.waitForFunction((f) => {
      const card = document.querySelector('#explorer');
      return card && card.dataset.state === 'ready' && document.querySelector('.analysis').dataset.fen === f;
    }, fen);

  test('explorer: the book\'s, the master games\' and the archive\'s moves for the position, a move played from it', async ({ base, newPage }) => {
    const pdn = '[White "Explorer A"]\n[Black "Explorer B"]\n[Result "1-0"]\n\n1. g3-h4 f6-g5 1-0\n\n[White "Explorer C"]\n[Black "Explorer D"]\n[Result "1/2-1/2"]\n\n1. g3-h4 b6-a5 1/2-1/2\n';
    const imported = await needEndpoint(base, 'POST', '/api/import', { pdn });
    equal(imported.data.imported.length, 2, 'two games imported');
    const start = (await api(base, 'GET', '/api/explorer')).data;
    expect(start.book && start.book.length > 0, 'the start position is in the book');
    const h4 = start.archive.moves.find((m) => m.move.notation === 'g3-h4');
    expect(h4 && h4.games >= 2 && h4.white >= 1 && h4.draws >= 1, `the archive counts the imported games: ${JSON.stringify(h4)}`);

    const page = await newPage(DESKTOP);
    await page.goto(base + '#/analysis');
    await waitInteractive(page);
    const startFen = await page.getAttribute('.analysis', 'data-fen');
    await ready(page, startFen);
    const book = await rows(page, 'book');
    equal(book.map((r) => r.move), start.book.map((l) => l.move.notation), 'the book\'s moves, best first');
    const scores = await page.$$eval('#explorer-book .score', (els) => els.map((e) => e.textContent.trim()));
    expect(scores.every((s) => /^[+−]?(#\d+|\d+\.\d\d)$/.test(s)), `each book move has a score: ${scores}`);
    const masters = await rows(page, 'collections');
    equal(masters.map((r) => [r.move, r.games]), start.collections.moves.map((m) => [m.move.notation, m.games]), 'the master games\' moves and counts');
    const archive = await rows(page, 'archive');
    const shown = archive.find((r) => r.move === 'g3-h4');
    expect(shown && shown.games === h4.games, `the archive row of g3-h4 shows ${h4.games} games: ${JSON.stringify(shown)}`);
    // each count in words with its plural ("1 game", "2 games"; the page said "1 games")
    const counts = await page.$$eval('.explorer-row[data-games]', (els) => els.map((e) => [Number(e.dataset.games), e.querySelector('.explorer-games').textContent]));
    expect(counts.length > 0, 'rows with their games');
    equal(counts.map(([, text]) => text), counts.map(([n]) => `${n} ${n === 1 ? 'game' : 'games'}`), 'the games of each move in words');
    const pct = (x) => Math.round(x);
    expect(shown.results.includes(`${pct(h4.percent.white)}%`) && shown.results.includes(`${pct(h4.percent.draw)}%`), `its results in percent: ${shown.results}`);
    await settled(page);
    await screenshot(page, 'explorer-desktop');

    // the book's best move, clicked, is played; the card follows the new position
    await page.click(`#explorer-book .explorer-row[data-move="${start.book[0].move.notation}"] .explorer-move`);
    await waitMoves(page, 1);
    await waitInteractive(page);
    const fen = await page.getAttribute('.analysis', 'data-fen');
    expect(fen !== startFen, 'the position changed');
    await ready(page, fen);
    const next = (await api(base, 'GET', '/api/explorer?fen=' + encodeURIComponent(fen))).data;
    equal((await rows(page, 'collections')).map((r) => r.move), next.collections.moves.map((m) => m.move.notation), 'the master games\' moves after it');

    const phone = await newPage(PHONE);
    await phone.goto(base + '#/analysis');
    await waitInteractive(phone);
    await ready(phone, startFen);
    await phone.locator('#explorer').scrollIntoViewIfNeeded();
    await settled(phone);
    await screenshot(phone, 'explorer-phone');
  });
}
