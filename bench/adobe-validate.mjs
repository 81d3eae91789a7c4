// Child process of bench/validate.ts: times Adobe's validator under plain `node`.
//
// Why a separate plain-JS process: the bench runs under `node --import tsx`, whose loader hooks
// make every dynamic `import()` slow, and Adobe's validator awaits `import()` of its handler
// modules for every node it visits; in-process it measured 6-10x slower than it runs for users.
// JSON.parse is timed here too, so Adobe's ratio comes from one process, with the benchmarks' own
// timer (sampler.mjs, plain JavaScript for this reason).
//
// Usage: node bench/adobe-validate.mjs <vocab.jsonld> <doc.json>...
// Prints one JSON line: {"results": {"<doc path>": {"parseNs": n, "adobeNs": n}}} or {"error": "..."}.
import { readFileSync } from "node:fs";
import { medianNs, medianNsAsync } from "./sampler.mjs";
import { toWaeData } from "./wae-data.mjs";

try {
  const [vocabFile, ...docFiles] = process.argv.slice(2);
  const { default: Validator } = await import("@adobe/structured-data-validator");
  // Loaded once, outside the timing, as its README does with schemaorg-all-https.jsonld.
  const validator = new Validator(JSON.parse(readFileSync(vocabFile, "utf8")));
  const results = {};
  for (const file of docFiles) {
    const text = readFileSync(file, "utf8");
    const parseNs = medianNs(() => JSON.parse(text));
    // validate() only deletes '@location' from the items (absent here), so one input serves all calls.
    const wae = toWaeData(JSON.parse(text));
    const adobeNs = await medianNsAsync(() => validator.validate(wae));
    results[file] = { parseNs, adobeNs };
  }
  console.log(JSON.stringify({ results }));
} catch (err) {
  console.log(JSON.stringify({ error: err instanceof Error ? err.message.split("\n")[0] : String(err) }));
}
