/** `sdv validate`: many inputs in one process, five output formats, an exit code that says why. */
import { parseArgs } from "node:util";
import { collectInputs, type Source } from "./collect-inputs.ts";
import { allowedPrivateHosts, readAndValidate } from "./read-input.ts";
import type { Outcome } from "./outcome.ts";
import { decideExit, FAIL_ON, type FailOn } from "./exit-policy.ts";
import { renderReport, FORMATS, type Format } from "./render.ts";
import { optionsOrExit, UsageError, wholeNumber } from "./usage.ts";

export const VALIDATE_HELP = `usage: sdv validate <input>... [options]

Inputs (any number, in one process): files (.json/.jsonld = JSON-LD, .html/.htm = pages), directories
(walked for those extensions), globs ("pages/**/*.html", quoted or not), - for standard input, and
http(s) URLs (fetched through the guarded fetcher).

Options:
  -f, --format <f>      text (default), json, sarif, junit or github (Actions annotations)
      --json            the same as --format json
  -o, --output <file>   write the report to a file instead of standard output
      --min-score <n>   fail (exit 1) when an input scores below n (0-100; default 0)
      --fail-on <what>  error (default), warning or never: which issues fail the run (exit 1)
      --allow-host <h>  let URLs reach this private or local host or host:port (repeatable; also the
                        FETCH_ALLOWED_PRIVATE_HOSTS setting), e.g. --allow-host 127.0.0.1:8080
      --concurrency <n> URLs fetched at once (default 4)
  -h, --help            this help

Exit codes: 0 passed; 1 issues that --fail-on counts, or a score under --min-score; 2 an input could not
be validated (unreadable, no JSON-LD, fetch refused or failed) or bad usage. The last line (standard
error for json, sarif, junit and github) says why.`;

export async function runValidate(args: string[]): Promise<number> {
  const options = optionsOrExit("validate", VALIDATE_HELP, () => parseValidateArgs(args));
  if (typeof options === "number") return options;

  const sources = await collectInputs(options.inputs);
  const outcomes = await validateAll(sources, options.allowHosts, options.concurrency);
  // One file, "-" or URL answers with its own ValidationResponse; a directory or a glob with the report.
  const only = sources[0];
  const single = options.inputs.length === 1 && sources.length === 1 && (only.kind !== "file" || only.path === options.inputs[0]);
  const verdict = decideExit(outcomes, { failOn: options.failOn, minScore: options.minScore, failuresAreFatal: true });
  const written = await renderReport({ outcomes, verdict, format: options.format, single, output: options.output, failOn: options.failOn });
  return written ? verdict.code : 2;
}

interface ValidateOptions {
  inputs: string[];
  format: Format;
  output: string | undefined;
  minScore: number;
  failOn: FailOn;
  allowHosts: string[];
  concurrency: number;
}

function parseValidateArgs(args: string[]): ValidateOptions | "help" {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: "string", short: "f" },
      json: { type: "boolean" },
      output: { type: "string", short: "o" },
      "min-score": { type: "string" },
      "fail-on": { type: "string" },
      "allow-host": { type: "string", multiple: true },
      concurrency: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("give at least one input: a file, a directory, a glob, - or a URL");
  const format = (values.json ? "json" : (values.format ?? "text")) as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format takes one of ${FORMATS.join(", ")}`);
  const failOn = (values["fail-on"] ?? "error") as FailOn;
  if (!FAIL_ON.includes(failOn)) throw new UsageError(`--fail-on takes one of ${FAIL_ON.join(", ")}`);
  return {
    inputs: positionals,
    format,
    output: values.output,
    minScore: values["min-score"] === undefined ? 0 : wholeNumber("--min-score", values["min-score"], 0, 100),
    failOn,
    allowHosts: [...allowedPrivateHosts(), ...(values["allow-host"] ?? [])],
    concurrency: values.concurrency === undefined ? 4 : wholeNumber("--concurrency", values.concurrency, 1, 64),
  };
}

/** Files one after another (validation is CPU work); URLs `concurrency` at a time. Results in input order. */
async function validateAll(sources: Source[], allowHosts: string[], concurrency: number): Promise<Outcome[]> {
  const outcomes: Array<Promise<Outcome>> = [];
  const urls = sources.filter((s) => s.kind === "url");
  const limit: (fn: () => Promise<Outcome>) => Promise<Outcome> =
    urls.length > 1 ? (await import("p-limit")).default(concurrency) : (fn) => fn();
  for (const source of sources) {
    if (source.kind === "url") outcomes.push(limit(() => readAndValidate(source, { allowHosts })));
    else outcomes.push(Promise.resolve(await readAndValidate(source, { allowHosts })));
  }
  return Promise.all(outcomes);
}
