// The child that scripts/instructions.ts runs under valgrind: `warm` validations of one document,
// then `counted` more. Plain JavaScript, so no loader runs beside the engine.
// A .json document is validated as JSON-LD (validateValue); an .html one as a page, the whole-page
// report with the page truth checks, or, with the mode "before", as it was before them (bench/page-truth.ts).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dist, doc, warm, counted, mode] = process.argv.slice(2);
const load = (path) => import(pathToFileURL(`${dist}/${path}`).href);
let validate;
if (doc.endsWith(".html")) {
  const engine = await load("runtime/engine.js");
  const { ruleSetFor } = await load("generated/index.js");
  const html = readFileSync(doc, "utf8");
  const url = "https://shop.example/page";
  const prepare = mode === "before" ? engine.prepareHtmlBeforeTruth : engine.prepareHtml;
  validate = () => engine.validatePrepared(prepare(html, url), ruleSetFor);
} else {
  const { validateValue } = await load("runtime/validate.js");
  const value = JSON.parse(readFileSync(doc, "utf8"));
  validate = () => validateValue(value);
}
let sink;
for (let i = 0; i < Number(warm) + Number(counted); i++) sink = validate();
if (sink === undefined) process.exit(1);
