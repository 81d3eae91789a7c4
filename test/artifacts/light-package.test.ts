/**
 * The light package as installed, not the repository's tree: packed and installed once with --omit=dev
 * (test/support/packed-sdv.ts), then the installed `sdv` command and `import("sdv")` run from the
 * consumer project: config files of every kind, config mistakes, a site folder, standard input, a URL
 * on a loopback server, every output format, --baseline and `sdv diff`, the library, the browser build.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { installedSdv, type InstalledSdv } from "../support/packed-sdv.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const installed = installedSdv();

if ("skipped" in installed) {
  test.skip(`the installed light package: config, folders, stdin, URLs, formats, library (${installed.skipped})`, () => {});
} else {
  const sdvPackage = installed;
  cases(sdvPackage);
}

/** An Event whose one spec error is the date-only startDate (a warning under the google profile). */
const allDayEvent = {
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Jazz night",
  startDate: "2026-07-21",
  location: { "@type": "Place", name: "The Blue Room", address: { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield", addressCountry: "US" } },
};
/** Fails under every profile: an Event without a location. */
const brokenEvent = { "@context": "https://schema.org", "@type": "Event", name: "Jazz night", startDate: "2026-07-21T19:30-05:00" };
const breadcrumbs = {
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: [
    { "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" },
    { "@type": "ListItem", position: 2, name: "Events", item: "https://example.com/events" },
  ],
};
const page = (value: unknown) => `<!doctype html><html><head><title>t</title><script type="application/ld+json">${JSON.stringify(value)}</script></head><body></body></html>`;

function write(path: string, content: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content, null, 2));
}

function cases(pkg: InstalledSdv): void {
  const at = (...parts: string[]) => join(pkg.project, ...parts);

  test("the package ships the config file's JSON Schema where docs/cli-config.md's $schema points", () => {
    const doc = readFileSync(join(repoRoot, "docs/cli-config.md"), "utf8");
    const pointer = /"\$schema": "(\.\/node_modules\/sdv\/[^"]+)"/.exec(doc);
    assert.ok(pointer, "docs/cli-config.md shows a $schema path");
    const schema = JSON.parse(readFileSync(at(pointer![1]), "utf8")) as { $schema?: string; properties?: Record<string, unknown> };
    assert.ok(schema.properties?.expect, "it is the config's schema");
  });

  // Each kind of config file, found from the working directory (or named), turns the failing input into a pass.
  const configKinds: Array<[string, (dir: string) => void, string[]]> = [
    ["sdv.config.json", (dir) => write(join(dir, "sdv.config.json"), { failOn: "never" }), []],
    [".sdvrc.json", (dir) => write(join(dir, ".sdvrc.json"), { failOn: "never" }), []],
    ['package.json\'s "sdv" key', (dir) => write(join(dir, "package.json"), { name: "site", private: true, sdv: { failOn: "never" } }), []],
    ["--config", (dir) => write(join(dir, "ci/sdv-ci.json"), { failOn: "never" }), ["--config", "ci/sdv-ci.json"]],
  ];
  for (const [kind, setUp, flags] of configKinds) {
    test(`the installed command reads ${kind} (no stack trace, the config applies)`, async () => {
      const dir = at("configs", kind.replace(/\W+/g, "-"));
      write(join(dir, "event.jsonld"), brokenEvent);
      const without = await pkg.sdv(["validate", "event.jsonld"], { cwd: dir });
      assert.is(without.code, 1, `without a config the broken event fails: ${without.stderr}`);
      setUp(dir);
      const r = await pkg.sdv(["validate", "event.jsonld", ...flags], { cwd: dir });
      assert.not.match(r.stderr, /\n\s+at /, "no stack trace");
      assert.is(r.code, 0, r.stderr + r.stdout);
      assert.match(r.stdout, /sdv: exit 0/);
    });
  }

  test("config mistakes are exit 2 when the config loads: an unknown feature (the valid ids listed), a bad glob; paths relative", async () => {
    const dir = at("mistakes");
    write(join(dir, "public/p.jsonld"), breadcrumbs);
    write(join(dir, "sdv.config.json"), {
      expect: { "public/**": ["Product[merchant-listin]", "Recipe[recipe]"] },
      ignore: [{ files: "public/[abc", reason: "typo" }],
    });
    const sub = join(dir, "public");
    const r = await pkg.sdv(["validate", "p.jsonld"], { cwd: sub });
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, /sdv: exit 2: the config file \.\.\/sdv\.config\.json is invalid/);
    assert.match(r.stderr, /Product has no feature "merchant-listin"; its features: merchant-listing/);
    assert.match(r.stderr, /Recipe has no feature "recipe"/);
    assert.match(r.stderr, /ignore\[0\]\.files: the glob "public\/\[abc"/);
    assert.not.ok(r.stderr.includes(pkg.project), "no absolute path of the config file");
    assert.is(r.stdout, "", "nothing was validated");
  });

  test("a site folder: .html, .htm, .jsonld and JSON-LD .json are inputs; the config, package.json, a manifest and data files are not", async () => {
    const site = at("site");
    write(join(site, "index.html"), page(breadcrumbs));
    write(join(site, "about.htm"), page(breadcrumbs));
    write(join(site, "events/jazz.jsonld"), allDayEvent);
    write(join(site, "events/list.json"), [breadcrumbs, breadcrumbs]);
    write(join(site, "sdv.config.json"), { failOn: "error" });
    write(join(site, "package.json"), { name: "site", private: true });
    write(join(site, "manifest.json"), { name: "Site", short_name: "S", icons: [] });
    write(join(site, "data/prices.json"), [{ sku: "a", price: 3 }]);
    const r = await pkg.sdv(["validate", ".", "--format", "json"], { cwd: site });
    assert.is(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { results: Array<{ source: string }> };
    assert.equal(report.results.map((x) => x.source).sort(), ["about.htm", "events/jazz.jsonld", "events/list.json", "index.html"]);
    // Named explicitly, a .json file is read as JSON-LD, as before.
    const named = await pkg.sdv(["validate", "manifest.json"], { cwd: site });
    assert.is(named.code, 1, named.stdout);
    const glob = await pkg.sdv(["validate", "**/*.json", "--format", "json"], { cwd: site });
    assert.equal((JSON.parse(glob.stdout) as { results: Array<{ source: string }> }).results.map((x) => x.source), ["events/list.json"]);
  });

  test("standard input, under the google profile by default and the spec's on request", async () => {
    const r = await pkg.sdv(["validate", "-"], { input: JSON.stringify(allDayEvent) });
    assert.is(r.code, 0, r.stdout);
    assert.match(r.stdout, /^profile: google /m);
    const spec = await pkg.sdv(["validate", "-", "--profile", "spec"], { input: JSON.stringify(allDayEvent) });
    assert.is(spec.code, 1, spec.stdout);
    assert.match(spec.stdout, /^profile: spec /m);
    assert.match(spec.stdout, /startDate/);
  });

  let server: Server | undefined;
  test("a URL on a loopback server, allowed with --allow-host", async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page(brokenEvent));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/events/jazz`;
    const refused = await pkg.sdv(["validate", url]);
    assert.is(refused.code, 2, refused.stdout);
    const r = await pkg.sdv(["validate", url, "--allow-host", `127.0.0.1:${port}`, "--format", "json"]);
    assert.is(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as { results: Array<{ url: string; schemas: Array<{ type: string; errors: Array<{ property: string }> }> }> };
    const response = report.results[0];
    assert.is(response.url, url);
    assert.ok(response.schemas[0].errors.some((e) => e.property === "location"));
  });
  test.after(() => {
    server?.close();
  });

  test("every output format, each saying which profile produced it", async () => {
    write(at("formats/event.jsonld"), brokenEvent);
    const cwd = at("formats");
    const run = (format: string) => pkg.sdv(["validate", "event.jsonld", "--format", format], { cwd });
    const text = await run("text");
    assert.is(text.code, 1);
    assert.match(text.stdout, /location/);
    assert.match(text.stdout, /^profile: google /m);

    const json = await run("json");
    assert.is(json.code, 1, json.stderr);
    const report = JSON.parse(json.stdout) as { profile: string; results: Array<{ schemas: unknown[]; meta: { profile?: string } }> };
    assert.is(report.profile, "google");
    assert.is(report.results[0].meta.profile, "google");

    const sarif = await run("sarif");
    assert.is(sarif.code, 1, sarif.stderr);
    const log = JSON.parse(sarif.stdout) as { version: string; runs: Array<{ results: unknown[]; properties?: { profile?: string } }> };
    assert.is(log.version, "2.1.0");
    assert.ok(log.runs[0].results.length > 0);
    assert.is(log.runs[0].properties?.profile, "google");

    const junit = await run("junit");
    assert.is(junit.code, 1, junit.stderr);
    assert.match(junit.stdout, /^<\?xml/);
    assert.match(junit.stdout, /<property name="profile" value="google"\s*\/>/);

    const github = await run("github");
    assert.is(github.code, 1, github.stderr);
    assert.match(github.stdout, /^::error file=event\.jsonld,line=1,col=1,/m);
    assert.match(github.stderr, /^profile: google /m);

    const csv = await run("csv");
    assert.is(csv.code, 1, csv.stderr);
    const [header, first] = csv.stdout.trim().split("\r\n");
    const columns = header.split(",");
    assert.ok(columns.includes("profile"), header);
    assert.is(first.split(",")[columns.indexOf("profile")], "google");
  });

  test("--baseline accepts known issues; sdv diff reports a new one", async () => {
    const cwd = at("baseline");
    write(join(cwd, "public/event.jsonld"), brokenEvent);
    const base = await pkg.sdv(["validate", "public", "--format", "json", "--output", "base.json"], { cwd });
    assert.is(base.code, 1, base.stderr);
    const same = await pkg.sdv(["validate", "public", "--baseline", "base.json"], { cwd });
    assert.is(same.code, 0, same.stdout + same.stderr);
    write(join(cwd, "public/event.jsonld"), { ...brokenEvent, startDate: "tomorrow" });
    const worse = await pkg.sdv(["validate", "public", "--baseline", "base.json"], { cwd });
    assert.is(worse.code, 1, worse.stdout);
    await pkg.sdv(["validate", "public", "--format", "json", "--output", "new.json"], { cwd });
    const diff = await pkg.sdv(["diff", "base.json", "new.json"], { cwd });
    assert.is(diff.code, 1, diff.stdout + diff.stderr);
    assert.match(diff.stdout, /startDate/);
  });

  test('import("sdv") from the project: the installed library, google by default, the report names its profile', async () => {
    write(
      at("use-library.mjs"),
      `import { validate } from "sdv";
const event = ${JSON.stringify(allDayEvent)};
const byDefault = validate(event);
const spec = validate(event, { profile: "spec" });
const errorsOn = (r) => r.schemas[0].errors.map((e) => e.property);
console.log(JSON.stringify({ resolved: import.meta.resolve("sdv"), google: [byDefault.meta.profile, errorsOn(byDefault)], spec: [spec.meta.profile, errorsOn(spec)] }));`,
    );
    const r = await pkg.node(["use-library.mjs"]);
    assert.is(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { resolved: string; google: [string, string[]]; spec: [string, string[]] };
    assert.ok(out.resolved.endsWith("/node_modules/sdv/dist/lib/index.js"), out.resolved);
    assert.equal(out.google, ["google", []]);
    assert.equal(out.spec, ["spec", ["startDate"]]);
  });

  test("the browser export: the browser build resolves under the browser condition and validates", async () => {
    write(
      at("use-browser.mjs"),
      `import { validate, validateUrl } from "sdv";
const r = validate(${JSON.stringify(page(brokenEvent))});
const fetched = await validateUrl("https://example.com/").catch((e) => e.code);
console.log(JSON.stringify({ resolved: import.meta.resolve("sdv"), type: r.schemas[0].type, profile: r.meta.profile, fetched }));`,
    );
    const r = await pkg.node(["--conditions=browser", "use-browser.mjs"]);
    assert.is(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { resolved: string; type: string; profile: string; fetched: string };
    assert.ok(out.resolved.endsWith("/node_modules/sdv/dist/lib/browser.js"), out.resolved);
    assert.equal({ type: out.type, profile: out.profile, fetched: out.fetched }, { type: "Event", profile: "google", fetched: "fetch_failed" });
  });

  test("--render without playwright-core (an optional peer, not installed): says to npm install it, not 'on this server'", async () => {
    const r = await pkg.sdv(["validate", "http://127.0.0.1:9/page", "--allow-host", "127.0.0.1:9", "--render"]);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /npm install playwright-core/);
    assert.not.match(r.stdout, /on this server/);
  });

  test("the installed package carries no file of the service", () => {
    assert.not.ok(existsSync(at("node_modules/sdv/dist/api")));
  });
}

test.run();
