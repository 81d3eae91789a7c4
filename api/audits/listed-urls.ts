/**
 * An audit in list mode (`urls` in POST /api/v1/audits): exactly the pages listed, each checked by the
 * guarded fetcher's rules at once, fragments dropped, duplicates once. They share one origin: the audit's
 * politeness (one site's pace, its robots.txt, its Crawl-delay) is per site, and one audit is one site.
 */
import type { FetchOptions } from "../../fetch/guarded-fetch.ts";
import { ApiError } from "../errors.ts";
import { checkTarget } from "./target-check.ts";

export function listedUrls(input: string[], fetchOptions: FetchOptions): string[] {
  if (input.length === 0) throw new ApiError("invalid_request", "urls: give at least one page.");
  const out: string[] = [];
  const seen = new Set<string>();
  let origin = "";
  input.forEach((raw, i) => {
    const url = new URL(checkTarget(`urls[${i}]`, raw, fetchOptions));
    url.hash = "";
    if (origin === "") origin = url.origin;
    else if (url.origin !== origin) throw new ApiError("invalid_request", `urls[${i}]: every listed page is on one site (${origin}); make an audit per site.`);
    if (!seen.has(url.href)) out.push(url.href);
    seen.add(url.href);
  });
  return out;
}
