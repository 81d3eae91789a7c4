/**
 * The README a new user meets: at most 400 lines, and its first screen (60 lines) gets a person going:
 * the two set-up commands, the command line on a file, a folder and a URL, the service, the tests. The
 * files the first screen validates exist, so its commands work in a fresh clone.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sdv } from "../cli/sdv-process.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
const lines = readme.split("\n");
const firstScreen = lines.slice(0, 60).join("\n");

test("the README has at most 400 lines", () => {
  assert.ok(lines.length <= 400, `${lines.length} lines`);
});

test("the first screen has the two set-up commands, the service and the tests", () => {
  assert.match(firstScreen, /^npm install\b/m);
  assert.match(firstScreen, /^npm start\b/m);
  assert.match(firstScreen, /http:\/\/127\.0\.0\.1:3000/);
  assert.match(firstScreen, /`npm test/);
});

test("the first screen validates a file, a folder and a URL with the command line, on files that exist", () => {
  const commands = [...firstScreen.matchAll(/^node bin\/sdv\.js validate (\S+)/gm)].map((m) => m[1]);
  const file = commands.find((c) => /\.(html?|jsonld|json)$/.test(c));
  const folder = commands.find((c) => c.endsWith("/") && !/^https?:/.test(c));
  const url = commands.find((c) => /^https?:\/\//.test(c));
  assert.ok(file !== undefined && folder !== undefined && url !== undefined, commands.join(" "));
  assert.ok(existsSync(join(repoRoot, file)), `${file} exists`);
  assert.ok(existsSync(join(repoRoot, folder)), `${folder} exists`);
});

test("the first screen's file and folder commands report what examples/ holds", async () => {
  const commands = [...firstScreen.matchAll(/^node bin\/sdv\.js (validate \S+)/gm)].map((m) => m[1].split(" ")).filter((c) => !/^https?:/.test(c[1]));
  assert.is(commands.length, 2, "a file and a folder");
  const [file, folder] = await Promise.all(commands.map((args) => sdv(args)));
  assert.is(file.code, 1, "the event page has an error");
  assert.match(file.stdout, /startDate/);
  for (const input of ["breadcrumbs.jsonld", "index.html"]) assert.match(folder.stdout, input);
});

test("the first screen says what sdv is before anything else", () => {
  const beforeFirstCommand = firstScreen.slice(0, firstScreen.indexOf("```"));
  assert.match(beforeFirstCommand, /structured data/i);
  assert.match(beforeFirstCommand, /command line/);
  assert.match(beforeFirstCommand, /service/);
});

test.run();
