/** Where the CLI's input comes from: a file, standard input or a URL (through the guarded fetcher). */
import { readFile } from "node:fs/promises";
import { fetchPage, FetchError } from "../api/fetch/guarded-fetch.ts";

export interface Input {
  text: string;
  kind: "html" | "json";
  /** Present for URL input. */
  url?: string;
}

export class InputError extends Error {}

const looksLikeJson = (text: string): boolean => {
  const first = text.trimStart().charAt(0);
  return first === "{" || first === "[";
};

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function allowedPrivateHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.FETCH_ALLOWED_PRIVATE_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
}

export async function readInput(source: string): Promise<Input> {
  if (/^https?:\/\//i.test(source)) {
    try {
      const page = await fetchPage(source, { allowPrivateHosts: allowedPrivateHosts() });
      return { text: page.body, kind: "html", url: page.finalUrl };
    } catch (err) {
      if (err instanceof FetchError) throw new InputError(`${err.code}: ${err.message}`);
      throw err;
    }
  }
  let text: string;
  try {
    text = source === "-" ? await readStdin() : await readFile(source, "utf8");
  } catch (err) {
    throw new InputError(`cannot read ${source === "-" ? "standard input" : source}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lower = source.toLowerCase();
  const kind = lower.endsWith(".json") || lower.endsWith(".jsonld") ? "json" : lower.endsWith(".html") || lower.endsWith(".htm") ? "html" : looksLikeJson(text) ? "json" : "html";
  return { text, kind };
}
