/**
 * `sdv crawl` in a pipeline (issue 18), against a staging-like site on 127.0.0.1 that wants a header,
 * answers 429 once with Retry-After, and has pages to include and exclude: the report is written under
 * a pseudo-terminal of 0 columns, and without a terminal progress lines come on standard error.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot, sdv, tsxLoader } from "./sdv-process.ts";

const ld = (value: unknown) => `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(value)}</script></head><body>page</body></html>`;
const product = { "@context": "https://schema.org", "@type": "Product", name: "Kettle", image: "https://shop.example/k.jpg", offers: { "@type": "Offer", price: "25.00", priceCurrency: "USD", availability: "https://schema.org/InStock" } };

let server: Server;
let origin = "";
let port = 0;
const seen: IncomingMessage[] = [];
let busyOnce = true;
let slowMs = 0;

test.before(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const path = req.url ?? "/";
    const send = (type: string, body: string, status = 200, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, ...headers });
      res.end(body);
    };
    if (req.headers["x-staging-key"] !== "s3cret") return send("text/plain", "who are you?", 401);
    if (path === "/robots.txt") return send("text/plain", `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (path === "/sitemap.xml") {
      const locs = ["/", "/about", "/products/kettle", "/products/busy", "/drafts/wip", "/slow"].map((p) => `<url><loc>${origin}${p}</loc></url>`).join("");
      return send("application/xml", `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    if (path === "/products/busy" && busyOnce) {
      busyOnce = false;
      return send("text/plain", "slow down", 429, { "retry-after": "1" });
    }
    if (path === "/about" || path === "/") return send("text/html", "<html><body>About</body></html>");
    if (path === "/slow") {
      setTimeout(() => send("text/html", ld(product)), slowMs);
      return;
    }
    return send("text/html", ld(product));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
test.after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const common = () => ["--allow-host", `127.0.0.1:${port}`, "--delay", "0", "--header", "X-Staging-Key: s3cret", "--user-agent", "acme-ci/1.0"];

test("headers, user agent, a retry after 429 with Retry-After, --include / --exclude; CSV", async () => {
  busyOnce = true;
  seen.length = 0;
  const r = await sdv(["crawl", `${origin}/`, ...common(), "--exclude", "**/drafts/**", "--exclude", "**/slow", "--format", "csv"]);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.ok(seen.every((q) => q.headers["user-agent"] === "acme-ci/1.0"), "every request carries the user agent");
  assert.not.ok(seen.some((q) => q.url === "/drafts/wip"), "an excluded page is not fetched");
  assert.is(seen.filter((q) => q.url === "/products/busy").length, 2, "the busy page was tried again");
  assert.match(r.stderr, /\/products\/busy answered 429: trying again in 1 s/);
  const rows = r.stdout.trim().split("\r\n");
  assert.is(rows[0], "source,status,score,type,severity,code,property,line,column,message,new");
  assert.ok(rows.some((l) => l.startsWith(`${origin}/about,no structured data,`)));
  assert.ok(rows.some((l) => l.startsWith(`${origin}/products/busy,warnings,`)));

  const summary = join(mkdtempSync(join(tmpdir(), "sdv-crawl-summary-")), "summary.md");
  const only = await sdv(["crawl", `${origin}/`, ...common(), "--include", `${origin}/products/*`, "--format", "json"], { env: { GITHUB_STEP_SUMMARY: summary } });
  assert.match(readFileSync(summary, "utf8"), /^## ✅ sdv crawl: passed \(exit 0\)[\s\S]*\| 2 \| 2 \| 0 \| 0 \| 0 \|/);
  const report = JSON.parse(only.stdout);
  assert.equal(report.results.map((x: { source: string }) => x.source).sort(), [`${origin}/products/busy`, `${origin}/products/kettle`]);

  const bad = await sdv(["crawl", `${origin}/`, "--header", "Host: evil.example"]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--header cannot set Host/);
  const noKey = await sdv(["crawl", `${origin}/`, "--discover", "sitemap", "--allow-host", `127.0.0.1:${port}`, "--delay", "0"]);
  assert.is(noKey.code, 2, "without the header the sitemap answers 401");
});

test("without a terminal: a progress line on standard error while pages are slow, and the report at the end", async () => {
  slowMs = 1500;
  const r = await sdv(["crawl", `${origin}/`, ...common(), "--include", "**/slow", "--include", "**/about", "--concurrency", "1"], { env: { SDV_PROGRESS_EVERY_MS: "400" } });
  slowMs = 0;
  assert.is(r.code, 0, r.stderr);
  const lines = r.stderr.split("\n").filter((l) => l.startsWith("sdv crawl: "));
  assert.ok(lines.length >= 3, r.stderr);
  assert.match(lines[0], /^sdv crawl: 0\/2 pages validated, 0 s$/);
  assert.match(lines[lines.length - 1], /^sdv crawl: 2\/2 pages validated, \d+ s$/);
  assert.match(r.stdout, /sdv: exit 0/);
});

test("under a pseudo-terminal of 0 columns the crawl neither dies nor stays silent, and writes its report", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sdv-crawl-pty-"));
  const report = join(dir, "report.html");
  const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
  const command = [process.execPath, "--import", tsxLoader, `${repoRoot}cli/sdv.ts`, "crawl", `${origin}/`, ...common(), "--exclude", "**/slow", "--report", report].map(quote).join(" ");
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn("script", ["-qec", `stty cols 0 rows 0; ${command}`, "/dev/null"], { env: { ...process.env, NO_COLOR: "1", TERM: "xterm" } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (c) => resolve({ code: c ?? -1, output }));
  });
  assert.is(code, 0, output);
  assert.not.match(output, /RangeError/);
  assert.match(output, /sdv crawl: 5\/5 pages validated/);
  assert.match(output, /sdv: exit 0/);
  assert.ok(existsSync(report) && readFileSync(report, "utf8").includes("<html"), "the HTML report was written");
});

test.run();
