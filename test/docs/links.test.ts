/**
 * Every relative link of README.md and docs/**\/*.md resolves: the file or folder exists in the
 * repository (not only on this machine: git-ignored paths such as dist/ are refused, since a clone has
 * none), and a `#anchor` into a Markdown file names one of its headings as GitHub slugs them.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { anchorsOf, githubSlug, isExternal, linksOf } from "./markdown-links.ts";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: "utf8" })
    .filter((p) => p.endsWith(".md"))
    .map((p) => join(dir, p))
    .sort();
}

const documents = ["README.md", ...markdownUnder("docs")];

/** Paths (relative to the repository) that git ignores, asked in one call; none when git cannot say. */
function ignoredByGit(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const r = spawnSync("git", ["check-ignore", "--no-index", "--stdin"], { cwd: repoRoot, input: paths.join("\n"), encoding: "utf8" });
  if (r.status !== 0 && r.status !== 1) return new Set();
  return new Set(r.stdout.split("\n").filter(Boolean));
}

interface Broken {
  where: string;
  target: string;
  why: string;
}

/** The broken relative links of the given Markdown files (paths relative to `root`). */
function brokenLinks(root: string, files: string[]): Broken[] {
  const broken: Broken[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file);
    if (anchors === undefined) anchorCache.set(file, (anchors = anchorsOf(readFileSync(file, "utf8"))));
    return anchors;
  };
  const toCheckWithGit: Array<{ path: string; where: string; target: string }> = [];
  for (const file of files) {
    const source = join(root, file);
    for (const { target, line } of linksOf(readFileSync(source, "utf8"))) {
      if (isExternal(target)) continue;
      const where = `${file}:${line}`;
      const hash = target.indexOf("#");
      const pathPart = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const resolved = pathPart === "" ? source : resolve(dirname(source), pathPart);
      const inside = relative(root, resolved);
      if (inside.startsWith("..") || inside.startsWith(sep)) {
        broken.push({ where, target, why: "points outside the repository" });
        continue;
      }
      if (!existsSync(resolved)) {
        broken.push({ where, target, why: `${inside} does not exist` });
        continue;
      }
      if (pathPart !== "") toCheckWithGit.push({ path: inside, where, target });
      if (anchor !== null && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor))
        broken.push({ where, target, why: `${inside} has no heading or id "${anchor}"` });
    }
  }
  const ignored = ignoredByGit([...new Set(toCheckWithGit.map((c) => c.path))]);
  for (const c of toCheckWithGit) if (ignored.has(c.path)) broken.push({ where: c.where, target: c.target, why: `${c.path} is ignored by git, so a clone has none` });
  return broken;
}

test("the documents checked are the README and every file under docs/", () => {
  assert.ok(documents.length >= 10, documents.join(" "));
  assert.ok(documents.includes(join("docs", "service.md")));
});

test("every relative link of README.md and docs/**/*.md resolves, anchors included", () => {
  const broken = brokenLinks(repoRoot, documents);
  assert.equal(broken.map((b) => `${b.where}: ${b.target}: ${b.why}`), []);
});

test("GitHub's slugs: punctuation dropped, spaces to hyphens, case folded, underscores and hyphens kept", () => {
  const table: Array<[string, string]> = [
    ["Plans, credits, cache", "plans-credits-cache"],
    ["Rendering: what the search engine sees", "rendering-what-the-search-engine-sees"],
    ["Validation issues: switching on property", "validation-issues-switching-on-property"],
    ["rate_limit_exceeded and --fail-on", "rate_limit_exceeded-and---fail-on"],
    ["Schema.org 30.0 (at build)", "schemaorg-300-at-build"],
    ["Décisions où la spec se tait", "décisions-où-la-spec-se-tait"],
  ];
  for (const [heading, slug] of table) assert.is(githubSlug(heading), slug, heading);
});

test("anchors: rendered heading text, repeats numbered, HTML ids; nothing from fenced code", () => {
  const anchors = anchorsOf(
    ["# The `sdv` command", "## Formats", "## Formats", "### [Linked](x.md) **bold**", '<a id="custom-place"></a>', "```sh", "# not a heading", "```"].join("\n"),
  );
  assert.equal([...anchors].sort(), ["custom-place", "formats", "formats-1", "linked-bold", "the-sdv-command"]);
});

test("the checker finds what is broken: a missing file or anchor, a path outside, a git-ignored file", () => {
  // A file that exists here but that git ignores (.gitignore: .fixture-build-*/), as dist/ would be.
  const ignoredDir = join(repoRoot, "test", "docs", ".fixture-build-links");
  mkdirSync(ignoredDir, { recursive: true });
  writeFileSync(join(ignoredDir, "ignored.md"), "# Ignored\n");
  let broken: Broken[];
  try {
    broken = brokenLinks(repoRoot, [join("test", "docs", "links-fixture.md")]);
  } finally {
    rmSync(ignoredDir, { recursive: true, force: true });
  }
  assert.equal(
    broken.map((b) => `${b.where}: ${b.target}`),
    [
      "test/docs/links-fixture.md:7: missing.md",
      "test/docs/links-fixture.md:8: ../../README.md#no-such-heading",
      "test/docs/links-fixture.md:9: #nowhere",
      "test/docs/links-fixture.md:10: ../../../outside.md",
      "test/docs/links-fixture.md:11: .fixture-build-links/ignored.md",
    ],
  );
});

test.run();
