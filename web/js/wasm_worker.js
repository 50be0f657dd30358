// wasm_worker.js - a web worker holding the WebAssembly engine (wasm_core.js): the page's
// wasm_engine.js sends {id, op, args}, the worker answers {id, result} or {id, error}, and
// while a search runs {id, info} for each of its info events. The module comes compiled from
// the page ({op: 'init', module}) so that a new worker (after a stop) starts at once.

import { WasmCore } from './wasm_core.js';

const OPS = ['position', 'game', 'clock', 'bench', 'puzzles', 'puzzle', 'puzzleMove', 'puzzleHint', 'puzzleSolution'];
let core = null;

self.onmessage = async (ev) => {
  const { id, op, args } = ev.data;
  try {
    if (op === 'init') {
      core = await WasmCore.create(args.module);
      self.postMessage({ id, result: true });
      return;
    }
    let result;
    if (op === 'search') result = core.search(...args, (info) => self.postMessage({ id, info }));
    else if (OPS.includes(op)) result = core[op](...args);
    else throw new Error(`no operation ${op}`);
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
};
