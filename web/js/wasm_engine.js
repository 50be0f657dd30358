// wasm_engine.js - the engine in the browser: the WebAssembly build of the library and the
// engine (/wasm/shashki.wasm, docs/wasm.md) run in web workers (wasm_worker.js).
//
// One worker answers the rules (a Position and its legal moves, as /api/position does), another
// searches (analysis lines as /api/analyse's info events, an engine's move in a game). A search
// runs on its worker until its limits or a stop: where the page is cross-origin isolated (the
// server sends COOP and COEP) the stop is a flag in memory shared with the worker, which the
// search polls, so the worker and its hash table live on and a position seen before is searched
// again from what the table kept; elsewhere the worker is ended and a new one started (the
// compiled module is kept, so that is quick). Whether the page uses it or the
// server is the player's setting (prefs `engine`: browser, the default, or server); with the
// server gone the browser's engine answers whatever the setting.

import { pref } from './prefs.js';

const URL_WASM = '/wasm/shashki.wasm';
let modulePromise = null;

function compiled() {
  if (!modulePromise) {
    modulePromise = (async () => {
      if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') throw new Error('no WebAssembly here');
      const res = await fetch(URL_WASM);
      if (!res.ok) throw new Error(`no engine at ${URL_WASM} (${res.status})`);
      return WebAssembly.compile(await res.arrayBuffer());
    })();
    modulePromise.catch(() => {
      modulePromise = null; // try again later (a server built without it says so each time)
    });
  }
  return modulePromise;
}

// A worker with the engine, its requests answered in order.
class EngineWorker {
  constructor(module) {
    this.worker = new Worker(new URL('./wasm_worker.js', import.meta.url), { type: 'module' });
    this.pending = new Map();
    this.next = 1;
    this.worker.onmessage = (ev) => {
      const { id, result, error, info } = ev.data;
      const p = this.pending.get(id);
      if (!p) return;
      if (info) {
        p.onInfo && p.onInfo(info);
        return;
      }
      this.pending.delete(id);
      if (error) p.reject(new Error(error));
      else p.resolve(result);
    };
    this.worker.onerror = (ev) => this.fail(new Error(ev.message || 'the engine stopped'));
    // the stop flag shared with the worker (wasm_worker.js), where the page may share memory
    this.stopFlag = globalThis.crossOriginIsolated && typeof SharedArrayBuffer === 'function' ? new Int32Array(new SharedArrayBuffer(4)) : null;
    this.ready = this.call('init', { module, stop: this.stopFlag ? this.stopFlag.buffer : null });
  }

  /** Stop what the worker is doing and was asked, keeping the worker: false where it cannot. */
  stop() {
    if (!this.stopFlag) return false;
    Atomics.store(this.stopFlag, 0, this.next - 1);
    // the stopped requests' answers are not waited for (a later answer finds none pending)
    for (const [id, p] of this.pending) {
      if (id === 1) continue; // init
      p.reject(Object.assign(new Error('stopped'), { stopped: true }));
      this.pending.delete(id);
    }
    return true;
  }

  call(op, args, onInfo) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onInfo });
      this.worker.postMessage({ id, op, args });
    });
  }

  fail(err) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  end() {
    this.worker.terminate();
    this.fail(Object.assign(new Error('stopped'), { stopped: true }));
  }
}

let rules = null;
let searcher = null;

async function rulesWorker() {
  if (!rules) rules = new EngineWorker(await compiled());
  await rules.ready;
  return rules;
}

async function searchWorker() {
  if (!searcher) searcher = new EngineWorker(await compiled());
  await searcher.ready;
  return searcher;
}

function stopSearch() {
  if (searcher && !searcher.stop()) {
    searcher.end();
    searcher = null;
  }
}

// An answer of the engine that is an error of the request: thrown as the server's 400 would be.
function checked(answer) {
  if (answer && answer.error) {
    const e = new Error(answer.error.message);
    e.status = 400;
    e.field = answer.error.field || null;
    throw e;
  }
  return answer;
}

export const wasmEngine = {
  /** Whether this browser runs the engine (the module loads and a worker starts). */
  async available() {
    try {
      await rulesWorker();
      return true;
    } catch {
      return false;
    }
  },

  /** Whether the page should ask the browser's engine first (the setting). */
  preferred: () => pref('engine') !== 'server',

  /** The Position after the moves, with `played` (as /api/position). */
  async position(fen, moves, variant) {
    const w = await rulesWorker();
    return checked(await w.call('position', [variant || '', fen || '', moves || []]));
  },

  /** Analysis as api.analyse: handlers.info(event) as it searches (`engine: 'browser'`),
   * handlers.done({best}), handlers.error(err). Returns the function that stops it. */
  analyse(fen, options, handlers) {
    let stopped = false;
    (async () => {
      stopSearch(); // one search at a time
      const w = await searchWorker();
      const o = { multipv: options.multipv || 1, depth: options.depth || 0, ms: options.time ? options.time * 1000 : 0 };
      const answer = await w.call('search', [options.variant || '', fen || '', options.moves || [], o], (info) => {
        if (!stopped) handlers.info({ ...info, engine: 'browser' });
      });
      if (!stopped) handlers.done && handlers.done(checked(answer));
    })().catch((err) => {
      if (!stopped && !err.stopped) handlers.error && handlers.error(err);
    });
    return () => {
      if (stopped) return;
      stopped = true;
      stopSearch();
    };
  },

  /** The engine's move in a game at a level (1-10): {best: Move | null, score, depth, ...}.
   *  clock: the engine's {left, increment} (ms) and movesToGo, shared out by the engine's time
   *  manager as on the server; without one it thinks ms. */
  async move(variant, fen, moves, level, seed, ms, clock) {
    stopSearch();
    const w = await searchWorker();
    return checked(await w.call('search', [variant || '', fen || '', moves || [], { level, seed, ms: clock ? 0 : ms || 1000, clock }]));
  },

  /** A game played here after its moves: {position, result, reason, reason_code, pdn} (the
   *  arbiter's); end and tags as WasmCore.game's. */
  async game(variant, fen, moves, end, tags) {
    const w = await rulesWorker();
    return checked(await w.call('game', [variant || '', fen || '', moves || [], end || '', tags || {}]));
  },

  /** Stop the search going on (its worker ended; the next search starts another). */
  stop() {
    stopSearch();
  },

  /** A time control as the library reads it (WasmCore.clock). */
  async clock(text) {
    return checked(await (await rulesWorker()).call('clock', [text || '']));
  },

  /** The built-in puzzles when the server does not answer (wasm/puzzles.c): as api.puzzles,
   * api.puzzle, api.puzzleMove, api.puzzleHint, api.puzzleSolution. */
  async puzzles(params = {}) {
    return checked(await (await rulesWorker()).call('puzzles', [params.theme || '', params.difficulty || 0]));
  },
  async puzzle(id) {
    return checked(await (await rulesWorker()).call('puzzle', [id]));
  },
  async puzzleMove(id, step, move) {
    return checked(await (await rulesWorker()).call('puzzleMove', [id, step, move]));
  },
  async puzzleHint(id, step) {
    return checked(await (await rulesWorker()).call('puzzleHint', [id, step]));
  },
  async puzzleSolution(id) {
    return checked(await (await rulesWorker()).call('puzzleSolution', [id]));
  },

  /** shashki bench through the browser's engine: {nodes, positions, depth, time}. */
  async bench(depth) {
    stopSearch();
    const w = await searchWorker();
    return w.call('bench', [depth || 0]);
  },
};
