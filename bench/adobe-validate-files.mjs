// Child process of bench/cli.ts: Adobe's validator over many files in one process, as a user's script
// would run it: load the validator with the vocabulary its README names and web-auto-extractor (which its
// README pairs it with), then read, extract and validate every file once. The parent times the whole
// process, exactly as it times `sdv validate <dir>`.
//
// Usage: node bench/adobe-validate-files.mjs <vocab.jsonld> <file>...
// Prints one JSON line: {"files": n, "nodes": n, "failed": n} or {"error": "..."}.
import { readFileSync } from "node:fs";
import { toWaeData } from "./wae-data.mjs";

try {
  const [vocabFile, ...files] = process.argv.slice(2);
  const { default: Validator } = await import("@adobe/structured-data-validator");
  const { default: WebAutoExtractor } = await import("@marbec/web-auto-extractor");
  const validator = new Validator(JSON.parse(readFileSync(vocabFile, "utf8")));
  const extractor = new WebAutoExtractor({ addLocation: true, embedSource: ["rdfa", "microdata"] });
  let nodes = 0;
  let failed = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    try {
      const data = /\.html?$/i.test(file) ? extractor.parse(text) : toWaeData(JSON.parse(text));
      const results = await validator.validate(data);
      nodes += Array.isArray(results) ? results.length : 0;
    } catch {
      failed++; // a file Adobe's tools cannot read still costs its time
    }
  }
  console.log(JSON.stringify({ files: files.length, nodes, failed }));
} catch (err) {
  console.log(JSON.stringify({ error: err instanceof Error ? err.message.split("\n")[0] : String(err) }));
}
