/** `sdv crawl <site or sitemap URL>`: validate every page a site's sitemaps list, within its robots.txt. */
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { allowedPrivateHosts, validatePage } from "./read-input.ts";
import type { Outcome } from "./outcome.ts";
import { decideExit, FAIL_ON, type FailOn } from "./exit-policy.ts";
import { FORMATS, renderReport, type Format } from "./render.ts";
import { optionsOrExit, UsageError, wholeNumber } from "./usage.ts";
import { checkUserAgent, parseHeaders } from "./request-headers.ts";
import { isProfile, PROFILES, type Profile } from "../runtime/options/profile.ts";
import { runSettings } from "./config/run-settings.ts";
import { parseExpectFlag } from "./config/project-policy.ts";
import { baselineFromFlag } from "./baseline-flag.ts";
import { checkExpectations } from "./config/apply-policy.ts";
import { canParseUrl } from "../runtime/can-parse-url.ts";

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
      --include <glob>   only pages whose URL matches (repeatable), e.g. "https://example.com/products/**"
      --exclude <glob>   not pages whose URL matches (repeatable); both decide before --max-pages counts
      --header <h>       "Name: value" sent with every request to the site (repeatable; a staging site's
                         credentials), never to another origin a redirect leads to
      --user-agent <ua>  the User-Agent header (robots.txt is still read for the token "sdv")
      --retries <n>      tries again after a 429 or 503 answer, waiting Retry-After (at most 60 s) or
                         1, 2, 4 s (default 2; 0 to 5)
      --report <file>    also write a self-contained HTML report (pages by status, issues by type and
                         property, the score distribution)
  -f, --format <f>       text (default: pages, then summaries by type and by page), json, sarif, junit,
                         github or csv
      --json             the same as --format json
  -o, --output <file>    write the report to a file instead of standard output
  -q, --quiet            text: one line per error (url:line:col code property message), then the exit line
      --min-score <n>    fail (exit 1) when a page scores below n
      --fail-on <what>   error (default), warning or never; pages that could not be fetched count as errors
      --allow-host <h>   let the crawl reach this private or local host[:port] (repeatable), e.g. a preview
                         at --allow-host 127.0.0.1:8080
      --profile, --config, --expect, --baseline: as for sdv validate (globs of the config match URLs)
      --render           validate each page after its JavaScript ran (headless Chromium), marked against
                         its raw HTML (see sdv validate --help)
  -h, --help             this help

Progress goes to standard error: a bar on a terminal, else a line at least every 10 seconds.

Exit codes: 0 passed; 1 issues that --fail-on counts, pages that failed, or a score under --min-score;
2 robots.txt or the sitemaps could not be used (no page found) or bad usage. Pages without structured
data are listed and do not fail the run.`;

interface CrawlOptions {
  start: string;
  include: string[];
  exclude: string[];
  headers: Record<string, string>;
  userAgent: string | undefined;
  retries: number;
  profile: Profile | undefined;
  config: string | undefined;
  expect: Array<{ glob: string; types: string[] }>;
  baseline: string | undefined;
  maxPages: number;
  concurrency: number;
  delayMs: number;
  report: string | undefined;
  format: Format;
  quiet: boolean;
  output: string | undefined;
  minScore: number | undefined;
  failOn: FailOn | undefined;
  allowHosts: string[];
  render: boolean;
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
      quiet: { type: "boolean", short: "q" },
      output: { type: "string", short: "o" },
      "min-score": { type: "string" },
      "fail-on": { type: "string" },
      "allow-host": { type: "string", multiple: true },
      include: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      header: { type: "string", multiple: true },
      "user-agent": { type: "string" },
      retries: { type: "string" },
      profile: { type: "string" },
      config: { type: "string" },
      expect: { type: "string", multiple: true },
      baseline: { type: "string" },
      render: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length !== 1) throw new UsageError("give one site or sitemap URL");
  const start = positionals[0];
  if (!/^https?:\/\//i.test(start) || !canParseUrl(start)) throw new UsageError(`not an http(s) URL: ${start}`);
  const format = (values.json ? "json" : (values.format ?? "text")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format takes one of ${FORMATS.join(", ")}`);
  if (values.quiet && format !== "text") throw new UsageError(`--quiet shortens the text report; --format ${format} has no quiet form`);
  const failOn = values["fail-on"] as FailOn | undefined;
  if (failOn !== undefined && !FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on takes one of ${FAIL_ON.join(", ")}`);
  if (values.profile !== undefined && !isProfile(values.profile)) throw new UsageError(`--profile takes one of ${PROFILES.join(", ")}`);
  const userAgent = checkUserAgent(values["user-agent"]);
  return {
    start,
    include: values.include ?? [],
    exclude: values.exclude ?? [],
    headers: parseHeaders(values.header ?? []),
    userAgent,
    retries: values.retries === undefined ? 2 : wholeNumber("--retries", values.retries, 0, 5),
    profile: values.profile as Profile | undefined,
    config: values.config,
    expect: (values.expect ?? []).map(parseExpectFlag),
    baseline: values.baseline,
    maxPages: values["max-pages"] === undefined ? 500 : wholeNumber("--max-pages", values["max-pages"], 1, 100_000),
    concurrency: values.concurrency === undefined ? 2 : wholeNumber("--concurrency", values.concurrency, 1, 32),
    delayMs: values.delay === undefined ? 250 : wholeNumber("--delay", values.delay, 0, 60_000),
    report: values.report,
    format,
    quiet: values.quiet === true,
    output: values.output,
    minScore: values["min-score"] === undefined ? undefined : wholeNumber("--min-score", values["min-score"], 0, 100),
    failOn,
    allowHosts: [...allowedPrivateHosts(), ...(values["allow-host"] ?? [])],
    render: values.render === true,
  };
}

export async function runCrawl(args: string[]): Promise<number> {
  const options = optionsOrExit("crawl", CRAWL_HELP, () => parseCrawlArgs(args));
  if (typeof options === "number") return options;

  const settings = await runSettings(options);
  if (settings === 2) return 2;
  const { config, profile, failOn, minScore, policy } = settings;
  const keep = await urlFilter(options.include, options.exclude);
  const fetchOptions = { allowPrivateHosts: options.allowHosts, headers: options.headers, ...(options.userAgent ? { userAgent: options.userAgent } : {}) };

  const [{ discover, CRAWL_PAGE_FETCH }, { pacer }, { progressBar }, { default: pLimit }, { FetchError }] = await Promise.all([
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
      fetchOptions,
      beforeFetch: () => pace(),
      keep,
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
  let outcomes: Outcome[];
  try {
    outcomes = await Promise.all(
      discovery.pages.map((url) =>
        limit(async () => {
          const outcome = await validatePage(
            url,
            {
              allowHosts: options.allowHosts,
              render: options.render,
              runFor: (page) => ({ profile, overrides: policy.overridesFor(page) }),
              retries: options.retries,
              beforeFetch: () => pace(),
              onRetry: (page, waitMs, status) => progress.note(`${page} answered ${status}: trying again in ${Math.ceil(waitMs / 1000)} s`),
            },
            { ...CRAWL_PAGE_FETCH, ...fetchOptions },
          );
          progress.tick(url, !outcome.failure || outcome.failure.code === "no_jsonld_found");
          return outcome;
        }),
      ),
    );
  } finally {
    if (options.render) await (await import("../fetch/render/shared-renderer.ts")).closeSharedRenderer();
  }
  progress.done();
  // A page that redirected to another site was not fetched there: skipped, not failed.
  for (let i = outcomes.length - 1; i >= 0; i--) {
    if (outcomes[i].failure?.code !== "redirected_off_site") continue;
    discovery.skipped.push({ url: outcomes[i].source, reason: "redirected off-site" });
    outcomes.splice(i, 1);
  }
  checkExpectations(outcomes, policy);
  const baseline = await baselineFromFlag(options.baseline, outcomes);
  if (baseline === "unreadable") return 2;

  const verdict = decideExit(outcomes, { failOn, minScore, failuresAreFatal: false, baseline: baseline !== undefined });
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
    output: options.output,
    failOn,
    appendix: summaryText(outcomes, discovery.skipped),
    baseline,
    profile,
    quiet: options.quiet,
  });
  if (process.env.GITHUB_STEP_SUMMARY) await (await import("./step-summary.ts")).writeStepSummary({ command: "crawl", outcomes, verdict, baseline, profile });
  return written ? verdict.code : 2;
}

/** --include and --exclude as one test of a page URL; undefined when neither is given. */
async function urlFilter(include: string[], exclude: string[]): Promise<((url: string) => boolean) | undefined> {
  if (include.length === 0 && exclude.length === 0) return undefined;
  const { default: picomatch } = await import("picomatch");
  const inc = include.length ? picomatch(include, { dot: true }) : () => true;
  const exc = exclude.length ? picomatch(exclude, { dot: true }) : () => false;
  return (url) => inc(url) && !exc(url);
}
