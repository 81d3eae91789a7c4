/**
 * A page's main entity written the other way round. Schema.org makes `mainEntityOfPage` the inverse
 * of `mainEntity`, and generators write it so: Yoast's and Rank Math's author pages give a ProfilePage
 * without `mainEntity` and a Person with `"mainEntityOfPage": {"@id": <the page>}`
 * (Yoast/wordpress-seo#21096 added that link for Search Console, which had reported the profile page's
 * missing main entity). A page of the WebPage family without `mainEntity` is read with the node that
 * names it so as its main entity, by reference, as the search engine reads the graph.
 */
import { isObject, type JsonObject } from "../json.ts";
import { copyOf } from "./node-views.ts";
import { typeNames } from "./type-names.ts";
import { subtypes } from "../type-hierarchy.ts";
import { resolveId } from "./resolve-id.ts";

/** Values of one node's mainEntityOfPage read at most: a node is the main entity of a page or two. */
const MAX_PAGES_PER_NODE = 8;

/**
 * `checked` with `mainEntity` as a reference to the node that names it its page, when it is a page
 * without one; `checked` itself otherwise. `index` is built on the first page that asks.
 */
export class MainEntityOfPage {
  private byPage: Map<string, string> | null = null;

  constructor(
    private readonly ids: ReadonlyMap<string, JsonObject>,
    private readonly base: string | null,
  ) {}

  withMainEntity(checked: JsonObject): JsonObject {
    const id = checked["@id"];
    if (typeof id !== "string" || checked.mainEntity !== undefined) return checked;
    const pages = subtypes("WebPage");
    if (!typeNames(checked["@type"]).some((t) => pages.has(t))) return checked;
    const entity = (this.byPage ??= this.index()).get(this.key(id));
    if (entity === undefined || entity === id) return checked;
    const view = copyOf(checked);
    view.mainEntity = { "@id": entity };
    return view;
  }

  private key(id: string): string {
    return this.base === null ? id : (resolveId(id, this.base) ?? id);
  }

  /** Each page @id named by a node's mainEntityOfPage, to the first such node's @id. */
  private index(): Map<string, string> {
    const byPage = new Map<string, string>();
    for (const [id, node] of this.ids) {
      const value = node.mainEntityOfPage;
      if (value === undefined) continue;
      const values = Array.isArray(value) ? value : [value];
      for (let i = 0; i < values.length && i < MAX_PAGES_PER_NODE; i++) {
        const v = values[i];
        const page = typeof v === "string" ? v : isObject(v) && typeof v["@id"] === "string" ? v["@id"] : null;
        if (page === null) continue;
        const key = this.key(page);
        if (!byPage.has(key)) byPage.set(key, id);
      }
    }
    return byPage;
  }
}
