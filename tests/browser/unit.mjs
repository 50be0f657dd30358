// unit.mjs - the page's pure modules (web/js/squares.js, fen.js, input.js), loaded in Node,
// against the server: square names and numbers, FEN boards (the column games' columns too) and
// the capture input of every draughts and column game on the positions of
// tests/data/rules_moves.txt and tests/data/variants/rules_*.txt; and every text of the page in
// English and in Russian.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, Failure, PROGRAM, ROOT, api, equal, expect, needEndpoint, test, webModule } from './harness.mjs';

const RULES = fs.readFileSync(path.join(ROOT, 'tests', 'data', 'rules_moves.txt'), 'utf8');
const RULE_FENS = RULES.split('\n').filter((l) => l.startsWith('FEN ')).map((l) => l.slice(4).trim());
// every game's positions of tests/data/variants/rules_NAME.txt (worked out by hand from its rules)
const COLUMN_GAMES = ['columns', 'lasca'];
const VARIANT_FENS = {};
for (const f of fs.readdirSync(path.join(ROOT, 'tests', 'data', 'variants'))) {
  const m = /^rules_(.+)\.txt$/.exec(f);
  if (!m) continue;
  const text = fs.readFileSync(path.join(ROOT, 'tests', 'data', 'variants', f), 'utf8');
  VARIANT_FENS[m[1]] = text.split('\n').filter((l) => l.startsWith('FEN ')).map((l) => l.slice(4).trim());
}

/** The draughts and column games: those the program knows, as its command line lists them for
 *  a game it does not know (the other games are listed by `shashki other list`). */
function programGames() {
  const r = spawnSync(PROGRAM, ['moves', '--variant', 'no-such-game'], { encoding: 'utf8' });
  const m = /unknown variant '[^']*': (.*)/.exec(r.stderr + r.stdout);
  if (!m) throw new Failure(`the program did not list its games: ${r.stderr}`);
  return m[1].trim().split(/,\s*/);
}

/** The server's Position of a game's FEN: the analysis board's /api/position for a draughts game;
 *  for a column game (which the analysis endpoints refuse) a game begun there, its position
 *  read with /api/games/ID/position. null when the server refuses it (a position already over). */
async function positionOf(base, variant, f) {
  if (!COLUMN_GAMES.includes(variant)) {
    const r = await api(base, 'POST', '/api/position', { variant, fen: f });
    equal(r.status, 200, `${variant}: server status for ${f}`);
    return r.data;
  }
  const g = await api(base, 'POST', '/api/games', { variant, fen: f, opponent: 'human' });
  if (g.status === 400 && /over/.test(JSON.stringify(g.data))) return null;
  equal(g.status, 201, `${variant}: a game from ${f}`);
  const r = await api(base, 'GET', `/api/games/${g.data.id}/position`);
  equal(r.status, 200, `${variant}: the position of game ${g.data.id}`);
  return r.data;
}

/** The columns of a Position: per square the letters of the pieces under its top, '' for none
 *  (the analysis board's Position has no units: a draughts game has no columns). */
function columnsOf(pos) {
  if (!pos.units) return [...pos.board].map(() => '');
  const letter = (u) => (u.owner === 'white' ? 'w' : 'b')[u.kind === 'king' ? 'toUpperCase' : 'toLowerCase']();
  return pos.units.map((u) => (u && u.column ? u.column.slice(1).map(letter).join('') : ''));
}

/** Enter `move` along its path `p` square by square with input.js's step(), as the board takes
 *  clicks: each square selects or extends until one completes the move, which must be `move`;
 *  with `offered`, each next square must be among the targets offered. `where` names the position. */
function enterPath(input, legal, move, p, where, offered = false) {
  let prefix = [];
  let r = null;
  for (const s of p) {
    r = input.step(legal, prefix, s);
    if (r.kind === 'complete') break;
    expect(r.kind === 'select' || r.kind === 'extend', `${where}: ${p.join(' ')} at ${s} gave ${r.kind}`);
    prefix = r.prefix;
    if (offered && prefix.length < p.length) {
      expect(input.targets(legal, prefix).has(p[prefix.length]), `${where}: ${p[prefix.length]} is not offered after ${prefix.join(' ')}`);
    }
  }
  expect(r && r.kind === 'complete', `${where}: entering ${p.join(' ')} did not complete a move`);
  equal(r.move.notation, move.notation, `${where}: the move entered along ${p.join(' ')}`);
}

/** The page's pure modules against the server, and the texts of both languages. */
export function unitTests() {
  test('unit: square names, numbers and FEN boards agree with the server', async ({ base }) => {
    const squares = await webModule('squares.js');
    const fen = await webModule('fen.js');
    // rules-notes: 1=b8 ... 4=h8, 5=a7, 29=a1, 32=g1
    equal(['b8', 'h8', 'a7', 'a1', 'g1'].map(squares.numberOf), [1, 4, 5, 29, 32], 'square numbers');
    for (let i = 0; i < 32; i++) equal(squares.indexOf(squares.nameOf(i)), i, `index round trip of ${i}`);
    equal(squares.indexOf('a2'), -1, 'a light square');
    for (const f of [...RULE_FENS, fen.START_FEN]) {
      const r = await api(base, 'POST', '/api/position', { fen: f });
      equal(r.status, 200, `server status for ${f}`);
      const mine = fen.parseFen(f);
      equal(mine.board, r.data.board, `board of ${f}`);
      equal(mine.side, r.data.side, `side of ${f}`);
      const again = await api(base, 'POST', '/api/position', { fen: fen.writeFen(mine) });
      equal(again.data.fen, r.data.fen, `the server reads the page's FEN of ${f} back`);
    }
  });

  test('unit: capture input follows every path of every legal move', async ({ base }) => {
    const input = await webModule('input.js');
    let paths = 0;
    for (const f of RULE_FENS) {
      const { data: pos } = await api(base, 'POST', '/api/position', { fen: f });
      for (const move of pos.legal) {
        for (const p of move.paths) {
          paths++;
          enterPath(input, pos.legal, move, p, f, true);
        }
        // clicking the final square straight after the piece: never a different move
        const r = input.step(pos.legal, [move.from], move.to);
        expect(r.kind !== 'ignore' && r.kind !== 'cancel' || move.to === move.from, `${f}: ${move.notation} final square ignored`);
        if (r.kind === 'complete') equal(r.move.to, move.to, `${f}: the move chosen by clicking ${move.to}`);
      }
    }
    expect(paths > 30, `only ${paths} paths were tried`);
  });

  test('unit: every game\'s board, square numbers and FEN agree with the server', async ({ base }) => {
    const squares = await webModule('squares.js');
    const fen = await webModule('fen.js');
    const { status, data } = await needEndpoint(base, 'GET', '/api/variants');
    equal(status, 200, 'GET /api/variants');
    equal(data.variants.map((v) => v.name), programGames(), 'the games of the server and of the program (every game, in the same order)');
    for (const v of data.variants) {
      expect(['draughts', 'columns', 'other'].includes(v.family), `${v.name}: a family (${v.family})`);
      equal([v.colours.length, v.player_names.length, v.player_colours.length], [v.players, v.players, v.players], `${v.name}: a colour, a name and a swatch per player`);
      equal(v.colours[0], 'white', `${v.name}: player 0 is White`);
      expect(v.geometry && v.geometry.cells.length > 0, `${v.name}: its board's cells`);
    }
    let checked = 0;
    for (const v of data.variants.filter((x) => x.family !== 'other')) {
      const geo = squares.geometry(v.board, v.size, v.rows); // (10x8: rows fewer than files)
      equal(geo.size, v.size, `${v.name}: the board's size`);
      equal(geo.count, v.squares, `${v.name}: squares`);
      // the bottom row's last playing square: h1 on the turned and orthogonal boards; on the
      // diagonal board (a1 dark) the last file of even index (0 = a): g1 on 8x8 and on Lasca's 7x7
      const lastFile = v.board === 'turned' || v.board === 'orthogonal' || v.size % 2 === 1 ? v.size - 1 : v.size - 2;
      equal(geo.nameOf(geo.count - 1), squares.FILES[lastFile] + '1', `${v.name}: the last square`);
      for (let i = 0; i < geo.count; i++) equal(geo.indexOf(geo.nameOf(i)), i, `${v.name}: index round trip of ${i}`);
      equal(fen.parseFen(v.start_fen, geo).board, v.start_board, `${v.name}: the start board`);
      equal(fen.parseFen(v.start_fen_numeric, geo).board, v.start_board, `${v.name}: the start board from the numeric FEN`);
      expect(VARIANT_FENS[v.name] || v.name === 'russian', `${v.name}: no rules file`);
      for (const f of [v.start_fen, ...(VARIANT_FENS[v.name] || [])]) {
        const pos = await positionOf(base, v.name, f);
        if (!pos) continue;
        const mine = fen.parseFen(f, geo);
        equal(mine.board, pos.board, `${v.name}: board of ${f}`);
        equal(mine.side, pos.side, `${v.name}: side of ${f}`);
        equal(mine.second, pos.second_move, `${v.name}: second move of ${f}`);
        // a column game's columns: the pieces under each top, as the server's Units have them
        equal(mine.columns || geo.empty().split('').map(() => ''), columnsOf(pos), `${v.name}: the columns of ${f}`);
        const again = await positionOf(base, v.name, fen.writeFen(mine, geo));
        equal(again.fen, pos.fen, `${v.name}: the server reads the page's FEN of ${f} back`);
        for (const m of pos.legal) {
          // the game's own numbers, and paths along lines that pass over what the move takes
          equal(Number(m.numeric.split(/[-x]/)[0]), geo.numberOf(m.from), `${v.name} ${f}: the number of ${m.from}`);
          for (const p of m.paths) {
            const over = new Set();
            for (let k = 1; k < p.length; k++) {
              const line = squares.between(p[k - 1], p[k]);
              expect(line.length > 0 || squares.distance(p[k - 1], p[k]) === 1, `${v.name} ${f}: ${p[k - 1]}-${p[k]} is not along a line`);
              for (const x of line) over.add(x);
            }
            for (const c of m.captured) expect(over.has(c), `${v.name} ${f}: ${m.notation} takes ${c} off its path ${p.join(' ')}`);
          }
        }
        checked++;
      }
    }
    expect(checked > 250, `only ${checked} positions were tried`);
  });

  test('unit: capture input follows every path in every game', async ({ base }) => {
    const input = await webModule('input.js');
    let paths = 0;
    for (const [variant, fens] of Object.entries(VARIANT_FENS)) {
      for (const f of fens) {
        const pos = await positionOf(base, variant, f);
        if (!pos) continue;
        for (const move of pos.legal) {
          for (const p of move.paths) {
            paths++;
            enterPath(input, pos.legal, move, p, `${variant} ${f}`);
            // the pieces marked as taken on the way are the move's
            const marked = input.capturedSoFar(pos.legal, p);
            for (const c of marked) expect(move.captured.includes(c), `${variant} ${f}: ${c} marked but not taken by ${move.notation}`);
          }
        }
      }
    }
    expect(paths > 300, `only ${paths} paths were tried`);
  });

  test('unit: every text the page uses exists in English and in Russian', async () => {
    const src = fs.readFileSync(path.join(ROOT, 'web/js/i18n.js'), 'utf8');
    const table = (from, to) => new Set([...src.slice(src.indexOf(from), src.indexOf(to)).matchAll(/^  '([^']+)':/gm)].map((m) => m[1]));
    const en = table('const EN', 'const RU');
    const ru = table('const RU', 'const TABLES');
    // a section's own words (i18n_*.js: addTexts({en: {...}, ru: {...}}))
    for (const f of fs.readdirSync(path.join(ROOT, 'web/js')).filter((n) => /^i18n_.+\.js$/.test(n))) {
      const more = fs.readFileSync(path.join(ROOT, 'web/js', f), 'utf8');
      const keys = (part) => [...part.matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]);
      for (const k of keys(more.slice(more.indexOf('en: {'), more.indexOf('ru: {')))) en.add(k);
      for (const k of keys(more.slice(more.indexOf('ru: {')))) ru.add(k);
    }
    expect(en.size > 100, `only ${en.size} English texts`);
    equal([...en].filter((k) => !ru.has(k)), [], 'English texts without a Russian one');
    equal([...ru].filter((k) => !en.has(k)), [], 'Russian texts without an English one');
    const used = new Set();
    for (const f of fs.readdirSync(path.join(ROOT, 'web/js'))) {
      if (f === 'i18n.js') continue;
      const js = fs.readFileSync(path.join(ROOT, 'web/js', f), 'utf8');
      for (const m of js.matchAll(/\bt\('([\w.]+)'\s*[,)]/g)) used.add(m[1]);
    }
    expect(used.size > 80, `only ${used.size} texts found in use`);
    equal([...used].filter((k) => !en.has(k)), [], 'texts used but never written');
  });

  test('unit: counts in words take their plural forms, English\'s two and Russian\'s three (issue 33: "1 games")', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base + '#/');
    const words = await page.evaluate(async () => {
      const { tIn } = await import('/js/i18n.js');
      const counts = [0, 1, 2, 5, 11, 21, 22, 25, 112];
      return {
        en: counts.map((n) => tIn('en', 'explorer.games', { n })),
        ru: counts.map((n) => tIn('ru', 'explorer.games', { n })),
        moves: [1, 3, 5].map((n) => tIn('ru', 'home.moves', { n })),
      };
    });
    equal(words.en, ['0 games', '1 game', '2 games', '5 games', '11 games', '21 games', '22 games', '25 games', '112 games'], 'English');
    equal(words.ru, ['0 партий', '1 партия', '2 партии', '5 партий', '11 партий', '21 партия', '22 партии', '25 партий', '112 партий'], 'Russian');
    equal(words.moves, ['1 ход', '3 хода', '5 ходов'], 'Russian moves');
  });
}
