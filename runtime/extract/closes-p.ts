/**
 * Start tags that close an open `<p>` (HTML's "close a p element" step of the tree builder): the item
 * tree (html-items.ts) ends a paragraph there, and so does the visible text a hidden one.
 */
export const CLOSES_P: ReadonlySet<string> = new Set([
  "address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form",
  "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section", "table", "ul", "li", "dd", "dt",
]);
