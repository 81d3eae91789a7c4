/**
 * `upload-sarif: true`: the report sent to code scanning through the REST API, as
 * github/codeql-action/upload-sarif does (a JavaScript action cannot run another action): gzipped and
 * base64-encoded, for the run's commit and ref, under the category "sdv". Needs the `token` input's
 * `security-events: write`.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

export interface UploadTarget {
  apiUrl: string;
  repository: string;
  sha: string;
  ref: string;
  token: string;
  workspace: string;
}

export function uploadTarget(env: NodeJS.ProcessEnv, token: string): UploadTarget | string {
  const missing = ["GITHUB_REPOSITORY", "GITHUB_SHA", "GITHUB_REF"].filter((k) => !env[k]);
  if (missing.length) return `upload-sarif: ${missing.join(", ")} not set (not on a GitHub runner?)`;
  if (!token) return "upload-sarif: no token (the token input is empty)";
  return {
    apiUrl: (env.GITHUB_API_URL ?? "https://api.github.com").replace(/\/$/, ""),
    repository: env.GITHUB_REPOSITORY!,
    sha: env.GITHUB_SHA!,
    ref: env.GITHUB_REF!,
    token,
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
  };
}

/** The SARIF with the category code scanning groups its alerts by (a second upload of "sdv" replaces the first). */
function categorized(text: string): string {
  const log = JSON.parse(text) as { runs?: Array<{ automationDetails?: { id?: string } }> };
  for (const run of log.runs ?? []) run.automationDetails ??= { id: "sdv/" };
  return JSON.stringify(log);
}

/** Returns the upload's id, or throws with the API's answer. */
export async function uploadSarif(path: string, target: UploadTarget): Promise<string> {
  const sarif = gzipSync(categorized(readFileSync(path, "utf8"))).toString("base64");
  const response = await fetch(`${target.apiUrl}/repos/${target.repository}/code-scanning/sarifs`, {
    method: "POST",
    headers: { accept: "application/vnd.github+json", authorization: `Bearer ${target.token}`, "content-type": "application/json", "x-github-api-version": "2022-11-28", "user-agent": "sdv-action" },
    body: JSON.stringify({ commit_sha: target.sha, ref: target.ref, sarif, tool_name: "sdv", checkout_uri: `file://${target.workspace}` }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`code scanning answered ${response.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { id?: string }).id ?? "";
}
