/** `sdv crawl <site or sitemap URL>`: validate the pages a site's sitemaps list and its links reach, within its robots.txt. */
import { parseArgs } from "node:util";
import { writeFileSync } from "node:fs";
import { allowedPrivateHosts, validatePage } from "./read-input.ts";
import type { Outcome } from "./outcome.ts";
import { decideExit, FAIL_ON, type FailOn } from "./exit-policy.ts";
import { FORMATS, renderReport, type Format } from "./render.ts";

/** The report formats, and html: the crawl's self-contained HTML report (cli/crawl/html-report.ts). */
const CRAWL_FORMATS: readonly CrawlFormat[] = [...FORMATS, "html"];
type CrawlFormat = Format | "html";
import { optionsOrExit, UsageError, wholeNumber } from "./usage.ts";
import { checkUserAgent, parseHeaders } from "./request-headers.ts";
import { isProfile, PROFILES, type Profile } from "../runtime/options/profile.ts";
import { runSettings } from "./config/run-settings.ts";
import { parseExpectFlag } from "./config/project-policy.ts";
import { baselineFromFlag } from "./baseline-flag.ts";
import { checkExpectations } from "./config/apply-policy.ts";
import { canParseUrl } from "../runtime/can-parse-url.ts";
import { DEFAULT_MAX_DEPTH, DISCOVER_MODES, type DiscoverMode } from "../fetch/site/discover-mode.ts";
import { readUrlsFile } from "./crawl/urls-file.ts";

export const CRAWL_HELP = `usage: sdv crawl <site URL | sitemap URL> [options]
       sdv crawl --urls-file <file> [options]

Reads robots.txt (its Disallow rules for the user agent "sdv" and its Sitemap: lines), then the sitemap
given, or the ones robots.txt names, or /sitemap.xml (sitemap indexes followed, .xml and .xml.gz), and
starts at the URL given; follows <a href> links from each page validated (not rel="nofollow" ones, none of
a page whose meta robots says nofollow), breadth first; keeps pages of the start URL's origin, under its
folder (a start at https://shop.example/products/ crawls /products/ only), that robots.txt allows;
validates each one. Every fetch goes through the guarded fetcher; each page is fetched once.

Options:
      --discover <how>   both (default: sitemaps and links), sitemap (the sitemaps' pages only) or links
                         (the start page and the pages its links reach)
      --max-depth <n>    clicks from a start page (the start URL, and the sitemaps' pages) a link is
                         followed to (default ${DEFAULT_MAX_DEPTH}; 0 follows none)
      --max-pages <n>    pages at most (default 500)
      --urls-file <file> list mode: validate exactly the URLs of the file (one a line; # comments), no
                         discovery; robots.txt still decides
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
  -f, --format <f>       text (default: pages, then summaries by template, by type and by page), json
                         (with templates), sarif, junit, github, csv, or html (the --report page)
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

Reports group pages by URL template (/products/*, /blog/*/*: see docs/crawl.md).

Exit codes: 0 passed; 1 issues that --fail-on counts, pages that failed, or a score under --min-score;
2 no page found to validate (robots.txt, the sitemaps and the start page gave none) or bad usage. Pages without structured
data are listed and do not fail the run.`;

interface CrawlOptions {
  /** The start URL; in list mode, the first listed one. */
  start: string;
  discover: DiscoverMode;
  maxDepth: number;
  /** List mode (--urls-file): exactly these URLs. */
  urls: string[] | undefined;
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
  format: CrawlFormat;
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
      "max-depth": { type: "string" },
      discover: { type: "string" },
      "urls-file": { type: "string" },
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
  const urls = values["urls-file"] === undefined ? undefined : readUrlsFile(values["urls-file"]);
  if (urls === undefined && positionals.length !== 1) throw new UsageError("give one site or sitemap URL");
  if (urls !== undefined && positionals.length !== 0) throw new UsageError("--urls-file lists the pages: give no site URL with it");
  const start = urls?.[0] ?? positionals[0];
  if (!/^https?:\/\//i.test(start) || !canParseUrl(start)) throw new UsageError(`not an http(s) URL: ${start}`);
  const discover = (values.discover ?? "both") as DiscoverMode;
  if (!DISCOVER_MODES.includes(discover)) throw new UsageError(`--discover takes one of ${DISCOVER_MODES.join(", ")}`);
  const format = (values.json ? "json" : (values.format ?? "text")) as CrawlFormat;
  if (!CRAWL_FORMATS.includes(format)) throw new UsageError(`--format takes one of ${CRAWL_FORMATS.join(", ")}`);
  if (values.quiet && format !== "text") throw new UsageError(`--quiet shortens the text report; --format ${format} has no quiet form`);
  const failOn = values["fail-on"] as FailOn | undefined;
  if (failOn !== undefined && !FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on takes one of ${FAIL_ON.join(", ")}`);
  if (values.profile !== undefined && !isProfile(values.profile)) throw new UsageError(`--profile takes one of ${PROFILES.join(", ")}`);
  const userAgent = checkUserAgent(values["user-agent"]);
  return {
    start,
    discover,
    maxDepth: values["max-depth"] === undefined ? DEFAULT_MAX_DEPTH : wholeNumber("--max-depth", values["max-depth"], 0, 1000),
    urls,
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

  const [{ discover, CRAWL_PAGE_FETCH }, { pacer }, { progressBar }, { crawlLinks }, { FetchError }] = await Promise.all([
    import("../fetch/site/discover.ts"),
    import("../fetch/site/pacer.ts"),
    import("./crawl/progress.ts"),
    import("../fetch/site/link-crawl.ts"),
    import("../fetch/guarded-fetch.ts"),
  ]);
  let pace = pacer(options.delayMs);
  let discovery;
  try {
    discovery = options.urls
      ? await listed(options.urls, (origin) => discover(`${origin}/`, { maxPages: options.maxPages, fetchOptions, beforeFetch: () => pace(), mode: "links" }), options.maxPages, keep)
      : await discover(options.start, {
          maxPages: options.maxPages,
          fetchOptions,
          beforeFetch: () => pace(),
          keep,
          mode: options.discover,
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
    console.error(`sdv crawl: no page to validate (sitemaps: ${why || "none"}; skipped ${discovery.skipped.length + discovery.skippedNotListed})`);
    console.error(`sdv: exit 2: no page found to validate on ${discovery.origin}`);
    return 2;
  }

  const followLinks = options.urls === undefined && options.discover !== "sitemap";
  const progress = progressBar(discovery.pages.length);
  let crawl;
  try {
    crawl = await crawlLinks({
      seeds: discovery.pages,
      followLinks,
      maxPages: options.maxPages,
      maxDepth: options.maxDepth,
      concurrency: options.concurrency,
      scope: discovery.scope,
      robotsRefusal: discovery.robotsRefusal,
      keep,
      onFound: (n) => progress.grow(n),
      visit: async (url) => {
        let finalUrl = url;
        const outcome = await validatePage(
          url,
          {
            allowHosts: options.allowHosts,
            render: options.render,
            runFor: (page) => ({ profile, overrides: policy.overridesFor(page) }),
            retries: options.retries,
            beforeFetch: () => pace(),
            onRetry: (page, waitMs, status) => progress.note(`${page} answered ${status}: trying again in ${Math.ceil(waitMs / 1000)} s`),
            onFetched: (served) => (finalUrl = served),
          },
          { ...CRAWL_PAGE_FETCH, ...fetchOptions },
        );
        progress.tick(url, !outcome.failure || outcome.failure.code === "no_jsonld_found");
        return { outcome, html: outcome.text, finalUrl };
      },
    });
  } finally {
    if (options.render) await (await import("../fetch/render/shared-renderer.ts")).closeSharedRenderer();
  }
  progress.done();
  const outcomes: Outcome[] = crawl.pages.map((p) => p.result.outcome);
  discovery.skipped.push(...crawl.skipped);
  // A page that redirected to another site was not fetched there: skipped, not failed.
  for (let i = outcomes.length - 1; i >= 0; i--) {
    if (outcomes[i].failure?.code !== "redirected_off_site") continue;
    discovery.skipped.push({ url: outcomes[i].source, reason: "redirected off-site" });
    outcomes.splice(i, 1);
  }
  // No sitemap listed a page and the start URL itself could not be read (a 404, an error): no page was
  // found to validate, as when discovery finds none (docs/crawl.md).
  const listedBySitemap = discovery.sitemaps.some((s) => s.pages > 0);
  if (options.urls === undefined && !listedBySitemap && outcomes.length > 0 && outcomes.every((o) => o.failure !== undefined && o.failure.code !== "no_jsonld_found")) {
    for (const o of outcomes) console.error(`sdv crawl: ${o.source}: ${o.failure!.message}`);
    console.error(`sdv: exit 2: no page found to validate on ${discovery.origin} (no sitemap lists a page, and the start URL could not be read)`);
    return 2;
  }
  checkExpectations(outcomes, policy);
  const baseline = await baselineFromFlag(options.baseline, outcomes);
  if (baseline === "unreadable") return 2;

  const verdict = decideExit(outcomes, { failOn, minScore, failuresAreFatal: false, baseline: baseline !== undefined });
  const [{ crawlSnapshots, crawlTemplates, templatesText }, { featureReport }] = await Promise.all([import("./crawl/templates.ts"), import("../runtime/diff/feature-report.ts")]);
  const snapshots = crawlSnapshots(outcomes);
  const templates = crawlTemplates(snapshots);
  const features = featureReport([{ run: "crawl", snapshots }]);
  const html = async () => (await import("./crawl/html-report.ts")).htmlReport(discovery.origin, outcomes, discovery.skipped, verdict, new Date().toISOString(), templates, features);
  if (options.format === "html") {
    // The crawl's own format: the HTML report on standard output (or -o), the verdict on standard error.
    try {
      if (options.output) writeFileSync(options.output, await html());
      else process.stdout.write(await html());
    } catch (err) {
      console.error(`sdv: exit 2: cannot write the HTML report to ${options.output}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      return 2;
    }
    console.error(`sdv: ${verdict.reason}`);
    return verdict.code;
  }
  if (options.report) {
    try {
      writeFileSync(options.report, await html());
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
    appendix: `${templatesText(templates)}\n\n${summaryText(outcomes, discovery.skipped, discovery.skippedNotListed)}`,
    jsonExtra: { templates },
    baseline,
    profile,
    quiet: options.quiet,
    minScore,
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

/** List mode: each listed URL's origin gives its robots.txt (read once per origin); the URLs it allows are the pages. */
async function listed(
  urls: string[],
  robotsOf: (origin: string) => Promise<import("../fetch/site/discover.ts").Discovery>,
  maxPages: number,
  keep: ((url: string) => boolean) | undefined,
): Promise<import("../fetch/site/discover.ts").Discovery> {
  const byOrigin = new Map<string, import("../fetch/site/discover.ts").Discovery>();
  const first = await robotsOf(new URL(urls[0]).origin);
  byOrigin.set(first.origin, first);
  const pages: string[] = [];
  const skipped: import("../fetch/site/discover.ts").Skipped[] = [];
  let delay = first.crawlDelaySeconds;
  for (const url of urls) {
    const origin = new URL(url).origin;
    let site = byOrigin.get(origin);
    if (!site) {
      site = await robotsOf(origin);
      byOrigin.set(origin, site);
      if (site.crawlDelaySeconds !== undefined) delay = Math.max(delay ?? 0, site.crawlDelaySeconds);
    }
    const refused = site.robotsRefusal(url);
    if (refused) skipped.push({ url, reason: refused });
    else if (keep && !keep(url)) skipped.push({ url, reason: "not in --include / in --exclude" });
    else if (pages.length >= maxPages) skipped.push({ url, reason: "over --max-pages" });
    else pages.push(url);
  }
  return { ...first, pages, skipped, sitemaps: [], lastmod: {}, crawlDelaySeconds: delay };
}
