/** .env.example: every setting of the settings table (docs/deployment.md), and a file the service starts with as it is. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../api/config.ts";
import { withEnvFile } from "../../api/env-file.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const deployment = readFileSync(`${repoRoot}docs/deployment.md`, "utf8");
const example = readFileSync(`${repoRoot}.env.example`, "utf8");

/** The variables named in the first column of the settings table. */
function documentedSettings(): string[] {
  const table = deployment.slice(deployment.indexOf("## Settings"), deployment.indexOf("Fixed limits"));
  return table
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .flatMap((l) => [...l.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
}

test("every setting of docs/deployment.md's table is in .env.example (ENV_FILE as a note: it cannot come from a file)", () => {
  const settings = documentedSettings();
  assert.ok(settings.length >= 20, `the settings table read: ${settings.join(" ")}`);
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
  for (const name of settings) {
    if (name === "ENV_FILE") assert.match(example, /ENV_FILE/);
    else assert.ok(listed.has(name), `${name} is missing from .env.example`);
  }
  for (const name of listed) assert.ok(settings.includes(name), `${name} is in .env.example but not in docs/deployment.md's table`);
});

test(".env.example as it is (every value empty) is a valid configuration: the defaults", () => {
  const env = withEnvFile({ ENV_FILE: ".env.example" }, repoRoot);
  // The config keeps the environment it was read from; everything else must be the defaults.
  const { env: _fileEnv, ...fromFile } = loadConfig(env);
  const { env: _noEnv, ...defaults } = loadConfig({});
  assert.equal(fromFile, defaults);
});

test.run();
