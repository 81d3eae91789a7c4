/** `sdv validate`: exit 0 clean, 1 errors or a score under --min-score, 2 unusable input. */
import { validateHtml, validateJsonText } from "../runtime/validate.ts";
import { API_VERSION, toValidationResponse } from "../runtime/report.ts";
import { readInput, InputError } from "./read-input.ts";
import { noStructuredDataMessage } from "../runtime/extract/unreadable-markup.ts";
import { formatReport } from "./format-report.ts";

export async function runValidate(args: string[]): Promise<number> {
  let json = false;
  let minScore = 0;
  let source: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--json") json = true;
    else if (arg === "--min-score") {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 0 || value > 100) {
        console.error("sdv: --min-score takes a whole number from 0 to 100");
        return 2;
      }
      minScore = value;
    } else if (arg.startsWith("--min-score=")) {
      const value = Number(arg.slice("--min-score=".length));
      if (!Number.isInteger(value) || value < 0 || value > 100) {
        console.error("sdv: --min-score takes a whole number from 0 to 100");
        return 2;
      }
      minScore = value;
    } else if (arg.startsWith("--") ) {
      console.error(`sdv: unknown option ${arg}`);
      return 2;
    } else if (source === undefined) source = arg;
    else {
      console.error("sdv: validate takes one input");
      return 2;
    }
  }
  if (source === undefined) {
    console.error("sdv: validate needs an input: a file, - for standard input, or a URL");
    return 2;
  }

  const started = process.hrtime.bigint();
  let input;
  try {
    input = await readInput(source);
  } catch (err) {
    if (err instanceof InputError) {
      console.error(`sdv: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const result = input.kind === "html" ? validateHtml(input.text, input.url ?? null) : validateJsonText(input.text);
  if (result.blocks_found === 0 || result.schemas.length === 0 && result.blocks_unparsable === 0) {
    console.error(`sdv: ${input.url ?? source}: ${noStructuredDataMessage(input.kind === "html" ? input.text : null)}`);
    return 2;
  }
  const response = toValidationResponse(
    result,
    {
      api_version: API_VERSION,
      validated_at: new Date().toISOString(),
      cached: false,
      credits_used: 0,
      response_time_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
    },
    input.url,
  );
  console.log(json ? JSON.stringify(response, null, 2) : formatReport(response, source));
  return response.summary.total_errors === 0 && response.summary.score >= minScore ? 0 : 1;
}
