// wasm_worker.js - a web worker holding the WebAssembly engine (wasm_core.js): the page's
// wasm_engine.js sends {id, op, args}, the worker answers {id, result} or {id, error}, and
// while a search runs {id, info} for each of its info events. The module comes compiled from
// the page ({op: 'init', module, stop}) so that a new worker starts at once. `stop`, where the
// page is cross-origin isolated, is a SharedArrayBuffer whose first Int32 the page sets to the
// id of the last request to stop: the search asks it every 4096 nodes, so a stop ends the
// search but not the worker, and the engine keeps its hash table for the next position.

import { WasmCore } from './wasm_core.js';

const OPS = ['position', 'game', 'clock', 'bench', 'puzzles', 'puzzle', 'puzzleMove', 'puzzleHint', 'puzzleSolution'];
let core = null;
let stop = null; // Int32Array on the page's SharedArrayBuffer, or null
let current = 0; // the id of the request going on

self.onmessage = async (ev) => {
  const { id, op, args } = ev.data;
  try {
    if (op === 'init') {
      core = await WasmCore.create(args.module);
      stop = args.stop ? new Int32Array(args.stop) : null;
      core.stopAsked = () => !!stop && Atomics.load(stop, 0) >= current;
      self.postMessage({ id, result: true });
      return;
    }
    let result;
    current = id;
    if (op === 'search') result = core.search(...args, (info) => self.postMessage({ id, info }));
    else if (OPS.includes(op)) result = core[op](...args);
    else throw new Error(`no operation ${op}`);
    self.postMessage({ id, result });
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
};
