// prefs.js - the person's settings that outlive a reload (notation, last names used).

const KEY = 'shashki.prefs';
const DEFAULTS = { notation: 'algebraic', name: '', multipv: 3, lastNewGame: null };
const listeners = new Set();

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

let prefs = load();

export function pref(name) {
  return prefs[name];
}

export function setPref(name, value) {
  if (prefs[name] === value) return;
  prefs = { ...prefs, [name]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    /* storage may be off */
  }
  for (const fn of listeners) fn(name, value);
}

export function onPrefChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A move as the person wants to read it. */
export function moveText(move) {
  if (!move) return '';
  return prefs.notation === 'numeric' ? move.numeric : move.notation;
}
