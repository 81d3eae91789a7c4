/** The Markdown files whose figure regions `npm run docs:figures` keeps: README.md and docs/**\/*.md. */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function documentedFiles(repoRoot: string): string[] {
  const docs = readdirSync(join(repoRoot, "docs"), { recursive: true, encoding: "utf8" })
    .filter((p) => p.endsWith(".md"))
    .map((p) => join("docs", p))
    .sort();
  return ["README.md", ...docs];
}
