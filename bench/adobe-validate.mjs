// Child process of bench/validate.ts: times Adobe's validator under plain `node`.
//
// Why a separate plain-JS process: the bench runs under `node --import tsx`, whose loader hooks
// make every dynamic `import()` slow, and Adobe's validator awaits `import()` of its handler
// modules for every node it visits; in-process it measured 6-10x slower than it runs for users.
// JSON.parse is timed here too, so Adobe's ratio comes from one process. The timer mirrors
// bench/util.ts (which this process cannot import: it is TypeScript).
//
// Usage: node bench/adobe-validate.mjs <vocab.jsonld> <doc.json>...
// Prints one JSON line: {"results": {"<doc path>": {"parseNs": n, "adobeNs": n}}} or {"error": "..."}.
import { readFileSync } from "node:fs";

const OPTIONS = { warmupMs: 150, sampleMs: 500, minSamples: 15, batchMs: 0.2 };
let sink;

/** Median ns per call; `fn` may return a promise, which is awaited before the next call. */
async function medianNs(fn, isAsync) {
  const now = process.hrtime.bigint;
  const call = isAsync ? async () => (sink = await fn()) : () => (sink = fn());
  let calls = 0;
  const w0 = now();
  const warmEnd = w0 + BigInt(OPTIONS.warmupMs * 1e6);
  do {
    await call();
    calls++;
  } while (now() < warmEnd || calls < 3);
  const batch = Math.max(1, Math.ceil((OPTIONS.batchMs * 1e6) / (Number(now() - w0) / calls)));
  const samples = [];
  const sampleEnd = now() + BigInt(OPTIONS.sampleMs * 1e6);
  while (samples.length < OPTIONS.minSamples || now() < sampleEnd) {
    const t0 = now();
    if (isAsync) for (let i = 0; i < batch; i++) sink = await fn();
    else for (let i = 0; i < batch; i++) sink = fn(); // no await in the loop for sync calls
    samples.push(Number(now() - t0) / batch);
  }
  samples.sort((a, b) => a - b);
  const m = samples.length >> 1;
  return samples.length % 2 ? samples[m] : (samples[m - 1] + samples[m]) / 2;
}

/**
 * The input validate() expects: web-auto-extractor's JSON-LD output, i.e. top-level items
 * (arrays flattened, @graph nodes lifted) grouped by @type.
 */
function toWaeData(value) {
  const jsonld = {};
  const add = (item) => (jsonld[String(item?.["@type"])] ??= []).push(item);
  for (const item of Array.isArray(value) ? value : [value]) {
    if (Array.isArray(item?.["@graph"])) item["@graph"].forEach(add);
    else add(item);
  }
  return { jsonld };
}

try {
  const [vocabFile, ...docFiles] = process.argv.slice(2);
  const { default: Validator } = await import("@adobe/structured-data-validator");
  // Loaded once, outside the timing, as its README does with schemaorg-all-https.jsonld.
  const validator = new Validator(JSON.parse(readFileSync(vocabFile, "utf8")));
  const results = {};
  for (const file of docFiles) {
    const text = readFileSync(file, "utf8");
    const parseNs = await medianNs(() => JSON.parse(text), false);
    // validate() only deletes '@location' from the items (absent here), so one input serves all calls.
    const wae = toWaeData(JSON.parse(text));
    const adobeNs = await medianNs(() => validator.validate(wae), true);
    results[file] = { parseNs, adobeNs };
  }
  console.log(JSON.stringify({ results }));
} catch (err) {
  console.log(JSON.stringify({ error: err instanceof Error ? err.message.split("\n")[0] : String(err) }));
}
