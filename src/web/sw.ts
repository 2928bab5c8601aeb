/// <reference lib="webworker" />
/**
 * The page's service worker (sw.js): the installed app works offline. It keeps every file of the site
 * in a cache named after the build (a new build, a new cache; the old one is removed) and answers from
 * it, asking the network only for what it does not hold. Registered by main.ts when the page is served
 * over http(s); from file:// the page works without it.
 */
declare const self: ServiceWorkerGlobalScope;
/** Set by scripts/build-web.ts: the cache's name (from the built files' hash) and the files it holds. */
declare const CACHE: string;
declare const FILES: readonly string[];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['./', ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.match(request, { ignoreSearch: true }).then((hit) => hit ?? fetch(request)));
});
