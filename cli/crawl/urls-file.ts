/** `sdv crawl --urls-file FILE`: the list mode's URLs, one a line; blank lines and # comments left out. */
import { readFileSync } from "node:fs";
import { UsageError } from "../usage.ts";
import { canParseUrl } from "../../runtime/can-parse-url.ts";

/** More than a crawl's --max-pages bound could ever validate. */
const MAX_LISTED = 100_000;

export function readUrlsFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new UsageError(`--urls-file: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const urls: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    if (!/^https?:\/\//i.test(line) || !canParseUrl(line)) throw new UsageError(`--urls-file: line ${i + 1} is not an http(s) URL: ${line.slice(0, 200)}`);
    const url = new URL(line);
    url.hash = "";
    if (!seen.has(url.href)) urls.push(url.href);
    seen.add(url.href);
  });
  if (urls.length === 0) throw new UsageError(`--urls-file: ${path} lists no URL`);
  if (urls.length > MAX_LISTED) throw new UsageError(`--urls-file: at most ${MAX_LISTED} URLs (the file lists ${urls.length})`);
  return urls;
}
