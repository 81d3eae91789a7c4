/**
 * What a Markdown file links to and which anchors it offers, read the way GitHub renders it: links in
 * fenced code and inline code are text, not links; a heading's anchor is GitHub's slug of its rendered
 * text (lower case, punctuation dropped, spaces to hyphens, a repeated slug numbered -1, -2, ...), and
 * an HTML element's `id` or `name` is an anchor too.
 */

export interface MarkdownLink {
  /** The link's target as written: a path, a path with `#anchor`, or `#anchor` alone. */
  target: string;
  line: number;
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(markdown: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let fence: string | null = null;
  markdown.split("\n").forEach((text, i) => {
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (fence !== null) {
      if (opener !== null && opener[1][0] === fence[0] && opener[1].length >= fence.length && text.trim() === opener[1]) fence = null;
      return;
    }
    if (opener !== null) {
      fence = opener[1];
      return;
    }
    out.push({ text, line: i + 1 });
  });
  return out;
}

const withoutInlineCode = (text: string): string => text.replace(/(`+)[\s\S]*?\1/g, (m) => " ".repeat(m.length));

/** Inline links and images `[text](target "title")`, `<target>` forms, and reference definitions. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = withoutInlineCode(text);
    for (const m of prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1].replace(/^<|>$/g, ""), line });
    const definition = /^ {0,3}\[[^\]]+\]:\s*(\S+)/.exec(prose);
    if (definition !== null) links.push({ target: definition[1].replace(/^<|>$/g, ""), line });
  }
  return links;
}

/** True for targets that leave the repository: a URL scheme (`https:`, `mailto:`) or a network path. */
export const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** GitHub's slug of a heading's text (github-slugger's rules, ASCII and Unicode letters kept). */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text GitHub renders for a heading's Markdown: links become their text, code and emphasis marks go. */
function renderedText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|\W)[*_](.+?)[*_](?=\W|$)/g, "$1$2")
    .trim();
}

/** Every anchor a file offers: its headings' slugs (numbered as GitHub numbers repeats) and HTML ids and names. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading !== null) {
      const base = githubSlug(renderedText(heading[1]));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const m of withoutInlineCode(text).matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) anchors.add(m[1]);
  }
  return anchors;
}
