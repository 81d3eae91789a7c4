/**
 * The header every built page shares, put in place of `<!--site-header-->` at build time (one copy
 * instead of one per page). The link to the page's own section carries aria-current.
 */
const LINKS: ReadonlyArray<readonly [href: string, text: string]> = [
  ["/", "Playground"],
  ["/rules", "Rules"],
  ["/dashboard", "Dashboard"],
  ["/docs", "API"],
];

/** `pagePath`: the page's HTML file as Vite names it, e.g. "/index.html" or "/dashboard/upgrade/index.html". */
export function siteHeader(pagePath: string): string {
  const section = pagePath.startsWith("/dashboard/") ? "/dashboard" : "/";
  const items = LINKS.map(([href, text]) => `          <li><a href="${href}"${href === section ? ' aria-current="page"' : ""}>${text}</a></li>`);
  return [
    '<header class="site-header">',
    '      <a class="brand" href="/">sdv</a>',
    '      <nav aria-label="Main">',
    "        <ul>",
    ...items,
    "        </ul>",
    "      </nav>",
    "    </header>",
  ].join("\n");
}
