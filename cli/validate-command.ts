/** `sdv validate`: many inputs in one process, six output formats, an exit code that says why. */
import { parseArgs } from "node:util";
import { collectInputs, type Source } from "./collect-inputs.ts";
import { allowedPrivateHosts, readAndValidate, type ReadOptions } from "./read-input.ts";
import type { Outcome } from "./outcome.ts";
import { decideExit, FAIL_ON, type FailOn } from "./exit-policy.ts";
import { renderReport, FORMATS, type Format } from "./render.ts";
import { optionsOrExit, UsageError, wholeNumber } from "./usage.ts";
import { isProfile, PROFILES, type Profile } from "../runtime/options/profile.ts";
import { runSettings } from "./config/run-settings.ts";
import { parseExpectFlag } from "./config/project-policy.ts";
import { baselineFromFlag } from "./baseline-flag.ts";
import { checkExpectations } from "./config/apply-policy.ts";
import { checkUserAgent, parseHeaders } from "./request-headers.ts";

export const VALIDATE_HELP = `usage: sdv validate <input>... [options]

Inputs (any number, in one process): files (.json/.jsonld = JSON-LD, .html/.htm = pages), directories
(walked for .html, .htm, .jsonld, and .json files that hold JSON-LD: a site's package.json, config or
web manifest is not read), globs (the same rule), - for standard input, and
http(s) URLs (fetched through the guarded fetcher). Pages without structured data are listed ("no
structured data") and do not fail the run, unless --require-markup or an expectation applies to them;
one input named alone without structured data is exit 2.

Options:
  -f, --format <f>      text (default), json, sarif, junit, github (Actions annotations) or csv
      --json            the same as --format json
  -o, --output <file>   write the report to a file instead of standard output
  -q, --quiet           text: one line per error (file:line:col code property message), then the exit line
      --min-score <n>   fail (exit 1) when an input scores below n (0-100; default 0)
      --fail-on <what>  error (default), warning or never: which issues fail the run (exit 1)
      --profile <p>     google (default: what the search engine's own test accepts: a date-only
                        startDate, JSON-LD comments) or spec (the service spec's
                        rules, the HTTP API's default); every report says which one ran
      --config <file>   the config file (default: sdv.config.json, .sdvrc.json or package.json's "sdv"
                        key, found from the working directory upwards); see docs/cli-config.md in
                        sdv's repository
      --expect <g=T>    pages matching the glob must carry the type, e.g. "public/p/**=Product" or
                        "public/p/**=Product[merchant-listing]" (repeatable; error expectation-not-met)
      --require-markup  a page without structured data fails the run (exit 2)
      --baseline <file> a previous --format json report: only issues not in it count for the exit code;
                        the report lists new and fixed issues and per-feature eligibility changes
      --allow-host <h>  let URLs reach this private or local host or host:port (repeatable; also the
                        FETCH_ALLOWED_PRIVATE_HOSTS setting), e.g. --allow-host 127.0.0.1:8080
      --header <h>      send this "Name: value" header with every URL's request (repeatable; a staging
                        site's credentials)
      --user-agent <ua> the User-Agent header of the URLs' requests
      --concurrency <n> URLs fetched at once (default 4)
      --render          validate URLs after their JavaScript ran (headless Chromium: CHROMIUM_PATH or a
                        system chromium), each node marked in-html, added-by-javascript or
                        changed-by-javascript against the raw HTML; every request under the same rules
  -h, --help            this help

Exit codes: 0 passed; 1 issues that --fail-on counts, an expectation not met, or a score under
--min-score; 2 an input could not be validated (unreadable, fetch refused or failed; no structured
data when named alone or with --require-markup), a bad config or bad usage. The last line (standard
error for json, sarif, junit, github and csv) says why. With GITHUB_STEP_SUMMARY set, a Markdown
summary is appended to that file.`;

export async function runValidate(args: string[]): Promise<number> {
  const options = optionsOrExit("validate", VALIDATE_HELP, () => parseValidateArgs(args));
  if (typeof options === "number") return options;
  const settings = await runSettings(options);
  if (settings === 2) return 2;
  const { config, profile, failOn, minScore, policy } = settings;

  const sources = await collectInputs(options.inputs);
  const read: ReadOptions = {
    allowHosts: options.allowHosts,
    render: options.render,
    fetch: { headers: options.headers, ...(options.userAgent ? { userAgent: options.userAgent } : {}) },
    runFor: (page) => ({ profile, overrides: policy.overridesFor(page) }),
  };
  let outcomes: Outcome[];
  try {
    outcomes = await validateAll(sources, read, options.concurrency);
  } finally {
    if (options.render) await (await import("../fetch/render/shared-renderer.ts")).closeSharedRenderer();
  }
  checkExpectations(outcomes, policy);
  const baseline = await baselineFromFlag(options.baseline, outcomes);
  if (baseline === "unreadable") return 2;
  // One input named alone: a page without structured data is exit 2 (a folder lists such pages and goes on).
  const only = sources[0];
  const single = options.inputs.length === 1 && sources.length === 1 && (only.kind !== "file" || only.path === options.inputs[0]);
  const noMarkupFails = single || options.requireMarkup || config.requireMarkup === true;
  const verdict = decideExit(outcomes, {
    failOn,
    minScore,
    failuresAreFatal: true,
    noMarkupFails,
    baseline: baseline !== undefined,
  });
  const written = await renderReport({ outcomes, verdict, format: options.format, output: options.output, failOn, baseline, profile, quiet: options.quiet, minScore, noMarkupFails });
  if (process.env.GITHUB_STEP_SUMMARY) await (await import("./step-summary.ts")).writeStepSummary({ command: "validate", outcomes, verdict, baseline, profile });
  return written ? verdict.code : 2;
}

interface ValidateOptions {
  inputs: string[];
  format: Format;
  quiet: boolean;
  output: string | undefined;
  minScore: number | undefined;
  failOn: FailOn | undefined;
  profile: Profile | undefined;
  config: string | undefined;
  expect: Array<{ glob: string; types: string[] }>;
  requireMarkup: boolean;
  baseline: string | undefined;
  allowHosts: string[];
  headers: Record<string, string>;
  userAgent: string | undefined;
  concurrency: number;
  render: boolean;
}

function parseValidateArgs(args: string[]): ValidateOptions | "help" {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string", short: "f" },
      json: { type: "boolean" },
      quiet: { type: "boolean", short: "q" },
      output: { type: "string", short: "o" },
      "min-score": { type: "string" },
      "fail-on": { type: "string" },
      profile: { type: "string" },
      config: { type: "string" },
      expect: { type: "string", multiple: true },
      "require-markup": { type: "boolean" },
      baseline: { type: "string" },
      "allow-host": { type: "string", multiple: true },
      header: { type: "string", multiple: true },
      "user-agent": { type: "string" },
      concurrency: { type: "string" },
      render: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("give at least one input: a file, a directory, a glob, - or a URL");
  const format = (values.json ? "json" : (values.format ?? "text")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format takes one of ${FORMATS.join(", ")}`);
  if (values.quiet && format !== "text") throw new UsageError(`--quiet shortens the text report; --format ${format} has no quiet form`);
  const failOn = values["fail-on"] as FailOn | undefined;
  if (failOn !== undefined && !FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on takes one of ${FAIL_ON.join(", ")}`);
  if (values.profile !== undefined && !isProfile(values.profile)) throw new UsageError(`--profile takes one of ${PROFILES.join(", ")}`);
  return {
    inputs: positionals,
    format,
    quiet: values.quiet === true,
    output: values.output,
    minScore: values["min-score"] === undefined ? undefined : wholeNumber("--min-score", values["min-score"], 0, 100),
    failOn,
    profile: values.profile as Profile | undefined,
    config: values.config,
    expect: (values.expect ?? []).map(parseExpectFlag),
    requireMarkup: values["require-markup"] === true,
    baseline: values.baseline,
    allowHosts: [...allowedPrivateHosts(), ...(values["allow-host"] ?? [])],
    headers: parseHeaders(values.header ?? []),
    userAgent: checkUserAgent(values["user-agent"]),
    concurrency: values.concurrency === undefined ? 4 : wholeNumber("--concurrency", values.concurrency, 1, 64),
    render: values.render === true,
  };
}

/** Files one after another (validation is CPU work); URLs `concurrency` at a time. Results in input order. */
async function validateAll(sources: Source[], read: ReadOptions, concurrency: number): Promise<Outcome[]> {
  const outcomes: Array<Promise<Outcome>> = [];
  const urls = sources.filter((s) => s.kind === "url");
  const limit: (fn: () => Promise<Outcome>) => Promise<Outcome> =
    urls.length > 1 ? (await import("p-limit")).default(concurrency) : (fn) => fn();
  for (const source of sources) {
    if (source.kind === "url") outcomes.push(limit(() => readAndValidate(source, read)));
    else outcomes.push(Promise.resolve(await readAndValidate(source, read)));
  }
  return Promise.all(outcomes);
}
