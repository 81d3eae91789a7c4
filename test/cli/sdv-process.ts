/** Run the `sdv` command from the sources as a user would, in a child process. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
/** tsx's loader by URL, so the command also runs from another working directory. */
export const tsxLoader = import.meta.resolve("tsx");

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

export function sdv(args: string[], options: { input?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    // uvu sets FORCE_COLOR for itself; reports are compared without colour unless a test asks for it.
    const { FORCE_COLOR: _ignored, ...inherited } = process.env;
    const child = spawn(process.execPath, ["--import", tsxLoader, `${repoRoot}cli/sdv.ts`, ...args], {
      cwd: options.cwd ?? repoRoot,
      env: { ...inherited, NO_COLOR: "1", ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
