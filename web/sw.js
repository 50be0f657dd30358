// sw.js - the service worker of the installable app (docs/wasm.md): with the network gone the
// page still opens, analyses and plays the engine in the browser.
//
// Installed, it keeps the app's shell in its cache: every file the program serves from web/,
// the WebAssembly engine and the icons (/precache.json, written by the build), and the
// answers the first view needs (/api/variants). Every request of the page goes to the network
// first, so that a server that answers is always the one heard (and its newer files taken
// into the cache); with no answer the cached copy is served, and a request the cache does not
// hold fails as it would without the worker (the page then asks the browser's engine, or says
// the server is away). Event streams and the API's writes are never touched.

const CACHE = 'shashki-app-v1';
const KEEP_API = ['/api/variants', '/api/puzzles', '/api/openings'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const list = await (await fetch('/precache.json', { cache: 'no-store' })).json();
      await cache.addAll(['/', ...list, ...KEEP_API]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function cacheable(url) {
  if (url.pathname.startsWith('/api/')) return KEEP_API.some((p) => url.pathname === p || url.pathname.startsWith(p + '/'));
  return true;
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin) return;
  if (req.headers.get('accept') === 'text/event-stream' || url.pathname.endsWith('/events') || url.pathname === '/api/analyse') return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        if (res.ok && cacheable(url)) await cache.put(req, res.clone());
        return res;
      } catch (e) {
        const hit = (await cache.match(req)) || (url.pathname === '/' || url.pathname === '/index.html' ? await cache.match('/') : null);
        if (hit) return hit;
        throw e;
      }
    })(),
  );
});
