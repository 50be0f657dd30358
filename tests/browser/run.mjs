#!/usr/bin/env node
// run.mjs - the web app's browser tests.
//
//   node tests/browser/run.mjs [--program build/shashki] [--only SUBSTRING] [--headed] [--times]
//
// Starts `PROGRAM serve --port 0 --db <temp file>`, drives Debian's chromium with
// playwright-core along the paths a person takes (start a game, move by click and by drag,
// capture several pieces choosing the path, see the engine answer, offer a draw, resign, replay
// and delete from the archive, import PDN, set up and analyse a position, survive a server
// kill), prints "ok NAME" or "FAIL NAME: reason" for each test and "N passed, M failed" at the
// end, exits 1 on any failure, and always stops the servers it started. Screenshots go to
// build/screenshots/ (desktop 1440x900 and phone 390x844).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import jsQR from 'jsqr';
import { chromium } from 'playwright-core';
import { boardTests } from './boards.mjs';
import { puzzleTests } from './puzzles.mjs';
import { chapaevTests } from './chapaev.mjs';
import { explorerTests } from './explorer.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SHOTS = path.join(ROOT, 'build', 'screenshots');
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Every wait of a test has its own bound (15 s for an action, 30 s for a move to arrive), so a
// test that stops making progress fails there, saying what it waited for. This bound on a whole
// test only catches a call that has none; a test is many steps, and with both cores busy a
// long one (the club's three devices) took 90 s, so it is not a measure of any one step.
const TEST_MS = 300_000;

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
const PROGRAM = path.resolve(option('--program', path.join(ROOT, 'build', 'shashki')));
const ONLY = option('--only', '');
const HEADED = process.argv.includes('--headed');
const TIMES = process.argv.includes('--times'); // each test's seconds on stderr

// ---------------------------------------------------------------- the server

const servers = new Set();

class Server {
  /** options: {password} sets the arbiter's password at start, {host} the address to listen on,
   *  {puzzles} the puzzles file to serve */
  constructor(db, options = {}) {
    this.db = db;
    this.options = options;
    this.proc = null;
    this.url = null; // the address the browser uses (always on this machine)
    this.announced = null; // the address the first line gives players
    this.log = '';
  }

  start() {
    return new Promise((resolve, reject) => {
      const args = ['serve', '--port', '0', '--db', this.db];
      if (this.options.host) args.push('--host', this.options.host);
      if (this.options.password) args.push('--set-password');
      if (this.options.puzzles) args.push('--puzzles', this.options.puzzles);
      const proc = spawn(PROGRAM, args, { stdio: [this.options.password ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
      if (this.options.password) proc.stdin.end(this.options.password + '\n');
      this.proc = proc;
      servers.add(this);
      const timer = setTimeout(() => reject(new Error(`no "ready" line from the server in 15 s:\n${this.log}`)), 15_000);
      const onData = (chunk) => {
        this.log += chunk.toString();
        if (this.log.length > 20_000) this.log = this.log.slice(-20_000);
        const m = /ready at (http:\/\/[^\s]+)/.exec(this.log);
        if (m && !this.url) {
          this.announced = m[1].endsWith('/') ? m[1] : m[1] + '/';
          // the tests reach the server on the loopback address only, whatever it listens on
          this.url = `http://127.0.0.1:${new URL(this.announced).port}/`;
          clearTimeout(timer);
          resolve(this);
        }
      };
      proc.stdout.on('data', onData);
      proc.stderr.on('data', onData);
      proc.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      proc.on('exit', (code, signal) => {
        servers.delete(this);
        this.exited = { code, signal };
        if (!this.url) {
          clearTimeout(timer);
          reject(new Error(`the server stopped (${code ?? signal}) before it was ready:\n${this.log}`));
        }
      });
    });
  }

  /** Stop politely (SIGTERM), then for good after 3 s. */
  async stop() {
    const proc = this.proc;
    if (!proc || this.exited) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }

  /** Kill without warning, as a crash would. */
  async kill() {
    const proc = this.proc;
    if (!proc || this.exited) return;
    const gone = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await gone;
  }
}

function killAll() {
  for (const s of servers) {
    try {
      s.proc.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });
}

// ---------------------------------------------------------------- helpers

class Failure extends Error {}

function expect(cond, message) {
  if (!cond) throw new Failure(message);
}

function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: expected ${e}, got ${a}`);
}

async function api(base, method, p, body) {
  const res = await fetch(base + p.replace(/^\//, ''), {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let data = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status: res.status, data };
}

async function needEndpoint(base, method, p, body) {
  const r = await api(base, method, p, body);
  const message = (r.data && r.data.error && r.data.error.message) || '';
  if ((r.status === 404 && /nothing at/.test(message)) || (r.status === 405 && /not allowed/.test(message))) {
    throw new Failure(`the server has no ${method} ${p} yet`);
  }
  return r;
}

const sq = (s) => `.board-svg rect.sq[data-square="${s}"]`;

async function clickSquare(page, s) {
  await page.click(sq(s));
}

async function center(page, s) {
  const b = await page.locator(sq(s)).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** Drag a piece from square a to square b with the mouse, in small steps. */
async function drag(page, a, b) {
  const [x1, y1] = await center(page, a);
  const [x2, y2] = await center(page, b);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3, { steps: 4 });
  await page.mouse.move(x2, y2, { steps: 6 });
  await page.mouse.up();
}

async function boardString(page) {
  return page.getAttribute('.board-svg', 'data-board');
}

async function moveTexts(page) {
  return page.$$eval('.movelist .move[data-ply]', (els) => els.map((e) => e.textContent.trim()));
}

async function waitMoves(page, n, ms = 30_000) {
  await page.waitForFunction((k) => document.querySelectorAll('.movelist .move[data-ply]').length >= k, n, { timeout: ms });
}

async function waitInteractive(page, ms = 30_000) {
  await page.waitForSelector('.board-svg.interactive', { timeout: ms });
}

function gameIdOf(page) {
  const m = /#\/play\/(\d+)/.exec(page.url());
  return m ? Number(m[1]) : null;
}

/** Wait until the page is drawn and still: fonts loaded, nothing loading, no animation running. */
async function settled(page) {
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page.waitForFunction(() => !document.querySelector('.loading') && document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The text a QR code picture on the page holds (read with jsQR from the drawn pixels). */
async function readQr(page, selector) {
  await page.waitForFunction((sel) => {
    const img = document.querySelector(sel);
    return img && img.complete && img.naturalWidth > 0;
  }, selector);
  const img = await page.$eval(selector, (el) => {
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const g = canvas.getContext('2d');
    g.imageSmoothingEnabled = false;
    g.drawImage(el, 0, 0, size, size);
    return { size, data: Array.from(g.getImageData(0, 0, size, size).data) };
  });
  const code = jsQR(Uint8ClampedArray.from(img.data), img.size, img.size);
  return code ? code.data : null;
}

/** A move entered by clicking, on a page whose board takes it. */
async function playMove(page, from, to) {
  await waitInteractive(page);
  await clickSquare(page, from);
  await clickSquare(page, to);
}

/** A request from the page itself, with its cookies: the status. */
async function fetchFrom(page, method, p, body) {
  return page.evaluate(
    async ([m, url, b]) => (await fetch(url, { method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined })).status,
    [method, p, body],
  );
}

async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Start a game through the new-game dialog. o: {variant, opponent, level, color, time, fen, white, black} */
async function newGame(page, base, o) {
  await page.goto(base + '#/');
  await page.click('[data-action=new-game]');
  await page.waitForSelector('dialog[open] form.newgame');
  await page.selectOption('#ng-variant', o.variant || 'russian');
  await page.click(`label.seg:has(input[name=opponent][value=${o.opponent}])`);
  if (o.opponent === 'engine') {
    await page.$eval('#ng-level', (el, v) => {
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, String(o.level || 1));
    await page.click(`label.seg:has(input[name=color][value=${o.color || 'white'}])`);
    if (o.name) await page.fill('input[name=name]', o.name);
  } else {
    if (o.where) {
      await page.click(`label.seg:has(input[name=where][value=${o.where}])`);
      if (o.where === 'devices') await page.click(`label.seg:has(input[name=seat][value=${o.seat || 'white'}])`);
    }
    if (o.white) await page.fill('input[name=white]', o.white);
    if (o.black) await page.fill('input[name=black]', o.black);
  }
  if (o.time) {
    await page.selectOption('#ng-time', 'custom');
    await page.fill('#ng-time-text', o.time);
  } else {
    await page.selectOption('#ng-time', '');
  }
  if (o.fen) {
    await page.click('label.seg:has(input[name=start][value=fen])');
    await page.fill('#ng-fen', o.fen);
  } else if (o.opening) {
    await page.click('label.seg:has(input[name=start][value=opening])');
    await page.selectOption('#ng-opening', o.opening);
  } else {
    await page.click('label.seg:has(input[name=start][value=normal])');
  }
  await page.click('[data-action=create]');
  try {
    await page.waitForURL(/#\/play\/\d+$/, { timeout: 45_000 });
  } catch {
    const err = await page.$eval('.form-error', (e) => e.textContent).catch(() => '');
    throw new Failure(`no game was created${err ? ': ' + err : ''}`);
  }
  await page.waitForSelector('.play[data-status]');
  return gameIdOf(page);
}

// ---------------------------------------------------------------- the tests

const tests = [];
function test(name, fn) {
  tests.push({ name, fn });
}

// The page's pure modules, loaded in Node from a copy beside a package.json saying they are ES
// modules (web/package.json says so too now, for Chapaev's modules, which chapaev.mjs loads in place).
let webModules = null;
async function webModule(name) {
  if (!webModules) {
    webModules = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-web-js-'));
    fs.writeFileSync(path.join(webModules, 'package.json'), '{"type": "module"}\n');
    for (const f of ['squares.js', 'fen.js', 'input.js']) fs.copyFileSync(path.join(ROOT, 'web', 'js', f), path.join(webModules, f));
  }
  return import(pathToFileURL(path.join(webModules, name)));
}

const RULES = fs.readFileSync(path.join(ROOT, 'tests', 'data', 'rules_moves.txt'), 'utf8');
const RULE_FENS = RULES.split('\n').filter((l) => l.startsWith('FEN ')).map((l) => l.slice(4).trim());
const SAMPLE_PDN = fs.readFileSync(path.join(HERE, 'data', 'abaulin-abaciev-1965.pdn'), 'utf8');
// every game's positions of tests/data/variants/rules_NAME.txt (worked out by hand from its rules)
// The column games' squares hold columns, which the API's boards (a letter a square) cannot
// say: the server leaves them out (docs/web-api.md) and answers 400 for them.
const COLUMN_GAMES = ['columns', 'lasca'];
const VARIANT_FENS = {};
for (const f of fs.readdirSync(path.join(ROOT, 'tests', 'data', 'variants'))) {
  const m = /^rules_(.+)\.txt$/.exec(f);
  if (!m) continue;
  const text = fs.readFileSync(path.join(ROOT, 'tests', 'data', 'variants', f), 'utf8');
  if (COLUMN_GAMES.includes(m[1])) continue; // not served: see programGames
  VARIANT_FENS[m[1]] = text.split('\n').filter((l) => l.startsWith('FEN ')).map((l) => l.slice(4).trim());
}

/** The games the server serves: those the program knows, as its command line lists them for a game it does not know. */
function programGames() {
  const r = spawnSync(PROGRAM, ['moves', '--variant', 'no-such-game'], { encoding: 'utf8' });
  const m = /unknown variant '[^']*': (.*)/.exec(r.stderr + r.stdout);
  if (!m) throw new Failure(`the program did not list its games: ${r.stderr}`);
  return m[1].trim().split(/,\s*/).filter((g) => !COLUMN_GAMES.includes(g));
}

/** Whether consecutive points of a polyline ("x,y x,y ...") go along files and ranks only. */
function orthogonalPoints(points) {
  const pts = points.trim().split(/\s+/).map((p) => p.split(',').map(Number));
  return pts.length >= 2 && pts.every((p, i) => i === 0 || Math.abs(p[0] - pts[i - 1][0]) < 0.5 || Math.abs(p[1] - pts[i - 1][1]) < 0.5);
}

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
        let prefix = [];
        let r = null;
        for (const s of p) {
          r = input.step(pos.legal, prefix, s);
          if (r.kind === 'complete') break;
          expect(r.kind === 'select' || r.kind === 'extend', `${f}: ${p.join(' ')} at ${s} gave ${r.kind}`);
          prefix = r.prefix;
          if (prefix.length < p.length) {
            expect(input.targets(pos.legal, prefix).has(p[prefix.length]), `${f}: ${p[prefix.length]} is not offered after ${prefix.join(' ')}`);
          }
        }
        expect(r && r.kind === 'complete', `${f}: entering ${p.join(' ')} did not complete a move`);
        equal(r.move.notation, move.notation, `${f}: the move entered along ${p.join(' ')}`);
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
  equal(data.variants.map((v) => v.name), programGames(), 'the games of the server and of the program');
  let checked = 0;
  for (const v of data.variants) {
    const geo = squares.geometry(v.board, v.size);
    equal(geo.size, v.size, `${v.name}: the board's size`);
    equal(geo.count, v.squares, `${v.name}: squares`);
    equal(geo.nameOf(geo.count - 1), v.board === 'turned' || v.board === 'orthogonal' ? squares.FILES[v.size - 1] + '1' : squares.FILES[v.size - 2] + '1', `${v.name}: the last square`);
    for (let i = 0; i < geo.count; i++) equal(geo.indexOf(geo.nameOf(i)), i, `${v.name}: index round trip of ${i}`);
    equal(fen.parseFen(v.start_fen, geo).board, v.start_board, `${v.name}: the start board`);
    equal(fen.parseFen(v.start_fen_numeric, geo).board, v.start_board, `${v.name}: the start board from the numeric FEN`);
    expect(VARIANT_FENS[v.name] || v.name === 'russian', `${v.name}: no rules file`);
    for (const f of [v.start_fen, ...(VARIANT_FENS[v.name] || [])]) {
      const r = await api(base, 'POST', '/api/position', { variant: v.name, fen: f });
      equal(r.status, 200, `${v.name}: server status for ${f}`);
      const mine = fen.parseFen(f, geo);
      equal(mine.board, r.data.board, `${v.name}: board of ${f}`);
      equal(mine.side, r.data.side, `${v.name}: side of ${f}`);
      equal(mine.second, r.data.second_move, `${v.name}: second move of ${f}`);
      const again = await api(base, 'POST', '/api/position', { variant: v.name, fen: fen.writeFen(mine, geo) });
      equal(again.data.fen, r.data.fen, `${v.name}: the server reads the page's FEN of ${f} back`);
      for (const m of r.data.legal) {
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
      const { data: pos } = await api(base, 'POST', '/api/position', { variant, fen: f });
      for (const move of pos.legal) {
        for (const p of move.paths) {
          paths++;
          let prefix = [];
          let r = null;
          for (const s of p) {
            r = input.step(pos.legal, prefix, s);
            if (r.kind === 'complete') break;
            expect(r.kind === 'select' || r.kind === 'extend', `${variant} ${f}: ${p.join(' ')} at ${s} gave ${r.kind}`);
            prefix = r.prefix;
          }
          expect(r && r.kind === 'complete', `${variant} ${f}: entering ${p.join(' ')} did not complete a move`);
          equal(r.move.notation, move.notation, `${variant} ${f}: the move entered along ${p.join(' ')}`);
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

test('the start page loads, with a board of 24 pieces', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base);
  await page.waitForSelector('.home .board-svg');
  equal(await page.locator('.board-svg rect.sq.dark').count(), 32, 'dark squares');
  equal(await page.locator('.board-svg .piece').count(), 24, 'pieces');
  equal(await page.locator('.board-svg .coord').count(), 16, 'coordinates');
  expect((await page.title()).includes('Shashki'), 'title');
  await screenshot(page, 'home-desktop');
  const phone = await newPage(PHONE);
  await phone.goto(base);
  await phone.waitForSelector('.home .board-svg');
  await screenshot(phone, 'home-phone');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
});

test('language: Russian is chosen, shown and remembered after a reload', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/analysis');
  await page.click('[data-lang=ru]');
  await page.waitForSelector('.nav-link[data-nav=analysis]:has-text("Анализ")');
  equal(await page.getAttribute('html', 'lang'), 'ru', 'html lang');
  await page.reload();
  await page.waitForSelector('.nav-link[data-nav=play]:has-text("Игра")');
  expect(page.url().includes('#/analysis'), 'the route survived the reload');
  await screenshot(page, 'analysis-ru-desktop');
  await page.click('[data-lang=en]');
  await page.waitForSelector('.nav-link[data-nav=play]:has-text("Play")');
});

test('notation: numeric squares are shown on the board and remembered', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/analysis');
  await page.click('[data-notation=numeric]');
  await page.waitForSelector('.board-svg .sq-number');
  equal(await page.locator('.board-svg .sq-number').count(), 32, 'square numbers');
  await waitInteractive(page);
  await clickSquare(page, 'c3');
  await clickSquare(page, 'd4');
  await waitMoves(page, 1);
  equal(await moveTexts(page), ['22-18'], 'the move in numeric notation');
  await page.reload();
  await page.waitForSelector('.board-svg .sq-number');
  await waitMoves(page, 1); // the line comes back from the address after the board is drawn
  equal(await moveTexts(page), ['22-18'], 'the line and the notation after a reload');
  await page.click('[data-notation=algebraic]');
  await waitMoves(page, 1);
  equal(await moveTexts(page), ['c3-d4'], 'the move in algebraic notation');
});

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
  await waitInteractive(page);
  await clickSquare(page, 'c3');
  await clickSquare(page, 'd4');
  await waitMoves(page, 1);
  // White has just moved, so White offers; Black answers
  await page.click('[data-action=offer-draw]');
  await page.waitForSelector('[data-action=accept-draw]');
  equal(await status('data-draw-offer'), 'white', 'the offer is White\'s');
  expect((await page.textContent('#game-status')).includes('White offers a draw'), 'the offer is shown');
  await screenshot(page, 'draw-offer-desktop');
  await page.click('[data-action=decline-draw]');
  await page.waitForFunction(() => document.querySelector('#game-status').dataset.drawOffer === '');
  await clickSquare(page, 'f6');
  await clickSquare(page, 'g5');
  await waitMoves(page, 2);
  await page.click('[data-action=offer-draw]');
  await page.waitForSelector('[data-action=accept-draw]');
  equal(await status('data-draw-offer'), 'black', 'the offer is Black\'s');
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
  await page.waitForFunction((id) => [...document.querySelectorAll('.arow[data-id]')].some((r) => r.dataset.id === String(id)), state.drawGame);
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
  expect(/Imported 1 games/.test(msg), `import message: ${msg}`);
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
  await page.goto(base + '#/analysis');
  await waitInteractive(page);
  await page.click('[data-action=setup]');
  await page.waitForSelector('.editor');
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
  const phone = await newPage(PHONE);
  await phone.goto(base + `#/play/${id}`);
  await waitMoves(phone, 5);
  await settled(phone);
  await screenshot(phone, 'english-game-phone');
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
  const phone = await newPage(PHONE);
  await phone.goto(base + `#/play/${id}`);
  await waitMoves(phone, 1);
  await settled(phone);
  await screenshot(phone, 'italian-game-phone');
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
  const phone = await newPage(PHONE);
  await phone.goto(base + `#/play/${id}`);
  await waitMoves(phone, 2);
  await settled(phone);
  await screenshot(phone, 'turkish-game-phone');
  state.turkish = id;
});

// ---- the boards larger than 8x8 (boards.mjs): international draughts on 10x10

boardTests({ test, webModule, api, equal, expect, needEndpoint, newGame, sq, clickSquare, drag, boardString, moveTexts, waitMoves, waitInteractive, settled, screenshot, DESKTOP, PHONE });
puzzleTests({ test, api, equal, expect, Server, ROOT, clickSquare, boardString, moveTexts, waitMoves, waitInteractive, settled, screenshot, DESKTOP, PHONE });

// ---- Chapaev, the flicking game in the browser only (chapaev.mjs)
chapaevTests({ test, equal, expect, screenshot, settled, DESKTOP });
explorerTests({ test, api, equal, expect, needEndpoint, waitInteractive, waitMoves, settled, screenshot, DESKTOP, PHONE });

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
  const phone = await newPage(PHONE);
  await phone.goto(base + '#/analysis?variant=turkish');
  await phone.waitForSelector('.board-svg[data-variant=turkish]');
  await settled(phone);
  await screenshot(phone, 'analysis-turkish-phone');
});

test('analysis: the editor switched to Turkish, a position set up on 64 squares', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/analysis?variant=russian');
  await waitInteractive(page);
  await page.click('[data-action=setup]');
  await page.waitForSelector('.editor');
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
  await page.waitForFunction((id) => [...document.querySelectorAll('.arow[data-id]')].some((r) => r.dataset.id === String(id)), state.italian);
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

test('phone: every view fits 390 and 360 px without sideways scrolling', async ({ base, newPage, state }) => {
  const views = [['home', '#/'], ['analysis', '#/analysis'], ['archive', '#/archive'], ['events', '#/events']];
  if (state.drawGame) views.push(['game', `#/play/${state.drawGame}`]);
  if (state.engine) views.push(['engine-game', `#/play/${state.engine.id}`]);
  if (state.turkish) views.push(['turkish-game', `#/play/${state.turkish}`]);
  if (state.international) views.push(['international-game', `#/play/${state.international}`]);
  views.push(['international-analysis', '#/analysis?variant=international']);
  for (const viewport of [PHONE, { width: 360, height: 740 }]) {
    const page = await newPage(viewport);
    for (const [name, hash] of views) {
      await page.goto(base + hash);
      await page.waitForSelector('.board-svg, .archive-list, .event-list');
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (viewport === PHONE) await screenshot(page, `${name}-phone`);
      expect(overflow <= 0, `${name} at ${viewport.width} px scrolls sideways by ${overflow}px`);
    }
  }
  const page = await newPage(PHONE);
  await page.goto(base + '#/');
  await page.click('[data-action=new-game]');
  await page.waitForSelector('dialog[open]');
  await settled(page);
  await screenshot(page, 'new-game-dialog-phone');
});

test('keyboard: a move made with the arrow keys and Enter', async ({ base, newPage }) => {
  const page = await newPage(DESKTOP);
  await page.goto(base + '#/analysis?fen=' + encodeURIComponent('W:Wc3:Bh8'));
  await waitInteractive(page);
  await page.focus('.board-svg');
  // the cursor starts on c3: Enter picks the man, Up and Right move to d4, Enter plays
  await page.keyboard.press('Enter');
  equal(await page.getAttribute('.board-svg', 'data-selected'), 'c3', 'selected by keyboard');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await waitMoves(page, 1);
  equal(await moveTexts(page), ['c3-d4'], 'the move made by keyboard');
});


// ---- a club's evening: a server on the network with an arbiter's password, players on
// their own devices (each a browser context of its own), a spectator, the arbiter.

const CLUB_PASSWORD = 'club-evening-2026';

test('club: the address players type is on the page, as text and as a QR code', async ({ newPage, state }) => {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-club-')), 'games.db');
  const server = await new Server(db, { host: '0.0.0.0', password: CLUB_PASSWORD }).start();
  state.club = { server };
  const first = server.log.split('\n')[0];
  expect(/^Shashki is ready at http:\/\/\d+\.\d+\.\d+\.\d+:\d+\/$/.test(first), `the first line gives an address: ${first}`);
  const page = await newPage(DESKTOP);
  await page.goto(server.url);
  await page.waitForSelector('.club-card .club-url');
  equal(await page.textContent('.club-url'), server.announced, 'the address shown');
  equal(await readQr(page, '.club-card img.qr'), server.announced, 'what the QR code holds');
  equal(await page.getAttribute('[data-action=arbiter]', 'data-arbiter'), 'false', 'a password is set: nobody is the arbiter before logging in');
  await settled(page);
  await screenshot(page, 'club-home-desktop');
  const phone = await newPage(PHONE);
  await phone.goto(server.url);
  await phone.waitForSelector('.club-card img.qr');
  await settled(phone);
  await screenshot(phone, 'club-home-phone');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
});

test('club: two players on two devices play a game to its end while a spectator watches', async ({ newPage, state }) => {
  expect(state.club, 'needs the club server of the test before');
  const { server } = state.club;
  const base = server.url;
  // Alice sets the game up on her computer and takes White; Black waits for its code
  const alice = await newPage(DESKTOP);
  const id = await newGame(alice, base, { opponent: 'human', where: 'devices', seat: 'white', white: 'Alice', black: 'Bob', fen: 'W:Wc3,h2:Bf8' });
  await alice.waitForSelector('.seat-open[data-color=black] .seat-code');
  const code = (await alice.textContent('.seat-open[data-color=black] .seat-code')).trim();
  expect(/^[2-9A-Z]{6}$/.test(code), `a seat code: ${code}`);
  equal(await readQr(alice, '.seat-open[data-color=black] img.qr'), `${server.announced}j/${code}`, 'the QR code holds the join link');
  await settled(alice);
  await screenshot(alice, 'club-waiting-desktop');

  // Bob types the short link on his phone
  const bob = await newPage(PHONE);
  await bob.goto(`${base}j/${code}`);
  await bob.waitForURL(new RegExp(`#/play/${id}$`));
  await bob.waitForSelector('.player.bottom[data-color=black]');
  equal(await bob.getAttribute('.board-svg', 'data-flipped'), 'true', 'Bob plays Black from the bottom');
  await alice.waitForSelector('.seats-card', { state: 'detached' });

  // Eve watches from another computer
  const eve = await newPage(DESKTOP);
  await eve.goto(`${base}#/play/${id}`);
  await eve.waitForSelector('.watching');
  expect(!(await eve.$('.board-svg.interactive')), 'the spectator\'s board takes no move');
  expect(!(await eve.$('[data-action=resign]')), 'the spectator cannot resign');

  // nobody moves for another: Bob for White, Eve for anyone (through the page's own fetch)
  equal(await fetchFrom(bob, 'POST', `/api/games/${id}/moves`, { move: 'c3-d4', ply: 0 }), 403, 'Bob moving White');
  equal(await fetchFrom(eve, 'POST', `/api/games/${id}/moves`, { move: 'c3-d4', ply: 0 }), 401, 'Eve moving White');
  expect(!(await bob.$('.board-svg.interactive')), 'Bob\'s board waits for White');

  const all = [alice, bob, eve];
  const everyone = async (n) => {
    for (const p of all) await waitMoves(p, n);
  };
  await playMove(alice, 'c3', 'd4');
  await everyone(1);
  await screenshot(eve, 'club-spectator-desktop');
  // a reload on Bob's phone comes back to the same game, the same seat
  await bob.reload();
  await bob.waitForSelector('.player.bottom[data-color=black]');
  await waitMoves(bob, 1);
  await playMove(bob, 'f8', 'e7');
  await everyone(2);
  // Bob's phone loses the network while Alice moves; it catches up when it is back
  await bob.context().setOffline(true);
  await playMove(alice, 'd4', 'c5');
  await waitMoves(eve, 3);
  await bob.context().setOffline(false);
  await waitMoves(bob, 3);
  await screenshot(bob, 'club-bob-to-move-phone');
  await playMove(bob, 'e7', 'd6');
  await everyone(4);
  await playMove(alice, 'c5', 'e7');
  await everyone(5);
  for (const p of all) {
    await p.waitForSelector('.status-card.over');
    equal(await p.getAttribute('#game-status', 'data-result'), '1-0', 'the result on every device');
  }
  equal(await moveTexts(eve), ['c3-d4', 'f8-e7', 'd4-c5', 'e7-d6', 'c5:e7'], 'the moves the spectator saw');
  const { data: game } = await api(base, 'GET', `/api/games/${id}`);
  equal([game.result, game.reason_code, game.moves.length], ['1-0', 'no-pieces', 5], 'the game on the server');
  for (const p of all) await settled(p);
  await screenshot(bob, 'club-game-over-phone');
  await screenshot(alice, 'club-game-over-desktop');
  state.club = { ...state.club, id, page: alice, pages: all };
});

test('club: the arbiter logs in, corrects the result live on every device, and deletes a game', async ({ newPage, state }) => {
  expect(state.club && state.club.id, 'needs the game of the test before');
  const { server, id, pages } = state.club;
  const [alice, bob, eve] = pages;
  const base = server.url;
  try {
    // players have no arbiter's tools, and the server refuses them anyway
    expect(!(await alice.$('[data-action=set-result]')), 'no result tool for a player');
    equal(await fetchFrom(alice, 'POST', `/api/games/${id}/result`, { result: '0-1' }), 401, 'a player setting a result');
    equal(await fetchFrom(eve, 'DELETE', `/api/games/${id}`), 401, 'a spectator deleting the game');

    const arbiter = await newPage(DESKTOP);
    await arbiter.goto(`${base}#/play/${id}`);
    await arbiter.waitForSelector('.play[data-status]');
    await arbiter.click('[data-action=arbiter]');
    await arbiter.fill('#arbiter-password', 'not-the-password');
    await arbiter.click('[data-action=arbiter-submit]');
    await arbiter.waitForSelector('dialog[open] .form-error:not([hidden])');
    expect((await arbiter.textContent('dialog[open] .form-error')).includes('wrong password'), 'a wrong password is refused');
    await arbiter.fill('#arbiter-password', CLUB_PASSWORD);
    await arbiter.click('[data-action=arbiter-submit]');
    await arbiter.waitForSelector('[data-action=arbiter][data-arbiter=true]');
    await arbiter.waitForSelector('[data-action=set-result]');

    // the result is corrected: every device shows it at once
    await arbiter.click('[data-action=set-result]');
    await arbiter.selectOption('#result-select', '1/2-1/2');
    await arbiter.fill('#result-note', 'corrected: agreed at the board');
    await settled(arbiter);
    await screenshot(arbiter, 'club-arbiter-result-desktop');
    await arbiter.click('[data-action=result-submit]');
    for (const p of [arbiter, alice, bob, eve]) {
      await p.waitForFunction(() => document.querySelector('#game-status').dataset.result === '1/2-1/2');
      expect((await p.textContent('#game-status .note')).includes('agreed at the board'), 'the arbiter\'s note is shown');
    }
    await settled(bob);
    await screenshot(bob, 'club-corrected-phone');

    // a game deleted from the archive: the arbiter's button, not a player's
    const { data: extra } = await api(base, 'POST', '/api/games', { opponent: 'human', white: 'Spare', black: 'Board' });
    await alice.goto(`${base}#/archive`);
    await alice.waitForSelector(`.arow[data-id="${extra.id}"]`);
    expect(!(await alice.$('.arow [data-action=delete]')), 'no delete button for a player');
    await arbiter.goto(`${base}#/archive`);
    const row = `.arow[data-id="${extra.id}"]`;
    await arbiter.waitForSelector(`${row} [data-action=delete]`);
    await settled(arbiter);
    await screenshot(arbiter, 'club-archive-arbiter-desktop');
    await arbiter.click(`${row} [data-action=delete]`);
    await arbiter.click('dialog[open] .btn.danger');
    await arbiter.waitForSelector(row, { state: 'detached' });
    equal((await api(base, 'GET', `/api/games/${extra.id}`)).status, 404, 'the deleted game is gone');
    equal((await api(base, 'GET', `/api/games/${id}`)).data.result, '1/2-1/2', 'the corrected game stays');
  } finally {
    for (const p of pages) await p.context().close().catch(() => {});
    delete state.club;
    await server.stop();
  }
});

// ---- a tournament night: the arbiter runs an event, players play its games on their devices

const EVENT_PASSWORD = 'friday-swiss-2026';

/** The result cell of a board on an event page. */
const boardRow = (b) => `.pairings-table tr[data-board="${b}"]`;

test('events: the arbiter creates a 6-player Swiss with two engines and pairs round 1; two players play their game on their own devices', async ({ newPage, state }) => {
  const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-events-')), 'games.db');
  const server = await new Server(db, { password: EVENT_PASSWORD }).start();
  state.events = { server };
  const base = server.url;
  {
    // the arbiter logs in from the Tournaments section and creates the event
    const arbiter = await newPage(DESKTOP);
    await arbiter.goto(`${base}#/events`);
    await arbiter.waitForSelector('.events-arbiter-hint');
    expect(!(await arbiter.$('[data-form=new-event]')), 'no form for a spectator');
    equal((await api(base, 'POST', '/api/events', { name: 'Sneaky' })).status, 401, 'an event created without the session');
    await arbiter.click('[data-action=arbiter]');
    await arbiter.fill('#arbiter-password', EVENT_PASSWORD);
    await arbiter.click('[data-action=arbiter-submit]');
    await arbiter.waitForSelector('[data-form=new-event]');
    await arbiter.fill('#ev-name', 'Friday Swiss');
    await arbiter.selectOption('#ev-system', 'swiss');
    await arbiter.fill('#ev-rounds', '3');
    await arbiter.selectOption('#ev-scoring', '2-1-0');
    await arbiter.fill('#ev-time', 'bogus');
    await arbiter.click('[data-action=create-event]');
    await arbiter.waitForSelector('.event-form .form-error:not([hidden])');
    expect(await arbiter.$eval('#ev-time', (el) => el.classList.contains('invalid')), 'the bad time control is marked');
    await arbiter.fill('#ev-time', '');
    await settled(arbiter);
    await screenshot(arbiter, 'events-new-desktop');
    await arbiter.click('[data-action=create-event]');
    await arbiter.waitForURL(/#\/events\/1$/);

    // six players: four people and two engines at level 1 (by rating Ann meets Bob and the
    // engines meet one another in round 1)
    await arbiter.waitForSelector('[data-form=add-player]');
    const players = [['Ann', 2000, 0], ['Bob', 1700, 0], ['', 1900, 1], ['Engine B', 1600, 1], ['Cid', 1800, 0], ['Dan', 1500, 0]];
    for (const [i, [name, rating, level]] of players.entries()) {
      await arbiter.fill('#pl-name', name);
      await arbiter.fill('#pl-rating', String(rating));
      await arbiter.selectOption('#pl-kind', String(level));
      await arbiter.click('[data-action=add-player]');
      await arbiter.waitForSelector(`.event-players tr[data-player="${i + 1}"]`);
    }
    equal(await arbiter.$$eval('.event-players tbody tr', (rows) => rows.map((r) => r.querySelector('td.name').textContent.trim())), ['Ann', 'Bob', 'Shashki (level 1)', 'Engine B', 'Cid', 'Dan'], 'the players registered');

    // a spectator follows the event on a phone
    const eve = await newPage(PHONE);
    await eve.goto(`${base}#/events/1`);
    await eve.waitForSelector('.event-players tr[data-player="6"]');
    expect(!(await eve.$('[data-action=pair]')), 'the spectator cannot pair');

    // round 1: the engines' game is played by the server and its result comes in by itself
    await arbiter.click('[data-action=pair]:not([disabled])');
    await arbiter.waitForSelector(`${boardRow(3)}`);
    await eve.waitForSelector(`${boardRow(3)}`);
    const names = async (page, b) => page.$$eval(`${boardRow(b)} td.name`, (tds) => tds.map((td) => td.textContent.trim().replace(/\s+\d+$/, '')));
    equal(await names(arbiter, 1), ['Ann', 'Bob'], 'board 1');
    equal(await names(arbiter, 2), ['Engine B', 'Shashki (level 1)'], 'board 2');

    // the people's game is started in the app: its seats' codes are shown to the arbiter
    await arbiter.click(`${boardRow(1)} [data-action=start-game]`);
    await arbiter.waitForSelector(`${boardRow(1)} .event-code[data-color=black]`);
    const wcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=white]`, 'data-code');
    const bcode = await arbiter.getAttribute(`${boardRow(1)} .event-code[data-color=black]`, 'data-code');
    await settled(arbiter);
    await screenshot(arbiter, 'event-round1-desktop');

    // Ann (a computer) and Bob (a phone) each take their seat with the code
    const ann = await newPage(DESKTOP);
    await ann.goto(`${base}#/join/${wcode}`);
    await ann.waitForURL(/#\/play\/\d+$/);
    const id = gameIdOf(ann);
    const bob = await newPage(PHONE);
    await bob.goto(`${base}j/${bcode}`);
    await bob.waitForURL(new RegExp(`#/play/${id}$`));
    await bob.waitForSelector('.player.bottom[data-color=black]');
    await ann.waitForSelector('.event-link');
    expect((await ann.textContent('.event-link')).includes('Friday Swiss, round 1, board 1'), 'the game names its event');
    equal(await fetchFrom(bob, 'POST', '/api/events/1/results', { round: 1, board: 1, result: '0-1' }), 401, 'a player entering his own result');

    // they play; Ann resigns: the game is over, and its result is in the event at once
    await playMove(ann, 'c3', 'd4');
    await waitMoves(bob, 1);
    await playMove(bob, 'f6', 'g5');
    await waitMoves(ann, 2);
    await playMove(ann, 'g3', 'f4');
    await waitMoves(bob, 3);
    await settled(bob);
    await screenshot(bob, 'event-game-phone');
    await ann.click('[data-action=resign]');
    await ann.click('dialog[open] .btn.danger');
    for (const p of [ann, bob]) await p.waitForSelector('.status-card.over');
    for (const p of [arbiter, eve]) {
      await p.waitForFunction((sel) => {
        const c = document.querySelector(sel);
        return c && c.dataset.result === '0-1';
      }, `${boardRow(1)} td.result`);
    }
    // the standings on the spectator's phone: Bob has his 2 points
    await eve.waitForFunction(() => [...document.querySelectorAll('.standings-table tbody tr')].some((tr) => tr.querySelector('td.name').textContent === 'Bob' && tr.querySelector('td.points').textContent === '2'));

    state.events = { server, id, page: arbiter, pages: [arbiter, eve, ann, bob] };
  }
});

test('events: the standings follow the results; the engines\' game ends by itself; the next round is paired; archive, exports, print', async ({ state }) => {
  expect(state.events && state.events.id, 'needs the event of the test before');
  const { server, id, pages } = state.events;
  const [arbiter, eve, ann] = pages;
  const base = server.url;
  try {
    // the game over the board: the arbiter enters it; then round 2 is paired
    await arbiter.selectOption(`${boardRow(3)} .result-select`, '1/2-1/2');
    // the engines' game on board 2 is played by the server: its result comes in by itself
    await arbiter.waitForFunction((sel) => {
      const c = document.querySelector(sel);
      return c && c.dataset.result !== '*';
    }, `${boardRow(2)} td.result`, { timeout: 75_000 });
    await arbiter.waitForSelector('[data-action=pair]:not([disabled])');
    await eve.waitForFunction(() => [...document.querySelectorAll('.standings-table tbody tr')].filter((tr) => tr.querySelector('td.points').textContent === '1').length === 2);
    const standings = await eve.$$eval('.standings-table tbody tr', (rows) => rows.map((r) => [r.querySelector('td.name').textContent, r.querySelector('td.points').textContent]));
    // 2-1-0: two winners with 2 (Bob and board 2's winner), the drawn pair with 1, two losers with 0
    equal(standings.map(([, p]) => p), ['2', '2', '1', '1', '0', '0'], `the points in the standings (${JSON.stringify(standings)})`);
    expect(standings.slice(0, 2).some(([n]) => n === 'Bob') && standings.slice(4).some(([n]) => n === 'Ann'), `Bob above, Ann below: ${JSON.stringify(standings)}`);
    await eve.waitForSelector('.cross-table tbody tr');
    await settled(eve);
    await screenshot(eve, 'event-standings-phone');
    const overflow = await eve.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow <= 0, `the phone page scrolls sideways by ${overflow}px`);
    await arbiter.click('[data-action=pair]:not([disabled])');
    await arbiter.waitForSelector('.round-tabs [data-round="2"][aria-selected=true]');
    await eve.waitForSelector('.round-tabs [data-round="2"]');
    const { data: ev } = await api(base, 'GET', '/api/events/1');
    equal([ev.rounds.length, ev.rounds[0].complete, ev.rounds[1].pairings.length], [2, true, 3], 'round 2 paired after a complete round 1');
    await settled(arbiter);
    await screenshot(arbiter, 'event-round2-desktop');

    // the change log says the game and its reason with the result it entered
    await eve.click('.event-log summary');
    await eve.waitForFunction(() => /result stage 1 round 1 board 1 game 1 0-1 \(game \d+: Black wins: White resigned\)/.test(document.querySelector('.log-list').textContent));
    // the archive links the game to its event and round; exports and the print view
    await ann.goto(`${base}#/archive`);
    await ann.waitForSelector(`.arow[data-id="${id}"] .aevent[data-event="1"]`);
    const trf = await api(base, 'GET', '/api/events/1/export/trf');
    expect(trf.status === 200 && trf.data.includes('012 Friday Swiss'), 'the TRF export');
    await arbiter.evaluate(() => (document.body.dataset.print = 'standings'));
    await arbiter.emulateMedia({ media: 'print' });
    expect(!(await arbiter.isVisible('.event-pairings')) && (await arbiter.isVisible('.event-standings')), 'printing the standings shows them alone');
    await screenshot(arbiter, 'event-print-standings-desktop');
    await arbiter.evaluate(() => (document.body.dataset.print = 'pairings'));
    expect((await arbiter.isVisible('.event-pairings')) && !(await arbiter.isVisible('.event-standings')) && !(await arbiter.isVisible('.topbar')), 'printing the pairings shows them alone');
    await screenshot(arbiter, 'event-print-pairings-desktop');
    await arbiter.emulateMedia({ media: 'screen' });
  } finally {
    for (const p of pages) await p.context().close().catch(() => {});
    delete state.events;
    await server.stop();
  }
});

// ---------------------------------------------------------------- running

async function main() {
  if (!fs.existsSync(PROGRAM)) {
    console.log(`FAIL setup: no program at ${PROGRAM} (run make)`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-browser-'));
  const server = new Server(path.join(tmp, 'games.db'));
  let browser = null;
  let passed = 0;
  let failed = 0;
  try {
    await server.start();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: !HEADED,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (e) {
    console.log(`FAIL setup: ${String(e.message || e).split('\n')[0]}`);
    console.log('0 passed, 1 failed');
    await server.stop();
    if (browser) await browser.close();
    process.exit(1);
  }

  const state = {};
  for (const t of tests) {
    if (ONLY && !t.name.includes(ONLY)) continue;
    const contexts = [];
    const errors = [];
    const newPage = async (viewport) => {
      const context = await browser.newContext({ viewport, acceptDownloads: true, locale: 'en-US' });
      context.setDefaultTimeout(45_000); // a bound for a wait that has none of its own: a sanitized server on a busy machine is slow
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    };
    let timer;
    const started = Date.now();
    try {
      await Promise.race([
        t.fn({ base: server.url, newPage, state }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Failure(`took longer than ${TEST_MS / 1000} s`)), TEST_MS);
        }),
      ]);
      if (errors.length) throw new Failure(`script error in the page: ${errors[0]}`);
      console.log(`ok ${t.name}`);
      passed++;
    } catch (e) {
      const reason = String((e && e.message) || e).split('\n')[0];
      console.log(`FAIL ${t.name}: ${reason}`);
      failed++;
      // keep what the pages looked like
      for (const [i, c] of browser.contexts().entries()) {
        for (const p of c.pages()) {
          await screenshot(p, `FAIL-${t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${i}`).catch(() => {});
        }
      }
    } finally {
      clearTimeout(timer);
      if (TIMES) process.stderr.write(`  ${((Date.now() - started) / 1000).toFixed(1)} s  ${t.name}\n`);
      // a test's pages live on for the tests that continue its game
      if (!Object.values(state).some((v) => v && v.page && contexts.includes(v.page.context()))) {
        for (const c of contexts) await c.close().catch(() => {});
      }
    }
  }
  await browser.close().catch(() => {});
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (webModules) fs.rmSync(webModules, { recursive: true, force: true });
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.log(`FAIL runner: ${e && e.stack ? e.stack.split('\n')[0] : e}`);
  console.log('0 passed, 1 failed');
  killAll();
  process.exit(1);
});
