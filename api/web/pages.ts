/**
 * The web face of the service: the playground at `/`, the dashboard at `/dashboard` and the upgrade page
 * at `/dashboard/upgrade` (the `dashboard_url` and `upgrade_url` the API hands out), and the built
 * assets they load. Everything here is in one encapsulated plugin so that its strict security headers
 * (CSP, no framing, no referrer) apply to the pages without touching the JSON API or the Swagger UI.
 *
 * The pages are built by `npm run build` (Vite, from web/) into dist/web. A checkout that has not been
 * built answers the page routes with a 503 page that says so, instead of failing to start.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { packageRoot } from "../http/package-root.ts";
import { pageNotFoundRoute } from "./page-not-found.ts";

/** Page path -> its HTML file under the web root (one entry per Vite input in web/vite.config.ts). */
export const PAGES: Readonly<Record<string, string>> = Object.freeze({
  "/": "index.html",
  "/dashboard": "dashboard/index.html",
  "/dashboard/upgrade": "dashboard/upgrade/index.html",
  "/dashboard/audits": "dashboard/audits/index.html",
});

export function defaultWebRoot(): string {
  return join(packageRoot(), "dist", "web");
}

export interface WebPagesOptions {
  /** Folder with the built pages (default: dist/web of the package). */
  webRoot?: string;
  /** Routes that belong to the web face but are built elsewhere (rule pages); registered inside this plugin so they get its headers. */
  extraRoutes?: FastifyPluginAsync[];
}

export async function webPages(app: FastifyInstance, options: WebPagesOptions): Promise<void> {
  const webRoot = options.webRoot ?? defaultWebRoot();

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    // The pages are same-origin only; no cross-origin embedding of anything.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "no-referrer" },
    hsts: false, // set by the TLS terminator in front of the service, which knows whether there is one
  });

  for (const extra of options.extraRoutes ?? []) await app.register(extra);
  await app.register(pageNotFoundRoute);

  const built = existsSync(join(webRoot, PAGES["/"]));
  if (!built) {
    app.log.warn({ webRoot }, "web pages are not built (run npm run build); page routes answer 503");
    for (const path of Object.keys(PAGES)) {
      app.get(path, { schema: { hide: true } }, async (_request, reply) => notBuilt(reply));
    }
    return;
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: "/",
    wildcard: false,
    index: false,
    // Vite names assets by content hash: they never change under one name.
    // @fastify/static 10 passes the reply here (its types still say ServerResponse).
    setHeaders(reply: unknown, filePath: string) {
      (reply as { header(name: string, value: string): void }).header("cache-control", /[\\/]assets[\\/]/.test(filePath) ? "public, max-age=31536000, immutable" : "no-cache");
    },
    schemaHide: true,
  });

  // Browsers ask for /favicon.ico on any page that names no icon (the JSON API, /docs): point them at ours.
  app.get("/favicon.ico", { schema: { hide: true } }, async (_request, reply) => reply.header("cache-control", "public, max-age=86400").redirect("/favicon.svg", 301));

  for (const [path, file] of Object.entries(PAGES)) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) => reply.sendFile(file));
    if (path !== "/") app.get(`${path}/`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(path, 301));
  }
}

function notBuilt(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .type("text/html; charset=utf-8")
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sdv: pages not built</title></head>' +
        "<body><main><h1>The web pages are not built</h1><p>Run <code>npm run build</code>, then restart the service. The API works meanwhile.</p></main></body></html>",
    );
}
