// offline.js - the installable app (docs/wasm.md): the service worker (sw.js) registered, and
// the games played in the browser while the server was away (offline_games.js) offered to the
// server once it answers again.

import { api } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import './i18n_wasm.js';
import { storeOfflineGames, unstoredGames } from './offline_games.js';

export function registerServiceWorker() {
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js').catch((e) => console.warn('no service worker:', e.message));
}

let offering = false;

// When there are games to store and the server answers: a bar offering to store them.
export async function offerOfflineGames() {
  const games = unstoredGames();
  if (!games.length || offering || document.getElementById('offline-games')) return;
  offering = true;
  try {
    await api.health();
  } catch {
    return;
  } finally {
    offering = false;
  }
  const button = h('button.btn.primary', { type: 'button', dataset: { action: 'store-offline' } }, t('offline.storeButton'));
  const text = h('span', t('offline.store', { n: games.length }));
  const bar = h('div#offline-games.offline-games', { role: 'status' }, text, button);
  button.onclick = async () => {
    button.disabled = true;
    try {
      const n = await storeOfflineGames(api.importPdn);
      text.textContent = t('offline.stored', { n });
      button.remove();
      setTimeout(() => bar.remove(), 6000);
    } catch (e) {
      text.textContent = e.message;
      button.disabled = false;
    }
  };
  document.body.prepend(bar);
}

window.addEventListener('online', offerOfflineGames);
setInterval(offerOfflineGames, 5000);
