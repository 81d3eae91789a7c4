/**
 * The sdv command line the Action's inputs stand for. `args` come last, so that what they say wins over
 * the inputs (parseArgs keeps the last value of a flag given twice); `--format sarif --output` come after
 * them: the annotations and the outputs are read from that report.
 */
import { shellWords } from "./shell-words.ts";
import { isTrue, type Inputs } from "./inputs.ts";

export class InputError extends Error {}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export function sdvArgs(inputs: Inputs): string[] {
  const command = inputs.command;
  if (command !== "validate" && command !== "crawl") throw new InputError(`command takes validate or crawl (got ${JSON.stringify(command)})`);
  const targets = shellWords(inputs.inputs);
  if (targets.length === 0) throw new InputError(command === "crawl" ? "inputs: give the site or sitemap URL" : "inputs: give at least one file, folder, glob or URL");
  const args = [command, ...targets];
  for (const host of inputs["allow-host"].split(/[\s,]+/).filter(Boolean)) args.push("--allow-host", host);
  if (command === "crawl") args.push("--max-pages", inputs["max-pages"]);
  if (inputs.profile) args.push("--profile", inputs.profile);
  if (inputs.config) args.push("--config", inputs.config);
  if (inputs.baseline) args.push("--baseline", inputs.baseline);
  // One header a line: its value may hold spaces and colons ("Authorization: Basic ...").
  for (const header of lines(inputs.header)) args.push("--header", header);
  if (inputs["user-agent"]) args.push("--user-agent", inputs["user-agent"]);
  args.push("--min-score", inputs["min-score"], "--fail-on", inputs["fail-on"]);
  const extra = shellWords(inputs.args);
  const owned = extra.find((a) => /^(-f|-o|--format|--output|--json)(=|$)/.test(a));
  if (owned) throw new InputError(`args: ${owned} is the action's own (it writes SARIF to the sarif-file input); give sarif-file instead`);
  args.push(...extra);
  args.push("--format", "sarif", "--output", inputs["sarif-file"]);
  return args;
}

export const wantsSummary = (inputs: Inputs): boolean => isTrue(inputs["step-summary"]);
