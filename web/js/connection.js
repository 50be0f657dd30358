// connection.js - whether the server answers: the page says so at once when it does not, keeps
// asking, and tells the views when it is back so that they read what they show again (a game's
// moves and clocks, an event, the lists) and follow its streams anew.
//
// The server is asked for its health every HEARTBEAT_MS (and every RETRY_MS while it does not
// answer), so a page that sends nothing notices too; any request of api.js that fails for want
// of an answer says so at once (serverGone), any answer says the server is there (serverAnswered).
// A server that takes longer than TIMEOUT_MS to answer the health counts as gone (long enough
// for a busy machine: a false alarm has every view read itself again). With the heartbeat's 2 s
// and a refused connection's immediate failure, the page shows its banner within about 2 s of the
// server's end, and within 6 s of a server that hangs.

import { h, icon, toast } from './dom.js';
import { t } from './i18n.js';

const HEARTBEAT_MS = 2000;
const RETRY_MS = 1000;
const TIMEOUT_MS = 4000;

let online = true;
let timer = null;
const listeners = new Set();

/** Whether the server answered the page's last request. */
export function serverOnline() {
  return online;
}

/** fn() runs each time the server answers again after it did not. Returns remove(). */
export function onReconnect(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function banner() {
  let el = document.getElementById('offline');
  if (!el) {
    el = h('div#offline.offline-banner', { role: 'alert' }, icon('close'), h('span', t('common.offline')), h('span.offline-retry', t('common.reconnecting')));
    document.body.prepend(el);
  }
  return el;
}

/** A request found no server: the banner at once, and the health asked every RETRY_MS. */
export function serverGone() {
  if (online) {
    online = false;
    document.body.classList.add('offline');
    banner();
  }
  schedule(RETRY_MS);
}

/** The server answered: the banner gone, and the views told once after a time without it. */
export function serverAnswered() {
  if (online) return;
  online = true;
  document.body.classList.remove('offline');
  const el = document.getElementById('offline');
  if (el) el.remove();
  toast(t('common.reconnected'));
  schedule(HEARTBEAT_MS);
  for (const fn of [...listeners]) {
    try {
      fn();
    } catch (e) {
      console.error('reconnect', e);
    }
  }
}

async function check() {
  timer = null;
  let ok = false;
  try {
    const res = await fetch('/api/health', { cache: 'no-store', signal: AbortSignal.timeout(TIMEOUT_MS) });
    ok = res.ok;
  } catch {
    ok = false;
  }
  if (ok) {
    serverAnswered();
    schedule(HEARTBEAT_MS);
  } else {
    serverGone();
  }
}

function schedule(ms) {
  clearTimeout(timer);
  timer = setTimeout(check, ms);
}

/** A stream broke: the server asked at once rather than at the next heartbeat. */
export function checkServer() {
  schedule(0);
}

/** Start watching the server (main.js, once): asks at once, then every HEARTBEAT_MS. */
export function watchServer() {
  check();
}
