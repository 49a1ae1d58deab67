// Tafel's service worker (served at /sw.js, which puts VERSION and KEEP above this line).
// It keeps the app shell, the styles, the six languages' texts, Pyodide and the engine, so a
// tablet that opened the app once starts and works with the network off. Pages are asked of
// the network first (a live score is never replaced by a kept one) and kept for later;
// files whose address names their content are answered from the cache.
const CACHE = "tafel-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("tafel-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

function kept(request) {
  return caches
    .open(CACHE)
    .then((cache) => cache.match(request).then((hit) => hit || cache.match(request, { ignoreSearch: true })));
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const hit = await kept(request);
    if (hit) return hit;
    if (request.mode === "navigate") {
      const index = await kept(new Request("/matches/"));
      if (index) return index;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // The outbox's own requests and the match's state must be the server's or nothing.
  if (url.pathname.startsWith("/offline/matches/") || url.pathname === "/offline/token") return;
  if (url.pathname.endsWith("/version") || url.pathname.endsWith("/live")) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(kept(request).then((hit) => hit || networkFirst(request)));
    return;
  }
  event.respondWith(networkFirst(request));
});
