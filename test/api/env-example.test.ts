/** .env.example: every setting of README's table, and a file the service starts with as it is. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../../api/config.ts";
import { withEnvFile } from "../../api/env-file.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(`${repoRoot}README.md`, "utf8");
const example = readFileSync(`${repoRoot}.env.example`, "utf8");

/** The variables named in the first column of README's settings table. */
function readmeSettings(): string[] {
  const table = readme.slice(readme.indexOf("### Settings"), readme.indexOf("Fixed limits"));
  return table
    .split("\n")
    .filter((l) => l.startsWith("| `"))
    .flatMap((l) => [...l.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
}

test("every setting of README's table is in .env.example (ENV_FILE as a note: it cannot come from a file)", () => {
  const settings = readmeSettings();
  assert.ok(settings.length >= 20, `README's table read: ${settings.join(" ")}`);
  const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
  for (const name of settings) {
    if (name === "ENV_FILE") assert.match(example, /ENV_FILE/);
    else assert.ok(listed.has(name), `${name} is missing from .env.example`);
  }
  for (const name of listed) assert.ok(settings.includes(name), `${name} is in .env.example but not in README's table`);
});

test(".env.example as it is (every value empty) is a valid configuration: the defaults", () => {
  const env = withEnvFile({ ENV_FILE: ".env.example" }, repoRoot);
  // The config keeps the environment it was read from; everything else must be the defaults.
  const { env: _fileEnv, ...fromFile } = loadConfig(env);
  const { env: _noEnv, ...defaults } = loadConfig({});
  assert.equal(fromFile, defaults);
});

test.run();
