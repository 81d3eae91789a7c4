/**
 * URL templates: the page types a site is built from ("the product page", "the blog post"), read off the
 * URLs alone. Path segments are laid out as a tree; where sibling segments vary among pages sharing the
 * rest of the path, they collapse into "*" and their subtrees merge: /products/kettle and /products/teapot
 * give /products/*, /blog/2024/launch and /blog/2023/recap give /blog/*\/*, the home page is /.
 *
 * Which siblings vary (and which are the site's sections, kept by name):
 * - siblings are compared with those of the same height (the longest path below them), so /about (a page)
 *   and /products (a section) never merge;
 * - siblings of which at least half hold a digit (years, ids, dates) vary;
 * - pages without anything below them vary as soon as two share a parent, except at the top of the site,
 *   where five are needed (/about, /contact are pages of their own; a flat site of 500 posts is not);
 * - sections vary when five or more of the same height share a parent (/users/alice/posts, /users/bob/posts).
 * A trailing slash is kept as an empty last segment and never collapses: /products/ (the listing) stays
 * apart from /products/* (the items). The query string and the fragment are not part of a template.
 *
 * Pure and linear in the number of path segments: runs in the browser and on 100,000 URLs.
 */

/** Sibling sections (or top-level pages) needed before they count as varying. */
const MANY = 5;

interface Item {
  segments: string[];
  index: number;
}

/** The template of each URL (or path), in the order given. */
export function urlTemplates(urls: readonly string[]): string[] {
  const out: string[] = new Array(urls.length).fill("/");
  const items: Item[] = urls.map((url, index) => ({ segments: pathSegments(url), index }));
  assign(items, 0, "", out);
  return out;
}

function pathSegments(url: string): string[] {
  let path = url;
  const scheme = path.indexOf("://");
  if (scheme !== -1) {
    const slash = path.indexOf("/", scheme + 3);
    path = slash === -1 ? "/" : path.slice(slash);
  }
  const cut = path.search(/[?#]/);
  if (cut !== -1) path = path.slice(0, cut);
  const segments = path.split("/").slice(1);
  // "/" is the home page: no segment at all.
  return segments.length === 1 && segments[0] === "" ? [] : segments;
}

function assign(items: Item[], depth: number, prefix: string, out: string[]): void {
  const children = new Map<string, Item[]>();
  for (const item of items) {
    if (item.segments.length === depth) {
      out[item.index] = prefix === "" ? "/" : prefix;
      continue;
    }
    const segment = item.segments[depth]!;
    let list = children.get(segment);
    if (!list) children.set(segment, (list = []));
    list.push(item);
  }
  const byHeight = new Map<number, Array<[string, Item[]]>>();
  for (const entry of children) {
    if (entry[0] === "") {
      assign(entry[1], depth + 1, `${prefix}/`, out);
      continue;
    }
    let height = 0;
    for (const item of entry[1]) height = Math.max(height, item.segments.length - depth - 1);
    let list = byHeight.get(height);
    if (!list) byHeight.set(height, (list = []));
    list.push(entry);
  }
  for (const [height, siblings] of byHeight) {
    if (varies(siblings.map(([segment]) => segment), height, depth)) {
      assign(siblings.flatMap(([, list]) => list), depth + 1, `${prefix}/*`, out);
    } else {
      for (const [segment, list] of siblings) assign(list, depth + 1, `${prefix}/${segment}`, out);
    }
  }
}

function varies(segments: string[], height: number, depth: number): boolean {
  if (segments.length < 2) return false;
  const withDigits = segments.filter((s) => /\d/.test(s)).length;
  if (withDigits * 2 >= segments.length) return true;
  if (height === 0) return depth > 0 || segments.length >= MANY;
  return segments.length >= MANY;
}
