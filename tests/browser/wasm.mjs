// wasm.mjs - the engine in the browser (docs/wasm.md): the WebAssembly build's bench against
// the program's, in Node and in Chromium; the analysis board thinking in the browser (and on
// the server when the player chooses); the installed app with the network cut: it opens,
// analyses, plays a game against the browser's engine to its end, and keeps that game until
// the server is back, then stores it there.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import os from 'node:os';
import { DESKTOP, PHONE, PROGRAM, ROOT, Server, api, enterMove, equal, expect, screenshot, settled, test, waitInteractive } from './harness.mjs';

const run = promisify(execFile);

// The program's bench: {nodes, nps}.
async function nativeBench() {
  const { stdout } = await run(PROGRAM, ['bench']);
  const nodes = Number(/Nodes searched: (\d+)/.exec(stdout)[1]);
  const nps = Number(/Nodes\/second: (\d+)/.exec(stdout)[1]);
  return { nodes, nps };
}

// The analysis board of `fen` with the engine on; resolves when the engine of `where` (browser,
// server) has reported a depth of at least `depth`.
async function analyse(page, base, fen, where, depth) {
  await page.goto(`${base}#/analysis?fen=${encodeURIComponent(fen)}`);
  await waitInteractive(page);
  await page.selectOption('#engine-place', where);
  await page.check('#engine-toggle', { force: true });
  await page.waitForSelector(`.engine-where[data-engine=${where}]`);
  await page.waitForFunction((d) => {
    const chip = [...document.querySelectorAll('.engine-status .chip')].find((c) => /depth|глубина/.test(c.textContent));
    return chip && Number(/(\d+)/.exec(chip.textContent)[1]) >= d && document.querySelectorAll('#pv-lines li').length > 0;
  }, depth);
}

export function wasmTests() {
  test('wasm: bench through the WebAssembly engine searches the program\'s tree (Node, Chromium)', async ({ base, newPage }) => {
    const native = await nativeBench();
    // Node: the same glue as the page's worker, on the file the server serves
    const res = await fetch(base + 'wasm/shashki.wasm');
    equal(res.headers.get('content-type'), 'application/wasm', 'the engine\'s content type');
    equal(res.headers.get('content-encoding'), 'gzip', 'the engine served gzipped to a client that takes it');
    const sent = Number(res.headers.get('content-length'));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sent > 0 && sent < 3_000_000, `the engine's download under 3 MB compressed: ${sent} bytes`);
    const { WasmCore } = await import(path.join(ROOT, 'web', 'js', 'wasm_core.js'));
    const core = await WasmCore.create(new WebAssembly.Module(bytes));
    const t0 = performance.now();
    const inNode = core.bench();
    const nodeSeconds = (performance.now() - t0) / 1000;
    equal(inNode.nodes, native.nodes, 'bench nodes in Node against the program');
    // Chromium: through the page's module and its worker
    const page = await newPage(DESKTOP);
    await page.goto(base);
    await page.waitForSelector('#view > *');
    const inChromium = await page.evaluate(async () => {
      const { wasmEngine } = await import('/js/wasm_engine.js');
      const t = performance.now();
      const r = await wasmEngine.bench();
      return { ...r, wall: (performance.now() - t) / 1000 };
    });
    equal(inChromium.nodes, native.nodes, 'bench nodes in Chromium against the program');
    const again = await nativeBench();
    const nativeNps = Math.max(native.nps, again.nps);
    const line = (name, nps) => `${name}: ${Math.round(nps).toLocaleString('en')} nodes/s, ${(nps / nativeNps).toFixed(2)} of native`;
    const report = [
      `bench ${native.nodes} nodes in each`,
      line('native (best of two)', nativeNps),
      line('Node', native.nodes / nodeSeconds),
      line('Chromium', native.nodes / inChromium.time),
      `the engine's download: ${sent} bytes gzipped (${bytes.length} bytes)`,
    ].join('\n');
    fs.mkdirSync(path.join(ROOT, 'build', 'screenshots'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'build', 'screenshots', 'wasm-bench.txt'), report + '\n');
    process.stderr.write(report + '\n');
  });

  test('wasm: the analysis board thinks in the browser, or on the server when chosen', async ({ base, newPage }) => {
    const fen = 'W:Wc3,e3,g3,a1:Bb6,d6,h6,f8';
    const page = await newPage(DESKTOP);
    await analyse(page, base, fen, 'browser', 10);
    const chip = await page.textContent('.engine-where');
    equal(chip.trim(), 'in the browser', 'the chip of the engine thinking');
    await settled(page);
    await screenshot(page, 'wasm-analysis-desktop');
    // the player's choice: the server
    await page.selectOption('#engine-place', 'server');
    await page.waitForSelector('.engine-where[data-engine=server]');
    const phone = await newPage(PHONE);
    await analyse(phone, base, fen, 'browser', 8);
    await settled(phone);
    await screenshot(phone, 'wasm-analysis-phone');
  });

  test('wasm: a stop keeps the browser\'s worker and its hash: a position seen before is searched again from the table', async ({ base, newPage }) => {
    const page = await newPage(DESKTOP);
    await page.goto(base);
    await page.waitForSelector('#view > *');
    equal(await page.evaluate(() => crossOriginIsolated), true, 'the page cross-origin isolated (COOP, COEP)');
    const r = await page.evaluate(async () => {
      const { wasmEngine } = await import('/js/wasm_engine.js');
      const P = 'W:Wa1,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2,g5:Ba7,b6,b8,c7,d8,e7,f6,f8,g7,h6,h8,d6';
      const Q = 'W:Wc3,e3,g3,a1:Bb6,d6,h6,f8';
      // the search to a depth, its nodes and time; or stopped once it has reached `stopAt`
      const search = (fen, depth, stopAt) =>
        new Promise((resolve, reject) => {
          let last = null;
          const t0 = performance.now();
          const stop = wasmEngine.analyse(fen, { depth, variant: 'russian' }, {
            info: (i) => {
              last = i;
              if (stopAt && i.depth >= stopAt) {
                stop();
                resolve({ depth: i.depth, stopped: true });
              }
            },
            done: () => resolve({ depth: last && last.depth, nodes: last && last.nodes, ms: performance.now() - t0 }),
            error: reject,
          });
        });
      await search(Q, 1); // the worker started and the module compiled
      const first = await search(P, 16);
      const other = await search(Q, 0, 12); // an endless search stopped from the page
      const again = await search(P, 16);
      return { first, other, again };
    });
    equal(r.other.stopped, true, 'the search on another position stopped');
    equal(r.again.depth, 16, 'the depth reached again');
    const ratio = r.first.nodes / r.again.nodes;
    fs.mkdirSync(path.join(ROOT, 'build', 'screenshots'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'build', 'screenshots', 'wasm-hash.txt'), `depth 16 first: ${r.first.nodes} nodes ${Math.round(r.first.ms)} ms; again after a stop elsewhere: ${r.again.nodes} nodes ${Math.round(r.again.ms)} ms; ${ratio.toFixed(1)}x fewer nodes\n`);
    expect(ratio > 1.3, `the position seen before searched from the table: ${r.first.nodes} nodes first, ${r.again.nodes} again`);
  });

  test('wasm: installed, the app works with the network cut: opens, analyses, solves a puzzle, plays the engine to the end, stores the game when back', async ({ newPage }) => {
    // a server of its own: its archive holds only what this test stores
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shashki-wasm-'));
    const server = await new Server(path.join(tmp, 'games.db')).start();
    try {
      const base = server.url;
      const page = await newPage(DESKTOP);
      await page.goto(base);
      await page.waitForSelector('#view > *');
      // installable: the manifest and its icons, and the service worker in control
      const manifest = await (await fetch(base + 'manifest.webmanifest')).json();
      equal(manifest.display, 'standalone', 'the manifest\'s display');
      for (const icon of manifest.icons) equal((await fetch(base + icon.src.slice(1))).status, 200, `the icon ${icon.src}`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.waitForFunction(async () => !!(await caches.match('/wasm/shashki.wasm')));

      await page.context().setOffline(true);
      await page.reload();
      await page.waitForSelector('#view > *');
      // the analysis board, in the browser
      await analyse(page, base, 'W:Wc3,e3,g3,a1:Bb6,d6,h6,f8', 'browser', 8);
      // the engine went on thinking in the browser though the setting says the server
      await page.selectOption('#engine-place', 'server');
      await page.waitForSelector('.engine-where[data-engine=browser]');
      await page.selectOption('#engine-place', 'browser');

      // a puzzle of the built-in set, solved in the browser (its solution from the browser's
      // engine too: the server has none to give)
      const puzzle = await page.evaluate(async () => {
        const { wasmEngine } = await import('/js/wasm_engine.js');
        const list = await wasmEngine.puzzles();
        const id = list.puzzles.find((p) => p.moves === 2).id; // a move, a reply, a move
        return { id, total: list.total, moves: (await wasmEngine.puzzleSolution(id)).moves };
      });
      expect(puzzle.total > 0, 'the built-in puzzles in the browser');
      await page.goto(`${base}#/puzzles?id=${puzzle.id}`);
      await page.waitForSelector(`.puzzles[data-state="solving"][data-puzzle="${puzzle.id}"]`);
      for (let i = 0; i < puzzle.moves.length; i += 2) {
        await page.waitForSelector(`.puzzles[data-step="${i / 2}"] .board-svg.interactive`);
        await settled(page); // the reply's animation ended
        await enterMove(page, puzzle.moves[i]);
      }
      await page.waitForSelector('.puzzles[data-state="solved"]');

      // a game against the engine: the new-game dialog, the server gone, plays it in the browser
      await page.goto(base + '#/');
      await page.click('[data-action=new-game]');
      await page.waitForSelector('dialog[open] form.newgame');
      await page.selectOption('#ng-variant', 'russian');
      await page.click('label.seg:has(input[name=opponent][value=engine])');
      await page.click('label.seg:has(input[name=color][value=white])');
      await page.fill('input[name=name]', 'Anna');
      await page.selectOption('#ng-time', '');
      await page.click('label.seg:has(input[name=start][value=fen])');
      await page.fill('#ng-fen', 'W:Wc1,e1:Bb6,d6,f6,Kh8');
      await page.click('[data-action=create]');
      await page.waitForURL(/#\/local\/b\w+$/);
      for (let moves = 0; moves < 40; moves++) {
        await page.waitForSelector('.play[data-status=finished], .play .board-svg.interactive');
        if (await page.$('.play[data-status=finished]')) break;
        const g = await page.evaluate(async () => {
          const { browserGames } = await import('/js/browser_game.js');
          return browserGames.game(decodeURIComponent(location.hash.split('/')[2]));
        });
        await enterMove(page, g.position.legal[0]);
        await page.waitForFunction((n) => document.querySelector('.play[data-status=finished]') || Number(document.querySelector('.play').dataset.ply) >= n + 2, g.moves.length);
      }
      const result = await page.getAttribute('#game-status', 'data-result');
      equal(result, '0-1', 'the result of the game in the browser');
      const status = await page.textContent('#game-status');
      expect(/White has no (pieces|move)/.test(status), `the end's reason: ${status}`);
      await settled(page);
      await screenshot(page, 'wasm-offline-game-desktop');

      // the network back: the page offers to store the game, and the server's archive has it
      await page.context().setOffline(false);
      await page.waitForSelector('[data-action=store-offline]');
      await page.click('[data-action=store-offline]');
      await page.waitForFunction(() => /Stored 1 games/.test(document.getElementById('offline-games').textContent));
      const games = await api(base, 'GET', '/api/games');
      const list = games.data.games || games.data;
      equal(list.length, 1, 'games in the archive');
      equal(list[0].result, '0-1', 'the stored game\'s result');
    } finally {
      await server.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
}
