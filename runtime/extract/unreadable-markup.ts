/**
 * The message for a page where sdv found no JSON-LD, Microdata or RDFa: it names the three syntaxes
 * and, when the page carries markup of a kind sdv does not read, says which, so "nothing found" on
 * a page full of Open Graph tags is not mistaken for a bug. Runs only on that failure path.
 */
// Inside a tag: [^<>]*, not [^>]*, which on a page of "<meta" without a ">" reads the rest of the page
// from each one (25 s for 320,000 characters; an audit runs this on its main thread).
const OPEN_GRAPH = /<meta\b[^<>]*\bproperty\s*=\s*["']?og:/i;
const TWITTER_CARD = /<meta\b[^<>]*\bname\s*=\s*["']?twitter:/i;
const MICROFORMATS2 = /\bclass\s*=\s*["'][^"']*\bh-(?:card|entry|event|product|recipe|review|resume|adr|geo|feed|item|listing)\b/i;
const MICROFORMATS1 = /\bclass\s*=\s*["'][^"']*\b(?:vcard|hentry|hrecipe|hreview|hproduct|vevent|hcalendar)\b/i;
const UNTYPED_ITEMS = /[\s"'/]itemscope\b/i;
const OTHER_RDFA = /[\s"'/]typeof\s*=/i;

const SCRIPT_TAG = /<script\b([^<>]*)>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*["']?([^"'\s>]*)/i;
const RUNNING_TYPE = /^(?:(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|module)?$/i;

/** A script element the browser runs (no type, a JavaScript type or module): not JSON-LD, not a template. */
function loadsScripts(html: string): boolean {
  SCRIPT_TAG.lastIndex = 0;
  for (let m = SCRIPT_TAG.exec(html); m !== null; m = SCRIPT_TAG.exec(html)) {
    const type = TYPE_ATTRIBUTE.exec(m[1])?.[1] ?? "";
    if (RUNNING_TYPE.test(type.trim())) return true;
  }
  return false;
}

/**
 * `rendered`: the HTML is the page after its scripts ran; otherwise, a page that loads scripts gets a hint
 * that they may add the markup (validate it rendered).
 */
export function noStructuredDataMessage(html: string | null, options: { rendered?: boolean } = {}): string {
  const base = options.rendered
    ? "The page holds no structured data sdv reads, even after its scripts ran: no JSON-LD (<script type=\"application/ld+json\">), no Microdata (itemscope with itemtype) and no RDFa (typeof)."
    : "The page holds no structured data sdv reads: no JSON-LD (<script type=\"application/ld+json\">), no Microdata (itemscope with itemtype) and no RDFa (typeof).";
  if (html === null) return base;
  const hint = !options.rendered && loadsScripts(html)
    ? " It loads scripts, which may add structured data as the page renders (tag managers, shop apps, React or Vue components): validate it rendered, with render=true in the API or --render in the CLI."
    : "";
  return withMarkupNote(base, html) + hint;
}

function withMarkupNote(base: string, html: string): string {
  const found: string[] = [];
  if (OPEN_GRAPH.test(html)) found.push("Open Graph meta tags (og:)");
  if (TWITTER_CARD.test(html)) found.push("Twitter card meta tags");
  if (MICROFORMATS2.test(html) || MICROFORMATS1.test(html)) found.push("microformats classes (h-card, h-entry, ...)");
  if (UNTYPED_ITEMS.test(html)) found.push("Microdata items without an itemtype");
  if (OTHER_RDFA.test(html)) found.push("RDFa types outside Schema.org (FOAF, SIOC, SKOS, ...)");
  if (found.length === 0) return base;
  return `${base} It carries ${found.join(", ")}, which sdv does not validate: the search engine's rich results need Schema.org markup.`;
}
