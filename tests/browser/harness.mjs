// harness.mjs - what the browser tests share: the program's server, the browser, the page
// helpers and waits, screenshots, the test registry and the runner that reports. An entry
// point registers its tests here with test() (run.mjs through the module of each area, which it
// imports; other.mjs its own) and then calls run():
//
//   node tests/browser/run.mjs [--program build/shashki] [--only SUBSTRING] [--headed] [--times]
//
// run() starts `PROGRAM serve --port 0 --db <temp file>`, drives Debian's chromium (or
// $CHROMIUM) with playwright-core, runs every registered test in order (some continue the game
// of the test before, through `state`), prints "ok NAME" or "FAIL NAME: reason" for each test
// and "N passed, M failed" at the end, exits 1 on any failure, and always stops the servers it
// started. Screenshots go to build/screenshots/ (desktop 1440x900 and phone 390x844), and on a
// failure a FAIL-...png of every open page.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import jsQR from 'jsqr';
import { chromium } from 'playwright-core';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
const SHOTS = path.join(ROOT, 'build', 'screenshots');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const PHONE360 = { width: 360, height: 740 }; // a small phone
// Every wait of a test has its own bound (15 s for an action, 30 s for a move to arrive), so a
// test that stops making progress fails there, saying what it waited for. This bound on a whole
// test only catches a call that has none; a test is many steps, and with both cores busy a
// long one (the club's three devices) took 90 s, so it is not a measure of any one step.
const TEST_MS = 300_000;

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}
export const PROGRAM = path.resolve(option('--program', path.join(ROOT, 'build', 'shashki')));
const ONLY = option('--only', '');
const HEADED = process.argv.includes('--headed');
const TIMES = process.argv.includes('--times'); // each test's seconds on stderr

// ---------------------------------------------------------------- the server

const servers = new Set();

export class Server {
  /** options: {password} sets the arbiter's password at start, {host} the address to listen on,
   *  {puzzles} the puzzles file to serve, {reviewNodes} a review's search of each position,
   *  {port} the port to listen on (0, any free one, without it: a restart on the port of the
   *  server before lets the pages open on it find it again),
   *  {egdb: {dir, pieces}} builds the endgame databases up to `pieces` in the folder `dir` in
   *  the background (without it, --no-egdb-build: a test never builds them by accident) */
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
      const args = ['serve', '--port', String(this.options.port || 0), '--db', this.db];
      if (this.options.host) args.push('--host', this.options.host);
      if (this.options.password) args.push('--set-password');
      if (this.options.puzzles) args.push('--puzzles', this.options.puzzles);
      if (this.options.reviewNodes) args.push('--review-nodes', String(this.options.reviewNodes));
      const egdb = this.options.egdb;
      if (egdb) args.push('--egdb-build-pieces', String(egdb.pieces));
      else args.push('--no-egdb-build');
      // Without a folder of its own, a server sees no databases (as under tests/main.c), not
      // the ones `make` built beside the program: a run by hand gives what make test gives.
      const env = { ...process.env, SHASHKI_EGDB: egdb ? egdb.dir : path.join(os.tmpdir(), `shashki-browser-${process.pid}-no-egdb`) };
      const proc = spawn(PROGRAM, args, { env, stdio: [this.options.password ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
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

export class Failure extends Error {}

export function expect(cond, message) {
  if (!cond) throw new Failure(message);
}

export function equal(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Failure(`${what}: expected ${e}, got ${a}`);
}

/** An answer as the tests read it: its status and its JSON, or its text. */
function answer(status, text) {
  let data = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* text */
  }
  return { status, data };
}

/** A request to the server from the tests (no cookies): {status, data}. */
export async function api(base, method, p, body) {
  const res = await fetch(base + p.replace(/^\//, ''), {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return answer(res.status, await res.text());
}

export async function needEndpoint(base, method, p, body) {
  const r = await api(base, method, p, body);
  const message = (r.data && r.data.error && r.data.error.message) || '';
  if ((r.status === 404 && /nothing at/.test(message)) || (r.status === 405 && /not allowed/.test(message))) {
    throw new Failure(`the server has no ${method} ${p} yet`);
  }
  return r;
}

export const sq = (s) => `.board-svg rect.sq[data-square="${s}"]`;

export async function clickSquare(page, s) {
  await page.click(sq(s));
}

async function center(page, s) {
  const b = await page.locator(sq(s)).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** Drag a piece from square a to square b with the mouse, in small steps. */
export async function drag(page, a, b) {
  const [x1, y1] = await center(page, a);
  const [x2, y2] = await center(page, b);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x1 + (x2 - x1) * 0.3, y1 + (y2 - y1) * 0.3, { steps: 4 });
  await page.mouse.move(x2, y2, { steps: 6 });
  await page.mouse.up();
}

export async function boardString(page) {
  return page.getAttribute('.board-svg', 'data-board');
}

export async function moveTexts(page) {
  return page.$$eval('.movelist .move[data-ply]', (els) => els.map((e) => e.textContent.trim()));
}

export async function waitMoves(page, n, ms = 30_000) {
  await page.waitForFunction((k) => document.querySelectorAll('.movelist .move[data-ply]').length >= k, n, { timeout: ms });
}

export async function waitInteractive(page, ms = 30_000) {
  await page.waitForSelector('.board-svg.interactive', { timeout: ms });
}

export function gameIdOf(page) {
  const m = /#\/play\/(\d+)/.exec(page.url());
  return m ? Number(m[1]) : null;
}

/** Wait until the page is drawn and still: fonts loaded, nothing loading, no animation running. */
export async function settled(page) {
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page.waitForFunction(() => !document.querySelector('.loading') && document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The text a QR code picture on the page holds (read with jsQR from the drawn pixels). */
export async function readQr(page, selector) {
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
export async function playMove(page, from, to) {
  await waitInteractive(page);
  await clickSquare(page, from);
  await clickSquare(page, to);
}

/** A request from the page itself, with its cookies: {status, data}. */
export async function pageApi(page, method, p, body) {
  const { status, text } = await page.evaluate(
    async ([m, url, b]) => {
      const r = await fetch(url, { method: m, headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
      return { status: r.status, text: await r.text() };
    },
    [method, p, body],
  );
  return answer(status, text);
}

/** A request from the page itself, with its cookies: the status. */
export async function fetchFrom(page, method, p, body) {
  return (await pageApi(page, method, p, body)).status;
}

/** build/screenshots/NAME.png; options as Playwright's (fullPage). */
export async function screenshot(page, name, options = {}) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ ...options, path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Start a game of any kind through the new-game dialog, opened from the start page (or, with
 * o.from 'more', from its card in More games). o: {variant, settings: {key: value}, time, fen,
 * opening}; the players of a game of two: {opponent, level, color, name} against the engine,
 * {opponent: 'human', where, seat, white, black} between people; of three or four: {seats:
 * ['here' | 'code' | 'engine' ...], levels: [n ...], names: [...]} (a seat per player).
 */
export async function newGame(page, base, o) {
  if (o.from === 'more') {
    await page.goto(base + '#/more');
    await page.click(`[data-action=other-play][data-game="${o.variant}"]`);
  } else {
    await page.goto(base + '#/');
    await page.click('[data-action=new-game]');
  }
  await page.waitForSelector('dialog[open] form.newgame');
  await page.selectOption('#ng-variant', o.variant || 'russian');
  for (const [key, value] of Object.entries(o.settings || {})) await page.selectOption(`dialog[open] select[data-setting="${key}"]`, value);
  if (o.seats) {
    for (const [i, seat] of o.seats.entries()) {
      await page.selectOption(`dialog[open] select[data-seat="${i}"]`, seat);
      if (seat === 'engine') await page.selectOption(`dialog[open] select[data-level="${i}"]`, String((o.levels || [])[i] || 1));
      else if ((o.names || [])[i]) await page.fill(`dialog[open] input[data-name="${i}"]`, o.names[i]);
    }
  } else {
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
  }
  if (o.time) {
    await page.selectOption('#ng-time', 'custom');
    await page.fill('#ng-time-text', o.time);
  } else {
    await page.selectOption('#ng-time', '');
  }
  // the start: the other games have their standard one alone (no choice shown)
  if (o.fen) {
    await page.click('label.seg:has(input[name=start][value=fen])');
    await page.fill('#ng-fen', o.fen);
  } else if (o.opening) {
    await page.click('label.seg:has(input[name=start][value=opening])');
    await page.selectOption('#ng-opening', o.opening);
  } else if (await page.isVisible('label.seg:has(input[name=start][value=normal])')) {
    await page.click('label.seg:has(input[name=start][value=normal])');
  }
  // a casual game against the engine runs in the browser by default: on the server unless the
  // test asks for the browser (o.engineAt: 'browser' | 'server')
  const inBrowser = o.engineAt === 'browser';
  if (await page.isVisible('label.seg:has(input[name=engineAt][value=server])')) {
    await page.click(`label.seg:has(input[name=engineAt][value=${inBrowser ? 'browser' : 'server'}])`);
  }
  if (o.before) await o.before(page);
  await page.click('[data-action=create]');
  try {
    await page.waitForURL(inBrowser ? /#\/local\/b\w+$/ : /#\/play\/\d+$/, { timeout: 45_000 });
  } catch {
    const err = await page.$eval('.form-error', (e) => e.textContent).catch(() => '');
    throw new Failure(`no game was created${err ? ': ' + err : ''}`);
  }
  await page.waitForSelector('.play[data-status]');
  return gameIdOf(page);
}

/** The game on the page as the server gives it to the page (its seats and codes). */
export async function gameOf(page, id) {
  return (await pageApi(page, 'GET', `/api/games/${id ?? gameIdOf(page)}`)).data;
}

/** Enter a legal Move of any game as a person would: square by square along its first path on
 *  the draughts board, cell by cell along its cells on the cells' board (a second click on the
 *  last cell where other moves go on from there, as in corners' jumps), or the pass button. */
export async function enterMove(page, move, legal = []) {
  if (move.kind === 'pass') {
    await page.click('[data-action=pass]');
    return;
  }
  if (await page.$('.board-svg')) {
    for (const s of move.paths[0]) await clickSquare(page, s);
    return;
  }
  for (const c of move.cells) await page.click(`.other-board-svg .cell[data-cell="${c}"]`);
  const goesOn = legal.some((m) => m.cells && m.cells.length > move.cells.length && move.cells.every((c, i) => m.cells[i] === c));
  if (goesOn) {
    // the page says how to stop there (corners' jumps)
    if (move.cells.length > 1) await page.waitForSelector('.other-hint:not([hidden])');
    await page.click(`.other-board-svg .cell[data-cell="${move.cells[move.cells.length - 1]}"]`);
  }
}

/** The page's game moves once: choose(legal, game) picks a legal Move (the first by default),
 *  entered when the page's board takes it; waits until the move is in the list. The Move played. */
export async function playLegal(page, choose = (legal) => legal[0]) {
  await page.waitForSelector('.play .board-svg.interactive, .play .other-board-svg.interactive', { timeout: 30_000 });
  const g = await gameOf(page);
  const move = choose(g.position.legal, g);
  if (!move) throw new Failure(`no move chosen among ${g.position.legal.map((m) => m.notation).join(' ')}`);
  await enterMove(page, move, g.position.legal);
  await waitMoves(page, g.moves.length + 1);
  return move;
}

/** `url` opened on a phone (390x844) and photographed as NAME.png once ready(phone) is done and
 *  the page is still; the phone's page. */
export async function phoneShot(newPage, url, name, ready) {
  const phone = await newPage(PHONE);
  await phone.goto(url);
  await ready(phone);
  await settled(phone);
  await screenshot(phone, name);
  return phone;
}

/** The analysis board at `hash` with its position editor open. */
export async function openEditor(page, base, hash = '#/analysis') {
  await page.goto(base + hash);
  await waitInteractive(page);
  await page.click('[data-action=setup]');
  await page.waitForSelector('.editor');
}

/** The editor opened on the Russian analysis board, switched to `variant`, cleared and set up by
 *  `steps`, [tool, [squares ...]] in order (tools w W b B, '.' empties a square), until the
 *  editor accepts the position. Before the clearing: [the pieces of the game's start, its
 *  playing squares]. */
export async function editorSetUp(page, base, variant, steps) {
  await openEditor(page, base, '#/analysis?variant=russian');
  await page.selectOption('#editor-variant', variant);
  await page.waitForSelector(`.board-svg[data-variant=${variant}]`);
  const counts = [await page.locator('.board-svg .piece').count(), await page.locator('.board-svg rect.sq[data-square]').count()];
  await page.click('[data-action=editor-clear]');
  for (const [tool, squares] of steps) {
    await page.click(`[data-tool="${tool}"]`);
    for (const s of squares) await clickSquare(page, s);
  }
  await page.waitForSelector('#editor-verdict.ok');
  return counts;
}

// The page's pure modules, loaded in Node from a copy beside a package.json saying they are ES
// modules (web/package.json says so too now, for Chapaev's modules, which chapaev.mjs loads in place).
let webModules = null;
export async function webModule(name) {
  if (!webModules) {
    webModules = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-web-js-'));
    fs.writeFileSync(path.join(webModules, 'package.json'), '{"type": "module"}\n');
    for (const f of ['squares.js', 'fen.js', 'input.js']) fs.copyFileSync(path.join(ROOT, 'web', 'js', f), path.join(webModules, f));
  }
  return import(pathToFileURL(path.join(webModules, name)));
}

// ---------------------------------------------------------------- the tests and the runner

const tests = [];

/** Register a test: fn({base, newPage, state}) runs after the tests registered before it.
 *  base: the runner's server; newPage(viewport): a page in a browser context of its own, closed
 *  after the test unless `state` keeps a {page} of it for a test that continues its game. */
export function test(name, fn) {
  tests.push({ name, fn });
}

/** Run the registered tests, report, and exit. label: names the runner's temporary folder and its
 *  FAIL screenshots ('other': shashki-other-*, FAIL-other-*); timeout: the bound of a page's
 *  wait that has none of its own (45 s: a sanitized server on a busy machine is slow). */
async function runTests({ label = '', timeout = 45_000 }) {
  if (!fs.existsSync(PROGRAM)) {
    console.log(`FAIL setup: no program at ${PROGRAM} (run make)`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `shashki-${label || 'browser'}-`));
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
    // options: the context's own (Playwright's newContext: serviceWorkers 'block', ...)
    const newPage = async (viewport, options = {}) => {
      const context = await browser.newContext({ viewport, acceptDownloads: true, locale: 'en-US', ...options });
      context.setDefaultTimeout(timeout);
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
      const prefix = label ? `FAIL-${label}-` : 'FAIL-';
      for (const [i, c] of browser.contexts().entries()) {
        for (const p of c.pages()) {
          await screenshot(p, `${prefix}${t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}-${i}`).catch(() => {});
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

/** Run the registered tests and exit; a failure of the runner itself is reported as a failed
 *  test. options: {label, timeout} (runTests). */
export function run(options = {}) {
  runTests(options).catch((e) => {
    console.log(`FAIL runner: ${e && e.stack ? e.stack.split('\n')[0] : e}`);
    console.log('0 passed, 1 failed');
    killAll();
    process.exit(1);
  });
}
