/**
 * `npm install && npm start` in a fresh clone serves the web face: the working tree is copied into a
 * scratch folder (git's file list, so nothing built or ignored comes along), built there by the
 * `prepare` script that `npm install` runs, and started by the `start` script's command, with no setting
 * but the port. The pages, their assets and the rule pages must answer from that build with the pages'
 * CSP, and the type list must link rule pages on the address the server listens on.
 *
 * The in-process tests (test/browser/, rule-pages.test.ts) build the app with a web root handed in;
 * only this one finds dist/web and generated/site the way the built server does on its own.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { onFreePort } from "../support/free-port.ts";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CONTENT_SECURITY_POLICY } from "../../api/web/content-security-policy.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const scratch = mkdtempSync(join(tmpdir(), "sdv-start-"));

/** The environment without an enclosing npm's variables, nor settings that would change what a default start does. */
const cleanEnv = (() => {
  const dropped = /^(npm_|MONGODB_URL$|REDIS_URL$|PUBLIC_BASE_URL$|STRIPE_|DATA_DIR$|HOST$|PORT$|SDV_)/i;
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !dropped.test(k))) as Record<string, string>;
})();

// Tracked files plus new ones not yet added (what a clone of this work would hold), minus any local .env.
const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
for (const file of listed.stdout.split("\0")) {
  if (file === "" || /(^|\/)\.env/.test(file) || !existsSync(join(repoRoot, file))) continue;
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  cpSync(join(repoRoot, file), join(scratch, file));
}
// `npm install` would fetch the same packages; the repository's own node_modules stands in for them.
symlinkSync(join(repoRoot, "node_modules"), join(scratch, "node_modules"), "dir");

const manifest = JSON.parse(readFileSync(join(scratch, "package.json"), "utf8")) as { scripts: Record<string, string> };
const prepared = spawnSync(npm, ["run", "prepare"], { cwd: scratch, encoding: "utf8", env: cleanEnv, maxBuffer: 64 * 1024 * 1024 });
if (prepared.status !== 0) throw new Error(`npm run prepare failed in the scratch copy:\n${prepared.stdout}\n${prepared.stderr}`);

// `exec` hands the shell's place to node, so that a signal sent to npm reaches the server (npm-start-signals.test.ts).
const startCommand = /^(?:exec )?node (\S+)$/.exec(manifest.scripts.start ?? "");
if (startCommand === null) throw new Error(`the start script is not "[exec] node <file>": ${manifest.scripts.start}`);

let server: ChildProcess;
let base = "";
let log = "";


/** Starts the built server; resolves with the address its log says it listens on, once it says it is ready. */
function start(port: number): Promise<string> {
  log = "";
  // No DATA_DIR: the default ./data lands inside the scratch copy, as it would in a clone.
  server = spawn(process.execPath, [startCommand![1]], { cwd: scratch, env: { ...cleanEnv, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server was not ready within 30 s:\n${log}`)), 30_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString("utf8");
      const listening = /"msg":"Server listening at (http:\/\/[^"]+)"/.exec(log);
      if (listening && log.includes('"msg":"sdv service ready"')) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    server.stdout!.on("data", onData);
    server.stderr!.on("data", onData);
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`the server exited (${code}) before it was ready:\n${log}`), { log }));
    });
  });
}

test.before(async () => {
  // The port is taken first and handed over (PORT=0 would leave the default public address without a port);
  // another process may grab it in between, so a refused listen is tried again on a new one.
  base = await onFreePort(start);
});

test.after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** The CSP header as directive -> sources. */
function directives(header: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

const builtPage = (file: string) => readFileSync(join(scratch, "dist", "web", file), "utf8");

test("the server listens on 127.0.0.1 by default and reports that address as its public one", () => {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(log.includes(`"publicBaseUrl":"${base}"`), log);
  assert.not.ok(/pages are not built|generated\/site not found/.test(log), `a warning about missing pages:\n${log}`);
});

for (const [path, file, marker] of [
  ["/", "index.html", 'id="pg-editor"'],
  ["/dashboard", "dashboard/index.html", 'id="dashboard"'],
  ["/dashboard/upgrade", "dashboard/upgrade/index.html", 'id="upgrade"'],
] as const) {
  test(`GET ${path}: the page from the scratch build, HTML with the pages' CSP`, async () => {
    const res = await fetch(`${base}${path}`);
    assert.is(res.status, 200);
    assert.is(res.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(directives(res.headers.get("content-security-policy")), CONTENT_SECURITY_POLICY);
    const body = await res.text();
    assert.is(body, builtPage(file), "served from the scratch copy's dist/web");
    assert.ok(body.includes(marker), `${marker} in ${path}`);
  });
}

for (const [path, title] of [
  ["/rules", /<title>[^<]*rule/i],
  ["/rules/Event", /<title>[^<]*Event/],
] as const) {
  test(`GET ${path}: the generated rule page, HTML with the pages' CSP`, async () => {
    const res = await fetch(`${base}${path}`);
    assert.is(res.status, 200);
    assert.is(res.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(directives(res.headers.get("content-security-policy")), CONTENT_SECURITY_POLICY);
    const body = await res.text();
    assert.match(body, title);
    assert.is(body, readFileSync(join(scratch, "generated", "site", "rules", path === "/rules" ? "index.html" : "Event.html"), "utf8"));
  });
}

for (const path of ["/site.css", "/rules.css"]) {
  test(`GET ${path}: CSS with the pages' CSP`, async () => {
    const res = await fetch(`${base}${path}`);
    assert.is(res.status, 200);
    assert.is(res.headers.get("content-type"), "text/css; charset=utf-8");
    assert.equal(directives(res.headers.get("content-security-policy")), CONTENT_SECURITY_POLICY);
    assert.ok((await res.text()).length > 100, `${path} has rules in it`);
  });
}

test("the hashed assets the playground's HTML references: 200, their types, cached for good", async () => {
  const html = builtPage("index.html");
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(assets.some((a) => a.endsWith(".js")) && assets.some((a) => a.endsWith(".css")), `scripts and styles referenced: ${assets.join(", ")}`);
  for (const asset of assets) {
    assert.match(asset, /-[A-Za-z0-9_-]{8}\.(js|css)$/, `${asset} is named by content hash`);
    const res = await fetch(`${base}${asset}`);
    assert.is(res.status, 200, asset);
    const type = asset.endsWith(".js") ? /^(text|application)\/javascript(; charset=utf-8)?$/ : /^text\/css(; charset=utf-8)?$/;
    assert.match(res.headers.get("content-type") ?? "", type, asset);
    assert.match(res.headers.get("cache-control") ?? "", /immutable/, asset);
    assert.equal(directives(res.headers.get("content-security-policy")), CONTENT_SECURITY_POLICY, asset);
    assert.is(await res.text(), builtPage(asset.slice(1)), asset);
  }
});

test("GET /api/v1/types: every entry's rules_url is its rule page on this server, and that page answers", async () => {
  const res = await fetch(`${base}/api/v1/types`);
  assert.is(res.status, 200);
  const { types } = (await res.json()) as { types: Array<{ type: string; rules_url: string }> };
  assert.ok(types.length >= 40, `${types.length} types`);
  for (const entry of types) assert.is(entry.rules_url, `${base}/rules/${entry.type}`);
  const event = types.find((t) => t.type === "Event")!;
  const page = await fetch(event.rules_url);
  assert.is(page.status, 200);
  assert.match(await page.text(), /<title>[^<]*Event/);
});

test("SIGTERM stops it cleanly (exit 0)", async () => {
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  assert.is(await exited, 0, log);
});

test.run();
