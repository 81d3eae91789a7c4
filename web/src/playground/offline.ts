/**
 * Offline use: registers /sw.js and hands it the files this page loaded (its hashed assets and the
 * validation worker), which were fetched before the service worker existed and so are not cached yet.
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
