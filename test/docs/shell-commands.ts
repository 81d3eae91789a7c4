/**
 * The shell commands of a Markdown file's ```sh blocks, read as a shell would (continuation lines joined,
 * comments dropped, words split with quoting and `$VAR` expansion), and a `curl` command turned into the
 * HTTP request it sends: enough of both to run a document's walkthrough against the service.
 */

/** The ```sh blocks of the section under `heading` (up to the next heading of the same or a higher level). */
export function shellBlocks(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.replace(/^#+\s*/, "") === heading && /^#+\s/.test(l));
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const level = /^#+/.exec(lines[start])![0].length;
  const blocks: string[] = [];
  let current: string[] | null = null;
  for (const line of lines.slice(start + 1)) {
    if (current === null && new RegExp(`^#{1,${level}}\\s`).test(line)) break;
    if (current === null && /^```sh\s*$/.test(line)) current = [];
    else if (current !== null && /^```\s*$/.test(line)) {
      blocks.push(current.join("\n"));
      current = null;
    } else if (current !== null) current.push(line);
  }
  return blocks;
}

/** One command a line: `\` continuations joined. */
export function commandLines(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/**
 * A command line's words: single quotes keep everything, double quotes expand `$VAR` and honour `\"` and
 * `\\`, bare words expand `$VAR`; a `#` starting a word begins a comment.
 */
export function shellWords(line: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (name: string) => vars[name] ?? "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "#" && word === null) {
      break;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && /["\\$`]/.test(line[i + 1] ?? "")) text += line[++i];
        else if (line[i] === "$") {
          const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(line.slice(i))!;
          text += expand(name[1]);
          i += name[0].length - 1;
        } else text += line[i];
      }
      if (i >= line.length) throw new Error(`unclosed " in: ${line}`);
      word = (word ?? "") + text;
    } else if (c === "$" && /[A-Za-z_{]/.test(line[i + 1] ?? "")) {
      const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/.exec(line.slice(i))!;
      word = (word ?? "") + expand(name[1]);
      i += name[0].length - 1;
    } else if (c === "\\" && i + 1 < line.length) {
      word = (word ?? "") + line[++i];
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request a `curl` command's words send (the options the docs use: -s, -X, -H, -d/--data/--data-binary). */
export function curlRequest(words: string[]): CurlRequest {
  if (words[0] !== "curl") throw new Error(`not a curl command: ${words.join(" ")}`);
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === "-s" || w === "--silent") continue;
    else if (w === "-X" || w === "--request") method = words[++i];
    else if (w === "-H" || w === "--header") {
      const h = words[++i];
      const colon = h.indexOf(":");
      headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (w === "-d" || w === "--data" || w === "--data-binary" || w === "--data-raw") {
      const data = words[++i];
      if (data.startsWith("@") && w !== "--data-raw") throw new Error(`curl reads ${data} from a file: give the data in the command`);
      body = data;
    } else if (w.startsWith("-")) throw new Error(`curl option ${w} is not understood here`);
    else url = w;
  }
  if (url === undefined) throw new Error(`curl without a URL: ${words.join(" ")}`);
  if (body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  return { method: method ?? (body === undefined ? "GET" : "POST"), url, headers, body };
}
