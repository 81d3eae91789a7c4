/**
 * The engine as the browser runs it (the playground's bundled worker, built by Vite from runtime/ and
 * generated/) gives the same ValidationResponse as the Node engine (lib/index.ts) for every Google
 * example (JSON-LD, Microdata, RDFa), extruct's format pages and the benchmark inputs: the bundling loses nothing (no rule, no vocabulary, no position).
 * Runs the built worker script in Node with a stand-in for the worker's `self`; no browser needed. The
 * worker imports the rule sets the inputs need from their own chunks, so the chunks are covered too.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { builtWebRoot } from "../../browser/harness.ts";
import { validate, type ValidationResponse } from "../../../lib/index.ts";
import { detectFormat } from "../../../web/src/playground/format.ts";
import { ruleSetLoaders } from "../../../generated/on-demand.ts";
import type { ValidationReply, ValidationRequest } from "../../../web/src/playground/worker.ts";

const shared = fileURLToPath(new URL("../../../../shared/", import.meta.url));
const inputs = [
  ...listed(join(shared, "corpus", "google-examples"), /\.(json|html)$/),
  // Microdata and RDFa: positions come from the item extractor, not the JSON pointer locator.
  ...listed(join(shared, "corpus", "formats", "google-microdata"), /\.html$/),
  ...listed(join(shared, "corpus", "formats", "google-rdfa"), /\.html$/),
  ...listed(join(shared, "corpus", "formats", "extruct"), /\.html$/),
  ...listed(join(shared, "bench", "jsonld"), /\.json$/),
  ...["small.html", "typical.html"].map((f) => join(shared, "bench", "html", f)).filter((f) => existsSync(f)),
];

function listed(dir: string, pattern: RegExp): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => pattern.test(f)).sort().map((f) => join(dir, f)) : [];
}

type Bundled = (request: ValidationRequest) => Promise<ValidationReply>;

interface WorkerSelf {
  location: { href: string };
  postMessage(message: unknown): void;
  onmessage: ((event: { data: ValidationRequest }) => Promise<void>) | null;
}

let bundled: Promise<Bundled> | undefined;

/**
 * The built worker script (an ES module whose rule sets are chunks it imports on demand, from files next
 * to it), imported once with a stand-in for the worker's global `self`. `self` is a global only while a
 * request runs, so that no other test sees a browser-like global.
 */
function loadBundledWorker(): Promise<Bundled> {
  bundled ??= (async () => {
    const assets = join(await builtWebRoot(), "assets");
    const file = readdirSync(assets).find((f) => /^worker-.*\.js$/.test(f));
    if (!file) throw new Error(`no worker-*.js in ${assets}`);
    const replies: unknown[] = [];
    const stub: WorkerSelf = { location: { href: `http://127.0.0.1/assets/${file}` }, postMessage: (message) => void replies.push(message), onmessage: null };
    const global = globalThis as { self?: unknown };
    const withSelf = async <T>(run: () => Promise<T>): Promise<T> => {
      global.self = stub;
      try {
        return await run();
      } finally {
        delete global.self;
      }
    };
    await withSelf(() => import(pathToFileURL(join(assets, file)).href));
    assert.equal(replies.shift(), { hello: stub.location.href }, "the worker announces its address");
    return (request) =>
      withSelf(async () => {
        await stub.onmessage!({ data: request });
        return replies.shift() as ValidationReply;
      });
  })();
  return bundled;
}

/** The response without what differs between two runs of the same input (the clock). */
function stable(response: ValidationResponse): unknown {
  return { ...response, meta: { ...response.meta, validated_at: "", response_time_ms: 0 } };
}

(inputs.length === 0 ? test.skip : test)("the bundled browser engine answers every corpus input as the Node engine does" + (inputs.length === 0 ? " (../shared/corpus and ../shared/bench not found)" : ""), async () => {
  const validateBundled = await loadBundledWorker();
  let id = 0;
  let withIssues = 0;
  for (const file of inputs) {
    const text = readFileSync(file, "utf8");
    const format = detectFormat(text);
    const reply = await validateBundled({ id: ++id, text, format });
    if (!reply.ok) throw new Error(`${file}: ${reply.message}`);
    assert.is(reply.id, id);
    const node = validate(text, { format, profile: "spec" });
    assert.equal(stable(reply.response), stable(node), file);
    if (node.summary.total_errors + node.summary.total_warnings > 0) withIssues++;
  }
  // The comparison covered real findings, not only clean inputs.
  assert.ok(withIssues > 10, `${withIssues} of ${inputs.length} inputs have issues`);
});

test("the bundled engine reports an error for broken JSON instead of throwing", async () => {
  const validateBundled = await loadBundledWorker();
  const reply = await validateBundled({ id: 1, text: '{"@type": "Event",', format: "json" });
  assert.ok(reply.ok);
  if (!reply.ok) return;
  assert.is(reply.response.schemas[0].errors[0].code, "invalid-json");
  assert.equal(stable(reply.response), stable(validate('{"@type": "Event",', { format: "json", profile: "spec" })));
});

test("every rule set is a chunk of its own, which the worker imports when needed instead of carrying it", async () => {
  const assets = join(await builtWebRoot(), "assets");
  const files = readdirSync(assets);
  const worker = readFileSync(join(assets, files.find((f) => /^worker-.*\.js$/.test(f))!), "utf8");
  const types = Object.keys(ruleSetLoaders);
  assert.ok(types.length >= 30, `${types.length} rule sets`);
  for (const type of types) {
    const chunks = files.filter((f) => new RegExp(`^${type}-[\\w-]+\\.js$`).test(f));
    assert.is(chunks.length, 1, `one chunk for ${type}: ${chunks.join(", ")}`);
    assert.ok(worker.includes(`import(\`./${chunks[0]}\`)`) || worker.includes(`import("./${chunks[0]}")`), `the worker imports ./${chunks[0]}`);
  }
});

test.run();
