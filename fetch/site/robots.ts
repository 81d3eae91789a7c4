/**
 * robots.txt rules for a crawl, at a bounded cost. robots-parser matches a rule against a path in
 * (pattern length x path length) steps, paying the path's length again at each `*`: a robots.txt of
 * 480,000 `*` (under the 500 KiB Google reads) took 1.5 s per 2,000-character URL, on the service's
 * event loop, for each URL a crawl checks. So:
 * - runs of `*` are one `*` (they match the same paths), before the rules are parsed;
 * - each check is priced as (wildcards of the rules + 1) x (URL length + 1) steps, a bound on the
 *   matcher's work for its wildcard rules; a URL whose check would cost more than MAX_WORK_PER_URL,
 *   or any once the crawl's checks have cost MAX_WORK in all, is treated as disallowed (when unsure,
 *   a crawler stays out). Real robots.txt files (tens of wildcards, URLs of a few hundred characters)
 *   stay far below both: a URL of 200 characters against 100 wildcards costs 20,000, so 50,000 such
 *   checks fit.
 */
import { createRequire } from "node:module";

/** What sdv uses of robots-parser (a CommonJS module whose typings do not describe its export). */
interface RobotsParserRules {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getCrawlDelay(userAgent?: string): number | undefined;
  getSitemaps(): string[];
}

/**
 * Why robots.txt keeps a URL out: its rules disallow it, or matching it against the file's wildcards
 * would cost more than the budget (kept out, as a crawler unsure of a rule stays out; told apart so
 * that a report does not blame the site's rules for sdv's limit).
 */
export type RobotsRefusal = "disallowed by robots.txt" | "robots.txt too costly to match (kept out)";

/** robots.txt's answer for a URL: why it is kept out, or null when it may be fetched. */
export type RobotsCheck = (url: string) => RobotsRefusal | null;

export interface RobotsRules {
  /** Why robots.txt keeps `userAgent` out of a URL, or null. */
  refusal(url: string, userAgent: string): RobotsRefusal | null;
  /** refusal() === null. */
  isAllowed(url: string, userAgent: string): boolean;
  getCrawlDelay(userAgent: string): number | undefined;
  getSitemaps(): string[];
}

/** Matcher steps one check may cost (a few milliseconds), and a crawl's checks in all (about a second). */
const MAX_WORK_PER_URL = 5_000_000;
const MAX_WORK = 1_000_000_000;

const STAR_RUNS = /\*{2,}/g;

export function robotsRules(robotsUrl: string, text: string): RobotsRules {
  const collapsed = text.indexOf("**") === -1 ? text : text.replace(STAR_RUNS, "*");
  const wildcards = ruleWildcards(collapsed);
  const parse = createRequire(import.meta.url)("robots-parser") as (url: string, text: string) => RobotsParserRules;
  const rules = parse(robotsUrl, collapsed);
  let spent = 0;
  const refusal = (url: string, userAgent: string): RobotsRefusal | null => {
    if (wildcards > 0) {
      const work = (wildcards + 1) * (url.length + 1);
      if (work > MAX_WORK_PER_URL || spent + work > MAX_WORK) return "robots.txt too costly to match (kept out)";
      spent += work;
    }
    return rules.isAllowed(url, userAgent) === false ? "disallowed by robots.txt" : null;
  };
  return {
    refusal,
    isAllowed: (url, userAgent) => refusal(url, userAgent) === null,
    getCrawlDelay: (userAgent) => rules.getCrawlDelay(userAgent),
    getSitemaps: () => rules.getSitemaps(),
  };
}

/** An Allow or Disallow line's value, without its comment. */
const RULE_LINE = /^[ \t]*(?:dis)?allow[ \t]*:([^#\r\n]*)/gim;

/**
 * The `*` of the Allow and Disallow rules: what the matcher pays for. Those of comments (a banner of
 * asterisks) and of `User-agent: *` cost it nothing and are not counted.
 */
function ruleWildcards(text: string): number {
  let count = 0;
  RULE_LINE.lastIndex = 0;
  for (let m = RULE_LINE.exec(text); m !== null; m = RULE_LINE.exec(text)) {
    const value = m[1];
    for (let at = value.indexOf("*"); at !== -1; at = value.indexOf("*", at + 1)) count++;
  }
  return count;
}
