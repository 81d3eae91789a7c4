/**
 * The Action's entry (action.yml: `runs.using: node24`, `main: action/dist/index.mjs`, this file bundled
 * with the CLI by build/bundle-action.ts): the inputs become one sdv command line, run in this process (no
 * install, no child process), SARIF written to `sarif-file`; then the annotations, the step summary, the
 * outputs `exit-code` and `sarif-file`, the upload when asked, and the step's exit code.
 */
import { existsSync, readFileSync, appendFileSync } from "node:fs";
import { readInputs, isTrue, type Inputs } from "./inputs.ts";
import { sdvArgs, InputError, wantsSummary } from "./sdv-args.ts";
import { ShellWordsError } from "./shell-words.ts";
import { setOutput } from "./outputs.ts";
import { annotate, type SarifLog } from "./annotate.ts";
import { packageVersion } from "../../cli/version.ts";

const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const fail = (message: string) => console.log(`::error title=sdv::${escapeData(message)}`);

/** The command line as the log shows it: header values are credentials more often than not. */
function shown(args: string[]): string {
  const out = args.map((a, i) => (args[i - 1] === "--header" ? a.replace(/:.*$/s, ": ***") : a));
  return `sdv ${out.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ")}`;
}

/** `sdv-version` names the sdv the action must be: it is the one bundled at the action's ref (pin the ref to choose it). */
function versionMismatch(inputs: Inputs): string | null {
  const wanted = inputs["sdv-version"].replace(/^v/, "");
  const bundled = packageVersion();
  if (!wanted || wanted === bundled) return null;
  return `sdv-version ${wanted} was asked, but this action carries sdv ${bundled}: the version is chosen by the action's ref (uses: <owner>/sdv@<commit>); see docs/action.md`;
}

async function main(): Promise<number> {
  const inputs = readInputs(process.env);
  const mismatch = versionMismatch(inputs);
  if (mismatch) {
    fail(mismatch);
    return 2;
  }
  let args: string[];
  try {
    args = sdvArgs(inputs);
  } catch (err) {
    if (!(err instanceof InputError || err instanceof ShellWordsError)) throw err;
    fail(err.message);
    return 2;
  }
  for (const header of args.filter((_, i) => args[i - 1] === "--header")) {
    const value = header.replace(/^[^:]*:\s*/, "");
    if (value) console.log(`::add-mask::${escapeData(value)}`);
  }
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (!wantsSummary(inputs)) delete process.env.GITHUB_STEP_SUMMARY;
  console.log(shown(args));
  const [command, ...rest] = args;
  const code =
    command === "crawl" ? await (await import("../../cli/crawl-command.ts")).runCrawl(rest) : await (await import("../../cli/validate-command.ts")).runValidate(rest);

  const sarifPath = inputs["sarif-file"];
  setOutput("exit-code", String(code));
  setOutput("sarif-file", sarifPath);
  const haveSarif = existsSync(sarifPath);
  if (isTrue(inputs.annotations)) {
    if (haveSarif) {
      const { lines, summary } = annotate(JSON.parse(readFileSync(sarifPath, "utf8")) as SarifLog, sarifPath);
      for (const line of lines) console.log(line);
      if (wantsSummary(inputs) && stepSummary) appendFileSync(stepSummary, `${summary}\n`);
    } else console.log("sdv wrote no report to annotate from (see above)");
  }
  if (isTrue(inputs["upload-sarif"]) && haveSarif) {
    const { uploadTarget, uploadSarif } = await import("./upload-sarif.ts");
    const target = uploadTarget(process.env, process.env.INPUT_TOKEN ?? "");
    if (typeof target === "string") {
      fail(target);
      return code === 0 ? 2 : code;
    }
    try {
      console.log(`SARIF uploaded to code scanning (id ${await uploadSarif(sarifPath, target)})`);
    } catch (err) {
      fail(`upload-sarif: ${(err as Error).message}`);
      return code === 0 ? 2 : code;
    }
  }
  if (code !== 0) console.log(`sdv exited ${code} (see the lines above for why)`);
  return code;
}

try {
  process.exitCode = await main();
} catch (err) {
  // A crash is no verdict on the pages: exit 2 (1 would read as "issues found"), with the stack for a bug report.
  fail(`sdv crashed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 2;
}
