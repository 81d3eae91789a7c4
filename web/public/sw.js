/*
 * The playground's service worker: keeps the page and its assets so the playground works offline once
 * loaded. The page and the files with fixed names are
 * network-first (a new deploy shows at once), hashed assets cache-first (they never
 * change under one name). The API is never cached or touched, nor is any other origin.
 */
const CACHE = "sdv-playground-v1";
// Served with no-cache under a fixed name: network-first. The asset list too, so that the page asking
// for it offline gets an answer instead of a failed request.
const FIXED = new Set(["/", "/site.css", "/favicon.svg", "/offline-assets.json"]);
// Named by content hash: cache-first.
const HASHED = /^\/assets\//;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.type !== "precache" || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === "string" && cacheable(new URL(u)));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || cache.add(u).catch(() => undefined))))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!cacheable(url)) return;
  if (FIXED.has(url.pathname)) event.respondWith(networkFirst(request, url));
  else event.respondWith(cacheFirst(request));
});

function cacheable(url) {
  return url.origin === self.location.origin && (FIXED.has(url.pathname) || HASHED.test(url.pathname));
}

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.origin + url.pathname, response.clone());
    return response;
  } catch (err) {
    const hit = await cache.match(url.origin + url.pathname);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
