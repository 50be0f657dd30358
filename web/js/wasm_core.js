// wasm_core.js - the WebAssembly engine (build/wasm/shashki.wasm, wasm/api.c) on the calling
// thread: the web worker's (wasm_worker.js) in the page, Node's in the tests. Requests are the
// text lines wasm/api.c reads; answers are the web API's JSON (docs/web-api.md).
//
// WASI's calls (the clock, stdout) come from @bjorn3/browser_wasi_shim; the engine reads no
// file. A search runs to its limits on this thread and reports each `info` through onInfo.

import { WASI, OpenFile, File, ConsoleStdout } from '../vendor/browser_wasi_shim/index.js';

export class WasmCore {
  /** module: a WebAssembly.Module of shashki.wasm. */
  static async create(module) {
    const core = new WasmCore();
    const wasi = new WASI([], [], [
      new OpenFile(new File([])),
      ConsoleStdout.lineBuffered((line) => console.log(line)),
      ConsoleStdout.lineBuffered((line) => console.warn(line)),
    ]);
    const instance = await WebAssembly.instantiate(module, {
      wasi_snapshot_preview1: wasi.wasiImport,
      env: {
        info: (ptr, length) => core.onInfo && core.onInfo(JSON.parse(core.text(ptr, length))),
        // asked by the search every 4096 nodes (engine/search.c): whether the page stopped it
        stop_asked: () => (core.stopAsked && core.stopAsked() ? 1 : 0),
      },
    });
    wasi.initialize(instance);
    core.exports = instance.exports;
    return core;
  }

  constructor() {
    this.exports = null;
    this.onInfo = null;
    this.stopAsked = null; // () => whether the search going on is to stop (wasm_worker.js)
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  text(ptr, length) {
    const bytes = new Uint8Array(this.exports.memory.buffer, ptr, length);
    return this.decoder.decode(bytes);
  }

  // The NUL-terminated answer at ptr, parsed.
  answer(ptr) {
    const memory = new Uint8Array(this.exports.memory.buffer);
    let end = ptr;
    while (memory[end]) end++;
    return JSON.parse(this.decoder.decode(memory.subarray(ptr, end)));
  }

  request(lines) {
    const bytes = this.encoder.encode(lines.map((l) => String(l ?? '').replace(/\n/g, ' ')).join('\n'));
    const ptr = this.exports.shw_input(bytes.length);
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
  }

  /** /api/position's answer: the Position after the moves, with `played`. */
  position(variant, fen, moves) {
    this.request([variant, fen, ...(moves || [])]);
    return this.answer(this.exports.shw_position());
  }

  /** A search: info events through onInfo, then {best, score, depth, nodes, time, over}.
   * options: multipv, depth, ms, nodes, level (1-10), seed, and a clock as the server's games
   * give it (clock: {left, increment} in ms, movesToGo) for the engine to share out; moves: the
   * game so far from fen. */
  search(variant, fen, moves, options, onInfo) {
    const o = options || {};
    const c = o.clock;
    const ms = c ? `${o.ms || 0} ${Math.max(0, Math.round(c.left))} ${Math.round(c.increment || 0)} ${c.movesToGo || 0}` : o.ms || 0;
    this.request([variant, fen, o.multipv || 1, o.depth || 0, ms, o.nodes || 0, o.level || 10, o.seed || 0, ...(moves || [])]);
    this.onInfo = onInfo;
    try {
      return this.answer(this.exports.shw_search());
    } finally {
      this.onInfo = null;
    }
  }

  /** A game played here: {position, result, reason, reason_code, pdn} after the moves. end:
   * how it ended outside the rules ('' going on, 'white' or 'black' resigned, 'draw' agreed,
   * 'time white', 'time black', 'time both'); tags: {white, black, time, event}. */
  game(variant, fen, moves, end, tags) {
    const g = tags || {};
    this.request([variant, fen, end || '', g.white || '', g.black || '', g.time || '', g.event || '', ...(moves || [])]);
    return this.answer(this.exports.shw_game());
  }

  /** A time control read by the library: {time, periods: [{ms, moves}], increment_ms,
   * delay_ms, days}. */
  clock(text) {
    this.request([text || '']);
    return this.answer(this.exports.shw_clock());
  }

  /** The built-in puzzles, as the server's Puzzles API answers (docs/wasm.md: nothing is
   * counted here): the list, one puzzle, a move, a hint, the solution. */
  puzzles(theme, difficulty) {
    this.request([theme || '', difficulty || 0]);
    return this.answer(this.exports.shw_puzzles());
  }

  puzzle(id) {
    this.request([id]);
    return this.answer(this.exports.shw_puzzle());
  }

  puzzleMove(id, step, move) {
    this.request([id, step, move]);
    return this.answer(this.exports.shw_puzzle_move());
  }

  puzzleHint(id, step) {
    this.request([id, step]);
    return this.answer(this.exports.shw_puzzle_hint());
  }

  puzzleSolution(id) {
    this.request([id]);
    return this.answer(this.exports.shw_puzzle_solution());
  }

  /** shashki bench's search: {nodes, positions, depth, time}. */
  bench(depth) {
    return this.answer(this.exports.shw_bench(depth || 0));
  }
}
