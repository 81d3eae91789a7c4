/** `sdv crawl <site or sitemap URL>`: validate every page a site's sitemaps list, within its robots.txt. */
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { allowedPrivateHosts, validatePage } from "./read-input.ts";
import type { Outcome } from "./outcome.ts";
import { decideExit, FAIL_ON, type FailOn } from "./exit-policy.ts";
import { FORMATS, renderReport, type Format } from "./render.ts";
import { optionsOrExit, UsageError, wholeNumber } from "./usage.ts";

export const CRAWL_HELP = `usage: sdv crawl <site URL | sitemap URL> [options]

Reads robots.txt (its Disallow rules for the user agent "sdv" and its Sitemap: lines), then the sitemap
given, or the ones robots.txt names, or /sitemap.xml; follows sitemap indexes (.xml and .xml.gz); keeps
pages of the same origin that robots.txt allows; validates each one. Every fetch goes through the
guarded fetcher.

Options:
      --max-pages <n>    pages at most (default 500)
      --concurrency <n>  pages fetched at once (default 2)
      --delay <ms>       at least this long between request starts (default 250, or robots.txt's
                         Crawl-delay when longer)
      --report <file>    also write a self-contained HTML report (pages by status, issues by type and
                         property, the score distribution)
  -f, --format <f>       text (default: pages, then summaries by type and by page), json, sarif, junit, github
      --json             the same as --format json
  -o, --output <file>    write the report to a file instead of standard output
      --min-score <n>    fail (exit 1) when a page scores below n
      --fail-on <what>   error (default), warning or never; pages that could not be fetched count as errors
      --allow-host <h>   let the crawl reach this private or local host[:port] (repeatable), e.g. a preview
                         at --allow-host 127.0.0.1:8080
  -h, --help             this help

Exit codes: 0 passed; 1 issues that --fail-on counts, pages that failed, or a score under --min-score;
2 robots.txt or the sitemaps could not be used (no page found) or bad usage. Pages without structured
data are listed and do not fail the run.`;

interface CrawlOptions {
  start: string;
  maxPages: number;
  concurrency: number;
  delayMs: number;
  report: string | undefined;
  format: Format;
  output: string | undefined;
  minScore: number;
  failOn: FailOn;
  allowHosts: string[];
}

function parseCrawlArgs(args: string[]): CrawlOptions | "help" {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      "max-pages": { type: "string" },
      concurrency: { type: "string" },
      delay: { type: "string" },
      report: { type: "string" },
      format: { type: "string", short: "f" },
      json: { type: "boolean" },
      output: { type: "string", short: "o" },
      "min-score": { type: "string" },
      "fail-on": { type: "string" },
      "allow-host": { type: "string", multiple: true },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length !== 1) throw new UsageError("give one site or sitemap URL");
  const start = positionals[0];
  if (!/^https?:\/\//i.test(start) || !URL.canParse(start)) throw new UsageError(`not an http(s) URL: ${start}`);
  const format = (values.json ? "json" : (values.format ?? "text")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format takes one of ${FORMATS.join(", ")}`);
  const failOn = (values["fail-on"] ?? "error") as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on takes one of ${FAIL_ON.join(", ")}`);
  return {
    start,
    maxPages: values["max-pages"] === undefined ? 500 : wholeNumber("--max-pages", values["max-pages"], 1, 100_000),
    concurrency: values.concurrency === undefined ? 2 : wholeNumber("--concurrency", values.concurrency, 1, 32),
    delayMs: values.delay === undefined ? 250 : wholeNumber("--delay", values.delay, 0, 60_000),
    report: values.report,
    format,
    output: values.output,
    minScore: values["min-score"] === undefined ? 0 : wholeNumber("--min-score", values["min-score"], 0, 100),
    failOn,
    allowHosts: [...allowedPrivateHosts(), ...(values["allow-host"] ?? [])],
  };
}

export async function runCrawl(args: string[]): Promise<number> {
  const options = optionsOrExit("crawl", CRAWL_HELP, () => parseCrawlArgs(args));
  if (typeof options === "number") return options;

  const [{ discover }, { pacer }, { progressBar }, { default: pLimit }, { FetchError }] = await Promise.all([
    import("../fetch/site/discover.ts"),
    import("../fetch/site/pacer.ts"),
    import("./crawl/progress.ts"),
    import("p-limit"),
    import("../fetch/guarded-fetch.ts"),
  ]);
  let pace = pacer(options.delayMs);
  let discovery;
  try {
    discovery = await discover(options.start, {
      maxPages: options.maxPages,
      fetchOptions: { allowPrivateHosts: options.allowHosts },
      beforeFetch: () => pace(),
    });
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    const host = new URL(options.start).host;
    const hint = err.code === "destination_not_allowed" || err.code === "invalid_url" ? ` To crawl it anyway (a local preview), pass --allow-host ${host}.` : "";
    console.error(`sdv crawl: ${err.message}${hint}`);
    console.error(`sdv: exit 2: ${options.start} could not be crawled (${err.code})`);
    return 2;
  }
  if (discovery.crawlDelaySeconds !== undefined && discovery.crawlDelaySeconds * 1000 > options.delayMs) {
    pace = pacer(Math.min(discovery.crawlDelaySeconds * 1000, 60_000)); // robots.txt asks for more room
  }
  if (discovery.pages.length === 0) {
    const why = discovery.sitemaps.map((s) => `${s.url}: ${s.error ?? `${s.pages} page(s)`}`).join("; ");
    console.error(`sdv crawl: no page to validate (sitemaps: ${why || "none"}; skipped ${discovery.skipped.length})`);
    console.error(`sdv: exit 2: no page found to validate on ${discovery.origin}`);
    return 2;
  }

  const progress = progressBar(discovery.pages.length);
  const limit = pLimit(options.concurrency);
  const outcomes: Outcome[] = await Promise.all(
    discovery.pages.map((url) =>
      limit(async () => {
        await pace();
        const outcome = await validatePage(url, { allowHosts: options.allowHosts });
        progress.tick(url);
        return outcome;
      }),
    ),
  );
  progress.done();

  const verdict = decideExit(outcomes, { failOn: options.failOn, minScore: options.minScore, failuresAreFatal: false });
  if (options.report) {
    const { htmlReport } = await import("./crawl/html-report.ts");
    try {
      writeFileSync(options.report, htmlReport(discovery.origin, outcomes, discovery.skipped, verdict, new Date().toISOString()));
    } catch (err) {
      console.error(`sdv: exit 2: cannot write the HTML report to ${options.report}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      return 2;
    }
  }
  const { summaryText } = await import("./crawl/summary.ts");
  const written = await renderReport({
    outcomes,
    verdict,
    format: options.format,
    single: false,
    output: options.output,
    failOn: options.failOn,
    appendix: summaryText(outcomes, discovery.skipped),
  });
  return written ? verdict.code : 2;
}
