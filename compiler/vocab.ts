/**
 * `npm run vocab`: derives the compact vocabulary (facts only, no descriptions) from the
 * Schema.org release file, so a fresh clone compiles and runs without ../shared.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolve, basename } from "node:path";
import { buildVocabulary } from "./vocab-build.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// 29.4 is the release the service spec fixes; SCHEMAORG_VERSION=30.0 builds with a later one.
const version = process.env.SCHEMAORG_VERSION ?? "29.4";
if (!/^\d+\.\d+$/.test(version)) {
  console.error(`vocab: SCHEMAORG_VERSION must look like 29.4, not "${version}"`);
  process.exit(1);
}
const defaultRelease = resolve(repoRoot, `../shared/vocab/schemaorg-current-https-v${version}.jsonld`);
const releasePath = process.env.SCHEMAORG_VOCAB ?? defaultRelease;

let release: unknown;
try {
  release = JSON.parse(readFileSync(releasePath, "utf8"));
} catch (err) {
  console.error(`vocab: cannot read the Schema.org release file ${releasePath}: ${(err as Error).message}`);
  console.error("vocab: set SCHEMAORG_VOCAB to the release file's path.");
  process.exit(1);
}
const vocabulary = buildVocabulary(release, basename(releasePath));
const out = resolve(repoRoot, "generated/vocabulary.json");
writeFileSync(out, JSON.stringify(vocabulary, null, 1) + "\n");
console.log(
  `vocab: Schema.org ${vocabulary.schema_org_version}: ${Object.keys(vocabulary.classes).length} classes, ${Object.keys(vocabulary.properties).length} properties -> generated/vocabulary.json`,
);
