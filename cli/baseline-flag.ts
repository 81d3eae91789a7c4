/** `--baseline FILE` for validate and crawl: read once the outcomes are in, loaded only when the flag is given. */
import type { Outcome } from "./outcome.ts";

export type AppliedBaseline = ReturnType<typeof import("./baseline.ts").applyBaseline>;

/** The baseline applied to `outcomes`; undefined without the flag; "unreadable" after saying why on stderr (exit 2). */
export async function baselineFromFlag(path: string | undefined, outcomes: Outcome[]): Promise<AppliedBaseline | undefined | "unreadable"> {
  if (path === undefined) return undefined;
  const [{ applyBaseline }, { ReportFileError }] = await Promise.all([import("./baseline.ts"), import("./report-file.ts")]);
  try {
    return applyBaseline(path, outcomes);
  } catch (err) {
    if (!(err instanceof ReportFileError)) throw err;
    console.error(`sdv: exit 2: --baseline: ${err.message}`);
    return "unreadable";
  }
}
