/**
 * Offline use: registers /sw.js and hands it the files this page loaded (its hashed assets and the
 * validation worker), which were fetched before the service worker existed and so are not cached yet.
 * After the first validation it hands over every built asset too (/offline-assets.json, written by the
 * build): the rule sets are chunks fetched on demand, and one never used online must be there offline.
 */
export function enableOffline(extraUrls: string[]): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js").then(
    () =>
      navigator.serviceWorker.ready.then((registration) => {
        const urls = new Set<string>([location.origin + location.pathname, ...extraUrls]);
        for (const entry of performance.getEntriesByType("resource")) {
          const url = new URL(entry.name);
          if (url.origin === location.origin && !url.pathname.startsWith("/api/")) urls.add(url.origin + url.pathname);
        }
        registration.active?.postMessage({ type: "precache", urls: [...urls] });
      }),
    () => {
      // No service worker (private mode, or an unsupported context): the page still works online.
    },
  );
}

let precachingAll = false;

/** Once per page, in the background: the service worker fetches what it does not hold yet. */
export function precacheAllAssets(): void {
  if (precachingAll || !("serviceWorker" in navigator)) return;
  precachingAll = true;
  // `ready` waits for enableOffline's registration; it never settles where there is none.
  void navigator.serviceWorker.ready
    .then(async (registration) => {
      const response = await fetch("/offline-assets.json", { cache: "no-cache" });
      if (!response.ok) return;
      const paths: unknown = await response.json();
      if (!Array.isArray(paths)) return;
      const urls = paths.filter((p): p is string => typeof p === "string").map((p) => new URL(p, location.origin).href);
      registration.active?.postMessage({ type: "precache", urls });
    })
    .catch(() => {
      // Offline already, or an old deploy's list: the rule sets used so far stay cached as they load.
    });
}
